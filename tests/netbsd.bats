#!/usr/bin/env bats
# netbsd: NetBSD's FORMAT,MAJOR,MINOR forms (mknod -F, pack_dev.c, mtree
# device=), whose names are pack_dev's own, not devnum's schemes.  Expected
# raw values are worked by hand from pack_dev.c's makedev_* macros.
load helper

@test "devnum(1): encode linux,8,1 is pack_dev's 8:8 value, 0x801" {
	run2 devnum encode linux,8,1
	assert_success
	assert_output 0x801
}

@test "devnum(1): encode bsdos,3,1,2 is the 12:12:8 value 3<<20 | 1<<8 | 2" {
	run2 devnum encode bsdos,3,1,2
	assert_success
	assert_output "$(printf '0x%x' $(((3 << 20) | (1 << 8) | 2)))"
	run2 devnum --json encode bsdos,3,1,2
	assert_output --partial '"scheme":"kernel","major":3,"minor":258'
}

@test "every pack_dev name encodes with its own layout, not devnum's namesake" {
	# name, tuple, raw by pack_dev's macro
	while read -r name t want; do
		run2 devnum encode "$name,$t"
		assert_success
		assert_output "$want"
	done <<-EOF
	386bsd 255,255 0xffff
	4bsd 1,2 0x102
	isc 1,2 0x102
	linux 255,255 0xffff
	sco 1,2 0x102
	sunos 1,2 0x102
	svr3 255,255 0xffff
	ultrix 1,2 0x102
	freebsd 255,0xffff00ff 0xffffffff
	freebsd 8,0x10001 $(printf '0x%x' $(((8 << 8) | 0x10001)))
	netbsd 4095,1048575 0xffffffff
	netbsd 8,256 $(printf '0x%x' $(((8 << 8) | ((256 & 0xfff00) << 12))))
	osf1 4095,1048575 0xffffffff
	bsdos 4095,1048575 0xffffffff
	bsdos 4095,4095,255 0xffffffff
	hpux 255,16777215 0xffffffff
	solaris 16383,262143 0xffffffff
	svr4 1,2 $(printf '0x%x' $(((1 << 18) | 2)))
	native 8,1 0x801
	EOF
}

@test "names collide: pack_dev's svr3 is 8:8 and its solaris has no NODEV32" {
	run2 devnum encode -s svr3 255:255
	assert_failure 1
	run2 devnum encode svr3,255,255
	assert_success
	run2 devnum encode freebsd,0,256 # minor(x) is x & 0xffff00ff in FreeBSD 11
	assert_failure 1
	run2 devnum encode -s solaris32 16383:262143
	assert_failure 1
	run2 devnum encode solaris,16383,262143
	assert_output 0xffffffff
}

@test "a part pack_dev's format cannot hold is refused, naming the format and limit" {
	run2 devnum encode linux,256,1
	assert_failure 1
	assert_equal "$stderr" "devnum: 'linux,256,1': NetBSD's linux is legacy: major 256 out of range for legacy (at most 255)"
	run2 devnum encode bsdos,1,4096,0
	assert_failure 1
	assert_equal "$stderr" "devnum: 'bsdos,1,4096,0': unit 4096 out of range for NetBSD's bsdos (at most 4095)"
	run2 devnum encode bsdos,1,1,256
	assert_failure 1
	assert_equal "$stderr" "devnum: 'bsdos,1,1,256': subunit 256 out of range for NetBSD's bsdos (at most 255)"
	run2 devnum encode bsdos,4096,1,1
	assert_failure 1
	assert_equal "$stderr" "devnum: 'bsdos,4096,1,1': NetBSD's bsdos is kernel: major 4096 out of range for kernel (at most 4095)"
}

@test "the form's tuple must fit its format even under --scheme, which then encodes it" {
	run2 devnum encode -s linux32 linux,8,1
	assert_output 0x801
	run2 devnum encode -s split32 linux,8,1
	assert_output 0x800000001
	run2 devnum encode -s glibc linux,256,0
	assert_failure 1
}

@test "bad forms are usage-level errors (status 2) naming what is wrong" {
	run2 devnum encode openbsd,1,1
	assert_failure 2
	assert_equal "$stderr" "devnum: 'openbsd,1,1': unknown NetBSD format 'openbsd'"
	run2 devnum encode linux,8
	assert_failure 2
	assert_equal "$stderr" "devnum: 'linux,8': a major and a minor are needed after the format name"
	run2 devnum encode linux,8,1,2
	assert_failure 2
	assert_equal "$stderr" "devnum: 'linux,8,1,2': only bsdos takes three numbers"
	run2 devnum encode bsdos,1,2,3,4
	assert_failure 2
	assert_equal "$stderr" "devnum: 'bsdos,1,2,3,4': more than three numbers"
	run2 devnum encode linux,8,x
	assert_failure 2
	assert_equal "$stderr" "devnum: 'linux,8,x': second number: 'x' is not a decimal digit"
}

@test "hex tuples still read as tuples: a,b and 0xa,1 are not format names" {
	run2 devnum encode --input-base=16 a,b
	assert_output 0xa0b
	run2 devnum encode 0xa,1
	assert_output 0xa01
}

@test "the forms work wherever a tuple does: aliases, explain, fits, pack, stdin" {
	run2 devnum aliases linux,8,1
	assert_line --index 0 "8:1 in legacy: 1 raw value"
	run2 devnum explain netbsd,8,256
	assert_line --partial "linux32      32  0x100800"
	run2 devnum pack ustar freebsd,8,1
	assert_output "0000010 0000001"
	run2 devnum fits --into=ext4 linux,8,1
	assert_success
	run2 devnum encode <<<"bsdos,3,1,2"
	assert_output 0x300102
}

@test "devnum(1): %{mtree} writes the record in pack_dev's form for its scheme" {
	run2 devnum decode -s linux32 --format 'device=%{mtree}' 0x100800
	assert_output "device=netbsd,8,256"
	run2 devnum decode -s legacy --format '%{mtree}' 0x801
	assert_output "linux,8,1"
	run2 devnum encode -s kernel --format '%{mtree}' 8:1
	assert_output "osf1,8,1"
	run2 devnum encode -s freebsd11 --format '%{mtree}' 8:1
	assert_output "freebsd,8,1"
	run2 devnum encode --format '%{mtree}' 8:1
	assert_output "native,8,1"
	# a scheme pack_dev has no name for has no mtree field
	run2 devnum encode -s split32 --format '%(%{mtree}%|none%)' 8:1
	assert_output none
	# and what it writes, pack_dev's reading gives back
	run2 devnum encode -s hpux "$(devnum encode -s darwin --format '%{mtree}' 255:65536)"
	assert_output "$(devnum encode -s darwin 255:65536)"
}

@test "%{mtree} is a usage error where records have no scheme and tuple" {
	run2 devnum schemes --format '%{mtree}'
	assert_failure 2
}
