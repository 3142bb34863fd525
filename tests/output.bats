#!/usr/bin/env bats
# output: --json (checked with jq, a real parser), --format, --base, --pad,
# and write errors: /dev/full is reported, exit 2; a closed pipe is quiet.
load helper

@test "--json: one valid object per record with the devnum(1) fields" {
	run2 devnum decode --json 0x301 0x10b300
	assert_success
	assert_equal "${#lines[@]}" 2
	run jq -r '[.input, .scheme, .major, .minor, .raw, .hex, .canonical] | @tsv' <<<"$output"
	assert_output $'0x301\tglibc\t3\t1\t769\t0x301\ttrue\n0x10b300\tglibc\t179\t256\t1094400\t0x10b300\ttrue'
}

@test "--json: a noncanonical input says so, with its canonical value" {
	run2 devnum decode --json -s split32 0x301
	assert_success
	assert_equal "$stderr" ""
	run jq -r '[.canonical, .canonical_raw, .canonical_hex, .note] | @tsv' <<<"$output"
	assert_output $'false\t12884901889\t0x300000001\tnoncanonical in split32: legacy 16-bit alias of 3:1, canonical 0x300000001'
}

@test "--json: raw values past 2^53 keep their exact hex string" {
	run2 devnum encode --json 4294967295:4294967295
	assert_success
	run jq -r .hex <<<"$output"
	assert_output 0xffffffffffffffff
	[[ "$output" != *e+* ]]
	run2 devnum encode --json 4294967295:4294967295
	[[ "$output" == *'"raw":18446744073709551615,'* ]]
}

@test "--json: a failed record is an object with error, on stdout" {
	run2 devnum encode --json -s legacy 1:1 256:0 x
	assert_failure 2
	assert_equal "$stderr" ""
	run jq -c '{input, scheme, error}' <<<"$output"
	assert_line --index 1 '{"input":"256:0","scheme":"legacy","error":"major 256 out of range for legacy (at most 255)"}'
	assert_line --index 2 '{"input":"x","scheme":"legacy","error":"not a tuple (MAJOR:MINOR)"}'
}

@test "--json: any input bytes give valid JSON" {
	# invalid UTF-8, control characters, quotes, backslashes, valid UTF-8
	run2 bash -c "printf '\\xff\\xfe\\x01\"\\\\\\t\\xc3\\xa9\\xe2\\x82\\n' | devnum decode --json"
	assert_failure 2
	run jq -r .input <<<"$output"
	assert_success
	# each byte of invalid UTF-8 becomes one U+FFFD (written as its UTF-8
	# bytes: bash's \u escapes need a UTF-8 locale, and LANG may be unset)
	assert_output $'\xef\xbf\xbd\xef\xbf\xbd\x01"\\\t\xc3\xa9\xef\xbf\xbd\xef\xbf\xbd'
}

@test "--json: every byte at every place of a 17-byte input" {
	# each byte but NUL and newline, at each place of a 17-byte input: jq
	# must read back the input, a byte outside UTF-8 as U+FFFD, and a CR
	# that ends the line as part of its CRLF ending
	local a=aaaaaaaaaaaaaaaa d=$BATS_TEST_TMPDIR b i x y
	for b in $(seq 1 255); do
		[ "$b" = 10 ] && continue
		printf -v x '\\x%02x' "$b"
		y=$x
		[ "$b" -ge 128 ] && y='\xef\xbf\xbd'
		for i in {0..16}; do
			printf "${a:0:i}$x${a:0:16-i}\n" >&3
			[ "$b" = 13 ] && [ "$i" = 16 ] && y=
			printf "${a:0:i}$y${a:0:16-i}\n" >&4
		done
	done 3> "$d/in" 4> "$d/want"
	devnum decode --json < "$d/in" > "$d/out" || [ $? = 2 ]
	jq -r .input < "$d/out" > "$d/got"
	cmp "$d/got" "$d/want"
	[ "$(wc -l < "$d/got")" = $((254 * 17)) ]
}

@test "--json -z: NUL bytes inside records are escaped" {
	run2 bash -c "printf 'a\\nb\\0' | devnum -z --json decode | tr '\\0' '\\n' | jq -r .input"
	assert_output $'a\nb'
}

@test "--json with convert names both schemes" {
	run2 devnum convert --json --from=legacy --to=kernel 0x803
	assert_success
	run jq -r '[.from, .scheme, .major, .minor, .hex] | @tsv' <<<"$output"
	assert_output $'legacy\tkernel\t8\t3\t0x800003'
}

@test "--format: every directive and escape" {
	run2 devnum encode -s linux32 --format='%M %m %r %d %x %o %s %i %%\t|\\' 8:1 
	assert_success
	assert_output $'8 1 0x801 2049 801 4001 linux32 8:1 %\t|\\'
}

@test "--format: text after a group is outside it, whichever side ran" {
	# kernel is 12:20, 0x300001 is 3:1; 0x100000000 is wider than its 32 bits
	run2 devnum check -s kernel --format '%i <%(%M:%m x%|-%)> %(%c%|same%) y.' \
		< <(printf '0x300001\n0x100000000\n0x300001\n')
	assert_failure 1
	assert_output $'0x300001 <3:1 x> same y.\n0x100000000 <-> same y.\n0x300001 <3:1 x> same y.'
	# split32: 0x301 is the legacy 8:8 alias of 3:1, whose canonical raw is 3 << 32 | 1
	run2 devnum check -s split32 --format '%i %(%c x%|same%) y.' < <(printf '0x301\n0x300000001\n')
	assert_output $'0x301 0x300000001 x y.\n0x300000001 same y.'
}

@test "--format: %M:%m of a record with no tuple prints the separator alone" {
	# kernel is 12:20 in 32 bits: 0x100000000 is invalid and has no tuple
	run2 devnum check -s kernel --format '%i [%M:%m] [%M %m]' 0x100000000 0x300001
	assert_failure 1
	assert_output $'0x100000000 [:] [ ]\n0x300001 [3:1] [3 1]'
}

@test "--format follows --base and --pad for %r" {
	run2 devnum decode -s kernel --pad -d --format='%r=%M,%m' 0x800001
	assert_success
	assert_output 0008388609=8,1
}

@test "--format: a 0 before a number's width pads it with zeros, after its base prefix" {
	# glibc's 0x10b300: major (raw >> 8) & 0xfff = 0xb3 = 179, minor
	# (raw >> 12) & ~0xff = 0x100 = 256; 0x10b300 = 1094400 = octal 4131400
	run2 devnum decode -s glibc --format='%08M:%04m %012r %010x %06o|%8M|%-8M|' 0x10b300
	assert_success
	assert_output '00000179:0256 0x000010b300 000010b300 4131400|     179|179     |'
}

@test "--format: a 0 with a field that is no number, or with a -, is a usage error" {
	run2 devnum --format='%08s' decode 0x301
	assert_failure 2
	[[ "$stderr" == "devnum: --format: '0' pads numbers with zeros; %{scheme} is not a number"* ]]
	run2 devnum --format='%-08M' decode 0x301
	assert_failure 2
	[[ "$stderr" == "devnum: --format: '-' and '0' together"* ]]
}

@test "--format errors are usage errors" {
	run2 devnum --format='%q' encode 1:1
	assert_failure 2
	[[ "$stderr" == "devnum: --format: unknown directive '%q'"* ]]
	run2 devnum --format='abc%' encode 1:1
	assert_failure 2
	[[ "$stderr" == "devnum: --format: '%' at the end"* ]]
	run2 devnum --format='\q' encode 1:1
	assert_failure 2
	[[ "$stderr" == "devnum: --format: unknown escape '\q'"* ]]
}

@test "--base, -x, -d, -o and --pad" {
	run2 devnum encode -s linux32 --base=10 8:1
	assert_output 2049
	run2 devnum encode -s linux32 -o 8:1
	assert_output 04001
	run2 devnum encode -s linux32 -x 8:1
	assert_output 0x801
	run2 devnum encode -s linux32 --pad 8:1
	assert_output 0x00000801
	run2 devnum encode -s glibc --pad 8:1
	assert_output 0x0000000000000801
	run2 devnum encode -s legacy --pad -d 8:1
	assert_output 02049
	run2 devnum encode -s legacy --pad -o 8:1
	assert_output 0004001
	run2 devnum encode -s legacy -o 0:0
	assert_output 0
}

@test "octal output reads back as octal" {
	run2 bash -c "devnum encode -o 179:256 | devnum decode"
	assert_output 179:256
}

@test "/dev/full: one record, exit 2 and the error" {
	run2 bash -c "devnum encode 3 1 > /dev/full"
	assert_failure 2
	assert_equal "$stderr" "devnum: write error: No space left on device"
}

@test "/dev/full: a million records stop early with the error" {
	run2 bash -c "seq 1000000 | devnum decode > /dev/full"
	assert_failure 2
	assert_equal "$stderr" "devnum: write error: No space left on device"
}

@test "/dev/full: --help and --version report it too" {
	run2 bash -c "devnum --help > /dev/full"
	assert_failure 2
	[[ "$stderr" == "devnum: write error: No space left on device" ]]
	run2 bash -c "devnum --version > /dev/full"
	assert_failure 2
}

@test "a closed pipe ends devnum quietly, as SIGPIPE does (status 141)" {
	run2 bash -c "seq 2000000 | devnum decode | head -n 1; exit \${PIPESTATUS[1]}"
	assert_failure 141
	assert_output 0:1
	assert_equal "$stderr" ""
	# so a pipefail script sees what it sees of yes | head -1, not a usage error
	run2 bash -o pipefail -c "seq 2000000 | devnum decode | head -n 1"
	assert_failure 141
	assert_equal "$stderr" ""
}

@test "a closed pipe with SIGPIPE ignored by the parent is still quiet" {
	seq 2000000 > "$BATS_TEST_TMPDIR/in"
	run2 bash -c "trap '' PIPE; devnum decode < '$BATS_TEST_TMPDIR/in' | head -n 1; exit \${PIPESTATUS[0]}"
	assert_failure 141
	assert_equal "$stderr" ""
}

@test "a closed stdout is reported, exit 2" {
	run2 bash -c "devnum encode 3 1 >&-"
	assert_failure 2
	assert_equal "$stderr" "devnum: write error: Bad file descriptor"
}

@test "tables: -n drops the heading line, --raw puts one blank between columns" {
	run2 devnum schemes
	assert_line --index 0 --regexp '^NAME +BITS +MAJOR +MINOR +ALIASES +ORIGIN$'
	run2 devnum schemes -n
	assert_success
	[[ ${lines[0]} == legacy* ]]
	assert_equal "${#lines[@]}" "$(devnum schemes --json | wc -l)"
	run2 devnum schemes --raw
	assert_line --index 0 'NAME BITS MAJOR MINOR ALIASES ORIGIN'
	assert_line --index 1 "legacy 16 8 8 old,linux-old,8:8 Linux old_encode_dev, the 16-bit 8:8 dev_t"
	run2 devnum explain --raw -n 8:1
	assert_line --index 0 'legacy 16 0x801'
	run2 devnum containers -n --raw
	assert_line --index 0 --partial 'ustar archive devmajor,devminor POSIX.1-1988 tar'
	run2 devnum schemes --json -n
	assert_failure 2
	[[ $stderr == "devnum: --noheadings shapes plain tables; it does not apply with --json"* ]]
	run2 devnum decode --raw 0x301
	assert_failure 2
}

@test "-n leaves the rows alone: explain's, aliases' and layout's titles go too" {
	run2 devnum explain -n 0x801
	assert_success
	refute_line --partial 'the raw value decoded by every scheme'
	refute_line --regexp '^SCHEME '
	assert_equal "${#lines[@]}" "$(devnum explain --json 0x801 | wc -l)"
	# split32 keeps 8:8's legacy 16-bit value as a second raw (derived by
	# hand: 8 << 32 | 8, and 8 << 8 | 8)
	run2 devnum aliases -n -s split32 8:8
	assert_success
	assert_equal "$output" $'0x800000008 (canonical)\n0x808'
	run2 devnum layout -n glibc
	assert_success
	refute_line --partial 'glibc: 64 bits'
	refute_line --partial 'Linux userspace dev_t'
	assert_line --index 0 --regexp '^  63 +44 43 +32$'
	# a value's verdict is a row, not a title: it stays
	run2 devnum layout -n glibc 0x801
	assert_line --partial '0x801 decodes to 8:1 (canonical)'
	run2 devnum layout -n tuple
	assert_line --index 0 --partial 'tuple: not packed'
	run2 devnum aliases --raw 8:8
	assert_failure 2
	assert_equal "$stderr" $'devnum: --raw does not apply to aliases\nTry \'devnum --help\' for more information.'
	run2 devnum layout --raw glibc
	assert_failure 2
	run2 devnum aliases -n --json 8:8
	assert_failure 2
}
