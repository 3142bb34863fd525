/* spool.h - a stream written to an unlinked temporary file, for a reader
 * that must seek in it (an image inside a compressed stream or an
 * archive, a zip on a pipe).  The file is made in $TMPDIR, or /tmp, and
 * has no name: it is gone when closed, however scan ends. */
#ifndef SPOOL_H
#define SPOOL_H

#include <stddef.h>
#include <stdint.h>

struct source;

/* src from its first byte to its end, in a new temporary file: its
 * descriptor, the bytes written added to *bytes; -1 with why.  With
 * name (SPOOL_NAME bytes), the file keeps its name there until the
 * caller unlinks it, for a library that opens files by name. */
enum { SPOOL_NAME = 4096 };
int spool(struct source *src, char *name, uint64_t *bytes, char *why, size_t n);

#endif
