/* entries.h - an archive read one entry at a time, whatever reads it:
 * libarchive (la_entries.c) or devnum's own newc reader (cpio_newc.c).
 * The dispatcher opens the reader its bid chose and takes steps from it
 * until the archive ends, in one loop for every archive reader
 * (scan_walk.c's archive()): a step hands out an entry, or says one
 * failed, or ends the archive with or without an error, or hands the
 * rest to a reader of the reader's own (HP-UX's cpio). */
#ifndef ENTRIES_H
#define ENTRIES_H

#include <stdbool.h>
#include <stdint.h>

#include "scan/core/scan.h"
#include "scan/input/source.h"

/* What one archive's reader ended with. */
struct ending {
	int format;       /* libarchive's, 0 for none */
	uintmax_t entries;
	bool eof;         /* read to its end */
	bool mtree_text;  /* mtree without its #mtree line: text, not an archive */
	bool unopened;    /* libarchive knows no format of it: why says so */
	char why[400];    /* or, where a reader cannot be opened, why not */
};

enum step_kind {
	STEP_ENTRY,   /* an entry, in x */
	STEP_FAILED,  /* an entry that cannot be read: why; the archive goes on */
	STEP_FATAL,   /* the archive ends in an error: why, said after its records */
	STEP_END,     /* the archive ends, as the ending says */
	STEP_HANDOFF, /* the rest is the reader's own to read: rest() */
};

struct entry_step {
	enum step_kind kind;
	struct archived x;     /* STEP_ENTRY: the entry, taken */
	bool recorded;         /* it makes a record */
	bool data;             /* its data may be an input (a regular file, an ar member) */
	int fd;                /* its data lies whole at `at` of this seekable file, */
	uint64_t at, size;     /* `size` bytes; -1: not so */
	bool plain;            /* and a tar's plain entry, which a crew's thread may read there
				  (if the file is as long as the tar says) */
	const char *warning;   /* said of it, before its record; or after it */
	bool warn_after;
	char why[400];         /* STEP_FAILED, STEP_FATAL: what is wrong */
};

/* A step begun: nothing handed out yet. */
static inline void entry_step_start(struct entry_step *s)
{
	s->fd = -1, s->plain = s->recorded = s->data = s->warn_after = false, s->warning = NULL;
}

struct entries {
	/* The next step into s: its kind. */
	enum step_kind (*next)(struct entries *it, struct entry_step *s);
	/* A source of the data of the entry handed out last: 0; -1 (errno). */
	int (*data)(struct entries *it, struct source *data);
	/* After STEP_HANDOFF: the rest read, the ending's entries and eof
	 * set: the status (NULL for a reader that never hands off). */
	int (*rest)(struct entries *it);
	/* The reader freed, src->pos left where the archive ended. */
	void (*close)(struct entries *it);
	/* After the data of the entry handed out last was read: why a read
	 * of it failed, where no later step of the archive's will meet the
	 * failure (a zip's member lies apart from its central directory);
	 * else NULL.  NULL for readers whose data is the stream they read. */
	const char *(*data_failed)(struct entries *it);
};

/* la_entries.c: a libarchive reader of the archive at src->pos, its
 * ending in *end (unopened when no format takes it); NULL, end->why
 * saying so, for memory.  Every row's reader opens so. */
struct entries *la_entries(struct scan *sc, struct source *src, struct ending *end);

#endif
