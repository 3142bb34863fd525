/* catar.h - a casync archive (.catar) or a Proxmox pxar archive, read by
 * devnum's own reader: a stream of items, each a little-endian 64-bit
 * size and type and then its payload (casync's src/caformat.h, the pxar
 * crate's format).  A device's item holds its major and minor as two
 * 64-bit words, exactly, and a file's PAYLOAD its bytes. */
#ifndef CATAR_H
#define CATAR_H

#include <stdbool.h>
#include <stddef.h>

#include "scan/core/scan.h"
#include "scan/input/source.h"

/* Whether the n bytes at p begin a catar or a pxar: the root's ENTRY. */
bool catar_bid(const unsigned char *p, size_t n);

/* A reader of the catar or pxar at src->pos, handing out its entries a
 * step at a time (entries.h); NULL, end->why saying why, for none. */
struct entries;
struct ending;
struct entries *catar_entries(struct scan *sc, struct source *src, struct ending *end);

#endif
