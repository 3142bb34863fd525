#!/usr/bin/env bats
# json.bats: the JSON writer's fast path proved against its careful one.  The
# program writes a record by the fast path when every value fits a short,
# plain form, and by the careful one otherwise; tests/devnum-careful is the
# same program built to take the careful path always.  Every command runs
# both ways on the same operands, and the bytes must be the same.
load helper

# through $TEST_RUNNER, as tests/run/devnum runs the program (an emulator
# for a cross build)
careful="$abs_top_builddir/tests/devnum-careful"

setup() {
	cd "$BATS_TEST_TMPDIR"
}

# same ARGS...: devnum ARGS --json and the careful build's, byte for byte,
# with at least one record (an empty answer would prove nothing); the
# answer kept for teardown's parse
same() {
	run2 devnum "$@" --json
	local fast=$output fast_status=$status
	run2 ${TEST_RUNNER:-} "$careful" "$@" --json
	assert_equal "$status" "$fast_status"
	assert_equal "$output" "$fast"
	[ -n "$fast" ]
	printf '%s\n' "$fast" >>"$BATS_TEST_TMPDIR/answers.json"
}

# Every line of every answer a test kept is one JSON document (JSON Lines,
# a record a line): jq reads them all in one start (30 ms a start here, as
# long as the two runs it checks) and counts them, so a line that is not
# JSON, or not a whole document, fails the test.
teardown() {
	local answers="$BATS_TEST_TMPDIR/answers.json"
	[ -e "$answers" ] || return 0
	assert_equal "$(jq -n '[inputs] | length' "$answers")" "$(grep -c '' "$answers")"
}

schemes() { devnum --list=schemes | cut -f1; }
containers() { devnum --list=containers | cut -f1; }

@test "json: encode and decode in every scheme, edges and errors" {
	for s in $(schemes); do
		same encode -s "$s" 0:0 3:1 8:256 179:256 4095:1048575 4294967295:4294967295 1:1 x 1:
		same decode -s "$s" 0 0x301 0x10b300 0xffffffff 0xffffffffffffffff 1:2 0xzz
	done
}

@test "json: convert, check and canon between schemes" {
	for s in $(schemes); do
		same convert --from="$s" --to=glibc 0x301 0x10301 1:3 0xffffffffffff
		same check -s "$s" 0x301 0x10301 0xfff00000 0x80000000
		same canon -s "$s" 0x301 0x10301 0xfff00000
	done
}

@test "json: aliases, explain, schemes and layout" {
	same aliases 8:1 0:0 4095:255
	same aliases -s split32 3:1
	same explain 0x10b300 8:1 0xffffffffffffffff c8:1 b259:0
	same schemes
	for s in $(schemes); do
		same layout "$s"
		same layout "$s" 0x10301
		same layout "$s" 8:1
	done
}

@test "json: fits, pack, unpack and containers, every container" {
	same containers
	same fits 8:256 0:0 4095:1048575 4294967296:0
	for c in $(containers); do
		same fits --into="$c" 8:1 8:256 4096:0
		same pack "$c" 8:1 8:256 4096:70000 x
	done
	same unpack ustar '0000010 0000400' '7777777 7777777'
	same unpack cpio-odc 004001 177777
	same unpack ext4 '0x801 0' '0 0x10801' '0x801 0x801'
}

@test "json: stat of files and device nodes" {
	same stat /dev/null /dev/zero / "$BATS_TEST_FILENAME" /nonexistent
}

@test "json: scan of an archive with every kind of entry and name" {
	printf '%s\n' '#mtree' './null type=char device=native,1,3' './sda1 type=block device=native,8,1' \
		'./big type=char device=native,4096,70000' './t\033]0;x\007\303\251 type=char device=native,1,5' \
		'./file type=file' './none type=char' >m
	bsdtar -cf pax.tar --format=pax @m
	bsdtar -cf ustar.tar --format=ustar @m 2>/dev/null || true
	bsdtar -cf odc.cpio --format=odc @m
	bsdtar -cf newc.cpio --format=newc @m
	same scan pax.tar ustar.tar odc.cpio newc.cpio m
	same scan --into=ustar,cpio-odc pax.tar
}

@test "json: scan of ext4 and squashfs images" {
	command -v gensquashfs >/dev/null || skip "gensquashfs is not installed (Debian package squashfs-tools-ng)"
	truncate -s 8M img && mke2fs -q -t ext4 img
	printf '%s\n' 'mkdir dev' 'cd dev' 'mknod sda1 b 8 1' 'mknod big c 300 70000' \
		'sif sda1 block[0] 0x10801' >cmds
	debugfs -w -f cmds img >/dev/null 2>&1
	debugfs -w -R "unlink /dev/big" img >/dev/null 2>&1
	printf '%s\n' 'dir /dev 0755 0 0' 'nod /dev/null 0644 0 0 c 1 3' 'nod /dev/m256 0644 0 0 b 8 256' \
		'nod /dev/max 0644 0 0 c 4095 1048575' >pack
	gensquashfs -q -F pack img.sqfs
	same scan img img.sqfs
	same scan --into=ustar img.sqfs
}

@test "json: diff of two inputs, every verdict, names to escape, causes of each kind" {
	printf '%s\n' 'nod /dev/null 0666 0 0 c 1 3' 'nod /dev/sdq 0600 0 0 b 8 256' \
		'nod /dev/nvme 0600 0 0 b 259 0' $'nod /dev/t\001\303\251 0600 0 0 c 5 1' \
		'nod /dev/gone 0600 0 0 c 4095 1048575' >a
	printf '%s\n' 'dev/null C 1 666 0 0 1 3' 'dev/sdq B 1 600 0 0 4104 0' \
		'dev/nvme B 1 600 0 0 3 0' $'dev/t\001\303\251 C 1 600 0 0 5 2' 'dev/new C 1 600 0 0 9 9' >b
	same diff a b
	same diff --all --writer=rpmbuild a b
	same diff --all b a
	assert_equal "$(devnum diff --json a b | jq -r 'select(.b.minor == 2) | .path')" $'dev/t\001\303\251'
}
