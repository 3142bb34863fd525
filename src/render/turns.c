/* turns.c - units of output held until their turn.  A unit's held bytes
 * are chunks, each a file descriptor's byte, a length and the bytes, in
 * the order its thread flushed them.  Only the thread of the unit whose
 * turn it is writes to the files, and the turn moves on only when that
 * unit ends; so it writes without the lock. */
#include <config.h>

#include <errno.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "render/output.h"
#include "render/threads.h"
#include "render/turns.h"

struct unit {
	struct turns *t;
	long number;
	char *held;
	size_t len, cap;
	bool done;
};

struct turns {
	pthread_mutex_t lock;
	pthread_cond_t moved; /* the turn moved on */
	struct unit **unit;
	long n, cap;
	long turn;            /* the unit whose turn it is */
	size_t held, held_max; /* bytes held, all units; how many before a wait */
};

struct turns *turns_new(size_t held_max)
{
	struct turns *t = calloc(1, sizeof *t);
	if (t)
		t->held_max = held_max;
	if (t && (pthread_mutex_init(&t->lock, NULL) || pthread_cond_init(&t->moved, NULL)))
		return free(t), NULL;
	return t;
}

long turns_add(struct turns *t)
{
	struct unit *u = calloc(1, sizeof *u), **grown = NULL;
	pthread_mutex_lock(&t->lock);
	long k = t->n;
	if (u && k == t->cap &&
	    (grown = realloc(t->unit, (size_t)(t->cap * 2 + 8) * sizeof(struct unit *))))
		t->unit = grown, t->cap = t->cap * 2 + 8;
	if (u && k < t->cap) {
		*u = (struct unit){ t, k, NULL, 0, 0, false };
		t->unit[t->n++] = u;
	} else {
		free(u);
		k = -1;
	}
	pthread_mutex_unlock(&t->lock);
	return k;
}

/* The chunks held at p (n bytes) written to their files, unless a write
 * has failed; p freed. */
static void write_held(char *p, size_t n)
{
	for (size_t at = 0; at < n;) {
		size_t len;
		memcpy(&len, p + at + 1, sizeof len);
		if (!out_failed() && out_write(p[at], p + at + 1 + sizeof len, len) < 0)
			out_errno = errno;
		at += 1 + sizeof len + len;
	}
	free(p);
}

/* u's chunks taken out of it, to be written; the lock held. */
static char *take(struct unit *u, size_t *n)
{
	char *p = u->held;
	*n = u->len;
	u->t->held -= u->len;
	u->held = NULL;
	u->len = u->cap = 0;
	return p;
}

/* A chunk added to u: 0, or -1 (memory). */
static int hold(struct unit *u, int fd, const char *p, size_t n)
{
	size_t need = u->len + 1 + sizeof n + n;
	if (need > u->cap) {
		size_t cap = u->cap ? u->cap : 1 << 16;
		while (cap < need)
			cap *= 2;
		char *grown = realloc(u->held, cap);
		if (!grown)
			return -1;
		u->held = grown, u->cap = cap;
	}
	u->held[u->len] = (char)fd;
	memcpy(u->held + u->len + 1, &n, sizeof n);
	memcpy(u->held + u->len + 1 + sizeof n, p, n);
	u->len = need;
	u->t->held += 1 + sizeof n + n;
	return 0;
}

/* The sink of a unit's thread: straight to the file in its turn, held
 * before it; waiting for the turn while too much is held. */
static int sink(void *data, int fd, const char *p, size_t n)
{
	struct unit *u = data;
	struct turns *t = u->t;
	char *mine = NULL;
	size_t len = 0;
	int rc = 0;
	bool held = false;
	pthread_mutex_lock(&t->lock);
	if (t->turn != u->number) {
		held = (rc = hold(u, fd, p, n)) == 0;
		while (held && t->held > t->held_max && t->turn != u->number)
			pthread_cond_wait(&t->moved, &t->lock);
	}
	bool now = t->turn == u->number;
	if (now)
		mine = take(u, &len);
	pthread_mutex_unlock(&t->lock);
	if (now)
		write_held(mine, len);
	return now && !held ? out_write(fd, p, n) : rc;
}

void turns_begin(struct turns *t, long u)
{
	pthread_mutex_lock(&t->lock);
	struct unit *unit = t->unit[u];
	pthread_mutex_unlock(&t->lock);
	out_sink_set(sink, unit);
}

void turns_end(struct turns *t, long u)
{
	out_flush();
	out_sink_set(NULL, NULL);
	pthread_mutex_lock(&t->lock);
	t->unit[u]->done = true;
	while (t->turn < t->n && t->turn == u) {
		size_t len;
		char *p = take(t->unit[u], &len);
		pthread_mutex_unlock(&t->lock);
		write_held(p, len);
		pthread_mutex_lock(&t->lock);
		free(t->unit[u]);
		t->unit[u] = NULL;
		t->turn = ++u;
		if (u < t->n && !t->unit[u]->done)
			break;
	}
	pthread_cond_broadcast(&t->moved);
	pthread_mutex_unlock(&t->lock);
}

void turns_free(struct turns *t)
{
	pthread_mutex_lock(&t->lock);
	while (t->turn < t->n)
		pthread_cond_wait(&t->moved, &t->lock);
	pthread_mutex_unlock(&t->lock);
	meeting_free(&t->lock, &t->moved, NULL);
	free(t->unit);
	free(t);
}
