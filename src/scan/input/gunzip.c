/* gunzip.c - gzip members inflated with ISA-L, in raw deflate mode: the
 * header and trailer are read here, as libarchive's gzip filter reads them. */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>

#include "scan/input/gunzip.h"

enum { FHCRC = 2, FEXTRA = 4, FNAME = 8, FCOMMENT = 16, RESERVED = 0xe0 };

/* The byte at `at` of in, or -1 past its end or when it cannot be read. */
static int byte_at(struct source *in, uint64_t at)
{
	const unsigned char *p;
	uint64_t pos = in->pos;
	in->pos = at;
	ssize_t n = source_at(in, &p);
	in->pos = pos;
	return n > 0 ? p[0] : -1;
}

/* Past the NUL that ends the string at *len: false when none does. */
static bool past_nul(struct source *in, uint64_t at, size_t *len)
{
	int c;
	do {
		if (*len >= GZIP_HEADER_MAX || (c = byte_at(in, at + (*len)++)) < 0)
			return false;
	} while (c);
	return true;
}

ssize_t gzip_header(struct source *in, uint64_t at)
{
	static const unsigned char magic[] = { 0x1f, 0x8b, 8 }; /* deflate, the one method */
	size_t len = 10;
	int flags = byte_at(in, at + 3);
	for (size_t i = 0; i < sizeof magic; i++)
		if (byte_at(in, at + i) != magic[i])
			return 0;
	if (flags < 0 || flags & RESERVED || byte_at(in, at + 9) < 0)
		return 0;
	if (flags & FEXTRA) {
		int lo = byte_at(in, at + 10), hi = byte_at(in, at + 11);
		if (lo < 0 || hi < 0)
			return 0;
		len += 2 + (size_t)(hi << 8 | lo);
	}
	if ((flags & FNAME && !past_nul(in, at, &len)) ||
	    (flags & FCOMMENT && !past_nul(in, at, &len)))
		return len >= GZIP_HEADER_MAX ? -1 : 0;
	len += flags & FHCRC ? 2 : 0;
	if (byte_at(in, at + len - 1) < 0) /* the header ends before the input */
		return 0;
	return (ssize_t)len;
}

int gunzip_open(struct gunzip *g, const struct isal_calls *z, struct source *in)
{
	*g = (struct gunzip){ .z = z, .in = in, .state = malloc(sizeof *g->state) };
	if (!g->state)
		return -1;
	z->isal_inflate_init(g->state);
	return 0;
}

void gunzip_close(struct gunzip *g)
{
	free(g->state);
}

static void fail(struct gunzip *g, const char *why)
{
	g->why = why;
}

/* Into the next member, past its header; or g->eof when none follows. */
static void member(struct gunzip *g)
{
	ssize_t len = gzip_header(g->in, g->in->pos);
	if (len < 0)
		fail(g, "a gzip header of more than 128 KiB (a name or comment with no end): "
		     "refused");
	else if (!len)
		g->eof = true;
	else {
		g->in->pos += (uint64_t)len;
		g->z->isal_inflate_reset(g->state);
		/* the CRC-32 of the output, kept; none for a look at the first bytes */
		g->state->crc_flag = g->glance ? ISAL_DEFLATE : ISAL_GZIP_NO_HDR;
		g->member = true;
		g->members++;
	}
}

/* Past the member's 8-byte trailer, its deflate data read: ISA-L has read
 * whole bytes past that data into its bit buffer, which are given back.
 * A trailer cut short stops the stream with no word, as in libarchive. */
static void trailer(struct gunzip *g)
{
	uint64_t at = g->in->pos -= (uint64_t)(g->state->read_in_length / 8);
	uint32_t word[2] = { 0, 0 };
	g->member = false;
	if (byte_at(g->in, at + 7) < 0)
		return fail(g, SAYS_NO_MORE);
	for (unsigned i = 0; i < 8; i++) /* little-endian CRC-32, then ISIZE */
		word[i / 4] |= (uint32_t)byte_at(g->in, at + i) << 8 * (i % 4);
	g->in->pos += 8;
	if (g->glance || (word[0] == g->state->crc && word[1] == g->state->total_out))
		return;
	if (!g->bad++)
		g->first_bad = (struct gzip_mismatch){ g->members, at, word[0], word[1], g->state->crc,
						       g->state->total_out };
}

int gunzip_mismatch(const struct gunzip *g, char *buf, size_t size)
{
	const struct gzip_mismatch *m = &g->first_bad;
	if (!g->bad)
		return 0;
	return snprintf(buf, size, "gzip member %llu (its trailer at byte %llu): the trailer says "
			"CRC-32 0x%08x and length %lu, the data inflated to 0x%08x and %lu bytes "
			"(mod 2^32): damaged%s", (unsigned long long)m->member,
			(unsigned long long)m->at, m->crc, (unsigned long)m->len, m->got_crc,
			(unsigned long)m->got_len, g->bad > 1 ? "; other members too" : "");
}

ssize_t gunzip_read(void *data, unsigned char *out, size_t n, const char **why)
{
	struct gunzip *g = data;
	struct inflate_state *st = g->state;
	const unsigned char *p;
	st->next_out = out;
	st->avail_out = (uint32_t)n;
	while (st->avail_out && !g->eof && !g->why) {
		if (!g->member) {
			member(g);
			continue;
		}
		ssize_t got = source_at(g->in, &p);
		if (got <= 0) {
			fail(g, got < 0 ? source_error(g->in) : "truncated gzip input");
			break;
		}
		if (g->glance && got > 1024)
			got = 1024;
		st->next_in = (uint8_t *)p;   /* ISA-L only reads it */
		st->avail_in = (uint32_t)got; /* at most a block */
		int rc = g->z->isal_inflate(st);
		g->in->pos += (uint64_t)got - st->avail_in;
		if (rc < 0)
			fail(g, "gzip decompression failed");
		else if (st->block_state == ISAL_BLOCK_FINISH)
			trailer(g);
	}
	*why = g->why;
	return g->why ? -1 : (ssize_t)(n - st->avail_out);
}
