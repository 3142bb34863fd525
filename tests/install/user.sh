#!/usr/bin/env bash
# user.sh TARBALL - .ci/run's make check as a distribution build runs it:
# as a normal user (the real-writer tests under fakeroot), with no locale
# in the environment at all.  Run as root; it makes the user if needed.
set -eu
. "$(dirname "$0")/ci-user.bash"
ci_user "$1"
runuser -u "$user" -- env -u LANG -u LANGUAGE -u LC_ALL -u LC_CTYPE -u LC_MESSAGES bash -eu -c '
	cd && rm -rf check && mkdir check && tar -xzf devnum.tar.gz -C check --strip-components=1
	cd check && ./configure -q && make -j2 >/dev/null && make -j2 check'
