/* zip_unix.h - a zip archive's device entries, read from its central
 * directory by devnum's own reader: libarchive reads no PKWARE Unix
 * extra field (0x000d), where APPNOTE 4.5.7 keeps a device's major and
 * minor as two little-endian 32-bit words. */
#ifndef ZIP_UNIX_H
#define ZIP_UNIX_H

#include <stdbool.h>
#include <stddef.h>

#include "scan/core/scan.h"

/* Whether the n bytes at p begin a zip: a local file header, or the end
 * of central directory record of an empty archive. */
bool zip_bid(const unsigned char *p, size_t n);

/* A reader of the zip that begins at the first byte of src, a file it
 * can seek in (a stream is copied to one first: the zip row seeks),
 * handing out its entries a step at a time (entries.h); NULL, end->why
 * saying why, for none. */
struct entries;
struct ending;
struct source;
struct entries *zip_entries(struct scan *sc, struct source *src, struct ending *end);

#endif
