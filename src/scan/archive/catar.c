/* catar.c - a casync archive read item by item (casync's caformat.h and
 * cadecoder.c), or a Proxmox pxar archive, the same framing with types of
 * its own and a shorter ENTRY (the pxar crate's format/mod.rs; the first
 * pxar, proxmox-backup's, wrote casync's types): the root's ENTRY, then
 * for each child a FILENAME and its
 * ENTRY and, by its mode, a PAYLOAD, a SYMLINK, a DEVICE or, for a
 * directory, its own children and a GOODBYE that ends it; metadata items
 * (user, group, xattrs, ACLs, fcaps, SELinux) are passed over by their
 * size.  Only what makes a record is kept: the path, the directories'
 * depth and the last ENTRY's mode; a payload is skipped, never held. */
#include <config.h>

#include <stdio.h>
#include <string.h>

#include "render/output.h"
#include "scan/archive/catar.h"
#include "scan/tree/tree.h"

enum { HEAD = 16, DEVICE_BYTES = 32, NAME_MAX_BYTES = 256, ENTRY_MAX = 64 };

/* A format's item types, its ENTRY's sizes and where the mode is in it. */
struct dialect {
	const char *name;
	uint64_t entry, entry_v1, filename, device, goodbye;
	unsigned entry_bytes, entry_v1_bytes, mode_at;
};

static const struct dialect dialects[] = {
	/* ENTRY: feature flags, mode, flags, uid, gid, mtime: 6 le64 */
	{ "catar", UINT64_C(0x1396fabcea5bbb51), 0, UINT64_C(0x6dbb6ebcb3161f0b),
	  UINT64_C(0xac3dace369dfe643), UINT64_C(0xdfd35c5e8327c403), 64, 0, 8 },
	/* ENTRY: mode, flags (le64), uid, gid (le32), mtime (le64 s, le32 ns,
	 * pad); ENTRY_V1's mtime one le64 */
	{ "pxar", UINT64_C(0xd5956474e588acef), UINT64_C(0x11da850a1c1cceff),
	  UINT64_C(0x16701121063917b3), UINT64_C(0x9fc9e906586d5ce9), UINT64_C(0x2fec4fa642d5731d),
	  56, 48, 0 },
};
enum { TYPE_MASK = 0170000, IFDIR = 0040000, IFCHR = 0020000, IFBLK = 0060000 };

static uint64_t le64(const unsigned char *p)
{
	uint64_t v = 0;
	for (int i = 7; i >= 0; i--)
		v = v << 8 | p[i];
	return v;
}

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

struct walk {
	struct tree t;
	const struct dialect *d;
	struct source *src;
	uint64_t mode;         /* the last ENTRY's */
	size_t base[TREE_DEPTH_MAX + 1]; /* each open directory's path length */
	unsigned open;         /* directories open below the root */
	bool named;            /* a FILENAME came, its ENTRY not yet */
};

/* The item at src->pos: its size and type, src->pos past the head; 0,
 * or -1 said (1: the stream's end, between items). */
static int item(struct walk *w, uint64_t *size, uint64_t *type)
{
	unsigned char h[HEAD];
	const unsigned char *p;
	uint64_t at = w->src->pos;
	if (source_at(w->src, &p) == 0)
		return 1;
	if (!source_take(w->src, h, sizeof h)) {
		char why[100];
		snprintf(why, sizeof why, "an item cut short at byte %llu", (unsigned long long)at);
		return tree_fault(&w->t, w->d->name, why), -1;
	}
	*size = le64(h), *type = le64(h + 8);
	if (*size < HEAD || *size - HEAD > UINT64_MAX - w->src->pos) {
		char why[100];
		snprintf(why, sizeof why, "an item at byte %llu of %llu bytes: less than its head, "
			 "or past any input's end",
			 (unsigned long long)at, (unsigned long long)*size);
		return tree_fault(&w->t, w->d->name, why), -1;
	}
	return 0;
}

/* The rest of an item, n bytes, passed over: true; false, said, when the
 * input ends before its last byte. */
static bool skip(struct walk *w, uint64_t n)
{
	const unsigned char *p;
	char why[100];
	if (!n)
		return true;
	w->src->pos += n - 1;
	if (source_at(w->src, &p) > 0) {
		w->src->pos++;
		return true;
	}
	snprintf(why, sizeof why, "an item cut short before byte %llu",
		 (unsigned long long)w->src->pos + 1);
	tree_fault(&w->t, w->d->name, why);
	return false;
}

/* The payload of an item of `size` bytes into buf (n bytes, what the
 * type's payload is): false, said, when it is not that, or cut short. */
static bool payload(struct walk *w, uint64_t size, unsigned char *buf, size_t n, const char *what)
{
	char why[120];
	if (size - HEAD == n && source_take(w->src, buf, n))
		return true;
	snprintf(why, sizeof why, "a %s item of %llu bytes (%zu), or cut short", what,
		 (unsigned long long)size, n + HEAD);
	tree_fault(&w->t, w->t.len ? w->t.path : "/", why);
	return false;
}

/* A FILENAME item: the child's name pushed on the path. */
static bool filename(struct walk *w, uint64_t size)
{
	unsigned char name[NAME_MAX_BYTES + 1];
	size_t n = (size_t)(size - HEAD), base;
	if (size - HEAD > NAME_MAX_BYTES || !source_take(w->src, name, n) || !n || name[n - 1] ||
	    memchr(name, '/', n - 1) || memchr(name, 0, n - 1)) {
		tree_fault(&w->t, w->t.len ? w->t.path : "/",
			   "a file name that is no name (empty, with '/' or NUL, or past 255 bytes)");
		return false;
	}
	if (w->named)
		tree_pop(&w->t, w->base[w->open + 1]);
	w->base[w->open + 1] = w->t.len;
	w->named = true;
	return tree_push(&w->t, (const char *)name, n - 1, &base);
}

/* An ENTRY of `bytes` (the dialect's): its mode; a directory's opens a
 * level. */
static bool entry(struct walk *w, uint64_t size, unsigned bytes)
{
	unsigned char e[ENTRY_MAX - HEAD];
	if (!payload(w, size, e, bytes - HEAD, "entry"))
		return false;
	w->mode = le64(e + w->d->mode_at);
	if ((w->mode & TYPE_MASK) != IFDIR || !w->named) /* the root is open from the start */
		return true;
	if (w->open == TREE_DEPTH_MAX) {
		tree_fault(&w->t, w->t.path, "directories nested past 256");
		return false;
	}
	w->open++;
	w->named = false;
	return true;
}

/* A DEVICE: the record of the entry it belongs to. */
static bool device(struct walk *w, uint64_t size)
{
	unsigned char d[DEVICE_BYTES - HEAD];
	if (!payload(w, size, d, sizeof d, "device"))
		return false;
	uint64_t type = w->mode & TYPE_MASK;
	if (type != IFCHR && type != IFBLK) {
		tree_fault(&w->t, w->t.path, "a device item for an entry that is no device");
		return true;
	}
	struct entry e = { .type = type == IFBLK ? "block" : "char", .device = true,
			   .number = E_FIELDS, .f = { 2, 3, { le64(d), le64(d + 8) } } };
	tree_record(&w->t, &e);
	return true;
}

/* A GOODBYE: the directory open last ends (the root's, the archive). */
static bool goodbye(struct walk *w, uint64_t size, bool *end)
{
	if (!skip(w, size - HEAD))
		return false;
	if (w->named)
		tree_pop(&w->t, w->base[w->open + 1]), w->named = false;
	if (!w->open)
		return *end = true;
	tree_pop(&w->t, w->base[w->open--]);
	return true;
}

int scan_catar(struct scan *sc, struct source *src)
{
	const unsigned char *p;
	ssize_t n = source_at(src, &p);
	struct walk w = { .src = src, .d = dialect_of(p, n > 0 ? (size_t)n : 0) };
	uint64_t size, type;
	bool end = false, ok = true;
	if (!w.d)
		return scan_error(sc, "no catar or pxar archive");
	const struct dialect *d = w.d;
	tree_start(&w.t, sc, d->name, "catar");
	sc->segment = 1;
	sc->offset = src->pos;
	while (ok && !end && !out_failed()) {
		int got = item(&w, &size, &type);
		if (got != 0) {
			ok = got > 0; /* the stream's end; else said */
			break;
		}
		bool is_entry = type == d->entry || (d->entry_v1 && type == d->entry_v1);
		sc->seg.entries += is_entry;
		if (type == d->filename)
			ok = filename(&w, size);
		else if (is_entry)
			ok = entry(&w, size, type == d->entry ? d->entry_bytes : d->entry_v1_bytes);
		else if (type == d->device)
			ok = device(&w, size);
		else if (type == d->goodbye)
			ok = goodbye(&w, size, &end);
		else /* metadata, a payload, a symlink */
			ok = skip(&w, size - HEAD);
		ok = ok && !src->err;
	}
	if (ok && !end && !out_failed())
		tree_fault(&w.t, d->name, "the archive ends before its root's goodbye: cut short");
	int status = tree_end(&w.t);
	scan_summary(sc);
	return status;
}
