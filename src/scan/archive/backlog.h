/* backlog.h - the records of an archive's entries made by a thread of
 * their own, behind the reading: libarchive parses the next headers while
 * the entries before are judged and written (scan --jobs above 1).
 * Entries are taken (scan_take) and handed over in batches of
 * BACKLOG_BATCH, their strings copied, through a ring of BACKLOG_BATCHES,
 * so the two threads meet a few times a thousand entries; an archive of
 * fewer than BACKLOG_BATCH such entries starts no thread.
 *
 * The output stays in the order one thread writes it: while entries are
 * held, the reader writes nothing; before it writes (a warning, an error,
 * a layer's records), backlog_drain waits until the thread has made them
 * all and flushed what it wrote, to the reader's own sink. */
#ifndef BACKLOG_H
#define BACKLOG_H

#include <stdbool.h>
#include <stdint.h>

enum { BACKLOG_BATCH = 256, BACKLOG_BATCHES = 8 };

struct scan;
struct archived;
struct behind;

struct backlog {
	struct scan *sc;
	unsigned made;     /* entries made by the reader itself */
	bool alone;        /* no thread to be had: every entry made in turn */
	struct behind *t;  /* the thread, once started */
	int status;        /* of the entries made since the last drain */
	uintmax_t found;   /* how many of them had findings */
};

void backlog_init(struct backlog *b, struct scan *sc);
/* The record of x made now, or by the thread later. */
void backlog_add(struct backlog *b, const struct archived *x);
/* Every entry added made and its output flushed: their status, the count
 * of those with findings added to the segment's tally. */
int backlog_drain(struct backlog *b);
/* The same, and the thread stopped. */
int backlog_end(struct backlog *b);

#endif
