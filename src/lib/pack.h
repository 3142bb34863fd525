/* pack.h - the one engine: encode and decode any scheme from its fields.
 *
 * Every function here is inline, so that where the scheme is a constant
 * (schemes.c calls them once per scheme with its own table entry) the
 * compiler folds the field loop into the handful of shifts and masks a
 * hand-written expression would be; called with a variable scheme, the
 * same code reads the table.  The slow paths, filling a reason, are out of
 * line in refusals.c. */
#ifndef PACK_H
#define PACK_H

#include <string.h>

#include "scheme.h"

#define INLINE static inline __attribute__((always_inline))

/* A field is at most 32 bits wide (tests/unit/test_schemes.c checks the
 * table), so its mask needs no branch. */
INLINE uint64_t field_mask(const struct field *f)
{
	return (UINT64_C(1) << f->width) - 1;
}

/* A legacy window holds the 16-bit 8:8 values that do not also mean 0:m. */
INLINE bool in_window(uint64_t raw)
{
	return raw - 0x100 < 0xff00;
}

/* The bits of `part` that the fields carry. */
INLINE uint64_t carried(const struct layout *s, enum devnum_part part)
{
	uint64_t m = 0;
#pragma GCC unroll 8
	for (unsigned i = 0; i < s->nfields; i++)
		if (s->field[i].part == part)
			m |= field_mask(&s->field[i]) << s->field[i].lo;
	return m;
}

/* The fields of t placed in a raw value; no check.  The two parts are
 * gathered apart and joined at the end: two short chains of ORs, not one
 * long one, for the latency of a call. */
INLINE uint64_t pack(const struct layout *s, struct devnum_tuple t)
{
	uint64_t major = 0, minor = 0;
#pragma GCC unroll 8
	for (unsigned i = 0; i < s->nfields; i++) {
		const struct field *f = &s->field[i];
		if (f->part == DEVNUM_MINOR)
			minor |= (t.minor >> f->lo & field_mask(f)) << f->at;
		else
			major |= (t.major >> f->lo & field_mask(f)) << f->at;
	}
	return s->fixed | major | minor;
}

/* Each field's bits moved back into its part.  `above`: the field highest
 * in the raw also takes every bit above it, as a shift with no mask does. */
INLINE struct devnum_tuple unpack(const struct layout *s, uint64_t raw, bool above)
{
	uint64_t major = 0, minor = 0;
	unsigned top = 0;
	for (unsigned i = 1; above && i < s->nfields; i++)
		top = s->field[i].at > s->field[top].at ? i : top;
#pragma GCC unroll 8
	for (unsigned i = 0; i < s->nfields; i++) {
		const struct field *f = &s->field[i];
		uint64_t bits = raw >> f->at;
		bits = (above && i == top ? bits : bits & field_mask(f)) << f->lo;
		if (f->part == DEVNUM_MINOR)
			minor |= bits;
		else
			major |= bits;
	}
	return (struct devnum_tuple){ major, minor };
}

/* The raw bits the fields cover. */
INLINE uint64_t covered(const struct layout *s)
{
	uint64_t m = 0;
#pragma GCC unroll 8
	for (unsigned i = 0; i < s->nfields; i++)
		m |= field_mask(&s->field[i]) << s->field[i].at;
	return m;
}

#include "refusals.h"

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

INLINE devnum_status encode_body(const struct layout *s, struct devnum_tuple t,
		       uint64_t *raw, struct devnum_reason *why)
{
	uint64_t out = pack(s, t);
	uint64_t cmaj = carried(s, DEVNUM_MAJOR), cmin = carried(s, DEVNUM_MINOR);
	if (__builtin_expect((t.major & ~cmaj) != 0, 0))
		return devnum__refuse_part(DEVNUM_MAJOR, t.major, cmaj, why);
	if (__builtin_expect((t.minor & ~cmin) != 0, 0))
		return devnum__refuse_part(DEVNUM_MINOR, t.minor, cmin, why);
	if ((s->rules & DEVNUM_LEGACY_WINDOW) && in_window(out))
		return devnum__refuse_raw(DEVNUM_IN_WINDOW, t.major, t.minor, out, why);
	if ((s->rules & DEVNUM_NODEV) && out == ones(s->width))
		return devnum__refuse_raw(DEVNUM_IS_NODEV, t.major, t.minor, out, why);
	*raw = out;
	no_reason(why);
	return DEVNUM_OK;
}

INLINE devnum_status decode_body(const struct layout *s, uint64_t raw,
				 struct devnum_tuple *t, uint64_t *canon,
				 struct devnum_reason *why)
{
	const uint64_t max = ones(s->width), allowed = covered(s) | s->ignored;
	if (__builtin_expect(raw > max, 0))
		return devnum__invalid(DEVNUM_TOO_WIDE, raw, max, why);
	if ((s->rules & DEVNUM_NODEV) && raw == max)
		return devnum__invalid(DEVNUM_SENTINEL, raw, max, why);
	if ((s->rules & DEVNUM_LEGACY_WINDOW) && in_window(raw)) {
		/* an unconverted 8:8 number: its canonical form is the tuple
		 * packed by the scheme's own fields */
		*t = (struct devnum_tuple){ raw >> 8, raw & 0xff };
		*canon = pack(s, *t);
		return devnum__alias(DEVNUM_LEGACY, raw, *t, *canon, 0, why);
	}
	if (__builtin_expect((raw & ~allowed) != 0, 0))
		return devnum__stray(raw, allowed, s->width, why);
	*t = unpack(s, raw, false);
	*canon = (raw & ~s->ignored) | s->fixed;
	if (__builtin_expect(*canon != raw, 0))
		return devnum__alias(DEVNUM_IGNORED_BITS, raw, *t, *canon, s->ignored, why);
	no_reason(why);
	return DEVNUM_OK;
}

#endif
