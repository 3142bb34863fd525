/* ahead.c - a ring of blocks a thread fills while scan reads them.  Each
 * slot is free, full (made, not taken) or held (taken, not given back);
 * the maker fills slots in ring order, and the taker gives back whichever
 * block its source drops, which is not always the oldest. */
#include <config.h>

#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>

#include "render/threads.h"
#include "scan/input/ahead.h"

enum state { FREE, FULL, HELD };

struct ahead {
	pthread_mutex_t lock;
	pthread_cond_t filled, emptied;
	pthread_t thread;
	ahead_make *make;
	void *data;
	size_t block;
	unsigned char *mem;          /* RING_SLOTS blocks */
	enum state state[RING_SLOTS];
	ssize_t len[RING_SLOTS];
	const char *why[RING_SLOTS];
	unsigned made, taken;        /* blocks, from the start */
	unsigned full, free;         /* slots in each state */
	bool ended;                  /* the maker made its last block */
	bool stop;                   /* the taker wants no more */
	bool maker_waits, taker_waits;
	bool last;                   /* the taker has the last block: */
	ssize_t last_len;            /* its length and reason, again */
	const char *last_why;
};

/* Whether the maker may go on: its next slot free, and once it waited,
 * half the ring free again or the taker waiting too. */
static bool room(const struct ahead *a)
{
	return a->state[a->made % RING_SLOTS] == FREE &&
	       (!a->maker_waits || a->free >= RING_SLOTS / 2 || a->taker_waits);
}

/* Whether the taker may go on: a block made, and once it waited, half the
 * ring full, the last block made, or the maker waiting too. */
static bool ready(const struct ahead *a)
{
	return a->full && (!a->taker_waits || a->full >= RING_SLOTS / 2 || a->ended || a->maker_waits);
}

static void *maker(void *data)
{
	struct ahead *a = data;
	pthread_mutex_lock(&a->lock);
	while (!a->stop && !a->ended) {
		if (!room(a)) {
			a->maker_waits = true;
			pthread_cond_signal(&a->filled); /* a waiting taker need wait no more */
			while (!a->stop && !room(a))
				pthread_cond_wait(&a->emptied, &a->lock);
			a->maker_waits = false;
			continue;
		}
		unsigned k = a->made % RING_SLOTS;
		const char *why = NULL;
		pthread_mutex_unlock(&a->lock);
		ssize_t n = a->make(a->data, a->mem + k * a->block, a->block, &why);
		pthread_mutex_lock(&a->lock);
		a->state[k] = FULL, a->len[k] = n, a->why[k] = why;
		a->made++, a->full++, a->free--;
		a->ended = n <= 0;
		if (a->taker_waits && ready(a))
			pthread_cond_signal(&a->filled);
	}
	pthread_mutex_unlock(&a->lock);
	return NULL;
}

struct ahead *ahead_start(ahead_make *make, void *data, size_t block)
{
	struct ahead *a = calloc(1, sizeof *a);
	if (!a)
		return NULL;
	a->make = make, a->data = data, a->block = block, a->free = RING_SLOTS;
	a->mem = malloc(RING_SLOTS * block);
	if (!a->mem || pthread_mutex_init(&a->lock, NULL) || pthread_cond_init(&a->filled, NULL) ||
	    pthread_cond_init(&a->emptied, NULL) || pthread_create(&a->thread, NULL, maker, a)) {
		free(a->mem);
		free(a);
		return NULL;
	}
	return a;
}

ssize_t ahead_take(struct ahead *a, const unsigned char *drop, unsigned char **p, const char **why)
{
	if (a->last)
		return *why = a->last_why, a->last_len;
	pthread_mutex_lock(&a->lock);
	if (drop) {
		a->state[(size_t)(drop - a->mem) / a->block] = FREE;
		a->free++;
		if (a->maker_waits && room(a))
			pthread_cond_signal(&a->emptied);
	}
	if (!ready(a)) {
		a->taker_waits = true;
		pthread_cond_signal(&a->emptied); /* a waiting maker need wait no more */
		while (!ready(a))
			pthread_cond_wait(&a->filled, &a->lock);
		a->taker_waits = false;
	}
	unsigned k = a->taken++ % RING_SLOTS;
	a->state[k] = HELD;
	a->full--;
	ssize_t n = a->len[k];
	*why = a->why[k];
	pthread_mutex_unlock(&a->lock);
	*p = a->mem + k * a->block;
	if (n <= 0)
		a->last = true, a->last_len = n, a->last_why = *why;
	return n;
}

void ahead_stop(struct ahead *a)
{
	threads_stop(&a->lock, &a->emptied, &a->stop, &a->thread, 1);
	meeting_free(&a->lock, &a->filled, &a->emptied);
	free(a->mem);
	free(a);
}
