#!/usr/bin/env bats
# hostile: input from untrusted archives, manifests and other machines.
# Every case: the exact exit status and message, and the good records
# before and after the bad one still processed.
load helper

@test "a 2 MiB line between good records" {
	run2 bash -c "{ echo 0x301; head -c 2097152 /dev/zero | tr '\\0' 9; echo; echo 0x302; } | devnum decode"
	assert_failure 2
	assert_output $'3:1\n3:2'
	assert_equal "$stderr" "devnum: <stdin>:2: '$(printf '9%.0s' $(seq 80))...': record longer than 65536 bytes"
}

@test "a line of exactly 65536 bytes is still read; one more is not" {
	run2 bash -c "{ printf '%065536d\n' 1; printf '%065537d\n' 1; echo 0x302; } | devnum decode"
	assert_failure 2
	assert_output $'0:1\n3:2'
	[[ "$stderr" == "devnum: <stdin>:2: '0000"*"...': record longer than 65536 bytes" ]]
}

@test "NUL bytes: inside a line, alone on a line, and a whole NUL stream" {
	run2 bash -c "printf '0x301\n\0\n1\0002\n0x302\n' | devnum decode"
	assert_failure 2
	assert_output $'3:1\n3:2'
	assert_equal "$stderr" "devnum: <stdin>:2: '\\x00': byte 0x00 is not a decimal digit
devnum: <stdin>:3: '1\\x002': byte 0x00 is not a decimal digit"
	run2 bash -c "head -c 100000 /dev/zero | devnum -z decode | wc -l"
	assert_success
	assert_output 0
}

@test "invalid UTF-8 and terminal escapes are shown escaped, never raw" {
	run2 bash -c "printf '0x301\n\xff\xfe\x1b[31m\n0x302\n' | devnum decode"
	assert_failure 2
	assert_output $'3:1\n3:2'
	assert_equal "$stderr" "devnum: <stdin>:2: '\\xff\\xfe\\x1b[31m': byte 0xff is not a decimal digit"
}

@test "random bytes: no crash, every error well formed, good records kept" {
	head -c 200000 /dev/urandom > "$BATS_TEST_TMPDIR/noise"
	run2 bash -c "{ echo 0x301; cat '$BATS_TEST_TMPDIR/noise'; echo; echo bad; echo 0x302; } | devnum decode"
	assert_failure 2
	assert_line --index 0 3:1
	assert_line --index $((${#lines[@]} - 1)) 3:2
	while IFS= read -r line; do
		[[ "$line" =~ ^devnum:\ \<stdin\>:[0-9]+:\ \'.*\':\ [a-z0-9\'].*$ ]]
	done <<<"$stderr"
	run2 bash -c "devnum -z --json explain < '$BATS_TEST_TMPDIR/noise' | tr '\\0' '\\n' | jq -e . > /dev/null"
	assert_success
}

@test "random bytes through every command and mode: exit 2 at most, never a crash" {
	head -c 50000 /dev/urandom > "$BATS_TEST_TMPDIR/noise"
	for cmd in encode decode check canon aliases explain "convert -f glibc -t aix" stat; do
		for mode in "" --json -z --strict "--format=%M:%m:%r"; do
			run2 bash -c "devnum $cmd $mode < '$BATS_TEST_TMPDIR/noise' > /dev/null 2>&1"
			[ "$status" -le 2 ]
		done
	done
}

@test "every malformed number form, after --" {
	while IFS='|' read -r input reason; do
		run2 devnum decode -- 0x301 "$input" 0x302
		assert_failure 2
		assert_output $'3:1\n3:2'
		assert_equal "$stderr" "devnum: '$input': $reason"
	done <<-'END'
	0x-1|'-' is not a hex digit
	0x 1|byte 0x20 is not a hex digit
	1_000|'_' is not a decimal digit
	1,000|',' is not a decimal digit
	0x1p3|'p' is not a hex digit
	1e9|'e' is not a decimal digit
	inf|'i' is not a decimal digit
	nan|'n' is not a decimal digit
	0xffffffffffffffff0|larger than 2^64-1
	99999999999999999999|larger than 2^64-1
	0b10000000000000000000000000000000000000000000000000000000000000000|larger than 2^64-1
	+0|a sign ('+') is not allowed
	--1|a sign ('-') is not allowed
	0X|no hex digits
	H|no hex digits
	0o8|'8' is not an octal digit
	0b|no binary digits
	END
}

@test "Unicode digits and look-alikes are not digits" {
	run2 devnum decode -- '١٢٣' '１２' 'Ｏx1'
	assert_failure 2
	assert_equal "$stderr" "devnum: '\\xd9\\xa1\\xd9\\xa2\\xd9\\xa3': byte 0xd9 is not a decimal digit
devnum: '\\xef\\xbc\\x91\\xef\\xbc\\x92': byte 0xef is not a decimal digit
devnum: '\\xef\\xbc\\xafx1': byte 0xef is not a decimal digit"
}

@test "every malformed tuple form" {
	while IFS='|' read -r input reason; do
		run2 devnum encode -- 1:1 "$input" 2:2
		assert_failure 2
		assert_output $'0x101\n0x202'
		assert_equal "$stderr" "devnum: '$input': $reason"
	done <<-'END'
	1:2:3|minor: ':' is not a decimal digit
	1,2,3|minor: ',' is not a decimal digit
	:|major: empty value
	,|major: empty value
	1:|minor: empty value
	:1|major: empty value
	1::2|minor: ':' is not a decimal digit
	1 2 3|minor: byte 0x20 is not a decimal digit
	x:y|major: 'x' is not a decimal digit
	1:-2|minor: a sign ('-') is not allowed
	1:0x|minor: no hex digits
	12|not a tuple (MAJOR:MINOR)
	END
}

@test "the 2^32 boundary: 2^32-1 fits, 2^32 is refused (exit 1)" {
	run2 devnum encode -- 4294967295:4294967295 4294967296:0 0:4294967296 1:1
	assert_failure 1
	assert_output $'0xffffffffffffffff\n0x101'
	assert_equal "$stderr" "devnum: '4294967296:0': major 4294967296 out of range for glibc (at most 4294967295)
devnum: '0:4294967296': minor 4294967296 out of range for glibc (at most 4294967295)"
}

@test "the 2^64 boundary: 2^64-1 parses, 2^64 does not (exit 2)" {
	run2 devnum decode -- 18446744073709551615 18446744073709551616 0x10000000000000000 0x301
	assert_failure 2
	assert_output $'4294967295:4294967295\n3:1'
	assert_equal "$stderr" "devnum: '18446744073709551616': larger than 2^64-1
devnum: '0x10000000000000000': larger than 2^64-1"
	run2 devnum encode -s tuple -- 18446744073709551615:0
	assert_failure 1
	assert_equal "$stderr" "devnum: '18446744073709551615:0': major 18446744073709551615 out of range for tuple (at most 4294967295)"
}

@test "empty stdin, and stdin of only blank lines" {
	for cmd in encode decode check canon aliases explain stat; do
		run2 devnum $cmd < /dev/null
		assert_success
		assert_output ""
		run2 bash -c "printf '\n \n\t\r\n' | devnum $cmd"
		assert_success
		assert_output ""
	done
}

@test "fifty thousand operands" {
	run2 bash -c "devnum decode \$(seq 50000) | wc -l"
	assert_success
	assert_output 50000
	run2 bash -c "devnum decode \$(seq 50000) | tail -n 1"
	# 50000 = 0xc350: glibc major (0xc350 >> 8) & 0xfff = 195, minor 0x50 = 80
	assert_output 195:80
}

@test "an unknown scheme with a 100,000-character name" {
	name=$(printf 'x%.0s' $(seq 100000))
	run2 devnum -s "$name" decode 0x301
	assert_failure 2
	assert_output ""
	[[ "$stderr" == "devnum: --scheme: unknown scheme '$(printf 'x%.0s' $(seq 80))...'; valid schemes: legacy, "*", native"$'\n'"Try 'devnum --help' for more information." ]]
}

@test "a 100,000-character operand is named, cut short" {
	big=$(printf '7%.0s' $(seq 100000))
	run2 devnum decode 0x301 "$big" 0x302
	assert_failure 2
	assert_output $'3:1\n3:2'
	assert_equal "$stderr" "devnum: '$(printf '7%.0s' $(seq 80))...': larger than 2^64-1"
}

@test "/dev/full and a closed stdout, for every command" {
	for cmd in "encode 3 1" "decode 0x301" "check 0x301" "canon 0x301" "aliases 3:1" "explain 0x301" "schemes" "layout glibc" "stat /dev/null"; do
		run2 bash -c "devnum $cmd > /dev/full"
		assert_failure 2
		assert_equal "$stderr" "devnum: write error: No space left on device"
		run2 bash -c "devnum $cmd >&-"
		assert_failure 2
		assert_equal "$stderr" "devnum: write error: Bad file descriptor"
	done
}

@test "a closed pipe mid-stream, for every filtering command" {
	seq 300000 > "$BATS_TEST_TMPDIR/raws"
	sed 's/^/1:/' "$BATS_TEST_TMPDIR/raws" > "$BATS_TEST_TMPDIR/tuples"
	while IFS='|' read -r cmd input; do
		run2 bash -c "devnum $cmd < '$BATS_TEST_TMPDIR/$input' | head -n 1 > /dev/null; exit \${PIPESTATUS[0]}"
		assert_failure 141
		assert_equal "$stderr" ""
	done <<-'END'
	decode|raws
	encode -s kernel|tuples
	check|raws
	canon|raws
	explain|raws
	aliases -s xfs|tuples
	END
}

@test "a read error is reported, exit 2" {
	run2 bash -c "devnum decode < /"
	assert_failure 2
	assert_equal "$stderr" "devnum: read error: Is a directory"
}
