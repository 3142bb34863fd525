/* readers.c - the table of what scan reads, each row with its bid on a
 * file's first bytes, scored by the bits it checks as libarchive's
 * bidders are.  A new file-system image is its reader's file, its two
 * functions declared in image.h and one row here; a new specification
 * its parser in spec_formats.c, declared in spec.h, and one row. */
#include <config.h>

#include <stdio.h>
#include <string.h>

#include "scan/archive/catar.h"
#include "scan/archive/cpio_newc.h"
#include "scan/archive/entries.h"
#include "scan/archive/rpm_header.h"
#include "scan/archive/xar_toc.h"
#include "scan/archive/zip_unix.h"
#include "scan/core/scan.h"
#include "scan/dispatch/readers.h"
#include "scan/image/image.h"
#include "scan/specification/spec.h"

#define M(at, bytes) (&(const struct magic){ at, sizeof(bytes) - 1, bytes })
#define ARCHIVE(n, m) \
	{ .name = n, .kind = R_ARCHIVE, .library = "libarchive", .magic = m, .entries = la_entries }
#define IMAGE(n, lib, reader, b, b_bits) \
	{ .name = n, .kind = R_IMAGE, .library = lib, .read = reader, .bid = b, .bits = b_bits, \
	  .seeks = true }
#define SPEC_BY(n, lib, format) { .name = n, .kind = R_SPEC, .library = lib, .spec = &(format) }
#define SPEC(n, format) SPEC_BY(n, "devnum", format)
#define COMPRESSION(n, lib, m) { .name = n, .kind = R_COMPRESSION, .library = lib, .magic = m }
#define UNREAD(n, m) { .name = n, .kind = R_UNREAD, .magic = m, .unread = unread }
#ifdef HAVE_ISAL
#define INFLATER "libisal"
#else
#define INFLATER "libarchive"
#endif

/* A format that stores no device number, whose libarchive reader scan
 * does not enable (libarchive 3.6.2's crash or never end on damaged
 * input): named, not parsed. */
static int unread(struct scan *sc, struct source *src, const struct reader *r)
{
	char why[200];
	(void)src;
	snprintf(why, sizeof why, "%s archive, a format that stores no device number: not read",
		 r->name);
	return scan_trouble(sc, why, 0, TROUBLE_WARNING);
}

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

/* LHA: a method id such as -lh5- at byte 2. */
static bool lha(const unsigned char *p, size_t n)
{
	return n >= 7 && p[2] == '-' && p[3] == 'l' && (p[4] == 'h' || p[4] == 'z') && p[6] == '-';
}

/* GPT: its header's signature in the second sector, of 512 bytes or of
 * 4096. */
static bool gpt(const unsigned char *p, size_t n)
{
	return (n >= 512 + 8 && !memcmp(p + 512, "EFI PART", 8)) ||
	       (n >= 4096 + 8 && !memcmp(p + 4096, "EFI PART", 8));
}

static bool cpio_ascii(const unsigned char *p, size_t n)
{
	return n >= 6 && (!memcmp(p, "070701", 6) || !memcmp(p, "070702", 6) ||
			  !memcmp(p, "070707", 6));
}

static bool rpm(const unsigned char *p, size_t n)
{
	return rpm_bid(p, n);
}

static bool catar_head(const unsigned char *p, size_t n)
{
	return n >= 16 && catar_bid(p, 16);
}

/* Each magic is the format's own: tar's "ustar" at 257 (POSIX and GNU),
 * a .deb's ar header and first member (an ar archive of another kind, a
 * static library, holds object files and never a device), ISO 9660's
 * "CD001" in its first volume descriptor, the compressors' stream
 * headers.  Binary cpio and lzma's headerless streams have none: two
 * bytes, or three, that any file may begin with; libarchive still reads
 * them as an input's first bytes. */
const struct reader readers[] = {
	ARCHIVE("tar", M(257, "ustar")),
	/* SVR4 cpio, newc and crc, by devnum's reader (cpio_newc.c): the magic and
	 * 104 hex digits; the other cpio formats (odc, bin, HP-UX's) by libarchive */
	{ .name = "newc", .kind = R_ARCHIVE, .library = "devnum", .bid = newc_bid, .bits = 48 + 104 * 3,
	  .entries = newc_entries },
	{ .name = "cpio", .kind = R_ARCHIVE, .library = "libarchive", .bid = cpio_ascii, .bits = 48,
	  .entries = la_entries },
	ARCHIVE("iso9660", M(32769, "CD001")), ARCHIVE("mtree", M(0, "#mtree")),
	/* libarchive's, once devnum has looked through its table of contents (xar_toc.c) */
	{ .name = "xar", .kind = R_ARCHIVE, .library = "libarchive", .magic = M(0, "xar!"),
	  .entries = xar_entries },
	ARCHIVE("deb", M(0, "!<arch>\ndebian-binary")),
	/* its headers by devnum's reader (rpm_header.c), its cpio payload by libarchive */
	{ .name = "rpm", .kind = R_ARCHIVE, .library = "devnum", .bid = rpm, .bits = 32 },
	/* casync's catar and Proxmox's pxar, by devnum's reader (catar.c), one bid for both */
	{ .name = "catar", .kind = R_ARCHIVE, .library = "devnum", .bid = catar_head, .bits = 128,
	  .entries = catar_entries },
	{ .name = "pxar", .kind = R_ARCHIVE, .library = "devnum", .entries = catar_entries },
	/* zip's central directory and its 0x000d fields, by devnum's reader (zip_unix.c) */
	{ .name = "zip", .kind = R_ARCHIVE, .library = "devnum", .bid = zip_bid, .bits = 32,
	  .entries = zip_entries, .seeks = true },
	{ .name = "oci-layout", .kind = R_LAYOUT, .library = "libjansson" },
	{ .name = "staging-tree", .kind = R_TREE, .library = "devnum" },
	IMAGE("ext2", "libext2fs", scan_ext, bid_ext2, 16),
	IMAGE("ext3", "libext2fs", scan_ext, bid_ext3, 16),
	IMAGE("ext4", "libext2fs", scan_ext, bid_ext4, 16),
	IMAGE("squashfs", "libsquashfs", scan_squashfs, bid_squashfs, 32),
	IMAGE("erofs", "devnum", scan_erofs, bid_erofs, 32),
	IMAGE("cramfs", "devnum", scan_cramfs, bid_cramfs, 32),
#ifdef HAVE_WIM
	{ .name = "wim", .kind = R_IMAGE, .library = "libwim", .read = scan_wim, .bid = bid_wim,
	  .bits = 64, .by_name = true, .seeks = true },
#endif
	/* a disk image's, read partition by partition with libblkid's list */
	{ .name = "GPT", .kind = R_TABLE, .library = "libblkid", .bid = gpt, .bits = 64, .seeks = true },
	{ .name = "MBR", .kind = R_TABLE, .library = "libblkid", .bid = mbr, .bits = 16, .seeks = true },
	SPEC("gen_init_cpio", spec_initramfs), SPEC("gensquashfs", spec_gensquashfs),
	SPEC("pseudo", spec_pseudo), SPEC("device-table", spec_table),
	SPEC("tmpfiles", spec_tmpfiles), SPEC("fakeroot", spec_fakeroot),
	SPEC("composefs", spec_composefs), SPEC_BY("oci-runtime", "libjansson", spec_oci),
	SPEC_BY("cdi", "libjansson", spec_cdi),
	COMPRESSION("gzip", INFLATER, M(0, "\x1f\x8b")),
	COMPRESSION("bzip2", "libarchive", M(0, "BZh")),
	COMPRESSION("xz", "libarchive", M(0, "\xfd" "7zXZ\0")),
	COMPRESSION("lzma", "libarchive", NULL),
	COMPRESSION("lzip", "libarchive", M(0, "LZIP")),
	COMPRESSION("zstd", "libarchive", M(0, "\x28\xb5\x2f\xfd")),
	COMPRESSION("lz4", "libarchive", M(0, "\x04\x22\x4d\x18")),
	COMPRESSION("compress", "libarchive", M(0, "\x1f\x9d")),
	UNREAD("7-Zip", M(0, "7z\xbc\xaf\x27\x1c")), UNREAD("RAR", M(0, "Rar!\x1a\x07")),
	UNREAD("CAB", M(0, "MSCF\0\0\0\0")), UNREAD("WARC", M(0, "WARC/")),
	{ .name = "LHA", .kind = R_UNREAD, .bid = lha, .bits = 40, .unread = unread },
};
const size_t nreaders = sizeof readers / sizeof readers[0];

/* Row r's bid on p: the bits it checked, 0 for none. */
static unsigned score(const struct reader *r, const unsigned char *p, size_t n)
{
	const struct magic *m = r->magic;
	if (m)
		return n >= m->at + m->len && !memcmp(p + m->at, m->bytes, m->len) ? 8 * (unsigned)m->len
										    : 0;
	return r->bid && r->bid(p, n) ? r->bits : 0;
}

const struct reader *reader_identify(const unsigned char *p, size_t n, const struct reader **tie)
{
	const struct reader *best = NULL;
	unsigned top = 0;
	*tie = NULL;
	for (size_t i = 0; i < nreaders; i++) {
		unsigned s = score(&readers[i], p, n);
		if (s > top)
			top = s, best = &readers[i], *tie = NULL;
		else if (s && s == top && strcmp(best->name, readers[i].name) != 0)
			*tie = &readers[i];
	}
	return *tie ? NULL : best;
}

void reader_what(const struct reader *r, char *buf, size_t n)
{
	static const char *const nouns[] = { "archive", "layout", "image", "specification",
					     "directory", "stream", "partition table", "archive" };
	snprintf(buf, n, "%s %s", r->name, nouns[r->kind]);
}

const struct reader *reader_find(enum reader_kind kind, const char *name)
{
	for (size_t i = 0; i < nreaders; i++)
		if (readers[i].kind == kind && !strcmp(readers[i].name, name))
			return &readers[i];
	return NULL;
}

const struct reader *reader_bid(const unsigned char *p, size_t n)
{
	const struct reader *tie, *r = reader_identify(p, n, &tie);
	return r && r->kind == R_IMAGE ? r : NULL;
}

const char *reader_kind_name(enum reader_kind kind)
{
	static const char *const names[] = { "archive", "layout", "image", "specification",
					     "directory", "compression", "partitions", "unread" };
	return names[kind];
}

void reader_names(enum reader_kind kind, char *buf, size_t n)
{
	size_t len = 0, count = 0, seen = 0;
	*buf = 0;
	for (size_t i = 0; i < nreaders; i++)
		count += readers[i].kind == kind;
	for (size_t i = 0; i < nreaders && len < n; i++)
		if (readers[i].kind == kind) {
			seen++;
			len += (size_t)snprintf(buf + len, n - len, "%s%s",
						seen == 1 ? "" : seen == count ? " and " : ", ",
						readers[i].name);
		}
}
