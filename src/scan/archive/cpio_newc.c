/* cpio_newc.c - SVR4 cpio (newc, crc) read header by header from a
 * source: every field checked as hex before it is read, a name bounded
 * before it is taken, data skipped by moving the source's position (a
 * file is not read, a stream is read through in blocks).  Nothing is
 * kept of an entry past the next, but the names of those whose other
 * links are still to come, bounded in count and bytes. */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scan/archive/cpio_newc.h"

/* v, 8 bytes loaded from memory, as the little-endian machine sees them:
 * the first byte lowest. */
static inline uint64_t le64(uint64_t v)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	return __builtin_bswap64(v);
#else
	return v;
#endif
}

enum { HEADER = 110, FIELDS = 13 };
enum { F_INO, F_MODE, F_UID, F_GID, F_NLINK, F_MTIME, F_FILESIZE, F_DEVMAJOR, F_DEVMINOR,
       F_RDEVMAJOR, F_RDEVMINOR, F_NAMESIZE, F_CHECK };

/* The links pending at most, and the bytes of their names. */
#define NEWC_LINKS_MAX ((size_t)1 << 16)
#define NEWC_LINK_BYTES ((size_t)16 << 20)

struct newc_link {
	uint32_t devmajor, devminor, ino;
	uint32_t left;      /* links still to come; 0: a slot free for the same key */
	char *name;         /* NULL: a slot never taken */
};

#define ONES UINT64_C(0x0101010101010101)
#define HIGH (ONES * 0x80)

/* Whether every byte of v, each below 0x80, is at least lo and at most
 * hi: the high bit of each set where it is (a byte plus 0x80 - lo
 * carries into its high bit only from lo on, and never into the next). */
static inline uint64_t in_range(uint64_t v, unsigned lo, unsigned hi)
{
	return ((v + ONES * (0x80 - lo)) & ~(v + ONES * (0x7f - hi))) & HIGH;
}

/* Eight hex digits, the first the most significant, as one number: false
 * where one is no hex digit.  Eight at once: a header has 104 of them. */
static inline bool hex8(const unsigned char *p, uint32_t *out)
{
	uint64_t v;
	memcpy(&v, p, 8);
	v = le64(v);
	uint64_t lower = v | ONES * 0x20; /* A-F as a-f; digits stay */
	if ((v & HIGH) || (in_range(v, '0', '9') | in_range(lower, 'a', 'f')) != HIGH)
		return false;
	/* a digit's low nibble, nine more for a letter (bit 6 set) */
	uint64_t d = (v & ONES * 0x0f) + ((v >> 6) & ONES) * 9;
	d = (d & ONES * 0x0f) << 4 | (d >> 8 & ONES * 0x0f); /* two digits a 16-bit lane */
	d &= UINT64_C(0x00ff00ff00ff00ff);
	d = (d & UINT64_C(0x000000ff000000ff)) << 8 | (d >> 16 & UINT64_C(0x000000ff000000ff));
	*out = (uint32_t)((d & 0xffff) << 16 | (d >> 32 & 0xffff));
	return true;
}

/* The 13 fields after the magic: false where a byte is no hex digit. */
static bool fields(const unsigned char *h, uint32_t *f)
{
	bool good = true;
	for (unsigned i = 0; i < FIELDS; i++)
		good &= hex8(h + 6 + 8 * i, &f[i]);
	return good;
}

static bool magic(const unsigned char *p)
{
	return !memcmp(p, "07070", 5) && (p[5] == '1' || p[5] == '2');
}

bool newc_bid(const unsigned char *p, size_t n)
{
	uint32_t f[FIELDS];
	return n >= HEADER && magic(p) && fields(p, f);
}

int newc_open(struct newc *r, struct source *src)
{
	*r = (struct newc){ .src = src };
	r->name = malloc(NEWC_NAME_MAX);
	return r->name ? 0 : -1;
}

void newc_close(struct newc *r)
{
	for (size_t i = 0; i < r->slots; i++)
		free(r->links[i].name);
	free(r->links);
	free(r->name);
}

/* The slot of a key: its own, or the free one where it would go. */
static size_t slot_of(const struct newc *r, uint32_t devmajor, uint32_t devminor, uint32_t ino)
{
	uint64_t h = ((uint64_t)devmajor * 0x9e3779b97f4a7c15u) ^ ((uint64_t)devminor << 32 | ino);
	h *= 0xff51afd7ed558ccdu;
	size_t mask = r->slots - 1;
	for (size_t i = (size_t)(h >> 32) & mask;; i = (i + 1) & mask) {
		const struct newc_link *l = &r->links[i];
		if (!l->name || (l->devmajor == devmajor && l->devminor == devminor && l->ino == ino))
			return i;
	}
}

/* Room for one more key in the table, at most half full. */
static bool room(struct newc *r)
{
	if (r->slots && r->nlinks < r->slots / 2)
		return true;
	if (r->nlinks >= NEWC_LINKS_MAX)
		return false;
	size_t slots = r->slots ? 2 * r->slots : 256, was = r->slots;
	struct newc_link *old = r->links, *l = calloc(slots, sizeof *l);
	if (!l)
		return false;
	r->links = l, r->slots = slots;
	for (size_t i = 0; i < was; i++)
		if (old[i].name)
			r->links[slot_of(r, old[i].devmajor, old[i].devminor, old[i].ino)] = old[i];
	free(old);
	return true;
}

/* libarchive's record_hardlink: an entry of several links whose dev and
 * ino an earlier one had, while that one's links last, is a link to its
 * name; else, with several links, it is the one the later ones name.  A
 * key whose links all came keeps its slot, taken again if it comes back. */
static void linked(struct newc *r, const uint32_t *f, size_t name_len)
{
	struct newc_link *l = NULL;
	r->link = NULL;
	if (f[F_NLINK] <= 1)
		return;
	if (r->slots)
		l = &r->links[slot_of(r, f[F_DEVMAJOR], f[F_DEVMINOR], f[F_INO])];
	if (l && l->name && l->left) {
		r->link = l->name;
		l->left--;
		return;
	}
	if (r->links_full || ((!l || !l->name) && !room(r)) ||
	    r->link_bytes + name_len + 1 > NEWC_LINK_BYTES) {
		r->links_full = true;
		return;
	}
	l = &r->links[slot_of(r, f[F_DEVMAJOR], f[F_DEVMINOR], f[F_INO])];
	if (l->name) { /* its links all came: the slot taken again */
		r->link_bytes -= strlen(l->name) + 1;
		free(l->name);
	} else {
		r->nlinks++;
	}
	*l = (struct newc_link){ f[F_DEVMAJOR], f[F_DEVMINOR], f[F_INO], f[F_NLINK] - 1, NULL };
	if (!(l->name = malloc(name_len + 1))) { /* a slot never taken again */
		l->name = NULL, l->left = 0, r->links_full = true;
		r->nlinks--;
		return;
	}
	memcpy(l->name, r->name, name_len + 1);
	r->link_bytes += name_len + 1;
}

static int failed(struct newc *r, const char *fmt, unsigned long long a)
{
	if (r->src->err || r->src->why)
		snprintf(r->why, sizeof r->why, "%s", source_error(r->src));
	else
		snprintf(r->why, sizeof r->why, fmt, a);
	return -1;
}

int newc_next(struct newc *r, struct archived *x)
{
	struct source *src = r->src;
	unsigned char h[HEADER];
	uint32_t f[FIELDS];
	uint64_t at = src->pos;
	const unsigned char *p;
	if (source_at(src, &p) == 0)
		return failed(r, "the input ends before the header at byte %llu (no TRAILER!!!, or "
			      "the data of the entry before cut short)", at);
	if (!source_take(src, h, HEADER))
		return failed(r, "cut short in the header at byte %llu", at);
	if (!magic(h) || !fields(h, f))
		return failed(r, "no cpio header at byte %llu (newc and crc have one after each "
			      "entry's data)", at);
	r->format = h[5] == '1' ? ARCHIVE_FORMAT_CPIO_SVR4_NOCRC : ARCHIVE_FORMAT_CPIO_SVR4_CRC;
	r->format_name = h[5] == '1' ? "ASCII cpio (SVR4 with no CRC)" : "ASCII cpio (SVR4 with CRC)";
	uint32_t n = f[F_NAMESIZE];
	if (n == 0 || n > NEWC_NAME_MAX)
		return failed(r, n ? "a header claims a name of %llu bytes (its NUL counted): more "
			      "than 65536, refused" : "a header claims a name of %llu bytes: not even "
			      "its NUL", n);
	if (!source_take(src, (unsigned char *)r->name, n))
		return failed(r, "cut short in the name of the header at byte %llu", at);
	if (r->name[n - 1] != '\0')
		return failed(r, "the name at byte %llu does not end in the NUL its size counts", at);
	src->pos += (4 - (HEADER + n) % 4) % 4;
	r->data_at = src->pos;
	r->data_size = f[F_FILESIZE];
	if (n == 11 && !memcmp(r->name, "TRAILER!!!", 11))
		return 0;
	linked(r, f, n - 1);
	*x = (struct archived){ .path = r->name, .link = r->link, .format = r->format,
				.format_name = r->format_name, .type = f[F_MODE] & 0170000,
				.major = f[F_RDEVMAJOR], .minor = f[F_RDEVMINOR] };
	x->stored = x->major || x->minor;
	return 1;
}

void newc_skip(struct newc *r)
{
	r->src->pos = r->data_at + r->data_size + (4 - r->data_size % 4) % 4;
}

/* The reader as the dispatcher takes it, a step at a time (entries.h). */
struct newc_entries {
	struct entries it; /* first: the dispatcher holds &it */
	struct newc r;
	struct scan *sc;
	struct ending *end;
	bool handed;       /* an entry was handed out, its data still to skip */
	bool told;         /* the warning that links went unnamed was said */
	struct source_window window; /* the data source's place in the entry's data */
};

static enum step_kind newc_step(struct entries *entries, struct entry_step *s)
{
	struct newc_entries *it = (struct newc_entries *)entries;
	struct newc *r = &it->r;
	entry_step_start(s);
	if (it->handed)
		newc_skip(r);
	int got = newc_next(r, &s->x);
	it->handed = got > 0;
	it->end->format = got > 0 ? s->x.format : r->format;
	if (got == 0)
		return it->end->eof = true, STEP_END;
	if (got < 0)
		return snprintf(s->why, sizeof s->why, "%s", r->why), STEP_FATAL;
	s->x.c = scan_container(it->sc, s->x.format, &s->x.raw);
	s->recorded = scan_recorded(&s->x);
	if (r->links_full && !it->told) /* said after the entry that made it so */
		s->warning = "more than 65536 files with links still to come: a later link to one "
			     "is not named as one", s->warn_after = it->told = true;
	s->data = s->x.type == AE_IFREG && r->data_size;
	if (s->data && r->src->seekable)
		s->fd = r->src->fd, s->at = r->data_at, s->size = r->data_size;
	return STEP_ENTRY;
}

static int newc_data(struct entries *entries, struct source *data)
{
	struct newc_entries *it = (struct newc_entries *)entries;
	it->window = (struct source_window){ it->r.src, it->r.data_at, it->r.data_size };
	return source_pulled(data, it->sc->la, source_window_pull, &it->window);
}

static void newc_free(struct entries *entries)
{
	struct newc_entries *it = (struct newc_entries *)entries;
	newc_close(&it->r);
	free(it);
}

struct entries *newc_entries(struct scan *sc, struct source *src, struct ending *end)
{
	struct newc_entries *it = malloc(sizeof *it);
	if (!it)
		return snprintf(end->why, sizeof end->why, "memory exhausted"), NULL;
	*it = (struct newc_entries){ { newc_step, newc_data, NULL, newc_free, NULL }, .sc = sc,
				     .end = end };
	if (newc_open(&it->r, src) < 0)
		return free(it), snprintf(end->why, sizeof end->why, "memory exhausted"), NULL;
	sc->file = src->seekable ? src->fd : -1;
	sc->file_base = src->pos;
	return &it->it;
}
