/* view.h - what output asks of a scheme on every record, worked out once
 * for all schemes: the library's answers are calls into an opaque handle,
 * and a stream of records names the same scheme again and again. */
#ifndef VIEW_H
#define VIEW_H

#include <stdbool.h>
#include <stdint.h>

#include "devnum.h"

struct view {
	const devnum_scheme *scheme;
	bool text;          /* never packed: its raw form is the text M:m */
	uint8_t len;        /* strlen(name) */
	uint8_t quoted_len; /* of quoted; 0 where the name needs escaping */
	char name[32];      /* the name, NUL-padded for one fixed-size copy */
	char quoted[40];    /* the name as a JSON string, quotes and all */
	const char *netbsd; /* pack_dev's name for it (mtree), or NULL */
};

/* The views, and where a handle's view sits in them: a slot picked by
 * bits of the handle's address, the shift chosen when they are built so
 * that no two schemes share a slot.  Read-only once built. */
enum { VIEW_SLOTS = 256, VIEWS_MAX = 64 };
struct views {
	bool hashed; /* built, and a collision-free shift was found */
	unsigned shift;
	const struct view *slot[VIEW_SLOTS];
	struct view view[VIEWS_MAX];
	size_t n;
};
extern struct views views;

/* s's view before the views are built, or where no shift separates the
 * handles: builds them once and walks them.  The library having more than
 * VIEWS_MAX schemes is a program error, and aborts (tests/unit/test_view.c
 * keeps it from landing). */
const struct view *view_search(const devnum_scheme *s);

/* s's view.  s is a handle from the library. */
static inline const struct view *view_of(const devnum_scheme *s)
{
	if (__builtin_expect(!views.hashed, 0))
		return view_search(s);
	return views.slot[((uintptr_t)s >> views.shift) % VIEW_SLOTS];
}

#endif
