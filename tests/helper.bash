# helper.bash - loaded by every bats file: the assertion libraries, and
# `run` with stdout and stderr kept apart ($output and $stderr).
bats_require_minimum_version 1.5.0
bats_load_library bats-support
bats_load_library bats-assert

# run2 CMD...: run with separate stdout ($output) and stderr ($stderr)
run2() {
	run --separate-stderr "$@"
}
