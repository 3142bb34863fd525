/* causes.h - what turns one input's device into the other's: the writer
 * rows of libdevnum (what each program was seen to store) and the known
 * mistakes of registry/mistakes.h, most specific first.  Pure: no I/O. */
#ifndef CAUSES_H
#define CAUSES_H

#include <stddef.h>

#include "devnum.h"
#include "render/record.h"

enum { CAUSES_MAX = 40 };

/* Which writer rows are asked: `only` (--writer) or every row; rows of
 * the containers the second input stores its devices in (nc of them)
 * before the mistakes, and other rows only where none is known. */
struct cause_rows {
	const devnum_writer *only;
	const devnum_container *const *c;
	size_t nc;
};

/* The rows and mistakes that make b of a, into out (at most CAUSES_MAX):
 * how many. */
size_t causes_changed(const struct cause_rows *q, struct devnum_tuple a, struct devnum_tuple b,
		      struct cause *out);
/* The rows that leave a device a out, or refuse it: how many. */
size_t causes_gone(const struct cause_rows *q, struct devnum_tuple a, struct cause *out);

#endif
