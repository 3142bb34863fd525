# helper.bash - loaded by every bats file: the assertion libraries, and
# `run` with stdout and stderr kept apart ($output and $stderr).
bats_require_minimum_version 1.5.0
bats_load_library bats-support
bats_load_library bats-assert

# need TOOL PACKAGE: skip the test, naming the Debian package, without TOOL
need() {
	command -v "$1" >/dev/null || skip "$1 is not installed (Debian package $2)"
}

# run2 CMD...: run with separate stdout ($output) and stderr ($stderr)
run2() {
	run --separate-stderr "$@"
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
