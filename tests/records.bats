#!/usr/bin/env bats
# records: stdin, '-', -z, CRLF, blank lines, errors with line numbers,
# the highest status winning, and long inputs in constant memory.
load helper

@test "no operands: one record per line of stdin" {
	run2 devnum decode <<<$'0x301\n0x10b300\n259'
	assert_success
	assert_output $'3:1\n179:256\n1:3'
}

@test "'-' reads stdin in its place among operands" {
	run2 devnum decode 0x800 - 0x801 <<<$'0x301\n0x302'
	assert_success
	assert_output $'8:0\n3:1\n3:2\n8:1'
}

@test "blank lines are skipped but counted; CRLF accepted; no final newline" {
	run2 devnum decode < <(printf '0x301\r\n\n   \n\t\r\n0x302\r\nzz\n0x303')
	assert_failure 2
	assert_output $'3:1\n3:2\n3:3'
	assert_equal "$stderr" "devnum: <stdin>:6: 'zz': 'z' is not a decimal digit"
}

@test "errors name the line; processing goes on; the highest status wins" {
	run2 devnum encode -s legacy <<<$'1:1\n256:0\n2:2\n-1:0\n3:3'
	assert_failure 2
	assert_output $'0x101\n0x202\n0x303'
	assert_line --index 0 0x101
	assert_equal "$stderr" "devnum: <stdin>:2: '256:0': major 256 out of range for legacy (at most 255)
devnum: <stdin>:4: '-1:0': major: a sign ('-') is not allowed"
}

@test "exit 1 when the worst record is unrepresentable" {
	run2 devnum encode -s legacy <<<$'1:1\n256:0'
	assert_failure 1
	assert_output 0x101
}

@test "-z: NUL-terminated records in and out" {
	run bash -c "printf '0x301\0000x10b300\0' | devnum -z decode | od -An -c | tr -s ' '"
	assert_success
	assert_output " 3 : 1 \\0 1 7 9 : 2 5 6 \\0"
}

@test "-z: a newline inside a record is part of it" {
	run2 bash -c "printf '0x301\n\0' | devnum -z decode"
	assert_failure 2
	assert_equal "$stderr" "devnum: <stdin>:1: '0x301\\x0a': byte 0x0a is not a hex digit"
}

@test "a NUL byte inside a line is refused, shown escaped" {
	run2 bash -c "printf '0x3\0001\n0x302\n' | devnum decode"
	assert_failure 2
	assert_output 3:2
	assert_equal "$stderr" "devnum: <stdin>:1: '0x3\\x001': byte 0x00 is not a hex digit"
}

@test "tuples from stat -c '%Hr %Lr' encode as the kernel's rdev" {
	run2 bash -c "stat -c '%Hr %Lr' /dev/null /dev/zero | devnum encode -d"
	assert_success
	assert_output "$(stat -c '%r' /dev/null /dev/zero)"
}

@test "a long input gives exactly one result per record" {
	local n=300000
	run bash -c "seq 0 $((n - 1)) | devnum decode | wc -l"
	assert_success
	assert_output "$n"
	# and the last one is right: 299999 = 0x493df, glibc 1172:223
	run bash -c "seq 0 $((n - 1)) | devnum decode | tail -n 1"
	assert_output "$(( (299999 >> 8) & 0xfff )):$(( (299999 & 0xff) | ((299999 >> 12) & 0xffffff00) ))"
}

@test "a record over 64 KiB is refused, and the records around it survive" {
	run2 bash -c "{ echo 0x301; head -c 1048576 /dev/zero | tr '\\0' 7; echo; echo 0x302; } | devnum decode"
	assert_failure 2
	assert_output $'3:1\n3:2'
	assert_equal "$stderr" "devnum: <stdin>:2: '$(printf '7%.0s' $(seq 80))...': record longer than 65536 bytes"
}

@test "a huge last record without a newline is refused too" {
	run2 bash -c "{ echo 0x301; head -c 200000 /dev/zero | tr '\\0' 1; } | devnum decode"
	assert_failure 2
	assert_output 3:1
	[[ "$stderr" == "devnum: <stdin>:2: '1111"*"...': record longer than 65536 bytes" ]]
}

@test "memory stays constant: 2 million records take what 1,000 take" {
	# peak RSS in KiB; a sanitizer build has a larger base, the same slope
	run bash -c "seq 1000 | /usr/bin/time -f %M devnum decode 2>&1 >/dev/null"
	assert_success
	small=$output
	run bash -c "seq 2000000 | /usr/bin/time -f %M devnum decode 2>&1 >/dev/null"
	assert_success
	[ "$output" -le $((small + 1024)) ]
}

@test "empty stdin is no records and success" {
	run2 devnum decode </dev/null
	assert_success
	assert_output ""
}
