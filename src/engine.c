/* engine.c - encode, decode and aliases for any scheme, from its table. */
#include <config.h>

#include <strings.h>
#include <string.h>

#include "devnum.h"

static uint64_t ones(unsigned width)
{
	return width >= 64 ? UINT64_MAX : (UINT64_C(1) << width) - 1;
}

/* A field is at most 32 bits wide (tests/unit/test_schemes.c checks the
 * table), so its mask needs no branch on the hot path. */
static uint64_t field_mask(const struct dn_field *f)
{
	return (UINT64_C(1) << f->width) - 1;
}

uint64_t dn_raw_max(const struct dn_scheme *s)
{
	return ones(s->width);
}

uint64_t dn_part_mask(const struct dn_scheme *s, enum dn_part part)
{
	uint64_t m = 0;
	for (unsigned i = 0; i < s->nfields; i++)
		if (s->field[i].part == part)
			m |= field_mask(&s->field[i]) << s->field[i].lo;
	return m;
}

unsigned dn_part_bits(const struct dn_scheme *s, enum dn_part part)
{
	return (unsigned)__builtin_popcountll(dn_part_mask(s, part));
}

static bool matches(const char *name, const char *want, size_t n)
{
	return strlen(name) == n && strncasecmp(name, want, n) == 0;
}

static bool has_alias(const char *list, const char *want)
{
	size_t n = strlen(want);
	for (const char *p = list; *p;) {
		size_t len = strcspn(p, " ");
		if (len == n && strncasecmp(p, want, n) == 0)
			return true;
		p += len + (p[len] == ' ');
	}
	return false;
}

const struct dn_scheme *dn_scheme_find(const char *name)
{
	if (strcasecmp(name, "native") == 0)
		return dn_native();
	for (size_t i = 0; i < dn_nschemes; i++)
		if (matches(dn_schemes[i].name, name, strlen(name)) ||
		    has_alias(dn_schemes[i].aliases, name))
			return &dn_schemes[i];
	return NULL;
}

/* The run of bits around bit `b` that `mask` leaves clear, as hi:lo,
 * clipped to `top`: the field gap or raw hole that a stray bit fell in. */
static void clear_run(uint64_t mask, unsigned b, unsigned top, struct dn_reason *r)
{
	unsigned lo = b, hi = b;
	while (lo > 0 && !(mask >> (lo - 1) & 1))
		lo--;
	while (hi + 1 < top && !(mask >> (hi + 1) & 1))
		hi++;
	r->lo = (uint8_t)lo;
	r->hi = (uint8_t)hi;
}

static unsigned lowest_bit(uint64_t v)
{
	return (unsigned)__builtin_ctzll(v);
}

/* A part had bits no field carries: above them all, or in a gap. */
static int refuse_part(enum dn_part part, uint64_t value, uint64_t carried,
		       struct dn_reason *r)
{
	uint64_t stray = value & ~carried;
	r->part = part;
	r->value = value;
	r->limit = carried;
	r->why = (stray & (0 - stray)) > carried ? DN_TOO_BIG : DN_GAP;
	if (r->why == DN_GAP)
		clear_run(carried, lowest_bit(stray), 64, r);
	return -1;
}

int dn_encode(const struct dn_scheme *s, struct dn_tuple t, uint64_t *raw,
	      struct dn_reason *why)
{
	uint64_t out = s->fixed, carried_major = 0, carried_minor = 0;

	for (unsigned i = 0; i < s->nfields; i++) {
		const struct dn_field *f = &s->field[i];
		uint64_t m = field_mask(f), is_minor = 0 - (uint64_t)f->part;
		uint64_t part = (t.minor & is_minor) | (t.major & ~is_minor);
		out |= (part >> f->lo & m) << f->at;
		carried_minor |= m << f->lo & is_minor;
		carried_major |= m << f->lo & ~is_minor;
	}
	if (t.major & ~carried_major)
		return refuse_part(DN_MAJOR, t.major, carried_major, why);
	if (t.minor & ~carried_minor)
		return refuse_part(DN_MINOR, t.minor, carried_minor, why);
	if ((s->rules & DN_LEGACY_WINDOW) && out - 0x100 < 0xff00) {
		why->why = DN_IN_WINDOW;
		why->value = out;
		return -1;
	}
	if ((s->rules & DN_NODEV) && out == ones(s->width)) {
		why->why = DN_IS_NODEV;
		why->value = out;
		return -1;
	}
	*raw = out;
	return 0;
}

static enum dn_verdict invalid(struct dn_reason *why, enum dn_why w, uint64_t raw,
			       uint64_t limit)
{
	why->why = w;
	why->value = raw;
	why->limit = limit;
	return DN_INVALID;
}

enum dn_verdict dn_decode(const struct dn_scheme *s, uint64_t raw,
			  struct dn_tuple *t, uint64_t *canon,
			  struct dn_reason *why)
{
	const uint64_t max = ones(s->width);
	uint64_t major = 0, minor = 0, carried = s->ignored;

	if (raw > max)
		return invalid(why, DN_TOO_WIDE, raw, max);
	if ((s->rules & DN_NODEV) && raw == max)
		return invalid(why, DN_SENTINEL, raw, max);
	if ((s->rules & DN_LEGACY_WINDOW) && raw - 0x100 < 0xff00) {
		t->major = raw >> 8;
		t->minor = raw & 0xff;
		*canon = t->major << 32 | t->minor;
		why->why = DN_LEGACY;
		why->value = raw;
		return DN_ALIAS;
	}
	for (unsigned i = 0; i < s->nfields; i++) {
		const struct dn_field *f = &s->field[i];
		uint64_t m = field_mask(f), bits = (raw >> f->at & m) << f->lo;
		uint64_t is_minor = 0 - (uint64_t)f->part; /* all ones for DN_MINOR */
		minor |= bits & is_minor;
		major |= bits & ~is_minor;
		carried |= m << f->at;
	}
	if (raw & ~carried) {
		clear_run(carried, lowest_bit(raw & ~carried), s->width, why);
		return invalid(why, DN_STRAY, raw, max);
	}
	t->major = major;
	t->minor = minor;
	*canon = (raw & ~s->ignored) | s->fixed;
	if (*canon != raw) {
		why->why = DN_IGNORED_BITS;
		why->value = raw;
		why->hi = (uint8_t)(63 - __builtin_clzll(s->ignored));
		why->lo = (uint8_t)lowest_bit(s->ignored);
		return DN_ALIAS;
	}
	return DN_CANONICAL;
}
