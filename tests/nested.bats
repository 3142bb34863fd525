#!/usr/bin/env bats
# scan: inputs inside inputs, built by the real tools from nodes made with
# mknod (Debian packages, images inside tars, an ISO holding a squashfs and
# an erofs), each record naming the members it is inside; --depth; the
# bounds a nesting bomb meets.
# needs: mknod (as a normal user, make check runs this file under fakeroot)
load helper

setup() {
	[ "$(id -u)" = 0 ] || skip "mknod(2) needs root, or fakeroot (Debian package fakeroot)"
	cd "$BATS_TEST_TMPDIR"
	mkdir -p root/dev root/DEBIAN
	mknod root/dev/null c 1 3
	mknod root/dev/m256 b 8 256
	printf '%s\n' 'Package: t' 'Version: 1' 'Architecture: all' 'Maintainer: m <m@m>' \
		'Description: t' >root/DEBIAN/control
}

# deb: t.deb, built by dpkg-deb from root, its payload compressed with xz
deb() {
	need dpkg-deb dpkg
	dpkg-deb -Zxz --root-owner-group --build root t.deb >/dev/null
}

@test "scan .deb: the devices of data.tar.xz, each naming it; control.tar named by --summary" {
	deb
	run2 devnum scan --summary --format='%{within} %p %t %M:%m' t.deb
	assert_success
	assert_equal "$(LC_ALL=C sort <<<"$output")" "[data.tar.xz] ./dev/m256 block 8:256
[data.tar.xz] ./dev/null char 1:3"
	[[ $stderr == *"devnum: t.deb: member 'control.tar.xz': segment 1 at byte 0, xz: "* ]] ||
		fail "$stderr"
	assert_equal "${stderr_lines[-1]}" "devnum: t.deb: 1 segment, 2 members read as inputs, $((3 + $(dpkg-deb --ctrl-tarfile t.deb | tar -t | wc -l) + $(dpkg-deb --fsys-tarfile t.deb | tar -t | wc -l))) entries, 2 devices, 0 with findings"
	run2 devnum scan --json t.deb
	assert_line --partial '"path":"./dev/m256",'
	assert_line --partial '"compression":"xz","within":["data.tar.xz"],"container":"gnutar","type":"block","major":8,"minor":256}'
	# plain output: the members in brackets after the input's name
	run2 devnum scan t.deb
	assert_line "t.deb[data.tar.xz]: ./dev/null: char 1:3"
}

@test "scan .deb: gzip'd man pages and changelogs are no inputs, passed over without a word" {
	mkdir -p root/usr/share/man/man1 root/usr/share/doc/t
	printf '.TH T 1\n' | gzip -9n >root/usr/share/man/man1/t.1.gz
	printf 't (1) unstable; urgency=low\n' | gzip -9n >root/usr/share/doc/t/changelog.Debian.gz
	deb
	run2 devnum scan --summary t.deb
	assert_success
	assert_equal "$(grep -c warning <<<"$stderr")" 0
	[[ ${stderr_lines[-1]} == "devnum: t.deb: 1 segment, 2 members read as inputs, "* ]] || fail "$stderr"
}

@test "scan --depth=0: a .deb as before nesting, its members named in warnings, never 0 devices in silence" {
	deb
	run2 devnum scan --depth=0 t.deb
	assert_success
	assert_output ""
	assert_equal "$stderr" "devnum: 't.deb': warning: entry 2: 'control.tar.xz': xz stream, not read: deeper than --depth=0
devnum: 't.deb': warning: entry 3: 'data.tar.xz': xz stream, not read: deeper than --depth=0"
	run2 devnum scan --depth=65 t.deb
	assert_failure 2
	assert_equal "${stderr_lines[0]}" "devnum: --depth: '65' is not a depth (0 to 64)"
	run2 devnum decode --depth=1 0x301
	assert_failure 2
}

@test "scan: a tar holding an ext4 image, a .deb and a tar, each read where it is; --depth=1 stops at the deb's payload" {
	deb
	need mke2fs e2fsprogs
	mkdir -p in sub/dev
	mknod sub/dev/tty c 5 0
	mke2fs -q -F -t ext4 -d root in/rootfs.ext4 4M
	cp t.deb in/ && tar -cf in/inner.tar -C sub .
	tar -cf outer.tar -C in rootfs.ext4 t.deb inner.tar
	run2 devnum scan --format='%{within} %p %t %M:%m' outer.tar
	assert_success
	assert_equal "$(LC_ALL=C sort <<<"$output")" "[inner.tar] ./dev/tty char 5:0
[rootfs.ext4] /dev/m256 block 8:256
[rootfs.ext4] /dev/null char 1:3
[t.deb][data.tar.xz] ./dev/m256 block 8:256
[t.deb][data.tar.xz] ./dev/null char 1:3"
	run2 devnum scan --depth=1 --format='%{within} %p %M:%m' outer.tar
	assert_success
	assert_equal "$(LC_ALL=C sort <<<"$output")" "[inner.tar] ./dev/tty 5:0
[rootfs.ext4] /dev/m256 8:256
[rootfs.ext4] /dev/null 1:3"
	assert_equal "$stderr" "devnum: 'outer.tar': warning: member 't.deb': entry 2: 'control.tar.xz': xz stream, not read: deeper than --depth=1
devnum: 'outer.tar': warning: member 't.deb': entry 3: 'data.tar.xz': xz stream, not read: deeper than --depth=1"
	# a gzip'd tar of it all, from a pipe: the same records, one member deeper
	gzip -c outer.tar | devnum scan --format='%{within} %p %M:%m' >piped
	assert_equal "$(cut -d' ' -f2- piped)" "$(devnum scan --format='%p %M:%m' outer.tar)"
	assert_equal "$(cut -d' ' -f1 piped | sort -u)" "[inner.tar]
[rootfs.ext4]
[t.deb][data.tar.xz]"
}

@test "scan: an ISO 9660 image made by xorriso, holding a squashfs and an erofs, lists both" {
	need xorriso xorriso
	need mksquashfs squashfs-tools
	need mkfs.erofs erofs-utils
	mkdir -p iso/live iso/LiveOS
	mksquashfs root iso/live/filesystem.squashfs -noappend -quiet >/dev/null
	mkfs.erofs iso/LiveOS/rootfs.img root >/dev/null 2>&1
	xorriso -as mkisofs -quiet -R -o live.iso iso 2>/dev/null
	run2 devnum scan --summary --format='%{within} %p %t %M:%m %{format}' live.iso
	assert_success
	assert_equal "$(LC_ALL=C sort <<<"$output")" "[LiveOS/rootfs.img] /dev/m256 block 8:256 erofs
[LiveOS/rootfs.img] /dev/null char 1:3 erofs
[live/filesystem.squashfs] /dev/m256 block 8:256 squashfs
[live/filesystem.squashfs] /dev/null char 1:3 squashfs"
	# each read in place, at its extent: nothing copied
	[[ ${stderr_lines[-1]} == "devnum: live.iso: 1 segment, 2 members read as inputs, 15 entries, 4 devices, 0 with findings" ]] ||
		fail "$stderr"
	# from a pipe, each from a temporary copy
	run2 bash -c "devnum scan --summary --format='%{within} %p %t %M:%m %{format}' <live.iso | LC_ALL=C sort"
	assert_output "[LiveOS/rootfs.img] /dev/m256 block 8:256 erofs
[LiveOS/rootfs.img] /dev/null char 1:3 erofs
[live/filesystem.squashfs] /dev/m256 block 8:256 squashfs
[live/filesystem.squashfs] /dev/null char 1:3 squashfs"
	# gzip'd inside a tar: its volume descriptor is 32 KiB in, past the
	# first 2 KiB every other bid looks at (zeros here, as a system area
	# may be, so scan inflates on), and it is read, its 32 KiB of zeros
	# its own system area, not padding before it; beside it a gzip'd text
	# of 64 KiB, inflated no further than 2 KiB, is no input
	gzip -c live.iso >live.iso.gz
	head -c 65536 /dev/zero | tr '\0' 'x' | gzip >text.gz
	tar -cf iso.tar live.iso.gz text.gz
	run2 devnum scan --format='%{within} %p %t %M:%m %{format}' iso.tar
	assert_success
	assert_equal "$(LC_ALL=C sort <<<"$output")" "[live.iso.gz][LiveOS/rootfs.img] /dev/m256 block 8:256 erofs
[live.iso.gz][LiveOS/rootfs.img] /dev/null char 1:3 erofs
[live.iso.gz][live/filesystem.squashfs] /dev/m256 block 8:256 squashfs
[live.iso.gz][live/filesystem.squashfs] /dev/null char 1:3 squashfs"
	assert_equal "$stderr" ""
	run2 devnum scan --format='%{within} %p %t %M:%m %{format}' live.iso.gz
	assert_success
	assert_equal "$(LC_ALL=C sort <<<"$output")" "[LiveOS/rootfs.img] /dev/m256 block 8:256 erofs
[LiveOS/rootfs.img] /dev/null char 1:3 erofs
[live/filesystem.squashfs] /dev/m256 block 8:256 squashfs
[live/filesystem.squashfs] /dev/null char 1:3 squashfs"
	run2 bash -c "cat live.iso | devnum scan --summary >/dev/null"
	local bytes=$(($(stat -c %s iso/live/filesystem.squashfs) + $(stat -c %s iso/LiveOS/rootfs.img)))
	assert_equal "${stderr_lines[-1]}" "devnum: -: 1 segment, 2 members read as inputs, $bytes bytes spooled, 15 entries, 4 devices, 0 with findings"
	# an ISO whose system area holds an MBR (xorriso's -append_partition
	# writes its partition table after 446 zeros), gzip'd in a tar and xz'd
	truncate -s 1M efi.img
	xorriso -as mkisofs -quiet -R -o mbr.iso -append_partition 2 0xef efi.img root 2>/dev/null
	[ "$(od -An -tx1 -j510 -N2 mbr.iso)" = " 55 aa" ] || fail "xorriso wrote no MBR"
	gzip -c mbr.iso >mbr.iso.gz && xz -c mbr.iso >mbr.iso.xz && tar -cf mbr.tar mbr.iso.gz
	for f in mbr.tar mbr.iso.xz; do
		run2 devnum scan --format='%p %t %M:%m [%{findings}]' $f
		assert_failure 1 # 8:256 in Rock Ridge's PN: Linux's isofs makes another device
		assert_equal "$(LC_ALL=C sort <<<"$output")" "dev/m256 block 8:256 [isofs]
dev/null char 1:3 []"
		assert_equal "$stderr" ""
	done
}

@test "scan: a member's name in brackets, a ']' in it escaped; in JSON as it is" {
	need bsdtar libarchive-tools
	tar -cf 'a]b [c].tar' -C root dev
	cp 'a]b [c].tar' 'new
line.tar'
	tar -cf box.tar 'a]b [c].tar' 'new
line.tar'
	run2 devnum scan --format='%{within}|%p' box.tar
	assert_line --index 0 --partial '[a\]b [c\].tar]|'
	# escaped as GNU tar escapes a name: no byte of it makes a record
	assert_equal "$(grep -c '^\[new\\nline.tar\]|' <<<"$output")" 2
	run2 devnum scan --json box.tar
	[[ ${lines[0]} == *'"within":["a]b [c].tar"],'* ]] || fail "${lines[0]}"
	[[ ${lines[2]} == *'"within":["new\nline.tar"],'* ]] || fail "${lines[2]}"
}

@test "scan: a member that begins like an input and cannot be read is a warning naming it" {
	mkdir -p w
	printf '070701 is how this note begins, and it is no cpio\n' >w/note
	(printf hsqs && head -c 8188 /dev/zero) >w/fake.sqfs
	cp -a root/dev w/
	tar --sort=name -cf w.tar -C w note fake.sqfs dev
	run2 devnum scan --format='%p %M:%m' w.tar
	assert_success
	assert_output "dev/m256 8:256
dev/null 1:3"
	assert_equal "${stderr_lines[0]}" "devnum: 'w.tar': warning: member 'note': cpio archive, not read: truncated or damaged (the reader says no more)"
	[[ ${stderr_lines[1]} == "devnum: 'w.tar': warning: member 'fake.sqfs': squashfs image, not read: "* ]] ||
		fail "$stderr"
	# neither is counted as read
	run2 devnum scan --summary w.tar
	assert_equal "${stderr_lines[-1]}" "devnum: w.tar: 1 segment, 5 entries, 2 devices, 0 with findings"
	# after entries were read, the member's trouble is the input's: status 2
	tar -cf good.tar -C root dev && head -c 1300 good.tar >cut.tar && tar -cf has-cut.tar cut.tar
	run2 devnum scan has-cut.tar
	assert_failure 2
	assert_equal "$stderr" "devnum: 'has-cut.tar': member 'cut.tar': after entry 2: Truncated tar archive"
}

@test "scan: nesting bombs end bounded: a tar 200 deep and a tar of 1,000 gzip'd tars of tars" {
	# peak RSS under 64 MiB, asked where it is scan's own: not under a
	# sanitizer's shadow memory or an emulator's
	tar -cf t0.tar -C root dev
	local i
	for i in $(seq 1 200); do tar -cf t$i.tar t$((i - 1)).tar && rm t$((i - 1)).tar; done
	run2 /usr/bin/time -f '%M %e' devnum scan --format='%{within} %p' t200.tar
	assert_success
	assert_output ""
	assert_equal "${stderr_lines[0]}" "devnum: 't200.tar': warning: member 't199.tar': member 't198.tar': member 't197.tar': member 't196.tar': member 't195.tar': member 't194.tar': member 't193.tar': member 't192.tar': entry 1: 't191.tar': tar archive, not read: deeper than --depth=8"
	read -r kib secs <<<"${stderr_lines[-1]}"
	[ -n "${SANITIZE_CFLAGS:-}${TEST_RUNNER:-}" ] || [ "$kib" -lt 65536 ] || fail "$kib KiB"
	python3 - <<'PY'
import gzip, io, tarfile
def tar(members):
    b = io.BytesIO()
    with tarfile.open(fileobj=b, mode="w") as t:
        for name, data in members:
            i = tarfile.TarInfo(name); i.size = len(data); t.addfile(i, io.BytesIO(data))
    return b.getvalue()
dev = io.BytesIO()
with tarfile.open(fileobj=dev, mode="w") as t:
    i = tarfile.TarInfo("dev/x"); i.type, i.devmajor, i.devminor = tarfile.CHRTYPE, 8, 256; t.addfile(i)
inner = tar([("in.tar", tar([("dev.tar", dev.getvalue())]))])
gz = gzip.compress(inner, mtime=0)
open("bomb.tar", "wb").write(tar([(f"{n}.tar.gz", gz) for n in range(1000)]))
PY
	run2 /usr/bin/time -f '%M %e' devnum scan --summary --format='%{within} %p %M:%m' bomb.tar
	assert_success
	assert_equal "${#lines[@]}" 1000
	assert_line --index 999 "[999.tar.gz][in.tar][dev.tar] dev/x 8:256"
	[[ ${stderr_lines[-2]} == "devnum: bomb.tar: 1 segment, 3000 members read as inputs, "* ]] || fail "${stderr_lines[-2]}"
	read -r kib secs <<<"${stderr_lines[-1]}"
	[ -n "${SANITIZE_CFLAGS:-}${TEST_RUNNER:-}" ] || [ "$kib" -lt 65536 ] || fail "$kib KiB"
}

@test "scan: a gzip 26 layers deep and xars whose file names two link targets end at once, said" {
	# libarchive stacks 24 decompressors at most (bsdtar too), so a stream
	# compressed more often, or one that decompresses to itself, is named
	# as such (where ISA-L inflates the outermost gzip, one more is read)
	tar -cf z.0 -C root dev
	local i
	for i in $(seq 1 26); do gzip -n -c z.$((i - 1)) >z.$i; done
	bsdtar -tf z.24 >/dev/null || fail "bsdtar reads no 24 gzips"
	! bsdtar -tf z.25 2>/dev/null || fail "bsdtar reads 25 gzips"
	run2 timeout 60 devnum scan --format='%p %M:%m' z.24
	assert_success
	assert_line "dev/m256 8:256"
	run2 timeout 60 devnum scan z.26
	assert_failure 2
	assert_output ""
	assert_equal "$stderr" "devnum: 'z.26': more layers of compression than libarchive's 24 (or a stream that decompresses to itself): not read (Input requires too many filters for decoding)"
	# xar by its header (xar's include/xar.h) and a zlib'd table of
	# contents; libarchive's reader before 3.7.4 loops for ever on a file
	# with two link targets, in the order or at the depth of these two
	python3 - <<'PY'
import hashlib, struct, zlib
def xar(name, files):
    toc = ('<?xml version="1.0" encoding="UTF-8"?>\n<xar>\n <toc>\n'
           '  <checksum style="sha1"><offset>0</offset><size>20</size></checksum>\n'
           + files + ' </toc>\n</xar>\n').encode()
    z = zlib.compress(toc)
    open(name, "wb").write(struct.pack(">4sHHQQI", b"xar!", 28, 1, len(z), len(toc), 1)
                           + z + hashlib.sha1(z).digest())
def f(i, name, types, inner=""):
    return f'  <file id="{i}"><name>{name}</name>{types}<mode>0644</mode>{inner}</file>\n'
orig, to1 = '<type link="original">hardlink</type>', '<type link = "1">hardlink</type>'
xar("good.xar", f(1, "a", orig) + f(2, "b", to1)
    + f(3, "d", "<type>directory</type>", f(4, "c", "<type>file</type>")))
xar("twice.xar", f(1, "a", orig) + f(2, "b", to1 + "\n   " + to1))
xar("inner.xar", f(1, "d", "<type>directory</type>", f(2, "a", orig + orig)))
PY
	run2 timeout 60 devnum scan --summary good.xar
	assert_success
	assert_equal "${stderr_lines[-1]}" "devnum: good.xar: 1 segment, 4 entries, 0 devices, 0 with findings"
	[ "$(bsdtar -tf good.xar | wc -l)" = 4 ] || fail "bsdtar lists other than 4 entries"
	local x
	for x in twice inner; do
		run2 timeout 60 devnum scan $x.xar
		assert_failure 2
		assert_equal "$stderr" "devnum: '$x.xar': xar: file 2 of its table of contents names two hard-link targets: not read (libarchive's reader loops for ever on it before 3.7.4, and refuses it since)"
	done
	# inside a gzip'd tar, read from the stream: a warning naming it
	tar -czf x.tar.gz twice.xar good.xar
	run2 timeout 60 devnum scan --summary x.tar.gz
	assert_success
	assert_equal "${stderr_lines[0]}" "devnum: 'x.tar.gz': warning: member 'twice.xar': xar archive, not read: xar: file 2 of its table of contents names two hard-link targets: not read (libarchive's reader loops for ever on it before 3.7.4, and refuses it since)"
	assert_equal "${stderr_lines[-1]}" "devnum: x.tar.gz: 1 segment, 1 member read as input, 6 entries, 0 devices, 0 with findings"
}

# gpt IMG: a 24 MiB GPT disk image made by sfdisk: an ext4 (mke2fs -d -E
# offset=) at 1 MiB, a squashfs at 5 MiB, a swap area at 9 MiB and a
# partition of zeros at 13 MiB
gpt() {
	need sfdisk fdisk
	need mke2fs e2fsprogs
	need mksquashfs squashfs-tools
	need mkswap util-linux
	local linux=0FC63DAF-8483-4772-8E79-3D69D8477DE4 swap=0657FD6D-A4AB-43C4-84E5-0933C84B4F4F
	truncate -s 24M "$1"
	printf '%s\n' 'label: gpt' "start=2048, size=8192, type=$linux" "start=10240, size=8192, type=$linux" \
		"start=18432, size=8192, type=$swap" "start=26624, size=8192, type=$linux" | sfdisk -q "$1"
	mke2fs -q -F -t ext4 -d root -E offset=1048576 "$1" 4M
	mksquashfs root p2.sqfs -noappend -quiet >/dev/null
	dd if=p2.sqfs of="$1" bs=512 seek=10240 conv=notrunc status=none
	head -c 4194304 /dev/zero >p3.swap && chmod 600 p3.swap && mkswap p3.swap >/dev/null
	dd if=p3.swap of="$1" bs=512 seek=18432 conv=notrunc status=none
}

@test "scan: a GPT disk image, each partition read in place and named; swap and zeros said, not passed over" {
	gpt disk.img
	local p1='partition 1 (type 0fc63daf-8483-4772-8e79-3d69d8477de4, at byte 1048576)'
	local p2='partition 2 (type 0fc63daf-8483-4772-8e79-3d69d8477de4, at byte 5242880)'
	run2 devnum scan --summary --format='%{within} %p %t %M:%m %{format}' disk.img
	assert_success
	assert_equal "$(LC_ALL=C sort <<<"$output")" "[$p1] /dev/m256 block 8:256 ext4
[$p1] /dev/null char 1:3 ext4
[$p2] /dev/m256 block 8:256 squashfs
[$p2] /dev/null char 1:3 squashfs"
	assert_line --index 0 --partial "[$p1]"
	assert_equal "$(grep warning <<<"$stderr")" "devnum: 'disk.img': warning: partition 3 (type 0657fd6d-a4ab-43c4-84e5-0933c84b4f4f, at byte 9437184): swap file system, not read: scan reads $(devnum --list=formats | awk -F'\t' '$2 == "image" { n[++c] = $1 } END { for (i = 1; i < c; i++) printf "%s%s", n[i], i < c - 1 ? ", " : ""; printf " and %s", n[c] }')
devnum: 'disk.img': warning: partition 4 (type 0fc63daf-8483-4772-8e79-3d69d8477de4, at byte 13631488): not read: libblkid finds no file system in it, and scan no input"
	# in place: nothing copied
	[[ ${stderr_lines[-1]} == "devnum: disk.img: 1 segment, 2 members read as inputs, "*" entries, 4 devices, 0 with findings" ]] ||
		fail "${stderr_lines[-1]}"
	# the same as dd of each partition, scanned alone
	dd if=disk.img of=p1.img bs=512 skip=2048 count=8192 status=none
	assert_equal "$(devnum scan --format='%p %t %I %F %M:%m' p1.img)" \
		"$(devnum scan --format='%p %t %I %F %M:%m' disk.img | head -n "$(devnum scan p1.img | wc -l)")"
	# inside a tar, and gzip'd: from a temporary copy, read alike
	gzip -c disk.img >disk.img.gz && tar -cf disk.tar disk.img.gz
	run2 devnum scan --format='%{within} %p %M:%m' disk.tar
	assert_success
	assert_equal "$(LC_ALL=C sort <<<"$output")" "[disk.img.gz][$p1] /dev/m256 8:256
[disk.img.gz][$p1] /dev/null 1:3
[disk.img.gz][$p2] /dev/m256 8:256
[disk.img.gz][$p2] /dev/null 1:3"
}

@test "scan: an MBR disk image with an extended partition: its logical partitions are read, the extended one is no data" {
	need sfdisk fdisk
	need mke2fs e2fsprogs
	truncate -s 16M mbr.img
	printf '%s\n' 'label: dos' 'start=2048, size=4096, type=83' 'start=8192, size=16384, type=5' \
		'start=10240, size=8192, type=83' | sfdisk -q mbr.img
	mke2fs -q -F -t ext2 -d root -E offset=$((10240 * 512)) mbr.img 4M
	run2 devnum scan --format='%{within} %p %M:%m' mbr.img
	assert_success
	assert_equal "$(LC_ALL=C sort <<<"$output")" "[partition 5 (type 0x83, at byte 5242880)] /dev/m256 8:256
[partition 5 (type 0x83, at byte 5242880)] /dev/null 1:3"
	assert_equal "$stderr" "devnum: 'mbr.img': warning: partition 1 (type 0x83, at byte 1048576): not read: libblkid finds no file system in it, and scan no input"
}

@test "scan: a Fedora-style live ISO: LiveOS/squashfs.img holding LiveOS/rootfs.img, an ext4; small files and gzip'd text passed over" {
	need xorriso xorriso
	need mksquashfs squashfs-tools
	need mke2fs e2fsprogs
	mkdir -p sq/LiveOS
	mke2fs -q -F -t ext4 -d root sq/LiveOS/rootfs.img 4M
	tar -czf sq/dev.tgz -C root dev # under 1 MiB: not opened inside an image
	head -c 2000000 /dev/zero | tr '\0' 'x' | gzip >sq/text.gz # 1.9 MiB of gzip'd text: no input
	mksquashfs sq squashfs.img -noappend -quiet >/dev/null
	xorriso -as mkisofs -quiet -R -o fedora.iso -graft-points LiveOS/squashfs.img=squashfs.img 2>/dev/null
	run2 devnum scan --summary --format='%{within} %p %t %M:%m %{format}' fedora.iso
	assert_success
	assert_equal "$(LC_ALL=C sort <<<"$output")" "[LiveOS/squashfs.img][/LiveOS/rootfs.img] /dev/m256 block 8:256 ext4
[LiveOS/squashfs.img][/LiveOS/rootfs.img] /dev/null char 1:3 ext4"
	[[ $stderr != *warning* ]] || fail "$stderr"
	# the ext4 is copied out of the squashfs (it must be sought in), the
	# squashfs is read in place in the ISO
	[[ ${stderr_lines[-1]} == "devnum: fedora.iso: 1 segment, 2 members read as inputs, 4194304 bytes spooled, "*" entries, 2 devices, 0 with findings" ]] ||
		fail "${stderr_lines[-1]}"
	run2 devnum scan --depth=1 fedora.iso
	assert_success
	assert_output ""
	[[ $stderr == *"'fedora.iso': warning: member 'LiveOS/squashfs.img': '/LiveOS/rootfs.img': ext4 image, not read: deeper than --depth=1"* ]] ||
		fail "$stderr"
}

# large_files DIR: DIR/img/late.tar, whose devices come after 1.5 MiB of
# random bytes, in its last 3072 bytes (a block only partly filled), and
# DIR/img/big.sqfs, a squashfs made 2 MiB long, the rest zeros (a hole
# where an image keeps them so); in $want, what scan lists of both
large_files() {
	need mksquashfs squashfs-tools
	mkdir -p "$1/img"
	head -c 1572864 /dev/urandom >pad
	tar -b1 -cf "$1/img/late.tar" pad -C root dev
	mksquashfs root "$1/img/big.sqfs" -noappend -quiet >/dev/null
	truncate -s 2M "$1/img/big.sqfs"
	want="[/img/big.sqfs] /dev/m256 8:256
[/img/big.sqfs] /dev/null 1:3
[/img/late.tar] dev/m256 8:256
[/img/late.tar] dev/null 1:3"
}

@test "scan: an erofs image holding a tar and a squashfs of 1 MiB or more reads them, flat, inline or in chunks" {
	need mkfs.erofs erofs-utils
	local opts want layout
	large_files e # late.tar's tail inline after its inode (layout 2), or in chunks (4)
	for opts in "" --chunksize=4096 --chunksize=65536; do
		rm -f out.erofs
		mkfs.erofs --quiet $opts out.erofs e >/dev/null
		layout=2 && [ -z "$opts" ] || layout=4
		dump.erofs --path=/img/late.tar out.erofs | grep -q "Layout: $layout " ||
			fail "late.tar's layout in a mkfs.erofs $opts image"
		run2 devnum scan --format='%{within} %p %M:%m' out.erofs
		assert_success
		assert_equal "$(LC_ALL=C sort <<<"$output")" "$want"
		assert_equal "$stderr" ""
	done
	rm -f out.erofs
	mkfs.erofs --quiet -zlz4 out.erofs e >/dev/null
	# lz4 leaves random bytes as they are: the tar is still read
	run2 devnum scan --format='%{within} %p %M:%m' out.erofs
	assert_success
	assert_equal "$(LC_ALL=C sort <<<"$output")" "[/img/late.tar] dev/m256 8:256
[/img/late.tar] dev/null 1:3"
	assert_equal "$stderr" "devnum: 'out.erofs': warning: erofs image: 1 file of 1 MiB or more stored compressed, which scan does not open: inputs inside it are not looked for"
}

@test "scan: a cramfs image holding a tar and a squashfs of 1 MiB or more reads them, zlib'd page by page" {
	need mkfs.cramfs util-linux
	local opts want
	large_files c # -z keeps big.sqfs's zero pages as holes
	for opts in "" -z "-N big" "-N big -z"; do
		rm -f out.cramfs
		mkfs.cramfs $opts c out.cramfs >/dev/null
		run2 devnum scan --format='%{within} %p %M:%m' out.cramfs
		assert_success
		assert_equal "$(LC_ALL=C sort <<<"$output")" "$want"
		assert_equal "$stderr" ""
	done
	# a block pointer flagged as mkcramfs -X writes one: not read, said
	rm -f out.cramfs
	mkfs.cramfs c out.cramfs >/dev/null
	python3 - <<'PY'
import struct
d = bytearray(open("out.cramfs", "rb").read())
def inode(off):  # mode, size, namelen, offset: the little-endian bit fields
    a, b, c = struct.unpack_from("<III", d, off)
    return a & 0xffff, b & 0xffffff, c & 0x3f, c >> 6
def find(start, size, name):
    off = start
    while off < start + size:
        mode, sz, nl, o = inode(off)
        if d[off + 12:off + 12 + nl * 4].rstrip(b"\0") == name:
            return sz, o
        off += 12 + nl * 4
_, rsize, _, roff = inode(64)
isize, ioff = find(roff * 4, rsize, b"img")
_, toff = find(ioff * 4, isize, b"late.tar")
struct.pack_into("<I", d, toff * 4 + 4, struct.unpack_from("<I", d, toff * 4 + 4)[0] | 1 << 30)
open("out.cramfs", "wb").write(d)
PY
	run2 devnum scan --format='%{within} %p %M:%m' out.cramfs
	assert_failure 2
	assert_equal "$stderr" "devnum: 'out.cramfs': /img/late.tar: a block stored by a direct pointer or uncompressed (mkcramfs -X), which scan does not read"
}

@test "scan: a WIM image's files of 1 MiB or more are counted in a warning, not opened" {
	need wimcapture wimtools
	devnum --list=formats | grep -q "^wim	" || skip "built without wimlib (libwim-dev)"
	mkdir -p w/sub
	head -c 1048576 /dev/urandom >w/big
	head -c 1048575 /dev/zero >w/sub/smaller
	head -c 2000000 /dev/zero >w/sub/zeros
	mknod w/null c 1 3
	wimcapture --unix-data w w.wim >/dev/null
	run2 devnum scan --format='%p %M:%m' w.wim
	assert_success
	assert_output "/null 1:3"
	assert_equal "$stderr" "devnum: 'w.wim': warning: WIM image: 2 files of 1 MiB or more, which scan does not open: inputs inside them are not looked for"
}

@test "scan: an ext4 image holding a squashfs image of 1 MiB or more reads it; a smaller one is not opened" {
	need mke2fs e2fsprogs
	need mksquashfs squashfs-tools
	mkdir -p e/img
	mksquashfs root e/img/big.sqfs -noappend -quiet >/dev/null
	cp e/img/big.sqfs e/img/small.sqfs
	truncate -s 2M e/img/big.sqfs # squashfs reads only the bytes its superblock says it uses
	mke2fs -q -F -t ext4 -d e outer.ext4 16M
	run2 devnum scan --summary --format='%{within} %p %t %M:%m %{format}' outer.ext4
	assert_success
	assert_equal "$(LC_ALL=C sort <<<"$output")" "[/img/big.sqfs] /dev/m256 block 8:256 squashfs
[/img/big.sqfs] /dev/null char 1:3 squashfs"
	[[ ${stderr_lines[-1]} == "devnum: outer.ext4: 1 segment, 1 member read as input, 2097152 bytes spooled, "* ]] ||
		fail "$stderr"
}

@test "scan: a zip's members, stored (bsdtar) and deflated (Info-ZIP zip), are read as inputs; others said" {
	need zip zip
	need bsdtar libarchive-tools
	tar -C root -cf inner.tar dev
	bsdtar --format=zip --options zip:compression=store -cf s.zip inner.tar
	zip -q d.zip inner.tar
	want='[inner.tar]|dev/m256 block 8:256
[inner.tar]|dev/null char 1:3'
	for z in s.zip d.zip; do
		run2 devnum scan --format '%{within}|%p %t %M:%m' $z
		assert_success
		assert_equal "$(LC_ALL=C sort <<<"$output")" "$want"
	done
	run2 bash -c 'cat d.zip | devnum scan --summary --format "%{within}|%p %t %M:%m" - | LC_ALL=C sort'
	assert_output "$want"
	assert_equal "${stderr_lines[-1]}" "devnum: -: 1 segment, 1 member read as input, $(stat -c %s d.zip) bytes spooled, 4 entries, 2 devices, 0 with findings"
	# bzip2'd (method 12), flagged encrypted, its deflate stream's first
	# block of the reserved type 3, its compressed size halved
	python3 -c 'import struct, zipfile
zipfile.ZipFile("b.zip", "w", compression=zipfile.ZIP_BZIP2).write("inner.tar")
d = bytearray(open("d.zip", "rb").read())
c = d.index(b"PK\x01\x02"); l = d.index(b"PK\x03\x04")
e = bytearray(d); e[c + 8] |= 1; open("e.zip", "wb").write(e)
at = l + 30 + sum(struct.unpack("<HH", d[l + 26:l + 30]))
br = bytearray(d); br[at] = 0xff; open("broken.zip", "wb").write(br)
cut = bytearray(d); size = struct.unpack("<I", d[c + 20:c + 24])[0]
struct.pack_into("<I", cut, c + 20, size // 2); open("cut.zip", "wb").write(cut)'
	run2 devnum scan b.zip
	assert_success
	assert_equal "$stderr" "devnum: 'b.zip': warning: entry 1: 'inner.tar': compressed by a method scan does not inflate (only stored and deflated): an input inside it is not looked for"
	run2 devnum scan e.zip
	assert_success
	assert_equal "$stderr" "devnum: 'e.zip': warning: entry 1: 'inner.tar': encrypted: an input inside it is not looked for"
	run2 devnum scan broken.zip
	assert_failure 2
	assert_equal "$stderr" "devnum: 'broken.zip': entry 1: 'inner.tar': deflated data zlib cannot inflate"
	run2 devnum scan cut.zip
	assert_failure 2
	assert_equal "$stderr" "devnum: 'cut.zip': entry 1: 'inner.tar': deflated data cut short"
}
