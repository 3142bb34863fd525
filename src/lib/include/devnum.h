/* devnum.h - libdevnum: Unix device numbers, exactly, in every layout.
 *
 * A device number is a tuple (major, minor); systems pack it into one raw
 * integer, each in its own layout, its "scheme".  This library encodes
 * and decodes every known scheme, refuses what does not fit instead of
 * wrapping it, judges canonical form and enumerates aliases, and words
 * its refusals.  Pure functions: no I/O, no allocation, no global state,
 * no locale.  Schemes are opaque handles; see libdevnum(3).
 */
#ifndef DEVNUM_H
#define DEVNUM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define DEVNUM_VERSION_MAJOR 0
#define DEVNUM_VERSION_MINOR 1
#define DEVNUM_VERSION_MICRO 0
#define DEVNUM_VERSION_STRING "0.1.0"
/* MAJOR * 1000000 + MINOR * 1000 + MICRO, to compare in #if */
#define DEVNUM_VERSION_NUMBER 1000

/* The version of the library running, "0.1.0": may be newer than the
 * header a program was built with. */
const char *devnum_version(void);

/* A scheme: a layout of the raw value.  Handles live as long as the
 * program; compare them with ==. */
typedef struct devnum_scheme devnum_scheme;

/* A tuple as given; parts wider than 32 bits exist only to be refused. */
struct devnum_tuple {
	uint64_t major, minor;
};

enum devnum_part { DEVNUM_MAJOR, DEVNUM_MINOR };

/* How many schemes there are, and each by index (NULL past the end). */
size_t devnum_scheme_count(void);
const devnum_scheme *devnum_scheme_at(size_t index);
/* By name or alias, ignoring ASCII case in any locale; "native" is the
 * running system's.  NULL if none. */
const devnum_scheme *devnum_scheme_find(const char *name);
/* The running system's scheme, or NULL where it has none of these. */
const devnum_scheme *devnum_scheme_native(void);

const char *devnum_scheme_name(const devnum_scheme *s);
/* Its other names, separated by single blanks; "" for none. */
const char *devnum_scheme_aliases(const devnum_scheme *s);
/* One line: where the layout comes from. */
const char *devnum_scheme_origin(const devnum_scheme *s);
/* Bits of the raw value: 16, 32 or 64. */
unsigned devnum_scheme_width(const devnum_scheme *s);

enum devnum_flag {
	DEVNUM_LEGACY_WINDOW = 1 << 0, /* raws 0x100..0xffff are unconverted 8:8 */
	DEVNUM_NODEV = 1 << 1,         /* the all-ones raw is a sentinel */
	DEVNUM_TEXT = 1 << 2,          /* never packed: the raw form is M:m */
};
unsigned devnum_scheme_flags(const devnum_scheme *s);
/* Raw bits that decoding ignores (aliases differ in them), and the bits
 * among them that encoding always sets. */
uint64_t devnum_scheme_ignored(const devnum_scheme *s);
uint64_t devnum_scheme_fixed(const devnum_scheme *s);
/* The scheme whose limits the platform behind s imposes too, or NULL. */
const devnum_scheme *devnum_scheme_within(const devnum_scheme *s);

/* The largest raw value, and the bits of a part the scheme carries (also
 * its largest value: 4294902015 for freebsd11's minor) and their count. */
uint64_t devnum_raw_max(const devnum_scheme *s);
uint64_t devnum_part_max(const devnum_scheme *s, enum devnum_part part);
unsigned devnum_part_bits(const devnum_scheme *s, enum devnum_part part);

/* One bit field: raw[at + width - 1 : at] = part[lo + width - 1 : lo]. */
struct devnum_field {
	enum devnum_part part;
	unsigned lo, width, at;
};
/* Copies up to n of the scheme's fields to out; returns how many it has. */
size_t devnum_scheme_fields(const devnum_scheme *s, struct devnum_field *out, size_t n);

enum devnum_verdict { DEVNUM_CANONICAL, DEVNUM_ALIAS, DEVNUM_INVALID };

enum devnum_why {
	DEVNUM_OK,
	DEVNUM_TOO_BIG,      /* part above the largest it can hold: limit */
	DEVNUM_GAP,          /* part has bits hi:lo set that no field carries */
	DEVNUM_IN_WINDOW,    /* tuple would encode into the legacy window */
	DEVNUM_IS_NODEV,     /* tuple would encode to the sentinel */
	DEVNUM_TOO_WIDE,     /* raw wider than the scheme: limit = largest raw */
	DEVNUM_SENTINEL,     /* raw is the sentinel */
	DEVNUM_STRAY,        /* raw has bits hi:lo set that no field carries */
	DEVNUM_IGNORED_BITS, /* alias: bits hi:lo are ignored and differ */
	DEVNUM_LEGACY,       /* alias: a legacy 16-bit value in the window */
	DEVNUM_BEYOND,       /* tuple beyond the scheme's within: value, limit
				are the largest major and minor there */
};

/* Why an answer is not plainly canonical.  `reserved` keeps room for
 * fields a later version may add. */
struct devnum_reason {
	enum devnum_why why;
	enum devnum_part part;
	unsigned hi, lo;
	uint64_t value, limit;
	struct devnum_tuple t; /* IN_WINDOW, BEYOND, aliases: the tuple */
	uint64_t canon;        /* aliases: the canonical raw */
	uint64_t reserved[4];
};

/* 0 and *raw set, or -1 with *why filled. */
int devnum_encode(const devnum_scheme *s, struct devnum_tuple t, uint64_t *raw,
		  struct devnum_reason *why);

/* DEVNUM_CANONICAL or DEVNUM_ALIAS with *t and *canon set (*why says why
 * an alias), or DEVNUM_INVALID with *why filled. */
enum devnum_verdict devnum_decode(const devnum_scheme *s, uint64_t raw,
				  struct devnum_tuple *t, uint64_t *canon,
				  struct devnum_reason *why);

/* What a reader that checks nothing makes of raw, by one rule for every
 * scheme: each field is read from its place, and the field highest in the
 * raw also takes every bit above it, as a shift with no mask does (legacy
 * reads 0x10b300 as 4275:0).  Bits in no field are dropped; the scheme's
 * rules (window, sentinel, ignored bits) do not apply; parts may exceed
 * 32 bits. */
struct devnum_tuple devnum_decode_unchecked(const devnum_scheme *s, uint64_t raw);

/* 0 if the platform behind s can hold t too (always, for a scheme with no
 * within), or -1 with *why filled (DEVNUM_BEYOND). */
int devnum_within(const devnum_scheme *s, struct devnum_tuple t,
		  struct devnum_reason *why);

/* The English for *r, as snprintf writes it and returns: "major 4096 out
 * of range for linux32 (at most 4095)". */
int devnum_strreason(char *buf, size_t size, const devnum_scheme *s,
		     const struct devnum_reason *r);

/* Every raw value that decodes to one tuple, canonical first, computed on
 * the fly from the scheme's ignored bits and legacy window.  The state is
 * private; its size leaves room to grow. */
struct devnum_aliases {
	uint64_t state[8];
};

/* 0 and the walk started, or -1 with *why filled when the tuple does not
 * encode.  *count gets the number of aliases; it saturates at UINT64_MAX. */
int devnum_aliases_start(struct devnum_aliases *a, const devnum_scheme *s,
			 struct devnum_tuple t, uint64_t *count,
			 struct devnum_reason *why);
/* true and *raw set, or false when the walk is done. */
bool devnum_aliases_next(struct devnum_aliases *a, uint64_t *raw);

#ifdef __cplusplus
}
#endif

#endif
