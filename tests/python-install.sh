#!/usr/bin/env bash
# python-install.sh - the Python binding installed as Python users install
# it, as TAP: libdevnum installed into a prefix (make's own install
# targets, under DESTDIR), found there by pkg-config; pip installs the
# binding from a copy of python/ into a fresh venv and the pytest suite
# runs against what it installed; python3 -m build makes an sdist of
# sources alone and a wheel from that sdist, and the wheel installs into
# another venv.  A tool that is missing (python3-venv, python3-build,
# pytest for the interpreter) makes its tests skip, saying which.
set -u
src=${top_srcdir:-.}
build=${abs_top_builddir:-$PWD}
echo "1..4"
skip_all() {
	for i in 1 2 3 4; do echo "ok $i # SKIP $1"; done
	exit 0
}
[ "${PYTHON_BINDING:-no}" = yes ] || skip_all "configure did not build the Python binding"
command -v pkg-config >/dev/null || skip_all "no pkg-config (Debian: pkg-config)"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
"$PYTHON" -m venv --system-site-packages "$tmp/venv" >"$tmp/log" 2>&1 ||
	skip_all "$PYTHON cannot make a venv with pip (Debian: python3-venv)"
# libdevnum as make install lays it out, in a prefix of its own
${MAKE:-make} -s -C "$build" install-libLTLIBRARIES install-nodist_includeHEADERS \
	install-pkgconfigDATA DESTDIR="$tmp/root" >"$tmp/log" 2>&1 || {
	sed 's/^/# /' "$tmp/log"
	skip_all "make could not install libdevnum into a prefix"
}
export PKG_CONFIG_PATH="$(dirname "$(find "$tmp/root" -name devnum.pc)")" PKG_CONFIG_SYSROOT_DIR="$tmp/root"
# a checkout's python/ as a user has it after make, with make's objects
mkdir "$tmp/tree" && cp -R "$src/configure.ac" "$src/python" "$tmp/tree/" &&
	chmod -R u+w "$tmp/tree" || exit 1
cd "$tmp" || exit 1

# n NAME COMMAND...: test n, ok when COMMAND succeeds; its output as comments
n=0
check() {
	local name=$1
	shift
	n=$((n + 1))
	if "$@" >"$tmp/out" 2>&1; then
		echo "ok $n - $name"
	else
		sed 's/^/# /' "$tmp/out"
		echo "not ok $n - $name"
	fi
}
skip() {
	n=$((n + 1))
	echo "ok $n # SKIP $1"
}
skip_rest() {
	while [ "$n" -lt 4 ]; do skip "$1"; done
	exit 0
}

installed() { # VENV: its devnum is the one it installed, with its stubs
	"$1/bin/python" -c 'import devnum, os, sys
d = os.path.dirname(devnum.__file__)
assert d.startswith(sys.prefix), d
assert all(os.path.isfile(os.path.join(d, f)) for f in ("py.typed", "_devnum.pyi")), os.listdir(d)
assert hex(devnum.scheme("glibc").encode(8, 256)) == "0x100800"
assert devnum.__version__ == devnum.library_version()'
}
pip_install() {
	"$tmp/venv/bin/python" -m pip install --no-build-isolation --no-index --no-cache-dir -q \
		"$tmp/tree/python" && installed "$tmp/venv"
}
if ! "$tmp/venv/bin/python" -c 'import setuptools, wheel' >/dev/null 2>&1; then
	skip_rest "$PYTHON has no setuptools and wheel to build with, and no index is reached here (Debian: python3-setuptools, python3-wheel)"
fi
check "pip installs the binding from python/ into a venv, against the installed libdevnum" pip_install

suite() {
	(cd "$tmp" && top_srcdir=$src PATH="$build/src:$PATH" \
		"$tmp/venv/bin/python" -B -m pytest -q -p no:cacheprovider "$tmp/tree/python/tests")
}
if ! "$tmp/venv/bin/python" -m pytest --version >/dev/null 2>&1; then
	skip "$PYTHON has no pytest for the venv to run the suite with (Debian: python3-pytest)"
else
	check "the pytest suite passes against the package pip installed" suite
fi

if ! "$PYTHON" -m build --version >/dev/null 2>&1; then
	skip "$PYTHON has no build module (Debian: python3-build)"
	skip "no wheel made (Debian: python3-build)"
	exit 0
fi
sdist_and_wheel() {
	"$PYTHON" -m build --no-isolation -o "$tmp/dist" "$tmp/tree/python" &&
		tar -tzf "$tmp"/dist/devnum-*.tar.gz | sed 's|^[^/]*/||' | sort >"$tmp/sdist" &&
		! grep -E '\.(o|lo|la|so)$|\.libs/|Makefile' "$tmp/sdist" &&
		grep -qx 'devnum/_devnum.c' "$tmp/sdist" && grep -qx 'devnum/py.typed' "$tmp/sdist" &&
		grep -qx 'setup.py' "$tmp/sdist" && grep -qx 'tests/test_devnum.py' "$tmp/sdist" &&
		[ -f "$tmp"/dist/devnum-*.whl ]
}
check "python3 -m build: an sdist of sources and tests alone, and a wheel built from it" sdist_and_wheel
wheel() {
	"$PYTHON" -m venv --system-site-packages "$tmp/venv2" &&
		"$tmp/venv2/bin/python" -m pip install --no-index --no-cache-dir -q "$tmp"/dist/devnum-*.whl &&
		installed "$tmp/venv2"
}
check "the wheel installs into another venv, stubs and py.typed with it" wheel
