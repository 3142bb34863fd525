#!/usr/bin/env bats
# scan: the device entries of real archives, read with libarchive.  Real
# archives come from the real writers, with nodes made by mknod(2) (root);
# hostile ones are built here byte by byte, from the ustar layout.
# needs: mknod (as a normal user, make check runs this file under fakeroot)
load helper

TUPLES="8:1 8:256 1:262144 4095:1048575 259:0"

setup() {
	cd "$BATS_TEST_TMPDIR"
}

need_root() {
	[ "$(id -u)" = 0 ] || skip "mknod(2) needs root, or fakeroot (Debian package fakeroot)"
	mkdir -p n
	for t in $TUPLES; do
		mknod "n/${t/:/_}" c "${t%:*}" "${t#*:}" || fail "mknod $t"
	done
	mknod n/disk b 8 0
}

# zeros N: N NUL bytes
zeros() {
	head -c "$1" /dev/zero
}

# text N TEXT: TEXT in an N-byte field, NUL-padded
text() {
	printf '%s' "$2"
	zeros $(($1 - ${#2}))
}

# header NAME TYPE SIZE MAJOR MINOR [LINK]: one 512-byte ustar header;
# MAJOR and MINOR are printf formats for the 8-byte devmajor and devminor
# fields (offsets 329 and 337), so base-256 bytes can be written; the
# checksum (offset 148) is the sum of the bytes with the field as blanks.
header() {
	{
		text 100 "$1"; text 8 0000644; text 8 0000000; text 8 0000000
		text 12 "$(printf '%011o' "$3")"; text 12 00000000000
		printf '        %s' "$2"
		text 100 "${6:-}"
		text 6 ustar; printf 00
		zeros 64
		printf "$4"; printf "$5"
		zeros 167
	} >h
	printf '%06o\0 ' "$(od -An -tu1 -v h | awk '{ for (i = 1; i <= NF; i++) s += $i } END { print s }')" |
		dd of=h bs=1 seek=148 conv=notrunc 2>/dev/null
	cat h
}

# pax NAME RECORD...: a pax extended header and its data, padded
pax() {
	local name=$1 data="" r len
	shift
	for r in "$@"; do
		len=$((${#r} + 3)) # "N record\n": the count counts its own digits
		while [ $((${#r} + 2 + ${#len})) -ne "$len" ]; do
			len=$((${#r} + 2 + ${#len}))
		done
		data+="$len $r"$'\n'
	done
	header "PaxHeader/$name" x ${#data} '0000000\0' '0000000\0'
	printf '%s' "$data"
	zeros $(((512 - ${#data} % 512) % 512))
}

@test "devnum(1): scan lists each device entry of GNU tar's ustar, gnu and posix" {
	need_root
	need tar tar
	for fmt in ustar gnu posix; do
		tar --format=$fmt -cf a.tar -C n . || fail "tar $fmt"
		run2 devnum scan --format '%p %t %M:%m %{findings}' a.tar
		assert_success
		assert_line "./8_1 char 8:1 "
		assert_line "./8_256 char 8:256 "
		assert_line "./1_262144 char 1:262144 "
		assert_line "./4095_1048575 char 4095:1048575 "
		assert_line "./disk block 8:0 "
		run2 devnum scan --into=cpio-odc --format '%p %{findings}' a.tar
		assert_line "./8_1 "
		assert_line "./8_256 into"
	done
}

@test "scan: bsdtar's pax keeps every tuple; its ustar leaves the large ones out" {
	need_root
	need bsdtar libarchive-tools
	bsdtar --format=pax -cf p.tar -C n .
	run2 devnum scan --format '%p %M:%m %{container}' p.tar
	assert_success
	assert_line "./1_262144 1:262144 pax"
	assert_line "./4095_1048575 4095:1048575 pax"
	bsdtar --format=ustar -cf u.tar -C n . 2>/dev/null
	run2 devnum scan --format '%p' u.tar
	refute_line "./1_262144"
	assert_line "./8_256"
}

@test "scan: GNU cpio's odc and bin show the truncated tuples; newc and crc the true ones" {
	need_root
	need cpio cpio
	for fmt in odc newc crc bin; do
		(cd n && ls | cpio -o -H $fmt >../a.$fmt 2>/dev/null)
	done
	run2 devnum scan --format '%p %M:%m %{container} %r%( [%{findings}]%)' a.odc
	assert_failure 1
	# GNU cpio's truncation leaves no trace, unless it lands on all ones
	assert_line "8_256 8:0 cpio-odc 0x800"
	assert_line "4095_1048575 1023:255 cpio-odc 0x3ffff [saturated]"
	run2 devnum scan --format '%p %n' a.odc
	assert_line "4095_1048575 777777 is 1023:255 or a wider device that bsdtar 3.6.2 saturates or GNU cpio 2.13 cuts to 18 bits"
	run2 devnum scan --format '%p %M:%m' a.bin
	assert_line "259_0 3:0"
	for fmt in newc crc; do
		run2 devnum scan --format '%p %M:%m %{container}' a.$fmt
		assert_success
		assert_line "4095_1048575 4095:1048575 cpio-$fmt"
		assert_line "disk 8:0 cpio-$fmt"
	done
}

@test "scan newc: devnum's own reader names hard links as libarchive does, and says where it breaks" {
	need_root
	need cpio cpio
	need bsdtar libarchive-tools
	mkdir -p h/dev h/d && mknod h/dev/a c 8 1 && ln h/dev/a h/dev/a2 && ln h/dev/a h/d/a3 &&
		mknod h/dev/b b 8 256 && echo x >h/f && ln h/f h/f2
	(cd h && find . | cpio -o -H newc >../h.newc 2>/dev/null && find . | cpio -o -H crc >../h.crc 2>/dev/null)
	bsdtar -cf h.bsd --format=newc -C h .
	for f in h.newc h.crc h.bsd; do
		# libarchive's own listing: "NAME link to TARGET" for the later links
		want=$(bsdtar -tvf "$f" | awk '$1 ~ /^[cbh]/ { t = $NF; if ($(NF-2) == "link") print $(NF-3), $NF;
			else if ($1 ~ /^[cb]/) print $NF, "-" }' | sort)
		got=$(devnum scan --format '%p %(%{link}%|-%)' "$f" | sort)
		assert_equal "$got" "$want"
	done
	[ "$(grep -c ' -$' <<<"$got")" = 2 ] || fail "$got" # a and b: the first of each
	# damage, each said with where it is, the entries before it listed
	head -c 300 h.newc >cut.newc
	run2 devnum scan cut.newc
	assert_failure 2
	[[ ${stderr_lines[0]} =~ ^"devnum: 'cut.newc': after entry "[0-9]+": "(cut short in the (header|name of the header) at byte [0-9]+|the input ends before the header at byte [0-9]+ \(no TRAILER!!!, or the data of the entry before cut short\))$ ]] || fail "$stderr"
	# one entry (a header of 110 bytes, "dev/a" and its NUL, padded to 116),
	# then no header
	python3 -c "import sys; h = b'070701' + b''.join(b'%08X' % f for f in (1, 0o20644, 0, 0, 1, 0, 0, 0, 0, 8, 1, 6, 0))
sys.stdout.buffer.write(h + b'dev/a\0' + b'g' * 110)" >junk.newc
	run2 devnum scan junk.newc
	assert_failure 2
	assert_output "junk.newc: dev/a: char 8:1"
	assert_equal "$stderr" "devnum: 'junk.newc': after entry 1: no cpio header at byte 116 (newc and crc have one after each entry's data)"
}

@test "scan: a bin h_rdev of 0xffff is 255:255, a wider device bsdtar or GNU cpio cut, or NODEV" {
	need_root
	need cpio cpio
	need bsdtar libarchive-tools
	mkdir w
	mknod w/exact c 255 255 && mknod w/cut c 4095 255 && mknod w/low c 255 254
	# glibc's 4095:255 is 0xfffff: both writers keep its low 16 bits
	(cd w && printf '%s\n' exact cut low | cpio -o -H bin >../g.bin 2>/dev/null)
	bsdtar --format=bin -cf b.bin -C w exact cut low
	local says="an all-ones h_rdev (0xffff) is 255:255, a wider device that bsdtar 3.6.2 cuts to 16 bits or GNU cpio 2.13 cuts to 16 bits, or NODEV (\"no device\", which FreeBSD and ZFS store for an entry that is none)"
	for a in g.bin b.bin; do
		run2 devnum scan --format '%p %M:%m %r [%{findings}] %n' $a
		assert_failure 1
		assert_line "exact 255:255 0xffff [nodev] $says"
		assert_line "cut 255:255 0xffff [nodev] $says"
		assert_line "low 255:254 0xfffe [] "
	done
}

@test "scan: GNU cpio's hpodc and hpbin, every entry read as cpio -itv reads it" {
	need cpio cpio
	need fakeroot fakeroot
	# HP-UX's convention: a device's rdev is 0:1, its number the file size
	faked "mkdir -p t/sub && cd t && mknod null c 1 3 && mknod sdq b 8 256 && mknod nvme b 259 0 &&
		mknod big c 4095 255 && mknod huge c 4095 1048575 && mknod zero c 0 0 && mkfifo fifo &&
		echo hello >file && printf abc >odd && ln -s file link && mknod sub/x c 5 1 &&
		mknod sub/y b 7 9 && mknod sub/z c 13 64 &&
		find . | sort | cpio -o -H hpodc >../a.hpodc 2>/dev/null &&
		find . | sort | cpio -o -H hpbin >../a.hpbin 2>/dev/null"
	# the byte-swapped hpbin, each header word big-endian, as GNU cpio reads it too
	python3 -c 'import struct, sys
d = open("a.hpbin", "rb").read(); out = bytearray(); i = 0
while True:
    w = struct.unpack("<13H", d[i:i + 26]); size = w[11] << 16 | w[12]
    hp = w[3] & 0o170000 in (0o020000, 0o060000, 0o010000, 0o140000) and w[7] == 1 and size
    n = w[10] + (26 + w[10]) % 2; name = d[i + 26:i + 25 + w[10]]
    data = 0 if hp else size + size % 2
    out += struct.pack(">13H", *w) + d[i + 26:i + 26 + n + data]; i += 26 + n + data
    if name == b"TRAILER!!!":
        break
open("be.hpbin", "wb").write(out + d[i:])'
	for a in a.hpodc a.hpbin be.hpbin; do
		want=$(cpio -itv <$a 2>/dev/null | awk '$1 ~ /^[cb]/ { sub(/^\.\//, "", $NF); print $NF, substr($1, 1, 1), $5 $6 }' | sort)
		[ "$(wc -l <<<"$want")" = 9 ] || fail "cpio -itv lists $(wc -l <<<"$want") devices of $a"
		run2 devnum scan --format '%p %t %M,%m' $a
		assert_failure 1 # the FIFO's rdev of 1: rdev-on-non-device
		assert_equal "$(grep -v ' fifo ' <<<"$output" | sed 's/ char / c /; s/ block / b /; s/^\.\///' | sort)" "$want"
		assert_line --regexp '^(\./)?nvme block 259,0$'
		assert_line --regexp '^(\./)?zero char 0,1$'
		assert_equal "$stderr" ""
	done
	run2 devnum scan --format '%p %{container} %F' a.hpodc
	assert_line --regexp "^(\./)?sdq cpio-hpodc $(glibc 8 256)$"
	# cut inside a header, and a name that claims 100,000 bytes
	head -c 300 a.hpodc >cut.hpodc
	run2 devnum scan cut.hpodc
	assert_failure 2
	assert_equal "$stderr" "devnum: 'cut.hpodc': after entry 3: a header cut short at byte 239"
	python3 -c 'd = bytearray(open("a.hpodc", "rb").read()); i = d.index(b"070707", 239)
d[i + 59:i + 65] = b"303240"; open("name.hpodc", "wb").write(d)'
	run2 devnum scan name.hpodc
	assert_failure 2
	assert_equal "$stderr" "devnum: 'name.hpodc': after entry 3: the header at byte 239: a name of 100000 bytes (1 to 4096)"
}

@test "scan: bsdtar's odc saturation is found, status 1" {
	need_root
	need bsdtar libarchive-tools
	bsdtar --format=odc -cf a.odc -C n .
	run2 devnum scan --format '%p %M:%m [%{findings}]' a.odc
	assert_failure 1
	assert_line "./8_256 1023:255 [saturated]"
	assert_line "./8_1 8:1 []"
}

@test "scan: gzip and xz compressed archives, and standard input" {
	need_root
	need tar tar
	tar -czf a.tgz -C n . && tar -cJf a.txz -C n . || fail "tar -z/-J"
	for a in a.tgz a.txz; do
		run2 devnum scan --format '%p %M:%m' "$a"
		assert_line "./8_256 8:256"
	done
	run2 devnum scan --format '%i %p' - <a.txz
	assert_line "- ./8_256"
	run2 devnum scan --format '%i %p' <a.tgz
	assert_line "- ./8_256"
}

@test "scan --scheme: an odc archive written on FreeBSD 11 reads with its layout" {
	# c_rdev 0200401 is FreeBSD 11's 1:65537; Linux's glibc reads 257:1
	{ printf '070707000001000001020644000000000000000001200401%011o000002%011o' 0 0; printf 'x\0'
	  printf '070707000000000000000000000000000000000001000000%011o000013%011oTRAILER!!!\0' 0 0; } >fb.cpio
	run2 devnum scan --format '%p %M:%m %s' fb.cpio
	assert_success
	assert_output "x 257:1 glibc"
	run2 devnum scan --scheme=freebsd11 --format '%p %M:%m %s %r' fb.cpio
	assert_output "x 1:65537 freebsd11 0x10101"
}

@test "scan hostile: a pax SCHILY.devmajor of 2^40 is found, not wrapped" {
	{ pax x "SCHILY.devmajor=1099511627776"; header x 3 0 '0000010\0' '0000001\0'; zeros 1024; } >h.tar
	run2 devnum scan --format '%p %M:%m [%{findings}] %n' h.tar
	assert_failure 1
	# the extractors that do not refuse keep 12 bits of the major: 2^40 & 0xfff = 0
	assert_output "x 1099511627776:1 [not-linux,beyond-container] major 1099511627776 above 4095: glibc's mknod (GNU tar, bsdtar, cpio, Python) refuses it (EINVAL); a raw mknodat (Go x/sys/unix, moby, containerd) and musl's mknod make 0:1; pax cannot hold it: major 1099511627776 above 4294967295"
}

@test "scan hostile: a base-256 major of 2^32+8, which a runtime would truncate to 8" {
	{ header x 3 0 '\x80\0\0\x01\0\0\0\x08' '0000001\0'; zeros 1024; } >h.tar
	run2 devnum scan --json h.tar
	assert_failure 1
	assert_equal "$(jq -r '"\(.major):\(.minor) \([.findings[].finding] | join(","))"' <<<"$output")" "4294967304:1 not-linux,beyond-container"
}

@test "scan --json: each finding an object, its word, whether it is a fault and its own note" {
	printf '#mtree\n./x type=char device=native,4096,0\n./w type=char device=native,0,0\n' |
		bsdtar -cf m.tar --format=pax @-
	run2 devnum scan --json --into=cpio-odc m.tar
	assert_failure 1
	# 4096:0: Linux's major is 12 bits, odc's raw 18 bits (8:8 in 16 of them)
	assert_equal "$(jq -c 'select(.path == "./x") | [.findings[] | [.finding, .fault]]' <<<"$output")" \
		'[["not-linux",true],["becomes-whiteout",true],["into",true]]'
	assert_equal "$(jq -r 'select(.path == "./x") | .findings[0].note' <<<"$output")" \
		"major 4096 above 4095: glibc's mknod (GNU tar, bsdtar, cpio, Python) refuses it (EINVAL); a raw mknodat (Go x/sys/unix, moby, containerd) and musl's mknod make 0:0"
	# the record's note joins them, as plain text shows it
	assert_equal "$(jq -r '([.findings[].note] | join("; ")) == .note' <<<"$output" | sort -u)" true
	assert_equal "$(jq -c 'select(.path == "./w") | [.findings[] | [.finding, .fault]]' <<<"$output")" \
		'[["whiteout",false]]'
}

@test "scan hostile: 8 octal digits with no terminator, a negative base-256 field" {
	{ header x 3 0 '77777777' '0000001\0'; header y 4 0 '\xff\xff\xff\xff\xff\xff\xff\xff' '0000001\0'; zeros 1024; } >h.tar
	run2 devnum scan --format '%p %t %M:%m %{findings}' h.tar
	assert_failure 1
	assert_line "x char 16777215:1 not-linux,beyond-container"
	assert_line --regexp '^y block [0-9]+:1 not-linux'
}

@test "scan hostile: truncated, garbage, missing: status 2, the other archives still scanned" {
	need tar tar
	mkdir -p f && : >f/file
	{ header x 3 0 '0000010\0' '0000001\0'; header y 3 0 '0000010\0' '0000002\0'; zeros 1024; } >ok.tar
	head -c 700 ok.tar >cut.tar
	head -c 4096 /dev/urandom >junk
	run2 devnum scan --format '%i %p %M:%m' cut.tar junk nonexistent ok.tar
	assert_failure 2
	assert_output $'cut.tar x 8:1\nok.tar x 8:1\nok.tar y 8:2'
	assert_line --index 0 "cut.tar x 8:1"
	[[ $stderr == *"devnum: 'cut.tar': after entry 1: "* ]] || fail "no error for cut.tar: $stderr"
	[[ $stderr == *"devnum: 'junk': Unrecognized archive format"* ]] || fail "$stderr"
	[[ $stderr == *"devnum: 'nonexistent': "* ]] || fail "$stderr"
	run2 devnum scan --json junk
	assert_failure 2
	assert_output '{"input":"junk","error":"Unrecognized archive format"}'
}

@test "scan: a bad checksum is an error, the entries before it still listed" {
	{ header x 3 0 '0000010\0' '0000001\0'; header y 3 0 '0000010\0' '0000002\0' | sed 's/^y/z/'; zeros 1024; } >bad.tar
	run2 devnum scan --format '%p' bad.tar
	assert_failure 2
	assert_output x
}

@test "scan --summary: counts on stderr only when asked; no device entries is status 0" {
	need tar tar
	mkdir -p f && : >f/file
	tar -cf plain.tar -C f file
	run2 devnum scan plain.tar
	assert_success
	assert_output ""
	assert_equal "$stderr" ""
	run2 devnum scan --summary plain.tar
	assert_equal "$stderr" "devnum: plain.tar: segment 1 at byte 0, uncompressed: 1 entry, 0 devices, 0 with findings
devnum: plain.tar: 1 segment, 1 entry, 0 devices, 0 with findings"
	run2 devnum scan --summary nonexistent
	assert_failure 2
	assert_equal "$stderr" "devnum: 'nonexistent': No such file or directory"
}

@test "scan: usage errors for options it does not take" {
	run2 devnum scan --writer=bsdtar x.tar
	assert_failure 2
	run2 devnum fits --summary 8:1
	assert_failure 2
}

@test "only scan loads libarchive: the other commands start without it" {
	[ -z "${TEST_RUNNER:-}" ] || skip "LD_DEBUG is the emulated loader's business"
	run bash -c 'LD_DEBUG=libs devnum encode 3 1 2>&1 >/dev/null | grep -c "calling init: .*libarchive"'
	assert_output 0
	: >empty.tar
	run bash -c 'LD_DEBUG=libs devnum scan empty.tar 2>&1 >/dev/null | grep -c "calling init: .*libarchive"'
	assert_output 1
}

@test "scan: names are escaped as GNU tar escapes them; a newline cannot forge a record" {
	printf '#mtree\n./ok\\012-:\\040./sda:\\040block\\0408:0 type=char device=native,4096,0\n' >forged
	run2 devnum scan forged
	assert_failure 1
	assert_output "forged: ./ok\\n-: ./sda: block 8:0: char 4096:0 [not-linux,becomes-whiteout] major 4096 above 4095: glibc's mknod (GNU tar, bsdtar, cpio, Python) refuses it (EINVAL); a raw mknodat (Go x/sys/unix, moby, containerd) and musl's mknod make 0:0; char 0:0 is an overlay whiteout: extracted over a lower layer, it hides that layer's file at this path"
	printf '#mtree\n./t\\033]0;x\\007\\134\\303\\251 type=char device=native,1,3\n' >esc
	run2 devnum scan --format '%p' esc
	assert_output './t\033]0;x\a\\\303\251'
	run2 devnum scan --json esc
	assert_equal "$(jq -r .path <<<"$output" | od -An -c | tr -s ' ')" "$(printf './t\033]0;x\a\\\303\251\n' | od -An -c | tr -s ' ')"
	cp esc $'in\nput'
	run2 devnum scan --format '%i' $'in\nput'
	assert_output 'in\nput'
}


@test "scan: mtree with no device=, or one rejected, is unknown, never 0:0" {
	printf '#mtree\n./d type=char\n./b type=char device=bogus,1,1\n./l type=block device=linux,300,1\n./big type=char device=linux,4096,0\n./ok type=char device=linux,8,1\n' >m
	run2 devnum scan --format '%p %(%M:%m%|unknown%) [%{findings}] %n' m
	assert_failure 1
	assert_line "./d unknown [unknown] no device= keyword (or device 0:0: libarchive does not tell the two apart)"
	assert_line "./b unknown [rejected] device=bogus,1,1 rejected: unknown NetBSD format 'bogus'"
	assert_line "./l unknown [rejected] device=linux,300,1 rejected: NetBSD's linux is legacy: major 300 out of range for legacy (at most 255)"
	assert_line "./big unknown [rejected] device=linux,4096,0 rejected: NetBSD's linux is legacy: major 4096 out of range for legacy (at most 255)"
	assert_line "./ok 8:1 [] "
	# from a pipe the spec cannot be read again: libarchive's words
	run2 bash -c "cat m | devnum scan --format '%p %{findings} %n'"
	assert_line "./big rejected device= rejected: invalid major number"
	# a hierarchical spec, and /set's device= for the entries that give none
	printf '%s\n' '#mtree' '/set type=char device=linux,1,256' '. type=dir' 'dev type=dir' 'null' 'zero device=linux,1,5' '..' '..' >h
	run2 devnum scan --format '%p %(%M:%m%|unknown%) %{findings} %n' h
	assert_line "dev/null unknown rejected device=linux,1,256 rejected: NetBSD's linux is legacy: minor 256 out of range for legacy (at most 255)"
	assert_line --regexp "^dev/zero 1:5 *$"
	run2 devnum scan --json m
	assert_equal "$(jq -rc 'select(.path == "./d") | [.major, .minor, .findings[0].finding]' <<<"$output")" '[null,null,"unknown"]'
	run2 devnum scan m
	assert_line "m: ./d: char unknown [unknown] no device= keyword (or device 0:0: libarchive does not tell the two apart)"
}

@test "scan: xar device entries are unknown, with the reason; 7-Zip, RAR, CAB, LHA and WARC are named, not parsed" {
	[ "$(id -u)" = 0 ] || skip "mknod(2) needs root, or fakeroot (Debian package fakeroot)"
	need bsdtar libarchive-tools
	mkdir -p n && mknod n/sda b 8 0 && mknod n/tty c 4 1
	bsdtar --format=xar -cf a.xar -C n . 2>/dev/null || fail "bsdtar xar"
	run2 devnum scan --format '%p %t %(%M:%m%|unknown%) %{findings}' a.xar
	assert_failure 1
	assert_line --regexp '^(\./)?sda block unknown unknown$'
	assert_line --regexp '^(\./)?tty char unknown unknown$'
	run2 devnum scan --format '%n' a.xar
	assert_line "xar stores the device in its table of contents, but libarchive's reader drops it"
	# libarchive 3.6.2's readers of these crash or never end on damaged
	# input, and the formats store no device number: named by their magic
	bsdtar --format=7zip -cf a.7z -C n . 2>/dev/null || fail "bsdtar 7zip"
	printf 'Rar!\032\007\001\000junk' >a.rar
	printf 'MSCF\0\0\0\0junk' >a.cab
	printf '\0\0-lh5-junk' >a.lzh
	printf 'WARC/1.0\r\n' >a.warc
	local f
	for f in 7z:7-Zip rar:RAR cab:CAB lzh:LHA warc:WARC; do
		run2 devnum scan "a.${f%%:*}"
		assert_success
		assert_output ""
		assert_equal "$stderr" "devnum: 'a.${f%%:*}': warning: ${f#*:} archive, a format that stores no device number: not read"
	done
	tar -cf t.tar a.7z
	run2 devnum scan t.tar
	assert_equal "$stderr" "devnum: 't.tar': warning: entry 1: 'a.7z': 7-Zip archive, a format that stores no device number: not read"
	# in --list=formats, each by its name, as unread
	assert_equal "$(devnum --list=formats | awk -F'\t' '$2 == "unread" { print $1 }' | tr '\n' ' ')" "7-Zip RAR CAB WARC LHA "
}

@test "scan: a run of headers libarchive cannot read ends the archive with one error, not one a header" {
	{ header dev/sda 4 0 '0000010\0' '0000000\0'; head -c 512000 /dev/zero | tr '\0' 'x'; } >junk.tar
	run2 devnum scan junk.tar
	assert_failure 2
	assert_output "junk.tar: dev/sda: block 8:0"
	assert_equal "${#stderr_lines[@]}" 17
	assert_equal "${stderr_lines[0]}" "devnum: 'junk.tar': entry 2: Damaged tar archive"
	assert_equal "${stderr_lines[16]}" "devnum: 'junk.tar': after entry 17: 16 headers in a row cannot be read: not read past them"
}

@test "scan: a tar hard link to a device is listed as the device it makes" {
	{ header dev/sda 4 0 '0000010\0' '0000000\0'
	  header dev/tty1 3 0 '0000004\0' '0000001\0'
	  header disk 1 0 '0000000\0' '0000000\0' dev/sda
	  header file 0 0 '0000000\0' '0000000\0'
	  header other 1 0 '0000000\0' '0000000\0' file; zeros 1024; } >l.tar
	run tar -tvf l.tar
	assert_line --partial "disk link to dev/sda"
	run2 devnum scan l.tar
	assert_success
	assert_output "l.tar: dev/sda: block 8:0
l.tar: dev/tty1: char 4:1
l.tar: disk: block 8:0 (link to dev/sda)"
	run2 devnum scan --json l.tar
	assert_equal "$(jq -rc 'select(.path == "disk") | [.type, .major, .minor, .link]' <<<"$output")" '["block",8,0,"dev/sda"]'
	# Python's tarfile, told to write a second name as a hard link
	[ "$(id -u)" = 0 ] || skip "mknod(2) needs root, or fakeroot (Debian package fakeroot)"
	mkdir -p n && mknod n/sda b 8 0
	python3 -c 'import tarfile; t = tarfile.open("p.tar", "w"); t.add("n/sda", "sda")
l = tarfile.TarInfo("again"); l.type = tarfile.LNKTYPE; l.linkname = "sda"; t.addfile(l); t.close()'
	run tar -tvf p.tar
	assert_line --partial "again link to sda"
	run2 devnum scan --format '%p %t %M:%m %{link}' p.tar
	assert_success
	assert_output $'sda block 8:0 \nagain block 8:0 sda'
}

@test "scan: whiteouts, NODEV and device numbers on files are findings" {
	{ header etc/gone 3 0 '0000000\0' '0000000\0'
	  header nodev 3 0 '\x80\0\0\0\xff\xff\xff\xff' '\x80\0\0\0\xff\xff\xff\xff'
	  header dir/ 5 0 '0000000\0' '0000000\0'; zeros 1024; } >w.tar
	run2 devnum scan --format '%p %t %M:%m [%{findings}] %n' w.tar
	assert_failure 1
	assert_line "etc/gone char 0:0 [whiteout] a character device 0:0 is an overlay whiteout: a mark that the path is deleted, not a device"
	assert_line --regexp "^nodev char 4294967295:4294967295 \[nodev,not-linux"
	refute_line --partial "dir/"
	# newc stores c_rdevmajor and c_rdevminor for every entry
	{ printf '070701%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%s\0\0' 1 $((8#100644)) 0 0 1 0 0 0 0 8 1 5 0 file
	  printf '070701%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%s\0\0\0\0' 0 0 0 0 1 0 0 0 0 0 0 11 0 'TRAILER!!!'; } >f.cpio
	run2 devnum scan --format '%p %t %M:%m [%{findings}] %n' f.cpio
	assert_failure 1
	assert_output "file file 8:1 [rdev-on-non-device] a file entry that stores a device number"
	# a whiteout alone is no fault
	{ header etc/gone 3 0 '0000000\0' '0000000\0'; zeros 1024; } >only.tar
	run2 devnum scan only.tar
	assert_success
	run2 devnum scan --json only.tar
	assert_equal "$(jq -r '.findings[0].finding' <<<"$output")" whiteout
}

@test "scan hostile: a header that claims a 256 MiB name is refused in bounded memory" {
	[ -x /usr/bin/time ] || skip "GNU time is not installed (Debian package time)"
	python3 -c "import gzip,sys;n=1<<28;h=b'070701'+b''.join(b'%08X'%f for f in [1,0o20644,0,0,1,0,0,0,0,8,1,n+1,0]);sys.stdout.buffer.write(gzip.compress(h+b'A'*n+b'\0'*4,1))" >big.gz
	run2 /usr/bin/time -f '%M' devnum scan big.gz
	assert_failure 2
	[[ $stderr == "devnum: 'big.gz': a header claims a name of 268435457 bytes (its NUL counted): more than 65536, refused"* ]] || fail "$stderr"
	# a sanitizer's shadow memory, or an emulator's own, is not scan's
	[ -z "${SANITIZE_CFLAGS:-}${TEST_RUNNER:-}" ] || skip "peak RSS is not scan's own under a sanitizer or an emulator"
	kb=${stderr##*$'\n'}
	[ "$kb" -lt 16384 ] || fail "peak RSS $kb KiB"
}

@test "scan --into: each finding's word once, whatever number of containers say it" {
	printf '#mtree\n./a type=char device=native,8,256\n' >m
	run2 devnum scan --into=cpio-odc,cpio-bin --format '%{findings} %n' m
	assert_failure 1
	assert_output "into cpio-odc cannot hold it: raw 0x100800 above 0x3ffff; cpio-bin cannot hold it: raw 0x100800 above 0xffff"
}

@test "scan hostile: pax parts of 2^64-1 and 10^400 are too large, not 2^63-1" {
	for v in 18446744073709551615 1$(printf '0%.0s' $(seq 400)); do
		{ pax x "SCHILY.devmajor=$v"; header x 3 0 '0000010\0' '0000001\0'; zeros 1024; } >h.tar
		run2 devnum scan --format '%p %(%M:%m%|unknown%) [%{findings}]' h.tar
		assert_failure 1
		assert_output "x unknown [too-large]"
	done
}

@test "scan ISO 9660: PN's halves, the writer known by its volume, Linux's reading" {
	need bsdtar libarchive-tools
	printf '%s\n' '#mtree' './sda1 type=block device=native,8,1' './big type=char device=native,8,256' >m
	bsdtar --format=iso9660 -cf b.iso @m
	run2 devnum scan --format '%p %M:%m %F [%{findings}] %n' b.iso
	assert_failure 1
	assert_line "sda1 8:1 0x00000000 0x00000801 [] "
	assert_line "big 8:256 0x00000000 0x00100800 [isofs] Linux reads PN (0x0, 0x100800) as 8:0"
	run2 bash -c 'cat b.iso | devnum scan --format "%p %M:%m" -'
	assert_line "big 8:256"
	# the same bytes from a writer that does not say who it is
	cp b.iso anon.iso
	printf '%-128s' x | dd of=anon.iso bs=1 seek=$((32768 + 574)) conv=notrunc 2>/dev/null
	run2 devnum scan --format '%p %(%M:%m%|unknown%) [%{findings}] %n' anon.iso
	assert_failure 1
	assert_line "sda1 unknown [ambiguous] PN (0x0, 0x801): 0:2049 as (major, minor), as genisoimage writes it, or 8:1 as the dev_t's halves, as bsdtar and xorriso do; the volume does not say which wrote it; Linux reads 8:1"
	run2 devnum scan --json anon.iso
	assert_equal "$(jq -rc 'select(.path == "sda1") | [.major, .fields]' <<<"$output" | head -n 1)" '[null,["0x00000000","0x00000801"]]'
}

@test "scan: hard links past the 32768 device entries kept are warned of, once" {
	python3 -c 'import tarfile
t = tarfile.open("many.tar", "w")
for i in range(32770):
    d = tarfile.TarInfo("d%d" % i); d.type = tarfile.CHRTYPE; d.devmajor, d.devminor = 1, i % 256; t.addfile(d)
for name, to in (("early", "d5"), ("late", "d32769"), ("late2", "d32768")):
    l = tarfile.TarInfo(name); l.type = tarfile.LNKTYPE; l.linkname = to; t.addfile(l)
t.close()'
	run2 devnum scan --format '%p %M:%m %{link}' many.tar
	assert_success
	# every device, then the one link known (assert_line would read the
	# 32,771 lines one by one in bash: 8 s)
	assert_equal "${#lines[@]}" 32771
	assert_equal "${lines[32770]}" "early 1:5 d5"
	refute_output --partial "late"
	assert_equal "$stderr" "devnum: 'many.tar': warning: more than 32768 device entries: hard links to the later ones are not known for what they are, and are not listed"
}

@test "scan: a node under dev/ that the registry names as another device is misnamed" {
	# the tuples devices.txt gives: null is c1:3, console c5:1, sda1 b8:1, ttyS0 c4:64
	{ header dev/null 4 0 '0000010\0' '0000001\0'
	  header ./dev/console 3 0 '0000005\0' '0000001\0'
	  header dev/sda1 4 0 '0000010\0' '0000001\0'
	  header /dev/ttyS0 3 0 '0000004\0' '0000101\0'
	  header dev/input/event0 3 0 '0000015\0' '0000100\0'
	  header lib/null 4 0 '0000010\0' '0000001\0'
	  header dev/mydisk 4 0 '0000010\0' '0000001\0'
	  zeros 1024; } >m.tar
	run2 devnum scan --format '%p %t %M:%m [%{findings}] %n' m.tar
	assert_failure 1
	assert_output "dev/null block 8:1 [misnamed] null is char 1:3 in the Linux registry, not block 8:1
./dev/console char 5:1 [] 
dev/sda1 block 8:1 [] 
/dev/ttyS0 char 4:65 [misnamed] ttyS0 is char 4:64 in the Linux registry, not char 4:65
dev/input/event0 char 13:64 [] 
lib/null block 8:1 [] 
dev/mydisk block 8:1 [] "
}

@test "scan zip: each device's PKWARE Unix extra field (0x000d), built by hand from APPNOTE 4.5.7" {
	# no writer in Debian stores a device in a zip (bsdtar and Info-ZIP's
	# zip refuse or skip them), so Python writes the fields as APPNOTE says:
	# tag, size 20, atime, mtime, uid, gid, then major and minor, le32 each
	python3 -c 'import stat, struct, zipfile
with zipfile.ZipFile("dev.zip", "w") as z:
    for name, kind, t in (("dev/null", stat.S_IFCHR, (1, 3)), ("dev/disk", stat.S_IFBLK, (8, 256)),
                          ("dev/big", stat.S_IFCHR, (4294967295, 4294967295)), ("dev/bare", stat.S_IFCHR, None)):
        i = zipfile.ZipInfo(name); i.create_system = 3; i.external_attr = (kind | 0o644) << 16
        if t:
            i.extra = struct.pack("<HHIIHH", 0x000d, 20, 0, 0, 0, 0) + struct.pack("<II", *t)
        z.writestr(i, b"")
    z.writestr("etc/passwd", "root:x:0:0:")
    d = zipfile.ZipInfo("dos/con"); d.create_system = 0; d.external_attr = (stat.S_IFCHR | 0o644) << 16
    z.writestr(d, b"")'
	run2 devnum scan --format '%p %t %(%M:%m%|unknown%) %{container} [%{findings}]' dev.zip
	assert_failure 1
	assert_output "dev/null char 1:3 zip []
dev/disk block 8:256 zip []
dev/big char 4294967295:4294967295 zip [nodev,not-linux]
dev/bare char unknown zip [unknown]"
	run2 devnum scan --summary dev.zip
	assert_equal "${stderr_lines[1]}" "devnum: dev.zip: 1 segment, 6 entries, 4 devices, 2 with findings"
	# a pipe has no central directory to go back to: a temporary copy has
	run2 bash -c 'cat dev.zip | devnum scan --summary --format="%p %t %(%M:%m%|unknown%) %{container} [%{findings}]"'
	assert_failure 1
	assert_output "dev/null char 1:3 zip []
dev/disk block 8:256 zip []
dev/big char 4294967295:4294967295 zip [nodev,not-linux]
dev/bare char unknown zip [unknown]"
	assert_equal "${stderr_lines[1]}" "devnum: -: 1 segment, $(stat -c %s dev.zip) bytes spooled, 6 entries, 4 devices, 2 with findings"
	# hostile: the central directory's offset past the end, an extra field
	# that claims more than the header holds, the end record cut away
	python3 -c 'import struct
d = bytearray(open("dev.zip", "rb").read()); e = d.rindex(b"PK\x05\x06")
far = bytearray(d); far[e + 16:e + 20] = struct.pack("<I", 10**9); open("far.zip", "wb").write(far)
x = d.index(struct.pack("<HH", 0x000d, 20), d.index(b"PK\x01\x02"))
lie = bytearray(d); lie[x + 2:x + 4] = struct.pack("<H", 60000); open("lie.zip", "wb").write(lie)
open("cut.zip", "wb").write(d[:e])'
	run2 devnum scan far.zip
	assert_failure 2
	assert_equal "$stderr" "devnum: 'far.zip': zip: 46 bytes at 1000000000: past the end of the $(stat -c %s far.zip)-byte image"
	run2 devnum scan --format '%p %(%M:%m%|unknown%)' lie.zip
	assert_line "dev/null unknown"
	run2 devnum scan cut.zip
	assert_failure 2
	assert_equal "$stderr" "devnum: 'cut.zip': zip: no end of central directory record in its last 65536 bytes"
}

@test "scan pxar: a Proxmox archive built by hand from the pxar crate's format, ENTRY and ENTRY_V1" {
	# items: le64 size (the 16-byte head included), le64 type, payload;
	# ENTRY 0xd5956474e588acef: mode, flags (le64), uid, gid (le32),
	# mtime (le64, le32, pad); ENTRY_V1 0x11da850a1c1cceff: mtime one le64;
	# FILENAME 0x16701121063917b3; DEVICE 0x9fc9e906586d5ce9: major, minor
	# le64; PAYLOAD 0x28147a1b0b7c1a25; GOODBYE 0x2fec4fa642d5731d
	for v1 in 0 1; do
		python3 -c 'import struct, sys
v1 = sys.argv[1] == "1"
def item(t, p): return struct.pack("<QQ", 16 + len(p), t) + p
def entry(mode):
    if v1:
        return item(0x11da850a1c1cceff, struct.pack("<QQIIQ", mode, 0, 0, 0, 0))
    return item(0xd5956474e588acef, struct.pack("<QQIIqII", mode, 0, 0, 0, 0, 0, 0))
def name(n): return item(0x16701121063917b3, n.encode() + b"\0")
def dev(ma, mi): return item(0x9fc9e906586d5ce9, struct.pack("<QQ", ma, mi))
bye = item(0x2fec4fa642d5731d, struct.pack("<QQQ", 0, 0, 0))
out = entry(0o40755) + name("dev") + entry(0o40755)
out += name("null") + entry(0o20644) + dev(1, 3) + name("mydisk") + entry(0o60644) + dev(8, 256)
out += name("wide") + entry(0o20644) + dev(2**40, 2**33) + bye
out += name("etc") + entry(0o40755) + name("f") + entry(0o100644) + item(0x28147a1b0b7c1a25, b"hello") + bye + bye
open("x.pxar", "wb").write(out)
open("cut.pxar", "wb").write(out[:-24])
# a tar in a file payload, a device entry whose DEVICE never comes, a
# DEVICE for a file
import io, tarfile
b = io.BytesIO()
with tarfile.open(fileobj=b, mode="w", format=tarfile.USTAR_FORMAT) as t:
    i = tarfile.TarInfo("sdq"); i.type = tarfile.BLKTYPE; i.devmajor, i.devminor = 65, 0; t.addfile(i)
nest = entry(0o40755) + name("box.tar") + entry(0o100644) + item(0x28147a1b0b7c1a25, b.getvalue())
nest += name("lost") + entry(0o20644) + name("odd") + entry(0o100644) + dev(1, 5)
nest += name("tty") + entry(0o20644) + dev(4, 1) + bye
open("nest.pxar", "wb").write(nest)' $v1
		run2 devnum scan --format '%p %t %M:%m %{format} %{container}' x.pxar
		assert_failure 1 # the wide device is beyond Linux
		assert_output "/dev/null char 1:3 pxar catar
/dev/mydisk block 8:256 pxar catar
/dev/wide char 1099511627776:8589934592 pxar catar"
		run2 devnum scan cut.pxar
		assert_failure 2
		# the root's goodbye, 40 bytes, lost its last 24, after seven ENTRY items
		assert_equal "${stderr_lines[0]}" "devnum: 'cut.pxar': after entry 7: pxar: an item cut short before byte $(($(stat -c %s cut.pxar) + 24))"
		# a payload is an input where it bids as one; entry 3 (lost)
		# has no DEVICE, entry 4's DEVICE is a file's
		run2 devnum scan --format '%{within}|%p %t %M:%m %{format}' nest.pxar
		assert_failure 2
		assert_output "[/box.tar]|sdq block 65:0 POSIX ustar format
|/tty char 4:1 pxar"
		assert_equal "$stderr" "devnum: 'nest.pxar': entry 3: /lost: a device entry with no device item: its number is not stored
devnum: 'nest.pxar': entry 4: /odd: a device item for an entry that is no device"
		run2 devnum scan --depth=0 --format '%{within}|%p' nest.pxar
		assert_output "|/tty"
		assert_equal "${stderr_lines[0]}" "devnum: 'nest.pxar': warning: entry 2: '/box.tar': tar archive, not read: deeper than --depth=0"
	done
}
