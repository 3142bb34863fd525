#!/usr/bin/env bats
# schemes: the table, by name and alias, case-insensitive.
load helper

@test "schemes lists all 19, with a header" {
	run2 devnum schemes
	assert_success
	assert_equal "${#lines[@]}" 20
	assert_line --index 0 --regexp '^NAME +BITS +MAJOR +MINOR +ALIASES +ORIGIN$'
	assert_line --regexp '^glibc +64 +32 +32 +linux,musl,native +Linux userspace'
	assert_line --regexp '^linux32 +32 +12 +20 '
	assert_line --regexp '^xfs +32 +9 +18 +- '
	assert_line --regexp '^aix +64 +30 +32 +aix64 '
	assert_line --regexp '^freebsd11 +32 +8 +24 '
}

@test "schemes --json gives one object per scheme" {
	run2 devnum schemes --json
	assert_success
	assert_equal "${#lines[@]}" 19
	run2 jq -r 'select(.scheme == "darwin") | [.width, .major_max, .minor_max, (.aliases|join(","))] | @tsv' <<<"$output"
	assert_output $'32\t255\t16777215\tmacos,hpux'
}

@test "scheme names match in ASCII whatever the locale: SPLIT32 under tr_TR, where i and I are not a pair" {
	local here=()
	# without tr_TR.UTF-8 installed (locales-all), it is compiled from the
	# system's locale sources into the test's own directory
	if ! locale -a 2>/dev/null | grep -qix 'tr_TR.utf8'; then
		[ -r /usr/share/i18n/locales/tr_TR ] ||
			skip "no tr_TR.UTF-8 locale, nor its source to make one (Debian package locales)"
		localedef -i tr_TR -f UTF-8 "$BATS_TEST_TMPDIR/tr_TR.UTF-8"
		here=(LOCPATH="$BATS_TEST_TMPDIR")
	fi
	# the locale is in effect: bash lowers I to a dotless i in it
	run2 env "${here[@]}" LC_ALL=tr_TR.UTF-8 bash -c 'x=I; printf %s "${x,,}"'
	assert_output $'\xc4\xb1'
	for l in tr_TR.UTF-8 C.UTF-8 C; do
		run2 env "${here[@]}" LC_ALL="$l" devnum encode -s SPLIT32 3:1
		assert_success
		assert_output 0x300000001
		run2 env "${here[@]}" LC_ALL="$l" devnum fits --into=CPIO-ODC,ISO9660 8:1
		assert_success
	done
}

@test "every alias of devnum-schemes(7) selects its scheme, in any case" {
	while read -r alias name; do
		run2 devnum encode -s "$alias" 3:1
		assert_success
		run2 devnum encode -s "$name" 3:1
		want=$output
		run2 devnum encode -s "${alias^^}" 3:1
		assert_output "$want"
	done <<-'END'
	old legacy
	linux-old legacy
	8:8 legacy
	32:32 split32
	anvin hpa
	anvin1220 hpa1220
	linus tuple
	statx tuple
	linux glibc
	musl glibc
	native glibc
	new linux32
	huge linux32
	netbsd linux32
	squashfs linux32
	linux-kernel kernel
	kdev kernel
	osf1 kernel
	bsdos kernel
	btrfs kernel
	svr4 sysv
	freebsd12 freebsd
	dragonfly freebsd11
	hurd freebsd11
	macos darwin
	hpux darwin
	illumos solaris
	solaris64 solaris
	aix64 aix
	zos aix32
	cygwin aix32
	16:16 aix32
	END
}
