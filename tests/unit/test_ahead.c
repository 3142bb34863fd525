/* test_ahead.c - blocks made by a thread of their own, taken in order and
 * each intact until given back, whichever of the two held is given back
 * (a source that went back keeps the older one); the end and a failure
 * said at their place and again at every later take. */
#include <config.h>

#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "scan/input/ahead.h"
#include "tap.h"

enum { BLOCK = 4096, BLOCKS = 5000 };

struct maker {
	unsigned made;
	unsigned fail_at; /* the block that fails, or 0 */
};

/* Block i holds the bytes of i, over and over; the last is short. */
static ssize_t make(void *data, unsigned char *p, size_t n, const char **why)
{
	struct maker *m = data;
	unsigned i = m->made++;
	if (m->fail_at && i == m->fail_at)
		return *why = "it broke", -1;
	if (i == BLOCKS)
		return 0;
	for (size_t k = 0; k < n; k += sizeof i)
		memcpy(p + k, &i, sizeof i);
	return i == BLOCKS - 1 ? (ssize_t)(n / 2) : (ssize_t)n;
}

static bool holds(const unsigned char *p, unsigned i, size_t n)
{
	for (size_t k = 0; k < n; k += sizeof i)
		if (memcmp(p + k, &i, sizeof i))
			return false;
	return true;
}

/* Takes every block as a source does: into the span not handed out
 * last, giving back what it held; every 7th time the source has gone
 * back into the older span, so the newer is given back. */
static void all_blocks(void)
{
	struct maker m = { 0, 0 };
	struct ahead *a = ahead_start(make, &m, BLOCK);
	unsigned char *span[2] = { NULL, NULL };
	unsigned index[2] = { 0, 0 }, last = 0, bad = 0, i;
	const char *why;
	ssize_t n = 1;
	for (i = 0; n > 0; i++) {
		if (i % 7 == 6) /* went back: the older span was handed out last */
			last = index[0] < index[1] ? 0 : 1;
		unsigned r = !last;
		if (span[!r] && !holds(span[!r], index[!r], BLOCK / 2))
			bad++; /* the block still held was overwritten */
		n = ahead_take(a, span[r], &span[r], &why);
		if (n > 0 && !holds(span[r], i, (size_t)n))
			bad++;
		index[r] = i, last = r;
	}
	ok(a && bad == 0 && i == BLOCKS + 1 && n == 0,
	   "%u blocks taken in order, each whole while held, then the end (%u wrong)", i - 1, bad);
	unsigned char *p;
	ok(ahead_take(a, NULL, &p, &why) == 0, "and the end again");
	ahead_stop(a);
}

static void failure(void)
{
	struct maker m = { 0, 1234 };
	struct ahead *a = ahead_start(make, &m, BLOCK);
	unsigned char *p, *last = NULL;
	const char *why = NULL;
	ssize_t n;
	unsigned i = 0;
	while ((n = ahead_take(a, last, &p, &why)) > 0)
		last = p, i++;
	ok(n == -1 && i == 1234 && why && !strcmp(why, "it broke"),
	   "a failure at its block, with its reason");
	why = NULL;
	ok(ahead_take(a, NULL, &p, &why) == -1 && why && !strcmp(why, "it broke"), "and again");
	ahead_stop(a);
}

/* One block kept while the next 15 come and go, each given back at the
 * next take: kept whole (the thread waits for its slot), then given back. */
static void kept(void)
{
	struct maker m = { 0, 0 };
	struct ahead *a = ahead_start(make, &m, BLOCK);
	unsigned char *keep, *p = NULL;
	const char *why;
	unsigned bad = 0;
	ahead_take(a, NULL, &keep, &why);
	for (unsigned i = 1; i < RING_SLOTS; i++) {
		if (ahead_take(a, p, &p, &why) != BLOCK || !holds(p, i, BLOCK))
			bad++;
		usleep(2000); /* time for the thread to make what it may */
		bad += !holds(keep, 0, BLOCK);
	}
	ok(bad == 0, "a block kept while %d others were taken stays whole", RING_SLOTS - 1);
	ok(ahead_take(a, keep, &keep, &why) == BLOCK && holds(keep, RING_SLOTS, BLOCK),
	   "and given back, the next one comes");
	ahead_stop(a);
}

/* Stopped before the end: the thread, waiting for room, ends. */
static void stopped(void)
{
	struct maker m = { 0, 0 };
	struct ahead *a = ahead_start(make, &m, BLOCK);
	unsigned char *p;
	const char *why;
	ok(ahead_take(a, NULL, &p, &why) == BLOCK && holds(p, 0, BLOCK), "a first block");
	ahead_stop(a);
	ok(m.made <= RING_SLOTS, "stopped with at most a ring made (%u)", m.made);
}

int main(void)
{
#ifndef HAVE_THREADS
	puts("1..0 # SKIP built with --disable-threads: no thread making blocks");
	return 0;
#endif
	all_blocks();
	failure();
	kept();
	stopped();
	return done_testing();
}
