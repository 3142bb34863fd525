/* engine.c - encode and decode for any scheme, read from its table. */
#include <config.h>

#include "scheme.h"

static uint64_t ones(unsigned width)
{
	return width >= 64 ? UINT64_MAX : (UINT64_C(1) << width) - 1;
}

/* A field is at most 32 bits wide (tests/unit/test_schemes.c checks the
 * table), so its mask needs no branch on the hot path. */
static uint64_t field_mask(const struct field *f)
{
	return (UINT64_C(1) << f->width) - 1;
}

uint64_t devnum_raw_max(const struct devnum_scheme *s)
{
	return ones(s->width);
}

uint64_t devnum_part_max(const struct devnum_scheme *s, enum devnum_part part)
{
	uint64_t m = 0;
	for (unsigned i = 0; i < s->nfields; i++)
		if (s->field[i].part == part)
			m |= field_mask(&s->field[i]) << s->field[i].lo;
	return m;
}

unsigned devnum_part_bits(const struct devnum_scheme *s, enum devnum_part part)
{
	return (unsigned)__builtin_popcountll(devnum_part_max(s, part));
}

/* The run of bits around bit `b` that `mask` leaves clear, as hi:lo,
 * clipped to `top`: the field gap or raw hole that a stray bit fell in. */
static void clear_run(uint64_t mask, unsigned b, unsigned top, struct devnum_reason *r)
{
	unsigned lo = b, hi = b;
	while (lo > 0 && !(mask >> (lo - 1) & 1))
		lo--;
	while (hi + 1 < top && !(mask >> (hi + 1) & 1))
		hi++;
	r->lo = (uint8_t)lo;
	r->hi = (uint8_t)hi;
}

/* A legacy window holds the 16-bit 8:8 values that do not also mean 0:m. */
static bool in_window(uint64_t raw)
{
	return raw - 0x100 < 0xff00;
}

static unsigned lowest_bit(uint64_t v)
{
	return (unsigned)__builtin_ctzll(v);
}

/* A part had bits no field carries: above them all, or in a gap. */
static int refuse_part(enum devnum_part part, uint64_t value, uint64_t carried,
		       struct devnum_reason *r)
{
	uint64_t stray = value & ~carried;
	r->part = part;
	r->value = value;
	r->limit = carried;
	r->why = (stray & (0 - stray)) > carried ? DEVNUM_TOO_BIG : DEVNUM_GAP;
	if (r->why == DEVNUM_GAP)
		clear_run(carried, lowest_bit(stray), 64, r);
	return -1;
}

/* The fields of t placed in a raw value, with the bits of each part that
 * the fields carry; no check. */
static uint64_t pack(const struct devnum_scheme *s, struct devnum_tuple t,
		     uint64_t *carried_major, uint64_t *carried_minor)
{
	uint64_t out = s->fixed, cmaj = 0, cmin = 0;
	for (unsigned i = 0; i < s->nfields; i++) {
		const struct field *f = &s->field[i];
		uint64_t m = field_mask(f), is_minor = 0 - (uint64_t)f->part;
		uint64_t part = (t.minor & is_minor) | (t.major & ~is_minor);
		out |= (part >> f->lo & m) << f->at;
		cmin |= m << f->lo & is_minor;
		cmaj |= m << f->lo & ~is_minor;
	}
	*carried_major = cmaj;
	*carried_minor = cmin;
	return out;
}

int devnum_within(const struct devnum_scheme *s, struct devnum_tuple t, struct devnum_reason *why)
{
	const struct devnum_scheme *k = devnum_scheme_within(s);
	uint64_t carried_major, carried_minor;
	if (!k)
		return 0;
	pack(k, t, &carried_major, &carried_minor);
	if (!(t.major & ~carried_major) && !(t.minor & ~carried_minor))
		return 0;
	why->why = DEVNUM_BEYOND;
	why->t = t;
	why->value = carried_major;
	why->limit = carried_minor;
	return -1;
}

int devnum_encode(const struct devnum_scheme *s, struct devnum_tuple t, uint64_t *raw,
	      struct devnum_reason *why)
{
	uint64_t carried_major, carried_minor;
	uint64_t out = pack(s, t, &carried_major, &carried_minor);

	if (t.major & ~carried_major)
		return refuse_part(DEVNUM_MAJOR, t.major, carried_major, why);
	if (t.minor & ~carried_minor)
		return refuse_part(DEVNUM_MINOR, t.minor, carried_minor, why);
	if ((s->rules & DEVNUM_LEGACY_WINDOW) && in_window(out)) {
		why->why = DEVNUM_IN_WINDOW;
		why->value = out;
		why->t = t;
		return -1;
	}
	if ((s->rules & DEVNUM_NODEV) && out == ones(s->width)) {
		why->why = DEVNUM_IS_NODEV;
		why->value = out;
		return -1;
	}
	*raw = out;
	return 0;
}

static enum devnum_verdict invalid(struct devnum_reason *why, enum devnum_why w, uint64_t raw,
			       uint64_t limit)
{
	why->why = w;
	why->value = raw;
	why->limit = limit;
	return DEVNUM_INVALID;
}

/* Each field's bits moved back into its part; *carried gets the raw bits
 * the fields cover.  `above`: the field highest in the raw also takes
 * every bit above it, as a shift with no mask would. */
static struct devnum_tuple unpack(const struct devnum_scheme *s, uint64_t raw,
			      uint64_t *carried, bool above)
{
	uint64_t major = 0, minor = 0, cover = 0;
	unsigned top = 0;
	for (unsigned i = 1; above && i < s->nfields; i++)
		top = s->field[i].at > s->field[top].at ? i : top;
	for (unsigned i = 0; i < s->nfields; i++) {
		const struct field *f = &s->field[i];
		uint64_t m = field_mask(f), bits = raw >> f->at;
		uint64_t is_minor = 0 - (uint64_t)f->part; /* all ones for DEVNUM_MINOR */
		bits = (above && i == top ? bits : bits & m) << f->lo;
		minor |= bits & is_minor;
		major |= bits & ~is_minor;
		cover |= m << f->at;
	}
	*carried = cover;
	return (struct devnum_tuple){ major, minor };
}

struct devnum_tuple devnum_decode_unchecked(const struct devnum_scheme *s, uint64_t raw)
{
	uint64_t carried;
	return unpack(s, raw, &carried, true);
}

static enum devnum_verdict alias(struct devnum_reason *why, enum devnum_why w, uint64_t raw,
			     struct devnum_tuple t, uint64_t canon)
{
	why->why = w;
	why->value = raw;
	why->t = t;
	why->canon = canon;
	return DEVNUM_ALIAS;
}

enum devnum_verdict devnum_decode(const struct devnum_scheme *s, uint64_t raw,
			  struct devnum_tuple *t, uint64_t *canon,
			  struct devnum_reason *why)
{
	const uint64_t max = ones(s->width);
	uint64_t carried, unused;

	if (raw > max)
		return invalid(why, DEVNUM_TOO_WIDE, raw, max);
	if ((s->rules & DEVNUM_NODEV) && raw == max)
		return invalid(why, DEVNUM_SENTINEL, raw, max);
	if ((s->rules & DEVNUM_LEGACY_WINDOW) && in_window(raw)) {
		/* an unconverted 8:8 number: its canonical form is the tuple
		 * packed by the scheme's own fields */
		*t = (struct devnum_tuple){ raw >> 8, raw & 0xff };
		*canon = pack(s, *t, &unused, &unused);
		return alias(why, DEVNUM_LEGACY, raw, *t, *canon);
	}
	*t = unpack(s, raw, &carried, false);
	carried |= s->ignored;
	if (raw & ~carried) {
		clear_run(carried, lowest_bit(raw & ~carried), s->width, why);
		return invalid(why, DEVNUM_STRAY, raw, max);
	}
	*canon = (raw & ~s->ignored) | s->fixed;
	if (*canon != raw) {
		why->hi = (uint8_t)(63 - __builtin_clzll(s->ignored));
		why->lo = (uint8_t)lowest_bit(s->ignored);
		return alias(why, DEVNUM_IGNORED_BITS, raw, *t, *canon);
	}
	return DEVNUM_CANONICAL;
}
