/* xar_toc.h - a xar's table of contents looked through before
 * libarchive reads it: a <file> with two hard-link targets (two <type>
 * elements with a link attribute) makes libarchive's xar reader before
 * 3.7.4 link the file to itself and loop for ever (libarchive PR 2123,
 * which since refuses such an archive, as scan does). */
#ifndef XAR_TOC_H
#define XAR_TOC_H

#include "scan/archive/entries.h"

/* The xar row's reader (entries.h): libarchive's, once the table of
 * contents is looked through; NULL with the reason in end->why. */
struct entries *xar_entries(struct scan *sc, struct source *src, struct ending *end);

#endif
