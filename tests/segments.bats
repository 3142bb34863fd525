#!/usr/bin/env bats
# scan of inputs that hold several archives, as a Linux initramfs does,
# and of inputs that hold none.  Hand-made archives carry tuples written
# here byte by byte; real ones come from GNU cpio, GNU tar and the
# compressors, with nodes made by mknod(2) (root).
# needs: mknod (as a normal user, make check runs this file under fakeroot)
load helper

setup() {
	cd "$BATS_TEST_TMPDIR"
}

# newc NAME MODE MAJOR MINOR: one SVR4 newc header and name, no data,
# padded to 4 bytes (MODE in octal, the parts in decimal)
newc() {
	local n=$((${#1} + 1))
	printf '070701%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%s\0' \
		1 "$((8#$2))" 0 0 1 0 0 0 0 "$3" "$4" "$n" 0 "$1"
	head -c $(((4 - (110 + n) % 4) % 4)) /dev/zero
}

# cpio ENTRY...: a newc archive of char devices NAME=MAJOR:MINOR, its
# trailer, and zeros to a 512-byte boundary, as GNU cpio pads
cpio_of() {
	local e t
	{
		for e in "$@"; do
			t=${e#*=}
			newc "${e%%=*}" 20644 "${t%:*}" "${t#*:}"
		done
		newc TRAILER!!! 0 0 0
	} >seg
	cat seg
	head -c $(((512 - $(wc -c <seg) % 512) % 512)) /dev/zero
}

@test "scan: an initramfs's segments, uncompressed, then gzip, zstd, xz, bzip2, lz4" {
	cpio_of kernel/x86/microcode/GenuineIntel.bin=0:0 >early.cpio
	cpio_of dev/console=5:1 dev/null=1:3 dev/node8_1=8:1 >main.cpio
	for z in gzip zstd xz bzip2 lz4; do
		need $z $z
		{ cat early.cpio; $z -c <main.cpio; } >img
		run2 devnum scan --format '%p %t %M:%m %{segment} %{offset} %{compression}' img
		assert_success
		assert_output "kernel/x86/microcode/GenuineIntel.bin char 0:0 1 0 none
dev/console char 5:1 2 512 $z
dev/null char 1:3 2 512 $z
dev/node8_1 char 8:1 2 512 $z"
	done
}

@test "scan: archives after a compressed one, and several inside one stream" {
	cpio_of a=1:1 >a.cpio
	cpio_of b=2:2 >b.cpio
	cpio_of c=3:3 >c.cpio
	{ gzip -c a.cpio; cat b.cpio; } >one
	run2 devnum scan --format '%p %M:%m %{segment} %{offset} %{compression}' one
	assert_success
	assert_output "a 1:1 1 0 gzip
b 2:2 2 $(gzip -c a.cpio | wc -c) none"
	cat a.cpio b.cpio | gzip -c >two
	cat two c.cpio >three
	run2 devnum scan --summary --format '%p %M:%m %{segment}' three
	assert_success
	assert_output $'a 1:1 1\nb 2:2 1\nc 3:3 2'
	assert_line --index 0 "a 1:1 1"
	[[ $stderr == *"segment 1 at byte 0, gzip: 2 entries, 2 devices, 0 with findings"* ]] || fail "$stderr"
	[[ $stderr == *"three: 2 segments, 3 entries, 3 devices, 0 with findings" ]] || fail "$stderr"
	# libarchive's zstd reader fails on data after the stream: an error, not silence
	{ zstd -c a.cpio; cat b.cpio; } >z
	run2 devnum scan z
	assert_failure 2
	[[ $stderr == "devnum: 'z': Zstd decompression failed"* ]] || fail "$stderr"
}

@test "scan: every segment from standard input too, and the JSON names them" {
	cpio_of early=0:0 >e.cpio
	cpio_of dev/ttyS0=4:64 >m.cpio
	{ cat e.cpio; xz -c m.cpio; } | devnum scan --json >out
	run jq -rc '[.path, .segment, .offset, .compression, .major, .minor]' out
	assert_output $'["early",1,0,"none",0,0]\n["dev/ttyS0",2,512,"xz",4,64]'
}

@test "scan: junk after the last archive is an error that names the segment" {
	cpio_of a=1:1 >a.cpio
	{ cat a.cpio; printf 'junk'; } >j
	run2 devnum scan --format '%p' j
	assert_failure 2
	assert_output a
	[[ $stderr == "devnum: 'j': segment 2 at byte 512: "* ]] || fail "$stderr"
}

@test "scan: GNU cpio and the compressors, as mkinitramfs builds an image" {
	[ "$(id -u)" = 0 ] || skip "mknod(2) needs root, or fakeroot (Debian package fakeroot)"
	need cpio cpio
	mkdir -p early/kernel/x86/microcode main/dev
	echo ucode >early/kernel/x86/microcode/AuthenticAMD.bin
	mknod main/dev/console c 5 1 && mknod main/dev/null c 1 3 && mknod main/dev/big c 8 256
	(cd early && find . | cpio -o -H newc 2>/dev/null) >early.cpio
	(cd main && find . | cpio -o -H newc 2>/dev/null) >main.cpio
	for z in gzip zstd xz; do
		{ cat early.cpio; $z -c <main.cpio; } >initrd.img
		run2 devnum scan --format '%p %M:%m %{segment} %{compression}' initrd.img
		assert_success
		assert_line "dev/console 5:1 2 $z"
		assert_line "dev/null 1:3 2 $z"
		assert_line "dev/big 8:256 2 $z"
	done
}

@test "scan: an image made by dracut, every entry as GNU cpio lists them" {
	[ "$(id -u)" = 0 ] || skip "dracut needs root"
	command -v dracut >/dev/null || skip "dracut is not installed (Debian package dracut-core)"
	# no kernel here to take modules from: dracut packs its own userspace
	dracut --no-kernel --no-hostonly --force --quiet --tmpdir "$BATS_TEST_TMPDIR" \
		initrd.img 0.0.0-none 2>/dev/null || fail "dracut failed"
	zcat initrd.img | cpio -it 2>/dev/null >listed
	[ "$(wc -l <listed)" -gt 100 ] || fail "dracut packed $(wc -l <listed) entries"
	zcat initrd.img | cpio -itv 2>/dev/null | awk '/^[cb]/ { sub(",", ":", $5); print $NF, $5 $6 }' >devices
	run2 devnum scan --summary --format '%p %M:%m' initrd.img
	assert_success
	assert_output "$(cat devices)"
	assert_equal "${stderr##*: }" "1 segment, $(wc -l <listed | tr -d " ") entries, $(wc -l <devices | tr -d " ") devices, 0 with findings"
}

@test "scan: concatenated tar archives, as tar -i reads them" {
	need tar tar
	mkdir -p f && : >f/file
	tar -cf a.tar -C f file
	cat a.tar a.tar >aa.tar
	run2 devnum scan --summary aa.tar
	assert_success
	[[ $stderr == *"aa.tar: 2 segments, 2 entries, 0 devices, 0 with findings" ]] || fail "$stderr"
	[ "$(id -u)" = 0 ] || skip "mknod(2) needs root, or fakeroot (Debian package fakeroot)"
	mkdir -p n && mknod n/sda b 8 0 && mknod n/tty c 4 1
	tar -cf b.tar -C n sda && tar -cf c.tar -C n tty
	cat b.tar c.tar >bc.tar
	run tar -itvf bc.tar
	assert_line --partial "8,0"
	assert_line --partial "4,1"
	run2 devnum scan --format '%p %t %M:%m %{segment}' bc.tar
	assert_success
	assert_output $'sda block 8:0 1\ntty char 4:1 2'
}

@test "scan: no archive is an error: empty, zeros, /dev/null, text" {
	: >empty
	head -c 10240 /dev/zero >zeros
	printf 'hello world\n' >text
	printf 'etc/passwd type=file\n' >list
	run2 devnum scan empty
	assert_failure 2
	assert_equal "$stderr" "devnum: 'empty': empty: not an archive"
	run2 devnum scan zeros
	assert_failure 2
	assert_equal "$stderr" "devnum: 'zeros': 10240 zero bytes and nothing else: not an archive (libarchive reads zeros as an empty tar)"
	run2 devnum scan /dev/null
	assert_failure 2
	assert_equal "$stderr" "devnum: '/dev/null': empty: not an archive"
	run2 devnum scan text
	assert_failure 2
	assert_equal "$stderr" "devnum: 'text': Unrecognized archive format"
	run2 devnum scan list
	assert_failure 2
	assert_equal "$stderr" "devnum: 'list': text, not an archive (libarchive would read it as mtree, which begins with an #mtree line)"
	run2 bash -c "printf '0x301\n' | devnum scan"
	assert_failure 2
	assert_equal "$stderr" "devnum: '-': text, not an archive (libarchive would read it as mtree, which begins with an #mtree line)"
	run2 bash -c "head -c 3000 /dev/zero | devnum scan --json"
	assert_failure 2
	assert_output '{"input":"-","error":"3000 zero bytes and nothing else: not an archive (libarchive reads zeros as an empty tar)"}'
}

@test "scan: compressed, nothing or zeros is said as uncompressed; an empty stream is named" {
	head -c 10485760 /dev/zero >zeros
	: >empty
	for c in gzip zstd xz bzip2; do
		need $c $c
		$c -c zeros >zeros.$c
		$c -c empty >empty.$c
		run2 devnum scan zeros.$c
		assert_failure 2
		assert_equal "$stderr" "devnum: 'zeros.$c': $c stream of 10485760 zero bytes and nothing else: not an archive (libarchive reads zeros as an empty tar)"
		run2 devnum scan - <empty.$c
		assert_failure 2
		assert_equal "$stderr" "devnum: '-': an empty $c stream: not an archive"
	done
}

@test "scan: a gzip member whose trailer CRC-32 or length is not what was inflated is a warning naming it" {
	devnum --list=formats | grep -qx $'gzip\tcompression\tlibisal\tstream' ||
		skip "this build reads gzip with libarchive, which checks no trailer"
	need bsdtar libarchive-tools
	printf '%s\n' '#mtree' 'a type=char device=native,1,3' | bsdtar -cf a.tar --format=ustar @-
	gzip -9nc a.tar >ok.gz
	# gzip's trailer: CRC-32, then the length mod 2^32, little-endian
	local size=$(stat -c %s ok.gz) crc len
	crc=$(od -An -tx4 -j $((size - 8)) -N4 ok.gz | tr -d ' ')
	len=$(od -An -tu4 -j $((size - 4)) -N4 ok.gz | tr -d ' ')
	assert_equal "$len" "$(stat -c %s a.tar)"
	{ head -c $((size - 8)) ok.gz; printf '\x00\x00\x00\x00'; tail -c 4 ok.gz; } >crc.gz
	{ head -c $((size - 4)) ok.gz; printf '\x01\x00\x00\x00'; } >len.gz
	cat ok.gz crc.gz >second.gz
	run gzip -t crc.gz
	assert_failure
	run2 devnum scan ok.gz
	assert_success
	assert_equal "$stderr" ""
	run2 devnum scan --format='%p' crc.gz
	assert_success
	assert_output "a"
	assert_equal "$stderr" "devnum: 'crc.gz': warning: gzip member 1 (its trailer at byte $((size - 8))): the trailer says CRC-32 0x00000000 and length $len, the data inflated to 0x$crc and $len bytes (mod 2^32): damaged"
	run2 devnum scan --format='%p' len.gz
	assert_equal "$stderr" "devnum: 'len.gz': warning: gzip member 1 (its trailer at byte $((size - 8))): the trailer says CRC-32 0x$crc and length 1, the data inflated to 0x$crc and $len bytes (mod 2^32): damaged"
	run2 devnum scan --format='%p' second.gz
	assert_output $'a\na'
	assert_equal "$stderr" "devnum: 'second.gz': warning: gzip member 2 (its trailer at byte $((2 * size - 8))): the trailer says CRC-32 0x00000000 and length $len, the data inflated to 0x$crc and $len bytes (mod 2^32): damaged"
}

@test "scan: file-system images are found by libblkid and read; one with no devices lists none, status 0" {
	need mke2fs e2fsprogs
	mkdir -p d && echo x >d/file
	mke2fs -q -F -d d -t ext4 img.ext4 8M
	run2 devnum scan img.ext4
	assert_success
	assert_equal "$output$stderr" ""
	run2 bash -c 'devnum scan <img.ext4'
	assert_success
	run2 bash -c 'cat img.ext4 | devnum scan --summary'
	assert_success
	assert_equal "${stderr_lines[-1]}" "devnum: -: 1 segment, 8388608 bytes spooled, 2 entries, 0 devices, 0 with findings"
	mke2fs -q -F -t ext2 img.ext2 2M
	run2 devnum scan --summary img.ext2
	assert_success
	assert_equal "$stderr" "devnum: img.ext2: segment 1 at byte 0, uncompressed: 1 entry, 0 devices, 0 with findings
devnum: img.ext2: 1 segment, 1 entry, 0 devices, 0 with findings"
	need mksquashfs squashfs-tools
	mksquashfs d img.sqfs -quiet -noappend >/dev/null
	run2 devnum scan img.sqfs
	assert_success
	assert_equal "$output$stderr" ""
}

@test "scan: an empty cpio is an archive with no entries, status 0" {
	newc TRAILER!!! 0 0 0 >t.cpio
	run2 devnum scan t.cpio
	assert_success
	assert_output ""
}

# member FILE [FLAGS]: FILE as one gzip member written here, its header
# with the fields FLAGS names (n name, c comment, x extra, h header CRC)
member() {
	python3 - "$1" "${2:-}" <<'PY'
import struct, sys, zlib
data, flags = open(sys.argv[1], 'rb').read(), sys.argv[2]
f, rest = 0, b''
if 'x' in flags: f |= 4; rest += struct.pack('<H', 6) + b'devnum'
if 'n' in flags: f |= 8; rest += b'main.cpio\0'
if 'c' in flags: f |= 16; rest += b'a comment\0'
head = b'\x1f\x8b\x08' + bytes([f | (2 if 'h' in flags else 0)]) + b'\0' * 5 + b'\x03' + rest
if 'h' in flags: head += struct.pack('<H', zlib.crc32(head) & 0xffff)
z = zlib.compressobj(6, zlib.DEFLATED, -15)
sys.stdout.buffer.write(head + z.compress(data) + z.flush() +
                        struct.pack('<II', zlib.crc32(data), len(data)))
PY
}

@test "scan: gzip read alike by either inflater: members, header fields, what follows a stream" {
	cpio_of a=1:1 >a.cpio
	cpio_of b=2:2 >b.cpio
	# --list=formats names the inflater configure found
	run2 devnum --list=formats
	if grep -q '^#define HAVE_ISAL 1' "$abs_top_builddir/config.h"; then
		assert_line $'gzip\tcompression\tlibisal\tstream'
	else
		assert_line $'gzip\tcompression\tlibarchive\tstream'
	fi
	# every header field gzip defines, skipped; two members, as pigz writes, one stream
	for flags in "" n c x h nxch; do
		{ member a.cpio "$flags"; member b.cpio "$flags"; } >two
		run2 devnum scan --summary --format '%p %M:%m %{segment} %{compression}' two
		assert_success
		assert_output $'a 1:1 1 gzip\nb 2:2 1 gzip'
		[[ $stderr == *"two: 1 segment, 2 entries"* ]] || fail "$flags: $stderr"
	done
	# the stream ends where the next bytes are no gzip header: here a cpio
	{ member a.cpio n; cat b.cpio; } >then
	run2 devnum scan --format '%p %{segment} %{offset}' then
	assert_success
	assert_output "a 1 0
b 2 $(member a.cpio n | wc -c)"
	# the trailer's CRC is not checked, as libarchive does not check it
	member a.cpio >crc
	printf '\xff' | dd of=crc bs=1 seek=$(($(wc -c <crc) - 8)) conv=notrunc status=none
	run2 devnum scan --format '%p' crc
	assert_success
	assert_output a
	# cut short: in the trailer, in the deflate data; damaged deflate data
	member a.cpio >whole
	for cut in 4 8 40; do
		head -c $(($(wc -c <whole) - cut)) whole >cut
		run2 devnum scan cut
		assert_failure 2
		[[ $stderr == "devnum: 'cut': truncated"* ]] || fail "$cut: $stderr"
	done
	{ head -c 12 whole; printf '\xff\xff\xff'; tail -c +16 whole; } >bad
	run2 devnum scan bad
	assert_failure 2
	assert_equal "$stderr" "devnum: 'bad': gzip decompression failed"
}

@test "scan: a gzip'd tar of many files and members lists what gzip -dc's output lists" {
	[ "$(id -u)" = 0 ] || skip "mknod(2) needs root, or fakeroot (Debian package fakeroot)"
	mkdir -p t/dev && mknod t/dev/sda b 8 0 && mknod t/dev/big c 259 65536
	cp -r "$BATS_TEST_DIRNAME/../src" t/ && tar -cf one.tar -C t . && tar -cf two.tar -C t dev
	{ gzip -c one.tar; gzip -1 -c two.tar; } >t.tgz
	run2 devnum scan --summary --format '%p %t %M:%m %{raw}' t.tgz
	assert_success
	assert_equal "$(grep -c . <<<"$output")" 4
	gzip -dc t.tgz | devnum scan --format '%p %t %M:%m %{raw}' >expected
	assert_equal "$output" "$(cat expected)"
	[[ $stderr == *"t.tgz: 1 segment, $(($(tar -tf one.tar | wc -l) + $(tar -tf two.tar | wc -l))) entries, 4 devices"* ]] ||
		fail "$stderr"
}
