# ci-user.bash - sourced by prefix.sh and user.sh: ci_user TARBALL makes
# the normal user .ci/run builds as (devnum-ci), if needed, and puts the
# release tarball in its home as devnum.tar.gz; $user names it, $home its
# home.  as_user SCRIPT runs a bash script as that user in the environment
# a new Debian user logs in with: login(1)'s PATH for a normal user, from
# /etc/login.defs (on Debian 12 /usr/local/bin:/usr/bin:/bin:/usr/local/games:
# /usr/games, no sbin), and no locale set at all, as distribution builds run.
ci_user() {
	local tarball
	tarball=$(readlink -f "$1")
	user=devnum-ci
	id "$user" >/dev/null 2>&1 || useradd -m "$user"
	home=$(getent passwd "$user" | cut -d: -f6)
	install -o "$user" -m 644 "$tarball" "$home/devnum.tar.gz"
}

as_user() {
	local path
	path=$(sed -n 's/^ENV_PATH[[:space:]]*PATH=//p' /etc/login.defs 2>/dev/null)
	runuser -u "$user" -- env -i HOME="$home" USER="$user" LOGNAME="$user" SHELL=/bin/bash \
		PATH="${path:-/usr/local/bin:/usr/bin:/bin:/usr/games}" bash -eu -c "$1"
}
