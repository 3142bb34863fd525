/* within.c - the chain of members a record is inside (K_WITHIN). */
#include <config.h>

#include <stdio.h>
#include <string.h>

#include "render/output.h"
#include "scan/core/within.h"

bool within_enter(struct scan *sc, const char *name, size_t *mark, char *why, size_t n)
{
	size_t len = strlen(name) + 1;
	*mark = sc->within_len;
	if (len > sizeof sc->within - sc->within_len) {
		snprintf(why, n, "its name and those of the members it is in are longer than %zu "
			 "bytes: not read", sizeof sc->within);
		return false;
	}
	memcpy(sc->within + sc->within_len, name, len);
	sc->within_len += len;
	sc->depth++;
	return true;
}

void within_leave(struct scan *sc, size_t mark)
{
	sc->within_len = mark;
	sc->depth--;
}

void within_said(const struct scan *sc, char *buf, size_t n)
{
	size_t o = 0;
	*buf = 0;
	for (size_t i = 0; i < sc->within_len && o < n; i += strlen(sc->within + i) + 1) {
		char q[300];
		quote(q, sizeof q, sc->within + i, strlen(sc->within + i));
		o += (size_t)snprintf(buf + o, n - o, "member '%s': ", q);
	}
}
