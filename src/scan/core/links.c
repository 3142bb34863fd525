/* links.c - device entries by the hash of their path. */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "scan/core/links.h"

#define SLOTS_MAX (LINKS_MAX * 2)
#define SLOTS_FIRST ((size_t)1024)

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
	*l = (struct links){ NULL, 0, 0, false, false };
}

void links_free(struct links *l)
{
	free(l->slot);
	links_init(l);
}

static struct linked *slot_of(const struct links *l, uint64_t h)
{
	size_t i = (size_t)h & (l->slots - 1);
	while (l->slot[i].hash && l->slot[i].hash != h)
		i = (i + 1) & (l->slots - 1);
	return &l->slot[i];
}

/* The table made, or doubled while more than half of it is taken: false
 * when there is no memory for it. */
static bool room(struct links *l)
{
	size_t want = !l->slots ? SLOTS_FIRST : l->slots * 2;
	if (l->slots && (l->n + 1 <= l->slots / 2 || l->slots == SLOTS_MAX))
		return true;
	struct links bigger = { calloc(want, sizeof *l->slot), l->n, want, l->full, l->told };
	if (!bigger.slot)
		return false;
	for (size_t i = 0; i < l->slots; i++)
		if (l->slot[i].hash)
			*slot_of(&bigger, l->slot[i].hash) = l->slot[i];
	free(l->slot);
	*l = bigger;
	return true;
}

bool links_add(struct links *l, const char *path, const struct linked *d)
{
	if (!room(l))
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
