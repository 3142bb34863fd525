#!/usr/bin/env bash
# prefix.sh TARBALL - .ci/run's check that an install stays inside its
# prefix: as a user who may write nothing outside their home, build the
# release and install it with --prefix=$HOME/.local, then use what landed
# there.  Run as root; it makes the user if needed.
set -eu
. "$(dirname "$0")/ci-user.bash"
ci_user "$1"
as_user '
	cd && rm -rf src .local && mkdir src && tar -xzf devnum.tar.gz -C src --strip-components=1
	cd src && ./configure -q --prefix="$HOME/.local" && make -j2 >/dev/null && make install >/dev/null
	export LD_LIBRARY_PATH="$HOME/.local/lib"
	test "$("$HOME/.local/bin/devnum" encode 3 1)" = 0x301
	test -f "$HOME/.local/share/bash-completion/completions/devnum"
	test -f "$HOME/.local/share/man/man1/devnum.1"
	test -f "$HOME/.local/include/devnum.h"
	test -f "$HOME/.local/lib/pkgconfig/devnum.pc"
	# the Python package, found as the README says, with the user site off
	# (-s) so that PYTHONPATH is what finds it
	site=$(echo "$HOME"/.local/lib/python3*/site-packages)
	test -f "$site/devnum/_devnum.so" && test -f "$site/devnum/py.typed"
	test "$(PYTHONPATH=$site python3 -s -c '\''import devnum; print(hex(devnum.scheme("glibc").encode(8, 256)))'\'')" = 0x100800
	echo "installed under $HOME/.local, nothing outside it"'
