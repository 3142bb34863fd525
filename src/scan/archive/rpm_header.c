/* rpm_header.c - an RPM package's lead, signature and main header (rpm's
 * lib/header.c and lib/rpmlead.c): the lead 96 bytes; each header its
 * magic, 4 reserved bytes, the count of index entries and the size of
 * the data, big-endian, then the 16-byte entries (tag, type, offset,
 * count) and the data; the signature header padded to 8 bytes.  The
 * files are the main header's BASENAMES, DIRNAMES and DIRINDEXES (or
 * OLDFILENAMES), FILEMODES and FILERDEVS. */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scan/archive/rpm_header.h"

enum { LEAD_BYTES = 96, INTRO_BYTES = 16, ENTRY_BYTES = 16 };
/* A header larger than this is refused: rpm's own limit (HEADER_DATA_MAX,
 * 256 MiB) and its index's (HEADER_TAGS_MAX, 64 Ki entries). */
enum { DATA_MAX = 256 << 20, TAGS_MAX = 0x10000 };
/* What the joined directory and base names may take, every file's: a
 * shared long directory name is not repeated past this. */
#define PATHS_MAX ((size_t)64 << 20)
enum { T_INT16 = 3, T_INT32 = 4, T_STRING_ARRAY = 8 };
enum { OLDFILENAMES = 1027, FILEMODES = 1030, FILERDEVS = 1033, DIRINDEXES = 1116,
       BASENAMES = 1117, DIRNAMES = 1118 };
enum { TYPE_MASK = 0170000, IFCHR = 0020000, IFBLK = 0060000 };

static uint32_t be32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static uint16_t be16(const unsigned char *p)
{
	return (uint16_t)(p[0] << 8 | p[1]);
}

/* Whether the FILEMODES value at p is a character or block device's. */
static bool is_device(const unsigned char *p)
{
	unsigned type = be16(p) & TYPE_MASK;
	return type == IFCHR || type == IFBLK;
}

bool rpm_bid(const unsigned char *p, size_t n)
{
	return n >= 4 && p[0] == 0xed && p[1] == 0xab && p[2] == 0xee && p[3] == 0xdb;
}

/* A header at src->pos: its index and data in *h (malloc'd, *len bytes,
 * the count of entries in *tags), read as its bytes arrive in blocks of
 * at most 1 MiB.  0, or -1 with why. */
static int header(struct source *src, const char *which, unsigned char **h, size_t *len,
		  size_t *tags, char *why, size_t size)
{
	unsigned char intro[INTRO_BYTES];
	uint64_t at = src->pos;
	*h = NULL;
	if (!source_take(src, intro, sizeof intro))
		return snprintf(why, size, "an RPM package cut short in its %s header", which), -1;
	if (be32(intro) != 0x8eade801)
		return snprintf(why, size, "no RPM %s header at byte %llu", which,
				(unsigned long long)at), -1;
	uint32_t n = be32(intro + 8), data = be32(intro + 12);
	if (n > TAGS_MAX || data > DATA_MAX)
		return snprintf(why, size, "an RPM %s header of %lu entries and %lu bytes: more than "
				"rpm reads (%d and %d)", which, (unsigned long)n, (unsigned long)data,
				TAGS_MAX, DATA_MAX), -1;
	*tags = n;
	*len = (size_t)n * ENTRY_BYTES + data;
	size_t have = 0;
	while (have < *len) {
		size_t step = *len - have < (1u << 20) ? *len - have : 1u << 20;
		unsigned char *more = realloc(*h, have + step);
		if (!more)
			return snprintf(why, size, "memory exhausted"), -1;
		*h = more;
		if (!source_take(src, *h + have, step))
			return snprintf(why, size, "an RPM package cut short in its %s header", which), -1;
		have += step;
	}
	return 0;
}

/* The entry for tag in a header of `tags` entries and `data` bytes of
 * data at h: its type, offset and count, the data it names within the
 * data; false when there is none, or it lies. */
static bool find_tag(const unsigned char *h, size_t tags, size_t data, uint32_t tag,
		     uint32_t type, uint32_t *off, uint32_t *count)
{
	for (size_t i = 0; i < tags; i++) {
		const unsigned char *e = h + i * ENTRY_BYTES;
		if (be32(e) != tag || be32(e + 4) != type)
			continue;
		*off = be32(e + 8), *count = be32(e + 12);
		size_t unit = type == T_INT16 ? 2 : type == T_INT32 ? 4 : 1;
		return *off <= data && *count <= (data - *off) / unit;
	}
	return false;
}

/* The count strings at off of the data into list[]: false when one runs
 * past the data's end. */
static bool strings(const unsigned char *base, size_t data, uint32_t off, uint32_t count,
		    const char **list)
{
	for (uint32_t i = 0; i < count; i++) {
		const unsigned char *end = off < data ? memchr(base + off, 0, data - off) : NULL;
		if (!end)
			return false;
		list[i] = (const char *)base + off;
		off = (uint32_t)(end - base) + 1;
	}
	return true;
}

static int by_path(const void *a, const void *b)
{
	return strcmp(((const struct rpm_device *)a)->path, ((const struct rpm_device *)b)->path);
}

/* The path of file i: its directory and base names joined into the
 * buffer at *at, or the old-style full name. */
static const char *path_of(struct rpm_devices *r, size_t *at, const char **dirs, uint32_t ndirs,
			   const unsigned char *dirindex, const char *base)
{
	uint32_t d = be32(dirindex);
	if (d >= ndirs)
		return NULL;
	size_t a = strlen(dirs[d]), b = strlen(base);
	memcpy(r->paths + *at, dirs[d], a);
	memcpy(r->paths + *at + a, base, b + 1);
	const char *p = r->paths + *at;
	*at += a + b + 1;
	return p;
}

/* The device files of the main header h (tags entries, data bytes). */
static int devices(struct rpm_devices *r, const unsigned char *h, size_t tags, size_t data,
		   char *why, size_t size)
{
	if (!h || !tags) /* a header of nothing: no files */
		return 0;
	const unsigned char *base = h + tags * ENTRY_BYTES;
	uint32_t moff, mn, roff, rn, boff, bn, doff, dn, ioff, in;
	bool split = find_tag(h, tags, data, BASENAMES, T_STRING_ARRAY, &boff, &bn);
	if (!split && !find_tag(h, tags, data, OLDFILENAMES, T_STRING_ARRAY, &boff, &bn))
		return 0; /* no files */
	if (!find_tag(h, tags, data, FILEMODES, T_INT16, &moff, &mn) || mn != bn ||
	    !find_tag(h, tags, data, FILERDEVS, T_INT16, &roff, &rn) || rn != bn ||
	    (split && (!find_tag(h, tags, data, DIRNAMES, T_STRING_ARRAY, &doff, &dn) ||
		       !find_tag(h, tags, data, DIRINDEXES, T_INT32, &ioff, &in) || in != bn)))
		return snprintf(why, size, "an RPM header whose file tags lie: their counts or "
				"places do not agree with its %lu files", (unsigned long)bn), -1;
	const char **names = malloc(((size_t)bn + (split ? dn : 0) + 1) * sizeof *names);
	r->d = malloc(((size_t)bn + 1) * sizeof *r->d);
	if (!names || !r->d)
		return free(names), snprintf(why, size, "memory exhausted"), -1;
	const char **dirs = names + bn;
	if (!strings(base, data, boff, bn, names) || (split && !strings(base, data, doff, dn, dirs))) {
		free(names);
		return snprintf(why, size, "an RPM header whose file names run past its end"), -1;
	}
	size_t need = 1, at = 0;
	for (size_t i = 0; split && i < bn && need <= PATHS_MAX; i++) {
		uint32_t d = be32(base + ioff + 4 * i);
		if (is_device(base + moff + 2 * i))
			need += strlen(names[i]) + 1 + (d < dn ? strlen(dirs[d]) : 0);
	}
	if (need > PATHS_MAX || !(r->paths = malloc(need))) {
		free(names);
		return snprintf(why, size, need > PATHS_MAX ? "an RPM header whose paths, joined, "
				"would take more than 64 MiB" : "memory exhausted"), -1;
	}
	for (size_t i = 0; i < bn; i++) {
		if (!is_device(base + moff + 2 * i))
			continue;
		const char *p = split ? path_of(r, &at, dirs, dn, base + ioff + 4 * i, names[i])
				      : names[i];
		if (!p) {
			free(names);
			return snprintf(why, size, "an RPM header whose file %lu names no directory "
					"it has", (unsigned long)i), -1;
		}
		r->d[r->n++] = (struct rpm_device){ p, be16(base + moff + 2 * i),
						    be16(base + roff + 2 * i) };
	}
	free(names);
	qsort(r->d, r->n, sizeof *r->d, by_path);
	return 0;
}

int rpm_read(struct source *src, struct rpm_devices *out, char *why, size_t size)
{
	unsigned char lead[LEAD_BYTES], *sig;
	size_t len, tags;
	*out = (struct rpm_devices){ 0 };
	if (!source_take(src, lead, sizeof lead) || !rpm_bid(lead, sizeof lead))
		return snprintf(why, size, "an RPM package cut short in its lead"), -1;
	if (header(src, "signature", &sig, &len, &tags, why, size) < 0)
		return free(sig), -1;
	free(sig);
	src->pos += (8 - (len + INTRO_BYTES) % 8) % 8; /* the signature's padding */
	if (header(src, "main", &out->header, &len, &tags, why, size) < 0 ||
	    devices(out, out->header, tags, len - tags * ENTRY_BYTES, why, size) < 0) {
		rpm_free(out);
		return -1;
	}
	return 0;
}

void rpm_free(struct rpm_devices *r)
{
	free(r->d);
	free(r->paths);
	free(r->header);
	*r = (struct rpm_devices){ 0 };
}

const struct rpm_device *rpm_find(const struct rpm_devices *r, const char *path)
{
	while (path[0] == '.' && path[1] == '/')
		path++;
	char want[4097];
	int n = snprintf(want, sizeof want, "%s%s", path[0] == '/' ? "" : "/", path);
	if (!r->n || n < 0 || (size_t)n >= sizeof want)
		return NULL;
	struct rpm_device key = { want, 0, 0 };
	return bsearch(&key, r->d, r->n, sizeof *r->d, by_path);
}
