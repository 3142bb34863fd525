/* side.c - one input's device entries, kept by the path they are matched
 * by: an array in the order scan made them, a hash table over it, and
 * their texts in blocks that are never moved. */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "cli/grown.h"
#include "diff/side.h"

enum { BLOCK_SIZE = 64 * 1024 };

struct side_block {
	struct side_block *next;
	size_t used, size;
	char text[];
};

void side_init(struct side *s, const char *name, unsigned strip, const char *from,
	       size_t from_len, const char *to, size_t to_len)
{
	*s = (struct side){ .name = name, .strip = strip, .from = from, .to = to };
	if (from) {
		s->from = path_trimmed(from, &(size_t){ from_len });
		s->from_len = from_len - (size_t)(s->from - from);
		s->to = path_trimmed(to, &(size_t){ to_len });
		s->to_len = to_len - (size_t)(s->to - to);
		while (s->from_len && s->from[s->from_len - 1] == '/')
			s->from_len--;
		while (s->to_len && s->to[s->to_len - 1] == '/')
			s->to_len--;
	}
}

void side_free(struct side *s)
{
	while (s->block) {
		struct side_block *b = s->block;
		s->block = b->next;
		free(b);
	}
	free(s->e);
	free(s->slot);
}

const char *path_trimmed(const char *p, size_t *n)
{
	const char *end = p + *n;
	for (;;) {
		if (end - p >= 2 && p[0] == '.' && p[1] == '/')
			p += 2;
		else if (p < end && p[0] == '/')
			p++;
		else
			break;
	}
	if (end - p == 1 && p[0] == '.')
		p = end;
	while (end > p && end[-1] == '/')
		end--;
	*n = (size_t)(end - p);
	return p;
}

/* n bytes of p (NULL: room for them) kept in s's blocks, a NUL after
 * them; NULL for no memory. */
static char *kept(struct side *s, const char *p, size_t n)
{
	struct side_block *b = s->block;
	if (!b || b->size - b->used < n + 1) {
		size_t size = n + 1 > BLOCK_SIZE ? n + 1 : BLOCK_SIZE;
		if (!(b = malloc(sizeof *b + size)))
			return NULL;
		*b = (struct side_block){ .next = s->block, .size = size };
		s->block = b;
	}
	char *d = b->text + b->used;
	if (p)
		memcpy(d, p, n);
	d[n] = '\0';
	b->used += n + 1;
	return d;
}

/* A text the entry before has alike shared, else kept. */
static const char *shared(struct side *s, const char *before, const char *p, size_t n)
{
	if (before && strlen(before) == n && !memcmp(before, p, n))
		return before;
	return kept(s, p, n);
}

static uint64_t hash(const char *p, size_t n)
{
	uint64_t h = 14695981039346656037u; /* FNV-1a */
	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)p[i]) * 1099511628211u;
	return h;
}

/* The slot of key: its entry's, or the empty one where it would go. */
static uint32_t *slot_of(const struct side *s, const char *key, size_t n)
{
	size_t mask = s->nslots - 1;
	for (size_t i = hash(key, n) & mask;; i = (i + 1) & mask) {
		uint32_t *at = &s->slot[i];
		const struct side_entry *e = *at ? &s->e[*at - 1] : NULL;
		if (!e || (e->key_len == n && !memcmp(e->key, key, n)))
			return at;
	}
}

/* Room in the table for one more entry, at most half full. */
static bool table_room(struct side *s)
{
	if (s->nslots && s->n < s->nslots / 2)
		return true;
	size_t nslots = s->nslots ? 2 * s->nslots : 1024;
	uint32_t *slot = calloc(nslots, sizeof *slot);
	if (!slot || s->n >= UINT32_MAX - 1) {
		free(slot);
		return false;
	}
	free(s->slot);
	s->slot = slot, s->nslots = nslots;
	for (size_t i = 0; i < s->n; i++)
		if (!s->e[i].later)
			*slot_of(s, s->e[i].key, s->e[i].key_len) = (uint32_t)(i + 1);
	return true;
}

/* The path without its first `strip` components: NULL when it has no
 * more than that. */
static const char *stripped(const char *p, size_t *n, unsigned strip)
{
	const char *end = p + *n;
	for (unsigned i = 0; i < strip; i++) {
		const char *slash = memchr(p, '/', (size_t)(end - p));
		if (!slash)
			return NULL;
		for (p = slash; p < end && *p == '/'; p++)
			;
	}
	*n = (size_t)(end - p);
	return *n ? p : NULL;
}

/* The key of a path: trimmed, stripped and moved by --prefix; NULL for a
 * path --strip leaves nothing of, or with s->full for no memory. */
static const char *key_of(struct side *s, const char *path, size_t *n)
{
	const char *k = stripped(path_trimmed(path, n), n, s->strip);
	if (!k)
		return NULL;
	bool under = s->from && (s->from_len == 0 ||
				 (*n >= s->from_len && !memcmp(k, s->from, s->from_len) &&
				  (*n == s->from_len || k[s->from_len] == '/')));
	if (!under)
		return k;
	const char *rest = k + s->from_len;
	size_t rest_len = *n - s->from_len;
	while (rest_len && *rest == '/')
		rest++, rest_len--;
	size_t len = s->to_len + (s->to_len && rest_len) + rest_len;
	char *d = kept(s, NULL, len);
	if (!d) {
		s->full = true;
		return NULL;
	}
	memcpy(d, s->to, s->to_len);
	if (s->to_len && rest_len)
		d[s->to_len] = '/';
	memcpy(d + len - rest_len, rest, rest_len);
	*n = len;
	return d;
}

static void see(struct side *s, const devnum_container *c)
{
	for (unsigned i = 0; i < s->nseen; i++)
		if (s->seen[i] == c)
			return;
	if (c && s->nseen < sizeof s->seen / sizeof s->seen[0])
		s->seen[s->nseen++] = c;
}

/* The container a record names: the last one found again, as the
 * entries of an input share theirs. */
static const devnum_container *container_of(const struct side *s, const struct record *r)
{
	if (!(r->have & KEY(K_CONTAINER)))
		return NULL;
	const struct side_entry *before = s->n ? &s->e[s->n - 1] : NULL;
	if (before && before->c && devnum_container_name(before->c) == r->text[K_CONTAINER])
		return before->c;
	return devnum_container_find(r->text[K_CONTAINER]);
}

/* The container whose writers made r's device: an RPM payload's is the
 * header's FILERDEVS that rpm -i makes (scan's finding "rpm"). */
static const devnum_container *made(const struct record *r, const devnum_container *c)
{
	for (unsigned i = 0; i < r->nfound; i++)
		if (!strcmp(r->found[i].word, "rpm"))
			return devnum_container_find("rpm");
	return c;
}

/* The texts of r into e, shared with the entry before where alike. */
static bool texts(struct side *s, struct side_entry *e, const struct record *r,
		  const struct side_entry *before)
{
	if (!(e->path = kept(s, r->text[K_PATH], r->len[K_PATH])))
		return false;
	e->path_len = (uint32_t)r->len[K_PATH];
	if (r->have & KEY(K_WITHIN)) {
		e->within_len = (uint32_t)r->len[K_WITHIN];
		e->within = before && before->within && before->within_len == e->within_len &&
					    !memcmp(before->within, r->text[K_WITHIN], e->within_len)
				    ? before->within : kept(s, r->text[K_WITHIN], e->within_len);
		if (!e->within)
			return false;
	}
	const enum key k[] = { K_LAYER, K_FORMAT, K_FIELDS };
	const char **to[] = { &e->layer, &e->format, &e->fields };
	const char *was[] = { before ? before->layer : NULL, before ? before->format : NULL, NULL };
	for (size_t i = 0; i < 3; i++)
		if ((r->have & KEY(k[i])) &&
		    !(*to[i] = shared(s, was[i], r->text[k[i]], r->len[k[i]])))
			return false;
	e->fields_len = e->fields ? (uint32_t)r->len[K_FIELDS] : 0;
	return true;
}

void side_take(void *to, const struct record *r)
{
	struct side *s = to;
	const uint64_t tuple = KEY(K_MAJOR) | KEY(K_MINOR);
	if (!(r->have & KEY(K_PATH)) || !(r->have & KEY(K_TYPE)) || s->full)
		return; /* a fakeroot state's inodes have no path: diff reads none */
	struct side_entry *v = grown(s->e, s->n, &s->cap, sizeof *v, 256);
	if (v)
		s->e = v;
	if (!v || !table_room(s)) {
		s->full = true;
		return;
	}
	struct side_entry e = { .type = r->text[K_TYPE][0],
				.known = (r->have & tuple) == tuple,
				.t = { r->num[K_MAJOR], r->num[K_MINOR] },
				.c = container_of(s, r),
				.line = (r->have & KEY(K_LINE)) ? r->num[K_LINE] : 0,
				.inode = (r->have & KEY(K_INODE)) ? r->num[K_INODE] : 0 };
	if (!texts(s, &e, r, s->n ? &s->e[s->n - 1] : NULL)) {
		s->full = true;
		return;
	}
	size_t n = e.path_len;
	if (!(e.key = key_of(s, e.path, &n))) {
		s->short_paths += !s->full;
		return;
	}
	e.key_len = (uint32_t)n;
	e.made = made(r, e.c);
	see(s, e.made);
	uint32_t *at = slot_of(s, e.key, n);
	if (*at) {
		s->e[*at - 1].later = true;
		s->again++;
	}
	s->e[s->n] = e;
	*at = (uint32_t)++s->n;
}

struct side_entry *side_find(const struct side *s, const char *key, size_t n)
{
	if (!s->nslots)
		return NULL;
	uint32_t at = *slot_of(s, key, n);
	return at ? &s->e[at - 1] : NULL;
}

void side_record(const struct side_entry *e, struct record *r)
{
	record_start(r, "", 0);
	r->have = 0;
	set_text(r, K_PATH, e->path, e->path_len);
	if (e->format)
		set_str(r, K_FORMAT, e->format);
	if (e->layer)
		set_str(r, K_LAYER, e->layer);
	if (e->within)
		set_text(r, K_WITHIN, e->within, e->within_len);
	if (e->c)
		set_str(r, K_CONTAINER, devnum_container_name(e->c));
	set_str(r, K_TYPE, e->type == 'c' ? "char" : "block");
	if (e->line)
		set_num(r, K_LINE, e->line);
	if (e->inode)
		set_num(r, K_INODE, e->inode);
	if (e->known)
		set_tuple(r, e->t);
	else
		r->unknown |= KEY(K_MAJOR) | KEY(K_MINOR);
	if (e->fields)
		set_text(r, K_FIELDS, e->fields, e->fields_len);
}
