/* image_magic.c - a file-system image known by its first bytes, for the
 * regular files of an archive, which scan does not open: libblkid would
 * want the whole file, and these are the images scan can read. */
#include <config.h>

#include <string.h>

#include "scan/image.h"

static unsigned le32(const unsigned char *p)
{
	return p[0] | (unsigned)p[1] << 8 | (unsigned)p[2] << 16 | (unsigned)p[3] << 24;
}

const char *image_magic(const unsigned char *p, size_t n)
{
	if (n >= 4 && memcmp(p, "hsqs", 4) == 0)
		return "squashfs";
	/* the superblock at 1024: s_magic 0xEF53 at 56, the feature words at
	 * 92 (compat: has_journal 0x4) and 96 (incompat: extents 0x40, 64bit
	 * 0x80, flex_bg 0x200), as libblkid tells ext2, ext3 and ext4 apart */
	if (n < 1024 + 100 || p[1024 + 56] != 0x53 || p[1024 + 57] != 0xef)
		return NULL;
	if (le32(p + 1024 + 96) & (0x40 | 0x80 | 0x200))
		return "ext4";
	return le32(p + 1024 + 92) & 0x4 ? "ext3" : "ext2";
}
