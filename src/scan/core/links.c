/* links.c - device entries by the hash of their path. */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "scan/core/links.h"

#define SLOTS (LINKS_MAX * 2)

/* FNV-1a, never 0: 0 marks a free slot. */
static uint64_t hash(const char *s)
{
	uint64_t h = UINT64_C(14695981039346656037);
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * UINT64_C(1099511628211);
	return h ? h : 1;
}

void links_init(struct links *l)
{
	*l = (struct links){ NULL, 0, false, false };
}

void links_free(struct links *l)
{
	free(l->slot);
	links_init(l);
}

static struct linked *slot_of(const struct links *l, uint64_t h)
{
	size_t i = (size_t)h & (SLOTS - 1);
	while (l->slot[i].hash && l->slot[i].hash != h)
		i = (i + 1) & (SLOTS - 1);
	return &l->slot[i];
}

bool links_add(struct links *l, const char *path, const struct linked *d)
{
	if (!l->slot && !(l->slot = calloc(SLOTS, sizeof *l->slot)))
		return l->full = true, false;
	struct linked *s = slot_of(l, hash(path));
	if (!s->hash && l->n == LINKS_MAX)
		return l->full = true, false;
	l->n += !s->hash;
	*s = *d;
	s->hash = hash(path);
	return true;
}

const struct linked *links_find(const struct links *l, const char *path)
{
	if (!l->slot)
		return NULL;
	const struct linked *s = slot_of(l, hash(path));
	return s->hash ? s : NULL;
}
