#!/usr/bin/env bash
# symbols.sh - the static libdevnum.a defines no global name outside the
# devnum_ prefix (a static consumer's own `int invalid;` must still link),
# and the shared library exports only what libdevnum.sym lists.  TAP.
set -u
lib=${abs_top_builddir:-.}/src/lib/.libs
echo "1..3"
nm=${NM:-nm}
# names from __ on are the compiler's own (a sanitizer's), reserved to it
stray=$($nm -g --defined-only "$lib/libdevnum.a" | awk 'NF == 3 && $3 !~ /^(devnum_|__)/ { print $3 }')
if [ -z "$stray" ]; then
	echo "ok 1 - libdevnum.a: every global symbol begins devnum_"
else
	echo "not ok 1 - libdevnum.a: global symbols without the prefix:" $stray
fi
if [ ! -e "$lib/libdevnum.so" ]; then
	echo "ok 2 # SKIP no shared library in this build"
	echo "ok 3 # SKIP no shared library in this build"
	exit 0
fi
exported=$($nm -D --defined-only "$lib/libdevnum.so" | awk '$2 == "T" { print $3 }' | sed 's/@.*//' | sort)
listed=$(sed -n 's/^\t\(devnum_[a-z_0-9]*\);$/\1/p' "${top_srcdir:-.}/src/lib/libdevnum.sym" | sort)
if [ "$exported" = "$listed" ]; then
	echo "ok 2 - libdevnum.so exports exactly the symbols libdevnum.sym lists"
else
	echo "not ok 2 - libdevnum.so's exports differ from libdevnum.sym:"
	diff <(echo "$listed") <(echo "$exported") | sed 's/^/# /'
fi
# the soname moves with the header's major version; every export is in
# a node of that major version, the first DEVNUM_MAJOR.0
major=$(sed -n 's/^#define DEVNUM_VERSION_MAJOR \([0-9]*\)$/\1/p' "${abs_top_builddir:-.}/src/lib/include/devnum.h")
soname=$(${OBJDUMP:-objdump} -p "$lib/libdevnum.so" | awk '$1 == "SONAME" { print $2 }')
nodes=$($nm -D --defined-only "$lib/libdevnum.so" | awk '$2 == "T" { sub(/.*@+/, "", $3); print $3 }' | sort -u)
if [ -n "$major" ] && [ "$soname" = "libdevnum.so.$major" ] && grep -qx "DEVNUM_$major.0" <<<"$nodes" &&
	! grep -qvx "DEVNUM_$major\.[0-9]*" <<<"$nodes"; then
	echo "ok 3 - soname $soname and symbol node $nodes follow version $major"
else
	echo "not ok 3 - soname '$soname', nodes '$nodes', header major '$major'"
fi
