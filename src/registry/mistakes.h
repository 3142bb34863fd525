/* mistakes.h - the known ways code turns a real device number into a
 * wrong one, each a row with the report it comes from: applied forward
 * (what a real tuple becomes) and backward (the real tuples that become
 * a seen one).  Pure: libdevnum's schemes, no I/O. */
#ifndef MISTAKES_H
#define MISTAKES_H

#include <stdbool.h>
#include <stddef.h>

#include "devnum.h"

struct mistake_use;

struct mistake {
	const char *id;      /* a short name: glibc-as-legacy */
	const char *words;   /* the mistake, in words */
	const char *source;  /* where it was seen */
	const char *writer, *reader; /* the schemes it writes and reads, or NULL */
	bool unchecked;      /* the reader checks nothing: a shift with no mask */
	unsigned bits;       /* a cut row's: the bits of the raw kept; else 0 */
	/* what real becomes, into *seen; false when the mistake does not
	 * apply or changes nothing */
	bool (*forward)(const struct mistake_use *u, struct devnum_tuple real,
			struct devnum_tuple *seen);
	/* the real tuples that become seen, at most max of them, the plainest
	 * first; how many */
	size_t (*backward)(const struct mistake_use *u, struct devnum_tuple seen,
			   struct devnum_tuple *real, size_t max);
};

extern const struct mistake mistakes[];
extern const size_t nmistakes;
enum { MISTAKES_MAX = 19 }; /* nmistakes at most: test_mistakes.c holds it */

/* A row with its schemes found, as forward and backward take it: found
 * once for many tuples, not by name in every call. */
struct mistake_use {
	const struct mistake *m;
	const devnum_scheme *writer, *reader;
};

void mistake_use(const struct mistake *m, struct mistake_use *u);

/* Every row's use, in the rows' order, found at the first call and kept:
 * a filter asks for them on every record. */
const struct mistake_use *mistake_uses(void);

#endif
