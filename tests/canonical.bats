#!/usr/bin/env bats
# check, canon, convert, aliases, explain and --strict: every verdict and
# exit status, with values derived by hand from the layouts.
load helper

@test "devnum(1): check --scheme=split32 0x301" {
	run2 devnum check --scheme=split32 0x301
	assert_failure 1
	assert_output "0x301: noncanonical in split32: legacy 16-bit alias of 3:1, canonical 0x300000001"
}

@test "check: canonical, noncanonical and invalid, one line each" {
	run2 devnum check -s xfs 0x200001 0x8200001 0x100000000
	assert_failure 1
	assert_line --index 0 "0x200001: canonical in xfs: 8:1"
	assert_line --index 1 "0x8200001: noncanonical in xfs: alias of 8:1 (xfs ignores bits 31:27), canonical 0x200001"
	assert_line --index 2 "0x100000000: invalid in xfs: 0x100000000 is wider than 32 bits, out of range for xfs (at most 0xffffffff)"
}

@test "check: every value canonical is exit 0" {
	run2 devnum check -s glibc 0x301 0x10b300 0xffffffffffffffff
	assert_success
}

@test "check: aix without the DEVNO64 flag is an alias" {
	run2 devnum check -s aix 0x300000001
	assert_failure 1
	assert_output "0x300000001: noncanonical in aix: alias of 3:1 (aix ignores bits 63:62), canonical 0x8000000300000001"
}

@test "check: NODEV and stray bits are invalid" {
	run2 devnum check -s solaris32 0xffffffff
	assert_failure 1
	assert_output "0xffffffff: invalid in solaris32: 0xffffffff is NODEV in solaris32, not a device"
	run2 devnum check -s svr3 0x8000
	assert_output "0x8000: invalid in svr3: bit 15 set, which svr3 does not use"
}

@test "check -q prints nothing, only the status" {
	run2 devnum check -q -s split32 0x301
	assert_failure 1
	assert_output ""
	assert_equal "$stderr" ""
	run2 devnum check -q -s split32 0x300000001
	assert_success
	assert_output ""
}

@test "check -q still reports unparsable input, exit 2" {
	run2 devnum check -q bogus 0x301
	assert_failure 2
	assert_output ""
	assert_equal "$stderr" "devnum: 'bogus': 'b' is not a decimal digit"
}

@test "check --json: verdicts as objects" {
	run2 devnum check --json -s xfs 0x200001 0x8200001 0x100000000
	assert_failure 1
	run jq -c '[.canonical, .canonical_hex, .valid, (.error // "")]' <<<"$output"
	assert_output $'[true,null,true,""]\n[false,"0x200001",true,""]\n[false,null,false,"0x100000000 is wider than 32 bits, out of range for xfs (at most 0xffffffff)"]'
}

@test "canon: the canonical value; canonical input unchanged" {
	run2 devnum canon -s split32 0x301 0x300000001 0x10
	assert_success
	assert_output $'0x300000001\n0x300000001\n0x10'
	run2 devnum canon -s xfs 0xf8200001
	assert_output 0x200001
	run2 devnum canon -s aix 0x4000000300000001
	assert_output 0x8000000300000001
}

@test "canon: an invalid value is exit 1" {
	run2 devnum canon -s svr3 0x8000
	assert_failure 1
	assert_equal "$stderr" "devnum: '0x8000': bit 15 set, which svr3 does not use"
}

@test "canon --legacy: an 8:8 number re-encoded in the scheme" {
	# 0x0801 is 8:1; by hand: glibc 0x801, kernel 8<<20|1, split32 8<<32|1
	run2 devnum canon --legacy -s kernel 0x0801
	assert_output 0x800001
	run2 devnum canon --legacy -s split32 0x0801
	assert_output 0x800000001
	run2 devnum canon --legacy -s glibc 0x0801
	assert_output 0x801
	run2 devnum canon --legacy 0x10000
	assert_failure 1
	assert_equal "$stderr" "devnum: '0x10000': 0x10000 is wider than 16 bits, out of range for legacy (at most 0xffff)"
}

@test "convert: the same tuple in another scheme" {
	# 259:256 in linux32 is 0x110300; in kernel it is 259<<20|256
	run2 devnum convert --from=linux32 --to=kernel 0x110300
	assert_success
	assert_output 0x10300100
	run2 devnum convert -f glibc -t tuple 0x10b300
	assert_output 179:256
	run2 devnum convert -f tuple -t glibc 179:256
	assert_output 0x10b300
}

@test "convert refuses what the target cannot hold, naming the limit" {
	run2 devnum convert --from=glibc --to=legacy 0x10b300
	assert_failure 1
	assert_equal "$stderr" "devnum: '0x10b300': minor 256 out of range for legacy (at most 255)"
	run2 devnum convert --from=glibc --to=darwin 0x100000000000
	assert_failure 1
	assert_equal "$stderr" "devnum: '0x100000000000': major 4096 out of range for darwin (at most 255)"
}

@test "convert: an alias in the source warns, or fails with --strict" {
	run2 devnum convert -f split32 -t glibc 0x301
	assert_success
	assert_output 0x301
	assert_equal "$stderr" "devnum: '0x301': warning: noncanonical in split32: legacy 16-bit alias of 3:1, canonical 0x300000001"
	run2 devnum convert --strict -f split32 -t glibc 0x301
	assert_failure 1
	assert_output ""
}

@test "decode --strict: canonical values still pass" {
	run2 devnum decode --strict -s split32 0x300000001 0xff
	assert_success
	assert_output $'3:1\n0:255'
}

@test "aliases: one for most schemes, canonical first" {
	run2 devnum aliases -s glibc 3:1
	assert_success
	assert_output $'3:1 in glibc: 1 raw value\n0x301 (canonical)'
}

@test "aliases: two in the split32 legacy window" {
	run2 devnum aliases -s split32 3:1
	assert_success
	assert_output $'3:1 in split32: 2 raw values\n0x300000001 (canonical)\n0x301'
}

@test "aliases: four in aix" {
	run2 devnum aliases -s aix 3:1
	assert_success
	assert_output $'3:1 in aix: 4 raw values\n0x8000000300000001 (canonical)\n0x300000001\n0x4000000300000001\n0xc000000300000001'
}

@test "aliases: 32 in xfs, each decoding to the tuple" {
	run2 devnum aliases -s xfs 8:1
	assert_success
	assert_equal "${#lines[@]}" 33
	assert_line --index 1 "0x200001 (canonical)"
	# by hand: 8:1 is 0x200001; bits 31:27 take every value
	for i in $(seq 0 31); do
		assert_line "$(printf '0x%x' $(( (i << 27) | 0x200001 )))$([ $i = 0 ] && echo ' (canonical)')"
	done
	run2 bash -c "devnum aliases -s xfs 8:1 | tail -n +2 | cut -d' ' -f1 | devnum decode -s xfs 2>/dev/null | sort -u"
	assert_output 8:1
}

@test "aliases --json: a record a raw value, the canonical one first" {
	run2 devnum aliases --json -s split32 3:1
	assert_success
	run jq -c '[.count, .hex, .canonical, .major, .minor]' <<<"$output"
	assert_output $'[2,"0x300000001",true,3,1]\n[2,"0x301",false,3,1]'
}

@test "aliases of a tuple the scheme cannot hold: exit 1" {
	run2 devnum aliases -s legacy 256:0
	assert_failure 1
	assert_equal "$stderr" "devnum: '256:0': major 256 out of range for legacy (at most 255)"
}

@test "explain 0x10b300: glibc reads 179:256; legacy 8:8 does not apply" {
	run2 devnum explain --sort=scheme 0x10b300
	assert_success
	assert_line --index 0 "0x10b300: the raw value decoded by every scheme (* noncanonical)"
	assert_line --index 1 --regexp '^SCHEME +BITS +MAJOR:MINOR +NOTE$'
	# devices.txt: char 179 is dvxirq N, block 179 mmcblk, 8 minors a card
	assert_line --regexp '^glibc +64  179:256 +char dvxirq256 \(CCube DVX device\), block mmcblk32 \(SD/MMC card\)$'
	assert_line --regexp '^linux32 +32  179:256 +char dvxirq256 \(CCube DVX device\), block mmcblk32 \(SD/MMC card\)$'
	assert_line --regexp "^legacy +16  refused +0x10b300 is wider than 16 bits, out of range for legacy \(at most 0xffff\); unchecked, it reads as 4275:0$"
	assert_equal "${#lines[@]}" 21
}

@test "explain marks noncanonical cells" {
	run2 devnum explain 0x301
	assert_success
	# devices.txt: char 3 is ttyp N, block 3 hda and its partitions
	assert_line --regexp '^split32 +64  3:1 \* +char ttyp1 \(.*\), block hda1 \(.*\); noncanonical in split32: legacy 16-bit alias of 3:1, canonical 0x300000001$'
	assert_line --regexp '^tuple +2x32  n/a '
}

@test "explain ranks the readings that name a registered device first; --sort=scheme keeps the table's" {
	# 0x10b300 by hand: glibc and linux32 read 179:256 (major bits 19:8,
	# minor bits 7:0 and 31:20); hpa, hpa1220 and openbsd read 179:4096
	# (major bits 15:8, minor 7:0 and above); the others read majors 0, 1,
	# 4 and 16 with minors past 2^16, or refuse it
	order=$(devnum schemes --format='%s' | tr '\n' ' ')
	run2 devnum explain --format='%s' 0x10b300
	assert_success
	named=$(printf '%s\n' "${lines[@]:0:5}" | tr '\n' ' ')
	assert_equal "$named" "hpa hpa1220 glibc linux32 openbsd "
	rest=$(printf '%s\n' "${lines[@]:5}" | tr '\n' ' ')
	expect=$(tr ' ' '\n' <<<"$order" | grep -vxE 'hpa|hpa1220|glibc|linux32|openbsd' | grep . | tr '\n' ' ')
	assert_equal "$rest" "$expect"
	run2 devnum explain --sort=scheme --format='%s' 0x10b300
	assert_equal "$(printf '%s\n' "${lines[@]}" | tr '\n' ' ')" "$order"
	# JSON: the names apart, in the namespace that has them; block 8 is sd,
	# char 8 unassigned
	run2 devnum explain --json 0x801
	run jq -r 'select(.scheme == "legacy") | [.char_name, .block_name] | @tsv' <<<"$output"
	assert_output $'\tsda1'
	run2 devnum explain --sort=name 0x801
	assert_failure 2
	assert_equal "$stderr" $'devnum: --sort: \'name\' is neither registry nor scheme\nTry \'devnum --help\' for more information.'
	run2 devnum decode --sort=scheme 0x801
	assert_failure 2
}

@test "explain a tuple: every scheme's raw value or refusal" {
	run2 devnum explain 259:256
	assert_success
	assert_line --regexp '^glibc +64  0x110300$'
	assert_line --regexp '^kernel +32  0x10300100$'
	assert_line --regexp '^darwin +32  refused +major 259 out of range for darwin \(at most 255\)$'
	assert_line --regexp '^tuple +2x32  259:256$'
}

@test "explain says when glibc holds what the kernel cannot" {
	run2 devnum explain 4096:0
	assert_line --regexp '^glibc +64  0x100000000000 +beyond the Linux kernel \(at most 4095:1048575\)$'
}

@test "explain's columns line up: cells at column 17, notes at 41" {
	run2 devnum explain 0x10b300
	for line in "${lines[@]:1}"; do
		[ "${line:15:2}" = "  " ] && [ "${line:17:1}" != " " ]
		[ "${#line}" -le 40 ] || [ "${line:40:2}" != "  " -a "${line:39:1}" = " " ]
	done
}

@test "explain --json: a record a scheme" {
	run2 devnum explain --json 0x10b300
	assert_success
	assert_equal "${#lines[@]}" 19
	run jq -rs '(map(.form) | unique | .[]), (.[] | select(.scheme == "glibc") | "\(.major):\(.minor)"), (.[] | select(.scheme == "legacy") | .error)' <<<"$output"
	assert_output $'raw\n179:256\n0x10b300 is wider than 16 bits, out of range for legacy (at most 0xffff); unchecked, it reads as 4275:0'
}

@test "explain an unparsable value: exit 2" {
	run2 devnum explain 0xzz
	assert_failure 2
	assert_equal "$stderr" "devnum: '0xzz': 'z' is not a hex digit"
}
