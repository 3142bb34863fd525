/* aliases.c - every raw value that decodes to one tuple, without storing them.
 *
 * A scheme's aliases are its canonical value with the ignored bits in every
 * other state, plus the legacy 16-bit value where the scheme has a window.
 */
#include <config.h>

#include "devnum.h"

int dn_aliases_start(struct dn_aliases *a, const struct dn_scheme *s,
		     struct dn_tuple t, uint64_t *count, struct dn_reason *why)
{
	if (dn_encode(s, t, &a->canon, why) < 0)
		return -1;
	int free_bits = __builtin_popcountll(s->ignored);
	a->s = s;
	a->base = a->canon & ~s->ignored;
	a->subset = 0;
	a->first = true;
	a->subsets_done = false;
	a->legacy = t.major << 8 | t.minor;
	a->legacy_left = (s->rules & DN_LEGACY_WINDOW) && t.major <= 0xff &&
			 t.minor <= 0xff && a->legacy >= 0x100;
	*count = free_bits >= 64 ? UINT64_MAX
				 : (UINT64_C(1) << free_bits) + a->legacy_left;
	return 0;
}

bool dn_aliases_next(struct dn_aliases *a, uint64_t *raw)
{
	if (a->first) {
		a->first = false;
		*raw = a->canon;
		return true;
	}
	while (!a->subsets_done) {
		uint64_t sub = a->subset;
		/* next subset of the ignored bits, in increasing order */
		a->subset = (a->subset - a->s->ignored) & a->s->ignored;
		a->subsets_done = a->subset == 0;
		if (sub != a->s->fixed) {
			*raw = a->base | sub;
			return true;
		}
	}
	if (a->legacy_left) {
		a->legacy_left = false;
		*raw = a->legacy;
		return true;
	}
	return false;
}
