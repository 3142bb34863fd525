#!/usr/bin/env bats
# specs: scan of device specifications, each held to its own tool where
# Debian has it: the image gensquashfs, mksquashfs or genext2fs builds from
# the spec is scanned (those readers are held to unsquashfs and debugfs in
# fsimages.bats), systemd-tmpfiles makes the nodes, fakeroot -i reads its
# own state; the tuple the spec's record gives, or the one its `built`
# finding says the tool makes, must be the one in what the tool made.
# needs: mknod (as a normal user, make check runs this file under fakeroot)
load helper

setup() {
	cd "$BATS_TEST_TMPDIR"
}

# made SPEC-SCAN-ARGS...: "path M:m" for each device record of a spec
# scan: the tuple its tool makes, as the built finding says (its parser's
# reading, then its writer's), else the record's own
made() {
	devnum scan --format='%p|%M:%m|%n' "$@" | awk -F '|' '{
		t = $2
		if (match($3, /reads it as [0-9]+:[0-9]+/)) t = substr($3, RSTART + 12, RLENGTH - 12)
		if (match($3, /makes it [0-9]+:[0-9]+/)) t = substr($3, RSTART + 9, RLENGTH - 9)
		p = $1; sub(/^\//, "", p); print p, t }' | sort
}

# rss_below KIB: the peak RSS /usr/bin/time printed last is below KIB;
# not asked under a sanitizer or an emulator, whose memory is not scan's
rss_below() {
	[ -n "${SANITIZE_CFLAGS:-}${TEST_RUNNER:-}" ] && return
	[ "${stderr_lines[-1]}" -lt "$1" ] || fail "peak RSS ${stderr_lines[-1]} KiB"
}

# in_image IMAGE: "path M:m" for each device of an image, from its root
in_image() {
	devnum scan --format='%p %M:%m' "$1" | sed 's,^/,,' | sort
}

@test "gensquashfs -F: the image it builds holds what scan of the pack file says it makes" {
	need gensquashfs squashfs-tools-ng
	cat >pack <<-'EOF'
	# a gensquashfs pack file
	dir /dev 0755 0 0
	nod /dev/null 0666 0 0 c 1 3
	nod "/dev/sp ace" 0600 0 0 b 8 256
	nod /dev/max 0600 0 0 b 4095 1048575
	nod /dev/big 0600 0 0 c 4096 5
	nod /dev/wide 0600 0 0 c 4294967296 7
	nod /dev/w 0600 0 0 c 0 0
	EOF
	gensquashfs -q -F pack img.sqfs
	assert_equal "$(made pack)" "$(in_image img.sqfs)"
	# what the records say, worked out by hand: gensquashfs keeps the
	# glibc dev_t's low 32 bits, 12:20 of each part; %u reads 2^32 as 0
	run2 devnum scan --format='%L %p %t %M:%m %{findings}' pack
	assert_failure 1
	assert_equal "$output" "3 /dev/null char 1:3 
4 /dev/sp ace block 8:256 
5 /dev/max block 4095:1048575 
6 /dev/big char 4096:5 not-linux,beyond-container,built
7 /dev/wide char 4294967296:7 not-linux,beyond-container,built
8 /dev/w char 0:0 whiteout"
	run2 devnum scan --format='%n' pack
	assert_output --partial "squashfs cannot hold it: major 4096 out of range for linux32 (at most 4095); gensquashfs, squashfs-tools-ng 1.2.0 makes it 0:5 in squashfs"
	assert_output --partial "; gensquashfs reads it as 0:7 (sscanf's %u keeps 32 bits of each part)
"
}

@test "mksquashfs -pf: the image matches; a part it refuses is an error on its line, as mksquashfs fails" {
	need mksquashfs squashfs-tools
	mkdir empty
	printf '%s\n' 'dev d 755 0 0' 'dev/null c 666 root root 1 3' '"dev/sp ace" b 600 0 0 8 256' \
		'dev/esc\ aped c 600 0 0 010 5' 'dev/t C 1700000000 600 0 0 4095 1048575' \
		'dev/wide c 600 0 0 4294967297 1' 'dev/sym s 777 0 0 null' >pf
	mksquashfs empty img.sqfs -pf pf -noappend -quiet >/dev/null
	assert_equal "$(made --spec=pseudo pf)" "$(in_image img.sqfs)"
	run2 devnum scan --format='%L %p %M:%m' pf
	assert_equal "$output" "2 dev/null 1:3
3 dev/sp ace 8:256
4 dev/esc aped 10:5
5 dev/t 4095:1048575
6 dev/wide 4294967297:1"
	# above 12:20, as %u reads it, mksquashfs makes no image at all
	printf '%s\n' 'dev d 755 0 0' 'dev/big c 600 0 0 4096 0' >pf2
	run mksquashfs empty img2.sqfs -pf pf2 -noappend -quiet
	assert_failure
	assert_output --partial "Major 4096 out of range"
	# the line is read, and its device listed with mksquashfs' refusal as
	# a finding (status 1): diff shows what such a listing says
	run2 devnum scan --format '%L %p %t %M:%m' pf2
	assert_failure 1
	assert_equal "$output" "2 dev/big char 4096:0"
	assert_equal "$stderr" ""
	run2 devnum scan --json pf2
	assert_equal "$(jq -r '.findings[] | select(.finding == "built") | .note' <<<"$output")" \
		"mksquashfs refuses it: major out of range (its limit is 4095:1048575), and makes no image"
	# %u takes a '-' and negates in 32 bits: unsquashfs -pf writes -1 for
	# a major whose int is negative; mksquashfs makes -4294967295 major 1
	printf '%s\n' 'dev d 755 0 0' 'dev/x C 1 600 0 0 -4294967295 255' >neg
	mksquashfs empty neg.sqfs -pf neg -noappend -quiet >/dev/null
	assert_equal "$(made --spec=pseudo neg)" "$(in_image neg.sqfs)"
	printf '%s\n' 'dev d 755 0 0' 'dev/x C 1 600 0 0 -1 255' >neg1
	run mksquashfs empty neg1.sqfs -pf neg1 -noappend -quiet
	assert_failure
	assert_output --partial "Major -1 out of range"
	run2 devnum scan --format '%p %M:%m %{findings}' neg1
	assert_failure 1
	assert_equal "$output" "dev/x 4294967295:255 not-linux,beyond-container,built"
}

@test "genext2fs -D: ranges and parts as genext2fs makes them, its 8:8 truncation a finding" {
	need genext2fs genext2fs
	printf '%s\n' '# name type mode uid gid major minor start inc count' \
		'/dev d 755 0 0 - - - - -' '/dev/null c 666 0 0 1 3 0 0 -' \
		'/dev/ttyS c 660 0 0 4 64 0 1 3' '/dev/r c 600 0 0 5 10 2 4 5' \
		'/dev/x c 600 0 0 300 5000 - - -' '/dev/m b 600 0 0 8 256 - - -' \
		'/dev/big c 600 0 0 4096 1048576 - - -' '/etc f 644 0 0 - - - - -' >table
	genext2fs -b 1024 -D table img.ext2
	assert_equal "$(made table)" "$(in_image img.ext2)"
	# by hand: i from start while i < count, minor + i * inc - start; the
	# low 8 bits of each part kept
	run2 devnum scan --format='%L %p %M:%m %{findings}' table
	assert_failure 1
	assert_equal "$output" "3 /dev/null 1:3 
4 /dev/ttyS0 4:64 
4 /dev/ttyS1 4:65 
4 /dev/ttyS2 4:66 
5 /dev/r2 5:16 
5 /dev/r3 5:20 
5 /dev/r4 5:24 
6 /dev/x 300:5000 built
7 /dev/m 8:256 built
8 /dev/big 4096:1048576 not-linux,becomes-whiteout,beyond-container,built"
	run2 devnum scan --format='%n' table
	assert_line "genext2fs 1.4.2 makes it 44:136 in ext2"
	assert_line "genext2fs 1.4.2 makes it 8:0 in ext2"
}

@test "systemd-tmpfiles: the nodes it makes; a line it ignores is an error on that line" {
	need systemd-tmpfiles systemd
	# systemd-tmpfiles makes nodes past fakeroot's wrappers: real root only
	[ "$(id -u)" = 0 ] && [ -z "${FAKEROOTKEY:-}" ] || skip "systemd-tmpfiles makes device nodes only as real root"
	printf '%s\n' 'd /dev 0755 - - -' 'c /dev/fuse 0600 - - - 10:229' 'c+ /dev/big 0600 - - - 4096:0' \
		'b! /dev/s 0600 - - - 8:256' 'c /dev/m - - - - 4095:1048576' 'L /dev/l - - - - /dev/fuse' >t.conf
	mkdir root
	run systemd-tmpfiles --root="$PWD/root" --create "$PWD/t.conf" --boot
	assert_output --partial "t.conf:3: Can't parse device file major/minor '4096:0'"
	assert_output --partial "t.conf:5: Can't parse device file major/minor '4095:1048576'"
	made_nodes=$(cd root && for f in dev/*; do
		if [ ! -L "$f" ] && { [ -b "$f" ] || [ -c "$f" ]; }; then echo "$f $(devnum stat --format='%M:%m' "$f")"; fi
	done)
	[ -n "$made_nodes" ] || fail "systemd-tmpfiles made no nodes"
	assert_equal "$(made t.conf 2>/dev/null)" "$made_nodes"
	run2 devnum scan t.conf
	assert_failure 2
	assert_equal "${stderr_lines[*]}" "devnum: 't.conf': line 3: systemd-tmpfiles ignores the line: it cannot parse major:minor '4096:0' (its limit is 4095:1048575) devnum: 't.conf': line 5: systemd-tmpfiles ignores the line: it cannot parse major:minor '4095:1048576' (its limit is 4095:1048575)"
}

@test "fakeroot -s: each device inode of its state, as fakeroot -i reads it back" {
	need fakeroot fakeroot
	mkdir d
	own_fakeroot -s state -- sh -c 'mknod d/a c 8 256; mknod d/b b 4095 1048575; mknod d/w c 0 0; mknod d/big c 4096 0; : >d/f'
	want=$(own_fakeroot -i state -- stat -c '%i %t %T' d/a d/b d/w d/big |
		while read -r ino ma mi; do echo "$ino $((16#$ma)):$((16#$mi))"; done | sort)
	run2 devnum scan --format='%I %M:%m' state
	assert_equal "$(sort <<<"$output")" "$want"
	# the state holds glibc's raw in decimal: 8:256 is 0x100800
	run2 devnum scan --spec=fakeroot --format='%L %t %r' state
	assert_line --partial "char 0x100800"
	run2 devnum scan --format='%{findings}' state
	assert_line "whiteout"
	assert_line "not-linux,becomes-whiteout"
}

@test "gen_init_cpio, built from the kernel's usr/gen_init_cpio.c: its archive holds what scan of the list says" {
	src=$(ls /usr/src/linux-source-*.tar.xz 2>/dev/null | head -n 1)
	[ -n "$src" ] || skip "no kernel source (Debian package linux-source-6.1)"
	top=$(basename "$src" .tar.xz)
	tar -xJf "$src" "$top/usr/gen_init_cpio.c"
	cc -o gen_init_cpio "$top/usr/gen_init_cpio.c"
	printf '%s\n' '# initramfs' 'dir /dev 0755 0 0' 'nod /dev/console 0600 0 0 c 5 1' \
		'nod /dev/m 0600 0 0 b 8 256' 'nod /dev/big 0600 0 0 b 4096 1' \
		'nod /dev/wide 0600 0 0 c 4294967297 2' 'nod /dev/max 0600 0 0 c 4294967295 4294967295' \
		'slink /bin/sh busybox 0777 0 0' 'pipe /p 0600 0 0' 'sock /s 0600 0 0' >list
	./gen_init_cpio list >initramfs.cpio
	assert_equal "$(made --spec=gen_init_cpio list)" "$(in_image initramfs.cpio)"
	# the kernel's unpacker's reading, in both: newc holds 32-bit parts
	assert_equal "$(devnum scan --spec=gen_init_cpio --format='%p %{findings}' list | grep initramfs)" \
		"/dev/big not-linux,initramfs
/dev/max nodev,not-linux,initramfs"
	assert_equal "$(devnum scan --format='%p %{findings}' initramfs.cpio | grep initramfs)" \
		"dev/big not-linux,initramfs
dev/max nodev,not-linux,initramfs"
}

@test "gen_init_cpio lists, by hand: its nod lines, and what the kernel's initramfs unpacker makes" {
	# Debian ships no gen_init_cpio: the values are worked out from
	# usr/gen_init_cpio.c (%u parts, written as 8 hex digits in newc) and
	# init/initramfs.c (new_encode_dev of the two, unmasked)
	printf '%s\n' '# initramfs' 'dir /dev 0755 0 0' 'nod /dev/console 0600 0 0 c 5 1' \
		'slink /bin/sh busybox 0777 0 0' 'file /init init.sh 0755 0 0' 'pipe /p 0600 0 0' \
		'nod /dev/big 0600 0 0 b 4096 1' >list
	run2 devnum scan --spec=gen_init_cpio --format='%L %p %t %M:%m %{findings}' list
	assert_failure 1
	assert_equal "$output" "3 /dev/console char 5:1 
7 /dev/big block 4096:1 not-linux,initramfs"
	run2 devnum scan --spec=gen_init_cpio --format='%n' list
	assert_output --partial "the Linux initramfs unpacker would make it 0:1"
}

@test "scan: a specification is known by its lines; two formats that read them alike are read by both" {
	printf '%s\n' 'c /dev/fuse 0600 - - - 10:229' >t.conf
	run2 devnum scan --json t.conf
	assert_success
	assert_output '{"input":"t.conf","path":"/dev/fuse","format":"tmpfiles","segment":1,"offset":0,"compression":"none","container":"linux","type":"char","line":1,"major":10,"minor":229}'
	# nod and dir lines alone are gen_init_cpio's and gensquashfs' alike:
	# the kernel's own documented line (Documentation/driver-api/
	# early-userspace), read, each tool's verdict said
	printf '%s\n' 'dir /dev 0755 0 0' 'nod /dev/a 0600 0 0 c 1 3' 'nod /dev/console 0600 0 0 c 5 1' \
		'nod /dev/big 0600 0 0 b 4096 1' >both
	run2 devnum scan --format='%L %p %t %M:%m %{findings}|%n' both
	assert_failure 1
	assert_equal "$stderr" ""
	assert_line --index 0 "2 /dev/a char 1:3 |"
	assert_line --index 1 "3 /dev/console char 5:1 |"
	# gensquashfs keeps 12:20 (0:1), as the initramfs unpacker does
	assert_line --index 2 --regexp "^4 /dev/big block 4096:1 not-linux,initramfs,built\|.*; the Linux initramfs unpacker would make it 0:1; gensquashfs, squashfs-tools-ng 1\.2\.0 makes it 0:1 in squashfs$"
	# where their readings differ, both are shown: gensquashfs decodes a
	# backslash escape, gen_init_cpio's sscanf %s keeps it
	printf '%s\n' 'nod /dev/a 0600 0 0 c 1 3' 'nod /dev/b\c 0600 0 0 c 1 4' >differ
	run2 devnum scan --format='%L %p %M:%m %{findings}|%n' differ
	assert_failure 1
	assert_line --index 1 '2 /dev/b\\c 1:4 ambiguous|gen_init_cpio reads the line as char 1:4 /dev/b\c, gensquashfs as char 1:4 /dev/bc; the file does not say which it is for (--spec names it)'
	# --spec names one: read by it alone, no other tool's verdict
	run2 devnum scan --spec=gensquashfs --format='%{format} %p %{findings}|%n' - <differ
	assert_success
	assert_output "gensquashfs /dev/a |
gensquashfs /dev/bc |"
	run2 devnum scan --spec=gen_init_cpio --format='%{format} %p %n' - <both
	assert_line --index 2 "gen_init_cpio /dev/big major 4096 above 4095: glibc's mknod (GNU tar, bsdtar, cpio, Python) refuses it (EINVAL); a raw mknodat (Go x/sys/unix, moby, containerd) and musl's mknod make 0:1; the Linux initramfs unpacker would make it 0:1"
	# a spec with errors is not guessed at, but named
	printf '%s\n' 'dir /dev 0755 0 0' 'nod /dev/a 0600 0 0 c 1 3' 'nod /dev/b 0600 0 0 c 1 3' 'nod "/dev/c d" 0600 0 0 q 1 3' >typo
	run2 devnum scan typo
	assert_failure 2
	assert_equal "$stderr" "devnum: 'typo': a gen_init_cpio or gensquashfs specification but for line 4, it seems: name its format with --spec to read it"
	run2 devnum scan --spec=gensquashfs typo
	assert_failure 2
	assert_equal "$stderr" "devnum: 'typo': line 4: device type 'q' is neither c nor b"
	assert_equal "${#lines[@]}" 2
	run2 devnum scan --spec=cpio x
	assert_failure 2
	assert_equal "$stderr" "devnum: --spec: unknown format 'cpio' (one of gen_init_cpio, gensquashfs, pseudo, device-table, tmpfiles, fakeroot, composefs, oci-runtime and cdi)
Try 'devnum --help' for more information."
}

@test "scan: each syntax error names its line, and the lines after it are still read" {
	printf '%s\n' 'nod /dev/a 0600 0 0 c 1 3' 'nod /dev/b 0600 0 0 c 1' 'bogus x' \
		'nod /dev/c 0600 0 0 c 18446744073709551616 3' 'nod /dev/d 0600 0 0 c -1 3' \
		'nod /dev/e 0800 0 0 c 1 3' 'nod "/dev/f 0600 0 0 c 1 3' 'nod /dev/g 0600 0 0 c 1 4' >errs
	run2 devnum scan --spec=gensquashfs --json errs
	assert_failure 2
	assert_line --index 0 --partial '"path":"/dev/a"'
	assert_line --index 1 '{"input":"errs","line":2,"error":"line 2: '"'nod'"' takes 8 words, not 7"}'
	assert_line --index 2 '{"input":"errs","line":3,"error":"line 3: unknown keyword '"'bogus'"'"}'
	assert_line --index 3 '{"input":"errs","line":4,"error":"line 4: major 18446744073709551616 is above 18446744073709551615"}'
	assert_line --index 4 '{"input":"errs","line":5,"error":"line 5: major '"'-1'"' is not a decimal number"}'
	assert_line --index 5 '{"input":"errs","line":6,"error":"line 6: mode '"'0800'"' is not octal"}'
	assert_line --index 6 '{"input":"errs","line":7,"error":"line 7: a quote is not closed"}'
	assert_line --index 7 --partial '"path":"/dev/g"'
}

@test "scan hostile specifications: a 10 MB line, NUL bytes, bytes that are no UTF-8, a range of 2^32 nodes" {
	[ -x /usr/bin/time ] || skip "GNU time is not installed (Debian package time)"
	{ echo 'nod /dev/a 0600 0 0 c 1 3'; head -c 10000000 /dev/zero | tr '\0' x; echo; echo 'nod /dev/b 0600 0 0 c 1 4'; } >long
	run2 /usr/bin/time -f '%M' devnum scan --spec=gen_init_cpio --format='%L %p' long
	assert_failure 2
	assert_equal "$output" "1 /dev/a
3 /dev/b"
	assert_equal "${stderr_lines[0]}" "devnum: 'long': line 2: longer than 65536 bytes"
	rss_below 20000
	printf 'nod /dev/a\0b 0600 0 0 c 1 3\nnod /dev/\377\376 0600 0 0 c 1 4\n' >nul
	run2 devnum scan --spec=gen_init_cpio --format='%L %p' nul
	assert_failure 2
	assert_equal "$stderr" "devnum: 'nul': line 1: a NUL byte: not text"
	assert_equal "$output" '2 /dev/\377\376'
	# without --spec: a tmpfiles file but for its NUL line is named so
	printf 'c /dev/x 0600 - - - 5:1\nc /dev/y 0600 - - - 5:2\nc /dev/z\0 0600 - - - 5:3\nc /dev/w 0600 - - - 5:4\n' >t.conf
	run2 devnum scan t.conf
	assert_failure 2
	assert_equal "$stderr" "devnum: 't.conf': a tmpfiles specification but for line 3, it seems: name its format with --spec=tmpfiles to read it"
	run2 devnum scan --spec=tmpfiles --format='%L %p' t.conf
	assert_equal "$stderr" "devnum: 't.conf': line 3: a NUL byte: not text"
	assert_equal "$output" $'1 /dev/x\n2 /dev/y\n4 /dev/w'
	printf '%s\n' '/dev/t c 600 0 0 4 0 0 1 4294967296' '/dev/u c 600 0 0 4 5 6 0 7' >range
	run2 /usr/bin/time -f '%M' devnum scan --format='%p' range
	assert_failure 2
	assert_equal "${stderr_lines[0]}" "devnum: 'range': line 1: a range of 4294967296 nodes: more than ext2 has inodes"
	assert_equal "${stderr_lines[1]}" "devnum: 'range': line 2: the range's minor for node 6, 5 + 6 * 0 - 6, is outside 0 to 2^64-1"
	rss_below 20000
}

@test "composefs dumps, by hand: RDEV the glibc dev_t in decimal, paths unescaped, hard links passed over" {
	# composefs-dump(5); 259 is glibc's 1:3, 1050624 its 8:256 and
	# 17592186044416 its 4096:0, of which libcomposefs keeps 32 bits
	printf '%s\n' '/ 4096 40755 3 0 0 0 0.0 - - -' '/dev 4096 40755 2 0 0 0 0.0 - - -' \
		'/dev/null 0 20666 2 0 0 259 0.0 - - - user.a=b' '/dev/m\x20256 0 60600 1 0 0 1050624 0.0 - - -' \
		'/dev/big 0 20600 1 0 0 17592186044416 0.0 - - -' '/dev/null2 0 @20666 2 0 0 259 0.0 /dev/null - -' >dump
	run2 devnum scan --format='%L %p %t %M:%m %r %{findings}' dump
	assert_failure 1
	assert_equal "$output" "3 /dev/null char 1:3 0x103 
4 /dev/m 256 block 8:256 0x100800 
5 /dev/big char 4096:0 0x100000000000 not-linux,becomes-whiteout,beyond-container,built"
	run2 devnum scan --format='%n' dump
	assert_output --partial "libcomposefs (lcfs-writer-erofs.c) makes it 0:0 in erofs"
	printf '%s\n' '/a\q 0 20666 1 0 0 259 0.0 - - -' '/b 0 20666 1 0 0 259 0.0 - -' \
		'/c\x00d 0 20666 1 0 0 259 0.0 - - -' >bad
	run2 devnum scan --spec=composefs bad
	assert_failure 2
	assert_equal "$stderr" "devnum: 'bad': line 1: path '/a\\q' has an escape composefs does not write
devnum: 'bad': line 2: a composefs dump line takes 11 or more words, not 10
devnum: 'bad': line 3: path '/c\\x00d' has an escape composefs does not write"
}

@test "OCI runtime config.json and CDI specs, by hand: runc's uint32() parts, CDI's numbers from the host" {
	cat >config.json <<-'EOF'
	{
	  "ociVersion": "1.0.2",
	  "process": {"args": ["sh"], "env": ["A=\u00e9\ud83d\ude00"]},
	  "linux": {
	    "devices": [
	      {"path": "/dev/fuse", "type": "c", "major": 10, "minor": 229, "fileMode": 438},
	      {"path": "/dev/sdb", "type": "b", "major": 8, "minor": 16},
	      {"path": "/dev/wide", "type": "u", "major": 4294967297, "minor": 7},
	      {"path": "/dev/fifo", "type": "p"}
	    ]
	  },
	  "annotations": {"devices": [{"path": "/dev/not-a-device"}]}
	}
	EOF
	run2 devnum scan --format='%L %p %t %M:%m %{findings}' config.json
	assert_failure 1
	assert_equal "$output" "6 /dev/fuse char 10:229 
7 /dev/sdb block 8:16 
8 /dev/wide char 4294967297:7 not-linux,beyond-container,built"
	run2 devnum scan --format='%n' config.json
	assert_output --partial "runc reads it as 1:7 (Go's uint32() keeps 32 bits of each part)"
	cat >cdi.json <<-'EOF'
	{"cdiVersion": "0.6.0", "kind": "vendor.com/gpu",
	 "devices": [{"name": "gpu0", "containerEdits": {"deviceNodes": [
	   {"path": "/dev/gpu0", "type": "c", "major": 195, "minor": 0},
	   {"path": "/dev/gpuctl", "hostPath": "/dev/nvidiactl"}]}}],
	 "containerEdits": {"deviceNodes": [{"path": "/dev/x", "type": "b", "major": 8, "minor": 256}]}}
	EOF
	run2 devnum scan --json cdi.json
	assert_failure 1
	assert_line --index 0 '{"input":"cdi.json","path":"/dev/gpu0","format":"cdi","segment":1,"offset":0,"compression":"none","container":"linux","type":"char","line":3,"major":195,"minor":0}'
	assert_line --index 1 '{"input":"cdi.json","path":"/dev/gpuctl","format":"cdi","segment":1,"offset":0,"compression":"none","container":"linux","type":"unknown","line":4,"major":null,"minor":null,"findings":[{"finding":"unknown","fault":true,"note":"no type, major or minor: the runtime takes the host'"'"'s, from hostPath or path, when the container starts"}],"note":"no type, major or minor: the runtime takes the host'"'"'s, from hostPath or path, when the container starts"}'
	assert_line --index 2 --partial '"path":"/dev/x","format":"cdi"'
}

@test "scan hostile JSON specifications: errors name their line; deep nesting, bad escapes, more than 16 MiB" {
	printf '{"ociVersion": "1",\n"linux": {"devices": [{"path": "/dev/a", "type": "c", "major": 1, "minor": 3},\n{"path": "/dev/b", "type": "c", "major": -1, "minor": 3}]}}\n' >neg.json
	run2 devnum scan neg.json
	assert_failure 2
	assert_output "neg.json:2: /dev/a: char 1:3"
	assert_equal "$stderr" "devnum: 'neg.json': line 3: major -1 is not an integer from 0 to 2^63-1"
	{ printf '{"ociVersion": "1", "x": '; head -c 100000 /dev/zero | tr '\0' '['; } >deep.json
	run2 devnum scan deep.json
	assert_failure 2
	assert_equal "$stderr" "devnum: 'deep.json': line 1: maximum parsing depth reached near '['"
	# closed too, one line of 200,000 bytes, which libarchive's mtree
	# bidder calls "Line too long": still known as JSON, and said why
	{ printf '{"ociVersion": "1", "x": '; head -c 100000 /dev/zero | tr '\0' '['
	  head -c 100000 /dev/zero | tr '\0' ']'; printf '}\n'; } >closed.json
	run2 devnum scan closed.json
	assert_failure 2
	assert_equal "$stderr" "devnum: 'closed.json': line 1: maximum parsing depth reached near '['"
	printf '{"ociVersion": "1", "linux": {"devices": [{"path": "/dev/\\u0000", "type": "c", "major": 1, "minor": 3}]}}' >nul.json
	run2 devnum scan nul.json
	assert_failure 2
	assert_equal "$stderr" "devnum: 'nul.json': line 1: a NUL byte in a string"
	printf '{"cdiVersion": "1", "containerEdits": {"deviceNodes": [{"type": "c"}]}}' >nopath.json
	run2 devnum scan nopath.json
	assert_failure 2
	assert_equal "$stderr" "devnum: 'nopath.json': line 1: a device with no \"path\""
	{ printf '{"ociVersion": "1", "x": "'; head -c 17000000 /dev/zero | tr '\0' a; printf '"}'; } >big.json
	run2 devnum scan big.json
	assert_failure 2
	assert_equal "$stderr" "devnum: 'big.json': larger than 16 MiB"
	# an empty text, which a fuzzer found read through a null pointer
	run2 devnum scan --spec=oci-runtime /dev/null
	assert_failure 2
	assert_equal "$stderr" "devnum: '/dev/null': line 1: not a JSON object"
	# 8 million tiny values: jansson's values hold at most 32 MiB at once
	python3 -c 'open("tiny.json", "w").write("{\"ociVersion\": \"1\",\n\"x\": [" + "0," * 8000000 + "0]}")'
	run2 /usr/bin/time -f '%M' devnum scan tiny.json
	assert_failure 2
	assert_equal "${stderr_lines[0]}" "devnum: 'tiny.json': line 2: a value that needs more than 32 MiB to read: not read"
	rss_below 65536
	# a UTF-8 byte-order mark: read past, and said, for runc refuses it
	printf '\xef\xbb\xbf{"ociVersion": "1.0.2", "linux": {"devices": [{"path": "/dev/fuse", "type": "c", "major": 10, "minor": 229}]}}\n' >bom.json
	run2 devnum scan bom.json
	assert_success
	assert_output "bom.json:1: /dev/fuse: char 10:229"
	assert_equal "$stderr" "devnum: 'bom.json': warning: a UTF-8 byte-order mark before the JSON: read past it, but runc's reader, Go's encoding/json, refuses it"
	printf '{"ociVersion": "1"} x' >more.json
	run2 devnum scan --spec=oci-runtime more.json
	assert_failure 2
	assert_equal "$stderr" "devnum: 'more.json': line 1: more after the JSON object"
}

@test "JSON specifications are read as Go's encoding/json decodes them: keys in any case, the last list, null" {
	# values by hand from encoding/json's documented decoding: a key
	# matches a field case-insensitively; a key met again decodes into
	# the same field again (a list replaced, an object's fields merged);
	# null empties a list or a pointer (linux) and leaves a struct
	cat >go.json <<-'EOF'
	{"ociVersion": "1.0.2",
	 "linux": {"devices": [{"path": "/dev/a", "type": "c", "major": 1, "minor": 3}]},
	 "Linux": {"sysctl": {}},
	 "annotations": {"linux": {"devices": [{"path": "/dev/not-a-device"}]}}}
	EOF
	run2 devnum scan --format='%L %p %M:%m' go.json
	assert_success
	assert_output "2 /dev/a 1:3"
	cat >again.json <<-'EOF'
	{"ociVersion": "1.0.2",
	 "linux": {"devices": [{"path": "/dev/a", "type": "c", "major": 1, "minor": 3}]},
	 "LINUX": {"Devices": [
	   {"path": "/dev/b", "type": "b", "major": 8, "minor": 256}]}}
	EOF
	run2 devnum scan --format='%L %p %t %M:%m' again.json
	assert_success
	assert_output "4 /dev/b block 8:256"
	assert_equal "$stderr" "devnum: 'again.json': warning: line 3: \"Devices\" met again: read as the last list, as Go's encoding/json takes it (Go also decodes each of its elements over the earlier list's at that index, keeping fields the later one leaves out; scan does not)"
	printf '{"ociVersion": "1", "linux": {"devices": [{"path": "/dev/a", "type": "c", "major": 1, "minor": 3}]}, "linux": null}' >nil.json
	run2 devnum scan --summary nil.json
	assert_success
	assert_equal "${stderr_lines[-1]}" "devnum: nil.json: 1 segment, 1 entry, 0 devices, 0 with findings"
	printf '{"cdiVersion": "0.6.0", "containerEdits": null, "devices": [null, {"name": "x", "containerEdits": {"deviceNodes": [{"path": "/dev/x", "type": "c", "major": 4, "minor": 64}]}}]}' >cdi.json
	run2 devnum scan --format='%p %M:%m' cdi.json
	assert_success
	assert_output "/dev/x 4:64"
	printf '{"ociVersion": "1", "linux": {"devices": [{"path": "/dev/a", "type": "c", "major": 1.5, "minor": 3}]}}' >real.json
	run2 devnum scan real.json
	assert_failure 2
	assert_equal "$stderr" "devnum: 'real.json': line 1: major 1.5 is not an integer from 0 to 2^63-1"
	printf '{"ociVersion": "1", "linux": {"devices": [{"path": "/dev/a", "type": "c", "major": 9223372036854775808, "minor": 3}]}}' >wide.json
	run2 devnum scan wide.json
	assert_failure 2
	assert_equal "$stderr" "devnum: 'wide.json': line 1: too big integer near '9223372036854775808'"
	printf '{"ociVersion": "1", "linux": {"devices": {"path": "/dev/a"}}}' >notlist.json
	run2 devnum scan notlist.json
	assert_failure 2
	assert_equal "$stderr" "devnum: 'notlist.json': line 1: \"devices\" is not a list"
}
