#!/usr/bin/env bats
# containers: fits, pack, unpack and containers, each container at its
# boundaries.  Expected fields are worked by hand from each format's
# definition (octal and hex by printf, glibc's makedev and the kernel's
# new_encode_dev as written in their sources), never from devnum.
load helper

# glibc's makedev, from <bits/sysmacros.h>: the writer's native raw here
glibc() {
	printf '%d' $(((($1 & 0xfff) << 8) | (($1 & ~0xfff) << 32) | ($2 & 0xff) | (($2 & ~0xff) << 12)))
}

# Linux new_encode_dev: linux32
linux32() {
	printf '%d' $((($2 & 0xff) | ($1 << 8) | (($2 & ~0xff) << 12)))
}

@test "devnum(1): containers lists every container of the fact sheet, with aliases" {
	run2 devnum containers --format '%C'
	assert_success
	assert_output "$(printf '%s\n' ustar gnutar pax cpio-odc cpio-newc cpio-crc cpio-bin \
		cpio-hpodc cpio-hpbin rpm catar wim zip iso9660 ext4 xfs btrfs squashfs erofs cramfs reiserfs zfs nfs2 nfs3 9p fuse statx linux)"
	run2 devnum containers --json
	assert_equal "$(jq -r 'select(.container == "ext4") | .aliases | join(" ")' <<<"$output")" "ext2 ext3 f2fs jffs2"
	assert_equal "$(jq -r 'select(.container == "cpio-odc") | .scheme' <<<"$output")" glibc
	assert_equal "$(jq -r 'select(.container == "ustar") | .major_max' <<<"$output")" 2097151
	for alias in ext2 ext3 nfs4 pwb odc newc posix gnu; do
		run2 devnum pack "$alias" 1:2
		assert_success
	done
}

@test "ustar: 7 octal digits a part, at most 2097151" {
	run2 devnum pack ustar 8:1 2097151:2097151 0:0
	assert_success
	assert_output $'0000010 0000001\n7777777 7777777\n0000000 0000000'
	run2 devnum pack ustar 2097152:0
	assert_failure 1
	assert_equal "$stderr" "devnum: '2097152:0': ustar cannot hold it: major 2097152 above 2097151"
	run2 devnum pack ustar 0:2097152
	assert_failure 1
}

@test "gnutar: octal up to 2097151, then base-256 (0x80, big-endian), to 2^32-1" {
	run2 devnum pack gnutar 2097151:2097152 4294967295:0
	assert_success
	assert_output "$(printf '%07o 80%014x\n80%014x %07o' 2097151 2097152 4294967295 0)"
	run2 devnum pack gnutar 4294967296:0
	assert_failure 1
}

@test "pax: SCHILY records from 2^18, as libarchive writes them, the ustar field keeping the value" {
	run2 devnum pack pax 262143:262143 262144:1 1:16777215 1:16777216
	assert_success
	assert_output "$(printf '%07o %07o\n' 262143 262143)
$(printf '%07o %07o SCHILY.devmajor=262144' 262144 1)
$(printf '%07o %08o SCHILY.devminor=16777215' 1 16777215)
$(printf '%07o 80%014x SCHILY.devminor=16777216' 1 16777216)"
}

@test "cpio-odc: the native raw in 6 octal digits, at most 0777777" {
	run2 devnum pack odc 8:1 1023:255
	assert_success
	assert_output "$(printf '%06o\n%06o' "$(glibc 8 1)" "$(glibc 1023 255)")"
	for t in 1024:0 0:256 8:256; do
		run2 devnum pack odc "$t"
		assert_failure 1
	done
	assert_equal "$stderr" "devnum: '8:256': cpio-odc cannot hold it: raw $(printf '0x%x' "$(glibc 8 256)") above 0x3ffff"
}

@test "cpio-odc --scheme: the raw of an archive written on FreeBSD 11" {
	run2 devnum pack -s freebsd11 odc 8:65537
	assert_output "$(printf '%06o' $(((8 << 8) | 65537)))"
	# the same field read by a Linux reader names another device
	run2 devnum unpack odc "$(printf '%06o' $(((8 << 8) | 65537)))"
	assert_output "$(( ((8 << 8 | 65537) >> 8) & 0xfff )):$(( (8 << 8 | 65537) & 0xff ))"
	run2 devnum unpack -s freebsd11 odc "$(printf '%06o' $(((8 << 8) | 65537)))"
	assert_output 8:65537
}

@test "cpio-newc, cpio-crc: 8 hex digits a part, to 2^32-1; upper case reads too" {
	run2 devnum pack newc 8:256 4294967295:4294967295
	assert_output $'00000008 00000100\nffffffff ffffffff'
	run2 devnum pack crc 4294967296:0
	assert_failure 1
	run2 devnum unpack newc 00000FFF 000FFFFF
	assert_success
	assert_output 4095:1048575
	# the unpacker's MKDEV(0xffffffff, 10): 0xffffffff << 20 | 10, in 32 bits
	run2 devnum unpack newc FFFFFFFF 0000000A
	assert_failure 1
	assert_output 4095:10
}

@test "cpio-bin: a 16-bit word of the native raw; hpodc and hpbin: 32 bits" {
	run2 devnum pack bin 255:255
	assert_output 0xffff
	run2 devnum pack bin 256:0
	assert_failure 1
	run2 devnum pack hpodc 4095:1048575
	assert_output "$(printf '%011o' "$(glibc 4095 1048575)")"
	run2 devnum pack hpbin 4095:1048575
	assert_output 0xffffffff
	run2 devnum pack hpbin 4096:0
	assert_failure 1
}

@test "ext4: i_block[0] = 8:8 while both parts fit, else i_block[1] = new_encode_dev" {
	run2 devnum pack ext4 255:255 256:0 0:256 4095:1048575
	assert_output "$(printf '0x%08x 0x%08x\n' 0xffff 0 0 "$(linux32 256 0)" 0 "$(linux32 0 256)" 0 "$(linux32 4095 1048575)")"
	for t in 4096:0 0:1048576; do
		run2 devnum pack ext4 "$t"
		assert_failure 1
	done
}

@test "xfs 9:18, btrfs and linux the kernel's 12:20, squashfs/reiserfs/fuse/nfs2 linux32" {
	run2 devnum pack xfs 511:262143
	assert_output "$(printf '0x%08x' $(((511 << 18) | 262143)))"
	run2 devnum pack xfs 512:0
	assert_failure 1
	run2 devnum pack btrfs 4095:1048575
	assert_output 0x00000000ffffffff
	run2 devnum pack linux 8:1
	assert_output "$(printf '0x%08x' $(((8 << 20) | 1)))"
	for c in squashfs reiserfs fuse nfs2; do
		run2 devnum pack "$c" 8:256
		assert_output "$(printf '0x%08x' "$(linux32 8 256)")"
	done
	run2 devnum pack zfs 8:1
	assert_output "$(printf '0x%016x' $(((8 << 20) | 1)))"
	run2 devnum pack -s solaris zfs 8:1
	assert_output "$(printf '0x%016x' $(((8 << 32) | 1)))"
}

@test "nfs2: all ones means no device, so 4095:1048575 does not fit" {
	run2 devnum pack nfs2 4095:1048575
	assert_failure 1
	run2 devnum pack nfs2 4095:1048574
	assert_output 0xfffffffe
	run2 devnum fits --into=nfs2 4095:1048575
	assert_failure 1
	assert_output --partial "no-device"
}

@test "nfs3, statx: two 32-bit numbers; 9p: the kernel's 12:20" {
	run2 devnum pack nfs3 4294967295:1
	assert_output "4294967295 1"
	run2 devnum pack statx 8:1
	assert_output "8 1"
	run2 devnum pack 9p 4095:1048575
	assert_output "4095 1048575"
	run2 devnum pack 9p 4096:0
	assert_failure 1
}

@test "pack --json names the fields; --scheme is refused where no raw is stored" {
	run2 devnum pack --json ext4 8:256
	assert_output "{\"input\":\"8:256\",\"container\":\"ext4\",\"major\":8,\"minor\":256,\"names\":[\"i_block[0]\",\"i_block[1]\"],\"fields\":[\"0x00000000\",\"$(printf '0x%08x' "$(linux32 8 256)")\"]}"
	run2 devnum pack -s glibc ustar 8:1
	assert_failure 2
	assert_equal "${stderr%%$'\n'*}" "devnum: --scheme does not apply to ustar, which stores no raw value"
	run2 devnum pack
	assert_failure 2
	run2 devnum pack nope 8:1
	assert_failure 2
	assert_equal "${stderr%%;*}" "devnum: pack: unknown container 'nope'"
}

@test "unpack: every container reads back what pack wrote, canonical" {
	local tuples="0:0 8:1 255:255 8:256 511:262143 4095:1048575"
	for c in $(devnum containers --format '%C'); do
		packed=$(devnum pack --json "$c" $tuples | jq -r 'select(.fields) | .input')
		[ -n "$packed" ] || fail "$c packs none of $tuples"
		run2 bash -c "devnum pack '$c' $tuples 2>/dev/null | devnum unpack --format '%M:%m %V' '$c'"
		want=$(sed 's/$/ canonical/' <<<"$packed")
		case $c in # GNU cpio reads the HP-UX variants' zero size back as 0:1
		cpio-hp*) want=${want/0:0 canonical/0:1 damaged}; assert_failure 1 ;;
		iso9660) # Linux's isofs, by hand from the halves pack wrote
			want=$(for t in $tuples; do
				read -r hi lo <<<"$(devnum pack iso9660 "$t")"
				k=$(isofs $((hi)) $((lo)))
				echo "$k $([ "$k" = "$t" ] && echo canonical || echo damaged)"
			done) ;;
		*) assert_success ;;
		esac
		assert_output "$want"
	done
}

@test "unpack ext4: a nonzero i_block[0] wins, its low 16 bits only; both are aliases" {
	run2 devnum unpack ext4 0x00010301 0x12345678
	assert_success
	assert_output 3:1
	assert_equal "$stderr" "devnum: '0x00010301 0x12345678': warning: noncanonical in ext4: canonical fields 0x00000301 0x00000000"
	run2 devnum unpack ext4 0 0x301
	assert_output 3:1
	run2 devnum unpack --json ext4 0 0x301
	assert_output --partial '"verdict":"alias","canonical_fields":["0x00000301","0x00000000"]'
	run2 devnum unpack --strict ext4 0 0x301
	assert_failure 1
}

@test "unpack xfs: bits 31:27 are ignored, an alias" {
	run2 devnum unpack xfs 0xf8000301
	assert_success
	assert_output "0:$((0x301))"
	assert_equal "$stderr" "devnum: '0xf8000301': warning: noncanonical in xfs: canonical fields 0x00000301"
}

@test "unpack odc: 0777777 is damaged, bsdtar's saturation; status 1" {
	run2 devnum unpack odc 777777
	assert_failure 1
	assert_output 1023:255
	assert_equal "$stderr" "devnum: '777777': warning: damaged: 777777 is 1023:255 or a wider device that bsdtar 3.6.2 saturates or GNU cpio 2.13 cuts to 18 bits"
}

@test "unpack nfs3: the Linux client sets 0:0 for what MKDEV cannot hold" {
	run2 devnum unpack nfs3 4096 0
	assert_failure 1
	assert_output 0:0
	assert_equal "$stderr" "devnum: '4096 0': warning: damaged: the Linux NFS client reads 4096:0 as 0:0 (major 4096 above 4095)"
	run2 devnum unpack nfs4 4095 1048575
	assert_success
	assert_output 4095:1048575
}

@test "unpack newc: what the initramfs unpacker's unmasked MKDEV makes, damaged, as nfs3" {
	run2 devnum unpack newc 00001000 00000000 00000000 00100000
	assert_failure 1
	assert_output $'0:0\n1:0'
	assert_equal "$stderr" "devnum: '00001000 00000000': warning: damaged: the Linux initramfs unpacker reads 4096:0 as 0:0 (major 4096 above 4095)
devnum: '00000000 00100000': warning: damaged: the Linux initramfs unpacker reads 0:1048576 as 1:0 (minor 1048576 above 1048575)"
	run2 devnum unpack newc 00000fff 000fffff
	assert_success
	assert_output 4095:1048575
}

@test "unpack: fields a format cannot carry are too big; hpodc's zero is 0:1; status 1" {
	run2 devnum unpack 9p 4097 5
	assert_failure 1
	assert_equal "$stderr" "devnum: '4097 5': warning: too big: 9p cannot carry 4097:5 (major 4097 above 4095)"
	run2 devnum unpack --json 9p 4097 5
	assert_equal "$(jq -r '[.verdict, .canonical_fields] | tostring' <<<"$output")" '["too-big",null]'
	run2 devnum unpack cpio-hpodc 00000000000
	assert_failure 1
	assert_output 0:1
	assert_equal "$stderr" "devnum: '00000000000': warning: damaged: GNU cpio reads a zero c_filesize back as 0:1"
	run2 devnum fits --writer=gnu-cpio --into=cpio-hpodc --format '%B' 0:0
	assert_output 0:1
}

@test "containers: names ignore ASCII case; --into adds up; tuple has no raw form" {
	run2 devnum fits --into=USTAR,Cpio-Odc --format '%C' 8:1
	assert_success
	assert_output $'ustar\ncpio-odc'
	run2 devnum fits --into=ustar --into=newc --format '%C' 8:1
	assert_output $'ustar\ncpio-newc'
	run2 devnum fits --writer=GNU-TAR --into=ustar --format '%W' 8:1
	assert_output gnu-tar
	run2 devnum unpack cpio-odc -s tuple 004001
	assert_failure 2
	assert_equal "${stderr%%$'\n'*}" "devnum: --scheme=tuple has no raw form, and cpio-odc stores a raw value"
	run2 devnum pack zfs -s tuple 8:1
	assert_failure 2
	run2 devnum scan -s tuple /dev/null
	assert_failure 2
	assert_equal "${stderr%%$'\n'*}" "devnum: --scheme=tuple has no raw form; scan's --scheme names the layout of raw fields (cpio odc and bin)"
	run2 devnum fits -s tuple --into=cpio-odc 8:1
	assert_failure 2
	run2 devnum fits -s tuple --into=ustar 8:1
	assert_success
}

@test "fits: a scheme's bit rule is said as the scheme says it, with no limit" {
	run2 devnum fits --into=cpio-odc -s freebsd11 8:256
	assert_output "8:256: cpio-odc   too-big; minor 256 out of range for freebsd11 (minor bits 15:8 must be 0)"
	run2 devnum fits --json --into=cpio-odc -s freebsd11 8:256
	assert_equal "$(jq -r '[.field, .value, .limit] | tostring' <<<"$output")" '["minor",256,null]'
}

@test "unpack gnutar: a base-256 value above 2^32-1 is said to be that" {
	run2 devnum unpack gnutar 8000000100000008 0000001
	assert_failure 2
	assert_equal "$stderr" "devnum: '8000000100000008 0000001': devmajor: '8000000100000008' is 4294967304, above 4294967295, the most a part can be"
}

@test "unpack pax and gnutar: SCHILY records and base-256 fields" {
	run2 devnum unpack pax 1000000 0000001 SCHILY.devmajor=262144
	assert_success
	assert_output 262144:1
	assert_equal "$stderr" ""
	# a reader with the records takes them; the field was the writer's to get right
	run2 devnum unpack pax 0777777 0000001 SCHILY.devmajor=262144
	assert_output 262144:1
	assert_equal "$stderr" "devnum: '0777777 0000001 SCHILY.devmajor=262144': warning: noncanonical in pax: canonical fields 1000000 0000001 SCHILY.devmajor=262144"
	run2 devnum unpack pax 0000005 0000001 SCHILY.devmajor=5
	assert_output 5:1
	assert_equal "$stderr" "devnum: '0000005 0000001 SCHILY.devmajor=5': warning: noncanonical in pax: canonical fields 0000005 0000001"
	run2 devnum unpack gnutar "80$(printf '%014x' 4294967295)" 0000001
	assert_output 4294967295:1
}

@test "unpack: operands group by the container's field count; stdin a record a line" {
	run2 devnum unpack odc 004001 004002
	assert_output $'8:1\n8:2'
	run2 devnum unpack ustar 0000010 0000001 - <<<"0000003 0000001"
	assert_output $'8:1\n3:1'
	run2 devnum unpack -z ustar < <(printf '0000010 0000001\0')
	assert_output 8:1
}

@test "unpack refuses malformed fields with status 2, naming the field" {
	run2 devnum unpack ustar 08 1
	assert_failure 2
	assert_equal "$stderr" "devnum: '08 1': devmajor: '08' is not 1 to 7 octal digits"
	run2 devnum unpack ustar 0000010
	assert_failure 2
	assert_equal "$stderr" "devnum: '0000010': ustar stores 2 fields (devmajor devminor), not 1"
	run2 devnum unpack bin 0x10000
	assert_failure 2
	run2 devnum unpack pax 1 1 SCHILY.devmajor=4294967296
	assert_failure 2
	run2 devnum unpack pax 1 1 SCHILY.devmajor=1 SCHILY.devmajor=2
	assert_failure 2
	assert_equal "$stderr" "devnum: '1 1 SCHILY.devmajor=1 SCHILY.devmajor=2': SCHILY.devmajor given twice"
	run2 devnum unpack -s solaris32 odc 0
	assert_success
}

@test "fits: by capacity, the writers that fall short named with what they make of it" {
	run2 devnum fits --into=cpio-odc 8:256
	assert_failure 1
	assert_output "8:256: cpio-odc   too-big raw $(glibc 8 256) above 262143; bsdtar 3.6.2: saturated (raw 0x100800 above 0x3ffff), reads back as 1023:255; GNU cpio 2.13: truncated (raw 0x100800 above 0x3ffff), reads back as 8:0"
	run2 devnum fits --into=ustar 1:262144
	assert_success
	assert_output "1:262144: ustar      survives; bsdtar 3.6.2: left-out (minor 262144 above 262143)"
}

@test "fits without --into lists every container and exits 0" {
	run2 devnum fits 4096:0
	assert_success
	assert_equal "${#lines[@]}" "$(devnum containers --format '%C' | wc -l)"
	# genext2fs keeps 8 bits of each part (specs.bats holds it to genext2fs)
	assert_line "4096:0: ext4       too-big major 4096 above 4095; mke2fs -d, e2fsprogs 1.47.0: truncated (major 4096 above 4095), reads back as 0:0; debugfs mknod, e2fsprogs 1.47.0: truncated (major 4096 above 4095), reads back as 0:0; genext2fs 1.4.2: truncated (major 4096 above 255), reads back as 0:0; char 0:0 is an overlay whiteout"
	assert_line "4096:0: nfs3       survives; the NFS client: misread (major 4096 above 4095), reads back as 0:0; char 0:0 is an overlay whiteout"
}

@test "fits --into: status 0 only when every tuple survives every named container" {
	run2 devnum fits --into=ustar,newc,ext4 8:1 4095:1048575
	assert_success
	run2 devnum fits --into=ustar,newc,ext4 8:1 4096:0
	assert_failure 1
	run2 devnum fits --into=nope 8:1
	assert_failure 2
}

@test "fits --writer: one writer's observed behaviour, in the containers it writes" {
	run2 devnum fits --writer=debugfs 4096:0 65535:0 1:65536 1:65535
	assert_output "4096:0: ext4       truncated major 4096 above 4095 -> 0:0; char 0:0 is an overlay whiteout
65535:0: ext4       truncated major 65535 above 4095 -> 4095:0
1:65536: ext4       refused minor 65536 above 65535
1:65535: ext4       survives"
	run2 devnum fits --writer=gnu-cpio --into=cpio-bin,cpio-hpodc 259:0 0:0
	assert_failure 1
	assert_output "259:0: cpio-bin   truncated raw $(glibc 259 0) above 65535 -> 3:0
259:0: cpio-hpodc survives
0:0: cpio-bin   survives
0:0: cpio-hpodc misread -> 0:1"
	run2 devnum fits --writer=linux --into=nfs3,newc,linux 4096:0 0:1048576
	assert_output "4096:0: cpio-newc  misread major 4096 above 4095 -> 0:0; char 0:0 is an overlay whiteout
4096:0: nfs3       misread major 4096 above 4095 -> 0:0; char 0:0 is an overlay whiteout
4096:0: linux      refused major 4096 above 4095; major 4096 out of range for kernel (at most 4095)
0:1048576: cpio-newc  misread minor 1048576 above 1048575 -> 1:0
0:1048576: nfs3       misread minor 1048576 above 1048575 -> 0:0; char 0:0 is an overlay whiteout
0:1048576: linux      refused minor 1048576 above 1048575; minor 1048576 out of range for kernel (at most 1048575)"
	run2 devnum fits --writer=bsdtar --into=ext4 8:1
	assert_failure 2
	assert_equal "${stderr%%$'\n'*}" "devnum: --into: bsdtar does not write ext4"
	run2 devnum fits --writer=star 8:1
	assert_failure 2
}

@test "fits --writer keeps the reader's verdict and names a whiteout; a reader reads only what is stored" {
	# mkfs.cramfs stores glibc's 0x10300 for 259:0, which the kernel's
	# old_decode_dev reads as 0x03:0x00; 70000:0 is cut to its low 24
	# bits, 0x017000, glibc's 368:0 and the kernel's 0x70:0.
	run2 devnum fits --into=cramfs --writer=mkfs.cramfs 259:0 70000:0 1:3
	assert_output "259:0: cramfs     survives; the kernel's cramfs: misread, reads back as 3:0
70000:0: cramfs     truncated raw $(glibc 70000 0) above 16777215 -> 368:0; the kernel's cramfs: misread, reads back as 112:0
1:3: cramfs     survives"
	# the kernel reads cramfs: what the format cannot hold, it never sees
	run2 devnum fits --into=cramfs --writer=linux 4096:0 259:0
	assert_failure 1
	assert_output "4096:0: cramfs     too-big raw $(glibc 4096 0) above 16777215
259:0: cramfs     misread -> 3:0"
	run2 devnum fits --into=linux --writer=go 4096:0 4097:5
	assert_output "4096:0: linux      truncated major 4096 above 4095 -> 0:0; char 0:0 is an overlay whiteout
4097:5: linux      truncated major 4097 above 4095 -> 1:5"
	run2 devnum fits --json --into=linux --writer=musl 4096:0
	assert_output --partial '"becomes":"0:0","note":"char 0:0 is an overlay whiteout"}'
}

@test "fits --json: verdict, field, value, limit, becomes" {
	run2 devnum fits --json --writer=bsdtar --into=odc 8:256
	assert_output "{\"input\":\"8:256\",\"scheme\":\"glibc\",\"container\":\"cpio-odc\",\"writer\":\"bsdtar\",\"field\":\"raw\",\"value\":$(glibc 8 256),\"limit\":262143,\"major\":8,\"minor\":256,\"verdict\":\"saturated\",\"becomes\":\"1023:255\"}"
}

@test "options that do not apply are usage errors" {
	run2 devnum pack --into=ustar ustar 8:1
	assert_failure 2
	run2 devnum unpack --writer=bsdtar ustar 1 1
	assert_failure 2
	run2 devnum encode --writer=bsdtar 8:1
	assert_failure 2
	run2 devnum containers ustar
	assert_failure 2
}

@test "every container at its capacity: the largest tuple packs, one more is refused, fits agrees" {
	# container, tuples that fit, tuples one beyond: from the fact sheet's
	# capacities (raw containers through glibc's, linux32's or the
	# kernel's layout), not from devnum
	while read -r c fit beyond; do
		run2 devnum pack "$c" ${fit//,/ }
		assert_success
		assert_equal "${#lines[@]}" "$(wc -w <<<"${fit//,/ }")"
		run2 devnum fits --into="$c" ${fit//,/ }
		assert_success
		run2 devnum pack "$c" ${beyond//,/ }
		assert_failure 1
		assert_output ""
		assert_equal "$(grep -c "cannot hold it" <<<"$stderr")" "$(wc -w <<<"${beyond//,/ }")"
		run2 devnum fits --into="$c" --format='%V' ${beyond//,/ }
		assert_failure 1
		refute_line survives
	done <<-EOF
	ustar 2097151:2097151 2097152:0,0:2097152
	gnutar 4294967295:4294967295 4294967296:0,0:4294967296
	pax 4294967295:4294967295 4294967296:0,0:4294967296
	cpio-odc 1023:255 1024:0,0:256
	cpio-newc 4294967295:4294967295 4294967296:0,0:4294967296
	cpio-crc 4294967295:4294967295 4294967296:0,0:4294967296
	cpio-bin 255:255 256:0,0:256
	cpio-hpodc 4095:1048575 4096:0,0:1048576
	cpio-hpbin 4095:1048575 4096:0,0:1048576
	ext4 4095:1048575,255:255,256:255 4096:0,0:1048576
	xfs 511:262143 512:0,0:262144
	btrfs 4095:1048575 4096:0,0:1048576
	squashfs 4095:1048575 4096:0,0:1048576
	reiserfs 4095:1048575 4096:0,0:1048576
	zfs 4095:1048575 4096:0,0:1048576
	nfs2 4095:1048574,4094:1048575 4095:1048575,4096:0
	nfs3 4294967295:4294967295 4294967296:0,0:4294967296
	9p 4095:1048575 4096:0,0:1048576
	fuse 4095:1048575 4096:0,0:1048576
	statx 4294967295:4294967295 4294967296:0,0:4294967296
	linux 4095:1048575 4096:0,0:1048576
	EOF
}

@test "hostile fields: huge, negative base-256, empty records, binary: a clear error, never a crash" {
	run2 devnum unpack ustar "$(printf '7%.0s' {1..5000})" 1
	assert_failure 2
	assert_equal "$stderr" "devnum: '$(printf '7%.0s' {1..80})...': devmajor: '$(printf '7%.0s' {1..40})' is not 1 to 7 octal digits"
	run2 devnum unpack gnutar ff00000000000001 1 # base-256 negative
	assert_failure 2
	run2 devnum unpack gnutar 8000ffffffffffff 1 # beyond 2^32-1
	assert_failure 2
	run2 devnum unpack pax 1 1 SCHILY.devmajor=
	assert_failure 2
	run2 devnum unpack pax 1 1 SCHILY.devmajor=-1
	assert_failure 2
	run2 devnum unpack pax 1 1 SCHILY.nope=1
	assert_failure 2
	run2 devnum unpack xfs 0x1ffffffff
	assert_failure 2
	run2 devnum unpack newc < <(printf '0000000\x01 1\n\xff\xfe 1\n00000008 00000001\n')
	assert_failure 2
	assert_output 8:1 # the good record after the bad ones is still read
}

@test "erofs: i_u.rdev is new_encode_dev's 32 bits; cramfs: the glibc dev_t's low 24 bits" {
	# 8:256: minor & 0xff = 0, 8 << 8 = 0x800, (256 & ~0xff) << 12 = 0x100000
	run2 devnum pack erofs 8:256 4095:1048575
	assert_success
	assert_output $'0x00100800\n0xffffffff'
	run2 devnum pack erofs 4096:0
	assert_failure 1
	# glibc's 259:0 is 0x10300, 8:256 is 0x100800: both within 24 bits
	run2 devnum pack cramfs 259:0 8:256 4095:4095
	assert_success
	assert_output $'0x010300\n0x100800\n0xffffff'
	# 0:4096: (4096 & ~0xff) << 12 = 0x1000000, bit 24
	run2 devnum pack cramfs 0:4096
	assert_failure 1
	assert_equal "$stderr" "devnum: '0:4096': cramfs cannot hold it: raw 0x1000000 above 0xffffff"
	run2 devnum unpack cramfs 0x010300
	assert_output 259:0
}
