#!/usr/bin/env bats
# stat: real device files against coreutils stat, other files' st_dev,
# symbolic links with and without -L, missing files, JSON.
load helper

# expect FILE KIND: the line devnum should print, from coreutils and sysfs
expect() {
	local file=$1 kind=$2 tuple raw name
	if [ "$kind" = char ] || [ "$kind" = block ]; then
		tuple=$(stat -c '%Hr:%Lr' "$file")
		raw=$(printf '0x%x' "$(stat -c '%r' "$file")")
		name=$(sed -n 's/^DEVNAME=//p' "/sys/dev/$kind/$tuple/uevent" 2>/dev/null)
		echo "$file: $kind device $tuple $raw${name:+ ($name)}"
	else
		tuple=$(stat -c '%Hd:%Ld' "$file")
		raw=$(printf '0x%x' "$(stat -c '%d' "$file")")
		name=$(sed -n 's/^DEVNAME=//p' "/sys/dev/block/$tuple/uevent" 2>/dev/null)
		echo "$file: $kind on device $tuple $raw${name:+ ($name)}"
	fi
}

@test "stat /dev/null, /dev/zero, /dev/tty: as coreutils stat says" {
	run2 devnum stat /dev/null /dev/zero /dev/tty
	assert_success
	assert_line --index 0 "$(expect /dev/null char)"
	assert_line --index 1 "$(expect /dev/zero char)"
	assert_line --index 2 "$(expect /dev/tty char)"
	assert_line --index 0 "/dev/null: char device 1:3 0x103 (null)"
}

@test "stat a block device, if there is one" {
	local dev
	dev=$(find /dev -maxdepth 1 -type b | head -n 1)
	[ -n "$dev" ] || skip "no block device in /dev on this machine"
	run2 devnum stat "$dev"
	assert_success
	assert_output "$(expect "$dev" block)"
}

@test "stat a regular file: the device that holds it" {
	run2 devnum stat "$BATS_TEST_FILENAME"
	assert_success
	assert_output "$(expect "$BATS_TEST_FILENAME" 'regular file')"
}

@test "stat a symbolic link: the link itself, or with -L its target" {
	ln -sf /dev/null "$BATS_TEST_TMPDIR/link"
	run2 devnum stat "$BATS_TEST_TMPDIR/link"
	assert_success
	assert_output "$(expect "$BATS_TEST_TMPDIR/link" 'symbolic link')"
	run2 devnum stat -L "$BATS_TEST_TMPDIR/link"
	assert_success
	assert_output "$BATS_TEST_TMPDIR/link: char device 1:3 0x103 (null)"
}

@test "stat a missing file: reported, the others still processed, exit 2" {
	run2 devnum stat /dev/null /nonexistent /dev/zero
	assert_failure 2
	assert_equal "${#lines[@]}" 2
	assert_equal "$stderr" "devnum: '/nonexistent': No such file or directory"
}

@test "stat in another scheme, and refused where it cannot be held" {
	run2 devnum stat -s kernel /dev/null
	assert_output "/dev/null: char device 1:3 0x100003 (null)"
	run2 devnum stat -s darwin -d /dev/zero
	assert_output "/dev/zero: char device 1:5 16777221 (zero)"
}

@test "stat --json" {
	run2 devnum stat --json /dev/null
	assert_success
	run jq -r '[.input, .type, .field, .major, .minor, .hex, .devname] | @tsv' <<<"$output"
	assert_output $'/dev/null\tchar\tst_rdev\t1\t3\t0x103\tnull'
}

@test "stat reads file names from stdin, -z too" {
	run2 bash -c "printf '/dev/null\0/dev/zero\0' | devnum stat -z | tr '\\0' '\\n'"
	assert_success
	assert_line --index 0 "$(expect /dev/null char)"
	assert_line --index 1 "$(expect /dev/zero char)"
}

@test "stat --format" {
	run2 devnum stat --format='%M %m %x' /dev/null
	assert_output "1 3 103"
}

@test "stat of a sparse file larger than 4 GiB, on 32-bit systems too" {
	big=$BATS_TEST_TMPDIR/big
	truncate -s 5G "$big" || skip "cannot make a sparse 5 GiB file here"
	run2 devnum stat -d --format='%t %M:%m %r' "$big"
	assert_success
	assert_output "regular file $(stat -c '%Hd:%Ld %d' "$big")"
}

@test "stat: a file name is escaped in plain output as GNU tar escapes it, whole in JSON" {
	cd "$BATS_TEST_TMPDIR"
	: >$'we\033[2Jird\nname'
	run2 devnum stat --format '%i' $'we\033[2Jird\nname'
	assert_success
	assert_output 'we\033[2Jird\nname'
	run2 devnum stat --json $'we\033[2Jird\nname'
	assert_equal "$(jq -r .input <<<"$output")" $'we\033[2Jird\nname'
	run2 devnum stat $'no\033such'
	assert_failure 2
	assert_equal "$stderr" "devnum: 'no\\x1bsuch': No such file or directory"
}
