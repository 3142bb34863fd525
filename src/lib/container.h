/* container.h - inside libdevnum: what a container or writer handle
 * points at.  Each container is a row of data (containers.c) read by one
 * engine (container.c): the fields it stores, how they are written
 * (fields.c), what it can hold, and how its reader reads them back.
 * Fields that hold a raw value use the scheme engine. */
#ifndef CONTAINER_H
#define CONTAINER_H

#include "devnum.h"

/* How the fields are written: the store decides their number and text. */
enum store {
	S_OCTAL7,  /* ustar: devmajor, devminor, 7 octal digits each */
	S_GNU,     /* gnutar: the same, base-256 above 7 octal digits */
	S_PAX,     /* pax: the ustar fields, SCHILY.devmajor/devminor records */
	S_HEX8,    /* newc, crc: 8 hex digits each */
	S_DEC,     /* protocols: two 32-bit numbers, in decimal */
	S_EXT4,    /* ext4: i_block[0] and i_block[1] */
	S_OCTAL6,  /* odc: one raw in 6 octal digits */
	S_OCTAL11, /* hpodc: one raw in c_filesize, 11 octal digits */
	S_WORD,    /* one raw, a binary word of `bits`, in hex */
	S_HALVES,  /* one raw of 64 bits, as two 32-bit words: high, low */
};

struct devnum_container {
	const char *name, *aliases, *kind, *what;
	const char *fields;  /* their names, blank-separated */
	enum store store;
	unsigned bits;       /* S_WORD: the word's width */
	const devnum_scheme *scheme; /* a raw field's scheme (NULL: the writer's
					own, by default native) */
	uint64_t major_max, minor_max; /* tuple fields: each part's limit */
	enum devnum_reader reader;
	bool nodev;          /* the all-ones raw means "no device" */
	bool host;           /* --scheme names the writer's layout */
	const char *note;    /* what a user should know, or NULL */
};

/* What a writer (or a reader, as the row for "linux" says) does to a tuple
 * beyond the format's answer: one primitive a row, with its parameter. */
enum act {
	A_FORMAT,     /* as the format: exact, refusing what it cannot hold */
	A_LEAVE_OUT,  /* leaves the entry out, a part above limit, exit 0 */
	A_LOW_BITS,   /* keeps the low `limit` bits of the raw */
	A_PART_BITS,  /* keeps the low `limit` bits of each part */
	A_SATURATE,   /* stores every larger raw as limit */
	A_MASK,       /* keeps the low bits of each part the kernel's dev_t has
			 (12:20): what the low 32 bits of a glibc dev_t hold */
	A_UNMASKED,   /* packs the parts by `scheme`'s shifts in its width, the
			 top piece of each part unmasked: too large a part
			 lands in the other, or is lost */
	A_ZERO_ONE,   /* exact, but 0:0 reads back as 0:1 */
	A_MKDEV_ZERO, /* rebuilds MKDEV, 0:0 when it cannot hold the tuple */
	A_PARTS,      /* halves: stores (major, minor), not the dev_t's halves */
	A_ISOFS,      /* halves: read back by the kernel's isofs_read() */
	A_OLD_DECODE, /* reads the field with old_decode_dev: its low 8:8 */
};

/* One row: a writer as it writes one container.  refuse: a part above it
 * is refused before the act (0: no such limit); a reader's act (misread)
 * names what it gets back rather than what was stored. */
struct devnum_writer {
	const char *name, *aliases, *container, *version;
	uint64_t refuse;
	enum act act;
	uint64_t limit;
	const devnum_scheme *scheme; /* A_UNMASKED's layout */
	bool reader;                 /* the act is a reading: fate misread */
};

/* The tables, in containers.c; hidden from programs by the version script. */
extern const struct devnum_container devnum_i_containers[];
extern const size_t devnum_i_ncontainers;
extern const struct devnum_writer devnum_i_writers[];
extern const size_t devnum_i_nwriters;

/* The capacities most fields have: ustar's 7 octal digits, 32 bits. */
#define OCT7 UINT64_C(07777777)
#define U32 UINT64_C(0xffffffff)

/* Whether c's field holds a raw value of some scheme (else a tuple). */
static inline bool stores_raw(const struct devnum_container *c)
{
	return c->store == S_OCTAL6 || c->store == S_OCTAL11 || c->store == S_WORD ||
	       c->store == S_HALVES;
}

/* How many words c's fields are written as (pax: at least). */
static inline unsigned field_words(const struct devnum_container *c)
{
	return c->store == S_HALVES || !stores_raw(c) ? 2 : 1;
}

/* names.c: whether `name` is one of the blank-separated words of `list`,
 * ASCII case ignored in any locale; and whether it is `want`. */
bool devnum__listed(const char *list, const char *name);
bool devnum__same(const char *name, const char *want);

#endif
