/* cpio_hp.c - the rest of an HP-UX odc or bin cpio, from its first entry
 * that HP-UX's convention wrote (cpio_hp.h), read header by header: odc's
 * 76 bytes of octal digits, bin's 26 of 16-bit words in the archive's
 * byte order (its 32-bit fields high word first), the name after each,
 * bin padding header, name and data to even lengths.  A name is at most
 * CPIO_NAME_MAX bytes and data is skipped, never kept: memory stays
 * bounded whatever a header claims. */
#include <config.h>

#include <stdio.h>
#include <string.h>

#include "render/output.h"
#include "scan/archive/cpio_hp.h"

enum { ODC_BYTES = 76, BIN_BYTES = 26, CPIO_NAME_MAX = 4096 };
enum { TYPE_MASK = 0170000, IFIFO = 0010000, IFCHR = 0020000, IFBLK = 0060000,
       IFSOCK = 0140000 };

struct header {
	uint64_t mode, rdev, namesize, filesize;
};

bool cpio_hp_mark(const struct archive_calls *la, struct archive_entry *e, int format,
		  unsigned type)
{
	bool odc_or_bin = format == ARCHIVE_FORMAT_CPIO_POSIX ||
			  format == ARCHIVE_FORMAT_CPIO_BIN_LE || format == ARCHIVE_FORMAT_CPIO_BIN_BE;
	bool special = type == AE_IFCHR || type == AE_IFBLK || type == AE_IFIFO ||
		       type == AE_IFSOCK;
	return odc_or_bin && special && la->archive_entry_rdev(e) == 1 &&
	       la->archive_entry_size(e) > 0;
}

/* The n octal digits at p: true, the value in *v. */
static bool octal(const unsigned char *p, size_t n, uint64_t *v)
{
	*v = 0;
	for (size_t i = 0; i < n; i++) {
		if (p[i] < '0' || p[i] > '7')
			return false;
		*v = *v << 3 | (uint64_t)(p[i] - '0');
	}
	return true;
}

/* odc: magic, dev, ino, mode, uid, gid, nlink, rdev (6 digits each),
 * mtime (11), namesize (6), filesize (11). */
static bool odc(const unsigned char *h, struct header *out)
{
	uint64_t magic;
	return octal(h, 6, &magic) && magic == 070707 && octal(h + 18, 6, &out->mode) &&
	       octal(h + 42, 6, &out->rdev) && octal(h + 59, 6, &out->namesize) &&
	       octal(h + 65, 11, &out->filesize);
}

/* bin: 13 words, the 32-bit mtime and filesize high word first. */
static bool bin(const unsigned char *h, bool big, struct header *out)
{
	uint64_t w[13];
	for (size_t i = 0; i < 13; i++)
		w[i] = big ? (uint64_t)h[2 * i] << 8 | h[2 * i + 1] : (uint64_t)h[2 * i + 1] << 8 | h[2 * i];
	*out = (struct header){ w[3], w[7], w[10], w[11] << 16 | w[12] };
	return w[0] == 070707;
}

/* GNU cpio's reading (copyin.c): a special file whose rdev is 0:1 and
 * whose size is not 0 has its number in the size, and no data. */
static bool hp_fixed(struct header *h)
{
	uint64_t type = h->mode & TYPE_MASK;
	if ((type != IFCHR && type != IFBLK && type != IFIFO && type != IFSOCK) || h->rdev != 1 ||
	    !h->filesize)
		return false;
	h->rdev = h->filesize;
	h->filesize = 0;
	return true;
}

static unsigned entry_type(uint64_t mode)
{
	switch (mode & TYPE_MASK) {
	case IFCHR: return AE_IFCHR;
	case IFBLK: return AE_IFBLK;
	case IFIFO: return AE_IFIFO;
	case IFSOCK: return AE_IFSOCK;
	case 0040000: return AE_IFDIR;
	case 0120000: return AE_IFLNK;
	default: return AE_IFREG;
	}
}

/* The header at src->pos and its name: 1, src->pos at the data; 0 at
 * the trailer, src->pos past it; -1 with why. */
static int next_header(struct source *src, int format, struct header *h, char *name, char *why,
		size_t size)
{
	unsigned char head[ODC_BYTES];
	bool is_bin = format != ARCHIVE_FORMAT_CPIO_POSIX;
	size_t len = is_bin ? BIN_BYTES : ODC_BYTES;
	uint64_t at = src->pos;
	if (!source_take(src, head, len))
		return snprintf(why, size, "a header cut short at byte %llu",
				(unsigned long long)at), -1;
	if (!(is_bin ? bin(head, format == ARCHIVE_FORMAT_CPIO_BIN_BE, h) : odc(head, h)))
		return snprintf(why, size, "no cpio header at byte %llu", (unsigned long long)at), -1;
	if (!h->namesize || h->namesize > CPIO_NAME_MAX)
		return snprintf(why, size, "the header at byte %llu: a name of %llu bytes (1 to %d)",
				(unsigned long long)at, (unsigned long long)h->namesize, CPIO_NAME_MAX), -1;
	size_t n = (size_t)h->namesize + (is_bin && (len + h->namesize) % 2);
	if (!source_take(src, (unsigned char *)name, n))
		return snprintf(why, size, "the name at byte %llu cut short",
				(unsigned long long)at + len), -1;
	name[h->namesize - 1] = 0;
	return strcmp(name, "TRAILER!!!") != 0;
}

/* The record of an entry, as archive_entry.c would make libarchive's. */
static int record(struct scan *sc, const struct header *h, bool hp, const char *name, int format,
		  const char *format_name)
{
	struct archived x = { .path = name, .format_name = format_name, .format = format,
			      .type = entry_type(h->mode), .raw = true, .rdev = h->rdev };
	x.c = hp ? devnum_container_find(format == ARCHIVE_FORMAT_CPIO_POSIX ? "cpio-hpodc"
									      : "cpio-hpbin")
		 : scan_container(sc, format, &x.raw);
	x.stored = x.rdev != 0;
	bool device = x.type == AE_IFCHR || x.type == AE_IFBLK;
	sc->seg.devices += device;
	return device || x.stored ? scan_entry(sc, &x) : EXIT_OK;
}

int cpio_hp(struct scan *sc, struct source *src, uint64_t at, int format,
	    const char *format_name, uintmax_t *entries, bool *ended)
{
	struct header h;
	char name[CPIO_NAME_MAX + 1], why[200];
	int status = EXIT_OK, more = 1;
	bool is_bin = format != ARCHIVE_FORMAT_CPIO_POSIX;
	src->pos = at;
	*ended = false;
	while (!out_failed() && (more = next_header(src, format, &h, name, why, sizeof why)) > 0) {
		++*entries, sc->seg.entries++;
		bool hp = hp_fixed(&h);
		status = status_max(status, record(sc, &h, hp, name, format, format_name));
		src->pos += h.filesize + (is_bin && h.filesize % 2);
	}
	if (more < 0)
		return status_max(status, scan_trouble(sc, src->err ? source_error(src) : why, *entries,
						       TROUBLE_ARCHIVE));
	*ended = more == 0;
	return status;
}
