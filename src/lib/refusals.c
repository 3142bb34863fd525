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
static devnum_status refuse_part(enum devnum_part part, uint64_t value,
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
static devnum_status refuse_raw(enum devnum_cause w, uint64_t major, uint64_t minor,
				      uint64_t raw, struct devnum_reason *why)
{
	if (why)
		*why = (struct devnum_reason){ .cause = w, .value = raw, .t = { major, minor } };
	return DEVNUM_REFUSED;
}

static devnum_status invalid(enum devnum_cause w, uint64_t raw, uint64_t limit,
				   struct devnum_reason *why)
{
	if (why)
		*why = (struct devnum_reason){ .cause = w, .value = raw, .limit = limit };
	return DEVNUM_REFUSED;
}

/* Bits set outside `allowed`: the lowest run of them names the hole. */
static devnum_status stray(uint64_t raw, uint64_t allowed, unsigned width,
				 struct devnum_reason *why)
{
	if (!why)
		return DEVNUM_REFUSED;
	invalid(DEVNUM_STRAY, raw, ones(width), why);
	clear_run(allowed, (unsigned)__builtin_ctzll(raw & ~allowed), width, why);
	return DEVNUM_REFUSED;
}

/* An alias; for ignored bits, hi:lo spans them. */
static devnum_status alias(enum devnum_cause w, uint64_t raw, struct devnum_tuple t,
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

/* The first rule broken, in the order the reason names it: the major, the
 * minor, the window, the sentinel. */
COLD devnum_status devnum__refuse(const struct devnum_layout *l, uint64_t major, uint64_t minor,
				  uint64_t raw, struct devnum_reason *why)
{
	uint64_t cmaj = devnum_layout_carried(l, DEVNUM_MAJOR);
	uint64_t cmin = devnum_layout_carried(l, DEVNUM_MINOR);
	if (major & ~cmaj)
		return refuse_part(DEVNUM_MAJOR, major, cmaj, why);
	if (minor & ~cmin)
		return refuse_part(DEVNUM_MINOR, minor, cmin, why);
	if ((l->rules & DEVNUM_LEGACY_WINDOW) && devnum_layout_in_window(raw))
		return refuse_raw(DEVNUM_IN_WINDOW, major, minor, raw, why);
	return refuse_raw(DEVNUM_IS_NODEV, major, minor, raw, why);
}

COLD devnum_status devnum__judge(const struct devnum_layout *l, enum devnum_cause c, uint64_t raw,
				 struct devnum_tuple *t, uint64_t *canon, struct devnum_reason *why)
{
	switch (c) {
	case DEVNUM_TOO_WIDE:
	case DEVNUM_SENTINEL:
		return invalid(c, raw, ones(l->width), why);
	case DEVNUM_STRAY:
		return stray(raw, devnum_layout_covered(l) | l->ignored, l->width, why);
	case DEVNUM_LEGACY: /* an unconverted 8:8 number: its canonical form is
			       the tuple packed by the scheme's own fields */
		*t = (struct devnum_tuple){ raw >> 8, raw & 0xff };
		*canon = devnum_layout_pack(l, *t);
		return alias(DEVNUM_LEGACY, raw, *t, *canon, 0, why);
	default: /* DEVNUM_IGNORED_BITS */
		*t = devnum_layout_unpack(l, raw, false);
		*canon = (raw & ~l->ignored) | l->fixed;
		return alias(DEVNUM_IGNORED_BITS, raw, *t, *canon, l->ignored, why);
	}
}

COLD devnum_status devnum__bad(struct devnum_reason *why)
{
	if (why)
		*why = (struct devnum_reason){ .cause = DEVNUM_NO_CAUSE };
	return DEVNUM_BAD_ARGUMENT;
}
