/* fakeroot_state.h - the device inodes of a state fakeroot -s saved,
 * loaded for a walk of the tree it describes: what fakeroot would show
 * for an inode that is a plain file on disk.  Memory follows the state's
 * device lines, one node each. */
#ifndef FAKEROOT_STATE_H
#define FAKEROOT_STATE_H

#include <stddef.h>
#include <stdint.h>

struct fakeroot_node {
	uint64_t dev, ino; /* the file's, on disk */
	char type;         /* 'c' or 'b' */
	uint64_t rdev;     /* the host's dev_t, raw */
};

struct fakeroot_state {
	struct fakeroot_node *node; /* sorted by dev, then ino */
	size_t n;
};

/* The state in the file `path`: 0; or -1 with why (a line fakeroot does
 * not write names its number). */
int fakeroot_load(struct fakeroot_state *s, const char *path, char *why, size_t size);
void fakeroot_free(struct fakeroot_state *s);

/* The device the state has for the inode, or NULL. */
const struct fakeroot_node *fakeroot_find(const struct fakeroot_state *s, uint64_t dev,
					  uint64_t ino);

#endif
