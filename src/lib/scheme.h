/* scheme.h - inside libdevnum: what a scheme handle points at.  Not
 * installed; the public header keeps the struct opaque so that a new
 * scheme, or a new rule, changes no program's ABI. */
#ifndef SCHEME_H
#define SCHEME_H

#include "devnum.h"

/* raw[at + width - 1 : at] = part[lo + width - 1 : lo] */
struct field {
	uint8_t part, lo, width, at;
};

#define MAX_FIELDS 6

/* A scheme's layout: pure data, one table entry in schemes.c. */
struct layout {
	const char *name;
	const char *aliases; /* space-separated, lower case */
	const char *origin;  /* one line: where the layout comes from */
	uint8_t width;       /* bits of the raw value: 16, 32 or 64 */
	uint8_t nfields;
	unsigned rules;      /* enum devnum_flag */
	uint64_t ignored;    /* raw bits decode ignores: aliases */
	uint64_t fixed;      /* bits (within ignored) that encode always sets */
	const char *within;  /* a scheme whose limits the Linux kernel imposes too */
	struct field field[MAX_FIELDS];
};

/* A scheme handle: its layout, and the encoder and decoder the compiler
 * derived from it (schemes.c). */
struct devnum_scheme {
	const struct layout *l;
	devnum_status (*encode)(struct devnum_tuple t, uint64_t *raw, struct devnum_reason *why);
	devnum_status (*decode)(uint64_t raw, struct devnum_tuple *t, uint64_t *canon,
				struct devnum_reason *why);
};

/* The largest value of `width` bits. */
static inline uint64_t ones(unsigned width)
{
	return width >= 64 ? UINT64_MAX : (UINT64_C(1) << width) - 1;
}

/* The schemes, in the order of `devnum schemes` and devnum_scheme_at(). */
#define SCHEMES(X) \
	X(legacy) \
	X(split32) \
	X(hpa) \
	X(hpa1220) \
	X(tuple) \
	X(glibc) \
	X(linux32) \
	X(kernel) \
	X(sysv) \
	X(xfs) \
	X(freebsd) \
	X(freebsd11) \
	X(openbsd) \
	X(darwin) \
	X(solaris) \
	X(solaris32) \
	X(svr3) \
	X(aix) \
	X(aix32)

/* Each scheme's index in the table, so that other tables (containers.c)
 * can point at one: SCHEME(linux32). */
#define SCHEME_INDEX(id) SCHEME_##id,
enum scheme_index { SCHEMES(SCHEME_INDEX) };
#define SCHEME(id) (&devnum_i_schemes[SCHEME_##id])

/* The table, in schemes.c; hidden from programs by the version script. */
extern const struct devnum_scheme devnum_i_schemes[];
extern const size_t devnum_i_nschemes;

#endif
