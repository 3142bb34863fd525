/* devnum.h - the device-number encoder library.
 *
 * Every scheme is data: a list of bit fields, each moving some bits of the
 * major or the minor to a place in the raw value, plus at most a few rules.
 * One engine reads that data to encode, decode, judge canonical form and
 * enumerate aliases.  Pure functions: no I/O, no allocation, no global state.
 */
#ifndef DEVNUM_H
#define DEVNUM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum dn_part { DN_MAJOR, DN_MINOR };

/* raw[at + width - 1 : at] = part[lo + width - 1 : lo] */
struct dn_field {
	uint8_t part, lo, width, at;
};

enum dn_rule {
	DN_LEGACY_WINDOW = 1 << 0, /* raws 0x100..0xffff are unconverted 8:8 numbers */
	DN_NODEV = 1 << 1,         /* the all-ones raw is a sentinel, never a device */
	DN_TEXT = 1 << 2,          /* never packed: the raw form is the text M:m */
};

#define DN_MAX_FIELDS 6

struct dn_scheme {
	const char *name;
	const char *aliases; /* space-separated, lower case */
	const char *origin;  /* one line: where the layout comes from */
	uint8_t width;       /* bits of the raw value: 16, 32 or 64 */
	uint8_t nfields;
	unsigned rules;      /* enum dn_rule */
	uint64_t ignored;    /* raw bits decode ignores: aliases */
	uint64_t fixed;      /* bits (within ignored) that encode always sets */
	const char *within;  /* a scheme whose limits the Linux kernel imposes too */
	struct dn_field field[DN_MAX_FIELDS];
};

/* A tuple as given; parts wider than 32 bits exist only to be refused. */
struct dn_tuple {
	uint64_t major, minor;
};

enum dn_verdict { DN_CANONICAL, DN_ALIAS, DN_INVALID };

enum dn_why {
	DN_OK,
	DN_TOO_BIG,      /* part above the largest it can hold: limit */
	DN_GAP,          /* part has bits hi:lo set that no field carries */
	DN_IN_WINDOW,    /* tuple would encode into the legacy window */
	DN_IS_NODEV,     /* tuple would encode to the sentinel */
	DN_TOO_WIDE,     /* raw wider than the scheme: limit = largest raw */
	DN_SENTINEL,     /* raw is the sentinel */
	DN_STRAY,        /* raw has bits hi:lo set that no field carries */
	DN_IGNORED_BITS, /* alias: bits hi:lo are ignored and differ from canonical */
	DN_LEGACY,       /* alias: a legacy 16-bit value in the window */
	DN_BEYOND,       /* tuple beyond the scheme's `within`: value, limit =
			    the largest major, minor there */
};

/* Why an encode or decode did not give a plain canonical answer. */
struct dn_reason {
	enum dn_why why;
	enum dn_part part;
	uint8_t hi, lo;
	uint64_t value, limit;
	struct dn_tuple t; /* DN_IN_WINDOW, DN_BEYOND, aliases: the tuple */
	uint64_t canon;    /* aliases: the canonical raw */
};

extern const struct dn_scheme dn_schemes[];
extern const size_t dn_nschemes;

/* By name or alias, case-insensitive; "native" is the running system's. */
const struct dn_scheme *dn_scheme_find(const char *name);
const struct dn_scheme *dn_native(void);

uint64_t dn_raw_max(const struct dn_scheme *s);
/* The bits of a part that fields carry, which is also its largest value
 * (4294902015 for freebsd11's minor: bits 15:8 are the major's). */
uint64_t dn_part_mask(const struct dn_scheme *s, enum dn_part part);
/* How many bits of a part the scheme carries. */
unsigned dn_part_bits(const struct dn_scheme *s, enum dn_part part);

/* 0 if the platform behind s can hold t too (always, for a scheme with no
 * `within`), or -1 with *why filled (DN_BEYOND). */
int dn_within(const struct dn_scheme *s, struct dn_tuple t, struct dn_reason *why);

/* 0 and *raw set, or -1 with *why filled. */
int dn_encode(const struct dn_scheme *s, struct dn_tuple t, uint64_t *raw,
	      struct dn_reason *why);

/* DN_CANONICAL or DN_ALIAS with *t and *canon set (*why says why an alias),
 * or DN_INVALID with *why filled. */
enum dn_verdict dn_decode(const struct dn_scheme *s, uint64_t raw,
			  struct dn_tuple *t, uint64_t *canon,
			  struct dn_reason *why);

/* What a reader that checks nothing makes of raw, by one rule for every
 * scheme: each field is read from its place, and the field highest in the
 * raw also takes every bit above it, as a shift with no mask does (legacy
 * reads 0x10b300 as 4275:0).  Bits in no field are dropped; the scheme's
 * rules (window, sentinel, ignored bits) do not apply; parts may exceed
 * 32 bits. */
struct dn_tuple dn_decode_unchecked(const struct dn_scheme *s, uint64_t raw);

/* The English for *r, as snprintf writes it: "major 4096 out of range for
 * linux32 (at most 4095)".  Locale-independent. */
int dn_strreason(char *buf, size_t size, const struct dn_scheme *s,
		 const struct dn_reason *r);

/* Every raw value that decodes to one tuple, canonical first, computed
 * on the fly from the scheme's ignored bits and legacy window. */
struct dn_aliases {
	const struct dn_scheme *s;
	uint64_t canon, base, subset, legacy;
	bool first, subsets_done, legacy_left;
};

/* 0 and the walk started, or -1 with *why filled when the tuple does not
 * encode.  *count gets the number of aliases; it saturates at UINT64_MAX. */
int dn_aliases_start(struct dn_aliases *a, const struct dn_scheme *s,
		     struct dn_tuple t, uint64_t *count, struct dn_reason *why);
bool dn_aliases_next(struct dn_aliases *a, uint64_t *raw);

#endif
