/* test_aliases.c - the alias walk: every value it yields decodes to the
 * tuple (by the library and by the oracle), the canonical one comes first,
 * the count is right, and no raw value outside the walk decodes to the tuple. */
#include <stdlib.h>

#include "devnum.h"
#include "oracle.h"
#include "tap.h"

#define N 100000

/* Walks t's aliases: 1 if all decode to t, first canonical, none twice. */
static int walk_ok(const devnum_scheme *s, int id, struct devnum_tuple t,
		   uint64_t *count)
{
	struct devnum_aliases a;
	struct devnum_reason r;
	uint64_t raw, prev = 0, seen = 0, canon, ma, mi, rc;
	if (devnum_aliases_start(&a, s, t, count, &r) != DEVNUM_OK)
		return -1;
	while (devnum_aliases_next(&a, &raw)) {
		struct devnum_tuple d;
		devnum_status v = devnum_decode(s, raw, &d, &canon, &r);
		int ref = ref_decode(id, raw, &ma, &mi, &rc);
		if (v == DEVNUM_REFUSED || d.major != t.major || d.minor != t.minor)
			return 0;
		if (ref < 0 || ma != t.major || mi != t.minor)
			return 0;
		if ((seen == 0) != (v == DEVNUM_OK))
			return 0;
		if (seen > 1 && raw <= prev && !(devnum_scheme_flags(s) & DEVNUM_LEGACY_WINDOW))
			return 0; /* ignored-bit aliases come in increasing order */
		prev = raw;
		seen++;
	}
	return seen == *count;
}

/* Whether raw is among t's aliases. */
static int in_walk(const devnum_scheme *s, struct devnum_tuple t, uint64_t raw)
{
	struct devnum_aliases a;
	struct devnum_reason r;
	uint64_t count, x;
	if (devnum_aliases_start(&a, s, t, &count, &r) != DEVNUM_OK)
		return 0;
	while (devnum_aliases_next(&a, &x))
		if (x == raw)
			return 1;
	return 0;
}

static void counts(void)
{
	struct devnum_aliases a;
	struct devnum_reason r;
	uint64_t n;
	const struct { const char *s; uint64_t ma, mi, n; } want[] = {
		{ "glibc", 3, 1, 1 }, { "hpa", 3, 1, 1 }, { "legacy", 3, 1, 1 },
		{ "split32", 3, 1, 2 }, { "split32", 0, 255, 1 }, { "split32", 256, 0, 1 },
		{ "split32", 255, 255, 2 }, { "xfs", 8, 1, 32 }, { "aix", 3, 1, 4 },
		{ "tuple", 3, 1, 1 }, { "solaris", 3, 1, 1 },
	};
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
		devnum_status rc = devnum_aliases_start(&a, devnum_scheme_find(want[i].s),
							(struct devnum_tuple){ want[i].ma, want[i].mi },
							&n, &r);
		ok(rc == DEVNUM_OK && n == want[i].n, "%s: %llu:%llu has %llu raw values (got %llu)",
		   want[i].s, (unsigned long long)want[i].ma, (unsigned long long)want[i].mi,
		   (unsigned long long)want[i].n, (unsigned long long)n);
	}
	ok(devnum_aliases_start(&a, devnum_scheme_find("split32"), (struct devnum_tuple){ 0, 256 }, &n, &r) != DEVNUM_OK,
	   "split32: 0:256 has no raw values: it cannot be encoded");
}

int main(void)
{
	counts();
	for (const char *const *name = ref_schemes; *name; name++) {
		const devnum_scheme *s = devnum_scheme_find(*name);
		unsigned long bad = 0, tried = 0, outside = 0;
		for (long i = 0; i < N; i++) {
			struct devnum_tuple t = { rnd_part(32), rnd_part(32) };
			uint64_t count;
			int rc = walk_ok(s, ref_id(*name), t, &count);
			tried += rc >= 0;
			bad += rc == 0;
		}
		ok(bad == 0, "%s: the aliases of %lu random tuples all decode to them, "
		   "canonical first (%lu wrong)", *name, tried, bad);
		/* the other direction: every raw that decodes is in its tuple's walk */
		for (long i = 0; i < N; i++) {
			uint64_t r = rnd_part(devnum_scheme_width(s)), canon;
			struct devnum_tuple t;
			struct devnum_reason why;
			if (devnum_decode(s, r, &t, &canon, &why) != DEVNUM_REFUSED)
				outside += !in_walk(s, t, r);
		}
		for (uint64_t r = 0; r <= 0x1ffff; r++) {
			uint64_t canon;
			struct devnum_tuple t;
			struct devnum_reason why;
			if (devnum_decode(s, r, &t, &canon, &why) != DEVNUM_REFUSED)
				outside += !in_walk(s, t, r);
		}
		ok(outside == 0, "%s: every raw that decodes, random and below 2^17, is "
		   "in its tuple's walk (%lu outside)", *name, outside);
	}
	return done_testing();
}
