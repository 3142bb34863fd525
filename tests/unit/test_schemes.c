/* test_schemes.c - the scheme table: its shape, the worked values of
 * devnum-schemes(7), hand-derived values at every field boundary, and every
 * boundary tuple against the reference expressions of oracle.c. */
#include <config.h>

#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "devnum.h"
#include "oracle.h"
#include "tap.h"

#define OK(raw) 0, (raw) /* refused, raw: an encode that succeeds */
#define NO 1, 0         /* an encode that is refused */
#define B32 UINT64_C(0x100000000)

static const devnum_scheme *S(const char *name)
{
	return devnum_scheme_find(name);
}

static void table_shape(void)
{
	ok(devnum_scheme_count() == 19, "19 schemes (got %zu)", devnum_scheme_count());
	for (size_t i = 0; i < devnum_scheme_count(); i++) {
		const devnum_scheme *s = devnum_scheme_at(i);
		uint64_t raw = 0, part[2] = { 0, 0 }, width = devnum_raw_max(s);
		uint64_t ignored = devnum_scheme_ignored(s), fixed = devnum_scheme_fixed(s);
		unsigned w = devnum_scheme_width(s);
		struct devnum_field fields[8];
		size_t n = devnum_scheme_fields(s, fields, 8);
		int good = (w == 16 || w == 32 || w == 64) && n >= 2 && n <= 6;
		for (size_t f = 0; f < n; f++) {
			const struct devnum_field *d = &fields[f];
			uint64_t m = (UINT64_C(1) << d->width) - 1;
			good &= d->width >= 1 && d->width <= 32 && d->lo + d->width <= 32;
			good &= d->at + d->width <= w && d->lo <= d->at; /* unchecked shifts back */
			good &= !(raw & m << d->at) && !(part[d->part] & m << d->lo);
			raw |= m << d->at;
			part[d->part] |= m << d->lo;
		}
		good &= !(raw & ignored) && (fixed & ~ignored) == 0;
		good &= (ignored & ~width) == 0;
		good &= part[DEVNUM_MAJOR] == devnum_part_max(s, DEVNUM_MAJOR) &&
			part[DEVNUM_MINOR] == devnum_part_max(s, DEVNUM_MINOR);
		ok(good, "%s: fields fit the width and overlap nowhere", devnum_scheme_name(s));
	}
}

static void lookup(void)
{
	char upper[64];
	int good = 1;
	for (size_t i = 0; i < devnum_scheme_count(); i++) {
		const devnum_scheme *s = devnum_scheme_at(i);
		const char *name = devnum_scheme_name(s);
		good &= S(name) == s;
		for (size_t k = 0; name[k] && k < sizeof upper - 1; k++)
			upper[k] = (char)toupper((unsigned char)name[k]), upper[k + 1] = 0;
		good &= S(upper) == s;
		for (const char *p = devnum_scheme_aliases(s); *p;) {
			size_t n = strcspn(p, " ");
			snprintf(upper, sizeof upper, "%.*s", (int)n, p);
			good &= S(upper) == s;
			for (char *u = upper; *u; u++)
				*u = (char)toupper((unsigned char)*u);
			good &= S(upper) == s;
			p += n + (p[n] == ' ');
		}
	}
	ok(good, "every name and alias finds its scheme, in any case");
	ok(S("native") == S("glibc") && S("NATIVE") == S("glibc"), "native is glibc on Linux");
	ok(S("linux") == S("glibc") && S("musl") == S("glibc"), "linux and musl mean glibc");
	ok(S("netbsd") == S("linux32") && S("8:8") == S("legacy"), "netbsd is linux32, 8:8 is legacy");
	ok(!S("") && !S("nosuch") && !S("glib") && !S("glibcc") && !S("linux "), "near misses are unknown");
	int distinct = 1;
	for (size_t i = 0; i < devnum_scheme_count(); i++)
		for (size_t j = i + 1; j < devnum_scheme_count(); j++)
			distinct &= strcasecmp(devnum_scheme_name(devnum_scheme_at(i)),
					       devnum_scheme_name(devnum_scheme_at(j))) != 0 &&
				    S(devnum_scheme_name(devnum_scheme_at(j))) != devnum_scheme_at(i);
	ok(distinct, "scheme names are distinct");
}

struct vec { const char *scheme; uint64_t major, minor; int refused; uint64_t raw; };

/* Worked by hand from the layouts in devnum-schemes(7), never from devnum. */
static const struct vec vectors[] = {
	/* devnum-schemes(7)'s own worked values */
	{ "legacy", 3, 1, OK(0x301) }, { "glibc", 3, 1, OK(0x301) }, { "linux32", 3, 1, OK(0x301) },
	{ "kernel", 3, 1, OK(0x300001) }, { "hpa", 3, 1, OK(0x301) }, { "split32", 3, 1, OK(0x300000001) },
	{ "freebsd", 3, 1, OK(0x301) }, { "darwin", 3, 1, OK(0x3000001) },
	{ "legacy", 259, 256, NO }, { "glibc", 259, 256, OK(0x110300) },
	{ "linux32", 259, 256, OK(0x110300) }, { "kernel", 259, 256, OK(0x10300100) },
	{ "hpa", 259, 256, OK(0x10000010300) }, { "split32", 259, 256, OK(0x10300000100) },
	{ "freebsd", 259, 256, OK(0x10100000300) }, { "darwin", 259, 256, NO },
	/* the bug reports: 179:256, 1024:1024, a major of 2^32 */
	{ "glibc", 179, 256, OK(0x10b300) }, { "legacy", 179, 256, NO },
	{ "glibc", 1024, 1024, OK(0x440000) }, { "linux32", 1024, 1024, OK(0x440000) },
	{ "glibc", B32, 0, NO }, { "split32", B32, 0, NO }, { "tuple", B32, 0, NO },
	{ "glibc", 0, B32, NO }, { "hpa", 0, B32, NO }, { "aix", 0, B32, NO },
	/* legacy, svr3: 8 and 7 bits of major */
	{ "legacy", 255, 255, OK(0xffff) }, { "legacy", 256, 0, NO }, { "legacy", 0, 256, NO },
	{ "svr3", 127, 255, OK(0x7fff) }, { "svr3", 128, 0, NO }, { "svr3", 0, 256, NO },
	/* split32: the legacy window refuses 0:256..0:65535 */
	{ "split32", 0, 255, OK(0xff) }, { "split32", 0, 256, NO }, { "split32", 0, 65535, NO },
	{ "split32", 0, 65536, OK(0x10000) }, { "split32", 1, 0, OK(0x100000000) },
	{ "split32", 0xffffffff, 0xffffffff, OK(0xffffffffffffffff) },
	/* hpa: 256 moves a part into its high field */
	{ "hpa", 256, 0, OK(0x10000000000) }, { "hpa", 0, 256, OK(0x10000) },
	{ "hpa", 255, 255, OK(0xffff) }, { "hpa", 0xffffffff, 0xffffffff, OK(0xffffffffffffffff) },
	/* hpa1220: fields at 8, 12 and 20 bits */
	{ "hpa1220", 256, 0, OK(0x10000000) }, { "hpa1220", 4096, 0, OK(0x100000000000) },
	{ "hpa1220", 0, 256, OK(0x10000) }, { "hpa1220", 0, 1048576, OK(0x100000000) },
	{ "hpa1220", 4095, 1048575, OK(0xffffffff) },
	/* glibc and linux32: 12:20 in 32 bits, glibc goes on to 32:32 */
	{ "glibc", 4095, 1048575, OK(0xffffffff) }, { "linux32", 4095, 1048575, OK(0xffffffff) },
	{ "glibc", 4096, 0, OK(0x100000000000) }, { "linux32", 4096, 0, NO },
	{ "glibc", 0, 1048576, OK(0x100000000) }, { "linux32", 0, 1048576, NO },
	{ "glibc", 0xffffffff, 0xffffffff, OK(0xffffffffffffffff) },
	{ "glibc", 0x80000000, 0x80000000, OK(0x8000080000000000) },
	/* kernel: 12:20 plain */
	{ "kernel", 4095, 1048575, OK(0xffffffff) }, { "kernel", 4096, 0, NO },
	{ "kernel", 0, 1048576, NO }, { "kernel", 1, 0, OK(0x100000) },
	/* sysv, solaris32: 14:18, NODEV32 */
	{ "sysv", 16383, 262143, OK(0xffffffff) }, { "solaris32", 16383, 262143, NO },
	{ "solaris32", 16383, 262142, OK(0xfffffffe) }, { "sysv", 16384, 0, NO },
	{ "sysv", 0, 262144, NO }, { "sysv", 1, 0, OK(0x40000) },
	/* xfs: 9 bits of major */
	{ "xfs", 511, 262143, OK(0x7ffffff) }, { "xfs", 512, 0, NO }, { "xfs", 0, 262144, NO },
	/* freebsd 12: minor[15:8] goes to bits 39:32 */
	{ "freebsd", 0, 256, OK(0x100000000) }, { "freebsd", 0, 65536, OK(0x10000) },
	{ "freebsd", 256, 0, OK(0x10000000000) },
	{ "freebsd", 0xffffffff, 0xffffffff, OK(0xffffffffffffffff) },
	/* freebsd11: minor bits 15:8 belong to the major */
	{ "freebsd11", 255, 255, OK(0xffff) }, { "freebsd11", 0, 256, NO },
	{ "freebsd11", 0, 65536, OK(0x10000) }, { "freebsd11", 0, 0xffff00ff, OK(0xffff00ff) },
	{ "freebsd11", 0, 0xffffffff, NO }, { "freebsd11", 256, 0, NO },
	/* openbsd and darwin: 8:24 two ways */
	{ "openbsd", 255, 16777215, OK(0xffffffff) }, { "openbsd", 0, 256, OK(0x10000) },
	{ "openbsd", 0, 16777216, NO }, { "openbsd", 256, 0, NO },
	{ "darwin", 255, 16777215, OK(0xffffffff) }, { "darwin", 0, 16777216, NO },
	/* solaris: 32:32, NODEV */
	{ "solaris", 0xffffffff, 0xfffffffe, OK(0xfffffffffffffffe) },
	{ "solaris", 0xffffffff, 0xffffffff, NO },
	/* aix: DEVNO64 flag, 30 bits of major */
	{ "aix", 0, 0, OK(0x8000000000000000) }, { "aix", 1, 2, OK(0x8000000100000002) },
	{ "aix", 1073741823, 0xffffffff, OK(0xbfffffffffffffff) }, { "aix", 1073741824, 0, NO },
	{ "aix32", 65535, 65535, OK(0xffffffff) }, { "aix32", 65536, 0, NO }, { "aix32", 0, 65536, NO },
	{ "tuple", 0xffffffff, 0xffffffff, OK(0xffffffffffffffff) },
};

static void literal_vectors(void)
{
	for (size_t i = 0; i < sizeof vectors / sizeof vectors[0]; i++) {
		const struct vec *v = &vectors[i];
		const devnum_scheme *s = S(v->scheme);
		struct devnum_reason why;
		uint64_t raw = 0;
		int rc = devnum_encode(s, (struct devnum_tuple){ v->major, v->minor }, &raw, &why) == DEVNUM_OK ? 0 : -1;
		if (v->refused)
			ok(rc < 0, "%s: %llu:%llu is refused", v->scheme,
			   (unsigned long long)v->major, (unsigned long long)v->minor);
		else
			ok(rc == 0 && raw == v->raw, "%s: %llu:%llu encodes to 0x%llx (got 0x%llx)",
			   v->scheme, (unsigned long long)v->major, (unsigned long long)v->minor,
			   (unsigned long long)v->raw, (unsigned long long)raw);
	}
}

/* Worked by hand: values decode rejects or reads as aliases. */
static void literal_decodes(void)
{
	struct devnum_tuple t;
	struct devnum_reason why;
	uint64_t c;
	ok(devnum_decode(S("legacy"), 0x10000, &t, &c, &why) == DEVNUM_REFUSED && why.cause == DEVNUM_TOO_WIDE,
	   "legacy: 0x10000 is wider than 16 bits");
	ok(devnum_decode(S("linux32"), 0x100000000, &t, &c, &why) == DEVNUM_REFUSED && why.cause == DEVNUM_TOO_WIDE,
	   "linux32: 0x100000000 is wider than 32 bits");
	ok(devnum_decode(S("svr3"), 0x8000, &t, &c, &why) == DEVNUM_REFUSED && why.cause == DEVNUM_STRAY &&
	   why.hi == 15 && why.lo == 15, "svr3: bit 15 is invalid");
	ok(devnum_decode(S("solaris"), UINT64_MAX, &t, &c, &why) == DEVNUM_REFUSED && why.cause == DEVNUM_SENTINEL,
	   "solaris: all ones is NODEV");
	ok(devnum_decode(S("solaris32"), 0xffffffff, &t, &c, &why) == DEVNUM_REFUSED && why.cause == DEVNUM_SENTINEL,
	   "solaris32: 0xffffffff is NODEV32");
	ok(devnum_decode(S("split32"), 0x301, &t, &c, &why) == DEVNUM_ALIAS && why.cause == DEVNUM_LEGACY &&
	   t.major == 3 && t.minor == 1 && c == 0x300000001, "split32: 0x301 is a legacy alias of 3:1");
	ok(devnum_decode(S("split32"), 0xff, &t, &c, &why) == DEVNUM_OK && t.major == 0 && t.minor == 255,
	   "split32: 0xff is canonical 0:255");
	ok(devnum_decode(S("split32"), 0x10000, &t, &c, &why) == DEVNUM_OK && t.minor == 65536,
	   "split32: 0x10000 is canonical 0:65536");
	ok(devnum_decode(S("xfs"), 0x8000000, &t, &c, &why) == DEVNUM_ALIAS && why.cause == DEVNUM_IGNORED_BITS &&
	   t.major == 0 && t.minor == 0 && c == 0 && why.hi == 31 && why.lo == 27,
	   "xfs: bit 27 is ignored: alias of 0:0");
	ok(devnum_decode(S("xfs"), 0xffffffff, &t, &c, &why) == DEVNUM_ALIAS && t.major == 511 &&
	   t.minor == 262143 && c == 0x7ffffff, "xfs: 0xffffffff is an alias of 511:262143");
	ok(devnum_decode(S("aix"), 0x100000002, &t, &c, &why) == DEVNUM_ALIAS && t.major == 1 &&
	   t.minor == 2 && c == 0x8000000100000002, "aix: no DEVNO64 flag is an alias");
	ok(devnum_decode(S("aix"), 0xc000000100000002, &t, &c, &why) == DEVNUM_ALIAS &&
	   c == 0x8000000100000002, "aix: bit 62 set is an alias");
	ok(devnum_decode(S("glibc"), 0x10b300, &t, &c, &why) == DEVNUM_OK && t.major == 179 &&
	   t.minor == 256, "glibc: 0x10b300 is 179:256, not 4275:0");
}

/* The refusal names the part and the limit it broke. */
static void refusal_reasons(void)
{
	struct devnum_reason w;
	uint64_t raw;
	ok(devnum_encode(S("linux32"), (struct devnum_tuple){ 4096, 0 }, &raw, &w) != DEVNUM_OK &&
	   w.cause == DEVNUM_TOO_BIG && w.part == DEVNUM_MAJOR && w.limit == 4095 && w.value == 4096,
	   "linux32: major 4096 is above 4095");
	ok(devnum_encode(S("linux32"), (struct devnum_tuple){ 0, 1 << 20 }, &raw, &w) != DEVNUM_OK &&
	   w.cause == DEVNUM_TOO_BIG && w.part == DEVNUM_MINOR && w.limit == 1048575,
	   "linux32: minor 2^20 is above 1048575");
	ok(devnum_encode(S("freebsd11"), (struct devnum_tuple){ 0, 256 }, &raw, &w) != DEVNUM_OK &&
	   w.cause == DEVNUM_GAP && w.part == DEVNUM_MINOR && w.hi == 15 && w.lo == 8,
	   "freebsd11: minor bits 15:8 must be 0");
	ok(devnum_encode(S("glibc"), (struct devnum_tuple){ B32, 0 }, &raw, &w) != DEVNUM_OK &&
	   w.cause == DEVNUM_TOO_BIG && w.limit == 0xffffffff, "glibc: major 2^32 is above 2^32-1");
	ok(devnum_encode(S("split32"), (struct devnum_tuple){ 0, 256 }, &raw, &w) != DEVNUM_OK &&
	   w.cause == DEVNUM_IN_WINDOW, "split32: 0:256 lands in the legacy window");
	ok(devnum_encode(S("solaris32"), (struct devnum_tuple){ 16383, 262143 }, &raw, &w) != DEVNUM_OK &&
	   w.cause == DEVNUM_IS_NODEV, "solaris32: 16383:262143 is NODEV32");
	ok(devnum_encode(S("aix"), (struct devnum_tuple){ 1 << 30, 0 }, &raw, &w) != DEVNUM_OK &&
	   w.cause == DEVNUM_TOO_BIG && w.limit == (1 << 30) - 1, "aix: major 2^30 is above 2^30-1");
}

static const uint64_t edges[] = {
	0, 1, 127, 128, 254, 255, 256, 257, 511, 512, 4094, 4095, 4096, 16383, 16384,
	65535, 65536, 262143, 262144, 1048575, 1048576, 0xffffff, 0x1000000,
	0x3fffffff, 0x40000000, 0x7fffffff, 0x80000000, 0xfffffffe, 0xffffffff,
	0x100000000, 0xffff00ff, 0xffff0100, UINT64_MAX,
};
#define NEDGES (sizeof edges / sizeof edges[0])

/* Every pair of edge values, in every scheme, against the oracle. */
static void boundaries(void)
{
	for (const char *const *name = ref_schemes; *name; name++) {
		const devnum_scheme *s = S(*name);
		int agree = 1;
		unsigned long n = 0;
		for (size_t i = 0; i < NEDGES; i++)
			for (size_t j = 0; j < NEDGES; j++, n++) {
				uint64_t want, got, c;
				struct devnum_reason why;
				struct devnum_tuple t, in = { edges[i], edges[j] };
				int ref = ref_encode(ref_id(*name), in.major, in.minor, &want);
				int rc = devnum_encode(s, in, &got, &why) == DEVNUM_OK ? 0 : -1;
				agree &= rc == ref && (rc < 0 || got == want);
				if (rc == 0)
					agree &= devnum_decode(s, got, &t, &c, &why) == DEVNUM_OK &&
						 t.major == in.major && t.minor == in.minor;
			}
		ok(agree, "%s: %lu boundary tuples encode, refuse and decode as the oracle says",
		   *name, n);
	}
}

/* The unchecked reading, derived by hand from the rule: each field at its
 * place, the highest field taking every bit above it. */
static void unchecked_readings(void)
{
	static const struct { const char *scheme; uint64_t raw, major, minor; } v[] = {
		{ "legacy", 0x10b300, 4275, 0 },          /* (raw >> 8, raw & 0xff) */
		{ "svr3", 0x10b300, 4275, 0 },            /* bit 15 and up: the major */
		{ "svr3", 0x8301, 131, 1 },               /* bit 15 unused, not dropped */
		{ "linux32", 0x100000301, 3, 1048577 },   /* minor[19:8] at 20 takes bit 32 */
		{ "darwin", 0x103000001, 259, 1 },        /* major at 24 takes bit 32 */
		{ "kernel", 0x100300001, 4099, 1 },
		{ "xfs", 0x100200001, 16392, 1 },         /* major at 18: 0x4008 */
		{ "freebsd11", 0x100010301, 3, 0x100010001 }, /* minor[31:16] at 16, bit 32 too */
		{ "solaris", UINT64_MAX, UINT32_MAX, UINT32_MAX }, /* the sentinel, read */
		{ "glibc", 0x10b300, 179, 256 },          /* a valid raw reads as decode */
	};
	for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
		struct devnum_tuple t = devnum_decode_unchecked(S(v[i].scheme), v[i].raw);
		ok(t.major == v[i].major && t.minor == v[i].minor,
		   "%s: 0x%llx unchecked reads as %llu:%llu (got %llu:%llu)", v[i].scheme,
		   (unsigned long long)v[i].raw, (unsigned long long)v[i].major,
		   (unsigned long long)v[i].minor, (unsigned long long)t.major,
		   (unsigned long long)t.minor);
	}
	/* a raw the scheme reads canonically reads the same unchecked */
	int same = 1;
	for (size_t i = 0; i < devnum_scheme_count(); i++)
		for (uint64_t r = 0; r < 0x20000; r += 7) {
			struct devnum_tuple t, u;
			struct devnum_reason why;
			uint64_t c;
			if (devnum_decode(devnum_scheme_at(i), r, &t, &c, &why) != DEVNUM_OK ||
			    (devnum_scheme_flags(devnum_scheme_at(i)) & DEVNUM_LEGACY_WINDOW))
				continue;
			u = devnum_decode_unchecked(devnum_scheme_at(i), r);
			same &= u.major == t.major && u.minor == t.minor;
		}
	ok(same, "a canonical raw reads the same checked and unchecked, in every scheme");
}

/* The English of the reasons the library gives, as devnum prints them. */
static void reason_texts(void)
{
	char buf[256];
	struct devnum_reason w;
	uint64_t raw;
	devnum_encode(S("split32"), (struct devnum_tuple){ 0, 256 }, &raw, &w);
	devnum_strreason(buf, sizeof buf, S("split32"), &w);
	ok(!strcmp(buf, "0:256 cannot be encoded in split32 (0x100..0xffff is its legacy 16-bit window)"),
	   "the legacy window's refusal names the tuple: %s", buf);
	ok(devnum_within(S("sysv"), (struct devnum_tuple){ 4096, 0 }, &w) != DEVNUM_OK &&
	   devnum_strreason(buf, sizeof buf, S("sysv"), &w) > 0 &&
	   !strcmp(buf, "beyond the Linux kernel (at most 4095:1048575)"),
	   "sysv 4096:0 is beyond what sysv_encode_dev makes: %s", buf);
	ok(devnum_within(S("sysv"), (struct devnum_tuple){ 4095, 262143 }, &w) == DEVNUM_OK &&
	   devnum_within(S("linux32"), (struct devnum_tuple){ 4096, 0 }, &w) == DEVNUM_OK,
	   "sysv 4095:262143 is within the kernel; linux32 has no platform limit of its own");
}

/* The header's version, the library's and the package's are one. */
static void versions(void)
{
	ok(!strcmp(devnum_version(), PACKAGE_VERSION) &&
	   !strcmp(DEVNUM_VERSION_STRING, PACKAGE_VERSION) &&
	   DEVNUM_VERSION_NUMBER == DEVNUM_VERSION_MAJOR * 1000000 +
					    DEVNUM_VERSION_MINOR * 1000 + DEVNUM_VERSION_MICRO,
	   "versions agree: header %s, library %s, package %s", DEVNUM_VERSION_STRING,
	   devnum_version(), PACKAGE_VERSION);
}

int main(void)
{
	versions();
	table_shape();
	lookup();
	literal_vectors();
	literal_decodes();
	refusal_reasons();
	boundaries();
	unchecked_readings();
	reason_texts();
	return done_testing();
}
