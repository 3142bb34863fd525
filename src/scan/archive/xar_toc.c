/* xar_toc.c - a xar's table of contents, inflated by zlib a block at a
 * time and looked through for a file linked twice (xar_toc.h).  A xar
 * (xar's include/xar.h) is a 28-byte big-endian header, its magic
 * "xar!", its size, version, the table's compressed and inflated sizes
 * and a checksum kind; then the table, zlib-compressed XML. */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "scan/archive/xar_toc.h"
#include "scan/input/bounded.h"
#include "scan/input/source.h"

enum { HEAD = 28, TAG_MAX = 256, FILES_DEEP = 4096, CHUNK = 65536 };

/* The XML read so far: the tag being read, the <file> elements open and
 * how many link targets each has named. */
struct toc {
	char tag[TAG_MAX];
	size_t len;
	bool in_tag;
	unsigned depth;
	unsigned char links[FILES_DEEP];
	unsigned long long files; /* <file> elements opened */
	bool beyond; /* the table goes on past what a stream keeps */
	char *why;
	size_t size;
};

static bool named(const char *tag, const char *name)
{
	size_t n = strlen(name);
	return !strncmp(tag, name, n) && (!tag[n] || strchr(" \t\r\n/", tag[n]));
}

/* Whether a tag's attributes hold one named link. */
static bool link_attribute(const char *tag)
{
	for (const char *p = tag; (p = strstr(p, "link")); p += 4)
		if (p > tag && strchr(" \t\r\n", p[-1]) && p[4 + strspn(p + 4, " \t\r\n")] == '=')
			return true;
	return false;
}

/* One tag ended (its text in t->tag, cut at TAG_MAX): false when the
 * table is refused. */
static bool tag(struct toc *t)
{
	t->tag[t->len] = 0;
	bool closes = t->len && t->tag[t->len - 1] == '/';
	if (t->tag[0] == '/' && named(t->tag + 1, "file") && t->depth)
		t->depth--;
	else if (named(t->tag, "file") && !closes && ++t->files && ++t->depth >= FILES_DEEP)
		return snprintf(t->why, t->size, "xar: files nested %d deep in its table of contents: "
				"not read", FILES_DEEP), false;
	else if (named(t->tag, "file") && !closes)
		t->links[t->depth] = 0;
	else if (named(t->tag, "type") && t->depth && link_attribute(t->tag) &&
		 ++t->links[t->depth] > 1)
		return snprintf(t->why, t->size, "xar: file %llu of its table of contents names two "
				"hard-link targets: not read (libarchive's reader loops for ever on "
				"it before 3.7.4, and refuses it since)", t->files), false;
	return true;
}

/* n bytes of inflated XML: false when the table is refused. */
static bool toc_bytes(struct toc *t, const unsigned char *p, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (p[i] == '<')
			t->in_tag = true, t->len = 0;
		else if (t->in_tag && p[i] == '>' && (t->in_tag = false, !tag(t)))
			return false;
		else if (t->in_tag && t->len < TAG_MAX - 1)
			t->tag[t->len++] = (char)p[i];
	}
	return true;
}

/* Up to n compressed bytes of the table from byte `at` of the xar: how
 * many, or -1. */
static ssize_t compressed(struct source *src, uint64_t at, unsigned char *buf, size_t n,
			  bool *beyond)
{
	const unsigned char *p;
	if (src->seekable)
		return pread(src->fd, buf, n, (off_t)(src->pos + at));
	ssize_t got = source_at(src, &p);
	if (got < 0 || (uint64_t)got <= at)
		return *beyond = got >= 0, -1;
	size_t k = (uint64_t)got - at < n ? (size_t)((uint64_t)got - at) : n;
	memcpy(buf, p + at, k);
	return (ssize_t)k;
}

/* The table inflated through toc_bytes(): true when nothing was refused. */
static bool inflated(const struct zlib_calls *z, struct source *src, uint64_t toc_size,
		     unsigned char *in, unsigned char *out, struct toc *t)
{
	z_stream s = { 0 };
	int rc = z->inflateInit_(&s, ZLIB_VERSION, (int)sizeof s);
	uint64_t at = HEAD;
	while (rc == Z_OK) {
		if (!s.avail_in && at < HEAD + toc_size) {
			size_t want = HEAD + toc_size - at < CHUNK ? (size_t)(HEAD + toc_size - at) : CHUNK;
			ssize_t got = compressed(src, at, in, want, &t->beyond);
			if (got <= 0)
				break;
			s.next_in = in, s.avail_in = (uInt)got, at += (uint64_t)got;
		}
		s.next_out = out, s.avail_out = CHUNK;
		rc = z->inflate(&s, Z_NO_FLUSH);
		if (!toc_bytes(t, out, CHUNK - s.avail_out))
			return z->inflateEnd(&s), false;
		if (rc == Z_BUF_ERROR && s.avail_out == CHUNK)
			break; /* no input left, and no output made */
	}
	z->inflateEnd(&s);
	if (rc != Z_STREAM_END && t->beyond)
		snprintf(t->why, t->size, "xar: its table of contents goes on past the bytes scan "
			 "keeps of a stream, and libarchive's reader loops for ever on some: not "
			 "read (extract it and scan it)");
	else if (rc != Z_STREAM_END)
		snprintf(t->why, t->size, "xar: its table of contents cannot be inflated%s%s: not read",
			 s.msg ? ": " : "", s.msg ? s.msg : "");
	return rc == Z_STREAM_END;
}

/* Whether the xar at src->pos may be handed to libarchive: true; false
 * with the reason in why (a file linked twice, a table of contents that
 * cannot be read).  src->pos is left where it was. */
static bool readable(struct scan *sc, struct source *src, char *why, size_t size)
{
	const unsigned char *p;
	char err[300];
	ssize_t n = source_at(src, &p);
	if (n < HEAD)
		return true; /* libarchive says what is cut short */
	const struct zlib_calls *z = zlib_calls(&sc->libs->zlib, err, sizeof err);
	if (!z)
		return snprintf(why, size, "%s", err), false;
	struct toc *t = calloc(1, sizeof *t);
	unsigned char *in = malloc(2 * CHUNK);
	bool ok = t && in;
	if (!ok)
		snprintf(why, size, "memory exhausted");
	if (ok) {
		t->why = why, t->size = size;
		ok = inflated(z, src, be64(p + 8), in, in + CHUNK, t);
	}
	free(in);
	free(t);
	return ok;
}

struct entries *xar_entries(struct scan *sc, struct source *src, struct ending *end)
{
	return readable(sc, src, end->why, sizeof end->why) ? la_entries(sc, src, end) : NULL;
}
