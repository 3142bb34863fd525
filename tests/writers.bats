#!/usr/bin/env bats
# writers: fits --writer against the real writers.  Device nodes are made
# with mknod(2), each writer stores them, and the fields are read back from
# the bytes it wrote (header offsets from each format's definition) and
# with the writer's own reader; devnum's verdict must match what happened.
# Needs root (mknod) and the writers: each test skips with the reason.
# needs: mknod (as a normal user, make check runs this file under fakeroot)
load helper

# The tuples: the boundaries of every layout mknod(2) can make.
TUPLES="0:0 8:1 255:255 256:0 8:256 259:0 1023:255 1024:0 1:65535 1:262144 4095:1048575"

setup() {
	[ "$(id -u)" = 0 ] || skip "mknod(2) needs root, or fakeroot (Debian package fakeroot)"
	cd "$BATS_TEST_TMPDIR"
}

# nodes: one character device a tuple, named M_m, in dir n/
nodes() {
	mkdir -p n
	for t in $TUPLES; do
		mknod "n/${t/:/_}" c "${t%:*}" "${t#*:}" || fail "mknod $t"
	done
}

# glibc's makedev, the native raw of the cpio writers
glibc() {
	printf '%d' $(((($1 & 0xfff) << 8) | (($1 & ~0xfff) << 32) | ($2 & 0xff) | (($2 & ~0xff) << 12)))
}

# bytes FILE OFFSET COUNT: the text there, NULs and blanks dropped
bytes() {
	dd if="$1" bs=1 skip="$2" count="$3" 2>/dev/null | tr -d '\0 '
}

# tar_fields FILE: devmajor and devminor of the first device entry, found
# by walking the headers (a pax header's data is skipped by its size)
tar_fields() {
	local off=0 size type total
	total=$(stat -c %s "$1")
	while [ "$off" -lt "$total" ]; do
		type=$(bytes "$1" $((off + 156)) 1)
		size=$(bytes "$1" $((off + 124)) 12)
		if [ "$type" = 3 ] || [ "$type" = 4 ]; then
			echo "$(bytes "$1" $((off + 329)) 8) $(bytes "$1" $((off + 337)) 8)"
			return
		fi
		off=$((off + 512 + (8#${size:-0} + 511) / 512 * 512))
	done
}

# verdict W C T: devnum's verdict and what the reader gets, "verdict M:m"
# (status 1 is fits saying it does not survive)
verdict() {
	devnum fits --writer="$1" --into="$2" --format='%V %(%B%|%M:%m%)' "$3" || [ $? = 1 ]
}

# same_fields C T FIELDS...: the stored fields equal devnum pack's, as numbers
same_fields() {
	local c=$1 t=$2 want
	shift 2
	want=$(devnum pack "$c" "$t")
	assert_equal "$(numbers "$c" "$*")" "$(numbers "$c" "$want")"
}

# numbers C FIELDS: the fields' values, by the container's own radix; of
# pax, the ustar fields (GNU tar's posix format writes no SCHILY records;
# the bsdtar test looks for them itself)
numbers() {
	local w out="" n=0
	for w in $2; do
		[ "$1" = pax ] && [ $((n++)) -ge 2 ] && break
		case $1 in
		ustar | gnutar | pax | cpio-odc | cpio-hpodc) out+="$((8#$w)) " ;;
		cpio-newc | cpio-crc) out+="$((16#$w)) " ;;
		*) out+="$((w)) " ;;
		esac
	done
	echo "$out"
}

# cpio_listing ARCHIVE: "M:m" of its one entry, as GNU cpio reads it
cpio_listing() {
	cpio -itv <"$1" 2>/dev/null | awk '{ sub(",", ":", $5); print $5 $6; exit }'
}

@test "GNU tar stores every tuple exactly in ustar, gnu and posix" {
	need tar tar
	nodes
	for fmt in ustar:ustar gnu:gnutar posix:pax; do
		for t in $TUPLES; do
			tar --format="${fmt%:*}" -cf a.tar -C n "${t/:/_}" || fail "tar $fmt $t"
			assert_equal "$(verdict gnu-tar "${fmt#*:}" "$t")" "survives $t"
			same_fields "${fmt#*:}" "$t" "$(tar_fields a.tar)"
		done
	done
}

@test "bsdtar ustar and gnutar leave out a part of 2^18 or more, exit 0; pax keeps it" {
	need bsdtar libarchive-tools
	nodes
	for fmt in ustar gnutar pax; do
		for t in $TUPLES; do
			run2 bsdtar --format="$fmt" -cf a.tar -C n "${t/:/_}"
			assert_success # even when the entry is left out
			v=$(verdict bsdtar "$fmt" "$t")
			if [ "${v%% *}" = left-out ]; then
				assert_equal "$(bsdtar -tf a.tar)" ""
				assert_equal "$stderr" ": Minor device number too large" # no file name
			else
				assert_equal "$v" "survives $t"
				assert_equal "$(bsdtar -tf a.tar)" "${t/:/_}"
				same_fields "$fmt" "$t" "$(tar_fields a.tar)"
				pax=$(devnum pack pax "$t" | grep -o 'SCHILY[^ ]*' || true)
				[ "$fmt" != pax ] || [ -z "$pax" ] || grep -aq "[0-9] $pax"$'\n' a.tar ||
					fail "bsdtar wrote no $pax for $t"
			fi
		done
	done
	assert_equal "$(verdict bsdtar ustar 1:262144)" "left-out 1:262144"
	assert_equal "$(verdict bsdtar gnutar 1:262143)" "survives 1:262143"
}

@test "GNU cpio: odc keeps the low 18 bits, bin 16, silently; newc and crc are exact" {
	need cpio cpio
	nodes
	for fmt in odc:cpio-odc bin:cpio-bin newc:cpio-newc crc:cpio-crc hpodc:cpio-hpodc \
		hpbin:cpio-hpbin; do
		for t in $TUPLES; do
			run2 bash -c "cd n && echo ${t/:/_} | cpio -o -H ${fmt%:*} >../a.cpio"
			assert_success
			assert_equal "${stderr//[0-9]/}" " block" # no warning, whatever it did
			read -r v becomes <<<"$(verdict gnu-cpio "${fmt#*:}" "$t")"
			assert_equal "$(cpio_listing a.cpio)" "$becomes"
			[ "$v" = survives ] && [ "$becomes" = "$t" ] || [ "$v" != survives ] ||
				fail "survives, but reads back as $becomes"
		done
	done
	assert_equal "$(verdict gnu-cpio cpio-odc 8:256)" "truncated 8:0"
	assert_equal "$(verdict gnu-cpio cpio-bin 259:0)" "truncated 3:0"
	assert_equal "$(verdict gnu-cpio cpio-hpodc 0:0)" "misread 0:1"
}

@test "GNU cpio's stored fields: odc's c_rdev, newc's hex parts, bin's h_rdev, hpodc's c_filesize" {
	need cpio cpio
	nodes
	for t in $TUPLES; do
		raw=$(glibc "${t%:*}" "${t#*:}")
		(cd n && echo "${t/:/_}" | cpio -o -H odc 2>/dev/null) >a.odc
		assert_equal "$((8#$(bytes a.odc 42 6)))" "$((raw & 0777777))"
		(cd n && echo "${t/:/_}" | cpio -o -H newc 2>/dev/null) >a.newc
		same_fields cpio-newc "$t" "$(bytes a.newc 78 8) $(bytes a.newc 86 8)"
		(cd n && echo "${t/:/_}" | cpio -o -H bin 2>/dev/null) >a.bin
		assert_equal "$(od -An -tu2 -j14 -N2 a.bin | tr -d ' ')" "$((raw & 0xffff))"
		(cd n && echo "${t/:/_}" | cpio -o -H hpodc 2>/dev/null) >a.hpodc
		[ "$raw" -gt 4294967295 ] || same_fields cpio-hpodc "$t" "$(bytes a.hpodc 65 11)"
		(cd n && echo "${t/:/_}" | cpio -o -H ustar 2>/dev/null) >a.ustar
		assert_equal "$(verdict gnu-cpio ustar "$t")" "survives $t"
		same_fields ustar "$t" "$(bytes a.ustar 329 7) $(bytes a.ustar 337 7)"
	done
}

@test "bsdtar odc saturates at 0777777, bin and pwb keep the low 16 bits; newc is exact" {
	need bsdtar libarchive-tools
	need cpio cpio
	nodes
	for fmt in odc:cpio-odc bin:cpio-bin pwb:cpio-bin newc:cpio-newc; do
		for t in $TUPLES; do
			run2 bsdtar --format="${fmt%:*}" -cf a.cpio -C n "${t/:/_}"
			assert_success
			assert_equal "$stderr" ""
			read -r v becomes <<<"$(verdict bsdtar "${fmt#*:}" "$t")"
			assert_equal "$(cpio_listing a.cpio)" "$becomes"
			if [ "${fmt%:*}" = odc ]; then
				raw=$(glibc "${t%:*}" "${t#*:}")
				want=$((raw > 0777777 ? 0777777 : raw))
				assert_equal "$((8#$(bytes a.cpio 42 6)))" "$want"
			fi
		done
	done
	assert_equal "$(verdict bsdtar cpio-odc 8:256)" "saturated 1023:255"
}

# ext4_fields IMAGE NAME: i_block[0] and i_block[1], little-endian words
ext4_fields() {
	debugfs -R "inode_dump -b $2" "$1" 2>/dev/null | awk 'NR == 1 {
		b = $2 $3 $4 $5
		printf "0x%s%s%s%s 0x%s%s%s%s\n", substr(b, 7, 2), substr(b, 5, 2), substr(b, 3, 2),
			substr(b, 1, 2), substr(b, 15, 2), substr(b, 13, 2), substr(b, 11, 2), substr(b, 9, 2)
	}'
}

@test "mke2fs -d follows the ext4 two-slot rule for every tuple" {
	need mke2fs e2fsprogs
	need debugfs e2fsprogs
	nodes
	mke2fs -q -t ext4 -d n e.img 4M || fail "mke2fs"
	for t in $TUPLES; do
		assert_equal "$(verdict mke2fs ext4 "$t")" "survives $t"
		same_fields ext4 "$t" "$(ext4_fields e.img "${t/:/_}")"
	done
}

@test "mke2fs -d cuts each part of a tuple beyond 12:20 to 12:20, with exit 0 and no word" {
	need mke2fs e2fsprogs
	need debugfs e2fsprogs
	need fakeroot fakeroot
	local beyond="4096:0 65535:65535 4097:5 1:1048576 4096:1048576 8191:2097151"
	# fakeroot's mknod makes any tuple; mke2fs -d in the same session reads it
	faked "mkdir n; for t in $beyond; do mknod n/\${t/:/_} c \${t%:*} \${t#*:}; done
		mke2fs -q -t ext4 -d n e.img 4M 2>err; echo \$? >rc"
	assert_equal "$(cat rc)" 0
	assert_equal "$(cat err)" ""
	for t in $beyond; do
		read -r v becomes <<<"$(verdict mke2fs ext4 "$t")"
		assert_equal "$v" truncated
		# by hand: each part masked, 0xfff and 0xfffff
		assert_equal "$becomes" "$((${t%:*} & 0xfff)):$((${t#*:} & 0xfffff))"
		same_fields ext4 "$becomes" "$(ext4_fields e.img "${t/:/_}")"
	done
	run2 devnum fits --into=ext4 --writer=mke2fs 4096:0
	assert_output "4096:0: ext4       truncated major 4096 above 4095 -> 0:0; char 0:0 is an overlay whiteout"
}

# rpm_of SPEC-NAME TUPLE...: an rpm built by rpmbuild of char nodes made
# by mknod in its build root, one a tuple, named by the tuple
rpm_of() {
	local name=$1 nodes="" files=""
	shift
	for t in "$@"; do
		nodes+="mknod %{buildroot}/dev/${t/:/_} c ${t%:*} ${t#*:}"$'\n'
		files+="/dev/${t/:/_}"$'\n'
	done
	printf '%s\n' "Name: $name" "Version: 1" "Release: 1" "Summary: nodes" "License: MIT" \
		"BuildArch: noarch" "%description" "nodes" "%install" "mkdir -p %{buildroot}/dev" \
		"$nodes" "%files" "$files" >"$name.spec"
	rpmbuild -bb --quiet --define "_topdir $PWD/top" "$name.spec" >/dev/null 2>&1
	find top -name "$name-*.rpm"
}

# real_root WHY: the test needs real root's nodes, WHY saying what fakeroot
# does instead (rpmbuild in it packages none of the nodes it was shown,
# "Installed (but unpackaged)"; casync's extract rejects what casync
# make wrote there, "Bad message")
real_root() {
	[ "$(id -u)" = 0 ] && [ -z "${FAKEROOTKEY:-}" ] || skip "real root's nodes only: $1"
}

@test "rpmbuild keeps the low 16 bits of glibc's dev_t in FILERDEVS, with exit 0 and no word" {
	need rpmbuild rpm
	real_root "rpmbuild in fakeroot packages none of them ('unpackaged')"
	local tuples="259:0 8:256 4095:255 1:3 255:255 4095:1048575"
	pkg=$(rpm_of devt $tuples)
	[ -f "$pkg" ] || fail "rpmbuild made no package"
	# rpm's own reading of the header: each file's FILERDEVS, as a number
	rpm -qp --qf '[%{FILENAMES} %{FILERDEVS}\n]' "$pkg" >rdevs
	for t in $tuples; do
		read -r v becomes <<<"$(verdict rpmbuild rpm "$t")"
		stored=$(awk -v f="/dev/${t/:/_}" '$1 == f { print $2 }' rdevs)
		assert_equal "$stored" "$(($(glibc "${t%:*}" "${t#*:}") & 0xffff))"
		# read back as glibc's dev_t, as rpm -i's mknod takes it
		assert_equal "$becomes" "$(((stored >> 8) & 0xfff)):$((stored & 0xff))"
	done
	assert_equal "$(verdict rpmbuild rpm 259:0)" "truncated 3:0"
	assert_equal "$(verdict rpmbuild rpm 1:3)" "survives 1:3"
	run2 devnum whence 3:0
	assert_line "3:0: 259:0 char icap0 (Xilinx internal configuration port): a glibc dev_t kept in 16 bits and read by glibc: rpm's 16-bit rdev [glibc-cut-to-16]"
}

@test "scan x.rpm: each payload device with its header's FILERDEVS, what rpm -i makes; a header that lies" {
	need rpmbuild rpm
	real_root "rpmbuild in fakeroot packages none of them ('unpackaged')"
	pkg=$(rpm_of devs 259:0 8:256 1:3)
	run2 devnum scan --format '%p %M:%m [%{findings}] %n' "$pkg"
	assert_success
	rpm -qp --qf '[%{FILENAMES} %{FILERDEVS}\n]' "$pkg" >rdevs
	for t in 259:0 8:256 1:3; do
		v=$(awk -v f="/dev/${t/:/_}" '$1 == f { print $2 }' rdevs)
		assert_line "./dev/${t/:/_} $((v >> 8)):$((v & 0xff)) [rpm] the header's FILERDEVS $(printf 0x%04x "$v"), what rpm -i makes: $((v >> 8)):$((v & 0xff)); rpm keeps 16 bits of each device, and rpmbuild cut any wider one to them"
	done
	# the main header by hand: after the 96-byte lead, the signature
	# header (16 bytes, entries of 16, data, padded to 8), then the main
	# header; FILERDEVS is tag 1033, INT16 big-endian, one a file, files
	# in BASENAMES' order (sorted: 1_3, 259_0, 8_256)
	python3 -c 'import struct, sys
d = bytearray(open(sys.argv[1], "rb").read())
n, size = struct.unpack(">II", d[104:112]); at = 96 + 16 + 16 * n + size; at += -at % 8
n, size = struct.unpack(">II", d[at + 8:at + 16]); store = at + 16 + 16 * n
for i in range(n):
    tag, typ, off, count = struct.unpack(">IIII", d[at + 16 + 16 * i:at + 32 + 16 * i])
    if tag == 1033:
        d[store + off + 2:store + off + 4] = struct.pack(">H", 0x0101)
    if tag == 1117:
        names = off
open("lie.rpm", "wb").write(d)
cut = store + 8
open("cut.rpm", "wb").write(d[:cut])
d[at + 8:at + 12] = struct.pack(">I", 70000)
open("many.rpm", "wb").write(d)' "$pkg"
	run2 devnum scan --format '%p %M:%m [%{findings}] %n' lie.rpm
	assert_failure 1
	assert_line "./dev/259_0 3:0 [rpm-header] but the header's FILERDEVS 0x0101, what rpm -i makes: 1:1; rpm keeps 16 bits of each device, and rpmbuild cut any wider one to them, not the payload's number"
	run2 devnum scan cut.rpm
	assert_failure 2
	assert_equal "$stderr" "devnum: 'cut.rpm': an RPM package cut short in its main header"
	run2 devnum scan many.rpm
	assert_failure 2
	assert_equal "$stderr" "devnum: 'many.rpm': an RPM main header of 70000 entries and $(python3 -c 'import struct, sys
d = open(sys.argv[1], "rb").read(); n, size = struct.unpack(">II", d[104:112]); at = 96 + 16 + 16 * n + size; at += -at % 8
print(struct.unpack(">I", d[at + 12:at + 16])[0])' "$pkg") bytes: more than rpm reads (65536 and 268435456)"
}

@test "rpm -i makes the node FILERDEVS holds: 259:0 packaged is made 3:0" {
	need rpmbuild rpm
	need strace strace
	real_root "rpmbuild in fakeroot packages none of them ('unpackaged'), and rpm -i makes real nodes"
	pkg=$(rpm_of nvme 259:0)
	mkdir r
	# the node has no driver here, so rpm's open of it after mknodat fails:
	# the mknodat call is what rpm -i makes
	strace -f -e trace=mknodat -o trace rpm -i --root="$PWD/r" --nodeps --noscripts \
		--nosignature "$pkg" >/dev/null 2>&1 || true
	run grep -o 'S_IFCHR[^)]*makedev([^)]*)' trace
	assert_output "S_IFCHR|000, makedev(0x3, 0)"
}

@test "casync make and extract keep every device exactly, in CA_FORMAT_DEVICE's two le64 words" {
	need casync casync
	real_root "casync extract rejects what casync make wrote in fakeroot ('Bad message')"
	local tuples="8:256 259:0 4095:1048575 1:3 0:0"
	mkdir t out
	for t in $tuples; do mknod "t/${t/:/_}" c "${t%:*}" "${t#*:}"; done
	casync make --without=xattrs x.catar t >/dev/null 2>&1 || fail "casync make"
	casync extract x.catar out >/dev/null 2>&1 || fail "casync extract"
	for t in $tuples; do
		assert_equal "$(verdict casync catar "$t")" "survives $t"
		assert_equal "$(stat -c '%Hr:%Lr' "out/${t/:/_}")" "$t"
	done
	# the items by hand: le64 size, le64 type, then the payload; a
	# device's is CA_FORMAT_DEVICE (0xac3dace369dfe643), le64 major, minor
	python3 -c 'import struct, sys
d = open("x.catar", "rb").read(); i = 0
while i + 16 <= len(d):
    size, typ = struct.unpack("<QQ", d[i:i + 16])
    if typ == 0xac3dace369dfe643:
        print("%d %d" % struct.unpack("<QQ", d[i + 16:i + 32]))
    if size < 16:
        break
    i += size' | sort >stored
	for t in $tuples; do devnum pack catar "$t"; done | sort >packed
	assert_equal "$(cat stored)" "$(cat packed)"
}

@test "scan x.catar: every device of a casync archive, as casync extract makes it; hostile items" {
	need casync casync
	real_root "casync extract rejects what casync make wrote in fakeroot ('Bad message')"
	mkdir -p t/dev/sub t/etc out
	mknod t/dev/mydisk b 8 256 && mknod t/dev/sub/nvme b 259 0 && mknod t/dev/huge c 4095 1048575
	mknod t/zz c 1 3 && mkfifo t/dev/fifo && echo hello >t/etc/passwd && ln -s ../etc/passwd t/dev/link
	setfattr -n user.x -v y t/dev/mydisk 2>/dev/null || true
	casync make x.catar t >/dev/null 2>&1 || fail "casync make"
	casync extract x.catar out >/dev/null 2>&1 || fail "casync extract"
	want=$(cd out && find . \( -type c -o -type b \) -printf '/%P %Y ' -exec stat -c '%Hr:%Lr' {} \; |
		sed 's/ c / char /; s/ b / block /' | sort)
	[ "$(wc -l <<<"$want")" = 4 ] || fail "casync extract made $(wc -l <<<"$want") devices"
	run2 devnum scan --format '%p %t %M:%m' x.catar
	assert_success
	assert_equal "$(sort <<<"$output")" "$want"
	# from a pipe too, and the fields as stored
	run2 bash -c 'devnum scan --format "%p %{container} %F" - <x.catar'
	assert_line "/dev/sub/nvme catar 259 0"
	# hostile: cut, an item claiming 2^64-1 bytes, a name with a slash
	head -c 300 x.catar >cut.catar
	run2 devnum scan cut.catar
	assert_failure 2
	python3 -c 'import struct
d = bytearray(open("x.catar", "rb").read())
i = d.index(struct.pack("<Q", 0x6dbb6ebcb3161f0b)) - 8   # the first FILENAME item
big = bytearray(d); big[i:i + 8] = struct.pack("<Q", 2**64 - 1); open("big.catar", "wb").write(big)
n = d.index(b"dev\0", i); slash = bytearray(d); slash[n + 1] = ord("/"); open("slash.catar", "wb").write(slash)'
	run2 devnum scan big.catar
	assert_failure 2
	# after the root's ENTRY, the first FILENAME
	assert_equal "$stderr" "devnum: 'big.catar': after entry 1: catar: an item at byte $(python3 -c 'import struct
d = open("x.catar", "rb").read(); print(d.index(struct.pack("<Q", 0x6dbb6ebcb3161f0b)) - 8)') of 18446744073709551615 bytes: less than its head, or past any input's end"
	run2 devnum scan slash.catar
	assert_failure 2
	assert_equal "$stderr" "devnum: 'slash.catar': after entry 1: /: a file name that is no name (empty, with '/' or NUL, or past 255 bytes)"
	assert_output ""
}

@test "wimcapture --unix-data keeps the low 32 bits of the dev_t, with exit 0 and no word" {
	need wimcapture wimtools
	need fakeroot fakeroot
	local tuples="8:256 259:0 4095:1048575 4096:0 4097:5 1:3"
	# fakeroot's nodes, beyond 12:20 too; wimapply in the same session
	faked "mkdir t w; for t in $tuples; do mknod t/\${t/:/_} c \${t%:*} \${t#*:}; done
		wimcapture --unix-data t x.wim >/dev/null 2>err && wimapply --unix-data x.wim w >/dev/null
		for t in $tuples; do stat -c '%Hr:%Lr' w/\${t/:/_}; done >made"
	assert_equal "$(cat err)" ""
	local i=0
	mapfile -t made <made
	for t in $tuples; do
		read -r v becomes <<<"$(verdict wimcapture wim "$t")"
		assert_equal "${made[i]}" "$becomes"
		i=$((i + 1))
	done
	assert_equal "$(verdict wimcapture wim 4096:0)" "truncated 0:0"
	assert_equal "$(verdict wimcapture wim 4095:1048575)" "survives 4095:1048575"
	# scan reads the image's UNIX data as wimapply made the nodes
	devnum --list=formats | grep -qx $'wim\timage\tlibwim\tseek' ||
		skip "this build reads no WIM (configure found no wimlib.h: libwim-dev)"
	run2 devnum scan --format '%p %M:%m %{container} %F' x.wim
	i=0
	for t in $tuples; do
		assert_line "/${t/:/_} ${made[i]} wim $(printf 0x%08x $(($(glibc "${t%:*}" "${t#*:}") & 0xffffffff)))"
		i=$((i + 1))
	done
	assert_equal "${#lines[@]}" 6
	# on a pipe, from a temporary copy that keeps a name while wimlib reads it
	run2 bash -c "devnum scan --format '%p %M:%m %{container} %F' x.wim; cat x.wim | devnum scan --format '%p %M:%m %{container} %F' -"
	assert_equal "${#lines[@]}" 12
	assert_equal "$(printf '%s\n' "${lines[@]:0:6}")" "$(printf '%s\n' "${lines[@]:6}")"
	head -c $(($(stat -c %s x.wim) / 2)) x.wim >cut.wim
	run2 devnum scan cut.wim
	assert_failure 2
	assert_equal "$stderr" "devnum: 'cut.wim': WIM image: cannot be opened: Unexpectedly reached the end of the file"
}

@test "debugfs mknod keeps the low 12 bits of the major and refuses minors of 65536 and more" {
	need mke2fs e2fsprogs
	need debugfs e2fsprogs
	mke2fs -q -t ext4 e.img 4M || fail "mke2fs"
	for t in 8:1 255:255 8:256 4095:65535 4096:0 65535:0 65536:0 1048575:0 1:65535 1:65536; do
		debugfs -w -R "mknod n${t/:/_} c ${t%:*} ${t#*:}" e.img >/dev/null 2>&1
		read -r v becomes <<<"$(verdict debugfs ext4 "$t")"
		if [ "$v" = refused ]; then
			run debugfs -R "stat n${t/:/_}" e.img
			assert_output --partial "File not found"
		else
			same_fields ext4 "$becomes" "$(ext4_fields e.img "n${t/:/_}")"
		fi
	done
	assert_equal "$(verdict debugfs ext4 4096:0)" "truncated 0:0"
	assert_equal "$(verdict debugfs ext4 65535:0)" "truncated 4095:0"
	assert_equal "$(verdict debugfs ext4 1:65536)" "refused 1:65536"
	assert_equal "$(verdict debugfs ext4 65536:0)" "refused 65536:0"
}

@test "mksquashfs stores linux32 exactly; unsquashfs -lls lists (raw >> 8, raw & 0xff)" {
	need mksquashfs squashfs-tools
	need unsquashfs squashfs-tools
	nodes
	mksquashfs n s.img -noappend -quiet >/dev/null 2>&1 || fail "mksquashfs"
	unsquashfs -lls s.img >list
	for t in $TUPLES; do
		assert_equal "$(verdict mksquashfs squashfs "$t")" "survives $t"
		listed=$(sed -n "s|^c.* \(-*[0-9]*\), *\([0-9]*\) .* squashfs-root/${t/:/_}\$|\1 \2|p" list)
		read -r hi lo <<<"$listed"
		same_fields squashfs "$t" "$(( ((hi & 0xffffff) << 8) | lo ))"
	done
	assert_equal "$(sed -n 's|^c.* \(-*[0-9]*\), *\([0-9]*\) .* squashfs-root/8_256$|\1,\2|p' list)" "4104,0"
	assert_equal "$(sed -n 's|^c.* \(-*[0-9]*\), *\([0-9]*\) .* squashfs-root/4095_1048575$|\1,\2|p' list)" "-1,255"
}

# The tuples beyond the kernel's 12:20, and its limits.
BEYOND="0:0 8:256 259:0 4095:1048575 4096:0 4097:5 0:1048576 1:1048831 65535:65535 1048575:16777215"

@test "linux: mknod(2) through glibc refuses beyond 12:20; a raw mknodat and musl keep 32 bits" {
	[ -z "${FAKEROOTKEY:-}" ] || skip "fakeroot's mknod(2) refuses nothing: the kernel's needs real root"
	need musl-gcc musl-tools
	need tar tar
	need bsdtar libarchive-tools
	need python3 python3
	# this machine's compiler, not a cross one: the helper runs on this kernel
	cc -o mk "$BATS_TEST_DIRNAME/mknodat.c" || fail "cc mknodat.c"
	musl-gcc -o mk-musl "$BATS_TEST_DIRNAME/mknodat.c" || fail "musl-gcc mknodat.c"
	for t in 8:1 4095:1048575 4096:0 4097:5 0:1048576 1:1048831 65535:65535; do
		n="${t/:/_}"
		read -r v _ <<<"$(verdict linux linux "$t")"
		if mknod "x$n" c "${t%:*}" "${t#*:}" 2>/dev/null; then
			assert_equal "$v" survives
		else
			assert_equal "$v" refused
		fi
		made=$(./mk libc "g$n" "${t%:*}" "${t#*:}") || assert_equal "$made" "Invalid argument"
		read -r v becomes <<<"$(verdict glibc linux "$t")"
		[ "$made" = "Invalid argument" ] && assert_equal "$v" refused || assert_equal "$becomes" "$made"
		assert_equal "$(verdict syscall linux "$t" | cut -d' ' -f2)" "$(./mk raw "r$n" "${t%:*}" "${t#*:}")"
		assert_equal "$(verdict musl linux "$t" | cut -d' ' -f2)" "$(./mk-musl libc "m$n" "${t%:*}" "${t#*:}")"
	done
	assert_equal "$(verdict linux linux 4096:0)" "refused 4096:0"
	assert_equal "$(verdict go linux 4096:0)" "truncated 0:0"
	# the extractors that call glibc's mknod: each says EINVAL for 4096:0
	printf '#mtree\n./big type=char device=native,4096,0\n' | bsdtar -cf big.tar --format=pax @-
	mkdir -p gt bt py
	run tar -xf big.tar -C gt
	assert_failure
	assert_output --partial "Cannot mknod: Invalid argument"
	run bsdtar -xf big.tar -C bt
	assert_failure
	assert_output --partial "Invalid argument"
	run python3 -c 'import tarfile; tarfile.open("big.tar").extractall("py")'
	assert_failure
	assert_output --partial "[Errno 22] Invalid argument"
	# scan names them all, and the whiteout the others make
	run2 devnum scan --format '%{findings}' big.tar
	assert_output not-linux,becomes-whiteout
}

# The nodes of BEYOND in n/, and "NAME M:m" of each node in DIR by stat.
NODES='mkdir -p n; for t in '"$BEYOND"'; do mknod "n/${t/:/_}" c "${t%:*}" "${t#*:}"; done'
LIST='for f in DIR/*; do printf "%s %d:%d\n" "${f##*/}" 0x$(stat -c %t "$f") 0x$(stat -c %T "$f"); done'

# linux32 RAW: new_decode_dev's tuple, by hand
linux32() {
	echo "$(( ($1 >> 8) & 0xfff )):$(( ($1 & 0xff) | (($1 >> 12) & 0xfff00) ))"
}

@test "mksquashfs and gensquashfs mask each part to 12:20; unsquashfs -lls shows what they stored" {
	need fakeroot fakeroot
	need mksquashfs squashfs-tools
	need unsquashfs squashfs-tools
	need gensquashfs squashfs-tools-ng
	faked "$NODES; mksquashfs n mksquashfs.img -noappend -quiet >/dev/null 2>&1
		gensquashfs --pack-dir n --quiet gensquashfs.img"
	for w in mksquashfs gensquashfs; do
		unsquashfs -lls $w.img >list
		for t in $BEYOND; do
			read -r hi lo <<<"$(sed -n "s|^c.* \(-*[0-9]*\), *\([0-9]*\) .* squashfs-root/${t/:/_}\$|\1 \2|p" list)"
			read -r v becomes <<<"$(verdict $w squashfs "$t")"
			assert_equal "$(linux32 $(( ((hi & 0xffffff) << 8) | lo )))" "$becomes"
			[ "$becomes" = "$t" ] && assert_equal "$v" survives || assert_equal "$v" truncated
		done
	done
}

@test "mkfs.erofs shifts the major unmasked: fsck.erofs --extract makes what fits says" {
	need fakeroot fakeroot
	need mkfs.erofs erofs-utils
	need fsck.erofs erofs-utils
	faked "$NODES; mkfs.erofs --quiet e.img n; fsck.erofs --extract=x e.img >/dev/null; ${LIST/DIR/x} >extracted"
	for t in $BEYOND; do
		read -r v becomes <<<"$(verdict mkfs.erofs erofs "$t")"
		assert_equal "$(sed -n "s/^${t/:/_} //p" extracted)" "$becomes"
	done
	assert_equal "$(verdict mkfs.erofs erofs 4096:0)" "truncated 0:256"
	assert_equal "$(verdict mkfs.erofs erofs 4097:5)" "truncated 1:261"
}

# cramfs_sizes IMAGE: "NAME SIZE" of each entry of the root directory,
# read from the bytes: the root inode at 64 (words: mode|uid, size|gid,
# namelen|offset), its entries at offset * 4, each 12 bytes and a name of
# namelen * 4
cramfs_sizes() {
	local w1 w2 off end len
	w1=$(u32 "$1" 68) w2=$(u32 "$1" 72)
	off=$(((w2 >> 6) * 4)) end=$(((w2 >> 6) * 4 + (w1 & 0xffffff)))
	while [ "$off" -lt "$end" ]; do
		w1=$(u32 "$1" $((off + 4))) w2=$(u32 "$1" $((off + 8))) len=$(((w2 & 0x3f) * 4))
		echo "$(bytes "$1" $((off + 12)) $len) $((w1 & 0xffffff))"
		off=$((off + 12 + len))
	done
}

u32() {
	od -An -tu4 --endian=little -j "$2" -N4 "$1" | tr -d ' '
}

@test "mkfs.cramfs keeps 24 bits; fsck.cramfs reads them as glibc's, the kernel as 8:8" {
	need fakeroot fakeroot
	need mkfs.cramfs util-linux
	need fsck.cramfs util-linux
	faked "$NODES; mkfs.cramfs n c.img; fsck.cramfs --extract=x c.img; ${LIST/DIR/x} >extracted"
	cramfs_sizes c.img >sizes
	for t in $BEYOND; do
		read -r v becomes <<<"$(verdict mkfs.cramfs cramfs "$t")"
		assert_equal "$(sed -n "s/^${t/:/_} //p" extracted)" "$becomes"
		# the kernel's old_decode_dev of the stored field, by hand
		size=$(sed -n "s/^${t/:/_} //p" sizes)
		read -r v kernel <<<"$(verdict linux cramfs "$becomes")"
		assert_equal "$kernel" "$(( (size >> 8) & 0xff )):$(( size & 0xff ))"
	done
	assert_equal "$(verdict linux cramfs 259:0)" "misread 3:0"
	assert_equal "$(verdict linux cramfs 8:256)" "misread 8:0"
}

# iso_listing IMAGE NAME: "M:m" of the entry, as bsdtar (libarchive) reads it
iso_listing() {
	bsdtar -tvf "$1" | sed -n "s|.* \([0-9]*\), *\([0-9]*\) .* \(.*/\)\{0,1\}$2\$|\1:\2|p"
}

@test "ISO 9660 PN: bsdtar and xorriso store the dev_t's halves, genisoimage (major, minor)" {
	need bsdtar libarchive-tools
	need xorriso xorriso
	need genisoimage genisoimage
	nodes
	bsdtar --format=iso9660 -cf bsdtar.iso -C n .
	xorriso -as mkisofs -quiet -R -o xorriso.iso n 2>/dev/null
	genisoimage -quiet -R -o genisoimage.iso n 2>/dev/null
	for w in bsdtar xorriso genisoimage; do
		python3 "$BATS_TEST_DIRNAME/pn.py" $w.iso >pn.$w
		for t in $TUPLES; do
			read -r _ high low <<<"$(grep "^${t/:/_} " pn.$w)"
			if [ $w = genisoimage ]; then
				assert_equal "$high $low" "${t%:*} ${t#*:}"
			else
				same_fields iso9660 "$t" "$(printf '0x%08x 0x%08x' "$high" "$low")"
			fi
			# what a reader of the standard (libarchive) gets back
			read -r v becomes <<<"$(verdict $w iso9660 "$t")"
			assert_equal "$becomes" "$(iso_listing $w.iso "${t/:/_}")"
			# scan knows the writer by the volume's identifiers: the tuple, and Linux's reading
			run2 devnum scan --format '%M:%m %{findings}' $w.iso
			kernel=$(isofs "$high" "$low")
			words=""; [ "$t" != 0:0 ] || words=whiteout
			[ "$kernel" = "$t" ] || words=${words:+$words,}isofs
			assert_line "$t $words"
		done
	done
	run2 devnum scan --format '%p %M:%m [%{findings}] %n' genisoimage.iso
	assert_line "8_1 8:1 [] "
	run2 devnum scan --format '%p %M:%m [%{findings}] %n' xorriso.iso
	assert_line "8_256 8:256 [isofs] Linux reads PN (0x0, 0x100800) as 8:0"
}

@test "isofs: Linux's reading of the standard's PN, against the kernel's rule by hand" {
	for t in $TUPLES; do
		read -r high low <<<"$(devnum pack iso9660 "$t")"
		want=$(isofs $((high)) $((low)))
		read -r v becomes <<<"$(verdict linux iso9660 "$t")"
		assert_equal "$becomes" "$want"
		[ "$want" = "$t" ] && assert_equal "$v" survives || assert_equal "$v" misread
	done
}
