/* gunzip.h - a gzip stream inflated with ISA-L, read the way libarchive's
 * gzip filter reads it, so that scan reads a stream alike either way:
 * member after member for as long as the next bytes are a gzip header
 * (pigz and a concatenated initramfs write several), each header's fields
 * skipped as libarchive skips them, the stream's end where the
 * bytes after a member are no gzip header.  The compressed bytes come from
 * a source (source.h), the inflated ones go where gunzip_read is told.
 * Each trailer's CRC-32 and length are checked against what was inflated
 * (ISA-L computes the CRC as it inflates), as gzip -t checks them, which
 * libarchive does not: a mismatch is kept for a warning, never a stop. */
#ifndef GUNZIP_H
#define GUNZIP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "scan/libs/isal_calls.h"
#include "scan/input/source.h"

/* The longest header read: one whose name or comment runs on past it is
 * refused, as libarchive refuses what would have it hold LOOKAHEAD. */
#define GZIP_HEADER_MAX ((size_t)128 * 1024)

struct gunzip {
	const struct isal_calls *z;
	struct source *in;           /* the compressed bytes, from in->pos */
	struct inflate_state *state;
	bool member;                 /* in a member's deflate data */
	bool eof;                    /* past the last member */
	bool glance;                 /* a look at the first bytes, set after gunzip_open:
					no CRC-32 computed nor trailer checked, and the
					input fed 1 KiB at a time (ISA-L inflates all it
					is given, up to 64 KiB out, before it hands any) */
	const char *why;             /* what went wrong */
	uint64_t members;            /* begun, from 1 */
	uint64_t bad;                /* members whose trailer does not match */
	struct gzip_mismatch {       /* the first such */
		uint64_t member, at; /* its number, its trailer's byte */
		uint32_t crc, len;   /* the trailer's */
		uint32_t got_crc, got_len; /* what was inflated */
	} first_bad;
};

/* The length of the gzip header at `at` in `in`: 0 when the bytes there
 * are none (libarchive's test), -1 when it is longer than GZIP_HEADER_MAX. */
ssize_t gzip_header(struct source *in, uint64_t at);

/* 0, or -1 with errno (memory). */
int gunzip_open(struct gunzip *g, const struct isal_calls *z, struct source *in);
void gunzip_close(struct gunzip *g);

/* Up to n inflated bytes of the gunzip g into out: how many, 0 at the
 * stream's end, -1 with *why (a source's pull, source.h). */
ssize_t gunzip_read(void *g, unsigned char *out, size_t n, const char **why);

/* The warning for the members whose trailer did not match, into buf: its
 * length, 0 when every trailer matched. */
int gunzip_mismatch(const struct gunzip *g, char *buf, size_t size);

#endif
