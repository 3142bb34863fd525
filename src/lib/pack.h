/* pack.h - the library's encode and decode of any scheme, with reasons.
 *
 * The engine is devnum_inline.h's, which programs may inline too: here
 * each answer that is not plain goes out of line (refusals.c), where the
 * reason is written.  Every function is inline, so that where the layout
 * is a constant (schemes.c calls them once per scheme with its own table
 * entry) the compiler folds the field loops into the handful of shifts
 * and masks a hand-written expression would be; with a variable layout,
 * the same code reads the table. */
#ifndef PACK_H
#define PACK_H

#include <string.h>

#include "refusals.h"

#define INLINE static inline __attribute__((always_inline))

/* A plain answer's reason, when one was given: all zero, no cause.
 * Copied from a constant, which compilers do with vector stores; a struct
 * assignment or memset of this size becomes `rep stos`, whose start-up
 * alone costs more than a whole encode on some CPUs (8 ns a call measured
 * on AMD EPYC). */
INLINE void no_reason(struct devnum_reason *why)
{
	static const struct devnum_reason none = { .cause = DEVNUM_NO_CAUSE };
	if (why)
		memcpy(why, &none, sizeof none);
}

INLINE devnum_status encode_body(const struct devnum_layout *l, struct devnum_tuple t,
				 uint64_t *raw, struct devnum_reason *why)
{
	uint64_t out = devnum_layout_pack(l, t);
	if (__builtin_expect(devnum_layout_refuses(l, t, out), 0))
		return devnum__refuse(l, t.major, t.minor, out, why);
	*raw = out;
	no_reason(why);
	return DEVNUM_OK;
}

INLINE devnum_status decode_body(const struct devnum_layout *l, uint64_t raw,
				 struct devnum_tuple *t, uint64_t *canon,
				 struct devnum_reason *why)
{
	enum devnum_cause c = devnum_layout_verdict(l, raw);
	if (__builtin_expect(c != DEVNUM_NO_CAUSE, 0))
		return devnum__judge(l, c, raw, t, canon, why);
	*t = devnum_layout_unpack(l, raw, false);
	*canon = raw;
	no_reason(why);
	return DEVNUM_OK;
}

#endif
