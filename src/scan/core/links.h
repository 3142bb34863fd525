/* links.h - the device entries an archive has listed so far, by path, so
 * that a tar hard link to one (typeflag 1, which carries no type and no
 * number of its own) is listed as the device extracting it makes.  Paths
 * are kept as 64-bit hashes; at most LINKS_MAX entries, so memory stays
 * bounded whatever the archive holds, and the table grows with the
 * entries: a hash spreads them over every page of it, and a small archive
 * should touch few. */
#ifndef LINKS_H
#define LINKS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "devnum.h"

#define LINKS_MAX ((size_t)1 << 15)

struct linked {
	uint64_t hash;
	struct devnum_tuple t;
	bool known;    /* t is known */
	bool block;    /* a block device, else a character one */
};

struct links {
	struct linked *slot; /* open addressing, `slots` of them: from 1024, doubled
				while more than half are taken, to LINKS_MAX * 2 */
	size_t n, slots;
	bool full;           /* some were not kept */
	bool told;           /* a link to one of those was warned of */
};

void links_init(struct links *l);
void links_free(struct links *l);
/* Keeps path's device; false when it could not (memory, or full). */
bool links_add(struct links *l, const char *path, const struct linked *d);
/* The device path names, or NULL. */
const struct linked *links_find(const struct links *l, const char *path);

#endif
