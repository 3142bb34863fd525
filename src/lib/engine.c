/* engine.c - the library's entry points: encode and decode go to the code
 * schemes.c had the compiler derive for each scheme; the rest reads the
 * table through pack.h's same engine. */
#include <config.h>

#include "pack.h"

/* Every output a caller may not want may be NULL, and a reason given is
 * written on every call: the specialised code writes it (pack.h).  The
 * common call, with the raw value or tuple wanted, stays a tail call into
 * that code; the others go out of line, where a spare stands in for each
 * output not wanted (spares in line cost 1.2 ns of 1.6 a call). */
__attribute__((noinline, cold)) static devnum_status
encode_spare(const devnum_scheme *s, struct devnum_tuple t, struct devnum_reason *why)
{
	uint64_t spare;
	return s ? s->encode(t, &spare, why) : devnum__bad(why);
}

devnum_status devnum_encode(const devnum_scheme *s, struct devnum_tuple t, uint64_t *raw,
			    struct devnum_reason *why)
{
	if (__builtin_expect(s && raw, 1))
		return s->encode(t, raw, why);
	return encode_spare(s, t, why);
}

__attribute__((noinline, cold)) static devnum_status
decode_spare(const devnum_scheme *s, uint64_t raw, struct devnum_tuple *t, uint64_t *canon,
	     struct devnum_reason *why)
{
	struct devnum_tuple spare_t;
	uint64_t spare_canon;
	if (!s)
		return devnum__bad(why);
	return s->decode(raw, t ? t : &spare_t, canon ? canon : &spare_canon, why);
}

devnum_status devnum_decode(const devnum_scheme *s, uint64_t raw, struct devnum_tuple *t,
			    uint64_t *canon, struct devnum_reason *why)
{
	if (__builtin_expect(s && t && canon, 1))
		return s->decode(raw, t, canon, why);
	return decode_spare(s, raw, t, canon, why);
}

struct devnum_tuple devnum_decode_unchecked(const devnum_scheme *s, uint64_t raw)
{
	return s ? devnum_layout_unpack(s->d, raw, true) : (struct devnum_tuple){ 0, 0 };
}

uint64_t devnum_raw_max(const devnum_scheme *s)
{
	return s ? ones(s->d->width) : 0;
}

uint64_t devnum_part_max(const devnum_scheme *s, enum devnum_part part)
{
	if (!s)
		return 0;
	return part == DEVNUM_RAW ? ones(s->d->width) : devnum_layout_carried(s->d, part);
}

unsigned devnum_part_bits(const devnum_scheme *s, enum devnum_part part)
{
	return (unsigned)__builtin_popcountll(devnum_part_max(s, part));
}

devnum_status devnum_within(const devnum_scheme *s, struct devnum_tuple t,
			    struct devnum_reason *why)
{
	if (!s)
		return devnum__bad(why);
	const devnum_scheme *k = devnum_scheme_within(s);
	struct devnum_reason r = { .cause = DEVNUM_NO_CAUSE };
	devnum_status st = DEVNUM_OK;
	uint64_t cmaj = k ? devnum_layout_carried(k->d, DEVNUM_MAJOR) : UINT64_MAX;
	uint64_t cmin = k ? devnum_layout_carried(k->d, DEVNUM_MINOR) : UINT64_MAX;
	if ((t.major & ~cmaj) || (t.minor & ~cmin)) {
		r = (struct devnum_reason){ .cause = DEVNUM_BEYOND, .t = t, .value = cmaj,
					    .limit = cmin };
		st = DEVNUM_REFUSED;
	}
	if (why)
		*why = r;
	return st;
}
