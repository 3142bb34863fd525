/* backlog.c - a ring of batches of taken entries: the reader fills one
 * while the thread makes the records of those handed over before.  A
 * batch is the reader's until handed over (count grows), the thread's
 * until made (count shrinks); each side sleeps only until half the ring
 * has moved, not at every batch. */
#include <config.h>

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "render/output.h"
#include "render/threads.h"
#include "scan/archive/backlog.h"
#include "scan/core/scan.h"

enum { BATCH_TEXT = 32768 }; /* an entry's strings, at most; longer, made in turn */

struct batch {
	struct archived x[BACKLOG_BATCH];
	unsigned n;
	size_t used;
	out_sink *sink; /* the reader's when it handed the batch over */
	void *sink_data;
	char text[BATCH_TEXT];
};

struct behind {
	pthread_mutex_t lock;
	pthread_cond_t handed, made; /* to the thread; back to the reader */
	pthread_t thread;
	char *out;                   /* the thread's output buffer */
	struct scan *sc;
	unsigned fill;               /* the reader's batch */
	unsigned first, count;       /* the batches handed over, oldest first */
	bool maker_waits, reader_waits;
	bool drain, flushed, end;
	int status;                  /* the thread's, since the last drain */
	uintmax_t found;
	struct batch batch[BACKLOG_BATCHES];
};

/* The thread may go on: a batch handed over, and once it waited, half
 * the ring, or the reader waiting for it. */
static bool ready(const struct behind *t)
{
	return t->count && (!t->maker_waits || t->count >= BACKLOG_BATCHES / 2 || t->drain ||
			    t->reader_waits);
}

/* The records of batch b: counted here, and added to t once, not at
 * every entry (t's line is the reader's too). */
static void make(struct behind *t, const struct batch *b)
{
	int status = EXIT_OK;
	uintmax_t found = 0;
	for (unsigned i = 0; i < b->n; i++) {
		int st = scan_entry(t->sc, &b->x[i]);
		status = status_max(status, st);
		found += st != EXIT_OK;
	}
	t->status = status_max(t->status, status);
	t->found += found;
}

static void *maker(void *data)
{
	struct behind *t = data;
	out_sink *sink = NULL;
	void *sink_data = NULL;
	out_thread_begin(t->out);
	pthread_mutex_lock(&t->lock);
	for (;;) {
		if (ready(t)) {
			struct batch *b = &t->batch[t->first];
			pthread_mutex_unlock(&t->lock);
			if (b->sink != sink || b->sink_data != sink_data) /* what it held is flushed */
				out_sink_set(sink = b->sink, sink_data = b->sink_data);
			make(t, b);
			pthread_mutex_lock(&t->lock);
			t->first = (t->first + 1) % BACKLOG_BATCHES;
			t->count--;
			if (t->reader_waits && t->count <= BACKLOG_BATCHES / 2)
				pthread_cond_signal(&t->made);
		} else if (!t->count && t->drain && !t->flushed) {
			pthread_mutex_unlock(&t->lock);
			out_flush();
			pthread_mutex_lock(&t->lock);
			t->flushed = true;
			pthread_cond_signal(&t->made);
		} else if (t->end && !t->count) {
			break;
		} else {
			t->maker_waits = true;
			pthread_cond_wait(&t->handed, &t->lock);
			t->maker_waits = false;
		}
	}
	pthread_mutex_unlock(&t->lock);
	out_thread_end();
	return NULL;
}

/* The reader's batch handed over, its own output written first; then
 * the next, once the thread has given it back. */
static void hand_over(struct behind *t)
{
	struct batch *b = &t->batch[t->fill];
	out_flush();
	out_sink_get(&b->sink, &b->sink_data);
	pthread_mutex_lock(&t->lock);
	t->count++;
	if (t->maker_waits && ready(t))
		pthread_cond_signal(&t->handed);
	while (t->count == BACKLOG_BATCHES) {
		t->reader_waits = true;
		pthread_cond_signal(&t->handed); /* a waiting thread need wait no more */
		pthread_cond_wait(&t->made, &t->lock);
	}
	t->reader_waits = false;
	pthread_mutex_unlock(&t->lock);
	t->fill = (t->fill + 1) % BACKLOG_BATCHES;
	t->batch[t->fill].n = 0;
	t->batch[t->fill].used = 0;
}

static void start(struct backlog *b)
{
	struct behind *t = calloc(1, sizeof *t);
	b->alone = true;
	if (!t || !(t->out = out_thread_buffer())) {
		free(t);
		return;
	}
	t->sc = b->sc;
	if (pthread_mutex_init(&t->lock, NULL) || pthread_cond_init(&t->handed, NULL) ||
	    pthread_cond_init(&t->made, NULL) || pthread_create(&t->thread, NULL, maker, t)) {
		free(t->out);
		free(t);
		return;
	}
	b->t = t;
	b->alone = false;
}

void backlog_init(struct backlog *b, struct scan *sc)
{
	*b = (struct backlog){ .sc = sc, .alone = sc->j->jobs < 2 };
}

/* A string of x copied into batch w: false when there is no room. */
static bool copy(struct batch *w, const char **s)
{
	if (!*s)
		return true;
	size_t n = strlen(*s) + 1;
	if (n > BATCH_TEXT - w->used)
		return false;
	*s = memcpy(w->text + w->used, *s, n);
	w->used += n;
	return true;
}

/* x in the reader's batch, its strings with it: false when they do not
 * fit in an empty one. */
static bool held(struct behind *t, const struct archived *x)
{
	for (int tries = 0; tries < 2; tries++) {
		struct batch *w = &t->batch[t->fill];
		struct archived *y = &w->x[w->n];
		size_t used = w->used;
		*y = *x;
		if (copy(w, &y->path) && copy(w, &y->link) && copy(w, &y->why) &&
		    copy(w, &y->format_name)) {
			if (++w->n == BACKLOG_BATCH)
				hand_over(t);
			return true;
		}
		w->used = used;
		if (!w->n)
			return false;
		hand_over(t);
	}
	return false;
}

void backlog_add(struct backlog *b, const struct archived *x)
{
	if (!b->t && !b->alone && b->made >= BACKLOG_BATCH)
		start(b);
	if (b->t && held(b->t, x))
		return;
	if (b->t)
		b->status = status_max(b->status, backlog_drain(b));
	int st = scan_entry(b->sc, x);
	b->status = status_max(b->status, st);
	b->found += st != EXIT_OK;
	b->made++;
}

int backlog_drain(struct backlog *b)
{
	struct behind *t = b->t;
	if (t) {
		if (t->batch[t->fill].n)
			hand_over(t);
		pthread_mutex_lock(&t->lock);
		t->drain = true;
		t->flushed = false;
		pthread_cond_signal(&t->handed);
		while (t->count || !t->flushed)
			pthread_cond_wait(&t->made, &t->lock);
		t->drain = false;
		b->status = status_max(b->status, t->status);
		b->found += t->found;
		t->status = EXIT_OK, t->found = 0;
		pthread_mutex_unlock(&t->lock);
	}
	int status = b->status;
	b->sc->seg.found += b->found;
	b->status = EXIT_OK, b->found = 0;
	return status;
}

int backlog_end(struct backlog *b)
{
	int status = backlog_drain(b);
	struct behind *t = b->t;
	if (t) {
		threads_stop(&t->lock, &t->handed, &t->end, &t->thread, 1);
		meeting_free(&t->lock, &t->handed, &t->made);
		free(t);
		b->t = NULL;
	}
	return status;
}
