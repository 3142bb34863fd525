/* test_turns.c - output made by four threads at once, each taking every
 * fourth unit, written in the units' order: standard output and
 * diagnostics in one file, byte for byte what the units say one after
 * another; with so little allowed to be held (4 KiB) that threads wait
 * for their turn, and with so much that none does. */
#include <config.h>

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "render/output.h"
#include "render/turns.h"
#include "tap.h"

enum { UNITS = 120, THREADS = 4 };

static struct turns *turns;
static long unit[UNITS];

/* How many lines unit k writes: none for some, thousands for a few. */
static unsigned lines_of(unsigned k)
{
	return k % 7 == 3 ? 0 : k % 11 == 5 ? 3000 : (k * 37) % 200;
}

/* Unit k's lines, with a diagnostic among them, into out_buf's thread. */
static void say(unsigned k)
{
	char line[64];
	for (unsigned i = 0; i < lines_of(k); i++) {
		int n = snprintf(line, sizeof line, "unit %u line %u\n", k, i);
		out_mem(line, (size_t)n);
		if (i == lines_of(k) / 2)
			diag("unit %u, halfway", k);
	}
}

/* A thread that writes has an output buffer of its own, as devnum's do. */
static void *thread(void *arg)
{
	unsigned first = (unsigned)(size_t)arg;
	char *buf = out_thread_buffer();
	if (!buf)
		abort();
	out_thread_begin(buf);
	for (unsigned k = first; k < UNITS; k += THREADS) {
		turns_begin(turns, unit[k]);
		say(k);
		turns_end(turns, unit[k]);
	}
	out_thread_end();
	return NULL;
}

/* Standard output and error back as saved; what was written to f, which
 * stood for both, as a string, its length in *n. */
static char *restored(FILE *f, int saved[2], size_t *n)
{
	dup2(saved[0], 1), dup2(saved[1], 2);
	close(saved[0]), close(saved[1]);
	long size = (fseek(f, 0, SEEK_END), ftell(f));
	char *p = calloc(1, (size_t)size + 1);
	rewind(f);
	*n = fread(p, 1, (size_t)size, f);
	fclose(f);
	return p;
}

/* What the units write, in turn, from one thread and with no turns. */
static char *expected(size_t *n)
{
	FILE *f = tmpfile();
	fflush(stdout);
	int saved[2] = { dup(1), dup(2) };
	dup2(fileno(f), 1), dup2(fileno(f), 2);
	for (unsigned k = 0; k < UNITS; k++)
		say(k);
	out_flush();
	return restored(f, saved, n);
}

/* The same units made by THREADS threads at once, in turns. */
static char *at_once(size_t held_max, size_t *n)
{
	FILE *f = tmpfile();
	pthread_t t[THREADS];
	fflush(stdout);
	int saved[2] = { dup(1), dup(2) };
	dup2(fileno(f), 1), dup2(fileno(f), 2);
	turns = turns_new(held_max);
	for (unsigned k = 0; k < UNITS; k++)
		unit[k] = turns_add(turns);
	for (size_t i = 0; i < THREADS; i++)
		pthread_create(&t[i], NULL, thread, (void *)i);
	for (size_t i = 0; i < THREADS; i++)
		pthread_join(t[i], NULL);
	turns_free(turns);
	return restored(f, saved, n);
}

int main(void)
{
#ifndef HAVE_THREADS
	puts("1..0 # SKIP built with --disable-threads: no threads writing at once");
	return 0;
#endif
	size_t n, m;
	char *want = expected(&n);
	ok(n > 100000 && strstr(want, "devnum: unit 5, halfway\n"),
	   "the units say %zu bytes in all, diagnostics among them", n);
	for (size_t held_max = 4096; held_max <= ((size_t)64 << 20); held_max <<= 14) {
		char *got = at_once(held_max, &m);
		ok(m == n && !memcmp(got, want, n),
		   "four threads, %zu bytes allowed held: the same %zu bytes in the same order", held_max, m);
		free(got);
	}
	free(want);
	return done_testing();
}
