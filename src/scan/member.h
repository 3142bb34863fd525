/* member.h - inputs inside inputs: which regular file of an archive is an
 * input too (an archive, a compressed stream, a file-system image, a
 * package, a partition table), by its first bytes; and the chain of
 * members a record is inside (K_WITHIN), entered and left. */
#ifndef MEMBER_H
#define MEMBER_H

#include <stdbool.h>
#include <stddef.h>

#include "scan/scan.h"

/* The bytes member_bid wants to see: an ISO 9660 volume descriptor's
 * identifier is at byte 32769. */
enum { MEMBER_BID_BYTES = 32774 };

/* Whether the first n bytes of a file begin an input scan reads: what,
 * in words, into `what` ("xz stream", "ar archive", "squashfs image"). */
bool member_bid(const unsigned char *p, size_t n, char *what, size_t size);

/* Whether the first n bytes of a file begin an archive of a format that
 * stores no device number, which scan does not parse: its name in words
 * ("a 7-Zip archive"), or NULL. */
const char *member_unread(const unsigned char *p, size_t n);

/* Member `name` entered: the chain's length before it in *mark; false,
 * with why, when its name does not fit the chain. */
bool within_enter(struct scan *sc, const char *name, size_t *mark, char *why, size_t n);
void within_leave(struct scan *sc, size_t mark);

/* The chain as a message's prefix ("member 'data.tar.xz': "), into buf. */
void within_said(const struct scan *sc, char *buf, size_t n);

#endif
