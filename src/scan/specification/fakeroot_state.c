/* fakeroot_state.c - a fakeroot state's device inodes, sorted to be
 * found by inode; each line read by the fakeroot specification's own
 * parser (spec_formats.c). */
#include <config.h>

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scan/specification/fakeroot_state.h"
#include "scan/specification/spec.h"

static int order(const void *a, const void *b)
{
	const struct fakeroot_node *x = a, *y = b;
	if (x->dev != y->dev)
		return x->dev < y->dev ? -1 : 1;
	return x->ino < y->ino ? -1 : x->ino > y->ino;
}

/* One node more in s: 0, or -1 when memory runs out. */
static int add(struct fakeroot_state *s, size_t *room, struct fakeroot_node n)
{
	if (s->n == *room) {
		size_t more = *room ? *room * 2 : 64;
		struct fakeroot_node *p = realloc(s->node, more * sizeof *p);
		if (!p)
			return -1;
		s->node = p, *room = more;
	}
	s->node[s->n++] = n;
	return 0;
}

int fakeroot_load(struct fakeroot_state *s, const char *path, char *why, size_t size)
{
	char *line = malloc(SPEC_LINE_MAX + 2), err[300];
	size_t room = 0;
	unsigned long long number = 0;
	FILE *f = line ? fopen(path, "re") : NULL;
	*s = (struct fakeroot_state){ NULL, 0 };
	if (!f)
		return free(line), snprintf(why, size, "%s", strerror(line ? errno : ENOMEM)), -1;
	while (fgets(line, SPEC_LINE_MAX + 2, f)) {
		struct spec_node n = { 0 };
		size_t len = strcspn(line, "\n");
		number++;
		if (!line[len] && !feof(f)) {
			snprintf(why, size, "line %llu: longer than %d bytes", number, SPEC_LINE_MAX);
			break;
		}
		line[len] = 0;
		enum spec_line got = spec_fakeroot.line(line, &n, err, sizeof err);
		if (got < 0) {
			snprintf(why, size, "line %llu: %s", number, err);
			break;
		}
		if (got == SPEC_DEVICE &&
		    add(s, &room, (struct fakeroot_node){ n.dev, n.inode, n.type, n.rdev }) < 0) {
			snprintf(why, size, "%s", strerror(ENOMEM));
			break;
		}
	}
	bool failed = ferror(f) || !feof(f);
	if (ferror(f))
		snprintf(why, size, "%s", strerror(errno));
	fclose(f);
	free(line);
	if (failed) {
		fakeroot_free(s);
		return -1;
	}
	qsort(s->node, s->n, sizeof *s->node, order);
	return 0;
}

void fakeroot_free(struct fakeroot_state *s)
{
	free(s->node);
	*s = (struct fakeroot_state){ NULL, 0 };
}

const struct fakeroot_node *fakeroot_find(const struct fakeroot_state *s, uint64_t dev,
					  uint64_t ino)
{
	struct fakeroot_node key = { dev, ino, 0, 0 };
	return s->n ? bsearch(&key, s->node, s->n, sizeof *s->node, order) : NULL;
}
