/* test_exhaustive.c - every raw value of every 16- and 32-bit scheme, and
 * split32's legacy window: the verdict agrees with its definition
 * (canonical iff encode(decode(r)) == r, an alias decodes to a tuple whose
 * canonical value encode gives back), and in xfs every tuple has exactly
 * 32 raw values.  The oracle comparison lives in test_roundtrip, where it
 * is cheap; here each scheme's 2^32 values are split across threads. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "devnum.h"
#include "tap.h"

#define THREADS 2

struct sweep {
	const devnum_scheme *s;
	uint64_t lo, hi;          /* inclusive */
	unsigned char *per_tuple; /* xfs: raw values per canonical value */
	unsigned long bad;
};

static void *sweep(void *arg)
{
	struct sweep *w = arg;
	const devnum_scheme *s = w->s;
	unsigned char *per_tuple = w->per_tuple;
	unsigned long bad = 0; /* not w->bad: the threads' structs share a cache line */
	for (uint64_t r = w->lo;; r++) {
		struct devnum_tuple t;
		struct devnum_reason why;
		uint64_t canon, back;
		devnum_status v = devnum_decode(s, r, &t, &canon, &why);
		if (v != DEVNUM_REFUSED) {
			int again = devnum_encode(s, t, &back, &why) == DEVNUM_OK;
			bad += !again || (v == DEVNUM_OK) != (back == r) || canon != back;
			if (per_tuple)
				per_tuple[back]++;
		}
		if (r == w->hi)
			break;
	}
	w->bad = bad;
	return NULL;
}

/* Sweeps [lo, hi] of scheme s on THREADS threads; returns the wrong ones. */
static unsigned long sweep_all(const devnum_scheme *s, uint64_t lo, uint64_t hi,
			       unsigned char **per_tuple)
{
	struct sweep w[THREADS];
	pthread_t id[THREADS];
	uint64_t step = (hi - lo) / THREADS + 1;
	unsigned long bad = 0;
	for (int i = 0; i < THREADS; i++) {
		w[i] = (struct sweep){ s, lo + step * (uint64_t)i,
				       i == THREADS - 1 ? hi : lo + step * (uint64_t)(i + 1) - 1,
				       per_tuple ? per_tuple[i] : NULL, 0 };
		if (pthread_create(&id[i], NULL, sweep, &w[i]))
			exit(99);
	}
	for (int i = 0; i < THREADS; i++) {
		pthread_join(id[i], NULL);
		bad += w[i].bad;
	}
	return bad;
}

int main(void)
{
	for (size_t k = 0; k < devnum_scheme_count(); k++) {
		const devnum_scheme *s = devnum_scheme_at(k);
		unsigned char *per_tuple[THREADS] = { 0 };
		int xfs = !strcmp(devnum_scheme_name(s), "xfs");
		if (devnum_scheme_width(s) > 32)
			continue;
		for (int i = 0; xfs && i < THREADS; i++)
			if (!(per_tuple[i] = calloc(1u << 27, 1)))
				return 99;
		unsigned long bad = sweep_all(s, 0, devnum_raw_max(s), xfs ? per_tuple : NULL);
		ok(bad == 0, "%s: all 2^%u raw values: canonical iff encode(decode(r)) == r "
		   "(%lu wrong)", devnum_scheme_name(s), devnum_scheme_width(s), bad);
		if (!xfs)
			continue;
		unsigned long off = 0;
		for (uint32_t c = 0; c < 1u << 27; c++)
			off += per_tuple[0][c] + per_tuple[1][c] != 32;
		ok(off == 0, "xfs: each of the 2^27 tuples has exactly 32 raw values (%lu do not)", off);
		for (int i = 0; i < THREADS; i++)
			free(per_tuple[i]);
	}
	const devnum_scheme *split32 = devnum_scheme_find("split32");
	ok(sweep_all(split32, 0, 0x1ffff, NULL) == 0,
	   "split32: every raw up to 0x1ffff, the legacy window and around it");
	ok(sweep_all(split32, UINT64_MAX - 0xffff, UINT64_MAX, NULL) == 0,
	   "split32: the top 2^16 raw values");
	return done_testing();
}
