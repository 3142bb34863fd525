/* scheme.h - inside libdevnum: what a scheme handle points at.  Not
 * installed; the public header keeps the struct opaque so that a new
 * scheme, or a new rule, changes no program's ABI. */
#ifndef SCHEME_H
#define SCHEME_H

#include "devnum_inline.h"

/* A scheme's names and origin; its layout is its row of devnum_inline.h's
 * DEVNUM_LAYOUTS, which the header's inline functions read too. */
struct layout {
	const char *name;
	const char *aliases; /* space-separated, lower case */
	const char *origin;  /* one line: where the layout comes from */
	const char *within;  /* a scheme whose limits the Linux kernel imposes too */
};

/* A scheme handle: its names, its layout, and the encoder and decoder the
 * compiler derived from it (schemes.c). */
struct devnum_scheme {
	const struct layout *l;
	const struct devnum_layout *d;
	devnum_status (*encode)(struct devnum_tuple t, uint64_t *raw, struct devnum_reason *why);
	devnum_status (*decode)(uint64_t raw, struct devnum_tuple *t, uint64_t *canon,
				struct devnum_reason *why);
};

/* The largest value of `width` bits. */
static inline uint64_t ones(unsigned width)
{
	return devnum_layout_ones(width);
}

/* The schemes, in the order of `devnum schemes` and devnum_scheme_at():
 * DEVNUM_LAYOUTS' rows, X(id, ...) each. */
#define SCHEMES(X) DEVNUM_LAYOUTS(X, DEVNUM_MA_, DEVNUM_MI_)

/* Each scheme's index in the table, so that other tables (containers.c)
 * can point at one: SCHEME(linux32). */
#define SCHEME_INDEX(id, ...) SCHEME_##id,
enum scheme_index { SCHEMES(SCHEME_INDEX) };
#define SCHEME(id) (&devnum_i_schemes[SCHEME_##id])

/* The table, in schemes.c; hidden from programs by the version script. */
extern const struct devnum_scheme devnum_i_schemes[];
extern const size_t devnum_i_nschemes;

#endif
