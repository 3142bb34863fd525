#!/usr/bin/env bats
# name: the registry's names, offline and from the running system.  The
# expected names are the ones the kernel's devices.txt prints beside each
# number; the live ones come from /sys and /proc, read here by hand.
# needs: mknod (as a normal user, make check runs this file under fakeroot)
load helper

@test "a tuple with no type is answered in both namespaces" {
	run2 devnum name --offline 8:1 1:3
	assert_success
	assert_output "char 8:1: unassigned
block 8:1: sda1 (SCSI disk, partition 1)
char 1:3: null (the null device)
block 1:3: ram3 (RAM disk)"
}

@test "udev's c and b, and --type, name one namespace" {
	run2 devnum name --offline c4:64 b179:0 b3:65
	assert_success
	assert_output "char 4:64: ttyS0 (UART serial port)
block 179:0: mmcblk0 (SD/MMC card)
block 3:65: hdb1 (IDE disk or CD-ROM, partition 1)"
	run2 devnum name --offline --type=block 65:160 136:5
	assert_output "block 65:160: sdaa (SCSI disk)
block 136:5: rd/c8d0p5 (Mylex DAC960 RAID disk, partition 5)"
	run2 devnum name --offline --type=c 136:5
	assert_output "char 136:5: pts/5 (Unix98 pseudo-terminal slave)"
}

@test "udev's type and another --type are a usage error of the record" {
	run2 devnum name --offline --type=block c8:1
	assert_failure 2
	assert_equal "$stderr" "devnum: 'c8:1': names a char device, and --type says block"
	run devnum name --type=disk 8:1
	assert_failure 2
	assert_line --index 0 "devnum: --type: 'disk' is neither char nor block"
}

@test "dynamic and local numbers are refused honestly, never guessed (exit 1)" {
	run2 devnum name --offline b259:0 c240:0 b253:0 c511:0 c10:300 c60:0
	assert_failure 1
	assert_output "block 259:0: dynamic: cannot be named offline (extended block device: partitions and NVMe disks, given at run time)
char 240:0: dynamic: cannot be named offline (handed out at run time, from 254 down)
block 253:0: dynamic: cannot be named offline (local or experimental, and where the kernel hands out block majors, from 254 down)
char 511:0: dynamic: cannot be named offline (handed out at run time, from 511 down, once 234-254 are taken)
char 10:300: dynamic: cannot be named offline (misc device with a dynamic minor)
char 60:0: local: cannot be named offline (for local or experimental use)"
	run2 devnum name --offline c8:0 c1:13 b4349:48
	assert_failure 1
	assert_output "char 8:0: unassigned
char 1:13: unnamed (memory devices)
block 4349:48: unassigned"
}

@test "the exit status is 0 when every tuple is named in some namespace" {
	run2 devnum name --offline 8:0 240:0
	assert_failure 1
	run2 devnum name --offline 8:0 8:16
	assert_success
}

@test "a name gives its tuples: bare, under /dev, dev/ or ./dev/" {
	run2 devnum name --offline ttyS0 /dev/sda1 dev/null ./dev/pts/7 mmcblk1p2 ttyef
	assert_success
	assert_output "char 4:64: ttyS0 (UART serial port)
block 8:1: sda1 (SCSI disk, partition 1)
char 1:3: null (the null device)
char 136:7: pts/7 (Unix98 pseudo-terminal slave)
block 179:10: mmcblk1p2 (SD/MMC card, partition 2)
char 3:255: ttyef (BSD pseudo-terminal slave)"
}

@test "a name the registry gives twice is answered twice" {
	# devices.txt's own naming conflict: ttyM0 is a PAM modem and an ISI port
	run2 devnum name --offline ttyM0
	assert_success
	assert_output "char 78:0: ttyM0 (PAM multimodem)
char 112:0: ttyM0 (ISI serial port)"
}

@test "a name the kernel never writes is not found (exit 1)" {
	run2 devnum name --offline sda01 nosuch
	assert_failure 1
	assert_output ""
	assert_equal "$stderr" "devnum: 'sda01': no device of that name in the registry
devnum: 'nosuch': no device of that name in the registry"
	run2 devnum name --offline --type=char sda
	assert_failure 1
	assert_equal "$stderr" "devnum: 'sda': no char device of that name in the registry"
}

@test "JSON: the registry's fields, a null name where it has none" {
	run2 devnum name --offline --json b8:17 c259:9 b259:0
	assert_failure 1
	assert_output '{"input":"b8:17","type":"block","major":8,"minor":17,"name":"sdb1","description":"SCSI disk, partition 1","assignment":"fixed"}
{"input":"c259:9","type":"char","major":259,"minor":9,"name":null,"description":"FPGA configuration","assignment":"unnamed"}
{"input":"b259:0","type":"block","major":259,"minor":0,"name":null,"description":"extended block device: partitions and NVMe disks, given at run time","assignment":"dynamic"}'
}

@test "--format, -z and lines of stdin, as every filter" {
	run2 devnum name --offline --type=block --format='%M:%m=%{name}' <<<$'8:0\n8:2\n9:3'
	assert_output $'8:0=sda\n8:2=sda2\n9:3=md3'
	run bash -c "printf '1:3\0' | devnum name --offline -z --type=c | tr '\0' '|'"
	assert_output "char 1:3: null (the null device)|"
	run2 devnum name --offline --format='%r' 8:1
	assert_failure 2
}

@test "live: the kernel's name from /sys/dev and the drivers from /proc/devices" {
	[ -r /sys/dev/char/1:3/uevent ] || skip "no /sys/dev here"
	want=$(sed -n 's/^DEVNAME=//p' /sys/dev/char/1:3/uevent)
	drivers=$(awk '/^Character/ { c = 1 } /^Block/ { c = 0 } c && $1 == 1 { print $2 }' /proc/devices | paste -sd,)
	run2 devnum name c1:3
	assert_success
	assert_output "char 1:3: null (the null device); live: $want; drivers: $drivers"
	run2 devnum name --offline c1:3
	assert_output "char 1:3: null (the null device)"
}

@test "live: a block major's drivers, from /proc/devices' second list" {
	[ -r /proc/devices ] || skip "no /proc/devices here"
	drivers=$(awk '/^Block/ { b = 1 } b && $1 == 7 { print $2 }' /proc/devices | paste -sd,)
	[ -n "$drivers" ] || skip "no loop driver here"
	run2 devnum name --format='%{drivers}' b7:9999
	assert_output "$drivers"
}

@test "live: a node under /dev or a path gives its own tuple beside the registry's" {
	mknod "$BATS_TEST_TMPDIR/odd" c 4 65
	mknod "$BATS_TEST_TMPDIR/sda1" b 8 33
	run2 devnum name --format='%t %M:%m %{name}' "$BATS_TEST_TMPDIR/odd" "$BATS_TEST_TMPDIR/sda1"
	assert_success
	assert_output "char 4:65 ttyS1
block 8:33 sdc1"
	run2 devnum name --offline "$BATS_TEST_TMPDIR/odd"
	assert_failure 1
}
