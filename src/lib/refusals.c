/* refusals.c - the engine's slow paths: each gives the answer and writes
 * the reason whole, zeroed first, when the caller asked for one (why may
 * be NULL); see refusals.h. */
#include <config.h>

#include "refusals.h"

#define COLD __attribute__((cold, noinline))

/* The run of bits around bit `b` that `mask` leaves clear, as hi:lo,
 * clipped to `top`: the field gap or raw hole that a stray bit fell in. */
static void clear_run(uint64_t mask, unsigned b, unsigned top, struct devnum_reason *r)
{
	unsigned lo = b, hi = b;
	while (lo > 0 && !(mask >> (lo - 1) & 1))
		lo--;
	while (hi + 1 < top && !(mask >> (hi + 1) & 1))
		hi++;
	r->lo = lo;
	r->hi = hi;
}

/* A part had bits no field carries: above them all, or in a gap. */
COLD devnum_status devnum__refuse_part(enum devnum_part part, uint64_t value,
				       uint64_t carried, struct devnum_reason *why)
{
	uint64_t stray_bits = value & ~carried;
	if (!why)
		return DEVNUM_REFUSED;
	*why = (struct devnum_reason){
		.cause = (stray_bits & (0 - stray_bits)) > carried ? DEVNUM_TOO_BIG : DEVNUM_GAP,
		.part = part, .value = value, .limit = carried,
	};
	if (why->cause == DEVNUM_GAP)
		clear_run(carried, (unsigned)__builtin_ctzll(stray_bits), 64, why);
	return DEVNUM_REFUSED;
}

/* The tuple packs to a raw value the scheme reserves. */
COLD devnum_status devnum__refuse_raw(enum devnum_cause w, uint64_t major, uint64_t minor,
				      uint64_t raw, struct devnum_reason *why)
{
	if (why)
		*why = (struct devnum_reason){ .cause = w, .value = raw, .t = { major, minor } };
	return DEVNUM_REFUSED;
}

COLD devnum_status devnum__invalid(enum devnum_cause w, uint64_t raw, uint64_t limit,
				   struct devnum_reason *why)
{
	if (why)
		*why = (struct devnum_reason){ .cause = w, .value = raw, .limit = limit };
	return DEVNUM_REFUSED;
}

/* Bits set outside `allowed`: the lowest run of them names the hole. */
COLD devnum_status devnum__stray(uint64_t raw, uint64_t allowed, unsigned width,
				 struct devnum_reason *why)
{
	if (!why)
		return DEVNUM_REFUSED;
	devnum__invalid(DEVNUM_STRAY, raw, ones(width), why);
	clear_run(allowed, (unsigned)__builtin_ctzll(raw & ~allowed), width, why);
	return DEVNUM_REFUSED;
}

/* An alias; for ignored bits, hi:lo spans them. */
COLD devnum_status devnum__alias(enum devnum_cause w, uint64_t raw, struct devnum_tuple t,
				 uint64_t canon, uint64_t ignored, struct devnum_reason *why)
{
	if (!why)
		return DEVNUM_ALIAS;
	*why = (struct devnum_reason){ .cause = w, .value = raw, .t = t, .canon = canon };
	if (ignored) {
		why->hi = (unsigned)(63 - __builtin_clzll(ignored));
		why->lo = (unsigned)__builtin_ctzll(ignored);
	}
	return DEVNUM_ALIAS;
}

COLD devnum_status devnum__bad(struct devnum_reason *why)
{
	if (why)
		*why = (struct devnum_reason){ .cause = DEVNUM_NO_CAUSE };
	return DEVNUM_BAD_ARGUMENT;
}
