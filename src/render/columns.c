/* columns.c - a table's template and heading line, from its columns. */
#include <config.h>

#include <stdio.h>
#include <string.h>

#include "render/columns.h"
#include "render/record.h"

/* What stands before column i: nothing before the first, one blank in
 * a raw table, else the column's own. */
static const char *gap(const struct column *c, size_t i, bool raw)
{
	if (i == 0 || (c[i].before && !*c[i].before))
		return "";
	return raw || !c[i].before ? " " : c[i].before;
}

/* Counts what snprintf appended in *len; false when it did not fit. */
static bool add(size_t size, size_t *len, int n)
{
	if (n < 0 || (size_t)n >= size - *len)
		return false;
	*len += (size_t)n;
	return true;
}

int columns_template(const struct column *c, size_t n, bool raw, char *buf, size_t size)
{
	size_t len = 0;
	for (size_t i = 0; i < n; i++) {
		unsigned w = raw ? 0 : c[i].width;
		char width[8] = "";
		if (w)
			snprintf(width, sizeof width, "%s%u", c[i].right ? "" : "-", w);
		if (!add(size, &len, snprintf(buf + len, size - len, "%s%%%s{%s}",
						   gap(c, i, raw), width, keys[c[i].key].name)))
			return -1;
	}
	return (int)len;
}

int columns_heading(const struct column *c, size_t n, bool alt, bool raw, char *buf,
		    size_t size)
{
	size_t len = 0;
	for (size_t i = 0; i < n; i++) {
		const char *h = alt && c[i].alt ? c[i].alt : c[i].heading;
		int w = raw || i + 1 == n ? 0 : c[i].width;
		if (!add(size, &len, snprintf(buf + len, size - len, c[i].right ? "%s%*s" : "%s%-*s",
						   *h ? gap(c, i, raw) : "", w, h)))
			return -1;
	}
	while (len && buf[len - 1] == ' ')
		buf[--len] = '\0';
	return (int)len;
}
