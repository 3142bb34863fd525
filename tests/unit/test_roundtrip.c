/* test_roundtrip.c - for every scheme: a million random raw values and a
 * million random tuples against the oracle, decode-then-encode giving the
 * value back or a noncanonical verdict, and every 16-bit value exhaustively. */
#include "devnum.h"
#include "oracle.h"
#include "tap.h"

#define N 1000000

/* One raw value: devnum and the oracle agree, and the round trip holds. */
static int raw_agrees(const devnum_scheme *s, int id, uint64_t r)
{
	struct devnum_tuple t;
	struct devnum_reason why;
	uint64_t c, ma, mi, rc, back;
	int ref = ref_decode(id, r, &ma, &mi, &rc);
	devnum_status v = devnum_decode(s, r, &t, &c, &why);
	if (ref < 0)
		return v == DEVNUM_REFUSED;
	if (v == DEVNUM_REFUSED || t.major != ma || t.minor != mi)
		return 0;
	if (devnum_encode(s, t, &back, &why) != DEVNUM_OK)
		return 0;
	if (v == DEVNUM_OK)
		return ref == 0 && back == r && c == r;
	return ref == 1 && back == c && c == rc && c != r;
}

static uint64_t rnd_raw(unsigned width)
{
	uint64_t r = rnd_part(64);
	/* mostly within the width, some beyond it */
	return (rnd() & 7) ? r & (width == 64 ? UINT64_MAX : (UINT64_C(1) << width) - 1) : r;
}

int main(void)
{
	for (const char *const *name = ref_schemes; *name; name++) {
		const devnum_scheme *s = devnum_scheme_find(*name);
		const int id = ref_id(*name);
		unsigned long bad = 0, bad_enc = 0, bad16 = 0;
		for (long i = 0; i < N; i++)
			bad += !raw_agrees(s, id, rnd_raw(devnum_scheme_width(s)));
		ok(bad == 0, "%s: %d random raws decode as the oracle, round trip holds (%lu differ)",
		   *name, N, bad);
		for (long i = 0; i < N; i++) {
			struct devnum_tuple t = { rnd_part(33), rnd_part(33) };
			struct devnum_reason why;
			uint64_t got, want;
			int ref = ref_encode(id, t.major, t.minor, &want);
			int rc = devnum_encode(s, t, &got, &why) == DEVNUM_OK ? 0 : -1;
			bad_enc += rc != ref || (rc == 0 && got != want);
		}
		ok(bad_enc == 0, "%s: %d random tuples encode or refuse as the oracle (%lu differ)",
		   *name, N, bad_enc);
		for (uint64_t r = 0; r <= 0x1ffff; r++)
			bad16 += !raw_agrees(s, id, r);
		ok(bad16 == 0, "%s: every raw below 2^17 decodes as the oracle (%lu differ)",
		   *name, bad16);
	}
	return done_testing();
}
