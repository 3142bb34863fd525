/* member.c - which members of an input are inputs too, by their first
 * bytes. */
#include <config.h>

#include <stdio.h>
#include <string.h>

#include "scan/archive/catar.h"
#include "scan/image/image.h"
#include "scan/dispatch/member.h"
#include "scan/dispatch/readers.h"
#include "scan/archive/rpm_header.h"
#include "scan/archive/zip_unix.h"

/* A magic number at a byte of a file, and what it begins. */
struct magic {
	size_t at, len;
	const char *bytes, *what;
};

/* Each row's bytes are the format's own: tar's "ustar" at 257 (POSIX and
 * GNU), cpio's ASCII headers, ar's global header and a .deb's first
 * member (an ar archive of another kind, a static library, holds
 * object files and never a device), ISO 9660's
 * "CD001" in its first volume descriptor, and the compressors' stream
 * headers.  Binary cpio and lzma's headerless streams are left out: two
 * bytes, or three, that any file may begin with. */
static const struct magic magics[] = {
	{ 0, 2, "\x1f\x8b", "gzip stream" },
	{ 0, 6, "\xfd" "7zXZ\0", "xz stream" },
	{ 0, 4, "\x28\xb5\x2f\xfd", "zstd stream" },
	{ 0, 3, "BZh", "bzip2 stream" },
	{ 0, 4, "\x04\x22\x4d\x18", "lz4 stream" },
	{ 0, 4, "LZIP", "lzip stream" },
	{ 0, 2, "\x1f\x9d", "compress stream" },
	{ 257, 5, "ustar", "tar archive" },
	{ 0, 6, "070701", "cpio archive" },
	{ 0, 6, "070702", "cpio archive" },
	{ 0, 6, "070707", "cpio archive" },
	{ 0, 21, "!<arch>\ndebian-binary", "Debian package" },
	{ 32769, 5, "CD001", "ISO 9660 image" },
	{ 512, 8, "EFI PART", "GPT partition table" },
	{ 4096, 8, "EFI PART", "GPT partition table" },
};

/* An MBR: its signature, and four entries that are each empty or a
 * partition with a boot flag of 0 or 0x80, one at least not empty; not a
 * FAT or NTFS boot sector, which end in the same signature. */
static bool mbr(const unsigned char *p, size_t n)
{
	enum { TABLE = 446, ENTRY = 16 };
	unsigned used = 0;
	if (n < 512 || p[510] != 0x55 || p[511] != 0xaa || !memcmp(p + 3, "NTFS", 4) ||
	    !memcmp(p + 54, "FAT", 3) || !memcmp(p + 82, "FAT", 3))
		return false;
	for (int i = 0; i < 4; i++) {
		const unsigned char *e = p + TABLE + i * ENTRY;
		if (e[0] != 0 && e[0] != 0x80)
			return false;
		used += e[4] != 0;
	}
	return used > 0;
}

/* The kind of input p begins, or NULL. */
static const char *kind(const unsigned char *p, size_t n)
{
	enum { CATAR_HEAD = 16 };
	for (size_t i = 0; i < sizeof magics / sizeof magics[0]; i++)
		if (n >= magics[i].at + magics[i].len &&
		    !memcmp(p + magics[i].at, magics[i].bytes, magics[i].len))
			return magics[i].what;
	if (rpm_bid(p, n))
		return "RPM package";
	if (n >= CATAR_HEAD && catar_bid(p, CATAR_HEAD))
		return "catar archive";
	if (zip_bid(p, n))
		return "zip archive";
	return mbr(p, n) ? "MBR partition table" : NULL;
}

bool member_bid(const unsigned char *p, size_t n, char *what, size_t size)
{
	const struct reader *r = reader_bid(p, n); /* an image before its boot sector's MBR */
	const char *k = r ? r->name : kind(p, n);
	return k && snprintf(what, size, "%s%s", k, r ? " image" : "") > 0;
}

/* Formats that store no device number, whose libarchive readers scan
 * does not enable (scan_walk.c's formats()). */
static const struct magic unread[] = {
	{ 0, 6, "7z\xbc\xaf\x27\x1c", "a 7-Zip archive" },
	{ 0, 6, "Rar!\x1a\x07", "a RAR archive" },
	{ 0, 8, "MSCF\0\0\0\0", "a CAB archive" },
	{ 0, 5, "WARC/", "a WARC archive" },
};

const char *member_unread(const unsigned char *p, size_t n)
{
	for (size_t i = 0; i < sizeof unread / sizeof unread[0]; i++)
		if (n >= unread[i].at + unread[i].len &&
		    !memcmp(p + unread[i].at, unread[i].bytes, unread[i].len))
			return unread[i].what;
	/* LHA: a method id such as -lh5- at byte 2 */
	if (n >= 7 && p[2] == '-' && p[3] == 'l' && (p[4] == 'h' || p[4] == 'z') && p[6] == '-')
		return "an LHA archive";
	return NULL;
}
