/* tree.h - what every walk of a file system's directories shares, whoever
 * reads the file system: the walk itself (tree_walk: the recursion, a
 * stack of open directories, the path of the entry it is at, the
 * directories entered, a loop said and not followed, a depth limit, the
 * count of entries, the end when output fails), and the records: a device
 * inode's (scan_record), an error record for each fault of the image's,
 * the segment's tallies and the status.  A reader is a source of
 * directories for it: it lists one, looks at an entry, opens another. */
#ifndef TREE_H
#define TREE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "scan/tree/inode_set.h"
#include "scan/core/scan.h"

/* How deep a walk goes: far past any real tree, and a bound on what a
 * reader keeps for the directories open at once. */
enum { TREE_DEPTH_MAX = 256 };

struct tree {
	struct scan *sc;
	const char *format;         /* the file system, as libblkid names it */
	const devnum_container *c;  /* the container its device fields are */
	struct inode_set dirs;      /* the directories entered */
	char path[4096];            /* the entry's, from the root: "" for it */
	size_t len;
	unsigned depth;
	int status;
};

/* A walk of a `format` image whose device fields are the container's. */
void tree_start(struct tree *t, struct scan *sc, const char *format, const char *container);
/* The walk's status, its memory freed. */
int tree_end(struct tree *t);

/* A fault of the image's at `what`, with `why` after it unless NULL: an
 * error record, and the walk goes on. */
void tree_fault(struct tree *t, const char *what, const char *why);

/* The warning that an image holds `n` regular files of INNER_FILE_MIN
 * bytes or more that its reader does not open (`how`: "" or how they
 * are stored, " stored compressed"), so no input inside them is read. */
void tree_unread(struct tree *t, const char *image, uint64_t n, const char *how);

/* The record of e, a device at the walk's path (or at e->path), its
 * number in the walk's container unless e->c names another. */
void tree_record(struct tree *t, struct entry *e);

/* The record of the device inode ino, its fields as stored, at `path`
 * (or the walk's path when NULL); noted, a finding whose note says what
 * another reader makes of it, or NULL (or its note NULL) for none. */
void tree_device(struct tree *t, uint64_t ino, bool block, struct devnum_fields f,
		 const struct entry_found *noted, const char *path);

/* The n bytes of name appended to the path, "/" before them: true, and
 * *base the length to go back to; false, said as a fault, when the path
 * would be too long. */
bool tree_push(struct tree *t, const char *name, size_t n, size_t *base);

static inline void tree_pop(struct tree *t, size_t base)
{
	t->path[t->len = base] = 0;
}

/* What the directory inode ino at the path is called in faults. */
void tree_named(const struct tree *t, uint64_t ino, char *what, size_t n);

/* The directory inode ino, at the path, entered: true, a level deeper
 * until tree_leave, with what it is called in `what` (for the reader's
 * own faults); false, said as a fault, for a directory entered before (a
 * loop, or a second link to one), one too deep, or no memory. */
bool tree_enter(struct tree *t, uint64_t ino, char *what, size_t n);

static inline void tree_leave(struct tree *t)
{
	t->depth--;
}

/* An entry of a directory, as its source lists it.  The name is the
 * source's until its next call; ref and data are the source's own (an
 * offset and a size, an inode), for looking at the entry or opening it. */
struct tree_entry {
	const char *name;
	size_t len;
	bool skip;      /* counted, not looked at: a type no reader wants */
	uint64_t ino;   /* a directory's, set by look: the loop check's */
	uint64_t ref[2];
	void *data;
};

/* A reader's directories, for tree_walk.  Each function gets the walk
 * (the first member of the reader's own struct) and says its faults. */
struct tree_source {
	/* The directory e (its root, from tree_walk) opened for listing: its
	 * state in dir, dir_size bytes the walk keeps for each level, below
	 * parent (NULL for the root); `what` names it for the faults: false
	 * after one. */
	bool (*open)(struct tree *t, void *parent, const struct tree_entry *e, const char *what,
		     void *dir);
	/* The next entry of dir into *e: 1; 0 at its end; -1 after a fault
	 * said, which ends the listing. */
	int (*next)(struct tree *t, void *dir, struct tree_entry *e);
	/* Entry e of dir, at the walk's path: its record, or nothing; true
	 * for a directory to walk, e->ino set. */
	bool (*look)(struct tree *t, void *dir, struct tree_entry *e);
	void (*close)(struct tree *t, void *dir);
	size_t dir_size;
};

/* The walk of every directory below root, depth first in each listing's
 * order, at the path the walk is at ("" for the image's root). */
void tree_walk(struct tree *t, const struct tree_source *src, const struct tree_entry *root);

#endif
