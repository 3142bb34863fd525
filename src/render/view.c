/* view.c - each scheme's view, built once. */
#include <config.h>

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "parse/netbsd.h"
#include "render/view.h"

static size_t slot_of(const devnum_scheme *s, unsigned shift)
{
	return ((uintptr_t)s >> shift) % VIEW_SLOTS;
}

/* The smallest shift under which no two schemes share a slot. */
static bool pick_shift(struct views *views)
{
	for (unsigned shift = 0; shift < 24; shift++) {
		bool used[VIEW_SLOTS] = { false }, clash = false;
		for (size_t i = 0; i < views->n && !clash; i++) {
			size_t k = slot_of(devnum_scheme_at(i), shift);
			clash = used[k];
			used[k] = true;
		}
		if (!clash) {
			views->shift = shift;
			return true;
		}
	}
	return false;
}

/* v, which may hold anything, as s's view: cleared first, for the names'
 * padding is copied whole. */
static void fill(struct view *v, const devnum_scheme *s)
{
	const char *name = devnum_scheme_name(s);
	size_t n = strnlen(name, sizeof v->name);
	memset(v, 0, sizeof *v);
	v->scheme = s;
	v->text = devnum_scheme_flags(s) & DEVNUM_TEXT;
	v->len = (uint8_t)n;
	memcpy(v->name, name, n);
	v->netbsd = netbsd_name(s);
	v->quoted_len = 0;
	if (n + 2 > sizeof v->quoted)
		return;
	for (size_t i = 0; i < n; i++)
		if ((unsigned char)name[i] < 0x20 || (unsigned char)name[i] >= 0x80 ||
		    name[i] == '"' || name[i] == '\\')
			return;
	v->quoted[0] = '"';
	memcpy(v->quoted + 1, name, n);
	v->quoted[n + 1] = '"';
	v->quoted_len = (uint8_t)(n + 2);
}

void views_init(struct views *views)
{
	memset(views, 0, offsetof(struct views, view));
}

const struct view *view_search(struct views *views, const devnum_scheme *s)
{
	if (!views->n) {
		views->n = devnum_scheme_count();
		if (views->n > VIEWS_MAX)
			abort();
		views->hashed = pick_shift(views);
	}
	size_t i = 0;
	while (i < views->n && devnum_scheme_at(i) != s)
		i++;
	if (i == views->n)
		abort(); /* not a handle from the library */
	if (!views->filled[i]) {
		fill(&views->view[i], s);
		views->filled[i] = true;
	}
	if (views->hashed)
		views->slot[slot_of(s, views->shift)] = (uint8_t)(i + 1);
	return &views->view[i];
}
