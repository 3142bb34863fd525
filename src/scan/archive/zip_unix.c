/* zip_unix.c - a zip's central directory (APPNOTE 4.3.12, 4.3.16): the
 * end record found in the file's last 65,557 bytes, then each 46-byte
 * central header with its name, extra fields and comment, an entry a
 * step.  An entry made on Unix (the high byte of "version made by" 3)
 * keeps its st_mode in the high 16 bits of its external attributes; a
 * device's number is in the PKWARE Unix extra field 0x000d, after its
 * times and ids.  A file's data, after its local header (4.3.7), is
 * handed out stored (in place) or deflated (inflated by zlib as it is
 * read), so that an input inside it is read.  Every offset and length is
 * checked against the file's size (bounded.c), and only one central
 * header is held at a time. */
#include <config.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "render/output.h"
#include "scan/archive/entries.h"
#include "scan/archive/zip_unix.h"
#include "scan/input/bounded.h"
#include "scan/input/inflater.h"
#include "scan/input/source.h"
#include "scan/libs/zlib_calls.h"

/* The end record is looked for in the last window of the file: an archive
 * comment of more than 65514 bytes hides it (APPNOTE allows 65535). */
enum { EOCD_BYTES = 22, EOCD_SEARCH = BOUNDED_WINDOW, CENTRAL_BYTES = 46, LOCAL_BYTES = 30,
       UNIX_EXTRA = 0x000d };
enum { TYPE_MASK = 0170000, IFCHR = 0020000, IFBLK = 0060000, IFREG = 0100000, IFDIR = 0040000,
       MADE_ON_UNIX = 3 };
enum { STORED = 0, DEFLATED = 8, ENCRYPTED = 1 };

bool zip_bid(const unsigned char *p, size_t n)
{
	return n >= 4 && p[0] == 'P' && p[1] == 'K' &&
	       ((p[2] == 3 && p[3] == 4) || (p[2] == 5 && p[3] == 6));
}

/* The reader as the dispatcher takes it, a step at a time (entries.h). */
struct zip {
	struct entries it;     /* first: the dispatcher holds &it */
	struct scan *sc;
	struct ending *end;
	const devnum_container *c;
	struct bounded b;
	int fd;                /* the zip's file: the input's, or a temporary copy */
	uint32_t count, done;  /* central headers, and those read */
	uint64_t at;           /* the next one's place */
	/* the data of the file handed out last: where, how long, how stored */
	struct file_window data;
	unsigned method;
	bool inflating;
	const struct zlib_calls *z;
	struct inflater inflater;
	char name[BOUNDED_WINDOW + 1];
	char said[600];        /* a step's warning */
	char failed[400];      /* why a read of the data handed out failed, or "" */
};

/* The step failed or fatal, why said after "zip: ". */
static enum step_kind fault(struct entry_step *s, enum step_kind k, const char *why)
{
	snprintf(s->why, sizeof s->why, "zip: %.380s", why);
	return k;
}

/* The end of central directory record: its place in *at; NULL, or why
 * not. */
static const char *end_record(struct bounded *b, uint64_t *at)
{
	uint64_t from = b->size > EOCD_SEARCH ? b->size - EOCD_SEARCH : 0;
	const unsigned char *p = b->size >= EOCD_BYTES ? bounded_at(b, from, (size_t)(b->size - from))
							: NULL;
	for (uint64_t i = p ? b->size - from - EOCD_BYTES + 1 : 0; i-- > 0;)
		if (le32(p + i) == 0x06054b50) {
			*at = from + i;
			return NULL;
		}
	return "no end of central directory record in its last 65536 bytes";
}

/* The device number in the extra fields x (n bytes): true, *f set;
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

/* The data of the file whose central header is h, handed out in s where
 * scan can read it; else a warning that says why not.  false, said, when
 * its local header is not where h says. */
static bool file_data(struct zip *r, struct entry_step *s, const unsigned char *h)
{
	uint32_t size = le32(h + 20), local = le32(h + 42);
	unsigned method = le16(h + 10), flags = le16(h + 8);
	char q[300];
	quote(q, sizeof q, r->name, strlen(r->name));
	if (!le32(h + 24))
		return true;
	if (flags & ENCRYPTED || (method != STORED && method != DEFLATED) ||
	    size == 0xffffffff || local == 0xffffffff) {
		snprintf(r->said, sizeof r->said, "'%s': %s: an input inside it is not looked for", q,
			 flags & ENCRYPTED ? "encrypted" : method != STORED && method != DEFLATED
			 ? "compressed by a method scan does not inflate (only stored and deflated)"
			 : "a ZIP64 member, whose local header scan does not read");
		s->warning = r->said;
		return true;
	}
	char err[300];
	if (method == DEFLATED && !r->z && !(r->z = zlib_calls(&r->sc->libs->zlib, err, sizeof err))) {
		snprintf(r->said, sizeof r->said, "'%s': deflated, and %.200s: an input inside it "
			 "is not looked for", q, err);
		s->warning = r->said;
		return true;
	}
	const unsigned char *l = bounded_at(&r->b, local, LOCAL_BYTES);
	uint64_t at = l ? local + LOCAL_BYTES + le16(l + 26) + (uint64_t)le16(l + 28) : 0;
	if (!l || le32(l) != 0x04034b50 || at > r->b.size || size > r->b.size - at) {
		snprintf(s->why, sizeof s->why, "'%s': no local header at byte %lu, or its data "
			 "past the end of the file", q, (unsigned long)local);
		return false;
	}
	r->data = (struct file_window){ r->fd, r->b.base + at, size }, r->method = method;
	s->data = true;
	if (method == STORED)
		s->fd = r->fd, s->at = r->b.base + at, s->size = size;
	return true;
}

/* The entry of the central header at r->at: handed out in s, r->at past
 * it; false, said, when there is none or it lies. */
static enum step_kind central(struct zip *r, struct entry_step *s)
{
	const unsigned char *h = bounded_at(&r->b, r->at, CENTRAL_BYTES);
	char why[160];
	if (!h || le32(h) != 0x02014b50) {
		snprintf(why, sizeof why, "no central directory header at byte %llu",
			 (unsigned long long)r->at);
		return fault(s, STEP_FATAL, h ? why : r->b.why);
	}
	size_t name = le16(h + 28), extra = le16(h + 30), comment = le16(h + 32);
	uint32_t mode = le32(h + 38) >> 16, type = mode & TYPE_MASK;
	bool on_unix = h[5] == MADE_ON_UNIX;
	unsigned char head[CENTRAL_BYTES];
	memcpy(head, h, sizeof head); /* the window moves for the name */
	const unsigned char *p = name + extra <= BOUNDED_WINDOW
		? bounded_at(&r->b, r->at + CENTRAL_BYTES, name + extra) : NULL;
	if (!p) {
		snprintf(why, sizeof why, "the central header at byte %llu: a name and extra fields "
			 "of %zu bytes, past the file or more than 65536", (unsigned long long)r->at,
			 name + extra);
		return fault(s, STEP_FATAL, why);
	}
	r->at += CENTRAL_BYTES + name + extra + comment;
	r->done++;
	memcpy(r->name, p, name);
	r->name[name] = 0;
	if (memchr(p, 0, name))
		return fault(s, STEP_FAILED, "a central header whose name holds a NUL");
	s->x.path = r->name, s->x.format_name = "zip", s->x.c = r->c;
	if (on_unix && (type == IFCHR || type == IFBLK)) {
		struct devnum_fields f;
		s->x.type = type == IFBLK ? AE_IFBLK : AE_IFCHR;
		if (unix_extra(p + name, extra, &f))
			s->x.major = f.value[0], s->x.minor = f.value[1], s->x.fields = true;
		else
			s->x.unknown = "a device entry with no PKWARE Unix extra field (0x000d): its "
				       "number is not stored";
		s->x.stored = s->x.fields;
		s->recorded = true;
		return STEP_ENTRY;
	}
	bool dir = on_unix ? type == IFDIR : name && p[name - 1] == '/';
	if (dir || (on_unix && type != IFREG)) {
		s->x.type = dir ? AE_IFDIR : type;
		return STEP_ENTRY;
	}
	s->x.type = AE_IFREG;
	return file_data(r, s, head) ? STEP_ENTRY : STEP_FAILED;
}

static void inflate_end(struct zip *r)
{
	if (r->inflating)
		inflater_close(&r->inflater);
	r->inflating = false;
}

static enum step_kind zip_step(struct entries *entries, struct entry_step *s)
{
	struct zip *r = (struct zip *)entries;
	entry_step_start(s);
	s->x = (struct archived){ 0 };
	inflate_end(r);
	*r->failed = 0;
	if (r->done == r->count)
		return r->end->eof = true, STEP_END;
	return central(r, s);
}

static ssize_t data_read(void *data, unsigned char *p, size_t n, const char **why)
{
	struct zip *r = data;
	*why = NULL;
	ssize_t got = r->method == STORED ? file_window_pull(&r->data, p, n, why)
					  : inflater_pull(&r->inflater, p, n, why);
	if (got < 0 && !*r->failed) {
		char q[300];
		quote(q, sizeof q, r->name, strlen(r->name));
		snprintf(r->failed, sizeof r->failed, "'%s': %s", q, *why ? *why : strerror(errno));
	}
	return got;
}

static const char *zip_failed(struct entries *entries)
{
	struct zip *r = (struct zip *)entries;
	return *r->failed ? r->failed : NULL;
}

static int zip_data(struct entries *entries, struct source *data)
{
	struct zip *r = (struct zip *)entries;
	if (r->method == DEFLATED) { /* zlib loaded when the entry was handed out */
		if (inflater_open(&r->inflater, r->z, INFLATE_RAW, file_window_pull, &r->data) < 0)
			return errno = ENOMEM, -1;
		r->inflating = true;
	}
	return source_pulled(data, r->sc->la, data_read, r);
}

static void zip_close(struct entries *entries)
{
	struct zip *r = (struct zip *)entries;
	inflate_end(r);
	bounded_close(&r->b);
	free(r);
}

struct entries *zip_entries(struct scan *sc, struct source *src, struct ending *end)
{
	struct zip *r = malloc(sizeof *r);
	const char *why = NULL;
	uint64_t eocd;
	if (!r)
		return snprintf(end->why, sizeof end->why, "memory exhausted"), NULL;
	*r = (struct zip){ { zip_step, zip_data, NULL, zip_close, zip_failed }, .sc = sc, .end = end,
			   .c = devnum_container_find("zip") };
	sc->file = r->fd = src->fd; /* seekable: its row says it seeks (readers.c) */
	sc->file_base = src->pos;
	if (!src->seekable)
		why = "read from a stream: the dispatcher copies one to a file first";
	else if (!bounded_open(&r->b, r->fd, src->pos, 0))
		why = r->b.why;
	else if (!(why = end_record(&r->b, &eocd))) {
		const unsigned char *e = bounded_at(&r->b, eocd, EOCD_BYTES); /* found there: it is */
		r->count = le16(e + 10), r->at = le32(e + 16);
		if (r->count == 0xffff || r->at == 0xffffffff)
			why = "a ZIP64 archive, whose central directory scan does not read";
	}
	if (why) {
		snprintf(end->why, sizeof end->why, "zip: %s", why);
		return zip_close(&r->it), NULL;
	}
	return &r->it;
}
