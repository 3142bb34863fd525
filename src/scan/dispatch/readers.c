/* readers.c - the table of what scan reads.  A new file-system image is
 * its reader's file, its two functions declared in image.h and one row
 * here; a new specification its parser in spec_formats.c, declared in
 * spec.h, and one row. */
#include <config.h>

#include <stdio.h>
#include <string.h>

#include "scan/image/image.h"
#include "scan/dispatch/readers.h"
#include "scan/specification/spec.h"

#define ARCHIVE(name) { name, R_ARCHIVE, "libarchive", NULL, NULL, NULL, false }
#define IMAGE(name, library, read, bid) { name, R_IMAGE, library, read, bid, NULL, false }
#define SPEC(name, format) { name, R_SPEC, NULL, NULL, NULL, &(format), false }
#define COMPRESSION(name, library) { name, R_COMPRESSION, library, NULL, NULL, NULL, false }
#ifdef HAVE_ISAL
#define INFLATER "libisal"
#else
#define INFLATER "libarchive"
#endif

const struct reader readers[] = {
	ARCHIVE("tar"), ARCHIVE("cpio"), ARCHIVE("iso9660"), ARCHIVE("mtree"), ARCHIVE("xar"),
	ARCHIVE("ar"), /* a Debian package's */
	/* its headers by devnum's reader (rpm_header.c), its cpio payload by libarchive */
	{ "rpm", R_ARCHIVE, "devnum", NULL, NULL, NULL, false },
	/* casync's catar and Proxmox's pxar, by devnum's reader (catar.c) */
	{ "catar", R_ARCHIVE, "devnum", NULL, NULL, NULL, false },
	{ "pxar", R_ARCHIVE, "devnum", NULL, NULL, NULL, false },
	/* zip's central directory and its 0x000d fields, by devnum's reader (zip_unix.c) */
	{ "zip", R_ARCHIVE, "devnum", NULL, NULL, NULL, false },
	{ "oci-layout", R_LAYOUT, NULL, NULL, NULL, NULL, false },
	{ "staging-tree", R_TREE, NULL, NULL, NULL, NULL, false },
	IMAGE("ext2", "libext2fs", scan_ext, bid_ext2),
	IMAGE("ext3", "libext2fs", scan_ext, bid_ext3),
	IMAGE("ext4", "libext2fs", scan_ext, bid_ext4),
	IMAGE("squashfs", "libsquashfs", scan_squashfs, bid_squashfs),
	IMAGE("erofs", NULL, scan_erofs, bid_erofs),
	IMAGE("cramfs", NULL, scan_cramfs, bid_cramfs),
#ifdef HAVE_WIM
	{ "wim", R_IMAGE, "libwim", scan_wim, bid_wim, NULL, true },
#endif
	SPEC("gen_init_cpio", spec_initramfs), SPEC("gensquashfs", spec_gensquashfs),
	SPEC("pseudo", spec_pseudo), SPEC("device-table", spec_table),
	SPEC("tmpfiles", spec_tmpfiles), SPEC("fakeroot", spec_fakeroot),
	SPEC("composefs", spec_composefs), SPEC("oci-runtime", spec_oci), SPEC("cdi", spec_cdi),
	COMPRESSION("gzip", INFLATER), COMPRESSION("bzip2", "libarchive"),
	COMPRESSION("xz", "libarchive"), COMPRESSION("lzma", "libarchive"),
	COMPRESSION("lzip", "libarchive"), COMPRESSION("zstd", "libarchive"),
	COMPRESSION("lz4", "libarchive"), COMPRESSION("compress", "libarchive"),
};
const size_t nreaders = sizeof readers / sizeof readers[0];

const struct reader *reader_find(enum reader_kind kind, const char *name)
{
	for (size_t i = 0; i < nreaders; i++)
		if (readers[i].kind == kind && !strcmp(readers[i].name, name))
			return &readers[i];
	return NULL;
}

const struct reader *reader_bid(const unsigned char *p, size_t n)
{
	for (size_t i = 0; i < nreaders; i++)
		if (readers[i].bid && readers[i].bid(p, n))
			return &readers[i];
	return NULL;
}

const char *reader_kind_name(enum reader_kind kind)
{
	static const char *const names[] = { "archive", "layout", "image", "specification",
					     "directory", "compression" };
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
