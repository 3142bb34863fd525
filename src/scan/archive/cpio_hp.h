/* cpio_hp.h - an odc or bin cpio written by HP-UX's convention (GNU cpio
 * -H hpodc and -H hpbin): a device, FIFO or socket entry stores 0:1 as
 * its rdev and its number in the file size, with no data after it.
 * libarchive takes that size for data and skips it, losing the archive
 * at the first such entry; GNU cpio's copyin.c reads the size as the
 * number (rdev 0:1 with a size other than 0), as this reader does. */
#ifndef CPIO_HP_H
#define CPIO_HP_H

#include <stdbool.h>
#include <stdint.h>

#include "scan/core/scan.h"
#include "scan/input/source.h"

/* Whether entry e, which libarchive read in `format`, of mode type `type`
 * (AE_IFCHR...), is HP-UX's mark; its rdev and size asked for only in odc
 * and bin, off the path of every other format's entries. */
bool cpio_hp_mark(const struct archive_calls *la, struct archive_entry *e, int format,
		  unsigned type);

/* The archive of `format` (named format_name) in src from the header at
 * `at` to its trailer, every entry read by devnum's own reader; src->pos
 * left past the trailer.  *ended: the trailer was met.  The status. */
int cpio_hp(struct scan *sc, struct source *src, uint64_t at, int format,
	    const char *format_name, uintmax_t *entries, bool *ended);

#endif
