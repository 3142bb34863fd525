#!/usr/bin/env bash
# lib-examples.sh - every section 3 page's example program, compiled against
# the built libdevnum (as C, and the overview's as C++ too), run, and its
# output compared with what the page says it prints; and every exported
# symbol named by a page.  One TAP line a check.
set -u
src=${top_srcdir:-.} build=${abs_top_builddir:-.}
san=${SANITIZE_CFLAGS:-} # a sanitized library wants sanitized programs
lib=$build/src/lib/.libs
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

unescape() {
	sed -e 's/\\-/-/g' -e "s/\\\\(aq/'/g" -e 's/\\(dq/"/g' -e 's/\\e/\\/g' -e 's/\\&//g'
}

# block PAGE N: the Nth .EX block after .SH EXAMPLES, unescaped
block() {
	awk -v want="$2" '/^\.SH EXAMPLES/ { on = 1 } on && /^\.EX/ { n++; next }
		on && /^\.EE/ { if (n == want) exit; next } on && n == want' "$1" | unescape
}

pages=("$build"/man/man3/*.3)
symbols=$(sed -n 's/^\t\(devnum_[a-z_]*\);$/\1/p' "$src/src/lib/libdevnum.sym")
echo "1..$((${#pages[@]} + 2))"
i=0
for page in "${pages[@]}"; do
	i=$((i + 1))
	name=$(basename "$page" .3)
	block "$page" 1 > "$work/$name.c"
	block "$page" 2 > "$work/$name.want"
	if ! ${CC:-cc} -std=c11 -Wall -Werror $san -I"$build/src/lib/include" -I"$src/src/lib/include" -o "$work/$name" "$work/$name.c" \
		-L"$lib" -ldevnum -Wl,-rpath,"$lib" 2> "$work/$name.err"; then
		echo "not ok $i - $name(3): the example compiles"
		sed 's/^/# /' "$work/$name.err"
	elif ! ${TEST_RUNNER:-} "$work/$name" > "$work/$name.got"; then
		echo "not ok $i - $name(3): the example exits 0"
	elif ! diff "$work/$name.want" "$work/$name.got" > "$work/$name.diff"; then
		echo "not ok $i - $name(3): the example prints what the page says"
		sed 's/^/# /' "$work/$name.diff"
	else
		echo "ok $i - $name(3): the example compiles, runs and prints what the page says"
	fi
done
i=$((i + 1))
if ${CXX:-c++} -x c++ -Wall -Werror $san -I"$build/src/lib/include" -I"$src/src/lib/include" -o "$work/cxx" "$work/libdevnum.c" \
	-L"$lib" -ldevnum -Wl,-rpath,"$lib" && ${TEST_RUNNER:-} "$work/cxx" | diff -q "$work/libdevnum.want" - >/dev/null; then
	echo "ok $i - libdevnum(3)'s example builds and runs as C++ too"
else
	echo "not ok $i - libdevnum(3)'s example builds and runs as C++ too"
fi
i=$((i + 1))
missing=""
names=$(for p in "${pages[@]}"; do sed -n '/^\.SH NAME/,/^\.SH SYNOPSIS/p' "$p"; done)
for s in $symbols; do
	grep -qw "$s" <<<"$names" || missing="$missing $s"
done
if [ -z "$missing" ]; then
	echo "ok $i - every exported symbol is named by a page"
else
	echo "not ok $i - every exported symbol is named by a page; not:$missing"
fi
