/* crew.c - threads reading an image's layers at once.  The thread that
 * finds the layers (reading an image's tar, or a layout's manifests)
 * hands each to the crew as a unit of output between two of its own, so
 * whatever it says after a layer comes after that layer's records.  At
 * most 2n layers wait for a thread, so memory stays bounded however many
 * an image holds; a thread is started while none is idle, up to n. */
#include <config.h>

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <unistd.h>

#include "render/emit.h"
#include "render/format.h"
#include "render/output.h"
#include "render/threads.h"
#include "render/turns.h"
#include "render/view.h"
#include "scan/dispatch/crew.h"
#include "scan/core/scan.h"

enum { CREW_MAX = 64 };
#define HELD_MAX ((size_t)64 << 20) /* output held for its turn, all layers */

struct waiting {
	struct layer_job job;
	long unit;
};

struct crew {
	pthread_mutex_t lock;
	pthread_cond_t added, taken; /* a layer waits (or the crew is done); one was taken */
	const struct scan *sc;       /* the input's: its name, read */
	struct emitter out;          /* the input's job, emitter and libraries as they */
	struct job j;                /* were when the crew began: each thread's own */
	struct libraries libs;       /* copies are made of these, not of what the input's
					scan goes on changing */
	crew_read *read;
	struct turns *turns;
	long unit;                   /* the finder's own output */
	struct waiting *queue;       /* a ring of 2n */
	unsigned n, first, count, idle, threads;
	bool done;
	pthread_t thread[CREW_MAX];
	struct hand {                /* what a thread is started with */
		struct crew *c;
		char *out;           /* its output buffer (out_thread_buffer) */
	} hand[CREW_MAX];
	struct tally all;            /* the layers' tallies, status and count */
	unsigned layers, members;
	uint64_t spooled;
	int status;
};

unsigned crew_threads(unsigned asked)
{
#ifndef HAVE_THREADS
	(void)asked;
	return 1; /* configure --disable-threads */
#else
	cpu_set_t set;
	long online;
	if (asked)
		return asked < CREW_MAX ? asked : CREW_MAX;
	if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
		return CPU_COUNT(&set) < CREW_MAX ? (unsigned)CPU_COUNT(&set) : CREW_MAX;
	online = sysconf(_SC_NPROCESSORS_ONLN);
	return online < 1 ? 1 : online < CREW_MAX ? (unsigned)online : CREW_MAX;
#endif
}

/* The next layer waiting, into *w; false once the crew is done. */
static bool next(struct crew *c, struct waiting *w)
{
	pthread_mutex_lock(&c->lock);
	c->idle++;
	while (!c->count && !c->done)
		pthread_cond_wait(&c->added, &c->lock);
	c->idle--;
	bool got = c->count > 0;
	if (got) {
		*w = c->queue[c->first];
		c->first = (c->first + 1) % (2 * c->n);
		c->count--;
		pthread_cond_signal(&c->taken);
	}
	pthread_mutex_unlock(&c->lock);
	return got;
}

/* A thread of the crew: layers read, each with a scan of its own, its
 * output written in its turn, until none is left.  What the emitter
 * fills as records come (views, plans) is the thread's own. */
static void *member(void *data)
{
	struct hand *h = data;
	struct crew *c = h->c;
	out_thread_begin(h->out);
	struct views views;
	struct json_plan plan = { 0 };
	struct emitter out = c->out;
	struct job j = c->j;
	struct libraries libs = c->libs; /* each thread loads what it needs */
	struct format *plain = out.plain ? format_copy(out.plain) : NULL;
	struct format *user = out.user ? format_copy(out.user) : NULL;
	struct waiting w;
	bool broke = (out.plain && !plain) || (out.user && !user);
	if (broke)
		out_errno = ENOMEM; /* every thread stops, and main says so */
	views_init(&views);
	out.style.views = &views;
	out.plan = out.plan ? &plan : NULL;
	out.plain = plain, out.user = user;
	j.out = &out;
	while (next(c, &w)) {
		struct scan sc;
		scan_start(&sc, &j, &libs, c->sc->r.text[K_INPUT]);
		turns_begin(c->turns, w.unit);
		int status = broke ? EXIT_TROUBLE : c->read(&sc, &w.job);
		if (broke && w.job.whole)
			close(w.job.fd);
		turns_end(c->turns, w.unit);
		pthread_mutex_lock(&c->lock);
		tally_add(&c->all, &sc.all);
		c->layers += sc.layers, c->members += sc.members, c->spooled += sc.spooled;
		c->status = status_max(c->status, status);
		pthread_mutex_unlock(&c->lock);
	}
	format_free(plain);
	format_free(user);
	out_thread_end();
	return NULL;
}

/* Another thread, while none is idle and fewer than n run: the lock held. */
static void hire(struct crew *c)
{
	if (c->idle < c->count && c->threads < c->n &&
	    pthread_create(&c->thread[c->threads], NULL, member, &c->hand[c->threads]) == 0)
		c->threads++;
}

struct crew *crew_new(struct scan *sc, unsigned asked, crew_read *read)
{
	if (asked < 2 || sc->j->sink) /* a sink takes records in order, from one thread */
		return NULL;
	unsigned n = asked < CREW_MAX ? asked : CREW_MAX;
	struct crew *c = calloc(1, sizeof *c);
	if (!c)
		return NULL;
	*c = (struct crew){ .sc = sc, .out = *sc->j->out, .j = *sc->j, .libs = *sc->libs,
			    .read = read, .n = n, .unit = -1 };
	c->queue = calloc(2 * (size_t)n, sizeof *c->queue);
	bool outs = true; /* each thread's output buffer, made before any starts */
	for (unsigned i = 0; i < n; i++)
		outs &= (c->hand[i] = (struct hand){ c, out_thread_buffer() }).out != NULL;
	c->turns = c->queue && outs ? turns_new(HELD_MAX) : NULL;
	bool made = c->turns && !pthread_mutex_init(&c->lock, NULL) &&
		    !pthread_cond_init(&c->added, NULL) && !pthread_cond_init(&c->taken, NULL) &&
		    (c->unit = turns_add(c->turns)) >= 0;
	if (made && pthread_create(&c->thread[0], NULL, member, &c->hand[0]) != 0) {
		turns_end(c->turns, c->unit); /* nothing held: it was never begun */
		made = false;
	}
	if (!made) {
		if (c->turns)
			turns_free(c->turns);
		for (unsigned i = 0; i < n; i++)
			free(c->hand[i].out);
		free(c->queue);
		free(c);
		return NULL;
	}
	c->threads = 1;
	turns_begin(c->turns, c->unit);
	return c;
}

int crew_add(struct crew *c, const struct layer_job *job)
{
	long u = turns_add(c->turns), after = u < 0 ? -1 : turns_add(c->turns);
	if (u < 0)
		return -1;
	turns_end(c->turns, c->unit);
	if (after < 0) { /* the finder reads this layer itself, in unit u */
		turns_begin(c->turns, c->unit = u);
		return -1;
	}
	pthread_mutex_lock(&c->lock);
	while (c->count == 2 * c->n)
		pthread_cond_wait(&c->taken, &c->lock);
	c->queue[(c->first + c->count++) % (2 * c->n)] = (struct waiting){ *job, u };
	hire(c);
	pthread_cond_signal(&c->added);
	pthread_mutex_unlock(&c->lock);
	turns_begin(c->turns, c->unit = after);
	return 0;
}

int crew_done(struct crew *c, struct scan *sc)
{
	turns_end(c->turns, c->unit);
	threads_stop(&c->lock, &c->added, &c->done, c->thread, c->threads);
	for (unsigned i = c->threads; i < c->n; i++) /* never started: each ran frees its own */
		free(c->hand[i].out);
	turns_free(c->turns);
	tally_add(&sc->all, &c->all);
	sc->layers += c->layers, sc->members += c->members, sc->spooled += c->spooled;
	int status = c->status;
	meeting_free(&c->lock, &c->added, &c->taken);
	free(c->queue);
	free(c);
	return status;
}
