/* digits.h - integers to text, inline for the per-record paths: exactly
 * n digits of a value in base 10, 16 or 8, eight decimal digits a 64-bit
 * division and two a 32-bit one. */
#ifndef DIGITS_H
#define DIGITS_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

static const char digits_lc[] = "0123456789abcdef";

static const char pairs[201] =
	"00010203040506070809101112131415161718192021222324252627282930313233343536373839"
	"40414243444546474849505152535455565758596061626364656667686970717273747576777879"
	"8081828384858687888990919293949596979899";

/* Digits of v in base 10, 16 or 8, from its bit length: no loop. */
static inline unsigned count_digits(uint64_t v, unsigned base)
{
	static const uint64_t pow10[20] = {
		1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000,
		1000000000, 10000000000u, 100000000000u, 1000000000000u,
		10000000000000u, 100000000000000u, 1000000000000000u,
		10000000000000000u, 100000000000000000u, 1000000000000000000u,
		10000000000000000000u,
	};
	unsigned bits = 64 - (unsigned)__builtin_clzll(v | 1);
	if (base == 16)
		return (bits + 3) / 4;
	if (base == 8)
		return (bits + 2) / 3;
	unsigned t = bits * 1233 >> 12; /* 1233 / 4096 ~ log10(2) */
	return t + 1 - ((v | 1) < pow10[t]);
}

/* Writes exactly n decimal digits of a 32-bit v: cheaper divisions. */
static inline void put_dec32(char *p, unsigned n, uint32_t v)
{
	for (; n >= 2; n -= 2, v /= 100)
		memcpy(p + n - 2, pairs + (size_t)2 * (v % 100), 2);
	if (n)
		p[0] = (char)('0' + v % 10);
}

/* Writes exactly n digits of v, the last at p[n - 1]. */
static inline void put_digits(char *p, unsigned n, uint64_t v, unsigned base)
{
	if (base == 10 && v <= UINT32_MAX) {
		put_dec32(p, n, (uint32_t)v);
		return;
	}
	if (base == 10) {
		/* eight digits at a time in 32 bits: one 64-bit division each */
		while (n > 8) {
			put_dec32(p + n - 8, 8, (uint32_t)(v % 100000000));
			v /= 100000000;
			n -= 8;
		}
		put_dec32(p, n, (uint32_t)v);
		return;
	}
	unsigned shift = base == 16 ? 4 : 3, mask = base - 1;
	for (; n; n--, v >>= shift)
		p[n - 1] = digits_lc[v & mask];
}

/* v in decimal at p (room for 20 digits), no NUL; returns the length */
static inline __attribute__((always_inline)) size_t fmt_u64(char *p, uint64_t v)
{
	unsigned n = count_digits(v, 10);
	put_digits(p, n, v, 10);
	return n;
}

/* v's hex digits at p (room for 16), no prefix; returns the length */
static inline __attribute__((always_inline)) size_t fmt_hex(char *p, uint64_t v)
{
	unsigned n = count_digits(v, 16);
	put_digits(p, n, v, 16);
	return n;
}

#endif
