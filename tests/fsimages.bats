#!/usr/bin/env bats
# fsimages: scan of ext2, ext3, ext4 and squashfs images against the real
# writers (mke2fs -d, debugfs, mksquashfs, gensquashfs) and their own
# readers: every stored field is checked against debugfs's inode_dump and
# stat, unsquashfs -lls and sqfs2tar, never against devnum's own output.
# needs: mknod (as a normal user, make check runs this file under fakeroot)
load helper

setup() {
	[ "$(id -u)" = 0 ] || skip "mknod(2) needs root, or fakeroot (Debian package fakeroot)"
	cd "$BATS_TEST_TMPDIR"
}

# The tree of device nodes every image is made from: the 8:8 and 12:20
# boundaries, a hard link, a whiteout, a subdirectory.
tree() {
	mkdir -p root/dev/a root/etc
	echo x >root/etc/file
	mknod root/dev/null c 1 3
	mknod root/dev/sda1 b 8 1
	mknod root/dev/b255 b 255 255
	mknod root/dev/a/big c 300 70000
	mknod root/dev/a/max c 4095 1048575
	mknod root/dev/a/m256 b 8 256
	mknod root/dev/a/w c 0 0
	ln root/dev/null root/dev/a/null2
}

# ext4_image: img, an ext4 image of the tree, made by mke2fs -d
ext4_image() {
	tree
	mke2fs -q -F -t ext4 -d root img 8M
}

# slots IMG PATH: i_block[0] and i_block[1], from the little-endian bytes
# debugfs's inode_dump -b prints
slots() {
	debugfs -R "inode_dump -b $2" "$1" 2>/dev/null | awk 'NR == 1 {
		printf "0x%s%s%s%s 0x%s%s%s%s\n", substr($3,3,2), substr($3,1,2), substr($2,3,2),
		substr($2,1,2), substr($5,3,2), substr($5,1,2), substr($4,3,2), substr($4,1,2) }'
}

# kernel IMG PATH: inode, type and tuple as debugfs's stat reads them
kernel() {
	debugfs -R "stat $2" "$1" 2>/dev/null | awk '
		/^Inode:/ { ino = $2; type = ($4 == "character") ? "char" : "block" }
		/Device major\/minor number:/ { split($0, a, "number: "); split(a[2], t, "[: ]");
			printf "%s %s %d:%d\n", ino, type, t[1], t[2] }'
}

# check IMG: every record of devnum scan IMG against debugfs, field by field
check_ext() {
	local path type ino fields tuple n=0
	while read -r path type ino f0 f1 tuple; do
		assert_equal "$f0 $f1" "$(slots "$1" "$path")"
		assert_equal "$ino $type $tuple" "$(kernel "$1" "$path")"
		n=$((n + 1))
	done < <(devnum scan --format='%p %t %I %F %M:%m' "$1")
	# by stat(2), not find -type, which trusts readdir's d_type: under fakeroot
	# the nodes are regular files that stat(2) calls devices
	assert_equal "$n" "$(find root ! -type d -exec stat -c %F {} + | grep -c 'special file')"
}

@test "scan ext2, ext3, ext4 from mke2fs -d: every device name, both slots and the tuple as debugfs reads them" {
	need mke2fs e2fsprogs
	tree
	for t in ext2 ext3 ext4; do
		mke2fs -q -F -t $t -d root img.$t 8M
		check_ext img.$t
		run2 devnum scan img.$t
		assert_success
		assert_equal "$stderr" ""
		# by hand: new_encode_dev(300, 70000) = 0x70 | 0x12c << 8 | 0x11100 << 12
		assert_line "img.$t: /dev/a/big: char 300:70000 (inode $(kernel img.$t /dev/a/big | cut -d' ' -f1), fields 0x00000000 0x11112c70)"
		assert_line --partial "img.$t: /dev/sda1: block 8:1 (inode"
		assert_line --partial "fields 0x00000801 0x00000000)"
		assert_line --regexp "^img.$t: /dev/a/w: char 0:0 .*\[whiteout\]"
	done
	run2 devnum scan --json img.ext3
	run jq -sc 'map(select(.path == "/dev/null" or .path == "/dev/a/null2") | .inode) | unique | length' <<<"$output"
	assert_output 1
	run jq -rs '.[0] | [.format, .container, .segment, .offset, .compression] | @tsv' <<<"$(devnum scan --json img.ext2)"
	assert_output $'ext2\text4\t1\t0\tnone'
}

@test "scan: debugfs mknod's silent truncation is what is stored, and fits --writer=debugfs says so" {
	need debugfs e2fsprogs
	mkdir -p root/dev
	mke2fs -q -F -t ext4 -d root img 8M
	printf '%s\n' 'cd /dev' 'mknod big c 4096 1' 'mknod m256 b 8 256' >cmds
	debugfs -w -f cmds img >/dev/null 2>&1
	run2 devnum scan --format='%p %F %M:%m' img
	assert_output "/dev/big $(slots img /dev/big) 0:1
/dev/m256 $(slots img /dev/m256) 8:256"
	assert_equal "$(kernel img /dev/big | cut -d' ' -f3) $(kernel img /dev/m256 | cut -d' ' -f3)" "0:1 8:256"
	run2 devnum fits --into=ext4 --writer=debugfs 4096:1
	assert_output --partial "truncated major 4096 above 4095 -> 0:1"
}

@test "scan: aliases set with debugfs sif are found, though e2fsck does not flag them" {
	need debugfs e2fsprogs
	ext4_image
	printf '%s\n' 'sif /dev/null block[0] 0x10103' 'sif /dev/sda1 block[0] 0' \
		'sif /dev/sda1 block[1] 0x801' >cmds
	debugfs -w -f cmds img >/dev/null 2>&1
	run e2fsck -fn img
	assert_success
	check_ext img
	run2 devnum scan img
	assert_failure 1
	assert_line "img: /dev/null: char 1:3 (inode $(kernel img /dev/null | cut -d' ' -f1), fields 0x00010103 0x00000000) [alias] noncanonical: ext4 writes 0x00000103 0x00000000 for 1:3"
	assert_line --regexp "^img: /dev/sda1: block 8:1 \(inode [0-9]+, fields 0x00000000 0x00000801\) \[alias\] noncanonical: ext4 writes 0x00000801 0x00000000 for 8:1$"
}

@test "scan: a device inode in use with no name is listed as <inode N>" {
	need debugfs e2fsprogs
	ext4_image
	ino=$(kernel img /dev/sda1 | cut -d' ' -f1)
	debugfs -w -R "unlink /dev/sda1" img >/dev/null 2>&1
	run2 devnum scan img
	assert_success
	refute_line --partial "/dev/sda1"
	assert_line "img: <inode $ino>: block 8:1 (inode $ino, fields 0x00000801 0x00000000)"
}

@test "scan: a device inode whose checksum does not match is an error, as debugfs refuses to read it; the rest are listed" {
	need debugfs e2fsprogs
	ext4_image
	ino=$(kernel img /dev/sda1 | cut -d' ' -f1)
	debugfs -w -R "sif /dev/sda1 checksum 0x1234" img >/dev/null 2>&1
	run2 debugfs -R "stat /dev/sda1" img
	[[ $stderr == *"Inode checksum does not match inode while reading inode $ino"* ]]
	run2 devnum scan img
	assert_failure 2
	assert_equal "$stderr" "devnum: 'img': /dev/sda1: Inode checksum does not match inode"
	refute_line --partial "sda1"
	assert_equal "$(grep -c ': char \|: block ' <<<"$output")" 7
	debugfs -w -R "unlink /dev/sda1" img >/dev/null 2>&1
	run2 devnum scan img
	assert_failure 2
	assert_equal "$stderr" "devnum: 'img': <inode $ino>: Inode checksum does not match inode"
}

@test "scan hostile ext4: a directory loop, a lying superblock, an inode table past the end, truncation" {
	need debugfs e2fsprogs
	ext4_image
	cp img loop && debugfs -w -R "link /dev /dev/a/loop" loop >/dev/null 2>&1
	run2 devnum scan loop
	assert_failure 2
	assert_equal "$(grep -c ': char \|: block ' <<<"$output")" 8
	assert_equal "$stderr" "devnum: 'loop': directory /dev/a/loop (inode $(debugfs -R 'stat /dev' img 2>/dev/null | awk '/^Inode:/ {print $2}')): entered before: a directory loop"
	cp img lie && debugfs -w -R "ssv inodes_count 4000000000" lie >/dev/null 2>&1
	cp img table && debugfs -w -R "set_bg 0 inode_table 9999999" table >/dev/null 2>&1
	head -c 300000 img >short
	for f in lie table short; do
		run2 /usr/bin/time -f '%M' devnum scan $f
		assert_failure 2
		[[ "${stderr_lines[-1]}" =~ ^[0-9]+$ ]] && [ "${stderr_lines[-1]}" -lt 65536 ]
		grep -q "^devnum: '$f': " <<<"$stderr"
	done
	run2 devnum scan lie
	assert_equal "$stderr" "devnum: 'lie': ext4 image: The ext2 superblock is corrupt"
}

@test "scan: a compressed image, one on a pipe and one in a tar are read from a temporary copy, as debugfs reads the image" {
	need mke2fs e2fsprogs
	need debugfs e2fsprogs
	ext4_image
	check_ext img # the image file's records, field by field against debugfs
	devnum scan --format='%p %t %I %F %M:%m' img >expected || :
	gzip -k img
	run2 devnum scan --summary --format='%p %t %I %F %M:%m' img.gz
	assert_success
	assert_equal "$output" "$(cat expected)"
	[[ $stderr == *"img.gz: 1 segment, 8388608 bytes spooled, "* ]] || fail "$stderr"
	run2 bash -c "cat img | devnum scan --format='%p %t %I %F %M:%m'"
	assert_equal "$output" "$(cat expected)"
	tar -cf in.tar img.gz
	run2 devnum scan --format='%{within} %p %t %I %F %M:%m' in.tar
	assert_equal "$output" "$(sed 's/^/[img.gz] /' expected)"
	assert_equal "$stderr" ""
	rm -f "${TMPDIR:-/tmp}"/devnum-no-such # the copies have no name: none is left
	run2 env TMPDIR=/nonexistent devnum scan img.gz
	assert_failure 2
	assert_equal "$stderr" "devnum: 'img.gz': a temporary file in /nonexistent: No such file or directory"
}

@test "scan: a file system it has no reader for names the way to its devices" {
	need mkfs.minix util-linux
	head -c 1048576 /dev/zero >img
	mkfs.minix img >/dev/null
	# the images this build reads: WIM only where configure found wimlib
	local reads="ext2, ext3, ext4, squashfs, erofs and cramfs"
	devnum --list=formats | grep -qx $'wim\timage\tlibwim\tseek' && reads="ext2, ext3, ext4, squashfs, erofs, cramfs and wim"
	run2 devnum scan img
	assert_failure 2
	assert_equal "$stderr" "devnum: 'img': not an archive but a minix file-system image, which scan does not read (it reads $reads): mount it read-only (mount -o loop,ro) and run devnum stat on its device files"
}

# check_sqfs IMG: every record against sqfs2tar's tuples and unsquashfs
# -lls's pairs, which are (int)raw >> 8 and raw & 0xff
check_sqfs() {
	local path type ino raw tuple signed n=0
	declare -A tar ll
	sqfs2tar "$1" 2>/dev/null | tar -tvf - >listing
	while read -r mode owner dev rest; do
		tar[/${rest##* }]=${dev/,/:}
	done < <(grep '^[bc]' listing)
	# a second name of an inode is a hard link entry, "NAME link to FIRST"
	while read -r name target; do
		tar[/$name]=${tar[/$target]}
	done < <(sed -n 's/^h.* \([^ ]*\) link to \(.*\)$/\1 \2/p' listing)
	while read -r p pair; do
		ll[$p]=$pair
	done < <(unsquashfs -lls "$1" 2>/dev/null |
		 sed -n 's/^[bc][^ ]* [^ ]* *\(-\{0,1\}[0-9]*\), *\([0-9]*\) .* squashfs-root\(.*\)$/\3 \1,\2/p')
	while read -r path type ino raw tuple; do
		assert_equal "$tuple" "${tar[$path]}"
		signed=$((raw >= 1 << 31 ? raw - (1 << 32) : raw)) # unsquashfs shifts an int
		assert_equal "$((signed >> 8)),$((raw & 0xff))" "${ll[$path]}"
		n=$((n + 1))
	done < <(devnum scan --format='%p %t %I %F %M:%m' "$1")
	assert_equal "$n" "${#tar[@]}"
}

@test "scan squashfs from mksquashfs and gensquashfs: rdev as stored, sqfs2tar's tuple, unsquashfs -lls's pair" {
	need mksquashfs squashfs-tools
	need gensquashfs squashfs-tools-ng
	tree
	mksquashfs root m.sqfs -noappend -quiet >/dev/null
	printf '%s\n' 'dir /dev 0755 0 0' 'nod /dev/null 0644 0 0 c 1 3' 'nod /dev/m256 0644 0 0 b 8 256' \
		'nod /dev/big 0644 0 0 c 300 70000' >pack
	gensquashfs -F pack -c xz -q g.sqfs
	check_sqfs m.sqfs
	check_sqfs g.sqfs
	run2 devnum scan g.sqfs
	assert_success
	# by hand: new_encode_dev(8, 256) = 0x800 | 0x100 << 12
	assert_line --regexp "^g.sqfs: /dev/m256: block 8:256 \(inode [0-9]+, fields 0x00100800\) \[unsquashfs\] unsquashfs -lls lists it as 4104,0$"
	assert_line --regexp "^g.sqfs: /dev/null: char 1:3 \(inode [0-9]+, fields 0x00000103\)$"
	run2 devnum scan --json m.sqfs
	run jq -r 'select(.path == "/dev/a/big") | [.format, .container, .scheme, .hex] | @tsv' <<<"$output"
	assert_output $'squashfs\tsquashfs\tlinux32\t0x11112c70'
}

@test "scan hostile squashfs: truncated, and a superblock that lies about its size" {
	need mksquashfs squashfs-tools
	tree
	head -c 300000 /dev/urandom >root/etc/noise
	mksquashfs root m.sqfs -noappend -quiet >/dev/null
	head -c 100000 m.sqfs >short
	run2 devnum scan short
	assert_failure 2
	assert_equal "$stderr" "devnum: 'short': squashfs image truncated: its superblock says it takes $(($(od -An -t u8 -j 40 -N 8 m.sqfs))) bytes, the file holds 100000"
	cp m.sqfs big && printf '\377\377\377\377' | dd of=big bs=1 seek=12 conv=notrunc 2>/dev/null
	run2 /usr/bin/time -f '%M' devnum scan big
	assert_failure 2
	[ "${stderr_lines[-1]}" -lt 65536 ]
}

@test "scan hostile squashfs: an inode's type is read before libsquashfs sizes it" {
	# fuzz_squashfs found it (its first byte picks the output mode): the
	# root inode is a file whose size asks libsquashfs for 1.8 GB of block
	# list; only directory and device inodes are read whole
	tail -c +2 "$top_srcdir/tests/fuzz/corpus/squashfs/root-file-of-1.8-gb" >root.sqfs
	run2 devnum scan root.sqfs
	assert_failure 2
	assert_equal "$stderr" "devnum: 'root.sqfs': the root directory: not a directory"
}

@test "scan: an image inside an archive is read where it is, or beyond --depth named in a warning" {
	need mke2fs e2fsprogs
	need mksquashfs squashfs-tools
	mkdir -p in d
	truncate -s 8M in/rootfs.ext4 && mke2fs -q -t ext3 in/rootfs.ext4
	mksquashfs d in/base.sqfs -noappend -quiet >/dev/null
	head -c 8192 /dev/zero >in/zeros
	printf '%s\n' '#mtree' './sda1 type=block device=native,8,1' >m
	tar -cf in.tar -C in rootfs.ext4 base.sqfs zeros
	bsdtar -rf in.tar @m
	run2 devnum scan --summary in.tar
	assert_success
	assert_output "in.tar: ./sda1: block 8:1"
	# where they are in the tar's file: nothing copied
	[[ ${stderr_lines[-1]} == "devnum: in.tar: 1 segment, 2 members read as inputs, "*" entries, 1 device, 0 with findings" ]] ||
		fail "$stderr"
	run2 devnum scan --depth=0 in.tar
	assert_success
	assert_output "in.tar: ./sda1: block 8:1"
	assert_equal "$stderr" "devnum: 'in.tar': warning: entry 1: 'rootfs.ext4': ext3 image, not read: deeper than --depth=0
devnum: 'in.tar': warning: entry 2: 'base.sqfs': squashfs image, not read: deeper than --depth=0"
}

# extracted DIR: "PATH TYPE M:m" of each device node under DIR, by stat(2)
extracted() {
	local kind ma mi name
	(cd "$1" && find . ! -type d -exec stat -c '%F|%t|%T|%n' {} +) |
		while IFS='|' read -r kind ma mi name; do
			case $kind in
			character*) printf '%s char %d:%d\n' "${name#.}" "0x$ma" "0x$mi" ;;
			block*) printf '%s block %d:%d\n' "${name#.}" "0x$ma" "0x$mi" ;;
			esac
		done | sort
}

# many: 600 more devices in root/dev/many, a directory of several blocks
many() {
	mkdir -p root/dev/many
	for i in $(seq 600); do mknod "root/dev/many/tty$i" c 4 $((i % 256)); done
}

@test "scan erofs from mkfs.erofs: every device as fsck.erofs --extract makes it, in each inode and directory layout" {
	need mkfs.erofs erofs-utils
	need fsck.erofs erofs-utils
	need dump.erofs erofs-utils
	tree
	many
	for opts in "" "-E force-inode-extended" "-E noinline_data" "-E force-inode-compact"; do
		rm -rf x e.img
		# shellcheck disable=SC2086 # the options are words
		mkfs.erofs --quiet $opts e.img root || fail "mkfs.erofs $opts"
		fsck.erofs --extract=x e.img >/dev/null || fail "fsck.erofs --extract ($opts)"
		run2 devnum scan --format '%p %t %M:%m' e.img
		assert_success
		assert_equal "$(sort <<<"$output")" "$(extracted x)"
		assert_equal "${#lines[@]}" 608 # 600 and the tree's 8 names
	done
	# the inode is the nid, as dump.erofs and the kernel's st_ino give it
	run2 devnum scan --format '%p %I %F' e.img
	assert_line "/dev/a/m256 $(dump.erofs --path=/dev/a/m256 e.img | sed -n 's/^NID: \([0-9]*\) .*/\1/p') 0x00100800"
	assert_line --regexp "^/dev/null [0-9]+ 0x00000103$"
}

@test "scan erofs: the tuple mkfs.erofs stores beyond 12:20, and composefs' escaped whiteout" {
	need mkfs.erofs erofs-utils
	need setfattr attr
	need fakeroot fakeroot
	faked "mkdir -p root/d; mknod root/d/big c 4096 0; echo >root/d/gone
		setfattr -n trusted.overlay.overlay.whiteout -v y root/d/gone; mkfs.erofs --quiet e.img root"
	run2 devnum scan --format '%p %t %(%M:%m%) %(%F%) [%{findings}]' e.img
	assert_success
	# mkfs.erofs 1.5: 4096 << 8 = 0x100000, read back as 0:256
	assert_line "/d/big char 0:256 0x00100000 []"
	assert_line "/d/gone char 0:0  [whiteout]"
	run2 devnum scan --json e.img
	assert_equal "$(jq -r 'select(.path == "/d/gone") | .findings[1].note' <<<"$output")" \
		"composefs' escaped whiteout: a file with the xattr trusted.overlay.overlay.whiteout, char 0:0 where it is mounted"
}

# patch FILE OFFSET PYEXPR: the bytes at OFFSET replaced by PYEXPR's
patch() {
	python3 -c 'import sys; f = open(sys.argv[1], "r+b"); f.seek(int(sys.argv[2])); f.write(eval(sys.argv[3]))' "$@"
}

# dirent IMG NID: the offset of the erofs directory entry for a directory
# of that nid (its 8 bytes, then the name's offset, then type 2)
dirent() {
	python3 -c 'import sys, struct
d = open(sys.argv[1], "rb").read(); k = struct.pack("<Q", int(sys.argv[2]))
print(next(i for i in range(0, len(d) - 12, 4) if d[i:i + 8] == k and d[i + 10] == 2))' "$@"
}

@test "scan hostile erofs: entries named . and .. that name other directories are said, not passed over" {
	need mkfs.erofs erofs-utils
	need dump.erofs erofs-utils
	need python3 python3
	need fakeroot fakeroot
	faked "mkdir -p root/d root/ee; mknod root/d/n c 1 3; mknod root/ee/m b 8 256; mkfs.erofs --quiet e.img root"
	nid() { dump.erofs --path="$1" e.img | sed -n 's/^NID: \([0-9]*\) .*/\1/p'; }
	root=$(nid /) d=$(nid /d) ee=$(nid /ee)
	run2 devnum scan --format='%p %M:%m' e.img
	assert_success
	assert_output $'/d/n 1:3\n/ee/m 8:256'
	# the root's names, sorted and packed: ".", "..", "d", "ee"; d and ee
	# renamed "." and "..", their entries still naming their directories
	python3 -c 'import sys
d = bytearray(open("e.img", "rb").read()); i = d.index(b"...dee")
d[i + 3:i + 6] = b"..."; open("dots.img", "wb").write(d)'
	run2 devnum scan dots.img
	assert_failure 2
	assert_output ""
	assert_equal "${stderr_lines[0]}" "devnum: 'dots.img': directory / (inode $root): its entry \".\" names inode $d, not the directory itself (inode $root): a mount never shows what it names"
	assert_equal "${stderr_lines[1]}" "devnum: 'dots.img': directory / (inode $root): its entry \"..\" names inode $ee, not the parent directory (inode $root): a mount never shows what it names"
}

@test "scan hostile erofs: a directory loop, an nid past the end, a lying block size, truncation" {
	need mkfs.erofs erofs-utils
	need dump.erofs erofs-utils
	need python3 python3
	tree
	mkdir -p root/a/b
	mkfs.erofs --quiet e.img root
	nid() { dump.erofs --path="$1" e.img | sed -n 's/^NID: \([0-9]*\) .*/\1/p'; }
	root=$(nid /) b=$(nid /a/b)
	at=$(dirent e.img "$b")
	cp e.img loop.img && patch loop.img "$at" "__import__('struct').pack('<Q', $root)"
	run2 devnum scan loop.img
	assert_failure 2
	assert_line --partial "/dev/null: char 1:3"
	assert_equal "$stderr" "devnum: 'loop.img': directory /a/b (inode $root): entered before: a directory loop"
	cp e.img far.img && patch far.img "$at" "b'\xff' * 7 + b'\x00'"
	run2 devnum scan far.img
	assert_failure 2
	assert_equal "$stderr" "devnum: 'far.img': inode 72057594037927935 at /a/b: past the image's end"
	# a file's xattr count of 65535: 262 KB of xattrs in a small image
	file=$(nid /etc/file)
	cp e.img xattr.img && patch xattr.img $((file * 32 + 2)) "b'\xff\xff'"
	run2 devnum scan xattr.img
	assert_failure 2
	assert_equal "$stderr" "devnum: 'xattr.img': inode $file at /etc/file: its xattrs lie past the end of the image"
	cp e.img blk.img && patch blk.img $((1024 + 12)) "bytes([30])"
	run2 devnum scan blk.img
	assert_failure 2
	assert_equal "$stderr" "devnum: 'blk.img': erofs image: a block size of 2^30 bytes"
	# cut inside the root inode (the inodes start at block 0 here: 32 bytes a nid)
	[ "$(dump.erofs -s e.img | sed -n 's/^Filesystem inode metadata start block: *//p')" = 0 ]
	head -c $((root * 32 + 8)) e.img >short.img
	run2 /usr/bin/time -f '%M' devnum scan short.img
	assert_failure 2
	assert_equal "${stderr_lines[0]}" "devnum: 'short.img': inode $root at /: 32 bytes at $((root * 32)): past the end of the $((root * 32 + 8))-byte image"
	[ "${stderr_lines[-1]}" -lt 65536 ]
}

@test "scan cramfs from mkfs.cramfs: every device as fsck.cramfs --extract makes it, and what Linux reads instead" {
	need mkfs.cramfs util-linux
	need fsck.cramfs util-linux
	tree
	many
	for opts in "" "-N big" "-p"; do
		rm -rf x c.img
		# shellcheck disable=SC2086 # the options are words
		mkfs.cramfs $opts root c.img >/dev/null 2>&1 || fail "mkfs.cramfs $opts"
		fsck.cramfs --extract=x c.img || fail "fsck.cramfs --extract ($opts)"
		run2 devnum scan --format '%p %t %M:%m' c.img
		assert_failure 1 # the kernel's readings
		assert_equal "$(sort <<<"$output")" "$(extracted x)"
		assert_equal "${#lines[@]}" 608 # 600 and the tree's 8 names
	done
	# by hand: 300:70000 is glibc's 0x1112c70, cut to 24 bits 0x112c70, which
	# glibc reads as 300:368 (0x70 | 0x100) and Linux's old_decode_dev as 0x2c:0x70
	run2 devnum scan --format '%p %M:%m %F [%{findings}] %n' c.img
	assert_line "/dev/a/big 300:368 0x112c70 [cramfs] Linux's cramfs reads size 0x112c70 as 44:112 (8:8), fsck.cramfs as 300:368"
	assert_line "/dev/a/m256 8:256 0x100800 [cramfs] Linux's cramfs reads size 0x100800 as 8:0 (8:8), fsck.cramfs as 8:256"
	assert_line "/dev/null 1:3 0x000103 [] "
}

@test "scan hostile cramfs: a directory loop, an entry past its directory, unknown features" {
	need mkfs.cramfs util-linux
	need python3 python3
	tree
	mkdir -p root/z && : >root/z/f
	mkfs.cramfs root c.img >/dev/null 2>&1
	# z, the root's last entry: its inode's third word is namelen 1 | offset << 6;
	# pointed at the root's own entries (byte 76, offset 19), it is a loop
	at=$(python3 -c 'import sys; d = open(sys.argv[1], "rb").read(); print(d.rindex(b"z\0\0\0") - 4)' c.img)
	cp c.img loop.img && patch loop.img "$at" "(19 << 6 | 1).to_bytes(4, 'little')"
	run2 devnum scan loop.img
	assert_failure 2
	assert_equal "$stderr" "devnum: 'loop.img': directory /z (inode 76): entered before: a directory loop"
	cp c.img flags.img && patch flags.img 8 "(0x1003).to_bytes(4, 'little')"
	run2 devnum scan flags.img
	assert_failure 2
	assert_equal "$stderr" "devnum: 'flags.img': cramfs image: unsupported features 0x1000"
	head -c 200 c.img >short.img
	run2 devnum scan short.img
	assert_failure 2
	# the root's entries are within the 200 bytes, its subdirectories' are not
	assert_equal "$(sed 's/(inode [0-9]*)/(inode N)/' <<<"$stderr")" "devnum: 'short.img': directory /dev/a (inode N): its entries run past the end of the image
devnum: 'short.img': directory /etc (inode N): its entries run past the end of the image
devnum: 'short.img': directory /z (inode N): its entries run past the end of the image"
	run2 /usr/bin/time -f '%M' devnum scan loop.img
	[ "${stderr_lines[-1]}" -lt 65536 ]
}

@test "scan of a tree 300 directories deep: the walk stops at 256 and says where, as a directory and as images" {
	need mksquashfs squashfs-tools
	need mkfs.erofs erofs-utils
	need mke2fs e2fsprogs
	d=tree
	mkdir "$d"
	for i in $(seq 300); do d="$d/d"; done
	mkdir -p "$d"
	: > "$d/file"
	# the root is the first directory: the 256th below it is refused,
	# named by the end of its path (a fault keeps the reason whole)
	deep=tree$(printf '/d%.0s' $(seq 256))
	run2 devnum scan tree
	assert_equal "$status" 2
	assert_regex "$stderr" "^devnum: 'tree': \.\.\./?(d/)+d \(inode $(stat -c %i "$deep")\): deeper than 256 directories\$"
	mksquashfs tree t.sqfs -quiet -no-progress >/dev/null
	run2 devnum scan t.sqfs
	assert_equal "$status" 2
	assert_regex "$stderr" "^devnum: 't.sqfs': \.\.\./?(d/)+d \(inode [0-9]+\): deeper than 256 directories\$"
	mkfs.erofs t.erofs tree >/dev/null 2>&1
	run2 devnum scan t.erofs
	assert_equal "$status" 2
	assert_regex "$stderr" "^devnum: 't.erofs': \.\.\./?(d/)+d \(inode [0-9]+\): deeper than 256 directories\$"
	mke2fs -q -F -t ext4 -d tree t.ext4 8M
	run2 devnum scan t.ext4
	assert_equal "$status" 2
	assert_regex "$stderr" "^devnum: 't.ext4': \.\.\./?(d/)+d \(inode [0-9]+\): deeper than 256 directories\$"
}
