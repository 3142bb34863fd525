/* within.h - the chain of members of an input a record is inside
 * (K_WITHIN), each name ended by a NUL in the scan, entered and left as
 * scan reads an input inside another; and the same as a message's words. */
#ifndef WITHIN_H
#define WITHIN_H

#include <stdbool.h>
#include <stddef.h>

#include "scan/core/scan.h"

/* Member `name` entered: the chain's length before it in *mark; false,
 * with why, when its name does not fit the chain. */
bool within_enter(struct scan *sc, const char *name, size_t *mark, char *why, size_t n);
void within_leave(struct scan *sc, size_t mark);

/* The chain as a message's prefix ("member 'data.tar.xz': "), into buf. */
void within_said(const struct scan *sc, char *buf, size_t n);

#endif
