/* container.h - where device numbers are stored outside the kernel:
 * archives, file systems, protocols.  Each container is a row of data
 * (containers.c) read by one engine (container.c): the fields it stores,
 * how they are written (fields.c), what it can hold, and how its reader
 * reads them back.  Fields that hold a raw value use the scheme engine. */
#ifndef CONTAINER_H
#define CONTAINER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

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

/* What the reader does beyond reading the fields. */
enum reader {
	R_PLAIN,
	R_MKDEV_ZERO,  /* the Linux NFS client: 0:0 when MKDEV cannot hold it */
	R_INITRAMFS,   /* read exactly, but the Linux initramfs unpacker makes
			  MKDEV(major, minor) unmasked */
	R_SATURATED,   /* odc: the all-ones field is bsdtar's saturation */
	R_ZERO_ONE,    /* HP-UX cpio: GNU cpio reads a zero size as 0:1 */
	R_ISOFS,       /* Rock Ridge PN: the Linux kernel's isofs_read() */
};

struct container {
	const char *name, *aliases, *kind, *what;
	const char *fields;  /* their names, blank-separated */
	enum store store;
	unsigned bits;       /* S_WORD: the word's width */
	const char *scheme;  /* a raw field's scheme (NULL: the writer's own,
				by default native) */
	uint64_t major_max, minor_max; /* tuple fields: each part's limit */
	enum reader reader;
	bool nodev;          /* the all-ones raw means "no device" */
	bool host;           /* --scheme names the writer's layout */
	const char *note;    /* what a user should know, or NULL */
};

/* What a writer does where it falls short of the format. */
enum act {
	A_FORMAT,     /* as the format: exact, refusing what it cannot hold */
	A_REFUSE,     /* refuses a part above limit, with an error */
	A_LEAVE_OUT,  /* leaves the entry out, a part above limit, exit 0 */
	A_LOW_BITS,   /* keeps the low `limit` bits of the raw */
	A_SATURATE,   /* stores every larger raw as limit */
	A_DEBUGFS,    /* refuses parts above limit; keeps 12 bits of a major */
	A_ZERO_ONE,   /* exact, but 0:0 reads back as 0:1 */
	A_MKDEV_ZERO, /* rebuilds MKDEV, 0:0 when it cannot hold the tuple */
	A_MKDEV_WRAP, /* rebuilds MKDEV(major, minor) unmasked */
	A_PARTS,      /* halves: stores (major, minor), not the dev_t's halves */
	A_ISOFS,      /* halves: read back by the kernel's isofs_read() */
};

struct writer {
	const char *name, *container, *version;
	enum act act;
	uint64_t limit;
};

extern const struct container containers[];
extern const size_t ncontainers;
extern const struct writer writers[];
extern const size_t nwriters;

/* Whether `name` is one of the blank-separated words of `list`, ASCII
 * case ignored. */
bool listed(const char *list, const char *name);

/* The container or writer a name names (aliases included), or NULL. */
const struct container *container_find(const char *name);
const struct writer *writer_find(const char *name);
/* The row of writer w's name for container c: NULL when it does not write c. */
const struct writer *writer_row(const struct writer *w, const struct container *c);

/* The stored fields: up to four numbers (pax: two SCHILY records, present
 * as `have` says), and the raw for a raw container. */
struct fields {
	unsigned n;
	uint64_t v[4];
	unsigned have; /* bit i: v[i] given */
};

/* The verdicts of fits and unpack. */
enum verdict {
	V_SURVIVES, V_TOO_BIG, V_NODEV, V_LEFT_OUT, V_REFUSED, V_TRUNCATED,
	V_SATURATED, V_MISREAD, V_CANONICAL, V_ALIAS, V_DAMAGED
};
extern const char *const verdict_names[];

/* The answer for one tuple or one set of fields. */
struct judgement {
	enum verdict verdict;
	const char *field;   /* the field or part that does not fit */
	uint64_t value, limit;
	bool reason;         /* the scheme refused: why says why */
	const devnum_scheme *scheme; /* the scheme that refused */
	struct devnum_reason why;
	bool becomes;        /* t is what a reader gets back */
	struct devnum_tuple t;
	struct devnum_tuple stored; /* the tuple judged; unpack: the one the fields hold */
	uint64_t raw;        /* raw containers: the raw value */
	struct fields f;     /* the fields stored */
};

/* The capacities most fields have: ustar's 7 octal digits, 32 bits. */
#define OCT7 UINT64_C(07777777)
#define U32 UINT64_C(0xffffffff)

/* The largest value of a field of `bits`. */
static inline uint64_t ones(unsigned bits)
{
	return bits >= 64 ? UINT64_MAX : (UINT64_C(1) << bits) - 1;
}

/* Whether c's field holds a raw value of some scheme (else a tuple). */
static inline bool stores_raw(const struct container *c)
{
	return c->store == S_OCTAL6 || c->store == S_OCTAL11 || c->store == S_WORD ||
	       c->store == S_HALVES;
}

/* How many words c's fields are written as (pax: at least). */
static inline unsigned field_words(const struct container *c)
{
	return c->store == S_HALVES || !stores_raw(c) ? 2 : 1;
}

/* The Linux kernel's reading: whether its 12:20 dev_t cannot hold t (then
 * j's field, value and limit say which part), and the device the initramfs
 * unpacker's unmasked MKDEV(major, minor) makes of t. */
bool beyond_kernel(struct devnum_tuple t, struct judgement *j);
struct devnum_tuple mkdev_unmasked(struct devnum_tuple t);
/* What Linux's isofs makes of Rock Ridge PN's two halves: MKDEV(low >> 8,
 * low & 0xff) when high is 0 and low has bits above 0xff ("some writers
 * may ignore this subtlety"), else MKDEV(high, low); unmasked both. */
struct devnum_tuple isofs_read(uint32_t high, uint32_t low);

/* The scheme of c's raw field (NULL for a tuple container), s being
 * --scheme's or NULL. */
const devnum_scheme *container_scheme(const struct container *c, const devnum_scheme *s);

/* pack: t's fields in c; V_SURVIVES, or why not. */
void container_pack(const struct container *c, const devnum_scheme *s,
		    struct devnum_tuple t, struct judgement *j);
/* fits: by the format's capacity (w NULL) or by writer w. */
void container_fit(const struct container *c, const struct writer *w,
		   const devnum_scheme *s, struct devnum_tuple t, struct judgement *j);
/* unpack: what c's reader makes of f: V_CANONICAL, V_ALIAS (j->f then the
 * canonical fields), V_TOO_BIG (fields the format cannot carry), or
 * V_DAMAGED (j->t then what the reader gets instead of j->stored); or -1
 * when the scheme finds the raw invalid, j->why saying why. */
int container_unpack(const struct container *c, const devnum_scheme *s,
		     const struct fields *f, struct judgement *j);

/* fields.c: the fields as the format writes them, blank-separated; and
 * read back from that text: 0, or -1 with the reason in err. */
int fields_print(const struct container *c, const struct fields *f, char *buf, size_t size);
int fields_parse(const struct container *c, const char *s, size_t n, struct fields *f,
		 char *err, size_t size);

#endif
