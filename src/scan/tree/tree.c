/* tree.c - the walk: its recursion, path, directories and records. */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/output.h"
#include "scan/tree/tree.h"

void tree_start(struct tree *t, struct scan *sc, const char *format, const char *container)
{
	*t = (struct tree){ .sc = sc, .format = format, .c = devnum_container_find(container) };
}

int tree_end(struct tree *t)
{
	inode_set_free(&t->dirs);
	return t->status;
}

void tree_fault(struct tree *t, const char *what, const char *why)
{
	char text[4400];
	size_t n = strlen(what), room = 300 - (why ? strlen(why) % 200 : 0);
	if (n > room) /* a long path's end, so that the reason stays whole */
		what += n - room + 3;
	snprintf(text, sizeof text, "%s%s%s%s", n > room ? "..." : "", what, why ? ": " : "",
		 why ? why : "");
	t->status = status_max(t->status, scan_error(t->sc, text));
}

void tree_unread(struct tree *t, const char *image, uint64_t n, const char *how)
{
	char why[300];
	if (!n)
		return;
	snprintf(why, sizeof why, "%s image: %llu %s of 1 MiB or more%s, which scan does not open: "
		 "inputs inside %s are not looked for", image, (unsigned long long)n,
		 n > 1 ? "files" : "file", how, n > 1 ? "them" : "it");
	scan_trouble(t->sc, why, 0, TROUBLE_WARNING);
}

void tree_record(struct tree *t, struct entry *e)
{
	e->path = e->path ? e->path : t->path;
	e->format = t->format;
	e->segment = 1;
	e->compression = "none";
	e->c = e->c ? e->c : t->c;
	t->status = status_max(t->status, scan_device(t->sc, e));
}

void tree_device(struct tree *t, uint64_t ino, bool block, struct devnum_fields f,
		 const struct entry_found *noted, const char *path)
{
	struct entry e = { .path = path, .type = block ? "block" : "char", .device = true,
			   .has_inode = true, .inode = ino, .f = f };
	if (!f.count) /* no field: the tuple the mount shows (composefs' escaped whiteout) */
		e.number = E_TUPLE;
	else if (devnum_container_flags(t->c) & DEVNUM_STORES_RAW)
		e.number = E_RAW, e.raw_fields = true;
	else
		e.number = E_FIELDS;
	if (noted && noted->note)
		e.last[e.nlast++] = *noted;
	tree_record(t, &e);
}

bool tree_push(struct tree *t, const char *name, size_t n, size_t *base)
{
	*base = t->len;
	if (t->len + 1 + n >= sizeof t->path) {
		char what[4200];
		snprintf(what, sizeof what, "a name in %s: the path is longer than %zu bytes",
			 t->len ? t->path : "/", sizeof t->path - 1);
		tree_fault(t, what, NULL);
		return false;
	}
	t->path[t->len] = '/';
	memcpy(t->path + t->len + 1, name, n);
	t->path[t->len += 1 + n] = 0;
	return true;
}

void tree_named(const struct tree *t, uint64_t ino, char *what, size_t n)
{
	snprintf(what, n, "directory %s (inode %llu)", t->len ? t->path : "/", (unsigned long long)ino);
}

bool tree_enter(struct tree *t, uint64_t ino, char *what, size_t n)
{
	int fresh = inode_set_add(&t->dirs, ino);
	tree_named(t, ino, what, n);
	if (fresh > 0 && t->depth < TREE_DEPTH_MAX) {
		t->depth++;
		return true;
	}
	tree_fault(t, what, fresh < 0 ? "out of memory" : !fresh ? "entered before: a directory loop"
							    : "deeper than 256 directories");
	return false;
}

/* A directory open on the walk's stack: the source's state (one of the
 * walk's slots), and the length of the path before its name. */
struct level {
	void *dir;
	size_t base;
};

/* Entry e of the directory at the top, its name pushed at base: looked
 * at, and when it is a directory to walk, entered and opened onto the
 * stack at *n (its name stays on the path until it is done). */
static void step(struct tree *t, const struct tree_source *src, struct level *stack, unsigned *n,
		 struct tree_entry *e, size_t base)
{
	char what[4200];
	if (src->look(t, stack[*n - 1].dir, e) && tree_enter(t, e->ino, what, sizeof what)) {
		if (src->open(t, stack[*n - 1].dir, e, what, stack[*n].dir)) {
			stack[(*n)++].base = base;
			return;
		}
		tree_leave(t);
	}
	tree_pop(t, base);
}

void tree_walk(struct tree *t, const struct tree_source *src, const struct tree_entry *root)
{
	struct level stack[TREE_DEPTH_MAX]; /* tree_enter holds the depth to TREE_DEPTH_MAX */
	char what[4200];
	unsigned n = 0;
	unsigned char *slots = malloc(TREE_DEPTH_MAX * src->dir_size);
	if (!slots) {
		tree_fault(t, "the walk of the directories", "out of memory");
		return;
	}
	for (unsigned i = 0; i < TREE_DEPTH_MAX; i++)
		stack[i].dir = slots + i * src->dir_size;
	if (!tree_enter(t, root->ino, what, sizeof what)) {
		free(slots);
		return;
	}
	if (!src->open(t, NULL, root, what, stack[0].dir)) {
		tree_leave(t);
		free(slots);
		return;
	}
	stack[n++].base = t->len;
	while (n) {
		struct tree_entry e = { .name = NULL };
		size_t base;
		int got = out_failed() ? 0 : src->next(t, stack[n - 1].dir, &e);
		if (got <= 0) { /* the directory done: back to its parent's path */
			src->close(t, stack[--n].dir);
			tree_leave(t);
			tree_pop(t, stack[n].base);
			continue;
		}
		t->sc->seg.entries++;
		if (!e.skip && tree_push(t, e.name, e.len, &base))
			step(t, src, stack, &n, &e, base);
	}
	free(slots);
}
