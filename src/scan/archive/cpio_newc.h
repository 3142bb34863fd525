/* cpio_newc.h - SVR4 cpio, newc and crc (070701, 070702), the Linux
 * initramfs format, read by devnum's own reader, an entry at a time:
 * libarchive's reader spent some 3,700 instructions parsing each 110-byte
 * header, two fifths of a scan of a gzip'd initramfs.  Each header is 13
 * fields of 8 hex digits after the magic; the name (its NUL counted in
 * namesize) pads the header and name to 4 bytes, the data to 4 more.  As
 * libarchive's reader, a later entry with the dev and ino of an earlier
 * one that has several links is a hard link to that one's name. */
#ifndef CPIO_NEWC_H
#define CPIO_NEWC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "scan/archive/entries.h"
#include "scan/core/scan.h"
#include "scan/input/source.h"

/* The name of one entry read, at most NEWC_NAME_MAX bytes with its NUL
 * (the kernel's PATH_MAX is 4096). */
enum { NEWC_NAME_MAX = 65536 };

struct newc_link;

struct newc {
	struct source *src;
	int format;                /* libarchive's code for newc or crc */
	const char *format_name;   /* and its name for it */
	uint64_t data_at, data_size; /* the entry's data, in src */
	char *name, *link;         /* the entry's path; its hard link's, or NULL */
	struct newc_link *links;   /* names of entries with links still to come */
	size_t nlinks, slots, link_bytes;
	bool links_full;           /* too many were pending: later links not named */
	char why[200];
};

/* Whether the n bytes at p begin a newc or crc header: the magic and 104
 * hex digits. */
bool newc_bid(const unsigned char *p, size_t n);

/* A reader of the archive at src->pos: 0, or -1 (memory). */
int newc_open(struct newc *r, struct source *src);
void newc_close(struct newc *r);
/* The next entry into *x (its container and format left to the caller),
 * src->pos after its header and name, its data at r->data_at: 1; 0 at
 * the trailer, src->pos past it; -1 with r->why. */
int newc_next(struct newc *r, struct archived *x);
/* src->pos past the entry's data and its padding. */
void newc_skip(struct newc *r);

/* A reader of the archive at src->pos, a step at a time (entries.h),
 * its ending in *end; NULL for memory. */
struct entries *newc_entries(struct scan *sc, struct source *src, struct ending *end);

#endif
