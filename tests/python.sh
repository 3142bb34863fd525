#!/usr/bin/env bash
# python.sh - the Python binding's pytest suite (python/tests), as TAP:
# the package put together from the source tree's Python files and the
# built extension, against the library just built.  When configure did
# not build the binding, or built it for an interpreter without pytest
# (a pyenv or venv python3 first on PATH), one skip that says why, as
# every other missing test tool's tests skip.
set -u
src=${top_srcdir:-.}
build=${abs_top_builddir:-$PWD}
if [ "${PYTHON_BINDING:-no}" != yes ]; then
	echo "1..0 # SKIP configure did not build the Python binding"
	exit 0
fi
if ! "$PYTHON" -m pytest --version >/dev/null 2>&1; then
	echo "1..0 # SKIP $PYTHON, which configure built the binding for, has no pytest (Debian: python3-pytest; or configure PYTHON=/usr/bin/python3)"
	exit 0
fi
pkg=$(mktemp -d) || exit 1
trap 'rm -rf "$pkg"' EXIT
mkdir "$pkg/devnum" &&
	ln -s "$src/python/devnum/__init__.py" "$src/python/devnum/_devnum.pyi" "$pkg/devnum/" &&
	ln -s "$build/python/devnum/.libs/_devnum.so" "$pkg/devnum/" || exit 1
# pytest -v prints "FILE::TEST PASSED" a test; each becomes a TAP line
PYTHONPATH=$pkg LD_LIBRARY_PATH=$build/src/lib/.libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH} \
	"$PYTHON" -B -m pytest -v -p no:cacheprovider --rootdir="$src/python" "$src/python/tests" >"$pkg/log" 2>&1
status=$?
awk -v status="$status" '
	/^[^ ]+::[^ ]+ (PASSED|FAILED|ERROR|SKIPPED|XFAIL|XPASS)/ {
		n++
		if ($2 == "PASSED" || $2 == "XFAIL") print "ok " n " - " $1
		else if ($2 == "SKIPPED") print "ok " n " - " $1 " # SKIP"
		else print "not ok " n " - " $1 " " $2
		next
	}
	{ print "# " $0 }
	END {
		if (status != 0 && status != 1) print "not ok " ++n " - pytest exited " status
		else if (n == 0) print "not ok " ++n " - pytest ran no test"
		print "1.." n
	}' "$pkg/log"
