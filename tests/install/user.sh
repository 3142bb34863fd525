#!/usr/bin/env bash
# user.sh TARBALL - .ci/run's make check as a distribution build runs it:
# as a normal user (the real-writer tests under fakeroot), with a new
# Debian user's PATH, which has no /usr/sbin, and no locale in the
# environment at all.  Run as root; it makes the user if needed.
set -eu
. "$(dirname "$0")/ci-user.bash"
ci_user "$1"
as_user '
	echo "as $(id -un), PATH=$PATH, LANG=${LANG-(unset)}"
	cd && rm -rf check && mkdir check && tar -xzf devnum.tar.gz -C check --strip-components=1
	cd check && ./configure -q && make -j2 >/dev/null && make -j2 check'
