/* inode_set.c - the set, by open addressing with linear probing. */
#include <config.h>

#include <stdlib.h>

#include "scan/tree/inode_set.h"

static size_t home(uint64_t key, size_t size)
{
	return (size_t)((key * UINT64_C(0x9e3779b97f4a7c15)) >> 32) & (size - 1);
}

static void put(uint64_t *slot, size_t size, uint64_t key)
{
	size_t i = home(key, size);
	while (slot[i] && slot[i] != key)
		i = (i + 1) & (size - 1);
	slot[i] = key;
}

static int grow(struct inode_set *s)
{
	size_t size = s->size ? 2 * s->size : 1024;
	uint64_t *slot = calloc(size, sizeof *slot);
	if (!slot)
		return -1;
	for (size_t i = 0; i < s->size; i++)
		if (s->slot[i])
			put(slot, size, s->slot[i]);
	free(s->slot);
	s->slot = slot, s->size = size;
	return 0;
}

bool inode_set_has(const struct inode_set *s, uint64_t n)
{
	if (!s->size)
		return false;
	for (size_t i = home(n + 1, s->size); s->slot[i]; i = (i + 1) & (s->size - 1))
		if (s->slot[i] == n + 1)
			return true;
	return false;
}

int inode_set_add(struct inode_set *s, uint64_t n)
{
	if (inode_set_has(s, n))
		return 0;
	if (2 * (s->n + 1) > s->size && grow(s) < 0)
		return -1;
	put(s->slot, s->size, n + 1);
	s->n++;
	return 1;
}

void inode_set_free(struct inode_set *s)
{
	free(s->slot);
	*s = (struct inode_set){ 0 };
}
