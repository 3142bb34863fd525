#!/usr/bin/env bats
# encode: tuples to raw values; refusals name the input, scheme and limit.
load helper

@test "devnum(1): encode 3 1 is 0x301" {
	run2 devnum encode 3 1
	assert_success
	assert_output 0x301
	assert_equal "$stderr" ""
}

@test "devnum(1): encode --scheme=split32 3:1" {
	run2 devnum encode --scheme=split32 3:1
	assert_success
	assert_output 0x300000001
}

@test "devnum(1): linux32 refuses major 4096, naming the limit" {
	run2 devnum encode --scheme=linux32 4096 0
	assert_failure 1
	assert_output ""
	assert_equal "$stderr" "devnum: '4096:0': major 4096 out of range for linux32 (at most 4095)"
}

@test "devnum-schemes(7) worked values for 259:256" {
	for pair in legacy:refused glibc:0x110300 linux32:0x110300 kernel:0x10300100 \
		hpa:0x10000010300 split32:0x10300000100 freebsd:0x10100000300 darwin:refused; do
		scheme=${pair%%:*} want=${pair#*:}
		run2 devnum encode -s "$scheme" 259:256
		if [ "$want" = refused ]; then assert_failure 1; else assert_success; assert_output "$want"; fi
	done
}

@test "tuple forms: M:m, M,m, 'M, m', two operands, hex parts" {
	run2 devnum encode -s kernel 8:1 8,1 "8, 1" 0x8:0b1
	assert_success
	assert_output $'0x800001\n0x800001\n0x800001\n0x800001'
}

@test "many tuples give one record each, in order" {
	run2 devnum encode 1:3 8:0 179:256
	assert_success
	assert_output $'0x103\n0x800\n0x10b300'
}

@test "a major of 2^32 is refused, never wrapped" {
	run2 devnum encode 4294967296 0
	assert_failure 1
	assert_equal "$stderr" "devnum: '4294967296:0': major 4294967296 out of range for glibc (at most 4294967295)"
}

@test "1024:1024 is refused by legacy, not made into 1028:0" {
	run2 devnum encode -s legacy 1024:1024
	assert_failure 1
	assert_equal "$stderr" "devnum: '1024:1024': major 1024 out of range for legacy (at most 255)"
}

@test "freebsd11 refuses minor bits 15:8, naming them" {
	run2 devnum encode -s freebsd11 0:256
	assert_failure 1
	assert_equal "$stderr" "devnum: '0:256': minor 256 out of range for freebsd11 (minor bits 15:8 must be 0)"
}

@test "split32 refuses the legacy window" {
	run2 devnum encode -s split32 0:256
	assert_failure 1
	assert_equal "$stderr" "devnum: '0:256': 0:256 cannot be encoded in split32 (0x100..0xffff is its legacy 16-bit window)"
	run2 devnum encode -s split32 0:255 0:65536
	assert_success
	assert_output $'0xff\n0x10000'
}

@test "solaris32 refuses NODEV32" {
	run2 devnum encode -s solaris32 16383:262143
	assert_failure 1
	assert_equal "$stderr" "devnum: '16383:262143': cannot be encoded in solaris32 (0xffffffff is NODEV)"
}

@test "the tuple scheme's raw form is M:m" {
	run2 devnum encode -s statx 0x10:8
	assert_success
	assert_output 16:8
}

@test "a bad record does not stop the others; highest status wins" {
	run2 devnum encode -s legacy 1:1 300:0 x:1 2:2
	assert_failure 2
	assert_output $'0x101\n0x202'
	assert_line --index 0 0x101
	[[ "$stderr" == *"'300:0': major 300 out of range for legacy (at most 255)"* ]]
	[[ "$stderr" == *"'x:1': major: 'x' is not a decimal digit"* ]]
}

@test "every scheme encodes 3:1 as its layout says" {
	# by hand from devnum-schemes(7): major 3 at the major[7:0] field, minor 1 at minor[7:0]
	while read -r scheme want; do
		run2 devnum encode -s "$scheme" 3:1
		assert_success
		assert_output "$want"
	done <<-'END'
	legacy 0x301
	split32 0x300000001
	hpa 0x301
	hpa1220 0x301
	tuple 3:1
	glibc 0x301
	linux32 0x301
	kernel 0x300001
	sysv 0xc0001
	xfs 0xc0001
	freebsd 0x301
	freebsd11 0x301
	openbsd 0x301
	darwin 0x3000001
	solaris 0x300000001
	solaris32 0xc0001
	svr3 0x301
	aix 0x8000000300000001
	aix32 0x30001
	END
}
