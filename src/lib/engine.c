/* engine.c - the library's entry points: encode and decode go to the code
 * schemes.c had the compiler derive for each scheme; the rest reads the
 * table through pack.h's same engine. */
#include <config.h>

#include "pack.h"

/* Every output a caller may not want may be NULL.  The reason is written
 * only on the slow paths (refusals.c), which test it for free; the values
 * written on the fast path get a spare on the stack, out of line, so that
 * the common call stays a tail call into the specialised code (spares in
 * line cost 1.2 ns of 1.6 a call). */
__attribute__((noinline, cold)) static int encode_spare(const devnum_scheme *s,
							struct devnum_tuple t,
							struct devnum_reason *why)
{
	uint64_t spare;
	return s->encode(t, &spare, why);
}

int devnum_encode(const devnum_scheme *s, struct devnum_tuple t, uint64_t *raw,
		  struct devnum_reason *why)
{
	if (__builtin_expect(raw != NULL, 1))
		return s->encode(t, raw, why);
	return encode_spare(s, t, why);
}

__attribute__((noinline, cold)) static enum devnum_verdict
decode_spare(const devnum_scheme *s, uint64_t raw, struct devnum_tuple *t, uint64_t *canon,
	     struct devnum_reason *why)
{
	struct devnum_tuple spare_t;
	uint64_t spare_canon;
	return s->decode(raw, t ? t : &spare_t, canon ? canon : &spare_canon, why);
}

enum devnum_verdict devnum_decode(const devnum_scheme *s, uint64_t raw,
				  struct devnum_tuple *t, uint64_t *canon,
				  struct devnum_reason *why)
{
	if (__builtin_expect(t && canon, 1))
		return s->decode(raw, t, canon, why);
	return decode_spare(s, raw, t, canon, why);
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
	if (why)
		*why = (struct devnum_reason){ .why = DEVNUM_BEYOND, .t = t, .value = cmaj,
					       .limit = cmin };
	return -1;
}
