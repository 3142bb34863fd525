/* side.h - one input of diff's: the device entries scan makes of it,
 * taken as they are made (a record_sink) and kept by the path they are
 * matched by.  Memory grows with the device entries alone: about 200
 * bytes and the path for each (the entry, its texts, the hash table at
 * most half full; 100,000 of them measured at 160). */
#ifndef SIDE_H
#define SIDE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "devnum.h"
#include "render/record.h"

/* A device entry as diff keeps it.  Its texts live in the side's blocks;
 * format, container and layer are shared with the entry before when
 * alike. */
struct side_entry {
	const char *key;          /* the path matched, key_len bytes */
	const char *path;         /* as the input names it, path_len bytes */
	const char *within;       /* K_WITHIN's names, or NULL */
	const char *layer, *format, *fields; /* or NULL */
	const devnum_container *c; /* the container it is stored in, or NULL */
	const devnum_container *made; /* the container whose writers made it: c, or
					 rpm for an RPM payload's (rpm -i makes
					 the header's FILERDEVS) */
	uint64_t line, inode;     /* 0: none */
	struct devnum_tuple t;
	uint32_t key_len, path_len, within_len, fields_len;
	char type;                /* 'c' or 'b' */
	bool known;               /* t is known */
	bool later;               /* a later entry has its path: this one is passed over */
	bool matched;             /* the other side has its path */
};

struct side_block;

struct side {
	const char *name;         /* the operand */
	unsigned strip;           /* path components dropped */
	const char *from, *to;    /* --prefix: a path under from is matched as */
	size_t from_len, to_len;  /* under to (the first input's), or none */
	struct side_entry *e;
	size_t n, cap;
	uint32_t *slot;           /* the hash table: 1 + an index of e, or 0 */
	size_t nslots;
	struct side_block *block; /* the texts, newest block first */
	const devnum_container *seen[8]; /* the containers its devices are in */
	unsigned nseen;
	uintmax_t again;          /* entries whose path an earlier one had */
	uintmax_t short_paths;    /* entries with no more components than strip */
	bool full;                /* memory ran out: entries were lost */
};

/* A side of operand `name`, paths matched without their first `strip`
 * components and, where from is not NULL, those under from as under to. */
void side_init(struct side *s, const char *name, unsigned strip, const char *from,
	       size_t from_len, const char *to, size_t to_len);
void side_free(struct side *s);
/* A record_sink's take: a device record of scan's, kept in s (to). */
void side_take(void *to, const struct record *r);
/* The entry of s whose path is matched by key, n bytes; NULL for none. */
struct side_entry *side_find(const struct side *s, const char *key, size_t n);
/* The fields of e into r, a record of its own (K_A's or K_B's). */
void side_record(const struct side_entry *e, struct record *r);
/* A path without its leading "./" and '/' and its ending '/': where it
 * starts in p, its length in *n (n given). */
const char *path_trimmed(const char *p, size_t *n);

#endif
