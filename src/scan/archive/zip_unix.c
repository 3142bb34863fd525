/* zip_unix.c - a zip's central directory (APPNOTE 4.3.12, 4.3.16): the
 * end record found in the file's last 65,557 bytes, then each 46-byte
 * central header with its name, extra fields and comment.  An entry made
 * on Unix (the high byte of "version made by" 3) keeps its st_mode in the
 * high 16 bits of its external attributes; a device's number is in the
 * PKWARE Unix extra field 0x000d, after its times and ids.  Every offset
 * and length is checked against the file's size (bounded.c), and only one
 * central header is held at a time. */
#include <config.h>

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "render/output.h"
#include "scan/input/bounded.h"
#include "scan/tree/tree.h"
#include "scan/archive/zip_unix.h"
#include "scan/input/source.h"
#include "scan/input/spool.h"

/* The end record is looked for in the last window of the file: an archive
 * comment of more than 65514 bytes hides it (APPNOTE allows 65535). */
enum { EOCD_BYTES = 22, EOCD_SEARCH = BOUNDED_WINDOW, CENTRAL_BYTES = 46, UNIX_EXTRA = 0x000d };
enum { TYPE_MASK = 0170000, IFCHR = 0020000, IFBLK = 0060000, MADE_ON_UNIX = 3 };

bool zip_bid(const unsigned char *p, size_t n)
{
	return n >= 4 && p[0] == 'P' && p[1] == 'K' &&
	       ((p[2] == 3 && p[3] == 4) || (p[2] == 5 && p[3] == 6));
}

/* The end of central directory record: its place in *at; false, said. */
static bool end_record(struct tree *t, struct bounded *b, uint64_t *at)
{
	uint64_t from = b->size > EOCD_SEARCH ? b->size - EOCD_SEARCH : 0;
	const unsigned char *p = b->size >= EOCD_BYTES ? bounded_at(b, from, (size_t)(b->size - from))
							: NULL;
	for (uint64_t i = p ? b->size - from - EOCD_BYTES + 1 : 0; i-- > 0;)
		if (le32(p + i) == 0x06054b50) {
			*at = from + i;
			return true;
		}
	tree_fault(t, "zip", "no end of central directory record in its last 65536 bytes");
	return false;
}

/* The device number in the extra fields x (n bytes): true, *t set;
 * false when no 0x000d field holds one. */
static bool unix_extra(const unsigned char *x, size_t n, struct devnum_fields *f)
{
	for (size_t i = 0; i + 4 <= n;) {
		size_t size = le16(x + i + 2);
		if (i + 4 + size > n)
			return false;
		if (le16(x + i) == UNIX_EXTRA && size == 12 + 8) { /* times, ids, then the device */
			*f = (struct devnum_fields){ 2, 3, { le32(x + i + 16), le32(x + i + 20) } };
			return true;
		}
		i += 4 + size;
	}
	return false;
}

/* The central header at *at: a record for a device, *at past it; false
 * when it is none, or lies (said). */
static bool central(struct tree *t, struct bounded *b, uint64_t *at)
{
	const unsigned char *h = bounded_at(b, *at, CENTRAL_BYTES);
	char why[160];
	if (!h || le32(h) != 0x02014b50) {
		snprintf(why, sizeof why, "no central directory header at byte %llu",
			 (unsigned long long)*at);
		tree_fault(t, "zip", h ? why : b->why);
		return false;
	}
	size_t name = le16(h + 28), extra = le16(h + 30), comment = le16(h + 32);
	uint32_t mode = le32(h + 38) >> 16;
	bool on_unix = h[5] == MADE_ON_UNIX;
	const unsigned char *p = name + extra <= BOUNDED_WINDOW
		? bounded_at(b, *at + CENTRAL_BYTES, name + extra) : NULL;
	if (!p) {
		snprintf(why, sizeof why, "the central header at byte %llu: a name and extra fields "
			 "of %zu bytes, past the file or more than 65536", (unsigned long long)*at,
			 name + extra);
		tree_fault(t, "zip", why);
		return false;
	}
	t->sc->seg.entries++;
	size_t base;
	uint32_t type = mode & TYPE_MASK;
	if (on_unix && (type == IFCHR || type == IFBLK) && name && !memchr(p, 0, name) &&
	    tree_push(t, (const char *)p, name, &base)) {
		struct entry e = { .path = t->path + 1, .type = type == IFBLK ? "block" : "char",
				   .device = true, .number = E_FIELDS };
		if (!unix_extra(p + name, extra, &e.f)) {
			e.number = E_UNKNOWN;
			e.first[e.nfirst++] = (struct entry_found){ F_UNKNOWN, "a device entry with no "
				"PKWARE Unix extra field (0x000d): its number is not stored" };
		}
		tree_record(t, &e);
		tree_pop(t, base);
	}
	*at += CENTRAL_BYTES + name + extra + comment;
	return true;
}

int scan_zip(struct scan *sc, int fd)
{
	struct tree t;
	struct bounded b;
	uint64_t eocd, at;
	tree_start(&t, sc, "zip", "zip");
	sc->segment = 1;
	if (!bounded_open(&b, fd, 0, 0)) {
		tree_fault(&t, "zip", b.why);
		return tree_end(&t);
	}
	if (end_record(&t, &b, &eocd)) {
		const unsigned char *e = bounded_at(&b, eocd, EOCD_BYTES); /* found there: it is */
		uint32_t count = le16(e + 10);
		at = le32(e + 16);
		if (le16(e + 10) == 0xffff || le32(e + 16) == 0xffffffff)
			tree_fault(&t, "zip", "a ZIP64 archive, whose central directory scan does not read");
		for (uint32_t i = 0; i < count && !out_failed() && count != 0xffff; i++)
			if (!central(&t, &b, &at))
				break;
	}
	bounded_close(&b);
	int status = tree_end(&t);
	scan_summary(sc);
	return status;
}

int scan_zip_stream(struct scan *sc, struct source *src)
{
	char why[300];
	int fd = src->seekable ? src->fd : spool(src, NULL, &sc->spooled, why, sizeof why);
	if (fd < 0)
		return scan_error(sc, why);
	int status = scan_zip(sc, fd);
	if (fd != src->fd)
		close(fd);
	return status;
}
