#!/usr/bin/env bash
# i386.sh TARBALL DIR - .ci/run's 32-bit check: build the release for i386,
# where dev_t's parts and unsigned long are 32 bits, against Debian's i386
# libraries (multiarch), and run the whole make check.  A kernel without
# 32-bit x86 emulation ("Exec format error" for any i386 program, as on
# some virtual machines) runs them under qemu-user instead, the way the
# s390x check does, with the library linked statically.  libext2fs-dev is
# not multiarch: its headers, the same for every architecture, are the
# native package's; scan dlopens libext2fs2:i386.  Run as root.
set -eu
tarball=$(readlink -f "$1") dir=$2
dpkg --add-architecture i386
apt-get update -q
DEBIAN_FRONTEND=noninteractive apt-get install -y -q gcc-i686-linux-gnu g++-i686-linux-gnu \
	libpopt-dev:i386 libarchive-dev:i386 libblkid-dev:i386 libsquashfs-dev:i386 \
	comerr-dev:i386 libext2fs2:i386 qemu-user
rm -rf "$dir" && mkdir -p "$dir"
dir=$(readlink -f "$dir")
printf 'int main(void) { return 0; }\n' >"$dir/probe.c"
i686-linux-gnu-gcc -o "$dir/probe" "$dir/probe.c"
runner= static=
if ! "$dir/probe" 2>/dev/null; then
	# libtool's wrapper scripts are no programs qemu can run: link the
	# tests statically, as the s390x check does
	echo "i386.sh: this kernel runs no i386 program; make check runs under qemu-i386"
	runner=qemu-i386 static=--disable-shared
fi
tar -xzf "$tarball" -C "$dir" --strip-components=1
cd "$dir"
./configure -q --host=i686-linux-gnu $static \
	PKG_CONFIG_LIBDIR=/usr/lib/i386-linux-gnu/pkgconfig:/usr/share/pkgconfig \
	EXT2FS_CFLAGS=' ' EXT2FS_LIBS=' ' TEST_RUNNER="$runner"
make -j2
test "$($runner src/devnum encode 3 1)" = 0x301
make -j2 check
