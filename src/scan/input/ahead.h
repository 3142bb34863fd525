/* ahead.h - a decompressor's output made by a thread of its own while
 * scan parses what it made before: a ring of RING_SLOTS blocks of
 * SOURCE_BLOCK bytes, handed over in place (never copied), so scan of a
 * compressed stream takes the time of the decompressor alone, not of the
 * two one after the other.  The parser sleeps only until half the ring
 * is full, the maker only until half is empty: a few hundred wake-ups
 * for a stream of hundreds of megabytes, not one a block. */
#ifndef AHEAD_H
#define AHEAD_H

#include <stddef.h>
#include <sys/types.h>

#define RING_SLOTS 16

/* Makes up to n bytes of the stream into p: how many, 0 at its end, -1
 * with the reason in *why; called by the thread alone. */
typedef ssize_t ahead_make(void *data, unsigned char *p, size_t n, const char **why);

struct ahead;

/* A thread making blocks of size `block` with make(data); NULL when no
 * thread or memory is to be had (make them in turn). */
struct ahead *ahead_start(ahead_make *make, void *data, size_t block);
/* The next block, in *p, its storage the thread's until given back with
 * `drop` (a block taken before, or NULL), within RING_SLOTS - 1 takes:
 * the thread fills the ring in order and waits at a block still held.
 * Its length; 0 at the end; -1 with *why; at every call after those, the
 * same again. */
ssize_t ahead_take(struct ahead *a, const unsigned char *drop, unsigned char **p,
		   const char **why);
/* Stops the thread (what it made and nobody took is dropped), frees a. */
void ahead_stop(struct ahead *a);

#endif
