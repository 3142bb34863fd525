#!/usr/bin/env bats
# whence: the known mistakes, applied backwards.  The seen tuples are the
# ones the projects' own reports give; each row's case below is worked by
# hand from the layouts (kdev_t.h's MKDEV and new_encode_dev, glibc's
# makedev, XNU's 8:24, FreeBSD's __makedev, Linux's fs/isofs/rock.c).
load helper

@test "the reports: the real tuple comes back from what their users saw" {
	# moby/moby PR 39212: 253:304 is glibc raw 0x10fd30, read as (raw >> 8, raw & 0xff)
	run2 devnum whence 4349:48
	assert_success
	assert_line --index 0 "4349:48: 253:304: a glibc raw read as 8:8 unchecked, (raw >> 8, raw & 0xff) [glibc-as-legacy]"
	# rhboot/efivar 75: 179:256 is 0x10b300
	run2 devnum whence 4275:0
	assert_line --index 1 "4275:0: 179:256 block mmcblk32 (SD/MMC card): a glibc raw read as 8:8 unchecked, (raw >> 8, raw & 0xff) [glibc-as-legacy]"
	# u-root/u-root 745: mknod b 1024 1024 made 1028:0; a real 1024:1024 listed as 17408:0
	run2 devnum whence 1028:0
	assert_line --index 0 "1028:0: 1024:1024: major << 8 | minor, unmasked, read by glibc [legacy-encode-read-by-glibc]"
	run2 devnum whence 17408:0
	assert_line --index 0 "17408:0: 1024:1024: a glibc raw read as 8:8 unchecked, (raw >> 8, raw & 0xff) [glibc-as-legacy]"
	# folbricht/desync PR 388: Linux's 1:3 seen as 0:259 on macOS, Darwin's 3:2 as 0:12290
	run2 devnum whence --format='%M:%m %{mistake}' 0:259 0:12290
	assert_line "1:3 glibc-as-darwin"
	assert_line "3:2 darwin-as-glibc"
	# With no type, a tuple both namespaces name is given in each, char
	# first: Linux's 1:3 is /dev/null (char), and ram3 (block).
	run2 devnum whence 0:259
	assert_line --index 0 "0:259: 1:3 char null (the null device): a glibc raw read as Darwin's 8:24 [glibc-as-darwin]"
	assert_line --index 1 "0:259: 1:3 block ram3 (RAM disk): a glibc raw read as Darwin's 8:24 [glibc-as-darwin]"
	run2 devnum whence b0:259
	assert_line --index 0 "b0:259: 1:3 block ram3 (RAM disk): a glibc raw read as Darwin's 8:24 [glibc-as-darwin]"
}

@test "--was: only the mistakes that take that tuple to the one seen, exactly" {
	run2 devnum whence --was 253:304 --format='%{mistake}' 4349:48
	assert_success
	assert_output glibc-as-legacy
	run2 devnum whence --was 9:9 0:2049
	assert_failure 1
	assert_equal "$stderr" "devnum: '0:2049': no known mistake makes it of 9:9"
	run devnum whence --was 9 0:2049
	assert_failure 2
}

# seen real mistake...: each mistake is among those --was finds
was() {
	local seen=$1 real=$2
	shift 2
	run2 devnum whence --was "$real" --format='%{mistake}' "$seen"
	assert_success
	for m in "$@"; do assert_line "$m"; done
}

@test "every row, by a case worked by hand" {
	# 8:256: glibc raw 0x100800; as 8:8, 0x1008:0x00
	was 4104:0 8:256 glibc-as-legacy
	# 8:257 with its minor masked: 8:1
	was 8:1 8:257 minor-masked
	# 8:1: MKDEV 0x800001 read by glibc (major bits 8-19, minor 0-7 and 20-31): 0:0x801;
	# glibc's 0x801 read as MKDEV (major above bit 20): 0:2049; the same with new_encode_dev
	was 0:2049 8:1 kernel-as-glibc glibc-as-kernel kernel-as-linux32 linux32-as-kernel glibc-as-darwin
	# FreeBSD 12 keeps minor bits 8-15 at 32-39: 0:256 is 0x100000000, cut to 32 bits 0
	was 0:0 0:256 freebsd12-as-freebsd11
	# statx's major alone
	was 8:0 8:1 statx-major-only
	# 0:524288: glibc raw 0x80000000, sign-extended 0xffffffff80000000: major
	# 0xfffff000, minor 0xfff80000
	was 4294963200:4294443008 0:524288 signed-int
	# 4095:1048575: glibc raw 0xffffffff, an int, -1; -1 >> 8 is -1 and
	# %u reads it 4294967295; the minor its low byte, 255
	was 4294967295:255 4095:1048575 glibc-as-legacy-signed
	# 0:524288: 0x80000000, (int) >> 8 is 0xff800000
	was 4286578688:0 0:524288 glibc-as-legacy-signed
	# PN 0 and 300: Linux takes the low half as 16 bits, 0x12c: 1:44
	was 1:44 0:300 iso9660-pn-linux
	# 1 * 256 + 256 = 512 = 0x200, read by glibc: 2:0
	was 2:0 1:256 major-times-256
	# 1024 << 8 | 1024 = 0x40400, read by glibc: 0x404:0
	was 1028:0 1024:1024 legacy-encode-read-by-glibc major-times-256
	# glibc's 4096:0 is 1 << 44, cut to 32 bits 0; 4097:5 is 1 << 44 | 0x105: 1:5
	was 0:0 4096:0 glibc-cut-to-32
	was 1:5 4097:5 glibc-cut-to-32
	# 4096 << 8 = 0x100000, new_decode_dev's minor bits 8-19 at 20-31: 0:256
	was 0:256 4096:0 new-encode-unmasked
	was 1:261 4097:5 new-encode-unmasked
	# glibc's 259:0 is 0x10300, kept in 16 bits 0x300: 3:0 (rpm's FILERDEVS)
	was 3:0 259:0 glibc-cut-to-16
	# 8:256 is 0x100800, 16 bits 0x800: 8:0
	was 8:0 8:256 glibc-cut-to-16
	# 490 is 0x1ea, its low 8 bits 0xea: 234
	was 234:1 490:1 major-masked
}

@test "every row of the catalogue is tested above" {
	rows=$(devnum whence --json 0:0 4104:0 8:1 0:2049 8:0 4294963200:4294443008 1:44 2:0 1028:0 0:259 0:12290 4349:48 1:5 0:256 3:0 234:1 |
		jq -r .mistake | sort -u | wc -l)
	assert_equal "$rows" 18
}

@test "the registry's devices come first, and a raw operand is read in --scheme" {
	run2 devnum whence --format='%M:%m %t %{name}' 0:12290
	assert_line --index 0 "48:2 char ttyL2"
	assert_line --index 1 "48:2 block rd/c0d0p2"
	assert_line --index 2 "3:2 char ttyp2"
	assert_line --index 3 "3:2 block hda2"
	# the native raw 0x3000002 is 0:12290
	run2 devnum whence --format='%i %M:%m %{mistake}' 0x3000002
	assert_line "0x3000002 3:2 darwin-as-glibc"
	run2 devnum whence --scheme=darwin --format='%M:%m %{mistake}' 0x103
	assert_line --index 0 "1:3 glibc-as-darwin"
}

@test "JSON and udev's type" {
	run2 devnum whence --json b4275:0
	assert_success
	assert_line --index 0 '{"input":"b4275:0","type":"block","major":179,"minor":256,"name":"mmcblk32","description":"SD/MMC card","mistake":"glibc-as-legacy","source":"moby/moby PR 39212; rhboot/efivar issue 75; u-root/u-root issue 745"}'
}
