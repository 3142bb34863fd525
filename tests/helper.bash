# helper.bash - loaded by every bats file: the assertion libraries, and
# `run` with stdout and stderr kept apart ($output and $stderr).
bats_require_minimum_version 1.5.0
bats_load_library bats-support
bats_load_library bats-assert

# need TOOL PACKAGE: skip the test, naming the Debian package, without TOOL
need() {
	command -v "$1" >/dev/null || skip "$1 is not installed (Debian package $2)"
}

# run2 CMD...: CMD's exit status in $status, its stdout in $output and
# $lines, its stderr in $stderr and $stderr_lines, as bats's `run
# --separate-stderr` sets them (trailing newlines dropped, no empty line
# kept), without that function's mktemp and option parsing: 18 ms a call
# against 32, measured where a process start takes 2 ms.  Like run, it
# leaves the test to judge the status.
run2() {
	local flags=$- err="$BATS_TEST_TMPDIR/.run2.stderr"
	set +eET
	output=$("$@" 2>"$err") && status=0 || status=$?
	IFS=$'\n' read -d '' -r -a lines <<<"$output"
	read -d '' -r stderr <"$err"
	IFS=$'\n' read -d '' -r -a stderr_lines <<<"$stderr"
	set "-$flags"
	if [ "$status" = 127 ]; then
		echo "run2: $1: not found (exit status 127)" >&2
	fi
	return 0
}

# isofs HIGH LOW: what Linux's fs/isofs/rock.c makes of Rock Ridge PN, by
# hand: the whole number in the low half when the high one is 0 and the
# low one has bits above 0xff, MKDEV unmasked in a 32-bit dev_t either way
isofs() {
	local ma=$1 mi=$2
	if [ "$1" = 0 ] && [ $(($2 & ~0xff)) != 0 ]; then ma=$(($2 >> 8)) mi=$(($2 & 0xff)); fi
	local dev=$((((ma << 20) | mi) & 0xffffffff))
	echo "$((dev >> 20)):$((dev & 0xfffff))"
}

# own_fakeroot ARGS...: fakeroot ARGS, a session of its own even inside
# the fakeroot a normal user's make check runs a file in (fakeroot cannot
# nest: the outer session's key and preload are left out)
own_fakeroot() {
	env -u FAKEROOTKEY -u LD_PRELOAD fakeroot "$@"
}

# faked SCRIPT: SCRIPT run by bash where mknod makes any tuple: under the
# fakeroot this file runs in, or one of its own (root's mknod(2) refuses
# beyond 12:20)
faked() {
	if [ -n "${FAKEROOTKEY:-}" ]; then bash -ec "$1"; else fakeroot -- bash -ec "$1"; fi
}
