#!/usr/bin/env bats
# vectors: libdevnum's test vectors, held to code devnum did not write:
# the C library's makedev, major and minor (<sys/sysmacros.h>) and the
# kernel's kdev_t.h expressions, through tests/vectors_consumer.c, the
# small program another project would write; and a few worked by hand.
load helper

consumer() {
	# this machine's compiler, not a cross one: it runs here
	cc -std=c11 -o "$BATS_TEST_TMPDIR/consumer" "$BATS_TEST_DIRNAME/vectors_consumer.c" ||
		fail "cc vectors_consumer.c"
}

@test "every vector of four schemes agrees with makedev and kdev_t.h" {
	consumer
	devnum vectors >"$BATS_TEST_TMPDIR/v"
	run2 "$BATS_TEST_TMPDIR/consumer" <"$BATS_TEST_TMPDIR/v"
	assert_success
	assert_line --regexp '^glibc: [3-9][0-9] vectors agree with <sys/sysmacros.h>$'
	assert_line --regexp '^linux32: [3-9][0-9] vectors agree with kdev_t.h new_encode_dev$'
	assert_line --regexp '^kernel: [3-9][0-9] vectors agree with kdev_t.h MKDEV$'
	assert_line --regexp '^legacy: [2-9][0-9] vectors agree with kdev_t.h old_encode_dev$'
}

@test "the consumer finds a wrong vector: an answer changed, a refusal made an answer" {
	consumer
	devnum vectors >"$BATS_TEST_TMPDIR/v"
	sed 's/^glibc tuple 8 256 0x100800 ok -$/glibc tuple 8 256 0x100801 ok -/' "$BATS_TEST_TMPDIR/v" >"$BATS_TEST_TMPDIR/w"
	! cmp -s "$BATS_TEST_TMPDIR/v" "$BATS_TEST_TMPDIR/w" || fail "the vector to change is not there"
	run2 "$BATS_TEST_TMPDIR/consumer" <"$BATS_TEST_TMPDIR/w"
	assert_failure 1
	assert_equal "$stderr" "<sys/sysmacros.h> disagrees with glibc: glibc tuple 8 256 0x100801 ok -"
	sed 's/^kernel tuple 4096 0 - too-big -$/kernel tuple 4096 0 0x0 ok -/' "$BATS_TEST_TMPDIR/v" >"$BATS_TEST_TMPDIR/w"
	run2 "$BATS_TEST_TMPDIR/consumer" <"$BATS_TEST_TMPDIR/w"
	assert_failure 1
	assert_equal "$stderr" "kdev_t.h MKDEV disagrees with kernel: kernel tuple 4096 0 0x0 ok -"
}

@test "vectors worked by hand from each layout" {
	run2 devnum vectors
	assert_success
	# glibc: (major & 0xfff) << 8 | (minor & 0xff) | (minor & ~0xff) << 12
	assert_line "glibc tuple 8 256 0x100800 ok -"
	assert_line "glibc raw 179 256 0x10b300 ok -"
	# linux32, 12:20: 4096 needs a 13th bit
	assert_line "linux32 tuple 4096 0 - too-big -"
	assert_line "linux32 raw - - 0x100000000 too-wide -"
	# split32: the legacy 8:8 window, 0x103 read as 1:3, canonical 1 << 32 | 3
	assert_line "split32 raw 1 3 0x103 legacy 0x100000003"
	assert_line "split32 tuple 0 256 - in-window -"
	# freebsd11: minor bits 15:8 are the major's place
	assert_line "freebsd11 tuple 0 256 - gap -"
	# xfs: 9:18 in bits 26:0, bits 31:27 ignored; 8:1 is 8 << 18 | 1
	assert_line "xfs raw 8 1 0x8200001 ignored-bits 0x200001"
	# illumos: all ones is NODEV, in both widths
	assert_line "solaris raw - - 0xffffffffffffffff sentinel -"
	assert_line "solaris32 tuple 16383 262143 - is-nodev -"
	# SVR3's 7:8: bit 15 is in no field
	assert_line "svr3 raw - - 0x8801 stray -"
	# AIX: bit 63 is the 64-bit flag, set by every encode
	assert_line "aix raw 8 1 0x800000001 ignored-bits 0x8000000800000001"
	assert_line "aix tuple 1073741824 0 - too-big -"
}

@test "every packed scheme has vectors, sorted and none twice; tuple has none" {
	run2 devnum vectors
	assert_success
	for s in $(devnum schemes --json | jq -r 'select(.width != null) | .scheme'); do
		grep -q "^$s tuple " <<<"$output" || fail "no tuple vectors for $s"
		grep -q "^$s raw " <<<"$output" || fail "no raw vectors for $s"
	done
	! grep -q '^tuple ' <<<"$output" || fail "vectors for tuple"
	assert_equal "$(sort -u <<<"$output" | wc -l)" "${#lines[@]}"
	# tuples first, by major then minor; raws by value
	run2 bash -c 'devnum vectors --scheme=kernel --base=10'
	assert_equal "$(awk '$2 == "tuple"' <<<"$output")" "$(awk '$2 == "tuple"' <<<"$output" | sort -k3,3n -k4,4n)"
	assert_equal "$(awk '$2 == "raw"' <<<"$output")" "$(awk '$2 == "raw"' <<<"$output" | sort -k5,5n)"
	assert_equal "$(sed -n 1p <<<"$output" | cut -d' ' -f2)" tuple
}

@test "--json: one object a vector, its answer in documented keys" {
	run2 devnum vectors --json --scheme=split32
	assert_success
	run2 jq -e -s 'all(.[];
		(keys - ["scheme","form","major","minor","raw","hex","valid","canonical","verdict",
			 "canonical_raw","canonical_hex","count","note"]) == [] and
		(.valid == (.verdict == "ok" or .verdict == "legacy" or .verdict == "ignored-bits")) and
		(if .form == "tuple" then has("major") and (has("raw") == .valid)
		 else has("raw") and (has("major") == .valid) end) and
		(.canonical_raw == null or .canonical == false))' <<<"$output"
	assert_success
	run2 devnum vectors --json --scheme=split32
	run2 jq -c 'select(.raw == 259)' <<<"$output"
	assert_output '{"scheme":"split32","form":"raw","major":1,"minor":3,"raw":259,"hex":"0x103","canonical":false,"valid":true,"verdict":"legacy","canonical_raw":4294967299,"canonical_hex":"0x100000003","note":"noncanonical in split32: legacy 16-bit alias of 1:3, canonical 0x100000003"}'
}

@test "usage: no operands, tuple has no raw form, -z ends each vector in NUL" {
	run2 devnum vectors 8:1
	assert_failure 2
	run2 devnum vectors --scheme=tuple
	assert_failure 2
	assert_equal "${stderr_lines[0]}" "devnum: --scheme=tuple is never packed: it has no vectors"
	run2 bash -c 'devnum vectors -z --scheme=legacy | tr "\0\n" "\n#" | head -n 1'
	assert_output "legacy tuple 0 0 0x0 ok -"
}
