/* readers.c - the table of what scan reads.  A new file-system image is
 * its reader's file and one row here; a new specification its parser
 * in spec_formats.c and one row. */
#include <config.h>

#include <stdio.h>
#include <string.h>

#include "scan/image.h"
#include "scan/readers.h"
#include "scan/spec.h"

const struct reader readers[] = {
	{ "tar", R_ARCHIVE, "libarchive", NULL, NULL, NULL },
	{ "cpio", R_ARCHIVE, "libarchive", NULL, NULL, NULL },
	{ "iso9660", R_ARCHIVE, "libarchive", NULL, NULL, NULL },
	{ "mtree", R_ARCHIVE, "libarchive", NULL, NULL, NULL },
	{ "oci-layout", R_LAYOUT, NULL, NULL, NULL, NULL },
	{ "staging-tree", R_TREE, NULL, NULL, NULL, NULL },
	{ "ext2", R_IMAGE, "libext2fs", scan_ext, bid_ext2, NULL },
	{ "ext3", R_IMAGE, "libext2fs", scan_ext, bid_ext3, NULL },
	{ "ext4", R_IMAGE, "libext2fs", scan_ext, bid_ext4, NULL },
	{ "squashfs", R_IMAGE, "libsquashfs", scan_squashfs, bid_squashfs, NULL },
	{ "erofs", R_IMAGE, NULL, scan_erofs, bid_erofs, NULL },
	{ "cramfs", R_IMAGE, NULL, scan_cramfs, bid_cramfs, NULL },
	{ "gen_init_cpio", R_SPEC, NULL, NULL, NULL, &spec_initramfs },
	{ "gensquashfs", R_SPEC, NULL, NULL, NULL, &spec_gensquashfs },
	{ "pseudo", R_SPEC, NULL, NULL, NULL, &spec_pseudo },
	{ "device-table", R_SPEC, NULL, NULL, NULL, &spec_table },
	{ "tmpfiles", R_SPEC, NULL, NULL, NULL, &spec_tmpfiles },
	{ "fakeroot", R_SPEC, NULL, NULL, NULL, &spec_fakeroot },
	{ "composefs", R_SPEC, NULL, NULL, NULL, &spec_composefs },
	{ "oci-runtime", R_SPEC, NULL, NULL, NULL, &spec_oci },
	{ "cdi", R_SPEC, NULL, NULL, NULL, &spec_cdi },
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
					     "directory" };
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
