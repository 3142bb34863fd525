/* test_inline.c - devnum_inline.h: each scheme's inline encode and decode
 * against the oracle (every scheme written again as plain expressions)
 * and against the library's own calls, status for status: a million
 * random tuples and raw values a scheme, every raw below 2^17, and the
 * edges (each power of two and one below it, the legacy window's ends,
 * the all-ones sentinels, the ignored bits). */
#include "devnum.h"
#include "devnum_inline.h"
#include "oracle.h"
#include "tap.h"

#define N 1000000

struct inlined {
	const char *name;
	devnum_status (*encode)(struct devnum_tuple, uint64_t *);
	devnum_status (*decode)(uint64_t, struct devnum_tuple *);
};

#define ROW(id, ...) { #id, devnum_encode_##id, devnum_decode_##id },
static const struct inlined rows[] = { DEVNUM_LAYOUTS(ROW, DEVNUM_MA_, DEVNUM_MI_) };

/* One raw value: the inline decode answers as the oracle and the call. */
static int raw_agrees(const struct inlined *x, const devnum_scheme *s, int id, uint64_t r)
{
	struct devnum_tuple t = { 0, 0 }, u;
	uint64_t ma, mi, rc, canon;
	int ref = ref_decode(id, r, &ma, &mi, &rc);
	devnum_status v = x->decode(r, &t);
	if (v != devnum_decode(s, r, &u, &canon, NULL))
		return 0;
	if (ref < 0)
		return v == DEVNUM_REFUSED;
	return v == (ref ? DEVNUM_ALIAS : DEVNUM_OK) && t.major == ma && t.minor == mi;
}

/* One tuple: the inline encode answers as the oracle and the call. */
static int tuple_agrees(const struct inlined *x, const devnum_scheme *s, int id,
			struct devnum_tuple t)
{
	uint64_t got = 0, want = 0, called = 0;
	int ref = ref_encode(id, t.major, t.minor, &want);
	devnum_status v = x->encode(t, &got);
	if (v != devnum_encode(s, t, &called, NULL))
		return 0;
	return ref < 0 ? v == DEVNUM_REFUSED : v == DEVNUM_OK && got == want && got == called;
}

static uint64_t rnd_raw(unsigned width)
{
	uint64_t r = rnd_part(64);
	return (rnd() & 7) ? r & (width == 64 ? UINT64_MAX : (UINT64_C(1) << width) - 1) : r;
}

/* The edges of every layout: 2^k, 2^k - 1, 2^k + 1, and all ones with
 * the top bits of each width cleared or set. */
static uint64_t edge(unsigned i)
{
	unsigned k = i / 4 % 65;
	uint64_t p = k == 64 ? 0 : UINT64_C(1) << k;
	switch (i % 4) {
	case 0: return p;
	case 1: return p - 1;
	case 2: return p + 1;
	default: return ~p;
	}
}

int main(void)
{
	ok(sizeof rows / sizeof rows[0] == devnum_scheme_count(),
	   "devnum_inline.h has every scheme the library has (%zu of %zu)",
	   sizeof rows / sizeof rows[0], devnum_scheme_count());
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		const struct inlined *x = &rows[i];
		const devnum_scheme *s = devnum_scheme_at(i);
		const int id = ref_id(x->name);
		unsigned long raws = 0, tuples = 0, edges = 0;
		ok(s && id >= 0 && s == devnum_scheme_find(x->name),
		   "%s: the library's scheme at %zu, and the oracle's", x->name, i);
		for (long n = 0; n < N; n++) {
			raws += !raw_agrees(x, s, id, rnd_raw(devnum_scheme_width(s)));
			tuples += !tuple_agrees(x, s, id,
						(struct devnum_tuple){ rnd_part(33), rnd_part(33) });
		}
		for (uint64_t r = 0; r <= 0x1ffff; r++)
			raws += !raw_agrees(x, s, id, r);
		for (unsigned a = 0; a < 4 * 65; a++) {
			edges += !raw_agrees(x, s, id, edge(a));
			edges += !raw_agrees(x, s, id, edge(a) | devnum_scheme_ignored(s));
			for (unsigned b = 0; b < 4 * 65; b++)
				edges += !tuple_agrees(x, s, id, (struct devnum_tuple){ edge(a), edge(b) });
		}
		ok(raws == 0, "%s: devnum_decode_%s as the oracle and devnum_decode, %d random "
		   "raws and every raw below 2^17 (%lu differ)", x->name, x->name, N, raws);
		ok(tuples == 0, "%s: devnum_encode_%s as the oracle and devnum_encode, %d random "
		   "tuples (%lu differ)", x->name, x->name, N, tuples);
		ok(edges == 0, "%s: both at every edge, %d tuples and %d raws (%lu differ)", x->name,
		   4 * 65 * 4 * 65, 2 * 4 * 65, edges);
	}
	return done_testing();
}
