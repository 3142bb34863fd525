#!/usr/bin/env bats
# usage: --help, --version, --usage, and every usage error (exit 2).
load helper

@test "--help is on stdout, exit 0, GNU style" {
	run2 devnum --help
	assert_success
	assert_line --index 0 "Usage: devnum [OPTION...] COMMAND [ARG...]"
	assert_line --partial "--scheme=NAME"
	assert_line --regexp '^  encode +MAJOR MINOR'
	assert_equal "$stderr" ""
	run2 devnum -h
	assert_success
}

@test "--version's first line is 'devnum X.Y.Z'" {
	run2 devnum --version
	assert_success
	assert_line --index 0 --regexp '^devnum [0-9]+\.[0-9]+\.[0-9]+$'
	run2 devnum -V
	assert_success
}

@test "--usage is short and on stdout" {
	run2 devnum --usage
	assert_success
	assert_line --index 0 --partial "Usage: devnum"
}

@test "no command is a usage error" {
	run2 devnum
	assert_failure 2
	assert_equal "$stderr" $'devnum: missing command\nTry \'devnum --help\' for more information.'
}

@test "an unknown command is a usage error" {
	run2 devnum frobnicate
	assert_failure 2
	assert_output ""
	[[ "$stderr" == "devnum: unknown command 'frobnicate'"* ]]
}

@test "an unknown option is a usage error" {
	run2 devnum --frob encode 1:1
	assert_failure 2
	[[ "$stderr" == "devnum: --frob: unknown option"* ]]
}

@test "an unknown scheme lists the valid names" {
	run2 devnum -s nosuch encode 1:1
	assert_failure 2
	assert_output ""
	[[ "$stderr" == "devnum: --scheme: unknown scheme 'nosuch'; valid schemes: legacy, split32,"*"aix32, native"* ]]
}

@test "a missing option argument is a usage error" {
	run2 devnum encode 1:1 --scheme
	assert_failure 2
	[[ "$stderr" == "devnum: --scheme: missing argument"* ]]
}

@test "--base takes 16, 10 or 8 only" {
	run2 devnum --base=7 encode 1:1
	assert_failure 2
	[[ "$stderr" == "devnum: --base: '7' is not 16, 10 or 8"* ]]
	run2 devnum --base=ten encode 1:1
	assert_failure 2
}

@test "convert needs --from and --to" {
	run2 devnum convert --from=legacy 0x301
	assert_failure 2
	[[ "$stderr" == "devnum: convert needs --from and --to"* ]]
}

@test "schemes takes no operands" {
	run2 devnum schemes extra
	assert_failure 2
}

@test "every command and option in --help has its entry in devnum(1)" {
	for c in $(devnum --help | sed -n '/^Commands:/,/^$/s/^  \([a-z]*\) .*/\1/p'); do
		grep -Eq "^\.BI? \"?$c( |\"|$)" "$abs_top_builddir/man/devnum.1" || fail "no COMMANDS entry for $c"
	done
	for o in $(devnum --help | grep -o -- '--[a-z-]*' | sort -u); do
		grep -q -- "^\.BR.*${o//-/\\\\-}" "$abs_top_builddir/man/devnum.1" ||
			grep -q -- "^\.B ${o//-/\\\\-}" "$abs_top_builddir/man/devnum.1" || fail "no OPTIONS entry for $o"
	done
}

@test "every manual page's .TH names the version configure gave, as installed pages do" {
	want=$(devnum --version | head -n 1)
	for m in "$abs_top_builddir"/man/*.[17] "$abs_top_builddir"/man/man3/*.3; do
		grep -q "^\.TH .* \"$want\"" "$m" || fail "$m: .TH does not name $want"
	done
}

@test "every manual page renders on a terminal, as man shows it, without one groff warning" {
	command -v groff >/dev/null || skip "groff is not installed (Debian package groff)"
	for m in "$abs_top_builddir"/man/*.[17] "$abs_top_builddir"/man/man3/*.3; do
		run groff -man -ww -Tutf8 -z "$m"
		assert_output ""
	done
}
