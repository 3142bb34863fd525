#!/usr/bin/env bats
# numbers: every malformed form is unparsable (exit 2) and the message
# names the input; representable-but-too-big values are exit 1.
load helper

@test "unparsable numbers: exit 2, the input named" {
	while IFS='|' read -r input reason; do
		run2 devnum decode -- "$input"
		assert_failure 2
		assert_output ""
		assert_equal "$stderr" "devnum: '$input': $reason"
	done <<-'END'
	abc|'a' is not a decimal digit
	-1|a sign ('-') is not allowed
	+1|a sign ('+') is not allowed
	0x|no hex digits
	0b|no binary digits
	0o|no octal digits
	08|'8' is not an octal digit
	0b2|'2' is not a binary digit
	12z|'z' is not a decimal digit
	1.5|'.' is not a decimal digit
	0xg1|'g' is not a hex digit
	18446744073709551616|larger than 2^64-1
	0x10000000000000000|larger than 2^64-1
	END
}

@test "a signed operand without -- is an unknown option (exit 2)" {
	run2 devnum decode -1
	assert_failure 2
	[[ "$stderr" == "devnum: -1: unknown option"* ]]
}

@test "an empty operand is unparsable" {
	run2 devnum decode ""
	assert_failure 2
	assert_equal "$stderr" "devnum: '': empty value"
}

@test "2^64-1 parses; in glibc it is 4294967295:4294967295" {
	run2 devnum decode 18446744073709551615
	assert_success
	assert_output 4294967295:4294967295
}

@test "surrounding blanks are ignored" {
	run2 devnum decode " 0x301 " $'\t769'
	assert_success
	assert_output $'3:1\n3:1'
}

@test "malformed tuples" {
	while IFS='|' read -r input reason; do
		run2 devnum encode -- "$input"
		assert_failure 2
		assert_equal "$stderr" "devnum: '$input': $reason"
	done <<-'END'
	3|not a tuple (MAJOR:MINOR)
	3:|minor: empty value
	:1|major: empty value
	3:1:2|minor: ':' is not a decimal digit
	-3:1|major: a sign ('-') is not allowed
	3:x|minor: 'x' is not a decimal digit
	END
}

@test "a too-big part parses but is exit 1" {
	run2 devnum encode 0:4294967296
	assert_failure 1
	assert_equal "$stderr" "devnum: '0:4294967296': minor 4294967296 out of range for glibc (at most 4294967295)"
	run2 devnum encode 99999999999999999999:0
	assert_failure 2
	assert_equal "$stderr" "devnum: '99999999999999999999:0': major: larger than 2^64-1"
}

@test "control bytes in the input are escaped in messages" {
	run2 devnum decode $'1\x012'
	assert_failure 2
	assert_equal "$stderr" "devnum: '1\\x012': byte 0x01 is not a decimal digit"
}

@test "udev's device IDs: c8:1 and b259:0 are tuples that keep their type" {
	# glibc: major << 8 | minor below 4096:256; 259 << 8 = 0x10300
	run2 devnum encode c8:1 b259:0 ' c4:64'
	assert_success
	assert_output $'0x801\n0x10300\n0x440'
	run2 devnum encode --json b259:0
	assert_equal "$(jq -r '[.type, .major, .minor] | @tsv' <<<"$output")" $'block\t259\t0'
	run2 devnum fits --into=ustar,ext4 --format='%{type} %C' c8:1
	assert_output $'char ustar\nchar ext4'
	run2 devnum decode -s tuple --json c8:1
	assert_equal "$(jq -r .type <<<"$output")" char
	# not a type where no tuple is read, nor before a non-digit
	run2 devnum decode c801
	assert_failure 2
	run2 devnum encode cx:1
	assert_failure 2
}

@test "--input-base=16: b8:1 is hex 0xb8:1, and /proc/PID/maps' fd:01 is 253:1" {
	# glibc: 0xb8 << 8 | 1
	run2 devnum encode --input-base=16 b8:1 fd:01
	assert_success
	assert_output $'0xb801\n0xfd01'
	run2 devnum encode --input-base=16 --json b8:1
	assert_equal "$(jq -r '.type // "none"' <<<"$output")" none
}
