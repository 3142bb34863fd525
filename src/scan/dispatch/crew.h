/* crew.h - an image's layers read at once (scan --jobs): a crew of up to
 * N threads, each reading one layer after another with a scan of its own
 * (its own emitter, views and libraries), while the thread that found
 * them goes on; the output is written in the order one thread reading
 * them in turn writes it (turns.h), and their tallies and statuses come
 * back to the input's scan when the crew is done. */
#ifndef CREW_H
#define CREW_H

#include <stdbool.h>
#include <stdint.h>

#include "scan/archive/layers.h"

struct scan;

/* One layer: the file fd, whole (a blob of a layout, closed when read),
 * or `size` bytes of it from byte `at` (a blob inside a tar). */
struct layer_job {
	char name[DIGEST_MAX + 40];
	int fd;
	bool whole;
	uint64_t at, size;
};

/* How a crew's thread reads a job, into a scan of its own: the status. */
typedef int crew_read(struct scan *sc, const struct layer_job *job);

struct crew;

/* The threads --jobs asks for: its value, or with 0 (the default) one a
 * CPU this process may run on. */
unsigned crew_threads(unsigned asked);
/* A crew of up to n threads for sc's input, each layer read with `read`;
 * from now on this thread's output waits for the layers handed over
 * before it.  NULL for n = 1, or when no thread or memory is to be had:
 * read them in turn. */
struct crew *crew_new(struct scan *sc, unsigned n, crew_read *read);
/* Hands it a layer (waiting while 2n are waiting for a thread): 0, or
 * -1 with errno, the layer not taken. */
int crew_add(struct crew *c, const struct layer_job *job);
/* Waits for every layer, adds their tallies and layers to sc, frees c:
 * the layers' status. */
int crew_done(struct crew *c, struct scan *sc);

#endif
