# ci-user.bash - sourced by prefix.sh and user.sh: ci_user TARBALL makes
# the normal user .ci/run builds as (devnum-ci), if needed, and puts the
# release tarball in its home as devnum.tar.gz; $user names it.
ci_user() {
	local tarball home
	tarball=$(readlink -f "$1")
	user=devnum-ci
	id "$user" >/dev/null 2>&1 || useradd -m "$user"
	home=$(getent passwd "$user" | cut -d: -f6)
	install -o "$user" -m 644 "$tarball" "$home/devnum.tar.gz"
}
