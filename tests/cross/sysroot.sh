#!/usr/bin/env bash
# sysroot.sh ARCH TARBALL DIR - .ci/run's cross checks: build the release
# for Debian's ARCH with its cross compiler and run the whole make check
# under qemu-user.  i386: dev_t's parts and unsigned long are 32 bits;
# s390x: big-endian.  popt and libarchive (with the libraries it needs),
# libblkid, libext2fs and libsquashfs come from Debian's ARCH packages,
# unpacked into a sysroot rather than installed: multiarch wants ARCH's
# libc to match the native one's version exactly, which Debian's archives
# do not always keep in step (nor a mirror in the middle of a sync, whose
# failed index apt then does without).  popt is linked statically; scan
# dlopens the others, found in the sysroot through qemu's LD_LIBRARY_PATH.
# Run as root.
set -eu
arch=$1 tarball=$(readlink -f "$2") dir=$3
host=$(dpkg-architecture -a"$arch" -qDEB_HOST_GNU_TYPE 2>/dev/null)
multiarch=$(dpkg-architecture -a"$arch" -qDEB_HOST_MULTIARCH 2>/dev/null)
# The architecture is added for apt's lists, and taken away again when it
# was not there before, so that the machine's own apt-get update is as it was.
if ! dpkg --print-foreign-architectures | grep -qx "$arch"; then
	dpkg --add-architecture "$arch"
	trap 'dpkg --remove-architecture "$arch" || true' EXIT
fi
apt-get update -q || { sleep 30; apt-get update -q; } ||
	echo "sysroot.sh: apt-get update failed twice; going on with the lists apt has"
DEBIAN_FRONTEND=noninteractive apt-get install -y -q "gcc-$host" "g++-$host" qemu-user
rm -rf "$dir" && mkdir -p "$dir/root" "$dir/build"
dir=$(readlink -f "$dir")
(cd "$dir/root" && apt-get download -q $(printf "%s:$arch " libpopt0 libpopt-dev \
	libarchive13 libarchive-dev libacl1 libbz2-1.0 liblz4-1 liblzma5 libnettle8 libxml2 \
	libicu72 libzstd1 zlib1g zlib1g-dev libjansson4 libjansson-dev libblkid1 libblkid-dev libext2fs2 libext2fs-dev libcom-err2 \
	comerr-dev libsquashfs1 libsquashfs-dev) &&
	for d in *.deb; do dpkg-deb -x "$d" .; done)
lib=$dir/root/usr/lib/$multiarch
run="qemu-$arch -L /usr/$host -E LD_LIBRARY_PATH=$lib:$dir/root/lib/$multiarch"
tar -xzf "$tarball" -C "$dir/build" --strip-components=1
cd "$dir/build"
# --without-isal: the suite once without ISA-L, gzip inflated by
# libarchive's zlib, which must read every stream alike.  On i386, one
# thread (--disable-threads): qemu-i386 7.2 hangs in pthread_create under
# Debian 12's dynamic i386 glibc (a static program's threads run, and
# s390x's do); threads are tested natively, under the sanitizers and on s390x.
# --without-wim: the sysroot has no libwim (nor its libntfs-3g and fuse)
# to load under the emulator; WIM is read natively.
threads=
[ "$arch" != i386 ] || threads=--disable-threads
./configure -q --host="$host" --disable-shared --without-isal --without-wim $threads \
	POPT_CFLAGS="-I$dir/root/usr/include" POPT_LIBS="$lib/libpopt.a" \
	LIBARCHIVE_CFLAGS="-I$dir/root/usr/include" LIBARCHIVE_LIBS="-L$lib -larchive" \
	BLKID_CFLAGS="-I$dir/root/usr/include/blkid" BLKID_LIBS="-L$lib -lblkid" \
	EXT2FS_CFLAGS="-I$dir/root/usr/include" EXT2FS_LIBS="-L$lib -lext2fs" \
	SQUASHFS_CFLAGS="-I$dir/root/usr/include" SQUASHFS_LIBS="-L$lib -lsquashfs" \
	TEST_RUNNER="$run"
make -j2
test "$($run src/devnum encode 3 1)" = 0x301
make -j2 check
