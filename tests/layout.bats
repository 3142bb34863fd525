#!/usr/bin/env bats
# layout: the bit diagram of every scheme, with and without a value.
load helper

@test "layout glibc: every field boundary, two rows of 32 bits" {
	run2 devnum layout glibc
	assert_success
	assert_line --index 2 "  63                                   44 43                   32"
	assert_line --index 4 "  |             major[31:12]              |     minor[31:20]      |"
	assert_line --index 6 "  31                   20 19                    8 7             0"
	assert_line --index 8 "  |      minor[19:8]      |      major[11:0]      |  minor[7:0]   |"
}

@test "layout with a value: its bits, each field's value, its tuple" {
	run2 devnum layout legacy 0x301
	assert_success
	assert_line --index 6 "   0 0 0 0 0 0 1 1 0 0 0 0 0 0 0 1"
	assert_line --index 7 "         =3              =1"
	assert_line --index 8 "0x301 decodes to 3:1 (canonical)"
}

@test "layout marks ignored bits, flags and bits that must be 0" {
	run2 devnum layout xfs
	assert_line --index 4 "  | ignored |   major[8:0]    |            minor[17:0]            |"
	run2 devnum layout aix
	assert_line --index 4 "  |f|x|                        major[29:0]                        |"
	run2 devnum layout svr3
	assert_line --index 4 "  |0| major[6:0]  |  minor[7:0]   |"
}

@test "layout of a noncanonical or invalid value says so, exit 1" {
	# the verdict folds at blanks to fit 78 columns
	run2 devnum layout xfs 0x8200001
	assert_failure 1
	assert_line --index 8 "0x8200001: noncanonical in xfs: alias of 8:1 (xfs ignores bits 31:27),"
	assert_line --index 9 "  canonical 0x200001"
	run2 devnum layout legacy 0x10000
	assert_failure 1
	assert_output $'0x10000: invalid: 0x10000 is wider than 16 bits, out of range for legacy (at\n  most 0xffff)'
}

@test "layout takes its scheme from --scheme too" {
	run2 devnum -s darwin layout 0x3000001
	assert_success
	assert_line "0x3000001 decodes to 3:1 (canonical)"
}

@test "layout of every scheme, with and without a value, fits 80 columns" {
	run2 devnum schemes --json
	for s in $(jq -r .scheme <<<"$output"); do
		run2 devnum layout "$s"
		assert_success
		value=0
		[ "$s" = tuple ] && value=0:0
		run2 devnum layout "$s" "$value"
		[ "$status" -le 1 ]
		for line in "${lines[@]}"; do
			[ "${#line}" -le 80 ]
		done
	done
}

@test "every field's bits appear in the diagram exactly once" {
	# the labels of each 64-bit scheme's rows cover bits 63..0 once
	for s in glibc hpa hpa1220 freebsd split32 aix solaris; do
		run2 devnum layout --json "$s"
		run jq -s '[.[] | .hi - .lo + 1] | add' <<<"$output"
		assert_output 64
	done
}

@test "layout uses no colour off a terminal, nor with NO_COLOR, nor on TERM=dumb" {
	run2 devnum layout glibc 0x301
	[[ "$output" != *$'\033'* ]]
	# a terminal that has colour, whatever TERM the suite runs with (CI's may be dumb)
	run2 env -u NO_COLOR TERM=xterm script -qec "devnum layout glibc 0x301" /dev/null
	[[ "$output" == *$'\033[1;36m'* ]]
	run2 env NO_COLOR=1 TERM=xterm script -qec "devnum layout glibc 0x301" /dev/null
	[[ "$output" != *$'\033'* ]]
	run2 env -u NO_COLOR TERM=dumb script -qec "devnum layout glibc 0x301" /dev/null
	[[ "$output" != *$'\033'* ]]
}

@test "layout --json: a record a field, then the value's decode" {
	run2 devnum layout --json glibc 0x10b300
	assert_success
	# four fields, each one segment when rows do not cut them
	run jq -c 'select(has("owner")) | [.hi, .lo, .owner, .part_hi, .part_lo, .value]' <<<"$output"
	assert_output $'[63,44,"major",31,12,0]\n[43,20,"minor",31,8,1]\n[19,8,"major",11,0,179]\n[7,0,"minor",7,0,0]'
	run2 devnum layout --json glibc 0x10b300
	run jq -c 'select(has("owner") | not) | [.scheme, .major, .minor, .canonical, .hex]' <<<"$output"
	assert_output '["glibc",179,256,true,"0x10b300"]'
}

@test "layout: a scheme and a value at most" {
	run2 devnum layout glibc 1 2
	assert_failure 2
	run2 devnum layout nosuch 1
	assert_failure 2
}
