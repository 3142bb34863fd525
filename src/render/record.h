/* record.h - what a command answers for one record: typed fields.
 *
 * Every command fills records from the one list of keys below; the emitter
 * (emit.c) alone renders them, as plain text, JSON Lines or a --format
 * template, so a field is called the same in every command and mode.  JSON
 * objects list their keys in this order. */
#ifndef RECORD_H
#define RECORD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "devnum.h"
#include "parse/number.h"
#include "render/view.h"

/* Exit statuses, as cmp and grep: the highest of all records wins. */
enum { EXIT_OK = 0, EXIT_UNFIT = 1, EXIT_TROUBLE = 2 };

/* The status of two results together: the higher. */
static inline int status_max(int a, int b)
{
	return a > b ? a : b;
}

enum key {
	K_INPUT,       /* text: the operand or line, as given */
	K_SCHEME,      /* the record's scheme: its name */
	K_FROM,        /* convert: the input's scheme */
	K_PATH,        /* name: scan: the entry's path in the archive or image */
	K_FORMAT,      /* text: scan: the archive format, as libarchive names it */
	K_SEGMENT,     /* number: scan: which archive of the input, from 1 */
	K_OFFSET,      /* number: scan: the byte of the input it starts at */
	K_COMPRESSION, /* text: scan: its compression, or none */
	K_LINK,        /* name: scan: the entry a hard link names */
	K_LAYER,       /* text: scan: the container image layer, by its digest */
	K_WITHIN,      /* chain: scan: the members of the input the entry is inside */
	K_CONTAINER,   /* text: fits, pack, unpack, containers, scan: the container */
	K_WRITER,      /* text: fits --writer: the writer judged */
	K_KIND,        /* text: containers: archive, file system or protocol */
	K_FORM,        /* text: explain: the input read as a raw value or a tuple */
	K_OWNER,       /* text: layout: what a field's bits hold */
	K_TYPE,        /* text: stat, scan: char, block, or another file type;
			  a tuple given as udev writes it, c8:1 or b8:1 */
	K_FIELD,       /* text: stat: st_rdev or st_dev */
	K_INODE,       /* scan: a file-system image's inode number */
	K_LINE,        /* number: scan: a specification's line, from 1 */
	K_WIDTH,       /* the scheme's raw width */
	K_HI, K_LO,    /* numbers: layout: a field's raw bits */
	K_PART_HI, K_PART_LO, /* numbers: layout: the part's bits it holds */
	K_VALUE,       /* number: layout: the field's bits in the value; fits:
			  the value that does not fit */
	K_LIMIT,       /* number: fits: the largest the field or writer takes */
	K_MAJOR, K_MINOR,
	K_RAW,         /* raw value in the record's scheme: raw + hex in JSON */
	K_NAMES,       /* list: a container's fields' names */
	K_FIELDS,      /* list: the fields as the container stores them */
	K_CANONICAL,   /* bool */
	K_VALID,       /* bool: check: false when the raw is invalid */
	K_VERDICT,     /* text: fits, unpack: survives, too-big, alias, ...;
			  diff: same, changed, gone or new */
	K_CANON_RAW,   /* raw: the canonical value, in the input's scheme */
	K_CANON_FIELDS, /* list: unpack: an alias's canonical fields */
	K_FINDINGS,    /* list: scan: what is wrong with the entry, as words */
	K_A, K_B,      /* side: diff: the entry on each side, a record of its own */
	K_CAUSES,      /* causes: diff: the writers and mistakes that explain it */
	K_BECOMES,     /* text: fits, unpack: the tuple a reader gets instead */
	K_COUNT,       /* number: aliases: how many raw values */
	K_DEVNAME,     /* text: stat, name: the running kernel's name for the device */
	K_NAME,        /* text: name: the registry's name for the device */
	K_DESCRIPTION, /* text: name: what the registry says the device is */
	K_ASSIGNMENT,  /* text: name: fixed, unnamed, dynamic, local, reserved
			  or unassigned, as the registry has the number */
	K_DRIVERS,     /* list: name: the drivers of its major, in /proc/devices */
	K_CHAR_NAME, K_BLOCK_NAME, /* text: explain: the registry's name for a
				      reading, as a char and as a block device */
	K_MISTAKE,     /* text: whence: the mistake's name */
	K_SOURCE,      /* text: whence: the report or code it was seen in; scan:
			  what a directory's number is read from */
	K_ALIASES,     /* list: schemes: a scheme's other names */
	K_MAJOR_BITS, K_MINOR_BITS, K_MAJOR_MAX, K_MINOR_MAX, /* numbers */
	K_NATIVE,      /* bool: schemes: the running system's scheme */
	K_ORIGIN,      /* text: schemes: where the layout comes from */
	K_NOTE,        /* text: why a value is noncanonical, or more to say */
	K_ERROR,       /* text: why the record failed */
	/* text for people: plain and --format only, never JSON */
	K_CELL,        /* explain: one scheme's answer */
	K_WHAT,        /* stat: "char device", "regular file on device"; name:
			  what stands for a name the registry does not give;
			  whence: the mistake in words; aliases: "(canonical)";
			  explain: the devices a reading names, then its note
			  (%{mark} and %{remark} in templates: key_named) */
	K_MTREE,       /* the tuple as NetBSD's mtree writes it: netbsd,8,1;
			  made by the emitter, for --format only */
	K_NKEYS
};

/* T_WIDTH: a scheme's raw width, or for a scheme never packed "2x32" in
 * text and null in JSON; T_LIST: words separated by blanks, a JSON array,
 * in text with commas; T_WORDS: the same, in text as they are;
 * T_SCHEME: the name of the record's scheme (or from), looked up only when
 * printed; T_NAME: a name from an archive, text escaped as GNU tar
 * escapes it in plain and --format output, so that no byte of it can
 * reach a terminal or forge a record; T_FINDINGS: in text a T_LIST of
 * the findings' words, in JSON an object for each finding (struct found);
 * T_CHAIN: names from archives, each ended by a NUL byte (no name holds
 * one), outermost first: a JSON array of strings, in text each name in
 * brackets, escaped as T_NAME is and a ']' as \] besides; T_SIDE: a
 * record of its own (record.side), a JSON object of its keys, in text
 * its type and tuple and its container's fields, %{a.major} one of its
 * keys (SIDE_KEYS); T_CAUSES: record.causes, in text their names, in
 * JSON an object each. */
#define KEY(k) (UINT64_C(1) << (k))

enum key_type { T_TEXT, T_NUM, T_RAW, T_BOOL, T_LIST, T_WORDS, T_WIDTH, T_SCHEME, T_NAME,
		T_FINDINGS, T_CHAIN, T_SIDE, T_CAUSES, T_NTYPES };

/* The keys a T_SIDE's record holds: where an entry was found and what it
 * stores. */
#define SIDE_KEYS (KEY(K_PATH) | KEY(K_FORMAT) | KEY(K_LAYER) | KEY(K_WITHIN) | \
		   KEY(K_CONTAINER) | KEY(K_TYPE) | KEY(K_LINE) | KEY(K_INODE) | \
		   KEY(K_MAJOR) | KEY(K_MINOR) | KEY(K_FIELDS))

struct key_info {
	const char *name; /* as JSON and %{name} call it */
	uint8_t len;      /* strlen(name) */
	char letter;      /* its one-letter --format directive, or 0 */
	uint8_t type;     /* enum key_type */
	bool json;        /* in JSON objects */
	char literal[32]; /* ,"name": for the fast JSON writer, which copies 24
			     bytes from it, or from its second */
	const char *help; /* what it holds, as --list=fields prints it */
};
extern const struct key_info keys[K_NKEYS];
_Static_assert(K_NKEYS <= 64, "a record's keys are bits of a uint64_t");


/* A scheme never packed, whose raw form is the text M:m (tuple). */
static inline bool unpacked(struct views *v, const devnum_scheme *s)
{
	return view_of(v, s)->text;
}

enum { FIELDS_TEXT = 96 }; /* a container's fields as text: at most 4 words */
enum { FOUND_MAX = 16 };   /* findings a record holds; more are dropped */

/* One finding of a record's: its word, whether it is a fault, and its
 * note, the part of the record's note[] at note_at, note_len long. */
struct found {
	const char *word;
	bool fault;
	uint16_t note_at, note_len;
};

/* One explanation of a change: a writer's row (by "writer", the
 * container it writes, its fate such as "truncated") or a known mistake
 * (by "mistake", container and fate NULL) that turns one tuple into
 * another, and the same in words. */
struct cause {
	const char *name, *by, *container, *fate;
	char what[240];
};

struct record {
	uint64_t have; /* KEY(k) set: field k holds a value */
	uint64_t unknown; /* KEY(k) set: field k is not known: null in JSON */
	const devnum_scheme *scheme; /* K_SCHEME; K_RAW is in it */
	const devnum_scheme *from;   /* K_FROM; K_CANON_RAW is in it */
	bool warn;                      /* plain output: K_NOTE is a warning */
	bool shown;                     /* the emitter wrote it */
	uint64_t num[K_NKEYS];
	const char *text[K_NKEYS];
	size_t len[K_NKEYS];
	char note[1000], error[400]; /* K_NOTE's and K_ERROR's own storage */
	char mtree[64];             /* K_MTREE's */
	char becomes[48];           /* K_BECOMES' */
	char fields[FIELDS_TEXT], canon_fields[FIELDS_TEXT]; /* K_FIELDS', ... */
	char findings[160];         /* K_FINDINGS' words */
	struct found found[FOUND_MAX]; /* K_FINDINGS' objects, nfound of them */
	unsigned nfound;
	const struct record *side[2]; /* K_A's and K_B's records */
	const struct cause *causes;   /* K_CAUSES, ncauses of them */
	unsigned ncauses;
};

/* Where records go instead of an emitter: diff takes each record of a
 * device that scan makes of one input, in the order they are made. */
struct record_sink {
	void (*take)(void *to, const struct record *r);
	void *to;
};

/* A record for one input: the fields after K_INPUT cleared.  Not `= {..}`:
 * zeroing the whole struct would cost a rep stos on every record. */
static inline void record_start(struct record *r, const char *in, size_t n)
{
	r->have = KEY(K_INPUT);
	r->unknown = 0;
	r->text[K_INPUT] = in;
	r->len[K_INPUT] = n;
	r->scheme = r->from = NULL;
	r->warn = r->shown = false;
	r->nfound = r->ncauses = 0;
	r->side[0] = r->side[1] = NULL;
}

/* Clears all but the input, and the device type it named (udev's c8:1),
 * for the next record of the same input. */
static inline void record_next(struct record *r)
{
	r->have &= KEY(K_INPUT) | KEY(K_TYPE);
	r->unknown = 0;
	r->scheme = r->from = NULL;
	r->warn = r->shown = false;
	r->nfound = 0;
}

static inline void set_num(struct record *r, enum key k, uint64_t v)
{
	r->num[k] = v;
	r->have |= KEY(k);
}

static inline void set_text(struct record *r, enum key k, const char *s, size_t n)
{
	r->text[k] = s;
	r->len[k] = n;
	r->have |= KEY(k);
}

void set_str(struct record *r, enum key k, const char *s);

/* Text snprintf wrote into buf (of `size`), n as it returned: cut to what
 * the buffer holds, and nothing for an error. */
static inline void set_printed(struct record *r, enum key k, const char *buf, size_t size,
			       int n)
{
	set_text(r, k, buf, n < 0 ? 0 : (size_t)n < size ? (size_t)n : size - 1);
}

/* Where the text in a buffer of `size` ends after snprintf wrote n more
 * bytes at `at`: cut as set_printed cuts. */
static inline size_t appended(size_t at, size_t size, int n)
{
	return n < 0 ? at : (size_t)n < size - at ? at + (size_t)n : size - 1;
}

/* The scheme a T_SCHEME field names: from for K_FROM, else the record's. */
static inline const devnum_scheme *named_scheme(const struct record *r, enum key k)
{
	return k == K_FROM ? r->from : r->scheme;
}

/* The scheme a T_RAW field is in: convert's canonical value is in from. */
static inline const devnum_scheme *raw_scheme(const struct record *r, enum key k)
{
	return k == K_CANON_RAW && r->from ? r->from : r->scheme;
}

static inline void set_scheme(struct record *r, const devnum_scheme *s)
{
	r->scheme = s;
	r->have |= KEY(K_SCHEME);
}

static inline void set_from(struct record *r, const devnum_scheme *s)
{
	r->from = s;
	r->have |= KEY(K_FROM);
}

static inline void set_tuple(struct record *r, struct devnum_tuple t)
{
	r->num[K_MAJOR] = t.major;
	r->num[K_MINOR] = t.minor;
	r->have |= KEY(K_MAJOR) | KEY(K_MINOR);
}

/* An alias's K_CANON_RAW and K_NOTE, from the reason. */
void set_alias(struct record *r, const devnum_scheme *s, const struct devnum_reason *why);

/* The library's calls, asking for the reason only when there is one to
 * give: the common answer stays on the library's fastest path. */
static inline devnum_status encode_why(const devnum_scheme *s, struct devnum_tuple t,
				       uint64_t *raw, struct devnum_reason *why)
{
	devnum_status v = devnum_encode(s, t, raw, NULL);
	return v == DEVNUM_OK ? v : devnum_encode(s, t, raw, why);
}

static inline devnum_status decode_why(const devnum_scheme *s, uint64_t raw,
				       struct devnum_tuple *t, struct devnum_reason *why)
{
	uint64_t canon;
	devnum_status v = devnum_decode(s, raw, t, &canon, NULL);
	return v == DEVNUM_OK ? v : devnum_decode(s, raw, t, &canon, why);
}

/* K_CANONICAL, and for an alias K_CANON_RAW and K_NOTE from the reason */
static inline void set_verdict(struct record *r, devnum_status v,
			       const devnum_scheme *s, const struct devnum_reason *why)
{
	r->num[K_CANONICAL] = v == DEVNUM_OK;
	r->have |= KEY(K_CANONICAL);
	if (v == DEVNUM_ALIAS)
		set_alias(r, s, why);
}

/* K_ERROR from a printf format; returns `status`, for `return fail(..)`. */
int fail(struct record *r, int status, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* K_ERROR from the library's English for *why, exit status 1. */
int fail_reason(struct record *r, const devnum_scheme *s,
		const struct devnum_reason *why);

/* K_ERROR from a number's syntax error, exit status 2. */
int fail_number(struct record *r, const struct num_error *e);

/* The key that `name` names (a JSON name or a text-only one), or -1. */
int key_named(const char *name, size_t n);
/* The key of a one-letter directive, or -1. */
int key_of_letter(char c);

#endif
