/* scan.h - what the parts of scan share: one input's scan, walked as
 * segments (scan_walk.c), each entry made a record (scan_entry.c). */
#ifndef SCAN_H
#define SCAN_H

#include <stdbool.h>
#include <stdint.h>

#include "archive_calls.h"
#include "cli.h"
#include "links.h"

/* Counts of entries, device entries and those with findings. */
struct tally {
	uintmax_t entries, devices, found;
};

struct scan {
	const struct job *j;
	const struct archive_calls *la;
	struct record r;
	struct links links;          /* device entries, for the hard links to them */
	struct tally all, seg;       /* the input's, and its segment's */
	unsigned segment;            /* the segment's number, from 1 */
	uint64_t offset;             /* the byte of the input it starts at */
	const char *compression;     /* its compression, or "none" */
	bool unfit;                  /* the entry has a finding that is a fault */
};

/* The record of one entry, when it is a device, a hard link to one, or
 * carries a device number it should not; rc is archive_read_next_header's
 * answer for it (ARCHIVE_WARN: libarchive's message bears on it).  The
 * exit status, EXIT_UNFIT for a fault found. */
int scan_entry(struct scan *sc, struct archive *a, struct archive_entry *e, int rc);

/* scan_walk.c: every segment of the input `name` ("-": standard input). */
int scan_input(const struct job *j, const struct archive_calls *la, const char *name);

#endif
