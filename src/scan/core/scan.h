/* scan.h - what the parts of scan share: one input's scan, walked as
 * segments (scan_walk.c) or as an OCI layout's layers (oci_layout.c),
 * each archive entry or image inode made a record (scan_entry.c). */
#ifndef SCAN_H
#define SCAN_H

#include <stdbool.h>
#include <stdint.h>

#include "cli/cli.h"
#include "scan/libs/archive_calls.h"
#include "scan/libs/ext2fs_calls.h"
#include "scan/core/findings.h"
#ifdef HAVE_ISAL
#include "scan/libs/isal_calls.h"
#endif
#include "scan/core/links.h"
#include "scan/libs/probe.h"
#include "scan/libs/sqfs_calls.h"
#include "scan/libs/zlib_calls.h"
#include "scan/libs/jansson_calls.h"
#ifdef HAVE_WIM
#include "scan/libs/wim_calls.h"
#endif

/* What printf's %llu takes: a device part or field, cast for a message. */
typedef unsigned long long ull;

/* Counts of entries, device entries and those with findings. */
struct tally {
	uintmax_t entries, devices, found;
};

/* Adds the counts of `from` to `to`: a segment's to its input's, a
 * layer's read by a crew to the image's. */
static inline void tally_add(struct tally *to, const struct tally *from)
{
	to->entries += from->entries;
	to->devices += from->devices;
	to->found += from->found;
}

/* The libraries scan loads with dlopen (loader.h), held by the run that
 * loads them, each the first time an input needs it; zeroed, none is. */
struct libraries {
	struct archive_calls archive;
	struct ext2fs_calls ext2fs;
	struct sqfs_calls sqfs;
	struct blkid_calls blkid;
	struct zlib_calls zlib;
	struct jansson_calls jansson;
#ifdef HAVE_ISAL
	struct isal_calls isal;
#endif
#ifdef HAVE_WIM
	struct wim_calls wim;
#endif
};

enum { EXTRACTORS_MAX = 8, WITHIN_TEXT = 4096 };

/* The smallest regular file inside an image that its reader hands to the
 * dispatcher: an image or archive worth a look is larger, and bidding on
 * every file of a root file system decompresses a block of each. */
#define INNER_FILE_MIN ((uint64_t)1 << 20)

/* A regular file inside a file-system image, as its reader hands it to
 * the dispatcher (struct scan's inner), which reads it as an input of its
 * own when its first bytes bid as one: its size, and a read of up to n
 * of its bytes at off into p (how many, 0 past its end, -1 with *why). */
struct inner_file {
	uint64_t size;
	void *data;
	long (*read_at)(void *data, uint64_t off, unsigned char *p, size_t n, const char **why);
};

/* Two threads may share a scan: one reading an archive and one making
 * its records behind it (backlog.h).  What each writes at every entry
 * has cache lines of its own (the record, the reader's tallies), so that
 * neither takes the line the other reads from it. */
struct scan {
	const struct job *j;
	struct libraries *libs;
	const struct archive_calls *la; /* libs->archive, loaded */
	unsigned segment;            /* the segment's number, from 1 */
	uint64_t offset;             /* the byte of the input it starts at */
	const char *compression;     /* its compression, or "none" */
	const char *layer;           /* the image layer being read, or NULL */
	const unsigned char *volume; /* the archive's ISO 9660 volume descriptor */
	int file;                    /* the archive's file, when read straight from
					one (not decompressed), for pread; or -1 */
	uint64_t file_base;          /* where in it the archive starts */
	unsigned layers;             /* how many blobs were layers */
	const devnum_container *mknod; /* Linux's dev_t, which every device is judged by */
	const devnum_writer *extractors[EXTRACTORS_MAX]; /* mknod's writers judged by */
	unsigned nextractors;
	const struct reader *spec;   /* --spec's specification, or NULL */
	uint64_t line;               /* a specification's line an error is on, or 0 */
	const devnum_container *unpacked;  /* the container whose kernel writer */
	const devnum_writer *unpacker;     /* ("linux") this is, found once */
	struct crew *crew;           /* the threads reading its layers (crew.h), or NULL */
	struct rpm_devices *rpm;     /* an RPM package's header's devices, or NULL */
	unsigned depth;              /* how many members deep the input being read is */
	size_t within_len;           /* K_WITHIN: the names of those members, */
	char within[WITHIN_TEXT];    /* each ended by a NUL, outermost first */
	const char *member_what;     /* what the innermost member bid as, */
	uintmax_t member_start;      /* and the input's entries before it */
	bool unopened;               /* it bid, and failed before its first entry */
	unsigned members;            /* how many members were read as inputs */
	/* the dispatcher's reading of a file inside an image, at `path`:
	 * the status (a reader below the dispatcher reaches it only so) */
	int (*inner)(struct scan *sc, const struct inner_file *f, const char *path);
	uint64_t spooled;            /* bytes written to temporary files, for
					readers that seek */
	_Alignas(64) struct record r; /* the record being made */
	struct links links;          /* device entries, for the hard links to them */
	bool unfit;                  /* the entry has a finding that is a fault */
	_Alignas(64) struct tally all, seg; /* the input's, and its segment's */
	int format;                  /* the last entry's libarchive format, or -1 */
	const devnum_container *container; /* format's container, or NULL */
};

/* One entry of any input, as its reader hands it over: what it is, where
 * it was found, what it stores, and what the reader itself found there
 * (first: before the number's findings; last: after every other). */
enum { ENTRY_FOUND_MAX = 3 };
struct entry {
	const char *path;           /* or NULL: a specification of inodes */
	const char *link;           /* the entry a hard link names, or NULL */
	const char *type;           /* char, block, file, dir, symlink, fifo, socket, other */
	bool device;                /* a device, or a hard link to one */
	bool again;                 /* a hard link to a device judged before: no findings */
	const char *format;         /* the archive format or file system */
	unsigned segment;           /* which archive of the input, from 1 */
	uint64_t offset;            /* the byte of the input it starts at */
	const char *compression;
	uint64_t line;              /* a specification's line, from 1; or 0 */
	bool has_inode;
	uint64_t inode;
	const devnum_container *c;  /* the container its number is stored in, or NULL */
	enum entry_number {
		E_UNKNOWN,          /* no number, or none that can be known */
		E_TUPLE,            /* t */
		E_RAW,              /* f.value[0], a raw value of c (or of --scheme) */
		E_FIELDS,           /* f, a tuple container's fields */
	} number;
	struct devnum_tuple t;
	struct devnum_fields f;     /* as stored, shown where f.count (E_RAW: with raw_fields) */
	bool raw_fields;            /* E_RAW: show f as c's fields too (an image's) */
	bool host;                  /* E_RAW: the host's dev_t, in --scheme, not c's */
	const char *source;         /* what a directory's number was read from, or NULL */
	bool nodev;                 /* E_RAW: an all-ones value is NODEV (an archive's) */
	const devnum_scheme *scheme; /* the scheme f is read in, shown, or NULL */
	struct entry_found {
		enum finding id;
		const char *note;
	} first[ENTRY_FOUND_MAX], last[ENTRY_FOUND_MAX];
	unsigned nfirst, nlast;
};

/* scan_entry.c: the record of an entry and its findings, emitted; the exit
 * status, EXIT_UNFIT for a fault found; the tuple in *t when known. */
int scan_record(struct scan *sc, const struct entry *e, struct devnum_tuple *t, bool *known);
/* The record of e, a device, counted in the segment's tallies: its status. */
int scan_device(struct scan *sc, const struct entry *e);

/* What scan reads of a libarchive entry, taken while the archive is at
 * it: its strings are libarchive's until the next header is read. */
struct archived {
	const char *path, *link;    /* or NULL */
	const char *why;            /* libarchive's message, when rc is ARCHIVE_WARN */
	const char *format_name;
	int format, rc;             /* libarchive's; archive_read_next_header's answer */
	unsigned type;              /* AE_IFCHR, ... */
	const devnum_container *c;  /* the format's container, or NULL */
	bool raw;                   /* the format stores one raw value, rdev */
	bool stored;                /* it stores a number other than 0 */
	uint64_t rdev, major, minor; /* rdev: also ISO 9660's and mtree's */
	bool fields;                /* major and minor are c's two fields as stored (devnum's
				       own readers: catar's le64s, zip's le32s) */
	const char *unknown;        /* or the number is not stored: why */
};

/* Whether an entry taken makes a record: a device, a hard link that may
 * name one, or a device number stored where none should be. */
static inline bool scan_recorded(const struct archived *x)
{
	return x->type == AE_IFCHR || x->type == AE_IFBLK || x->link || (x->stored && x->c);
}

/* archive_entry.c: entry e of archive a taken into *x, rc being
 * archive_read_next_header's answer for it: whether it makes a record
 * (a device, a hard link that may name one, or a device number stored
 * where none should be).  The record of an entry so taken: the exit
 * status; it reads nothing of the archive, so another thread may make it. */
bool scan_take(struct scan *sc, struct archive *a, struct archive_entry *e, int rc,
	       struct archived *x);
/* The container of libarchive's `format` and whether it stores one raw
 * value, the last answer kept in the scan: an archive's entries share a
 * format. */
const devnum_container *scan_container(struct scan *sc, int format, bool *raw);
int scan_entry(struct scan *sc, const struct archived *x);

/* scan_start.c: a scan of the input `name` with libarchive loaded in
 * libs, begun and ended (--summary's totals). */
void scan_start(struct scan *sc, const struct job *j, struct libraries *libs,
		const char *name);
void scan_end(struct scan *sc);

/* scan_operand.c: the operand `name` ("-", standard input), read with
 * libs (libarchive loaded): a file, an OCI image layout or a staging tree
 * (state: --fakeroot's, or NULL): the status. */
struct fakeroot_state;
int scan_operand(const struct job *j, struct libraries *libs, const char *name,
		 const struct fakeroot_state *state);

/* scan_walk.c: every segment of the file fd, as the input or as an
 * image's layer (layer names it; a blob that is no archive is passed
 * over): the status.  scan_job: a layer a crew's thread reads. */
struct layer_job;
int scan_file(struct scan *sc, int fd, const char *layer);
/* A file inside an image, read as an input when it bids as one (the
 * scan's inner). */
int scan_inner(struct scan *sc, const struct inner_file *f, const char *path);
int scan_job(struct scan *sc, const struct layer_job *job);

/* trouble.c: an error of the input's, or a warning, after `entries`
 * entries of the segment (TROUBLE_ARCHIVE) or on entry number `entries`
 * (TROUBLE_ENTRY), at sc->line when it is set: the status; scan_error,
 * one of the input's own.  --summary's line for the segment just read,
 * its tallies added to the input's. */
enum trouble { TROUBLE_ARCHIVE, TROUBLE_ENTRY, TROUBLE_WARNING };
int scan_trouble(struct scan *sc, const char *why, uintmax_t entries, enum trouble kind);
int scan_error(struct scan *sc, const char *why);
void scan_summary(struct scan *sc);

/* What libarchive's reader a says went wrong, in words. */
const char *scan_la_error(const struct scan *sc, struct archive *a);

/* Whether sc reads a blob of an image, which may be no layer (a
 * manifest, a config): passed over then, said by none. */
static inline bool scan_blob(const struct scan *sc)
{
	return sc->layer && !sc->depth;
}

/* spec_read.c: the device specification r in src, from src->pos: the
 * status; also, a second format that reads its lines alike, or NULL:
 * each device line is read by both, and a line they read differently
 * is ambiguous. */
struct source;
struct reader;
int scan_spec(struct scan *sc, struct source *src, const struct reader *r,
	      const struct reader *also);

/* staging.c: a staging tree, the directory dir; state: --fakeroot's. */
struct fakeroot_state;
int scan_staging(struct scan *sc, const char *dir, const struct fakeroot_state *state);

/* oci_layout.c: an OCI image layout, a directory: its layers, index.json
 * -> manifests -> layers, each once. */
int scan_layout(struct scan *sc, const char *dir);

#endif
