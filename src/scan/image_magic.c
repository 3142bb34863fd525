/* image_magic.c - the readers' bids: a file-system image known by its
 * first bytes, for the regular files of an archive (which scan does not
 * open: libblkid would want the whole file) and for an image libblkid
 * does not find (a cramfs behind its 512-byte boot pad). */
#include <config.h>

#include <string.h>

#include "scan/bounded.h"
#include "scan/image.h"

/* ext: the superblock at 1024, s_magic 0xEF53 at 56; the feature words at
 * 92 (compat: has_journal 0x4) and 96 (incompat: extents 0x40, 64bit
 * 0x80, flex_bg 0x200), as libblkid tells ext2, ext3 and ext4 apart. */
static int ext_kind(const unsigned char *p, size_t n)
{
	if (n < 1024 + 100 || p[1024 + 56] != 0x53 || p[1024 + 57] != 0xef)
		return 0;
	if (le32(p + 1024 + 96) & (0x40 | 0x80 | 0x200))
		return 4;
	return le32(p + 1024 + 92) & 0x4 ? 3 : 2;
}

bool bid_ext2(const unsigned char *p, size_t n)
{
	return ext_kind(p, n) == 2;
}

bool bid_ext3(const unsigned char *p, size_t n)
{
	return ext_kind(p, n) == 3;
}

bool bid_ext4(const unsigned char *p, size_t n)
{
	return ext_kind(p, n) == 4;
}

bool bid_squashfs(const unsigned char *p, size_t n)
{
	return n >= 4 && memcmp(p, "hsqs", 4) == 0;
}

/* 0x28cd3d45 in either byte order, at 0 or behind a 512-byte pad */
bool bid_cramfs(const unsigned char *p, size_t n)
{
	for (size_t at = 0; at <= 512 && at + 4 <= n; at += 512)
		if (le32(p + at) == 0x28cd3d45 || be32(p + at) == 0x28cd3d45)
			return true;
	return false;
}

/* 0xE0F5E1E2 at 1024, little-endian */
bool bid_erofs(const unsigned char *p, size_t n)
{
	return n >= 1028 && le32(p + 1024) == 0xe0f5e1e2;
}
