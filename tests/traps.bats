#!/usr/bin/env bats
# traps: places where devnum used to give a wrong or silently ignored
# answer, each pinned so it cannot come back.
load helper

# on_tty COLUMNS CMD: runs CMD with standard output on a terminal
on_tty() {
	local cols=$1
	shift
	command -v script >/dev/null || skip "script(1) is not installed"
	run2 script -qec "COLUMNS=$cols NO_COLOR=1 $*" /dev/null
	output=${output//$'\r'/}
	mapfile -t lines <<<"$output"
}

@test "stat's hex sources: --input-base=16 reads %D, %R, %t and %T" {
	# stat -c %D prints st_dev in hex without 0x: read as decimal it names
	# another device (0x15 is 0:21, 15 would be 0:15)
	run2 bash -c "stat -c %D /proc | devnum decode --input-base=16"
	assert_success
	assert_output "$(stat -c '%Hd:%Ld' /proc)"
	run2 bash -c "stat -c '%t %T' /dev/null | devnum decode -s tuple --input-base=16"
	assert_output "$(stat -c '%Hr:%Lr' /dev/null)"
	run2 bash -c "stat -c %R /dev/zero | devnum decode --input-base=16"
	assert_output "$(stat -c '%Hr:%Lr' /dev/zero)"
	# a prefix still says its own base
	run2 devnum decode --input-base=16 0o401 801 0x801
	assert_output $'1:1\n8:1\n8:1'
}

@test "--input-base=10 reads zero-padded decimals; 16 reads 0b as hex digits" {
	# 0769 is 769 = 0x301, glibc's 3:1; bare, a leading 0 is octal, and 9 is no octal digit
	run2 devnum decode --input-base=10 0769
	assert_success
	assert_output 3:1
	run2 devnum encode --input-base=10 00769:0001
	assert_output 0x30101
	run2 devnum decode 0769
	assert_failure 2
	# under 16, 0b01 is 0xb01: glibc major 0xb01 >> 8 = 11, minor 1
	run2 devnum decode --input-base=16 0b01
	assert_output 11:1
	# elsewhere 0b is binary: 0b1100000001 is 0x301
	run2 devnum decode 0b1100000001
	assert_output 3:1
}

@test "--input-base takes 16, 10 or 8, and only where numbers are read" {
	run2 devnum decode --input-base=2 1
	assert_failure 2
	assert_equal "$stderr" "devnum: --input-base: '2' is not 16, 10 or 8"$'\n'"Try 'devnum --help' for more information."
	run2 devnum stat --input-base=16 /dev/null
	assert_failure 2
	[[ $stderr == "devnum: --input-base does not apply to stat"* ]]
}

@test "POSIXLY_CORRECT: options after the command word still apply" {
	run2 env POSIXLY_CORRECT=1 devnum check --scheme=split32 0x301
	assert_failure 1
	assert_output "0x301: noncanonical in split32: legacy 16-bit alias of 3:1, canonical 0x300000001"
	assert_equal "$stderr" ""
	run2 env POSIXLY_CORRECT=1 devnum decode 0x301 --scheme=hpa
	assert_output 3:1
}

@test "two plain numbers are one tuple wherever a tuple is taken" {
	run2 devnum explain 3 1
	assert_success
	assert_line --index 0 "3:1: the tuple encoded by every scheme (refused: cannot hold it)"
	assert_equal "$(devnum explain 3 1)" "$(devnum explain 3:1 | sed 's/^3:1:/3:1:/')"
	run2 devnum aliases -s split32 3 1
	assert_success
	assert_equal "$output" "$(devnum aliases -s split32 3:1)"
	# a raw value is one number: decode 3 1 is two of them
	run2 devnum decode 3 1
	assert_output $'0:3\n0:1'
}

@test "an option a command does not use is a usage error naming both" {
	run2 devnum decode --from=legacy --to=aix 0x801
	assert_failure 2
	assert_output ""
	[[ $stderr == "devnum: --from does not apply to decode"* ]]
	run2 devnum convert -s glibc -f legacy -t aix 0x801
	assert_failure 2
	[[ $stderr == "devnum: --scheme does not apply to convert"* ]]
	run2 devnum decode -d 0x301
	assert_failure 2
	[[ $stderr == "devnum: -d does not apply to decode, which prints no raw value here"* ]]
	run2 devnum encode --json --pad 3:1
	assert_failure 2
	run2 devnum schemes --strict
	assert_failure 2
	run2 devnum schemes extra
	assert_failure 2
	[[ $stderr == "devnum: schemes takes no operands"* ]]
}

@test "contradictory options are a usage error" {
	run2 devnum encode -j --format=%r 3:1
	assert_failure 2
	[[ $stderr == "devnum: --json and --format contradict each other"* ]]
	run2 devnum check -q --json 0x301
	assert_failure 2
	run2 devnum layout -z glibc
	assert_failure 2
}

@test "--format applies to every command that prints records" {
	run2 devnum check --format=%r -s split32 0x301
	assert_failure 1
	assert_output 0x301
	run2 devnum check --format='%i %{canonical} %{valid}' -s svr3 0x301 0x8000
	assert_output $'0x301 true true\n0x8000 false false'
	run2 devnum aliases --format='%x %{canonical}' -s split32 3:1
	assert_output $'300000001 true\n301 false'
	run2 devnum explain --format='%s %M:%m' 0x301
	assert_line --index 0 "legacy 3:1"
	assert_equal "${#lines[@]}" 19
	run2 devnum schemes --format='%s %{major_bits}'
	assert_line --index 0 "legacy 8"
	run2 devnum stat --format='%t %M:%m%( (%D)%)' /dev/null
	assert_output "char $(stat -c '%Hr:%Lr' /dev/null) (null)"
	run2 devnum layout --format='%{owner} %{hi}:%{lo}' legacy
	assert_output $'major 15:8\nminor 7:0'
	# a field the command does not have is a usage error, not an empty cell
	run2 devnum encode --format=%D 3:1
	assert_failure 2
	[[ $stderr == "devnum: --format: encode has no field %{devname}"* ]]
}

@test "--base takes exactly 16, 10 or 8" {
	for b in "" 0 0x10 016 +16 " 16"; do
		run2 devnum "--base=$b" encode 1:1
		assert_failure 2
		[[ $stderr == "devnum: --base: '$b' is not 16, 10 or 8"* ]]
	done
	run2 devnum --base=10 encode 1:1
	assert_output 257
}

@test "a JSON error record names the scheme that refused" {
	run2 devnum --json convert -f aix -t legacy 0x8000000100000100
	assert_failure 1
	run jq -c '[.scheme, .from, .error]' <<<"$output"
	assert_output '["legacy","aix","minor 256 out of range for legacy (at most 255)"]'
}

@test "layout: a --scheme is never taken for a value, nor a value for a scheme" {
	# 8:8 is an alias of legacy; after --scheme it is a tuple value
	run2 devnum -s tuple layout 8:8
	assert_line --index 0 "tuple: not packed; major and minor are two 32-bit numbers, MAJOR:MINOR"
	assert_line "8:8 decodes to 8:8 (canonical)"
	run2 devnum layout nope
	assert_failure 2
	[[ $stderr == "devnum: layout: unknown scheme 'nope'; valid schemes: legacy, "* ]]
}

@test "explain and layout fit the terminal" {
	on_tty 80 devnum explain 0x10b300
	for line in "${lines[@]}"; do
		[ "${#line}" -le 80 ] || fail "${#line} columns: $line"
	done
	assert_line "                                         unchecked, it reads as 4275:0"
	on_tty 40 devnum layout glibc 0x10b300
	for line in "${lines[@]}"; do
		[ "${#line}" -le 40 ] || fail "${#line} columns: $line"
	done
	assert_line --partial "0x10b300 decodes to 179:256"
	# off a terminal rows are never folded, for grep
	run2 env COLUMNS=40 devnum explain 0x10b300
	assert_line --partial "(at most 0xffff); unchecked, it reads as 4275:0"
}

@test "a terminal narrower than a table's indent still folds its rows" {
	for cols in 50 30; do
		on_tty "$cols" devnum explain 0x10b300
		for line in "${lines[@]}"; do # all but the column headings
			[[ $line == SCHEME* ]] || [ "${#line}" -le "$cols" ] ||
				fail "${#line} of $cols columns: $line"
		done
		assert_line --partial "4275:0"
	done
	# explain's notes start at column 42: at 50 columns later lines hang at 30
	on_tty 50 devnum explain 0x10b300
	assert_line --regexp '^ {30}[^ ]'
}

@test "stat: two different file names never print the same" {
	cd "$BATS_TEST_TMPDIR"
	touch $'a\xff' $'a\xfe'
	run2 devnum stat --json $'a\xff' $'a\xfe'
	assert_success
	[[ ${lines[0]} == '{"input":"a\udcff",'* ]]
	[[ ${lines[1]} == '{"input":"a\udcfe",'* ]]
	# and a name that is the escape's own text stays itself
	touch 'a\udcff'
	run2 devnum stat --json 'a\udcff'
	[[ ${lines[0]} == '{"input":"a\\udcff",'* ]]
}

@test "one capitalization for a file name too long" {
	long=$(printf '%0300d' 0)
	run2 devnum stat "$long" "$(printf '%05000d' 0)"
	assert_failure 2
	# a name over PATH_MAX, refused by devnum, and a component over
	# NAME_MAX, refused by the kernel, say it alike
	assert_equal "$(grep -c ': File name too long$' <<<"$stderr")" 2
}

@test "completion: every form of --scheme, and names in any case" {
	run bash -c '. "$1/completion/devnum"; COMP_WORDS=(devnum --scheme = glibc de); COMP_CWORD=4; _devnum; printf "%s\n" "${COMPREPLY[@]}"' _ "$top_srcdir"
	assert_output decode
	run bash -c '. "$1/completion/devnum"; COMP_WORDS=(devnum -s GL); COMP_CWORD=2; _devnum; printf "%s\n" "${COMPREPLY[@]}"' _ "$top_srcdir"
	assert_output glibc
}

@test "the manual's explain synopsis has no raw control bytes" {
	run grep -c $'[\f\x01-\x08]' "$abs_top_builddir/man/devnum.1"
	assert_output 0
}

@test "unchecked readings follow one rule in every scheme" {
	# the highest field takes the bits above it: 0x10b300 is 4275:0 both
	# in legacy and in svr3, and svr3's unused bit 15 is not dropped
	run2 devnum explain 0x10b300
	assert_line --regexp '^legacy .*unchecked, it reads as 4275:0$'
	assert_line --regexp '^svr3 .*unchecked, it reads as 4275:0$'
	run2 devnum explain 0x8301
	assert_line --regexp '^svr3 .*bit 15 set, which svr3 does not use; unchecked, it reads as 131:1$'
}

@test "sysv says when Linux's sysv_encode_dev cannot make a tuple" {
	run2 devnum explain 4096:0
	assert_line --regexp '^sysv +32  0x40000000 +beyond the Linux kernel \(at most 4095:1048575\)$'
	assert_line --regexp '^glibc +64  0x100000000000 +beyond the Linux kernel \(at most 4095:1048575\)$'
}

@test "names compare in ASCII whatever the locale; sysmacros.h only where configure found it" {
	# strcasecmp and strncasecmp fold by the locale's tables; the library
	# folds container names in ASCII, and a place in --into is one of them
	run grep -rlE '\bstrn?casecmp *\(' --include='*.c' --include='*.h' "$top_srcdir/src"
	assert_output ""
	# glibc, musl and the BSDs keep major() in different headers:
	# every include of one is under configure's MAJOR_IN_* answer
	run grep -rn -B1 '#include <sys/\(sysmacros\|mkdev\).h>' --include='*.c' "$top_srcdir/src"
	refute_output --regexp '[0-9]-#include <[^>]*>$'
	for locale in C tr_TR.UTF-8 en_US.UTF-8; do
		run2 env LC_ALL=$locale devnum fits --into=ROOTLESS,EXT4 8:1
		assert_failure 2
		assert_equal "${stderr%%$'\n'*}" "devnum: --into: rootless and ostree judge a device by its type: fits has none; scan judges by them"
	done
}

@test "sources: one definition each of ull and the erofs magic; F_COUNT only counts the findings" {
	run grep -rn --include='*.[ch]' 'typedef unsigned long long ull;' "$top_srcdir/src"
	assert_equal "${#lines[@]}" 1
	run grep -rni --include='*.[ch]' 'e0f5e1e2' "$top_srcdir/src"
	assert_equal "${#lines[@]}" 1
	# a finding that is none is a NULL, never the count past the last
	run grep -rn --include='*.c' 'F_COUNT' "$top_srcdir/src"
	refute_output --regexp 'F_COUNT, NULL'
}
