/* aliases.c - every raw value that decodes to one tuple, without storing them.
 *
 * A scheme's aliases are its canonical value with the ignored bits in every
 * other state, plus the legacy 16-bit value where the scheme has a window.
 * The walk's state lives in the caller's struct devnum_aliases, whose
 * public face is an array with room to grow. */
#include <config.h>

#include "refusals.h"

struct walk {
	const struct devnum_layout *s;
	uint64_t canon, base, subset, legacy;
	bool first, subsets_done, legacy_left;
};

_Static_assert(sizeof(struct walk) <= sizeof(struct devnum_aliases),
	       "struct devnum_aliases has room for the walk");

static struct walk *walk_of(struct devnum_aliases *a)
{
	return (struct walk *)(void *)a->state;
}

devnum_status devnum_aliases_start(struct devnum_aliases *a, const devnum_scheme *s,
				   struct devnum_tuple t, uint64_t *count,
				   struct devnum_reason *why)
{
	if (!a || !s)
		return devnum__bad(why);
	struct walk *w = walk_of(a);
	*w = (struct walk){ .first = false, .subsets_done = true }; /* a refused walk is done */
	devnum_status st = devnum_encode(s, t, &w->canon, why);
	if (st != DEVNUM_OK)
		return st;
	int free_bits = __builtin_popcountll(s->d->ignored);
	w->s = s->d;
	w->base = w->canon & ~s->d->ignored;
	w->subset = 0;
	w->first = true;
	w->subsets_done = false;
	w->legacy = t.major << 8 | t.minor;
	w->legacy_left = (s->d->rules & DEVNUM_LEGACY_WINDOW) && t.major <= 0xff &&
			 t.minor <= 0xff && w->legacy >= 0x100;
	if (count)
		*count = free_bits >= 64 ? UINT64_MAX
					 : (UINT64_C(1) << free_bits) + w->legacy_left;
	return DEVNUM_OK;
}

bool devnum_aliases_next(struct devnum_aliases *a, uint64_t *raw)
{
	uint64_t spare;
	if (!a)
		return false;
	struct walk *w = walk_of(a);
	if (!raw)
		raw = &spare;
	if (w->first) {
		w->first = false;
		*raw = w->canon;
		return true;
	}
	while (!w->subsets_done) {
		uint64_t sub = w->subset;
		/* next subset of the ignored bits, in increasing order */
		w->subset = (w->subset - w->s->ignored) & w->s->ignored;
		w->subsets_done = w->subset == 0;
		if (sub != w->s->fixed) {
			*raw = w->base | sub;
			return true;
		}
	}
	if (w->legacy_left) {
		w->legacy_left = false;
		*raw = w->legacy;
		return true;
	}
	return false;
}
