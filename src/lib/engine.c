/* engine.c - the library's entry points: encode and decode go to the code
 * schemes.c had the compiler derive for each scheme; the rest reads the
 * table through pack.h's same engine. */
#include <config.h>

#include "pack.h"

/* Every output a caller may not want may be NULL: the answer then goes
 * to a spare on the stack, which costs a register select, not a branch
 * in the specialised code. */
int devnum_encode(const devnum_scheme *s, struct devnum_tuple t, uint64_t *raw,
		  struct devnum_reason *why)
{
	uint64_t spare_raw;
	struct devnum_reason spare_why;
	return s->encode(t, raw ? raw : &spare_raw, why ? why : &spare_why);
}

enum devnum_verdict devnum_decode(const devnum_scheme *s, uint64_t raw,
				  struct devnum_tuple *t, uint64_t *canon,
				  struct devnum_reason *why)
{
	struct devnum_tuple spare_t;
	uint64_t spare_canon;
	struct devnum_reason spare_why;
	return s->decode(raw, t ? t : &spare_t, canon ? canon : &spare_canon,
			 why ? why : &spare_why);
}

struct devnum_tuple devnum_decode_unchecked(const devnum_scheme *s, uint64_t raw)
{
	return unpack(s->l, raw, true);
}

uint64_t devnum_raw_max(const devnum_scheme *s)
{
	return ones(s->l->width);
}

uint64_t devnum_part_max(const devnum_scheme *s, enum devnum_part part)
{
	return carried(s->l, part);
}

unsigned devnum_part_bits(const devnum_scheme *s, enum devnum_part part)
{
	return (unsigned)__builtin_popcountll(carried(s->l, part));
}

int devnum_within(const devnum_scheme *s, struct devnum_tuple t, struct devnum_reason *why)
{
	const devnum_scheme *k = devnum_scheme_within(s);
	if (!k)
		return 0;
	uint64_t cmaj = carried(k->l, DEVNUM_MAJOR), cmin = carried(k->l, DEVNUM_MINOR);
	if (!(t.major & ~cmaj) && !(t.minor & ~cmin))
		return 0;
	if (!why)
		return -1;
	why->why = DEVNUM_BEYOND;
	why->t = t;
	why->value = cmaj;
	why->limit = cmin;
	return -1;
}
