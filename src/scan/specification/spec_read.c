/* spec_read.c - a device specification read line by line: each device a
 * record as an archive entry's is, with its line; each line its tool
 * would refuse an error naming the line.  A line longer than
 * SPEC_LINE_MAX is passed over, not kept, and a device table's range is
 * expanded one node at a time: memory stays bounded. */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/output.h"
#include "scan/core/reader.h"
#include "scan/core/scan.h"
#include "scan/input/source.h"
#include "scan/specification/spec.h"

/* One line as it is read: its text, number, offset, and what is wrong. */
struct line {
	char *text;
	size_t len;
	uint64_t number, offset;
	bool overlong, nul;
};

/* A format's tool, as the builder of a container. */
struct spec_tool {
	const struct reader *r;
	const devnum_container *c;
	const devnum_writer *w;
};

struct spec_run {
	struct scan *sc;
	struct spec_tool tool, also; /* also.r: another that reads the lines alike, or NULL */
	char *copy;                  /* a line as read, for also's parser */
	int status;
};

/* The next line from src into l (at most SPEC_LINE_MAX bytes of it
 * kept): 1, 0 at the end, -1 when the source failed. */
static int next_line(struct source *src, struct line *l)
{
	const unsigned char *p;
	ssize_t n;
	l->len = 0;
	l->overlong = l->nul = false;
	l->offset = src->pos;
	l->number++;
	while ((n = source_at(src, &p)) > 0) {
		const unsigned char *nl = memchr(p, '\n', (size_t)n);
		size_t take = nl ? (size_t)(nl - p) : (size_t)n, keep = take;
		if (l->len + keep > SPEC_LINE_MAX)
			keep = SPEC_LINE_MAX - l->len, l->overlong = true;
		memcpy(l->text + l->len, p, keep);
		l->nul |= memchr(p, 0, take) != NULL;
		l->len += keep;
		src->pos += take + (nl != NULL);
		if (nl)
			break;
	}
	l->text[l->len] = 0;
	return n < 0 ? -1 : n > 0 || l->len || l->overlong || src->pos > l->offset;
}

/* A line's error: an error record naming the line. */
static void line_error(struct spec_run *s, const struct line *l, const char *why)
{
	s->sc->line = l->number;
	s->status = status_max(s->status, scan_error(s->sc, why));
	s->sc->line = 0;
}

/* What tool t makes of e's tuple, when another: its parser's reading
 * (the low bits it keeps), then its writer's. */
static void built(const struct spec_run *s, const struct spec_tool *t, struct entry *e, char *note,
		  size_t size)
{
	const struct spec_format *f = t->r->spec;
	struct devnum_judgement k;
	struct devnum_tuple v = e->t;
	uint64_t canon;
	size_t n = 0;
	if (e->number == E_UNKNOWN || (e->number == E_RAW &&
	    (!t->w || devnum_decode(s->sc->j->scheme, e->f.value[0], &v, &canon, NULL) ==
			     DEVNUM_REFUSED)))
		return; /* a raw the scheme refuses is found invalid where it is read */
	if (f->bits && (v.major >> f->bits || v.minor >> f->bits)) {
		uint64_t keep = (UINT64_C(1) << f->bits) - 1;
		n = (size_t)snprintf(note, size, "%s reads it as %llu:%llu (%s keeps %u bits of "
				     "each part)", f->tool, (ull)(v.major & keep), (ull)(v.minor & keep),
				     f->how, f->bits);
		v = (struct devnum_tuple){ v.major & keep, v.minor & keep };
	}
	if (t->w && devnum_container_fit(t->c, t->w, NULL, v, &k) != DEVNUM_OK && n < size)
		n += (size_t)snprintf(note + n, size - n, "%s%s %s", n ? "; " : "",
				      devnum_writer_version(t->w), k.changed ? "makes" : "refuses");
	if (t->w && k.changed && n < size)
		snprintf(note + n, size - n, " it %llu:%llu in %s", (ull)k.becomes.major,
			 (ull)k.becomes.minor, f->builds ? f->builds : devnum_container_name(t->c));
	if (n)
		e->last[e->nlast++] = (struct entry_found){ F_BUILT, note };
}

/* A node as one format's parser reads it, in words: "char 5:1 /dev/a". */
static void reading(char *buf, size_t size, enum spec_line read, const struct spec_node *n)
{
	if (read != SPEC_DEVICE)
		snprintf(buf, size, "no device");
	else if (n->raw)
		snprintf(buf, size, "%s rdev %llu %s", n->type == 'c' ? "char" : "block",
			 (ull)n->rdev, n->path);
	else
		snprintf(buf, size, "%s %llu:%llu %s", n->type == 'c' ? "char" : "block",
			 (ull)n->t.major, (ull)n->t.minor, n->path);
}

/* Whether also's parser reads the line (its text as read in s->copy) as
 * n; else the two readings, in note, and the tuple unknown where theirs
 * differ. */
static bool read_alike(struct spec_run *s, const struct spec_node *n, struct entry *e, char *note,
		       size_t size)
{
	struct spec_node o = { 0 };
	char why[200], mine[300], other[300];
	enum spec_line read = s->also.r->spec->line(s->copy, &o, why, sizeof why);
	bool same = read == SPEC_DEVICE && !o.range && o.type == n->type && o.raw == n->raw &&
		    (n->raw ? o.rdev == n->rdev : o.t.major == n->t.major && o.t.minor == n->t.minor);
	if (same && !strcmp(o.path, n->path))
		return true;
	reading(mine, sizeof mine, SPEC_DEVICE, n);
	reading(other, sizeof other, read, &o);
	snprintf(note, size, "%s reads the line as %s, %s as %s; the file does not say which "
		 "it is for (--spec names it)", s->tool.r->name, mine, s->also.r->name, other);
	if (!same)
		e->number = E_UNKNOWN;
	return false;
}

/* The record of one node. */
static void node(struct spec_run *s, const struct line *l, const struct spec_node *n,
		 const char *path)
{
	struct scan *sc = s->sc;
	struct entry e = { .path = path, .device = true,
			   .type = n->type == 'c' ? "char" : n->type == 'b' ? "block" : "unknown",
			   .format = s->tool.r->name, .segment = 1, .offset = l->offset,
			   .compression = sc->compression, .line = l->number, .c = s->tool.c,
			   .has_inode = n->has_inode, .inode = n->inode };
	char notes[2][300], two[700]; /* the two tools' built notes, alive until the record */
	bool alike = true;
	if (n->unknown) /* CDI: the host's device, when the container starts */
		e.number = E_UNKNOWN,
		e.first[e.nfirst++] = (struct entry_found){ F_UNKNOWN, "no type, major or minor: "
			"the runtime takes the host's, from hostPath or path, when the container starts" };
	else if (n->raw) /* the host's dev_t, in --scheme, whatever the tool builds */
		e.number = E_RAW, e.host = true, e.f = (struct devnum_fields){ 1, 1, { n->rdev } };
	else
		e.number = E_TUPLE, e.t = n->t;
	if (s->also.r && !n->range && !(alike = read_alike(s, n, &e, two, sizeof two)))
		e.first[e.nfirst++] = (struct entry_found){ F_AMBIGUOUS, two };
	if (n->refused) /* its tool makes nothing of it: no more to judge */
		e.last[e.nlast++] = (struct entry_found){ F_BUILT, n->refused };
	else
		built(s, &s->tool, &e, notes[0], sizeof notes[0]);
	if (s->also.r && alike) /* what the other tool makes of the same reading */
		built(s, &s->also, &e, notes[1], sizeof notes[1]);
	s->status = status_max(s->status, scan_device(sc, &e));
}

/* A device table's range: name0... from start up to count, as genext2fs
 * makes them; refused where its numbers would wrap, or ext2 could not
 * hold so many inodes. */
static void range(struct spec_run *s, const struct line *l, struct spec_node *n)
{
	char path[4200], why[200];
	uint64_t minor = n->t.minor;
	if (n->count > n->start && n->count - n->start >= UINT32_MAX) {
		snprintf(why, sizeof why, "a range of %llu nodes: more than ext2 has inodes",
			 (ull)(n->count - n->start));
		return line_error(s, l, why);
	}
	for (uint64_t i = n->start; i < n->count && !out_failed(); i++) {
		if ((n->inc && i > (UINT64_MAX - minor) / n->inc) || minor + i * n->inc < n->start) {
			snprintf(why, sizeof why, "the range's minor for node %llu, %llu + %llu * %llu - "
				 "%llu, is outside 0 to 2^64-1", (ull)i, (ull)minor, (ull)i, (ull)n->inc,
				 (ull)n->start);
			return line_error(s, l, why);
		}
		n->t.minor = minor + i * n->inc - n->start;
		snprintf(path, sizeof path, "%s%llu", n->path, (ull)i);
		node(s, l, n, path);
	}
}

static void one_line(struct spec_run *s, struct line *l)
{
	struct spec_node n = { 0 };
	char why[300];
	if (l->overlong) {
		snprintf(why, sizeof why, "longer than %d bytes", SPEC_LINE_MAX);
		return line_error(s, l, why);
	}
	if (l->nul)
		return line_error(s, l, "a NUL byte: not text");
	if (s->also.r) /* the parsers change the text they read */
		memcpy(s->copy, l->text, l->len + 1);
	switch (s->tool.r->spec->line(l->text, &n, why, sizeof why)) {
	case SPEC_REFUSED:
		if (n.whole) {
			n.refused = why;
			node(s, l, &n, n.path);
			break;
		}
		/* fall through */
	case SPEC_ERROR: line_error(s, l, why); break;
	case SPEC_OTHER: break;
	case SPEC_DEVICE:
		if (n.range)
			range(s, l, &n);
		else
			node(s, l, &n, n.path);
		break;
	}
}

/* A document's device: its record, at its line. */
static void document_node(void *ctx, const struct spec_node *n, uint64_t line)
{
	struct spec_run *s = ctx;
	struct line l = { .number = line };
	node(s, &l, n, n->path);
}

/* What a document's parser warns of. */
static void document_warn(void *ctx, const char *why)
{
	struct spec_run *s = ctx;
	scan_trouble(s->sc, why, 0, TROUBLE_WARNING);
}

/* A document (JSON) read whole, at most DOCUMENT_MAX bytes, its buffer
 * grown as the bytes arrive: its status. */
enum { DOCUMENT_MAX = 16 << 20 };
static int document(struct spec_run *s, struct source *src)
{
	char *text = NULL, *more, why[300];
	const unsigned char *p;
	size_t n = 0, room = 0;
	ssize_t got = 0;
	bool oom = false;
	char err[300];
	struct spec_emit out = { document_node, document_warn, s,
				 jansson_calls(&s->sc->libs->jansson, err, sizeof err) };
	if (!out.js)
		return scan_error(s->sc, err);
	while (!oom && n <= DOCUMENT_MAX && (got = source_at(src, &p)) > 0) {
		size_t take = (size_t)got < DOCUMENT_MAX + 1 - n ? (size_t)got : DOCUMENT_MAX + 1 - n;
		if (n + take > room) {
			room = room ? room * 2 : SOURCE_BLOCK;
			room = room > DOCUMENT_MAX + 1 ? DOCUMENT_MAX + 1 : room;
			if (!(more = realloc(text, room))) {
				oom = true;
				break;
			}
			text = more;
		}
		memcpy(text + n, p, take);
		n += take, src->pos += take;
	}
	if (oom || got < 0 || n > DOCUMENT_MAX) {
		free(text);
		return scan_error(s->sc, oom ? "memory exhausted" : got < 0 ? source_error(src)
						 : "larger than 16 MiB");
	}
	s->sc->seg.entries = 1;
	if (n >= 3 && !memcmp(text, UTF8_BOM, 3))
		scan_trouble(s->sc, "a UTF-8 byte-order mark before the JSON: read past it, but runc's "
			     "reader, Go's encoding/json, refuses it", 0, TROUBLE_WARNING);
	if (s->tool.r->spec->document(text, n, &out, why, sizeof why) < 0)
		s->status = status_max(s->status, scan_error(s->sc, why));
	free(text);
	return s->status;
}

/* Format r's tool: the container it builds and itself as its writer. */
static struct spec_tool tool_of(const struct reader *r)
{
	struct spec_tool t = { r, NULL, NULL };
	if (r && r->spec->container)
		t.c = devnum_container_find(r->spec->container);
	if (r && r->spec->writer)
		t.w = devnum_writer_find(r->spec->writer, t.c);
	return t;
}

int scan_spec(struct scan *sc, struct source *src, const struct reader *r,
	      const struct reader *also)
{
	struct spec_run s = { sc, tool_of(r), tool_of(also), NULL, EXIT_OK };
	struct line l = { .text = malloc(SPEC_LINE_MAX + 1) };
	int more = 0;
	sc->segment = 1;
	if (r->spec->document) {
		free(l.text);
		return document(&s, src);
	}
	if (also)
		s.copy = malloc(SPEC_LINE_MAX + 1);
	if (!l.text || (also && !s.copy)) {
		free(l.text);
		free(s.copy);
		return scan_error(sc, "memory exhausted");
	}
	while (!out_failed() && (more = next_line(src, &l)) > 0) {
		sc->seg.entries++;
		one_line(&s, &l);
	}
	if (more < 0)
		s.status = status_max(s.status, scan_error(sc, source_error(src)));
	free(l.text);
	free(s.copy);
	return s.status;
}
