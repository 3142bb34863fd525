/* number.h - the number and tuple syntaxes of the command line. */
#ifndef NUMBER_H
#define NUMBER_H

#include <stddef.h>
#include <stdint.h>

#include "devnum.h"

enum num_status {
	NUM_OK,
	NUM_EMPTY,     /* nothing but blanks */
	NUM_SIGN,      /* a leading + or - */
	NUM_NODIGITS,  /* a prefix or suffix with no digits */
	NUM_DIGIT,     /* a character that is not a digit of the base */
	NUM_OVERFLOW,  /* above 2^64-1 */
	NUM_NOT_TUPLE, /* no separator between major and minor */
};

struct num_error {
	enum num_status status;
	char bad;         /* NUM_SIGN, NUM_DIGIT: the character */
	unsigned base;    /* NUM_DIGIT, NUM_NODIGITS */
	const char *part; /* "major" or "minor" in a tuple, else NULL */
};

/* No --input-base: C's rules, bare digits decimal and a leading 0 octal. */
#define BASE_C 0u

/* Bare digits in base `bare` (BASE_C, or 10, 16 or 8 as --input-base
 * gives it, where leading zeros are padding), or with a prefix: 0x hex,
 * 0o octal, 0b binary (under 16, 0b is hex digits); or hex with a
 * trailing h.  Blanks around it are ignored.  0, or -1 with *e filled. */
int parse_number(const char *s, size_t n, unsigned bare, uint64_t *v,
		 struct num_error *e);

/* Whether two tuples are one. */
static inline bool tuple_same(struct devnum_tuple a, struct devnum_tuple b)
{
	return a.major == b.major && a.minor == b.minor;
}

/* Two plain decimal numbers joined by ':', nothing else (8:1): true, the
 * tuple in *t; what most filter input is, read without the general
 * parse. */
bool quick_tuple(const char *s, size_t n, struct devnum_tuple *t);

/* M:m, M,m or "M m", each part a number as above. */
int parse_tuple(const char *s, size_t n, unsigned bare, struct devnum_tuple *t,
		struct num_error *e);

/* Whether s has a tuple separator (':', ',' or blanks between words). */
int looks_like_tuple(const char *s, size_t n);

/* The English for *e, e.g. "minor: 'g' is not a hex digit". */
void num_strerror(const struct num_error *e, char *buf, size_t size);

#endif
