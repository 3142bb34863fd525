#!/usr/bin/env bats
# staging: scan of a directory an image is built from.  Its device nodes
# are held to stat(1); the numbers rsync --fake-super keeps as xattrs to
# rsync's own restore; fakeroot's state to fakeroot -i; QEMU 9p's
# mapped-xattr and mapped-file metadata to values worked out from QEMU's
# hw/9pfs/9p-local.c (Debian has no way to run its 9p server without a
# guest); --into=rootless to the kernel's own mknod in a user namespace,
# --into=ostree to ostree commit.
# needs: mknod (as a normal user, make check runs this file under fakeroot)
load helper

setup() {
	cd "$BATS_TEST_TMPDIR"
}

# userns ARGS...: unshare ARGS outside the fakeroot a normal user's make
# check runs this file in, so that the kernel answers, not fakeroot
userns() {
	env -u FAKEROOTKEY -u LD_PRELOAD unshare "$@"
}

root_or_faked() {
	[ "$(id -u)" = 0 ] || skip "mknod(2) needs root, or fakeroot (Debian package fakeroot)"
}

# stat_nodes DIR: "path type M:m" for each device node under DIR, by stat
stat_nodes() {
	(cd "$1" && find . ! -type l ! -type d | while read -r f; do
		t=$(stat -c '%F' "$f")
		case $t in
		"character special file") echo "${f#.} char $((16#$(stat -c %t "$f"))):$((16#$(stat -c %T "$f")))" ;;
		"block special file") echo "${f#.} block $((16#$(stat -c %t "$f"))):$((16#$(stat -c %T "$f")))" ;;
		esac
	done | sort)
}

@test "scan DIR: every device node of a staging tree, as stat sees it; no symbolic link is followed" {
	root_or_faked
	mkdir -p root/dev/sub root/etc
	mknod root/dev/null c 1 3
	mknod root/dev/sda1 b 8 1
	mknod root/dev/m256 b 8 256
	mknod root/dev/sub/max c 4095 1048575
	mknod root/dev/w c 0 0
	ln root/dev/null root/etc/null2
	echo x >root/etc/file
	ln -s /dev root/hostdev
	ln -s . root/dev/loop
	run2 devnum scan --format='%p %t %M:%m' root
	assert_success
	assert_equal "$(sort <<<"$output")" "$(stat_nodes root)"
	assert_equal "${#lines[@]}" 6
	run2 devnum scan --json root
	assert_line --partial '"path":"/dev/m256","format":"directory","segment":1,"offset":0,"compression":"none","container":"linux","type":"block","inode":'
	assert_line --partial '"major":8,"minor":256,"source":"st_rdev"}'
	# an empty directory has no devices: status 0, nothing listed
	mkdir empty
	run2 devnum scan --summary empty
	assert_success
	assert_output ""
	assert_equal "$stderr" "devnum: empty: segment 1 at byte 0, uncompressed: 0 entries, 0 devices, 0 with findings
devnum: empty: 1 segment, 0 entries, 0 devices, 0 with findings"
}

# restore FROM TO: rsync's restore of a --fake-super copy as root, its
# receiver given --super, through a remote shell that runs it right here:
# Debian 12's rsync 3.2.7 garbles the destination of a local copy given -M
# ("created directory p\#310...").
restore() {
	printf '#!/bin/sh\nshift\nexec "$@"\n' >rsh && chmod +x rsh
	rsync -a --fake-super -e "$PWD/rsh" -M--super "$1" "localhost:$PWD/$2"
}

@test "scan DIR: rsync --fake-super's placeholders, and rsync's restore as root makes the same nodes" {
	root_or_faked
	need rsync rsync
	mkdir -p src/dev
	mknod src/dev/a c 8 256
	mknod src/dev/b b 4095 1048575
	mknod src/dev/w c 0 0
	mkfifo src/dev/p
	rsync -a --fake-super src/ fake/
	[ -f fake/dev/a ] || fail "rsync --fake-super made no placeholder"
	run2 devnum scan --format='%p %t %M:%m %{source}' fake
	assert_success
	assert_equal "$(sort <<<"$output")" "/dev/a char 8:256 user.rsync.%stat
/dev/b block 4095:1048575 user.rsync.%stat
/dev/w char 0:0 user.rsync.%stat"
	restore fake/ back/
	[ -d back/dev ] || fail "rsync's restore made no back/dev"
	assert_equal "$(devnum scan --format='%p %t %M:%m' fake | sort)" "$(stat_nodes back)"
	# a number above 12:20 on a placeholder: rsync's restore through
	# glibc's mknod refuses it, as the not-linux finding says
	touch fake/dev/big
	setfattr -n user.rsync.%stat -v '20644 4096,0 0:0' fake/dev/big
	run2 devnum scan --format='%p %{findings} %n' fake
	assert_failure 1
	assert_line --partial "/dev/big not-linux,becomes-whiteout major 4096 above 4095: glibc's mknod (GNU tar, bsdtar, cpio, Python) refuses it (EINVAL)"
	if [ -z "${FAKEROOTKEY:-}" ]; then
		run restore fake/ back2/
		assert_failure
		assert_output --partial 'mknod "'
		[ ! -e back2/dev/big ] || fail "rsync made dev/big"
	fi
	setfattr -n user.rsync.%stat -v 'garbage' fake/dev/big
	run2 devnum scan fake
	assert_failure 2
	assert_equal "$stderr" "devnum: 'fake': /dev/big: user.rsync.%stat \"garbage\" is not MODE MAJOR,MINOR"
}

@test "scan DIR: QEMU 9p mapped-xattr and mapped-file metadata, as 9p-local.c writes them" {
	# mapped-xattr: user.virtfs.mode, 4 bytes, and user.virtfs.rdev, the
	# host's dev_t in 8 bytes, both little-endian; S_IFCHR|0644 is 0x21a4,
	# glibc's 8:256 0x100800, 4096:0 0x100000000000
	mkdir -p x/dev
	touch x/dev/a x/dev/big x/dev/f
	setfattr -n user.virtfs.mode -v 0xa4210000 x/dev/a
	setfattr -n user.virtfs.rdev -v 0x0008100000000000 x/dev/a
	setfattr -n user.virtfs.mode -v 0xa4610000 x/dev/big
	setfattr -n user.virtfs.rdev -v 0x0000000000100000 x/dev/big
	setfattr -n user.virtfs.mode -v 0xa4810000 x/dev/f
	run2 devnum scan --format='%p %t %M:%m %{source} %{findings}' x
	assert_failure 1
	assert_equal "$(sort <<<"$output")" "/dev/a char 8:256 user.virtfs.rdev 
/dev/big block 4096:0 user.virtfs.rdev not-linux"
	# mapped-file: DIR/.virtfs_metadata/NAME, virtfs.mode=%d (S_IFBLK|0600
	# is 25008) and virtfs.rdev=%d, the dev_t's low 32 bits; -1 is QEMU's none
	mkdir -p m/dev/.virtfs_metadata
	touch m/dev/sda m/dev/none
	printf 'virtfs.uid=0\nvirtfs.gid=0\nvirtfs.mode=25008\nvirtfs.rdev=2049\n' >m/dev/.virtfs_metadata/sda
	printf 'virtfs.mode=25008\nvirtfs.rdev=-1\n' >m/dev/.virtfs_metadata/none
	run2 devnum scan --format='%p %t %M:%m %{source}' m
	assert_failure 2
	assert_output "/dev/sda block 8:1 .virtfs_metadata"
	assert_equal "$stderr" "devnum: 'm': /dev/none: .virtfs_metadata: virtfs.rdev=-1, which QEMU does not read as a device number"
}

@test "scan --fakeroot=STATE DIR: the tree's placeholders as fakeroot -i shows them" {
	need fakeroot fakeroot
	mkdir d
	own_fakeroot -s state -- sh -c 'mknod d/a c 8 256; mknod d/b b 4095 1048575; mknod d/big c 4096 0; : >d/f; mkdir d/sub; mknod d/sub/n c 1 3'
	# stat(1) under fakeroot -i: find's -type trusts readdir's d_type
	want=$(own_fakeroot -i state -- sh -c 'cd d && find . ! -type d -exec stat -c "%F %t %T %n" {} +' |
		sed -n 's/^\(character\|block\) special file //p' |
		while read -r ma mi f; do echo "${f#.} $((16#$ma)):$((16#$mi))"; done | sort)
	[ -n "$want" ] || fail "fakeroot -i shows no devices"
	run2 devnum scan --fakeroot=state --format='%p %M:%m' d
	assert_failure 1
	assert_equal "$(sort <<<"$output")" "$want"
	run2 devnum scan --fakeroot=state --format='%{source}' d
	assert_equal "$(sort -u <<<"$output")" "fakeroot"
	# one device, one answer, read from the state or through the tree
	run2 devnum scan --format='%t %M:%m %{findings} %n' state
	local from_state=$output
	run2 devnum scan --fakeroot=state --format='%t %M:%m %{findings} %n' d
	assert_equal "$(sort <<<"$output")" "$(sort <<<"$from_state")"
	assert_line "char 4096:0 not-linux,becomes-whiteout major 4096 above 4095: glibc's mknod (GNU tar, bsdtar, cpio, Python) refuses it (EINVAL); a raw mknodat (Go x/sys/unix, moby, containerd) and musl's mknod make 0:0; char 0:0 is an overlay whiteout: extracted over a lower layer, it hides that layer's file at this path"
	run2 devnum scan --fakeroot=state state
	assert_failure 2
	assert_equal "$stderr" "devnum: 'state': no directory: --fakeroot's state describes a directory's tree"
	run2 devnum scan --fakeroot=nonexistent d
	assert_failure 2
	assert_equal "$stderr" "devnum: --fakeroot: 'nonexistent': No such file or directory"
	echo 'dev=fe00,ino=1' >bad
	run2 devnum scan --fakeroot=bad d
	assert_failure 2
	assert_equal "$stderr" "devnum: --fakeroot: 'bad': line 1: no mode= field a number, as fakeroot -s writes it"
}

@test "scan DIR hostile: 300 directories deep, a name past 4095 bytes, a directory it may not read" {
	mkdir deep && (cd deep && for i in $(seq 300); do mkdir d && cd d || exit 1; done)
	run2 devnum scan deep
	assert_failure 2
	assert_equal "${#stderr_lines[@]}" 1
	[[ $stderr == *"(inode "*"): deeper than 256 directories" ]] || fail "$stderr"
	mkdir long && (cd long && for i in $(seq 20); do mkdir "$(printf 'n%.0s' $(seq 250))" && cd n* || exit 1; done)
	run2 devnum scan long
	assert_failure 2
	[[ $stderr == *": the path is longer than 4095 bytes" ]] || fail "$stderr"
	if [ "$(id -u)" != 0 ]; then
		mkdir -p closed/in && chmod 000 closed/in
		run2 devnum scan closed
		chmod 755 closed/in
		assert_failure 2
		assert_equal "$stderr" "devnum: 'closed': directory /in (inode $(stat -c %i closed/in)): Permission denied"
	fi
}

@test "--into=rootless: what the kernel's mknod in a user namespace refuses; --into=ostree: what ostree commit refuses" {
	userns -Ur true 2>/dev/null || skip "no user namespaces here (unshare -Ur)"
	printf '%s\n' '#mtree' './null type=char device=native,1,3' './sda type=block device=native,8,0' \
		'./w type=char device=native,0,0' | bsdtar -cf spec --format=ustar @-
	run2 devnum scan --into=rootless --format='%p %{findings}' spec
	assert_failure 1
	assert_equal "$output" "./null into
./sda into
./w whiteout,into"
	# the kernel: only char 0:0 can be made in a user namespace
	mkdir made
	run userns -Ur sh -c 'mknod made/null c 1 3'
	assert_failure
	assert_output --partial "Operation not permitted"
	run userns -Ur sh -c 'mknod made/sda b 8 0'
	assert_failure
	run userns -Ur sh -c 'mknod made/w c 0 0'
	assert_success
	run2 devnum scan --into=rootless --format='%n' spec
	assert_line --index 0 "rootless: in a user namespace mknod of a char device fails (EPERM); moby's and containers/storage's extractors leave it out, silently"
	run2 devnum scan --into=ostree --format='%p %{findings}' spec
	assert_failure 1
	assert_equal "$output" "./null into
./sda into
./w whiteout,into"
	# fits judges tuples, not devices
	run2 devnum fits --into=rootless 1:3
	assert_failure 2
	assert_equal "${stderr_lines[0]}" "devnum: --into: rootless and ostree judge a device by its type: fits has none; scan judges by them"
}

@test "--into=rootless,ostree judge a device whose tuple is unknown: neither verdict hangs on it" {
	# mtree's device=native,0,0 is read back by libarchive as no number
	printf '%s\n' '#mtree' './x type=char device=native,0,0' './y type=block device=native,0,0' >spec
	run2 devnum scan --into=ostree --format='%p %{type} %{findings}|%n' spec
	assert_failure 1
	assert_line --index 0 --regexp '^\./x char unknown,into\|.*; ostree: a commit holds no devices: ostree refuses it \("Not a regular file or symlink"\)$'
	assert_line --index 1 --regexp '^\./y block unknown,into\|'
	run2 devnum scan --into=rootless --format='%p %{findings}|%n' spec
	assert_line --index 0 --regexp "^\./x unknown,into\|.*; rootless: a user namespace can make only char 0:0 \(Linux 5.8 on\), but moby's and containers/storage's extractors leave every device out, silently$"
	assert_line --index 1 --regexp "; rootless: in a user namespace mknod of a block device fails \(EPERM\); moby's and containers/storage's extractors leave it out, silently$"
}

@test "--into=ostree: ostree commit refuses every device of a staging tree, whiteout and all" {
	root_or_faked
	need ostree ostree
	ostree --repo=repo init --mode=bare-user
	for node in "c 1 3" "b 8 0" "c 0 0"; do
		rm -rf t && mkdir -p t/dev && echo x >t/file
		# shellcheck disable=SC2086 # the node's words
		mknod t/dev/n $node
		run ostree --repo=repo commit -b x --tree=dir=t
		assert_failure
		assert_output --partial "Not a regular file or symlink: n"
		run2 devnum scan --into=ostree --format='%{findings}' t
		assert_failure 1
		[[ $output == *into ]] || fail "$node: $output"
	done
	rm t/dev/n
	ostree --repo=repo commit -b x --tree=dir=t >/dev/null
	run2 devnum scan --into=ostree t
	assert_success
}
