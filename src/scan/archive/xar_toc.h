/* xar_toc.h - a xar's table of contents looked through before
 * libarchive reads it: a <file> with two hard-link targets (two <type>
 * elements with a link attribute) makes libarchive's xar reader before
 * 3.7.4 link the file to itself and loop for ever (libarchive PR 2123,
 * which since refuses such an archive, as scan does). */
#ifndef XAR_TOC_H
#define XAR_TOC_H

#include <stdbool.h>
#include <stddef.h>

#include "scan/core/scan.h"

/* Whether the n bytes at p begin a xar: its magic. */
bool xar_bid(const unsigned char *p, size_t n);

/* Whether the xar at src->pos may be handed to libarchive: true; false
 * with the reason in why (a file linked twice, a table of contents that
 * cannot be read).  src->pos is left where it was. */
bool xar_readable(struct scan *sc, struct source *src, char *why, size_t size);

#endif
