#!/bin/sh
# run.sh FUZZER SRCDIR SECONDS SCAN-FLAGS IMAGE-FLAGS - make fuzz's work for
# one libFuzzer harness: SECONDS from a copy of its seed corpus (the source
# tree stays read-only), the reader fuzzers with their memory limits.  Ends
# with "PASS: fuzz_NAME: ..." or, after the log's tail, "FAIL: fuzz_NAME",
# the lines .ci/run counts; exits 1 on a failure.  make fuzz runs as many
# of these at once as there are processors.
f=$1 srcdir=$2 seconds=$3 scan_flags=$4 image_flags=$5
name=${f##*/fuzz_}
corpus=tests/fuzz/work/$name
case $name in
scan) flags=$scan_flags ;;
ext | squashfs | erofs | cramfs | wim) flags=$image_flags ;;
*) flags= ;;
esac
if ! { mkdir -p "$corpus" && cp "$srcdir/tests/fuzz/corpus/$name"/* "$corpus/"; }; then
	echo "FAIL: fuzz_$name"
	exit 1
fi
echo "fuzz $name: $seconds s"
# shellcheck disable=SC2086 # the flags are words
"./$f" -max_total_time="$seconds" -close_fd_mask=2 -print_final_stats=1 $flags \
	-artifact_prefix=tests/fuzz/ "$corpus" >"tests/fuzz/$name.log" 2>&1
rc=$?
runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "tests/fuzz/$name.log")
rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "tests/fuzz/$name.log")
if [ "$rc" -ne 0 ]; then
	tail -n 40 "tests/fuzz/$name.log"
	echo "FAIL: fuzz_$name"
	exit 1
fi
echo "PASS: fuzz_$name: $runs runs, $rate exec/s"
