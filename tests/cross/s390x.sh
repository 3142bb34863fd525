#!/usr/bin/env bash
# s390x.sh TARBALL DIR - .ci/run's big-endian check: build the release for
# s390x with the cross compiler and run the whole make check under
# qemu-user.  popt and libarchive (with the libraries it needs) come from
# Debian's s390x packages, unpacked into a sysroot rather than installed:
# multiarch wants the s390x libc to match the native one's version
# exactly, which Debian's archives do not always keep in step.  popt is
# linked statically; scan dlopens libarchive, libblkid, libext2fs and
# libsquashfs (a little-endian image read on a big-endian host), found in the sysroot through
# qemu's LD_LIBRARY_PATH.  Run as root.
set -eu
tarball=$(readlink -f "$1") dir=$2
dpkg --add-architecture s390x
apt-get update -q
DEBIAN_FRONTEND=noninteractive apt-get install -y -q gcc-s390x-linux-gnu g++-s390x-linux-gnu qemu-user
rm -rf "$dir" && mkdir -p "$dir/root" "$dir/build"
dir=$(readlink -f "$dir")
(cd "$dir/root" && apt-get download -q libpopt0:s390x libpopt-dev:s390x \
	libarchive13:s390x libarchive-dev:s390x libacl1:s390x libbz2-1.0:s390x liblz4-1:s390x \
	liblzma5:s390x libnettle8:s390x libxml2:s390x libicu72:s390x libzstd1:s390x zlib1g:s390x \
	libblkid1:s390x libblkid-dev:s390x libext2fs2:s390x libext2fs-dev:s390x \
	libcom-err2:s390x comerr-dev:s390x libsquashfs1:s390x libsquashfs-dev:s390x &&
	for d in *.deb; do dpkg-deb -x "$d" .; done)
libs="$dir/root/usr/lib/s390x-linux-gnu:$dir/root/lib/s390x-linux-gnu"
tar -xzf "$tarball" -C "$dir/build" --strip-components=1
cd "$dir/build"
./configure -q --host=s390x-linux-gnu --disable-shared \
	POPT_CFLAGS="-I$dir/root/usr/include" \
	POPT_LIBS="$dir/root/usr/lib/s390x-linux-gnu/libpopt.a" \
	LIBARCHIVE_CFLAGS="-I$dir/root/usr/include" \
	LIBARCHIVE_LIBS="-L$dir/root/usr/lib/s390x-linux-gnu -larchive" \
	BLKID_CFLAGS="-I$dir/root/usr/include/blkid" \
	BLKID_LIBS="-L$dir/root/usr/lib/s390x-linux-gnu -lblkid" \
	EXT2FS_CFLAGS="-I$dir/root/usr/include" EXT2FS_LIBS="-L$dir/root/usr/lib/s390x-linux-gnu -lext2fs" \
	SQUASHFS_CFLAGS="-I$dir/root/usr/include" SQUASHFS_LIBS="-L$dir/root/usr/lib/s390x-linux-gnu -lsquashfs" \
	TEST_RUNNER="qemu-s390x -L /usr/s390x-linux-gnu -E LD_LIBRARY_PATH=$libs"
make -j2
test "$(qemu-s390x -L /usr/s390x-linux-gnu -E LD_LIBRARY_PATH="$libs" src/devnum encode 3 1)" = 0x301
make -j2 check
