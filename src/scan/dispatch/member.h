/* member.h - inputs inside inputs: which regular file of an archive is an
 * input too (an archive, a compressed stream, a file-system image, a
 * package, a partition table), by its first bytes. */
#ifndef MEMBER_H
#define MEMBER_H

#include <stdbool.h>
#include <stddef.h>

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

#endif
