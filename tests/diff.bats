#!/usr/bin/env bats
# diff: what real conversions did to each device, held to what the tools
# did.  A tree of nodes made with mknod is packed by GNU tar, then made an
# ext4 by mke2fs -d, a squashfs by mksquashfs, an erofs by mkfs.erofs, an
# rpm by rpmbuild, listed by unsquashfs -pf; each is diffed against the
# tar, the expected tuples derived by hand from what each tool is known to
# keep.
# needs: mknod (as a normal user, make check runs this file under fakeroot)
load helper
load image_helper

# the tree: name and tuple, as mknod makes them (4096:0 only where mknod
# makes any tuple: fakeroot, which every tool below runs in too)
NODES="null:1:3 sda1:8:1 m256:8:256 nvme:259:0 big:4095:255 huge:4095:1048575"

setup() {
	[ "$(id -u)" = 0 ] || skip "mknod(2) needs root, or fakeroot (Debian package fakeroot)"
	cd "$BATS_TEST_TMPDIR"
	mkdir -p root/dev
	for n in $NODES; do
		IFS=: read -r name ma mi <<<"$n"
		mknod "root/dev/$name" c "$ma" "$mi"
	done
	tar --format=gnu -C root -cf t.tar .
}

# glibc MAJOR MINOR: glibc's dev_t, by hand (sysmacros.h)
glibc() {
	echo $(((($1 & 0xfff) << 8) | (($1 >> 12) << 32) | ($2 & 0xff) | (($2 >> 8) << 20)))
}

# same_all INPUT: every node of the tree, the same in INPUT, exit 0 and
# nothing printed without --all
same_all() {
	run2 devnum diff t.tar "$1"
	assert_success
	assert_output ""
	assert_equal "$stderr" ""
	run2 devnum diff --all --format='%V %p %{a.major}:%{a.minor} %{b.major}:%{b.minor}' t.tar "$1"
	assert_success
	local want=""
	for n in $NODES; do
		IFS=: read -r name ma mi <<<"$n"
		want+="same dev/$name $ma:$mi $ma:$mi"$'\n'
	done
	assert_equal "$(sort <<<"$output")" "$(sort <<<"${want%$'\n'}")"
}

@test "diff: mke2fs -d keeps every node of 12:20, exit 0; --all lists each the same" {
	need mke2fs e2fsprogs
	mke2fs -q -t ext4 -d root t.ext4 8M
	same_all t.ext4
}

@test "diff: mksquashfs and mkfs.erofs keep every node of 12:20, exit 0" {
	need mksquashfs squashfs-tools
	need mkfs.erofs erofs-utils
	mksquashfs root t.sqfs -quiet -noappend >/dev/null
	same_all t.sqfs
	mkfs.erofs t.erofs root >/dev/null 2>&1
	same_all t.erofs
}

@test "diff: 4096:0 through mke2fs, mksquashfs and mkfs.erofs, each change named by its writer row" {
	need mke2fs e2fsprogs
	need mksquashfs squashfs-tools
	need mkfs.erofs erofs-utils
	faked 'mknod root/dev/wide c 4096 0 && tar --format=gnu -C root -cf t.tar . &&
		mke2fs -q -t ext4 -d root t.ext4 8M && mksquashfs root t.sqfs -quiet -noappend &&
		mkfs.erofs t.erofs root' >/dev/null 2>&1
	[ "$(tar -tvf t.tar ./dev/wide | awk '{print $3}')" = "4096,0" ] || fail "tar did not keep 4096:0"
	# mke2fs -d and mksquashfs keep 12 bits of the major (0:0, a whiteout);
	# erofs-utils 1.5's encode shifts the major unmasked into the minor
	# (4096 << 8 is bit 20: new_decode_dev's minor bit 8), 0:256
	for f in t.ext4:0:0:mke2fs t.sqfs:0:0:mksquashfs t.erofs:0:256:mkfs.erofs; do
		IFS=: read -r img ma mi writer <<<"$f"
		run2 devnum diff --format='%V %p %{a.major}:%{a.minor} %{b.major}:%{b.minor} %{causes}' t.tar "$img"
		assert_failure 1
		assert_equal "${output%%,*}" "changed dev/wide 4096:0 $ma:$mi $writer"
	done
	run2 devnum diff t.tar t.erofs
	assert_output "dev/wide: changed: char 4096:0 -> char 0:256 (erofs 0x00100000) [mkfs.erofs,new-encode-unmasked,legacy-encode-read-by-glibc,major-times-256] mkfs.erofs, erofs-utils 1.5, in erofs: truncated (major 4096 above 4095)"
	run2 devnum diff --json t.tar t.ext4
	assert_equal "$(jq -c '[.verdict, .a.type, .b.container, .b.fields, .causes[0].cause, .causes[0].by, .causes[0].fate]' <<<"$output")" \
		'["changed","char","ext4",["0x00000000","0x00000000"],"mke2fs","writer","truncated"]'
}

@test "diff: bsdtar's odc writer saturates c_rdev at 0777777: each wider device 1023:255, bsdtar first" {
	need bsdtar libarchive-tools
	bsdtar -cf t.odc --format=odc -C root .
	run2 devnum diff --format='%V %p %{a.major}:%{a.minor} %{b.major}:%{b.minor} %{causes}' t.tar t.odc
	assert_failure 1
	for n in $NODES; do
		IFS=: read -r name ma mi <<<"$n"
		v=$(glibc "$ma" "$mi")
		if [ "$v" -le $((0777777)) ]; then
			refute_line --partial " dev/$name "
		else # 0777777 is glibc's 0x3ffff: 1023:255
			assert_line --regexp "^changed dev/$name $ma:$mi 1023:255 bsdtar(,|$)"
		fi
	done
	# GNU cpio cuts to 18 bits: where that is 0x3ffff too, it explains it
	assert_line "changed dev/huge 4095:1048575 1023:255 bsdtar,gnu-cpio"
	assert_line "changed dev/m256 8:256 1023:255 bsdtar"
}

# real_root WHY: as in writers.bats
real_root() {
	[ "$(id -u)" = 0 ] && [ -z "${FAKEROOTKEY:-}" ] || skip "real root's nodes only: $1"
}

@test "diff: rpmbuild keeps 16 bits of glibc's dev_t: each cut device changed, rpmbuild first" {
	need rpmbuild rpm
	real_root "rpmbuild in fakeroot packages none of them ('unpackaged')"
	local files="" nodes=""
	for n in $NODES; do
		IFS=: read -r name ma mi <<<"$n"
		nodes+="mknod %{buildroot}/dev/$name c $ma $mi"$'\n' files+="/dev/$name"$'\n'
	done
	printf '%s\n' "Name: t" "Version: 1" "Release: 1" "Summary: nodes" "License: MIT" \
		"BuildArch: noarch" "%description" "nodes" "%install" "mkdir -p %{buildroot}/dev" \
		"$nodes" "%files" "$files" >t.spec
	rpmbuild -bb --quiet --define "_topdir $PWD/top" t.spec >/dev/null 2>&1
	pkg=$(find top -name 't-*.rpm')
	[ -f "$pkg" ] || fail "rpmbuild made no package"
	run2 devnum diff --format='%V %p %{a.major}:%{a.minor} %{b.major}:%{b.minor} %{causes}' t.tar "$pkg"
	assert_failure 1
	for n in $NODES; do
		IFS=: read -r name ma mi <<<"$n"
		v=$(($(glibc "$ma" "$mi") & 0xffff))
		if [ "$(((v >> 8) & 0xfff)):$((v & 0xff))" = "$ma:$mi" ]; then
			refute_line --partial " dev/$name "
		else
			assert_line --regexp "^changed dev/$name $ma:$mi $((v >> 8)):$((v & 0xff)) rpmbuild,glibc-cut-to-16(,|$)"
		fi
	done
	assert_line --regexp "^changed dev/nvme 259:0 3:0 rpmbuild,glibc-cut-to-16"
	run2 devnum diff --json t.tar "$pkg"
	assert_equal "$(jq -r 'select(.path == "dev/nvme") | .causes[0].what' <<<"$output")" \
		"rpmbuild, rpm 4.18.0, in rpm: truncated (raw 0x10300 above 0xffff)"
}

@test "diff: a mksquashfs pseudo file against the image built from it, the same" {
	need mksquashfs squashfs-tools
	local pf=""
	for n in $NODES; do
		IFS=: read -r name ma mi <<<"$n"
		pf+="dev/$name c 600 0 0 $ma $mi"$'\n'
	done
	printf 'dev d 755 0 0\n%s' "$pf" >pf
	mkdir empty
	mksquashfs empty t.sqfs -pf pf -quiet -noappend >/dev/null
	run2 devnum diff --all --format='%V %p %{a.line} %{b.inode}' pf t.sqfs
	assert_success
	assert_equal "$(grep -c '^same dev/[a-z0-9]* [2-7] [0-9][0-9]*$' <<<"$output")" 6
}

@test "diff: unsquashfs -pf lists a squashfs device through an 8:8 reading of its glibc value" {
	need mksquashfs squashfs-tools
	mksquashfs root t.sqfs -quiet -noappend >/dev/null
	unsquashfs -pf t.pf t.sqfs >/dev/null 2>&1
	grep -q '^dev/m256 B ' t.pf || grep -q '^dev/m256 C ' t.pf || fail "unsquashfs -pf wrote no m256: $(cat t.pf)"
	run2 devnum diff --format='%V %p %{a.major}:%{a.minor} %{b.major}:%{b.minor} %{b.line} %{causes}' t.sqfs t.pf
	assert_failure 1
	# 8:256 is glibc's 0x100800: unsquashfs prints 0x100800 >> 8 and & 0xff
	v=$(glibc 8 256)
	assert_line "changed dev/m256 8:256 $((v >> 8)):$((v & 0xff)) $(grep -n '^dev/m256 ' t.pf | cut -d: -f1) glibc-as-legacy"
	# 4095:1048575 is 0xffffffff: an int, shifted right, is -1, which
	# mksquashfs reads back with %u: the mistake of its own row
	assert_equal "$(awk '$1 == "dev/huge" { print $7, $8 }' t.pf)" "-1 255"
	assert_line --regexp "^changed dev/huge 4095:1048575 4294967295:255 [0-9]+ glibc-as-legacy-signed$"
	# the nodes whose minor fits 8 bits are listed as they are
	refute_line --partial " dev/null "
	refute_line --partial " dev/nvme "
}

@test "diff: two layers of one OCI image, each verdict, the layers' paths matched" {
	layer l1.tar pax './dev/a type=char device=native,8,1' './dev/b type=block device=native,8,256' \
		'./dev/c type=char device=native,1,3'
	layer l2.tar pax './dev/a type=char device=native,8,1' './dev/b type=block device=native,8,0' \
		'./dev/d type=char device=native,5,1' './dev/c type=file'
	oci img l1.tar l2.tar
	blobs=($(jq -r '.layers[].digest' img/blobs/sha256/"$(jq -r '.manifests[0].digest' img/index.json | cut -d: -f2)" | cut -d: -f2))
	ln -s "img/blobs/sha256/${blobs[0]}" lower && ln -s "img/blobs/sha256/${blobs[1]}" upper
	run2 devnum diff --summary lower upper
	assert_failure 1
	# pax stores the tuple: its reader hands it to the host's mknod, so the
	# mistakes read by glibc come first
	assert_equal "$output" "dev/b: changed: block 8:256 -> block 8:0 [glibc-cut-to-16,minor-masked,statx-major-only,freebsd12-as-freebsd11] a glibc dev_t kept in 16 bits and read by glibc: rpm's 16-bit rdev (rpm's rpm_rdev_t (uint16_t) for RPMTAG_FILERDEVS, measured with rpmbuild 4.18; bsdtar's and GNU cpio's bin h_rdev)
dev/c: gone: char 1:3 -> -
dev/d: new: - -> char 5:1"
	assert_equal "$stderr" "devnum: 'lower' and 'upper': 1 same, 1 changed, 1 gone, 1 new, 0 unknown on both sides"
	# the same layers read by one thread, then by two: the same bytes
	run2 devnum diff --jobs=1 --json --all lower upper
	one=$output
	run2 devnum diff --jobs=2 --json --all lower upper
	assert_equal "$output" "$one"
	assert_equal "$(jq -s 'length' <<<"$one")" 4
}

@test "diff: a .deb against the tar of its tree: the same devices, the member named in JSON" {
	need dpkg-deb dpkg
	mkdir -p root/DEBIAN
	printf '%s\n' 'Package: t' 'Version: 1' 'Architecture: all' 'Maintainer: m <m@m>' \
		'Description: t' >root/DEBIAN/control
	dpkg-deb -Zxz --root-owner-group --build root t.deb >/dev/null
	same_all t.deb
	run2 devnum diff --all --json t.tar t.deb
	assert_equal "$(jq -r 'select(.path == "dev/m256") | .b.within[0]' <<<"$output")" data.tar.xz
	# --depth=0 reads no member: every device gone
	run2 devnum diff --depth=0 t.tar t.deb
	assert_failure 1
	assert_equal "$(grep -c ': gone: ' <<<"$output")" 6
}

@test "diff: --strip and --prefix match trees that moved; standard input as one side" {
	tar -C "$BATS_TEST_TMPDIR" --format=gnu -cf moved.tar root
	run2 devnum diff moved.tar t.tar
	assert_failure 1
	assert_equal "$(grep -c ': gone: ' <<<"$output") $(grep -c ': new: ' <<<"$output")" "6 6"
	run2 devnum diff --strip=1:0 moved.tar t.tar
	assert_success
	assert_output ""
	run2 devnum diff --prefix=root/dev:dev moved.tar t.tar
	assert_success
	run2 devnum diff --prefix=/root/:./ moved.tar - <t.tar
	assert_success
	# a path --strip leaves nothing of is not compared, and counted
	run2 devnum diff --summary --strip=3 moved.tar t.tar
	assert_success
	assert_equal "${stderr_lines[0]}" "devnum: 'moved.tar': 6 device entries with no more path components than --strip drops, not compared"
	assert_equal "${stderr_lines[1]}" "devnum: 't.tar': 6 device entries with no more path components than --strip drops, not compared"
}

@test "diff: an input that cannot be read whole compares nothing, exit 2; usage errors" {
	head -c 3000 t.tar >short.tar
	run2 devnum diff t.tar short.tar
	assert_failure 2
	assert_output ""
	assert_equal "${stderr_lines[-1]}" "devnum: 'short.tar': not read whole: no path compared"
	run2 devnum diff t.tar missing
	assert_failure 2
	assert_equal "$stderr" "devnum: 'missing': No such file or directory
devnum: 'missing': not read whole: no path compared"
	run2 devnum diff t.tar
	assert_failure 2
	assert_equal "${stderr_lines[0]}" "devnum: diff takes two inputs, A and B; 1 given"
	run2 devnum diff - -
	assert_failure 2
	assert_equal "${stderr_lines[0]}" "devnum: diff: standard input ('-') can be one input, not both"
	for bad in x 1:2:3 256 -1 ''; do
		run2 devnum diff --strip="$bad" t.tar t.tar
		assert_failure 2
		[[ ${stderr_lines[0]} == "devnum: --strip: '$bad' is not N or N:M, path components to drop (0 to 255)" ]] || fail "$stderr"
	done
	run2 devnum diff --prefix=nocolon t.tar t.tar
	assert_failure 2
	assert_equal "${stderr_lines[0]}" "devnum: --prefix: 'nocolon' is not A:B, a path in each input"
	run2 devnum scan --strip=1 t.tar
	assert_failure 2
}

@test "diff: a path named twice in one input: the last one compared, with a warning" {
	# GNU tar -r appends the node again, as a layer over a lower one
	mkdir -p two/dev && mknod two/dev/a c 8 1
	tar --format=gnu -C two -cf twice.tar ./dev/a
	rm two/dev/a && mknod two/dev/a c 8 2
	tar --format=gnu -C two -rf twice.tar ./dev/a
	tar --format=gnu -C two -cf once.tar ./dev/a
	assert_equal "$(tar -tvf twice.tar | awk '{print $3}' | paste -sd' ')" "8,1 8,2"
	run2 devnum diff twice.tar once.tar
	assert_success
	assert_equal "$stderr" "devnum: 'twice.tar': warning: 1 device entry named a path an earlier one named: the last read of each path is compared"
	run2 devnum diff once.tar twice.tar
	assert_success
}

@test "diff: memory grows with device entries, not with entries: 200,000 files cost no more than 2,000" {
	[ -z "${SANITIZE_CFLAGS:-}${TEST_RUNNER:-}" ] || skip "memory is the sanitizer's or the emulator's"
	need /usr/bin/time time
	for n in 2000 200000; do
		mkdir -p "many$n"
		(cd "many$n" && seq -f 'f%.0f' "$n" | xargs touch)
		cp -a root/dev "many$n/"
		tar --format=gnu -C "many$n" -cf "many$n.tar" .
	done
	run2 /usr/bin/time -f '%M' devnum diff many2000.tar many2000.tar
	assert_success
	small=${stderr_lines[-1]}
	run2 /usr/bin/time -f '%M' devnum diff many200000.tar many200000.tar
	assert_success
	large=${stderr_lines[-1]}
	[ "$large" -lt $((small + 4096)) ] || fail "200,000 files: $large KiB; 2,000: $small KiB"
}
