/* test_view.c - each scheme's view says what the library says of it, and
 * every handle finds its own view: the slot hash is checked against the
 * library's own enumeration, not against the views. */
#include <string.h>

#include "parse/netbsd.h"
#include "render/view.h"
#include "tap.h"

int main(void)
{
	struct views views;
	memset(&views, 0xa5, sizeof views); /* what views_init leaves is not read */
	views_init(&views);
	size_t n = devnum_scheme_count();
	ok(n <= VIEWS_MAX, "the library's %zu schemes fit the %d views", n, VIEWS_MAX);
	const devnum_scheme *last = devnum_scheme_at(n - 1);
	const struct view *first = view_of(&views, last);
	size_t filled = 0;
	for (size_t i = 0; i < n; i++)
		filled += views.filled[i];
	ok(filled == 1 && views.filled[n - 1] && first->scheme == last,
	   "a view is filled when its scheme is first asked for, and no other");
	for (size_t i = 0; i < n; i++) {
		const devnum_scheme *s = devnum_scheme_at(i);
		const struct view *v = view_of(&views, s);
		const char *name = devnum_scheme_name(s);
		size_t len = strlen(name);
		bool text = devnum_scheme_flags(s) & DEVNUM_TEXT;
		char quoted[40];
		snprintf(quoted, sizeof quoted, "\"%s\"", name);
		ok(v->scheme == s && v->len == len && memcmp(v->name, name, len + 1) == 0 &&
			   v->text == text && v->netbsd == netbsd_name(s) &&
			   v->quoted_len == len + 2 && memcmp(v->quoted, quoted, len + 2) == 0,
		   "%s: its own view (text %d, mtree %s)", name, text,
		   v->netbsd ? v->netbsd : "none");
	}
	ok(views.hashed, "no two handles share a slot under shift %u", views.shift);
	ok(view_of(&views, last) == first, "asked again, a scheme has the same view");
	const devnum_scheme *glibc = devnum_scheme_find("glibc");
	ok(view_search(&views, glibc) == view_of(&views, glibc), "the walk finds what the slot finds");
	return done_testing();
}
