/* test_glibc.c - glibc and native against the C library's own makedev(),
 * major() and minor(), the oracle the C library ships. */
#include <sys/sysmacros.h>

#include "devnum.h"
#include "tap.h"

#define N 1000000

int main(void)
{
	const char *names[] = { "glibc", "native" };
	for (int k = 0; k < 2; k++) {
		const devnum_scheme *s = devnum_scheme_find(names[k]);
		unsigned long bad_enc = 0, bad_dec = 0, bad_raw = 0;
		for (long i = 0; i < N; i++) {
			uint32_t ma = (uint32_t)rnd_part(32), mi = (uint32_t)rnd_part(32);
			uint64_t raw = 0, c, r = rnd_part(64);
			struct devnum_tuple t;
			struct devnum_reason why;
			bad_enc += devnum_encode(s, (struct devnum_tuple){ ma, mi }, &raw, &why) != DEVNUM_OK ||
				   raw != makedev(ma, mi);
			bad_dec += devnum_decode(s, makedev(ma, mi), &t, &c, &why) != DEVNUM_OK ||
				   t.major != ma || t.minor != mi;
			/* every 64-bit value is a glibc dev_t, and canonical */
			bad_raw += devnum_decode(s, r, &t, &c, &why) != DEVNUM_OK ||
				   t.major != major(r) || t.minor != minor(r) ||
				   makedev(major(r), minor(r)) != r;
		}
		ok(bad_enc == 0, "%s: %d random tuples encode as makedev() (%lu differ)",
		   names[k], N, bad_enc);
		ok(bad_dec == 0, "%s: makedev() of %d random tuples decodes back (%lu differ)",
		   names[k], N, bad_dec);
		ok(bad_raw == 0, "%s: %d random raws decode as major()/minor() (%lu differ)",
		   names[k], N, bad_raw);
	}
	return done_testing();
}
