/* libbench.c - libdevnum per call against the hand-written expressions a
 * header would use (kdev_t.h's MKDEV, the BSD makedev macros) and glibc's
 * own makedev(), major() and minor(): nanoseconds per call, the median of
 * alternating rounds; and devnum_inline.h's functions, which a program
 * inlines as it does those expressions.
 *
 * Each loop is a dependency chain, every call fed by the one before, so
 * the compiler can neither vectorise it nor drop it, and what is timed is
 * the latency of one call as a program sees it: the library's through its
 * exported entry point, the expressions inlined.  Beside them, encode with
 * no reason asked for, and the cost of any call: legacy's expression out
 * of line behind encode's signature, so that a gap can be told apart
 * into the call, the library's dispatch and the reason it writes. */
#define _GNU_SOURCE
#include <devnum.h>
#include <devnum_inline.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/sysmacros.h>
#include <time.h>

#define CALLS 20000000u
#define ROUNDS 7

typedef uint64_t u64;

/* Each scheme by hand, without checks, as its own headers write it. */
#define ENC(name, e) static u64 enc_##name(u64 ma, u64 mi) { return (e); }
#define DEC(name, ma, mi) \
	static u64 dec_##name(u64 r) { return (ma) ^ (mi) << 1; }
ENC(legacy, ma << 8 | mi)
DEC(legacy, r >> 8, r & 0xff)
ENC(split32, ma << 32 | mi)
DEC(split32, r >> 32, r & 0xffffffff)
ENC(hpa, (ma & 0xffffff00) << 32 | (mi & 0xffffff00) << 8 | (ma & 0xff) << 8 | (mi & 0xff))
DEC(hpa, (r >> 32 & 0xffffff00) | (r >> 8 & 0xff), (r >> 8 & 0xffffff00) | (r & 0xff))
ENC(hpa1220, (ma & 0xfffff000) << 32 | (mi & 0xfff00000) << 12 | (ma & 0xf00) << 20 |
	     (mi & 0xfff00) << 8 | (ma & 0xff) << 8 | (mi & 0xff))
DEC(hpa1220, (r >> 32 & 0xfffff000) | (r >> 20 & 0xf00) | (r >> 8 & 0xff),
    (r >> 12 & 0xfff00000) | (r >> 8 & 0xfff00) | (r & 0xff))
ENC(tuple, ma << 32 | mi)
DEC(tuple, r >> 32, r & 0xffffffff)
ENC(glibc, (ma & 0xfffff000) << 32 | (ma & 0xfff) << 8 | (mi & 0xffffff00) << 12 | (mi & 0xff))
DEC(glibc, (r >> 32 & 0xfffff000) | (r >> 8 & 0xfff), (r >> 12 & 0xffffff00) | (r & 0xff))
ENC(linux32, (mi & 0xff) | ma << 8 | (mi & ~UINT64_C(0xff)) << 12)
DEC(linux32, (r & 0xfff00) >> 8, (r & 0xff) | ((r >> 12) & 0xfff00))
ENC(kernel, ma << 20 | mi)
DEC(kernel, r >> 20, r & 0xfffff)
ENC(sysv, ma << 18 | mi)
DEC(sysv, r >> 18, r & 0x3ffff)
ENC(xfs, ma << 18 | mi)
DEC(xfs, r >> 18 & 0x1ff, r & 0x3ffff)
ENC(freebsd, (ma & 0xffffff00) << 32 | (ma & 0xff) << 8 | (mi & 0xff00) << 24 | (mi & 0xffff00ff))
DEC(freebsd, (r >> 32 & 0xffffff00) | (r >> 8 & 0xff), (r >> 24 & 0xff00) | (r & 0xffff00ff))
ENC(freebsd11, ma << 8 | mi)
DEC(freebsd11, r >> 8 & 0xff, r & 0xffff00ff)
ENC(openbsd, (ma & 0xff) << 8 | (mi & 0xff) | (mi & 0xffff00) << 8)
DEC(openbsd, r >> 8 & 0xff, (r & 0xff) | (r & 0xffff0000) >> 8)
ENC(darwin, ma << 24 | mi)
DEC(darwin, r >> 24 & 0xff, r & 0xffffff)
ENC(solaris, ma << 32 | mi)
DEC(solaris, r >> 32, r & 0xffffffff)
ENC(solaris32, ma << 18 | mi)
DEC(solaris32, r >> 18, r & 0x3ffff)
ENC(svr3, ma << 8 | mi)
DEC(svr3, r >> 8 & 0x7f, r & 0xff)
ENC(aix, UINT64_C(1) << 63 | ma << 32 | mi)
DEC(aix, r >> 32 & 0x3fffffff, r & 0xffffffff)
ENC(aix32, ma << 16 | mi)
DEC(aix32, r >> 16, r & 0xffff)

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Tuples every scheme holds: majors below 128, minors below 256. */
#define MA(acc, i) (((acc) ^ (i)) & 0x7f)
#define MI(acc, i) (((acc) >> 7 ^ (i)) & 0xff)

/* The same loop, once for each contender: the expression is a macro
 * argument so that the hand-written ones inline.  The empty asm hides the
 * parts' range from the compiler, as a real caller's are hidden: knowing
 * the major below 128, it folded every field above bit 7 of a
 * hand-written expression to zero (hpa1220's five masks and shifts of six),
 * and "by hand" timed the loop alone, 1.5 ns for every scheme.  It costs
 * no instruction. */
#define ENCODE_LOOP(expr) \
	do { \
		u64 acc = 1; \
		for (u64 i = 0; i < CALLS; i++) { \
			u64 ma = MA(acc, i), mi = MI(acc, i), raw; \
			__asm__("" : "+r"(ma), "+r"(mi)); \
			raw = (expr); \
			acc += raw; \
		} \
		sink ^= acc; \
	} while (0)

#define DECODE_LOOP(expr) \
	do { \
		u64 acc = 1; \
		for (u64 i = 0; i < CALLS; i++) { \
			u64 r = raws[(acc ^ i) & 1023], v; \
			v = (expr); \
			acc += v; \
		} \
		sink ^= acc; \
	} while (0)

static volatile u64 sink;
static u64 raws[1024];

static inline u64 lib_enc(const devnum_scheme *s, u64 ma, u64 mi)
{
	u64 raw = 0;
	struct devnum_reason why;
	devnum_encode(s, (struct devnum_tuple){ ma, mi }, &raw, &why);
	return raw;
}

/* The same call with no reason asked for: the fastest path, as
 * devnum_encode(3) says; the reason is 104 bytes written on every call,
 * and on a CPU that stores one word a cycle they are most of its cost. */
static inline u64 lib_enc_quiet(const devnum_scheme *s, u64 ma, u64 mi)
{
	u64 raw = 0;
	devnum_encode(s, (struct devnum_tuple){ ma, mi }, &raw, NULL);
	return raw;
}

/* What any library call costs: the hand-written legacy expression behind
 * devnum_encode's signature, out of line and called through a pointer
 * the compiler cannot see through, as a shared library's entry is. */
static __attribute__((noinline)) devnum_status floor_encode(struct devnum_tuple t, uint64_t *raw,
							    struct devnum_reason *why)
{
	(void)why;
	*raw = t.major << 8 | t.minor;
	return DEVNUM_OK;
}
static devnum_status (*volatile floor_fn)(struct devnum_tuple, uint64_t *,
					  struct devnum_reason *) = floor_encode;

static inline u64 floor_call(devnum_status (*fn)(struct devnum_tuple, uint64_t *,
						 struct devnum_reason *), u64 ma, u64 mi)
{
	u64 raw = 0;
	fn((struct devnum_tuple){ ma, mi }, &raw, NULL);
	return raw;
}

static inline u64 lib_dec(const devnum_scheme *s, u64 r)
{
	struct devnum_tuple t = { 0, 0 };
	struct devnum_reason why;
	u64 canon;
	devnum_decode(s, r, &t, &canon, &why);
	return t.major ^ t.minor << 1;
}

/* devnum_inline.h's, inlined: the function is a constant here. */
#define inl_enc(fn, ma, mi) \
	({ \
		u64 raw_ = 0; \
		fn((struct devnum_tuple){ ma, mi }, &raw_); \
		raw_; \
	})
#define inl_dec(fn, r) \
	({ \
		struct devnum_tuple t_ = { 0, 0 }; \
		fn(r, &t_); \
		t_.major ^ t_.minor << 1; \
	})

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static double median(double *v)
{
	qsort(v, ROUNDS, sizeof *v, cmp);
	return v[ROUNDS / 2] / CALLS * 1e9;
}

/* ns per call for one contender of one direction, alternating with the
 * others by the caller. */
#define TIME(slot, loop) \
	do { \
		double t0 = now(); \
		loop; \
		(slot)[round] = now() - t0; \
	} while (0)

/* The times of one scheme, a row of ROUNDS each: the library's encode,
 * its encode with no reason, the expression by hand; the same for decode. */
struct times {
	double le[ROUNDS], lq[ROUNDS], ie[ROUNDS], he[ROUNDS], ld[ROUNDS], id[ROUNDS], hd[ROUNDS];
};

static double worst_inline; /* the largest ratio of an inline call to by hand */

static void report(const char *name, struct times *t, const char *note)
{
	double a = median(t->le), q = median(t->lq), i = median(t->ie), b = median(t->he);
	double c = median(t->ld), j = median(t->id), d = median(t->hd);
	worst_inline = i / b > worst_inline ? i / b : worst_inline;
	worst_inline = j / d > worst_inline ? j / d : worst_inline;
	printf("%-10s %6.2f %6.2f %6.2f %6.2f %5.1fx %5.1fx  %6.2f %6.2f %6.2f %5.1fx %5.1fx%s\n",
	       name, a, q, i, b, a / b, i / b, c, j, d, c / d, j / d, note);
}

/* One scheme: the library and the expressions by hand, round by round. */
#define BENCH(n) \
	static void bench_##n(void) \
	{ \
		const devnum_scheme *s = devnum_scheme_find(#n); \
		struct times t; \
		for (u64 i = 0; i < 1024; i++) \
			raws[i] = enc_##n(i * 37 & 0x7f, i * 101 & 0xff); \
		for (int round = 0; round < ROUNDS; round++) { \
			TIME(t.le, ENCODE_LOOP(lib_enc(s, ma, mi))); \
			TIME(t.lq, ENCODE_LOOP(lib_enc_quiet(s, ma, mi))); \
			TIME(t.ie, ENCODE_LOOP(inl_enc(devnum_encode_##n, ma, mi))); \
			TIME(t.he, ENCODE_LOOP(enc_##n(ma, mi))); \
			TIME(t.ld, DECODE_LOOP(lib_dec(s, r))); \
			TIME(t.id, DECODE_LOOP(inl_dec(devnum_decode_##n, r))); \
			TIME(t.hd, DECODE_LOOP(dec_##n(r))); \
		} \
		report(#n, &t, ""); \
	}
#define SCHEMES(X) X(legacy) X(split32) X(hpa) X(hpa1220) X(tuple) X(glibc) X(linux32) \
	X(kernel) X(sysv) X(xfs) X(freebsd) X(freebsd11) X(openbsd) X(darwin) X(solaris) \
	X(solaris32) X(svr3) X(aix) X(aix32)
SCHEMES(BENCH)
#define RUN(n) bench_##n();

/* glibc's own macros against the library's glibc. */
static void bench_makedev(void)
{
	const devnum_scheme *s = devnum_scheme_find("glibc");
	struct times t;
	for (u64 i = 0; i < 1024; i++)
		raws[i] = makedev((unsigned)(i * 37 & 0x7f), (unsigned)(i * 101 & 0xff));
	for (int round = 0; round < ROUNDS; round++) {
		TIME(t.le, ENCODE_LOOP(lib_enc(s, ma, mi)));
		TIME(t.lq, ENCODE_LOOP(lib_enc_quiet(s, ma, mi)));
		TIME(t.ie, ENCODE_LOOP(inl_enc(devnum_encode_glibc, ma, mi)));
		TIME(t.he, ENCODE_LOOP(makedev((unsigned)ma, (unsigned)mi)));
		TIME(t.ld, DECODE_LOOP(lib_dec(s, r)));
		TIME(t.id, DECODE_LOOP(inl_dec(devnum_decode_glibc, r)));
		TIME(t.hd, DECODE_LOOP((u64)major(r) ^ (u64)minor(r) << 1));
	}
	report("glibc", &t, "   (by hand: glibc's makedev, major, minor)");
}

/* The floor: ns per call of floor_encode, against legacy by hand. */
static void bench_floor(void)
{
	struct times t;
	for (int round = 0; round < ROUNDS; round++) {
		devnum_status (*fn)(struct devnum_tuple, uint64_t *, struct devnum_reason *) = floor_fn;
		TIME(t.le, ENCODE_LOOP(floor_call(fn, ma, mi)));
		TIME(t.he, ENCODE_LOOP(enc_legacy(ma, mi)));
	}
	double a = median(t.le), b = median(t.he);
	printf("%-10s %6.2f %6s %6s %6.2f %5.1fx         (any call: legacy's expression out "
	       "of line)\n", "call", a, "", "", b, a / b);
}

int main(void)
{
	printf("libdevnum %s per call: ns, median of %d alternating rounds of %u calls\n",
	       devnum_version(), ROUNDS, CALLS);
	printf("%-10s %6s %6s %6s %6s %6s %6s  %6s %6s %6s %6s %6s\n", "scheme", "encode",
	       "no why", "inline", "hand", "ratio", "inline", "decode", "inline", "hand", "ratio",
	       "inline");
	SCHEMES(RUN)
	bench_makedev();
	bench_floor();
	printf("devnum_inline.h's worst, encode or decode: %.2fx by hand (goal 1.5x: %s)\n",
	       worst_inline, worst_inline <= 1.5 ? "ok" : "MISSED");
	return sink == 42;
}
