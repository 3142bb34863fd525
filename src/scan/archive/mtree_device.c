/* mtree_device.c - one keyword of an mtree spec, found by its entry's path:
 * full paths (flat specs), or names in the directory the spec is in
 * (hierarchical ones, where ".." climbs out); /set defaults count too.
 * Lines longer than a line buffer, and specs larger than MTREE_MAX, are
 * not looked into. */
#include <config.h>

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "scan/archive/mtree_device.h"

#define LINE_MAX_ 8192
#define MTREE_MAX ((uint64_t)16 << 20)

/* mtree's escapes undone in place: \ooo, and the letters of vis(3). */
static void unescape(char *s)
{
	static const char from[] = "abfnrstv\\", to[] = "\a\b\f\n\r \t\v\\";
	char *o = s;
	for (; *s; s++) {
		bool escape = *s == '\\' && s[1];
		const char *k = escape ? strchr(from, s[1]) : NULL;
		if (escape && s[1] >= '0' && s[1] <= '7' && s[2] >= '0' && s[2] <= '7' &&
		    s[3] >= '0' && s[3] <= '7') {
			*o++ = (char)((s[1] - '0') << 6 | (s[2] - '0') << 3 | (s[3] - '0'));
			s += 3;
		} else if (k) {
			*o++ = to[k - from];
			s++;
		} else {
			*o++ = *s;
		}
	}
	*o = 0;
}

/* The value of keyword `key` among the words of `rest`, into buf. */
static bool keyword(const char *rest, const char *key, char *buf, size_t size)
{
	size_t n = strlen(key);
	for (const char *p = rest; *p;) {
		p += strspn(p, " \t");
		size_t w = strcspn(p, " \t");
		if (w > n && !strncmp(p, key, n) && p[n] == '=')
			return snprintf(buf, size, "%.*s", (int)(w - n - 1), p + n + 1) > 0;
		p += w;
	}
	return false;
}

struct spec {
	char cwd[2 * LINE_MAX_], set[256]; /* the directory, /set's device= */
	bool have_set;
};

/* One line of the spec: 1 with the entry's device= in buf when it is
 * `path`'s. */
static int line(struct spec *sp, char *l, const char *path, char *buf, size_t size)
{
	char name[LINE_MAX_], full[sizeof sp->cwd];
	l += strspn(l, " \t");
	if (!*l || *l == '#')
		return 0;
	size_t w = strcspn(l, " \t");
	const char *rest = l + w;
	if (*l == '/') { /* /set, /unset */
		if (!strncmp(l, "/set", w))
			sp->have_set = keyword(rest, "device", sp->set, sizeof sp->set) || sp->have_set;
		else if (!strncmp(l, "/unset", w) && (strstr(rest, "device") || strstr(rest, "all")))
			sp->have_set = false;
		return 0;
	}
	snprintf(name, sizeof name, "%.*s", (int)w, l);
	unescape(name);
	if (!strcmp(name, "..")) {
		char *slash = strrchr(sp->cwd, '/');
		*(slash ? slash : sp->cwd) = 0;
		return 0;
	}
	size_t c = strlen(sp->cwd), m = strlen(name);
	if (strchr(name, '/') || !c) /* a full path, or one at the top */
		memcpy(full, name, m + 1);
	else if (c + 1 + m < sizeof full)
		memcpy(full, sp->cwd, c), full[c] = '/', memcpy(full + c + 1, name, m + 1);
	else
		return 0;
	if (!strchr(name, '/') && strstr(rest, "type=dir")) {
		if (!strcmp(full, ".")) /* the top itself */
			*sp->cwd = 0;
		else
			memcpy(sp->cwd, full, strlen(full) + 1);
	}
	if (strcmp(full, path) != 0)
		return 0;
	if (keyword(rest, "device", buf, size))
		return 1;
	return sp->have_set ? snprintf(buf, size, "%s", sp->set) > 0 : 0;
}

/* A spec's reading: its /set, a chunk of the file, the line being read. */
struct reading {
	struct spec sp;
	char chunk[65536], l[LINE_MAX_];
};

static int find(struct reading *w, int fd, uint64_t base, const char *path, char *buf,
		size_t size)
{
	struct spec *sp = &w->sp;
	char *chunk = w->chunk, *l = w->l;
	size_t len = 0;
	bool skipping = false;
	for (uint64_t at = base; at - base < MTREE_MAX;) {
		ssize_t n = pread(fd, chunk, sizeof w->chunk, (off_t)at);
		if (n <= 0)
			break;
		at += (uint64_t)n;
		for (ssize_t i = 0; i < n; i++) {
			char c = chunk[i];
			if (c != '\n') {
				if (len < sizeof w->l - 1)
					l[len++] = c;
				else
					skipping = true;
				continue;
			}
			if (len && l[len - 1] == '\\') { /* continued */
				l[len - 1] = ' ';
				continue;
			}
			l[len] = 0;
			if (!skipping && line(sp, l, path, buf, size))
				return 1;
			len = 0, skipping = false;
		}
	}
	return 0;
}

int mtree_device(int fd, uint64_t base, const char *path, char *buf, size_t size)
{
	struct reading *w = calloc(1, sizeof *w); /* 69 KiB: not on the stack */
	int found = w && find(w, fd, base, path, buf, size);
	free(w);
	return found;
}
