/* catar.c - a casync archive read item by item (casync's caformat.h and
 * cadecoder.c), or a Proxmox pxar archive, the same framing with types of
 * its own and a shorter ENTRY (the pxar crate's format/mod.rs; the first
 * pxar, proxmox-backup's, wrote casync's types): the root's ENTRY, then
 * for each child a FILENAME and its
 * ENTRY and, by its mode, a PAYLOAD, a SYMLINK, a DEVICE or, for a
 * directory, its own children and a GOODBYE that ends it; metadata items
 * (user, group, xattrs, ACLs, fcaps, SELinux) are passed over by their
 * size.  Only what makes an entry is kept: the path, the directories'
 * depth and the last ENTRY's mode.  An entry is handed out at its ENTRY,
 * a device's at its DEVICE and a file's at its PAYLOAD, whose bytes the
 * dispatcher may read as an input (a tar in a catar); a payload is never
 * held. */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scan/archive/catar.h"
#include "scan/archive/entries.h"
#include "scan/input/bounded.h"
#include "scan/tree/tree.h"

enum { HEAD = 16, DEVICE_BYTES = 32, NAME_MAX_BYTES = 256, ENTRY_MAX = 64 };

/* A format's item types, its ENTRY's sizes and where the mode is in it. */
struct dialect {
	const char *name;
	uint64_t entry, entry_v1, filename, device, payload, goodbye;
	unsigned entry_bytes, entry_v1_bytes, mode_at;
};

static const struct dialect dialects[] = {
	/* ENTRY: feature flags, mode, flags, uid, gid, mtime: 6 le64 */
	{ "catar", UINT64_C(0x1396fabcea5bbb51), 0, UINT64_C(0x6dbb6ebcb3161f0b),
	  UINT64_C(0xac3dace369dfe643), UINT64_C(0x8b9e1d93d6dcffc9), UINT64_C(0xdfd35c5e8327c403),
	  64, 0, 8 },
	/* ENTRY: mode, flags (le64), uid, gid (le32), mtime (le64 s, le32 ns,
	 * pad); ENTRY_V1's mtime one le64 */
	{ "pxar", UINT64_C(0xd5956474e588acef), UINT64_C(0x11da850a1c1cceff),
	  UINT64_C(0x16701121063917b3), UINT64_C(0x9fc9e906586d5ce9), UINT64_C(0x28147a1b0b7c1a25),
	  UINT64_C(0x2fec4fa642d5731d), 56, 48, 0 },
};
enum { TYPE_MASK = 0170000, IFDIR = 0040000, IFCHR = 0020000, IFBLK = 0060000, IFREG = 0100000 };


/* The dialect whose root ENTRY begins p, or NULL. */
static const struct dialect *dialect_of(const unsigned char *p, size_t n)
{
	for (size_t i = 0; n >= HEAD && i < sizeof dialects / sizeof dialects[0]; i++) {
		const struct dialect *d = &dialects[i];
		if ((le64(p + 8) == d->entry && le64(p) == d->entry_bytes) ||
		    (d->entry_v1 && le64(p + 8) == d->entry_v1 && le64(p) == d->entry_v1_bytes))
			return d;
	}
	return NULL;
}

bool catar_bid(const unsigned char *p, size_t n)
{
	return dialect_of(p, n) != NULL;
}

/* The reader as the dispatcher takes it, a step at a time (entries.h). */
struct catar {
	struct entries it;     /* first: the dispatcher holds &it */
	struct scan *sc;
	struct source *src;
	struct ending *end;
	const struct dialect *d;
	const devnum_container *c; /* catar's, found once */
	uint64_t mode;         /* the last ENTRY's */
	uint64_t held_size, held_type; /* an item read and not yet taken */
	bool held;
	bool awaiting;         /* a device's or file's ENTRY came, its DEVICE or PAYLOAD not yet */
	bool named;            /* a FILENAME came, its ENTRY not yet */
	uint64_t data_at, next_at; /* the payload handed out, and the item after it */
	struct source_window window;
	bool handed;
	unsigned open;         /* directories open below the root */
	size_t base[TREE_DEPTH_MAX + 1]; /* each open directory's path length */
	size_t len;
	char path[4096];       /* the entry's, from the root: "" for it */
};

/* The step failed or fatal, why said of `what`: the path, or the format
 * where there is none yet. */
static enum step_kind fault(struct catar *r, struct entry_step *s, enum step_kind k,
			    const char *why)
{
	const char *what = r->len ? r->path : r->d->name;
	size_t n = strlen(what);
	if (n > 280) /* a long path's end, so that the reason stays whole */
		what += n - 277;
	snprintf(s->why, sizeof s->why, "%s%.280s: %.110s", n > 280 ? "..." : "", what, why);
	return k;
}

/* The item at src->pos: its size and type, src->pos past the head:
 * STEP_ENTRY; STEP_END at the stream's end, between items; else the
 * fault, said. */
static enum step_kind item(struct catar *r, struct entry_step *s, uint64_t *size, uint64_t *type)
{
	unsigned char h[HEAD];
	const unsigned char *p;
	uint64_t at = r->src->pos;
	char why[120];
	if (r->held)
		return *size = r->held_size, *type = r->held_type, r->held = false, STEP_ENTRY;
	if (source_at(r->src, &p) == 0)
		return STEP_END;
	if (!source_take(r->src, h, sizeof h)) {
		snprintf(why, sizeof why, "an item cut short at byte %llu", (unsigned long long)at);
		return r->len = 0, fault(r, s, STEP_FATAL, why);
	}
	*size = le64(h), *type = le64(h + 8);
	if (*size < HEAD || *size - HEAD > UINT64_MAX - r->src->pos) {
		snprintf(why, sizeof why, "an item at byte %llu of %llu bytes: less than its head, "
			 "or past any input's end", (unsigned long long)at, (unsigned long long)*size);
		return r->len = 0, fault(r, s, STEP_FATAL, why);
	}
	return STEP_ENTRY;
}

/* The rest of an item, n bytes, passed over: true; false, said, when the
 * input ends before its last byte. */
static bool skip(struct catar *r, struct entry_step *s, uint64_t n)
{
	const unsigned char *p;
	char why[100];
	if (!n)
		return true;
	r->src->pos += n - 1;
	if (source_at(r->src, &p) > 0) {
		r->src->pos++;
		return true;
	}
	snprintf(why, sizeof why, "an item cut short before byte %llu",
		 (unsigned long long)r->src->pos + 1);
	r->len = 0, fault(r, s, STEP_FATAL, why);
	return false;
}

/* The payload of an item of `size` bytes into buf (n bytes, what the
 * type's payload is): false, said, when it is not that, or cut short. */
static bool payload(struct catar *r, struct entry_step *s, uint64_t size, unsigned char *buf,
		    size_t n, const char *what)
{
	char why[120];
	if (size - HEAD == n && source_take(r->src, buf, n))
		return true;
	snprintf(why, sizeof why, "a %s item of %llu bytes (%zu), or cut short", what,
		 (unsigned long long)size, n + HEAD);
	if (!r->len)
		snprintf(r->path, sizeof r->path, "/"), r->len = 1;
	fault(r, s, STEP_FATAL, why);
	return false;
}

/* A FILENAME item: the child's name on the path, in place of the last
 * child's. */
static bool filename(struct catar *r, struct entry_step *s, uint64_t size)
{
	unsigned char name[NAME_MAX_BYTES + 1];
	size_t n = (size_t)(size - HEAD);
	if (size - HEAD > NAME_MAX_BYTES || !source_take(r->src, name, n) || !n || name[n - 1] ||
	    memchr(name, '/', n - 1) || memchr(name, 0, n - 1)) {
		if (!r->len)
			snprintf(r->path, sizeof r->path, "/"), r->len = 1;
		fault(r, s, STEP_FATAL, "a file name that is no name (empty, with '/' or NUL, or "
		      "past 255 bytes)");
		return false;
	}
	if (r->named)
		r->path[r->len = r->base[r->open + 1]] = 0;
	r->base[r->open + 1] = r->len;
	r->named = true;
	if (r->len + n >= sizeof r->path) {
		fault(r, s, STEP_FATAL, "a name below it: the path is longer than 4095 bytes");
		return false;
	}
	r->path[r->len] = '/';
	memcpy(r->path + r->len + 1, name, n); /* its NUL too */
	r->len += n;
	return true;
}

/* The entry at the path handed out in s: a device's number (d, or
 * NULL), or a file's payload, `size` bytes at src->pos. */
static void hand_out(struct catar *r, struct entry_step *s, const unsigned char *d, uint64_t size)
{
	s->x.path = r->len ? r->path : "/";
	s->x.type = (unsigned)(r->mode & TYPE_MASK);
	s->x.format_name = r->d->name;
	s->x.c = r->c;
	if (d) {
		s->x.major = le64(d), s->x.minor = le64(d + 8);
		s->x.fields = s->x.stored = true;
		s->recorded = true;
	}
	if (size) {
		s->data = true, r->handed = true;
		r->data_at = r->src->pos, r->next_at = r->src->pos + size;
		if (r->src->seekable)
			s->fd = r->src->fd, s->at = r->src->pos, s->size = size;
	}
}

/* An ENTRY of `bytes` (the dialect's): its mode; a directory's opens a
 * level.  *out when it is handed out now; a device's and a file's wait
 * for their DEVICE or PAYLOAD. */
static bool entry(struct catar *r, struct entry_step *s, uint64_t size, unsigned bytes, bool *out)
{
	unsigned char e[ENTRY_MAX - HEAD];
	if (!payload(r, s, size, e, bytes - HEAD, "entry"))
		return false;
	r->mode = le64(e + r->d->mode_at);
	uint64_t type = r->mode & TYPE_MASK;
	if (type == IFCHR || type == IFBLK || type == IFREG)
		return r->awaiting = true;
	if (type == IFDIR && r->named) { /* the root is open from the start */
		if (r->open == TREE_DEPTH_MAX)
			return fault(r, s, STEP_FATAL, "directories nested past 256"), false;
		r->open++;
		r->named = false;
	}
	hand_out(r, s, NULL, 0);
	return *out = true;
}

/* A DEVICE: the record of the entry it belongs to; one for an entry that
 * is no device, an error of that entry's. */
static bool device(struct catar *r, struct entry_step *s, uint64_t size, enum step_kind *k)
{
	unsigned char d[DEVICE_BYTES - HEAD];
	if (!payload(r, s, size, d, sizeof d, "device"))
		return false;
	uint64_t type = r->mode & TYPE_MASK;
	if (!r->awaiting || (type != IFCHR && type != IFBLK))
		return *k = fault(r, s, STEP_FAILED, "a device item for an entry that is no device"),
		       true;
	r->awaiting = false;
	hand_out(r, s, d, 0);
	return *k = STEP_ENTRY, true;
}

/* A GOODBYE: the directory open last ends (the root's, the archive). */
static bool goodbye(struct catar *r, struct entry_step *s, uint64_t size, bool *root)
{
	if (!skip(r, s, size - HEAD))
		return false;
	if (r->named)
		r->path[r->len = r->base[r->open + 1]] = 0, r->named = false;
	if (!r->open)
		return *root = true;
	r->path[r->len = r->base[r->open--]] = 0;
	return true;
}

/* The entry whose DEVICE or PAYLOAD did not come before the item held:
 * a file's handed out with no data, a device's an error. */
static enum step_kind unfinished(struct catar *r, struct entry_step *s)
{
	uint64_t type = r->mode & TYPE_MASK;
	r->awaiting = false;
	if (type != IFREG)
		return fault(r, s, STEP_FAILED, "a device entry with no device item: its number "
			     "is not stored");
	hand_out(r, s, NULL, 0);
	return STEP_ENTRY;
}

static enum step_kind catar_step(struct entries *entries, struct entry_step *s)
{
	struct catar *r = (struct catar *)entries;
	const struct dialect *d = r->d;
	uint64_t size, type;
	enum step_kind k;
	entry_step_start(s);
	s->x = (struct archived){ 0 };
	if (r->handed)
		r->src->pos = r->next_at, r->handed = false;
	for (;;) {
		bool ok = true, out = false, root = false;
		if ((k = item(r, s, &size, &type)) != STEP_ENTRY) {
			if (k == STEP_END && !r->end->eof)
				k = fault(r, s, STEP_FATAL, "the archive ends before its root's "
					  "goodbye: cut short");
			return k;
		}
		bool is_entry = type == d->entry || (d->entry_v1 && type == d->entry_v1);
		if (r->awaiting && (is_entry || type == d->filename || type == d->goodbye)) {
			r->held = true, r->held_size = size, r->held_type = type;
			return unfinished(r, s);
		}
		k = STEP_ENTRY;
		if (type == d->filename)
			ok = filename(r, s, size);
		else if (is_entry)
			ok = entry(r, s, size, type == d->entry ? d->entry_bytes : d->entry_v1_bytes, &out);
		else if (type == d->device)
			ok = device(r, s, size, &k), out = true;
		else if (type == d->payload && r->awaiting && (r->mode & TYPE_MASK) == IFREG)
			r->awaiting = false, hand_out(r, s, NULL, size - HEAD), out = true;
		else if (type == d->goodbye)
			ok = goodbye(r, s, size, &root);
		else /* metadata, a symlink, a payload of no file */
			ok = skip(r, s, size - HEAD);
		if (!ok || r->src->err)
			return r->src->err ? (r->len = 0, fault(r, s, STEP_FATAL, source_error(r->src)))
					   : STEP_FATAL;
		if (root)
			return r->end->eof = true, STEP_END;
		if (out)
			return k;
	}
}

static int catar_data(struct entries *entries, struct source *data)
{
	struct catar *r = (struct catar *)entries;
	r->window = (struct source_window){ r->src, r->data_at, r->next_at - r->data_at };
	return source_pulled(data, r->sc->la, source_window_pull, &r->window);
}

static void catar_close(struct entries *entries)
{
	struct catar *r = (struct catar *)entries;
	if (r->handed)
		r->src->pos = r->next_at;
	free(r);
}

struct entries *catar_entries(struct scan *sc, struct source *src, struct ending *end)
{
	const unsigned char *p;
	ssize_t n = source_at(src, &p);
	const struct dialect *d = dialect_of(p, n > 0 ? (size_t)n : 0);
	struct catar *r = d ? malloc(sizeof *r) : NULL;
	if (!r) {
		snprintf(end->why, sizeof end->why, d ? "memory exhausted" : "no catar or pxar archive");
		return NULL;
	}
	r->it = (struct entries){ catar_step, catar_data, NULL, catar_close, NULL };
	r->sc = sc, r->src = src, r->end = end, r->d = d, r->c = devnum_container_find("catar");
	r->held = r->awaiting = r->named = r->handed = false;
	r->open = 0, r->len = 0, r->path[0] = 0;
	sc->file = src->seekable ? src->fd : -1;
	sc->file_base = src->pos;
	return &r->it;
}
