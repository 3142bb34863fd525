/* netbsd.h - NetBSD's device forms, as mknod -F, pack_dev.c and mtree's
 * device= keyword write them: FORMAT,MAJOR,MINOR, or bsdos,MAJOR,UNIT,SUBUNIT.
 * The format names are pack_dev's own namespace, not devnum's schemes:
 * its linux is 8:8, its freebsd FreeBSD 11, its solaris 14:18. */
#ifndef NETBSD_H
#define NETBSD_H

#include <stdbool.h>
#include <stddef.h>

#include "devnum.h"

/* Whether s begins with a format name and a comma. */
bool netbsd_named(const char *s, size_t n);

/* The same, inline: on the per-record path of every tuple, most inputs
 * are digits, which no name but 386bsd and 4bsd begins with. */
static inline bool netbsd_form(const char *s, size_t n)
{
	char c = n ? s[0] : 0, d = n > 1 ? s[1] : 0;
	bool maybe = (c >= 'a' && c <= 'z') || c == ' ' || c == '\t' ||
		     ((c == '3' || c == '4') && (d == '8' || d == 'b'));
	return maybe && netbsd_named(s, n);
}

/* The form s read as a tuple *t, with *scheme the layout it names, after
 * pack_dev's test that the tuple fits it.  0; or the reason in err and
 * -1 for an unknown name or bad numbers, -2 for a part that does not fit. */
int netbsd_read(const char *s, size_t n, unsigned base, struct devnum_tuple *t,
		const devnum_scheme **scheme, char *err, size_t errsize);

/* pack_dev's name for scheme s, or NULL when it has none. */
const char *netbsd_name(const devnum_scheme *s);

#endif
