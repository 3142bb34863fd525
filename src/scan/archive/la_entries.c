/* la_entries.c - an archive read by libarchive, an entry a step
 * (entries.h): its headers, what libarchive says of them, and where each
 * entry's data lies. */
#include <config.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scan/archive/cpio_hp.h"
#include "scan/archive/entries.h"

/* A run of headers libarchive could not read, one after another (a
 * damaged tar's every 512 bytes; RAR5 readers fail at the same header
 * for ever): bounded, so that garbage makes a message, not millions. */
enum { FAILED_RUN_MAX = 16 };

struct la {
	struct entries it;         /* first: the dispatcher holds &it */
	struct scan *sc;
	struct source *src;
	struct ending *end;
	struct archive *a;
	struct feed f;
	uint64_t base;             /* where the archive starts in src */
	const unsigned char *outer; /* the volume of the archive this one is inside */
	int opened;                /* feed_open's answer */
	unsigned failed;           /* headers in a row that failed */
	la_int64_t failed_at;      /* where the last failed header was, or -1 */
	char stop[200];            /* the archive's end after a failed header, or "" */
	uint64_t hp_at;            /* STEP_HANDOFF: where HP-UX's cpio takes over */
	bool hp;
};

/* The formats libarchive reads for scan: those that can hold a device
 * (tar, cpio, ISO 9660, mtree, xar) and ar, a .deb's.  The others
 * (7-Zip, RAR, CAB, LHA, WARC) store no device number, and their readers
 * in libarchive 3.6.2 crash or never end on damaged input: readers.c names
 * them, and they are not parsed. */
static void formats(const struct archive_calls *la, struct archive *a)
{
	la->archive_read_support_format_tar(a);
	la->archive_read_support_format_cpio(a);
	la->archive_read_support_format_iso9660(a);
	la->archive_read_support_format_mtree(a);
	la->archive_read_support_format_ar(a);
	la->archive_read_support_format_xar(a);
	la->archive_read_support_format_empty(a);
}

/* Whether an entry of libarchive's type `type` is an ar archive's file
 * whose mode says nothing: binutils' ar writes mode 0 in its
 * deterministic mode, Debian's default. */
static bool ar_member(int format, unsigned type)
{
	return !type && (format & ARCHIVE_FORMAT_BASE_MASK) == ARCHIVE_FORMAT_AR;
}

/* After a header that failed: it->stop set when reading is to end. */
static void give_up(struct la *it)
{
	la_int64_t at = it->sc->la->archive_read_header_position(it->a);
	if (at == it->failed_at)
		snprintf(it->stop, sizeof it->stop, "libarchive's reader fails at byte %lld again and "
			 "reads no further: not read past it", (long long)at);
	else if (++it->failed == FAILED_RUN_MAX)
		snprintf(it->stop, sizeof it->stop, "%d headers in a row cannot be read: not read "
			 "past them", FAILED_RUN_MAX);
	it->failed_at = at;
}

/* Where entry e's data lies whole in src's file, if it does; whether it
 * is a tar's plain entry there, which a crew's thread may read. */
static void placed(struct la *it, struct archive_entry *e, struct entry_step *s)
{
	const struct archive_calls *la = it->sc->la;
	if (!it->src->seekable || !la->archive_entry_size_is_set(e) ||
	    la->archive_entry_size(e) <= 0 || la->archive_entry_sparse_count(e))
		return;
	s->fd = it->src->fd;
	s->at = it->base + feed_consumed(&it->f, it->a);
	s->size = (uint64_t)la->archive_entry_size(e);
	s->plain = (it->end->format & ARCHIVE_FORMAT_BASE_MASK) == ARCHIVE_FORMAT_TAR;
}

/* A header read (rc, entry e): the step it makes. */
static enum step_kind header(struct la *it, int rc, struct archive_entry *e, struct entry_step *s)
{
	const struct archive_calls *la = it->sc->la;
	struct ending *end = it->end;
	unsigned type = la->archive_entry_filetype(e);
	bool device = type == AE_IFCHR || type == AE_IFBLK;
	bool mtree = (end->format & ARCHIVE_FORMAT_BASE_MASK) == ARCHIVE_FORMAT_MTREE;
	if (cpio_hp_mark(la, e, end->format, type)) { /* read on by GNU cpio's rule */
		it->hp_at = it->base + (uint64_t)la->archive_read_header_position(it->a);
		return STEP_HANDOFF;
	}
	if (rc == ARCHIVE_FAILED || rc == ARCHIVE_RETRY) {
		snprintf(s->why, sizeof s->why, "%s", scan_la_error(it->sc, it->a));
		give_up(it);
		return STEP_FAILED;
	}
	it->failed = 0;
	if (rc == ARCHIVE_WARN && !(mtree && device)) /* mtree's is about device= */
		snprintf(s->why, sizeof s->why, "%s", scan_la_error(it->sc, it->a)), s->warning = s->why;
	s->recorded = scan_take(it->sc, it->a, e, rc, &s->x);
	s->data = (type == AE_IFREG || ar_member(end->format, type)) && s->x.path &&
		  !mtree; /* mtree's data is the disk's */
	if (s->data)
		placed(it, e, s);
	return STEP_ENTRY;
}

static enum step_kind la_next(struct entries *entries, struct entry_step *s)
{
	struct la *it = (struct la *)entries;
	const struct archive_calls *la = it->sc->la;
	struct ending *end = it->end;
	struct archive_entry *e;
	entry_step_start(s);
	if (*it->stop)
		return snprintf(s->why, sizeof s->why, "%s", it->stop), STEP_FATAL;
	if (it->opened != ARCHIVE_OK)
		return STEP_END;
	int rc = la->archive_read_next_header(it->a, &e);
	end->format = la->archive_format(it->a);
	if (rc == ARCHIVE_EOF)
		return end->eof = true, STEP_END;
	if (rc == ARCHIVE_FATAL && !end->entries && !end->format && !scan_blob(it->sc)) {
		/* no format took its first header ("Line too long"): as unopened,
		 * so that a specification is still looked for */
		end->unopened = true;
		snprintf(end->why, sizeof end->why, "%s", scan_la_error(it->sc, it->a));
		return STEP_END;
	}
	if (rc == ARCHIVE_FATAL)
		return snprintf(s->why, sizeof s->why, "%s", scan_la_error(it->sc, it->a)), STEP_FATAL;
	if (!end->entries && memcmp(it->f.head, "#mtree", 6) != 0 &&
	    (end->format & ARCHIVE_FORMAT_BASE_MASK) == ARCHIVE_FORMAT_MTREE)
		return end->mtree_text = true, STEP_END;
	return header(it, rc, e, s);
}

static int la_data(struct entries *entries, struct source *data)
{
	struct la *it = (struct la *)entries;
	return source_archive(data, it->sc->la, it->a);
}

static int la_rest(struct entries *entries)
{
	struct la *it = (struct la *)entries;
	it->hp = true;
	return cpio_hp(it->sc, it->src, it->hp_at, it->end->format,
		       it->sc->la->archive_format_name(it->a), &it->end->entries, &it->end->eof);
}

static void la_close(struct entries *entries)
{
	struct la *it = (struct la *)entries;
	if (!it->hp) /* else the HP reader's place */
		it->src->pos = it->base + feed_consumed(&it->f, it->a);
	it->sc->la->archive_read_free(it->a);
	it->sc->volume = it->outer;
	free(it);
}

struct entries *la_entries(struct scan *sc, struct source *src, struct ending *end)
{
	struct la *it = malloc(sizeof *it);
	struct archive *a = it ? sc->la->archive_read_new() : NULL;
	if (!a)
		return free(it), snprintf(end->why, sizeof end->why, "memory exhausted"), NULL;
	*it = (struct la){ { la_next, la_data, la_rest, la_close, NULL }, sc, src, end, a,
			   .base = src->pos, .outer = sc->volume, .failed_at = -1 };
	formats(sc->la, a);
	it->opened = feed_open(&it->f, a, src);
	sc->volume = it->f.volume;
	sc->file = src->seekable ? src->fd : -1;
	sc->file_base = it->base;
	if (it->opened != ARCHIVE_OK) {
		end->unopened = true;
		snprintf(end->why, sizeof end->why, "%s", scan_la_error(sc, a));
	}
	return &it->it;
}
