/* test_number.c - every number and tuple syntax of devnum(1), and every way
 * to get one wrong. */
#include <string.h>

#include "parse/number.h"
#include "tap.h"

struct num_case { const char *in; enum num_status status; uint64_t v; };

static const struct num_case numbers[] = {
	{ "0", NUM_OK, 0 }, { "769", NUM_OK, 769 }, { "0x301", NUM_OK, 0x301 },
	{ "0X301", NUM_OK, 0x301 }, { "0xABCdef", NUM_OK, 0xabcdef }, { "0o17", NUM_OK, 15 },
	{ "0O17", NUM_OK, 15 }, { "017", NUM_OK, 15 }, { "00", NUM_OK, 0 },
	{ "0b101", NUM_OK, 5 }, { "0B11", NUM_OK, 3 }, { "804h", NUM_OK, 0x804 },
	{ "804H", NUM_OK, 0x804 }, { "0h", NUM_OK, 0 }, { "  42\t", NUM_OK, 42 },
	{ "18446744073709551615", NUM_OK, UINT64_MAX },
	{ "0xffffffffffffffff", NUM_OK, UINT64_MAX },
	{ "0x0000000000000000000001", NUM_OK, 1 },
	{ "01777777777777777777777", NUM_OK, UINT64_MAX },
	{ "18446744073709551616", NUM_OVERFLOW, 0 },
	{ "0x10000000000000000", NUM_OVERFLOW, 0 },
	{ "02000000000000000000000", NUM_OVERFLOW, 0 },
	{ "", NUM_EMPTY, 0 }, { "   ", NUM_EMPTY, 0 }, { "-1", NUM_SIGN, 0 },
	{ "+1", NUM_SIGN, 0 }, { "0x", NUM_NODIGITS, 0 }, { "0b", NUM_NODIGITS, 0 },
	{ "0o", NUM_NODIGITS, 0 }, { "h", NUM_NODIGITS, 0 }, { "12a", NUM_DIGIT, 0 },
	{ "08", NUM_DIGIT, 0 }, { "0b102", NUM_DIGIT, 0 }, { "0xg", NUM_DIGIT, 0 },
	{ "1 2", NUM_DIGIT, 0 }, { "1.0", NUM_DIGIT, 0 }, { "0x1fh", NUM_DIGIT, 0 },
	{ "1e3", NUM_DIGIT, 0 }, { "１", NUM_DIGIT, 0 },
	/* either side of the quick paths' limits: 19 decimal digits, 16 hex */
	{ "9999999999999999999", NUM_OK, 9999999999999999999u },
	{ "10000000000000000000", NUM_OK, 10000000000000000000u },
	{ "0x0123456789abcdef", NUM_OK, 0x123456789abcdef },
	{ "0x00000000000000001", NUM_OK, 1 }, { "010", NUM_OK, 8 }, { "0x1g", NUM_DIGIT, 0 },
};

struct tuple_case { const char *in; enum num_status status; uint64_t major, minor; };

static const struct tuple_case tuples[] = {
	{ "3:1", NUM_OK, 3, 1 }, { "3,1", NUM_OK, 3, 1 }, { "1, 3", NUM_OK, 1, 3 },
	{ "259 256", NUM_OK, 259, 256 }, { " 8\t0 ", NUM_OK, 8, 0 },
	{ "0x103:0x100", NUM_OK, 259, 256 }, { "3 : 1", NUM_OK, 3, 1 },
	{ "4294967296:0", NUM_OK, 4294967296, 0 },
	{ "3", NUM_NOT_TUPLE, 0, 0 }, { "", NUM_EMPTY, 0, 0 }, { "3:", NUM_EMPTY, 0, 0 },
	{ ":1", NUM_EMPTY, 0, 0 }, { "3:1:2", NUM_DIGIT, 0, 0 }, { "3:-1", NUM_SIGN, 0, 0 },
	{ "3 1 2", NUM_DIGIT, 0, 0 }, { "a:1", NUM_DIGIT, 0, 0 },
	{ "0:0", NUM_OK, 0, 0 }, { "010:010", NUM_OK, 8, 8 }, { "00:1", NUM_OK, 0, 1 },
	{ "3:010", NUM_OK, 3, 8 }, { "12345678901234567890:1", NUM_OK, 12345678901234567890u, 1 },
	{ "1:18446744073709551616", NUM_OVERFLOW, 0, 0 }, { "1:0x", NUM_NODIGITS, 0, 0 },
	{ "8:9h", NUM_OK, 8, 9 }, { "08:1", NUM_DIGIT, 0, 0 },
};

/* The quick paths against the general one: a leading blank sends any input
 * down the general path, which the cases above check by hand, so every
 * short string of the characters that matter must read the same both ways. */
static int same_both_ways(unsigned long long seed)
{
	static const char alphabet[] = "0123456789afxh:, ";
	char s[24], blank[25] = " ";
	size_t n = 1 + seed % 21;
	for (size_t i = 0; i < n; i++, seed /= 17)
		s[i] = alphabet[seed % 17];
	memcpy(blank + 1, s, n);
	struct num_error e1 = { 0 }, e2 = { 0 };
	uint64_t v1 = 1, v2 = 2;
	struct devnum_tuple t1 = { 1, 1 }, t2 = { 2, 2 };
	int n1 = parse_number(s, n, BASE_C, &v1, &e1), n2 = parse_number(blank, n + 1, BASE_C, &v2, &e2);
	int p1 = parse_tuple(s, n, BASE_C, &t1, &e1), p2 = parse_tuple(blank, n + 1, BASE_C, &t2, &e2);
	return n1 == n2 && (n1 < 0 || v1 == v2) && p1 == p2 &&
	       (p1 < 0 || (t1.major == t2.major && t1.minor == t2.minor));
}

/* --input-base: bare digits in that base; prefixes still say theirs. */
struct base_case { const char *in; unsigned base; enum num_status status; uint64_t v; };

static const struct base_case based[] = {
	{ "15", 16, NUM_OK, 0x15 }, { "0801", 16, NUM_OK, 0x801 }, { "10b300", 16, NUM_OK, 0x10b300 },
	{ "0x10", 16, NUM_OK, 16 }, { "0o17", 16, NUM_OK, 15 }, { "804h", 16, NUM_OK, 0x804 },
	{ "fffffffffffffffff", 16, NUM_OVERFLOW, 0 }, { "g", 16, NUM_DIGIT, 0 },
	{ "17", 8, NUM_OK, 15 }, { "017", 8, NUM_OK, 15 }, { "0x17", 8, NUM_OK, 0x17 },
	{ "19", 8, NUM_DIGIT, 0 }, { "0801", BASE_C, NUM_DIGIT, 0 }, { "801", 10, NUM_OK, 801 },
	/* an explicit base reads a leading 0 as padding; under 16, 0b is hex digits */
	{ "0801", 10, NUM_OK, 801 }, { "0769", 10, NUM_OK, 769 }, { "0x1f", 10, NUM_OK, 31 },
	{ "0b01", 16, NUM_OK, 0xb01 }, { "0b01", 10, NUM_OK, 1 }, { "0b01", BASE_C, NUM_OK, 1 },
};

int main(void)
{
	char msg[128];
	for (size_t i = 0; i < sizeof numbers / sizeof numbers[0]; i++) {
		const struct num_case *c = &numbers[i];
		struct num_error e = { 0 };
		uint64_t v = 0;
		int rc = parse_number(c->in, strlen(c->in), BASE_C, &v, &e);
		if (c->status == NUM_OK)
			ok(rc == 0 && v == c->v, "'%s' is %llu", c->in, (unsigned long long)c->v);
		else
			ok(rc < 0 && e.status == c->status, "'%s' is refused (status %d, got %d)",
			   c->in, c->status, rc < 0 ? (int)e.status : 0);
	}
	for (size_t i = 0; i < sizeof tuples / sizeof tuples[0]; i++) {
		const struct tuple_case *c = &tuples[i];
		struct num_error e = { 0 };
		struct devnum_tuple t = { 0, 0 };
		int rc = parse_tuple(c->in, strlen(c->in), BASE_C, &t, &e);
		if (c->status == NUM_OK)
			ok(rc == 0 && t.major == c->major && t.minor == c->minor,
			   "tuple '%s' is %llu:%llu", c->in, (unsigned long long)c->major,
			   (unsigned long long)c->minor);
		else
			ok(rc < 0 && e.status == c->status, "tuple '%s' is refused", c->in);
	}
	for (size_t i = 0; i < sizeof based / sizeof based[0]; i++) {
		const struct base_case *c = &based[i];
		struct num_error e = { 0 };
		uint64_t v = 0;
		int rc = parse_number(c->in, strlen(c->in), c->base, &v, &e);
		if (c->status == NUM_OK)
			ok(rc == 0 && v == c->v, "'%s' with input base %u is %llu", c->in, c->base,
			   (unsigned long long)c->v);
		else
			ok(rc < 0 && e.status == c->status, "'%s' with input base %u is refused",
			   c->in, c->base);
	}
	unsigned long long seed = 0x9e3779b97f4a7c15u, differ = 0;
	for (int i = 0; i < 1000000; i++) {
		seed = seed * 6364136223846793005u + 1442695040888963407u;
		differ += !same_both_ways(seed >> 11);
	}
	ok(differ == 0, "1000000 random strings read the same with and without a leading blank "
	   "(%llu differ)", differ);
	struct devnum_tuple t = { 0, 0 };
	ok(parse_tuple("b3 100", 6, 16, &t, &(struct num_error){ 0 }) == 0 && t.major == 179 &&
	   t.minor == 256, "stat -c '%%t %%T' of 179:256 is read with input base 16");
	ok(parse_number("12\0", 3, BASE_C, &(uint64_t){ 0 }, &(struct num_error){ 0 }) < 0,
	   "a NUL byte inside a number is refused");
	struct num_error e = { NUM_DIGIT, 'g', 16, "minor" };
	num_strerror(&e, msg, sizeof msg);
	ok(strcmp(msg, "minor: 'g' is not a hex digit") == 0, "message names part and digit: %s", msg);
	return done_testing();
}
