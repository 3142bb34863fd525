/* devnum_inline.h - each scheme's encode and decode as an inline function,
 * for a program that packs or unpacks in a loop and cannot pay for a call.
 *
 * devnum_encode_glibc(t, &raw) answers as devnum_encode() with the glibc
 * handle and no reason asked for; devnum_decode_glibc(raw, &t) as
 * devnum_decode(), without the canonical value.  A refusal is the same
 * DEVNUM_REFUSED; ask devnum_encode() or devnum_decode() for its reason.
 *
 * The layouts below are the library's own table (it is built from this
 * header), and one engine reads them: where the layout is a constant, as
 * in each scheme's function, the compiler folds its fields into the
 * shifts and masks a hand-written expression would be.  Nothing here is
 * called across the library's ABI: a program carries its copy, and a
 * scheme's layout never changes.  See libdevnum(3).
 */
#ifndef DEVNUM_INLINE_H
#define DEVNUM_INLINE_H

#include "devnum.h"

#ifdef __cplusplus
extern "C" {
#endif

/* raw[at + width - 1 : at] = part[lo + width - 1 : lo]; a field is at most
 * 32 bits wide, so that its mask needs no branch. */
struct devnum_layout_field {
	uint8_t part, lo, width, at;
};

/* A scheme's layout as data: the bits of the raw value, its fields, its
 * rules (enum devnum_flag), the raw bits decode ignores and those among
 * them that encode always sets. */
struct devnum_layout {
	uint8_t width, nfields;
	unsigned rules;
	uint64_t ignored, fixed;
	struct devnum_layout_field field[6];
};

#define DEVNUM_MA_(h, l, at) { DEVNUM_MAJOR, (l), (h) - (l) + 1, (at) }
#define DEVNUM_MI_(h, l, at) { DEVNUM_MINOR, (l), (h) - (l) + 1, (at) }

/* Every scheme: id, width, rules, ignored, fixed, the number of its
 * fields, and each field, MA(h, l, at) or MI(h, l, at): the part's bits
 * h:l at raw bit `at`.  A raw bit no field carries must be zero unless
 * the scheme ignores it.  Where each comes from: devnum-schemes(7). */
#define DEVNUM_LAYOUTS(X, MA, MI) \
	/* The 2003 proposals for a wider Linux dev_t. */ \
	X(legacy, 16, 0, 0, 0, 2, MI(7, 0, 0), MA(7, 0, 8)) \
	X(split32, 64, DEVNUM_LEGACY_WINDOW, 0, 0, 2, MI(31, 0, 0), MA(31, 0, 32)) \
	X(hpa, 64, 0, 0, 0, 4, MI(7, 0, 0), MA(7, 0, 8), MI(31, 8, 16), MA(31, 8, 40)) \
	X(hpa1220, 64, 0, 0, 0, 6, MI(7, 0, 0), MA(7, 0, 8), MI(19, 8, 16), MA(11, 8, 28), \
	  MI(31, 20, 32), MA(31, 12, 44)) \
	/* Carried as the text M:m; the fields only give it a 64-bit handle. */ \
	X(tuple, 64, DEVNUM_TEXT, 0, 0, 2, MI(31, 0, 0), MA(31, 0, 32)) \
	/* Linux: kdev_t.h and glibc's sysmacros.h. */ \
	X(glibc, 64, 0, 0, 0, 4, MI(7, 0, 0), MA(11, 0, 8), MI(31, 8, 20), MA(31, 12, 44)) \
	X(linux32, 32, 0, 0, 0, 3, MI(7, 0, 0), MA(11, 0, 8), MI(19, 8, 20)) \
	X(kernel, 32, 0, 0, 0, 2, MI(19, 0, 0), MA(11, 0, 20)) \
	X(sysv, 32, 0, 0, 0, 2, MI(17, 0, 0), MA(13, 0, 18)) \
	/* xfs_to_linux_dev_t masks the major to 9 bits and drops raw[31:27]. */ \
	X(xfs, 32, 0, 0xf8000000, 0, 2, MI(17, 0, 0), MA(8, 0, 18)) \
	/* BSD, Darwin, illumos, AIX. */ \
	X(freebsd, 64, 0, 0, 0, 5, MI(7, 0, 0), MA(7, 0, 8), MI(31, 16, 16), MI(15, 8, 32), \
	  MA(31, 8, 40)) \
	/* minor[15:8] would land on the major: no field, so encode refuses it. */ \
	X(freebsd11, 32, 0, 0, 0, 3, MI(7, 0, 0), MA(7, 0, 8), MI(31, 16, 16)) \
	X(openbsd, 32, 0, 0, 0, 3, MI(7, 0, 0), MA(7, 0, 8), MI(23, 8, 16)) \
	X(darwin, 32, 0, 0, 0, 2, MI(23, 0, 0), MA(7, 0, 24)) \
	X(solaris, 64, DEVNUM_NODEV, 0, 0, 2, MI(31, 0, 0), MA(31, 0, 32)) \
	X(solaris32, 32, DEVNUM_NODEV, 0, 0, 2, MI(17, 0, 0), MA(13, 0, 18)) \
	/* raw[15] has no field: a value with it set is invalid. */ \
	X(svr3, 16, 0, 0, 0, 2, MI(7, 0, 0), MA(6, 0, 8)) \
	/* Mkdev sets DEVNO64 (bit 63); Major and Minor ignore bits 63:62. */ \
	X(aix, 64, 0, 0xc000000000000000, 0x8000000000000000, 2, MI(31, 0, 0), MA(29, 0, 32)) \
	X(aix32, 32, 0, 0, 0, 2, MI(15, 0, 0), MA(15, 0, 16))

/* A layout's initializer, from its row. */
#define DEVNUM_LAYOUT_(id, width, rules, ignored, fixed, n, ...) \
	{ (width), (n), (rules), (ignored), (fixed), { __VA_ARGS__ } }

#if defined(__GNUC__)
#define DEVNUM_INLINE_ static inline __attribute__((always_inline))
#define DEVNUM_UNROLL_ _Pragma("GCC unroll 8")
#define DEVNUM_RARELY_(x) __builtin_expect(!!(x), 0)
#else
#define DEVNUM_INLINE_ static inline
#define DEVNUM_UNROLL_
#define DEVNUM_RARELY_(x) (x)
#endif

/* The largest value of `width` bits. */
DEVNUM_INLINE_ uint64_t devnum_layout_ones(unsigned width)
{
	return width >= 64 ? UINT64_MAX : (UINT64_C(1) << width) - 1;
}

DEVNUM_INLINE_ uint64_t devnum_layout_mask(const struct devnum_layout_field *f)
{
	return (UINT64_C(1) << f->width) - 1;
}

/* The bits of `part` that the fields carry. */
DEVNUM_INLINE_ uint64_t devnum_layout_carried(const struct devnum_layout *l,
					      enum devnum_part part)
{
	uint64_t m = 0;
	DEVNUM_UNROLL_
	for (unsigned i = 0; i < l->nfields; i++)
		if (l->field[i].part == part)
			m |= devnum_layout_mask(&l->field[i]) << l->field[i].lo;
	return m;
}

/* The raw bits the fields cover. */
DEVNUM_INLINE_ uint64_t devnum_layout_covered(const struct devnum_layout *l)
{
	uint64_t m = 0;
	DEVNUM_UNROLL_
	for (unsigned i = 0; i < l->nfields; i++)
		m |= devnum_layout_mask(&l->field[i]) << l->field[i].at;
	return m;
}

/* The fields of t placed in a raw value, the fixed bits set; no check.
 * The two parts are gathered apart and joined at the end: two short
 * chains of ORs, not one long one, for the latency of a call. */
DEVNUM_INLINE_ uint64_t devnum_layout_pack(const struct devnum_layout *l, struct devnum_tuple t)
{
	uint64_t major = 0, minor = 0;
	DEVNUM_UNROLL_
	for (unsigned i = 0; i < l->nfields; i++) {
		const struct devnum_layout_field *f = &l->field[i];
		if (f->part == DEVNUM_MINOR)
			minor |= (t.minor >> f->lo & devnum_layout_mask(f)) << f->at;
		else
			major |= (t.major >> f->lo & devnum_layout_mask(f)) << f->at;
	}
	return l->fixed | major | minor;
}

/* Each field's bits moved back into its part.  `above`: the field highest
 * in the raw also takes every bit above it, as a shift with no mask does. */
DEVNUM_INLINE_ struct devnum_tuple devnum_layout_unpack(const struct devnum_layout *l,
							uint64_t raw, bool above)
{
	uint64_t major = 0, minor = 0;
	unsigned top = 0;
	for (unsigned i = 1; above && i < l->nfields; i++)
		top = l->field[i].at > l->field[top].at ? i : top;
	DEVNUM_UNROLL_
	for (unsigned i = 0; i < l->nfields; i++) {
		const struct devnum_layout_field *f = &l->field[i];
		uint64_t piece = raw >> f->at;
		piece = (above && i == top ? piece : piece & devnum_layout_mask(f)) << f->lo;
		if (f->part == DEVNUM_MINOR)
			minor |= piece;
		else
			major |= piece;
	}
	struct devnum_tuple t = { major, minor };
	return t;
}

/* A legacy window holds the 16-bit 8:8 values that do not also mean 0:m. */
DEVNUM_INLINE_ bool devnum_layout_in_window(uint64_t raw)
{
	return raw - 0x100 < 0xff00;
}

/* Whether encode refuses t, its fields packed as raw: a part with bits no
 * field carries, a raw value in the legacy window or the sentinel.  One
 * test, not one a rule: a caller's answer waits on a single branch. */
DEVNUM_INLINE_ bool devnum_layout_refuses(const struct devnum_layout *l, struct devnum_tuple t,
					  uint64_t raw)
{
	uint64_t uncarried = (t.major & ~devnum_layout_carried(l, DEVNUM_MAJOR)) |
			     (t.minor & ~devnum_layout_carried(l, DEVNUM_MINOR));
	bool window = (l->rules & DEVNUM_LEGACY_WINDOW) && devnum_layout_in_window(raw);
	bool nodev = (l->rules & DEVNUM_NODEV) && raw == devnum_layout_ones(l->width);
	return (uncarried != 0) | window | nodev;
}

/* What decode answers, in the order it checks: DEVNUM_TOO_WIDE,
 * DEVNUM_SENTINEL, DEVNUM_LEGACY (an alias), DEVNUM_STRAY; then
 * DEVNUM_IGNORED_BITS (an alias) or DEVNUM_NO_CAUSE. */
DEVNUM_INLINE_ enum devnum_cause devnum_layout_verdict(const struct devnum_layout *l, uint64_t raw)
{
	const uint64_t max = devnum_layout_ones(l->width);
	if (DEVNUM_RARELY_(raw > max))
		return DEVNUM_TOO_WIDE;
	if ((l->rules & DEVNUM_NODEV) && raw == max)
		return DEVNUM_SENTINEL;
	if ((l->rules & DEVNUM_LEGACY_WINDOW) && devnum_layout_in_window(raw))
		return DEVNUM_LEGACY;
	if (DEVNUM_RARELY_(raw & ~(devnum_layout_covered(l) | l->ignored)))
		return DEVNUM_STRAY;
	if (DEVNUM_RARELY_(((raw & ~l->ignored) | l->fixed) != raw))
		return DEVNUM_IGNORED_BITS;
	return DEVNUM_NO_CAUSE;
}

/* devnum_encode() of the scheme laid out as l, no reason asked for. */
DEVNUM_INLINE_ devnum_status devnum_layout_encode(const struct devnum_layout *l,
						  struct devnum_tuple t, uint64_t *raw)
{
	uint64_t out = devnum_layout_pack(l, t);
	if (DEVNUM_RARELY_(devnum_layout_refuses(l, t, out)))
		return DEVNUM_REFUSED;
	*raw = out;
	return DEVNUM_OK;
}

/* devnum_decode() of the scheme laid out as l: *t set unless refused. */
DEVNUM_INLINE_ devnum_status devnum_layout_decode(const struct devnum_layout *l, uint64_t raw,
						  struct devnum_tuple *t)
{
	switch (devnum_layout_verdict(l, raw)) {
	case DEVNUM_NO_CAUSE:
		*t = devnum_layout_unpack(l, raw, false);
		return DEVNUM_OK;
	case DEVNUM_IGNORED_BITS:
		*t = devnum_layout_unpack(l, raw, false);
		return DEVNUM_ALIAS;
	case DEVNUM_LEGACY: /* an unconverted 8:8 number */
		t->major = raw >> 8;
		t->minor = raw & 0xff;
		return DEVNUM_ALIAS;
	default:
		return DEVNUM_REFUSED;
	}
}

/* devnum_encode_ID and devnum_decode_ID for every scheme ID. */
#define DEVNUM_INLINE_SCHEME_(id, ...) \
	DEVNUM_INLINE_ devnum_status devnum_encode_##id(struct devnum_tuple t, uint64_t *raw) \
	{ \
		static const struct devnum_layout l = DEVNUM_LAYOUT_(id, __VA_ARGS__); \
		return devnum_layout_encode(&l, t, raw); \
	} \
	DEVNUM_INLINE_ devnum_status devnum_decode_##id(uint64_t raw, struct devnum_tuple *t) \
	{ \
		static const struct devnum_layout l = DEVNUM_LAYOUT_(id, __VA_ARGS__); \
		return devnum_layout_decode(&l, raw, t); \
	}
DEVNUM_LAYOUTS(DEVNUM_INLINE_SCHEME_, DEVNUM_MA_, DEVNUM_MI_)

#ifdef __cplusplus
}
#endif

#endif
