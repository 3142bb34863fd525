/* tap.h - the few TAP helpers the unit tests need. */
#ifndef TAP_H
#define TAP_H

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>

static int tap_count, tap_failed;

__attribute__((format(printf, 2, 3)))
static inline void ok(int pass, const char *fmt, ...)
{
	va_list ap;
	printf("%s %d - ", pass ? "ok" : "not ok", ++tap_count);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	tap_failed += !pass;
}

static inline int done_testing(void)
{
	printf("1..%d\n", tap_count);
	return tap_failed != 0;
}

/* xorshift64*: a fixed, portable stream of test values */
static uint64_t rng_state = 0x9e3779b97f4a7c15u;
static inline uint64_t rnd(void)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 0x2545f4914f6cdd1du;
}

/* Values real systems use: small, medium, full width, single bits. */
static inline uint64_t rnd_part(unsigned maxbits)
{
	uint64_t r = rnd(), m = maxbits >= 64 ? UINT64_MAX : (UINT64_C(1) << maxbits) - 1;
	switch (r & 7) {
	case 0: return (r >> 8) & 0xff;
	case 1: return (r >> 8) & 0xfff;
	case 2: return (r >> 8) & 0xfffff;
	case 3: return (UINT64_C(1) << ((r >> 8) % maxbits)) & m;
	case 4: return ((UINT64_C(1) << ((r >> 8) % maxbits)) - 1) & m;
	default: return rnd() & m;
	}
}

#endif
