/* number.c - parsing numbers and tuples, as mknod(1), strtoul, stat and ls
 * write them.  Refuses what it cannot read exactly; never wraps. */
#include <config.h>

#include <stdio.h>
#include <string.h>

#include "parse/number.h"

/* digit value + 1 of every byte, so that the zero default means none */
static const uint8_t digit1[256] = {
	['0'] = 1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
	['a'] = 11, 12, 13, 14, 15, 16,
	['A'] = 11, 12, 13, 14, 15, 16,
};

static inline int blank(char c)
{
	return c == ' ' || c == '\t';
}

static inline void trim(const char **s, size_t *n)
{
	while (*n && blank(**s))
		(*s)++, (*n)--;
	while (*n && blank((*s)[*n - 1]))
		(*n)--;
}

static int refuse(struct num_error *e, enum num_status st, char bad, unsigned base)
{
	e->status = st;
	e->bad = bad;
	e->base = base;
	e->part = NULL;
	return -1;
}

/* Strips a base prefix or the h suffix from s; returns the base.  Bare
 * digits are in base `bare`, BASE_C's being decimal.  A leading 0 means
 * octal only under BASE_C, as in C; under an explicit base it is padding.
 * Under base 16, 0b is two hex digits (0b01 is 0xb01), not a prefix. */
static unsigned take_base(const char **s, size_t *n, unsigned bare)
{
	const char *p = *s;
	unsigned plain = bare == BASE_C ? 10 : bare;
	if ((p[*n - 1] | 0x20) == 'h') {
		(*n)--;
		return 16;
	}
	if (*n < 2 || p[0] != '0')
		return plain;
	switch (p[1] | 0x20) {
	case 'x': *s += 2, *n -= 2; return 16;
	case 'o': *s += 2, *n -= 2; return 8;
	case 'b':
		if (bare == 16)
			return 16;
		*s += 2, *n -= 2;
		return 2;
	default:
		if (bare != BASE_C)
			return plain;
		*s += 1, *n -= 1;
		return 8;
	}
}

/* Whether v * base + d passes 2^64-1; no division on the hot path. */
static inline int would_overflow(uint64_t v, unsigned base, unsigned d)
{
	const uint64_t tenth = UINT64_MAX / 10;
	switch (base) {
	case 16: return v >> 60 != 0;
	case 8: return v >> 61 != 0;
	case 2: return v >> 63 != 0;
	default: return v > tenth || (v == tenth && d > UINT64_MAX % 10);
	}
}

/* Digits that can never pass 2^64-1, per base: the loop needs no check. */
static inline size_t safe_digits(unsigned base)
{
	return base == 16 ? 15 : base == 10 ? 19 : base == 8 ? 21 : 63;
}

/* The digits of s in base; inlined with a constant base, one tight loop each. */
static inline __attribute__((always_inline)) int
digits(const char *s, size_t n, unsigned base, uint64_t *out, struct num_error *e)
{
	uint64_t v = 0;
	size_t i = 0;
	for (size_t safe = n < safe_digits(base) ? n : safe_digits(base); i < safe; i++) {
		unsigned d = digit1[(unsigned char)s[i]] - 1u;
		if (d >= base)
			return refuse(e, NUM_DIGIT, s[i], base);
		v = v * base + d;
	}
	for (; i < n; i++) {
		unsigned d = digit1[(unsigned char)s[i]] - 1u;
		if (d >= base)
			return refuse(e, NUM_DIGIT, s[i], base);
		if (would_overflow(v, base, d))
			return refuse(e, NUM_OVERFLOW, 0, base);
		v = v * base + d;
	}
	*out = v;
	return 0;
}

/* The quick paths: what nearly every record is, read in one pass with no
 * check that can fail.  They answer false for anything else, which the
 * general path then reads or refuses with its reason. */

/* The leading decimal digits of s, at most 19 so that none can overflow;
 * their count. */
static inline size_t decimal_run(const char *s, size_t n, uint64_t *v)
{
	const char *p = s, *end = s + (n < 19 ? n : 19);
	uint64_t x = 0;
	for (unsigned d; p < end && (d = (unsigned char)*p - (unsigned)'0') <= 9; p++)
		x = x * 10 + d;
	*v = x;
	return (size_t)(p - s);
}

/* Whether the k digits at s are a whole decimal number: some, and no
 * leading 0, which would make them octal. */
static inline bool plain_decimal(const char *s, size_t k)
{
	return k == 1 || (k > 1 && s[0] != '0');
}

/* 0x and at most 16 hex digits, or a plain decimal number. */
static inline bool quick_number(const char *s, size_t n, uint64_t *out)
{
	if (n > 2 && n <= 18 && s[0] == '0' && (s[1] | 0x20) == 'x') {
		uint64_t v = 0;
		for (size_t i = 2; i < n; i++) {
			unsigned d = digit1[(unsigned char)s[i]] - 1u;
			if (d > 15)
				return false;
			v = v << 4 | d;
		}
		*out = v;
		return true;
	}
	return decimal_run(s, n, out) == n && plain_decimal(s, n);
}

bool quick_tuple(const char *s, size_t n, struct devnum_tuple *t)
{
	size_t a = decimal_run(s, n, &t->major);
	if (a >= n || s[a] != ':' || !plain_decimal(s, a))
		return false;
	s += a + 1, n -= a + 1;
	return decimal_run(s, n, &t->minor) == n && plain_decimal(s, n);
}

int parse_number(const char *s, size_t n, unsigned bare, uint64_t *out,
		 struct num_error *e)
{
	if ((bare == BASE_C || bare == 10) && quick_number(s, n, out))
		return 0;
	trim(&s, &n);
	if (n == 0)
		return refuse(e, NUM_EMPTY, 0, 10);
	if (*s == '+' || *s == '-')
		return refuse(e, NUM_SIGN, *s, 10);
	unsigned base = take_base(&s, &n, bare);
	if (n == 0)
		return refuse(e, NUM_NODIGITS, 0, base);
	switch (base) {
	case 16: return digits(s, n, 16, out, e);
	case 10: return digits(s, n, 10, out, e);
	case 8: return digits(s, n, 8, out, e);
	default: return digits(s, n, 2, out, e);
	}
}

/* The separator of a tuple: the first ':' or ',', else the first blank
 * between two words.  NULL if there is none. */
static inline const char *separator(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (s[i] == ':' || s[i] == ',')
			return s + i;
	for (size_t i = 0; i < n; i++)
		if (blank(s[i]))
			return s + i;
	return NULL;
}

int looks_like_tuple(const char *s, size_t n)
{
	trim(&s, &n);
	return separator(s, n) != NULL;
}

int parse_tuple(const char *s, size_t n, unsigned bare, struct devnum_tuple *t,
		struct num_error *e)
{
	if ((bare == BASE_C || bare == 10) && quick_tuple(s, n, t))
		return 0;
	trim(&s, &n);
	const char *sep = separator(s, n);
	if (!sep)
		return refuse(e, n ? NUM_NOT_TUPLE : NUM_EMPTY, 0, 10);
	if (parse_number(s, (size_t)(sep - s), bare, &t->major, e) < 0) {
		e->part = "major";
		return -1;
	}
	size_t rest = n - (size_t)(sep - s) - 1;
	if (parse_number(sep + 1, rest, bare, &t->minor, e) < 0) {
		e->part = "minor";
		return -1;
	}
	return 0;
}

static const char *base_name(unsigned base)
{
	switch (base) {
	case 16: return "hex";
	case 8: return "octal";
	case 2: return "binary";
	default: return "decimal";
	}
}

void num_strerror(const struct num_error *e, char *buf, size_t size)
{
	char what[64];
	unsigned char c = (unsigned char)e->bad;
	switch (e->status) {
	case NUM_EMPTY: snprintf(what, sizeof what, "empty value"); break;
	case NUM_SIGN: snprintf(what, sizeof what, "a sign ('%c') is not allowed", c); break;
	case NUM_NODIGITS: snprintf(what, sizeof what, "no %s digits", base_name(e->base)); break;
	case NUM_DIGIT:
		if (c > 0x20 && c < 0x7f && c != '\'')
			snprintf(what, sizeof what, "'%c' is not %s %s digit", c,
				 e->base == 8 ? "an" : "a", base_name(e->base));
		else
			snprintf(what, sizeof what, "byte 0x%02x is not %s %s digit", c,
				 e->base == 8 ? "an" : "a", base_name(e->base));
		break;
	case NUM_OVERFLOW: snprintf(what, sizeof what, "larger than 2^64-1"); break;
	case NUM_NOT_TUPLE: snprintf(what, sizeof what, "not a tuple (MAJOR:MINOR)"); break;
	default: snprintf(what, sizeof what, "not a number"); break;
	}
	if (e->part)
		snprintf(buf, size, "%s: %s", e->part, what);
	else
		snprintf(buf, size, "%s", what);
}
