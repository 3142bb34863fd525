/* inode_set.h - a set of inode numbers, grown as members are added: the
 * device inodes a walk reached by a name, the directories it entered.
 * Its memory follows what the image holds, never what it claims. */
#ifndef INODE_SET_H
#define INODE_SET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct inode_set {
	uint64_t *slot; /* open addressing; 0 is empty, so n + 1 is stored */
	size_t size, n; /* slots (a power of two), members */
};

/* Adds n: 1 if it is new, 0 if it was there, -1 when memory runs out. */
int inode_set_add(struct inode_set *s, uint64_t n);
bool inode_set_has(const struct inode_set *s, uint64_t n);
void inode_set_free(struct inode_set *s);

#endif
