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
 * bits of the handle's address, the shift chosen from the library's
 * handles alone so that no two schemes share a slot.  A view is filled
 * the first time its scheme is asked for, so that a one-shot command
 * works out one view, not every scheme's; filled, it is only read.
 * main keeps them and the emitter's style points to them.  Everything
 * before view[] is the state views_init zeroes (a few hundred bytes, not
 * the 6 KiB of views a start would otherwise clear); a struct zeroed
 * whole is as good. */
enum { VIEW_SLOTS = 256, VIEWS_MAX = 64 };
_Static_assert(VIEWS_MAX < 256, "a slot holds a view's index + 1 in a byte");
struct views {
	bool hashed; /* the shift is chosen, and separates every handle */
	unsigned shift;
	size_t n;
	uint8_t slot[VIEW_SLOTS];    /* 1 + the index of the view filled there, or 0 */
	bool filled[VIEWS_MAX];
	struct view view[VIEWS_MAX]; /* the i-th scheme's at [i], once filled */
};

/* Empty views, none filled yet. */
void views_init(struct views *views);

/* s's view when its slot is empty: the shift chosen, if it is not yet,
 * and s's view filled.  Where no shift separates the handles, the views
 * are walked and no slot is used.  The library having more than
 * VIEWS_MAX schemes is a program error, and aborts (tests/unit/test_view.c
 * keeps it from landing). */
const struct view *view_search(struct views *views, const devnum_scheme *s);

/* s's view in views.  s is a handle from the library. */
static inline const struct view *view_of(struct views *views, const devnum_scheme *s)
{
	unsigned k = views->slot[((uintptr_t)s >> views->shift) % VIEW_SLOTS];
	if (__builtin_expect(k == 0, 0))
		return view_search(views, s);
	return &views->view[k - 1];
}

#endif
