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

/* Every device entry of the zip in fd, a file it can seek in, a record
 * each: the status. */
int scan_zip(struct scan *sc, int fd);

/* A zip from the first byte of src: read in its file, or from a
 * temporary copy when src cannot seek (a pipe, an archive's member). */
struct source;
int scan_zip_stream(struct scan *sc, struct source *src);

#endif
