/* registry.h - the Linux device registry: which device a (type, major,
 * minor) names, and back.  Pure data and pure functions, no I/O.
 *
 * The registry is the kernel's Documentation/admin-guide/devices.txt
 * (LANANA's list), written here as series: each row names a run of minors
 * of one major by a rule, so that sd's 16 minors a disk, its letters and
 * its 15 partitions are one row, not 4096 names.  A name is a pattern:
 *
 *   %n  the unit's number, in decimal          loop%n: loop0, loop1, ...
 *   %a  the unit as disk letters               sd%a: sda .. sdz, sdaa, ...
 *   %b  the unit as a BSD pty's two letters    tty%b: ttyp0 .. ttyef
 *   %p  the partition, when not the whole disk sd%a%p: sda, sda1 .. sda15
 *   %P  the same after a "p"                   mmcblk%n%P: mmcblk0p1
 *   %c  the minor within the unit, always      cosa%nc%c: cosa0c0
 *
 * where minor m of the row's major is unit base + (m - first) / per and
 * partition (m - first) % per.  A row whose name shows no partition
 * names only its units' first minors. */
#ifndef REGISTRY_H
#define REGISTRY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* What the registry says of a major's minors. */
enum assignment {
	A_FIXED,      /* a device with a fixed name */
	A_UNNAMED,    /* the major is assigned; this minor has no fixed name */
	A_DYNAMIC,    /* handed out at run time: cannot be named offline */
	A_LOCAL,      /* for local or experimental use */
	A_RESERVED,   /* reserved, never to be used */
	A_UNASSIGNED, /* no device of this type has this major */
};

/* Linux's dev_t: 12 bits of major, MINORBITS 20 of minor */
enum { REG_MAJOR_MAX = (1u << 12) - 1, REG_MINOR_MAX = (1u << 20) - 1 };

/* One series: minors first .. first + count - 1 of one major.  The words
 * are held in the row, not pointed to: a table of pointers is relocated
 * at every start of a position-independent program, 1,600 of them here,
 * for every command, where arrays are read only when looked up. */
struct series {
	char type;        /* 'c' or 'b' */
	uint8_t kind;     /* enum assignment: A_FIXED for a named series */
	uint16_t major;
	uint32_t first, count;
	uint16_t per;     /* minors a unit: 1, or a disk's 16, 64, ... */
	uint32_t base;    /* the first unit's number */
	char name[24];    /* the pattern; "" for a major's other minors */
	char what[72];    /* what the device is, in a few words */
};

/* A range of majors answered alike (dynamic, local, reserved). */
struct major_range {
	char type;
	uint8_t kind;
	uint16_t first, last;
	const char *what;
};

/* The rows, sorted by type and major, then minor: registry_linux.c.  The
 * ranges sorted by their first major, where a lookup stops. */
extern const struct series registry_series[];
extern const size_t registry_nseries;
extern const struct major_range registry_ranges[];
extern const size_t registry_nranges;
extern const char registry_kernel[]; /* the devices.txt the rows follow */

/* A device as the registry knows it. */
struct reg_device {
	enum assignment kind;
	const struct series *row; /* the series, or NULL */
	const char *what;         /* the row's or the range's words, with ", partition
				     N" after a partition's (then in words), or NULL */
	uint32_t partition;       /* of a partitioned series: 0 for the whole disk */
	char name[64];            /* the name, "" when none */
	char words[160];          /* what, when a partition is added */
};

/* The device (type 'c' or 'b', major, minor) names.  d->what may point
 * into *d: use it while d lives. */
void registry_lookup(char type, uint64_t major, uint64_t minor, struct reg_device *d);

/* The devices called name (a path under /dev, "/dev/" or "dev/" taken
 * off): the next series that names it, in the rows' order, with its
 * minor in *minor; NULL when there is none.  Start with *at = 0; it is a
 * place in the search, not a row. */
const struct series *registry_find(const char *name, size_t len, size_t *at, uint32_t *minor);

/* The words for an assignment: "fixed", "dynamic", ... */
const char *registry_assignment(enum assignment a);

#endif
