#!/usr/bin/env bats
# decode: raw values to tuples; invalid raws refused, aliases warned.
load helper

@test "devnum(1): decode 0x301 --scheme=hpa is 3:1" {
	run2 devnum decode 0x301 --scheme=hpa
	assert_success
	assert_output 3:1
}

@test "devnum(1): stat -c %r /dev/null | devnum decode" {
	run2 bash -c "stat -c '%r' /dev/null | devnum decode"
	assert_success
	assert_output "$(stat -c '%Hr:%Lr' /dev/null)"
	assert_output 1:3
}

@test "0x10b300 is 179:256 in glibc, not 4275:0" {
	run2 devnum decode 0x10b300
	assert_success
	assert_output 179:256
}

@test "a raw wider than the scheme is invalid, naming the width" {
	run2 devnum decode -s legacy 0x10b300
	assert_failure 1
	assert_equal "$stderr" "devnum: '0x10b300': 0x10b300 is wider than 16 bits, out of range for legacy (at most 0xffff)"
}

@test "svr3: bit 15 is invalid" {
	run2 devnum decode -s svr3 0x8001
	assert_failure 1
	assert_equal "$stderr" "devnum: '0x8001': bit 15 set, which svr3 does not use"
}

@test "solaris: all ones is NODEV" {
	run2 devnum decode -s solaris 0xffffffffffffffff
	assert_failure 1
	assert_equal "$stderr" "devnum: '0xffffffffffffffff': 0xffffffffffffffff is NODEV in solaris, not a device"
}

@test "a noncanonical alias decodes with a warning, exit 0" {
	run2 devnum decode -s split32 0x301
	assert_success
	assert_output 3:1
	assert_equal "$stderr" "devnum: '0x301': warning: noncanonical in split32: legacy 16-bit alias of 3:1, canonical 0x300000001"
}

@test "--strict makes a noncanonical alias an error" {
	run2 devnum decode --strict -s xfs 0x8200001
	assert_failure 1
	assert_output ""
	assert_equal "$stderr" "devnum: '0x8200001': noncanonical in xfs: alias of 8:1 (xfs ignores bits 31:27), canonical 0x200001"
}

@test "every number syntax decodes" {
	run2 devnum decode 769 0x301 0X301 01401 0o1401 0b1100000001 301h
	assert_success
	assert_output $'3:1\n3:1\n3:1\n3:1\n3:1\n3:1\n3:1'
}

@test "decode in every scheme of a value with every field set" {
	# 0xffffffff by hand from each 32-bit layout
	while read -r scheme want; do
		run2 devnum decode -s "$scheme" 0xffffffff
		assert_success
		assert_output "$want"
	done <<-'END'
	linux32 4095:1048575
	kernel 4095:1048575
	sysv 16383:262143
	darwin 255:16777215
	openbsd 255:16777215
	freebsd11 255:4294902015
	aix32 65535:65535
	glibc 4095:1048575
	hpa1220 4095:1048575
	END
}

@test "the tuple scheme decodes M:m text" {
	run2 devnum decode -s tuple 8:1 "8, 1"
	assert_success
	assert_output $'8:1\n8:1'
}
