/* scan_walk.c - an input read as the Linux kernel reads an initramfs:
 * archives one after another, zero padding between them, each compressed
 * on its own or not; inside a compressed one, more archives may follow the
 * first.  Concatenated tar archives (what `tar -i` reads) are walked the
 * same way.  An input that holds no archive at all (an empty file, zeros,
 * a file-system image, text) is an error that says what it is. */
#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "render/output.h"
#include "scan/archive/backlog.h"
#include "scan/archive/cpio_newc.h"
#include "scan/dispatch/crew.h"
#include "scan/archive/layers.h"
#include "scan/image/image.h"
#include "scan/libs/probe.h"
#include "scan/dispatch/readers.h"
#include "scan/core/scan.h"
#include "scan/archive/rpm_header.h"
#include "scan/input/source.h"
#include "scan/core/within.h"
#include "scan/input/inflater.h"
#include "scan/input/spool.h"
#ifdef HAVE_ISAL
#include "scan/input/gunzip.h"
#endif

static int walk(struct scan *sc, struct source *src);
static bool handed(struct scan *sc, const struct image_file *here, const char *name);

static bool concatenable(int format)
{
	int base = format & ARCHIVE_FORMAT_BASE_MASK;
	return base == ARCHIVE_FORMAT_TAR || base == ARCHIVE_FORMAT_CPIO;
}

static int entry_data(struct scan *sc, struct entries *it, const struct entry_step *s, uintmax_t entry,
		      struct backlog *held);

/* One entry a step handed out, numbered n: its record, the warning said
 * of it, and its data read where it is an input. */
static int entry(struct scan *sc, struct entries *it, const struct entry_step *s, uintmax_t n,
		 struct backlog *held)
{
	int status = EXIT_OK;
	if (s->warning && !s->warn_after) { /* the records before, then the message */
		status = backlog_drain(held);
		scan_trouble(sc, s->warning, n, TROUBLE_WARNING);
	}
	if (s->recorded)
		backlog_add(held, &s->x);
	sc->seg.devices += s->x.type == AE_IFCHR || s->x.type == AE_IFBLK;
	if (s->warning && s->warn_after) {
		status = backlog_drain(held);
		scan_trouble(sc, s->warning, n, TROUBLE_WARNING);
	}
	if (s->data)
		status = status_max(status, entry_data(sc, it, s, n, held));
	return status;
}

/* The stream src from its first byte, copied to a temporary file for a
 * reader that seeks (its row says so): a source of the file in *copy, at
 * the place src was; NULL, end->why saying why not. */
static struct source *spooled(struct scan *sc, struct source *src, struct source *copy,
			      struct ending *end)
{
	uint64_t at = src->pos; /* where the archive begins, in the copy too */
	int fd = spool(src, NULL, &sc->spooled, end->why, sizeof end->why);
	if (fd >= 0 && source_fd(copy, sc->la, fd) == 0)
		return copy->pos = at, copy;
	if (fd >= 0)
		snprintf(end->why, sizeof end->why, "%s", strerror(errno)), close(fd);
	return NULL;
}

/* The temporary copy's source freed, the file closed (and gone). */
static void unspooled(struct source *copy)
{
	int fd = copy->fd;
	source_free(copy);
	close(fd);
}

/* Every entry of the archive that starts at src->pos, from the reader of
 * the row its first bytes bid for (libarchive's, which bids again among
 * its formats, where none does: a v7 tar or a binary cpio has no magic);
 * src->pos is left where it ended.  The input's status. */
static int archive(struct scan *sc, struct source *src, struct ending *end)
{
	const unsigned char *p;
	ssize_t n = source_at(src, &p);
	const struct reader *tie, *r = n > 0 ? reader_identify(p, (size_t)n, &tie) : NULL;
	*end = (struct ending){ 0 };
	struct source copy;
	struct source *from = r && r->entries && r->seeks && !src->seekable ? spooled(sc, src, &copy, end)
									   : src;
	struct entries *it = !from ? NULL : r && r->entries ? r->entries(sc, from, end)
				   : la_entries(sc, from, end);
	struct backlog held;
	struct entry_step s;
	int status = EXIT_OK;
	enum step_kind k;
	if (!it) {
		if (from && from != src)
			unspooled(from);
		return scan_trouble(sc, end->why, 0, TROUBLE_ARCHIVE);
	}
	backlog_init(&held, sc);
	while (!out_failed() && (k = it->next(it, &s)) != STEP_END) {
		if (k == STEP_ENTRY || k == STEP_FAILED)
			end->entries++, sc->seg.entries++;
		if (k == STEP_ENTRY) {
			status = status_max(status, entry(sc, it, &s, end->entries, &held));
			continue;
		}
		status = status_max(status, backlog_drain(&held)); /* records, then the message */
		if (k == STEP_FAILED)
			status = status_max(status, scan_trouble(sc, s.why, end->entries, TROUBLE_ENTRY));
		else if (k == STEP_FATAL)
			status = status_max(status, scan_trouble(sc, s.why, end->entries, TROUBLE_ARCHIVE));
		else
			status = status_max(status, it->rest(it));
		if (k != STEP_FAILED)
			break;
	}
	status = status_max(status, backlog_end(&held));
	it->close(it);
	if (from != src)
		unspooled(from);
	return status;
}

static bool image_type(struct scan *sc, struct source *src, char *type, size_t n);
static int image(struct scan *sc, struct source *src, const char *type);
static int disk(struct scan *sc, struct source *src);

/* A first segment whose decompressed bytes are none, or zeros only:
 * what it is, said as the same bytes uncompressed are. */
static int nothing_compressed(struct scan *sc, const struct source *out)
{
	char what[200];
	if (!out->pos)
		snprintf(what, sizeof what, "an empty %s stream: not an archive", sc->compression);
	else
		snprintf(what, sizeof what, "%s stream of %llu zero bytes and nothing else: not an "
			 "archive (libarchive reads zeros as an empty tar)", sc->compression,
			 (unsigned long long)out->pos);
	sc->segment = 0;
	return scan_trouble(sc, what, 0, TROUBLE_ARCHIVE);
}

/* Whether the zeros from `start` to out->pos are the first bytes of the
 * input there, not zeros before it: an ISO 9660 image's system area
 * (its first 32 KiB, before its volume descriptor), whole or before an
 * MBR's partition table (xorriso's), an ext image's boot block. */
static bool leading(struct source *out, uint64_t start)
{
	const unsigned char *p;
	const struct reader *tie, *r;
	uint64_t pos = out->pos;
	if (pos - start == VOLUME_AT && source_at(out, &p) >= 6 && !memcmp(p + 1, "CD001", 5))
		return true;
	out->pos = start;
	ssize_t n = source_at(out, &p);
	r = n > 0 ? reader_identify(p, (size_t)n, &tie) : NULL;
	out->pos = pos;
	return r && r->kind != R_UNREAD && r->kind != R_SPEC;
}

/* The archives in a decompressor's output, one after another: the input's
 * status; *drained when the output was read to its end. */
static int decompressed(struct scan *sc, struct source *out, bool *drained)
{
	struct ending end;
	char type[64];
	int status = EXIT_OK, more;
	bool any = false;
	for (uint64_t start = out->pos; (more = source_skip_zeros(out)) > 0 && status < EXIT_TROUBLE;
	     start = out->pos) {
		if (!any && out->pos != start && leading(out, start))
			out->pos = start;
		any = true;
		status = status_max(status, archive(sc, out, &end));
		if (end.unopened && scan_blob(sc) && !sc->seg.entries) { /* a blob, gzip'd, no layer */
			sc->segment = 0;
			break;
		}
		if (end.unopened && !sc->seg.entries && image_type(sc, out, type, sizeof type)) {
			status = image(sc, out, type);
			break;
		}
		int partitioned = end.unopened && !sc->seg.entries ? disk(sc, out) : -1;
		if (partitioned >= 0) {
			status = partitioned;
			break;
		}
		if (end.unopened)
			status = scan_trouble(sc, end.why, 0, TROUBLE_ARCHIVE);
		if (status >= EXIT_TROUBLE || !end.eof || !concatenable(end.format))
			break;
	}
	if (more < 0)
		status = scan_trouble(sc, source_error(out), sc->seg.entries, TROUBLE_ARCHIVE);
	else if (!any && sc->segment == 1 && !scan_blob(sc)) /* as the same bytes uncompressed */
		status = nothing_compressed(sc, out);
	*drained = more == 0;
	return status;
}

/* The archives in the output of libarchive's decompressor `from`. */
static int through(struct scan *sc, struct archive *from, bool *drained)
{
	struct archive_entry *e;
	struct source out;
	*drained = false;
	if (sc->la->archive_read_next_header(from, &e) != ARCHIVE_OK)
		return scan_trouble(sc, scan_la_error(sc, from), 0, TROUBLE_ARCHIVE);
	if (source_archive(&out, sc->la, from) < 0)
		return scan_trouble(sc, strerror(errno), 0, TROUBLE_ARCHIVE);
	if (sc->j->jobs > 1) /* the decompressor in a thread of its own, or in turn */
		(void)source_ahead(&out);
	int status = decompressed(sc, &out, drained);
	source_free(&out);
	return status;
}

/* libarchive bids for a filter at most this many times, each found one
 * decompressing the output of the one below (MAX_NUMBER_FILTERS): a
 * stream in 25 layers of compression or more (24 are read), or one that
 * decompresses to itself, fails to open with that many stacked. */
enum { FILTERS_MAX = 25 };

/* A decompressor over the input from src->pos: the reader, with *name its
 * compression; or NULL for data that is not compressed, src->pos left;
 * or NULL with *why, libarchive's reason, for compressed data it cannot
 * read (libarchive's xz and zstd readers fail on data after the stream
 * when it arrives in the same block). */
static struct archive *decompressor(struct scan *sc, struct source *src, struct feed *f,
				    const char **name, char *why, size_t n)
{
	const struct archive_calls *la = sc->la;
	struct archive *a = la->archive_read_new();
	uint64_t base = src->pos;
	*why = 0;
	if (!a)
		return NULL;
	la->archive_read_support_filter_all(a);
	la->archive_read_support_format_raw(a);
	int opened = feed_open(f, a, src);
	int filters = la->archive_filter_count(a) - 1; /* the last is the feed */
	if (opened != ARCHIVE_OK && filters >= FILTERS_MAX)
		snprintf(why, n, "more layers of compression than libarchive's %d (or a stream that "
			 "decompresses to itself): not read (%s)", FILTERS_MAX - 1, scan_la_error(sc, a));
	else if (opened != ARCHIVE_OK && filters > 0)
		/* the raw format takes any byte: a filter known, and no byte out of it */
		snprintf(why, n, "an empty %s stream: not an archive", la->archive_filter_name(a, 0));
	else if (opened != ARCHIVE_OK)
		snprintf(why, n, "%s", scan_la_error(sc, a));
	else if (filters > 0)
		return *name = la->archive_filter_name(a, 0), a;
	la->archive_read_free(a);
	src->pos = base;
	return NULL;
}

/* What scan says of a file-system image it has no reader for: the tool
 * that lists its devices, or the way there. */
static const char *other_image(const char *type)
{
	if (!strcmp(type, "xfs"))
		return "mount it read-only (mount -o loop,ro) and run devnum stat on its device "
		       "files, or read an inode with xfs_db -r -c 'inode N' -c print";
	if (!strcmp(type, "btrfs"))
		return "list it with btrfs restore --dry-run, or mount it read-only and run "
		       "devnum stat on its device files";
	return "mount it read-only (mount -o loop,ro) and run devnum stat on its device files";
}

/* The file-system image libblkid finds at the start of src, its type in
 * type; false for none. */
static bool image_type(struct scan *sc, struct source *src, char *type, size_t n)
{
	int fd = src->seekable ? src->fd : -1;
	bool found;
	const struct span *head = src->kept[0].at == 0 && src->kept[0].len ? &src->kept[0]
									 : &src->kept[1];
#ifdef HAVE_MEMFD_CREATE
	if (fd < 0 && head->at == 0 && head->len && (fd = memfd_create("head", 0)) >= 0 &&
	    write(fd, head->p, head->len) != (ssize_t)head->len) {
		close(fd);
		fd = -1;
	}
#endif
	found = fd >= 0 && probe_filesystem(&sc->libs->blkid, fd, 0, 0, type, n);
	if (fd >= 0 && fd != src->fd)
		close(fd);
	const struct reader *r = found || head->at ? NULL : reader_bid(head->p, head->len);
	if (r) /* libblkid does not find it where its own reader does */
		snprintf(type, n, "%s", r->name);
	return found || r;
}

/* An image of `type` in src: read by its reader from the file, or from
 * a temporary file holding it when src is a stream (a pipe, a
 * decompressor's output, an archive's member); or an error that says why
 * it cannot be read and what would read it. */
static int image(struct scan *sc, struct source *src, const char *type)
{
	char why[400];
	const struct reader *reader = reader_find(R_IMAGE, type);
	int fd = src->seekable ? src->fd : -1;
	if (!reader) {
		char names[100];
		reader_names(R_IMAGE, names, sizeof names);
		snprintf(why, sizeof why, "not an archive but a %s file-system image, which scan "
			 "does not read (it reads %s): %s", type, names, other_image(type));
		return scan_trouble(sc, why, 0, TROUBLE_ARCHIVE);
	}
	char name[SPOOL_NAME] = "";
	if (fd < 0 && (fd = spool(src, reader->by_name ? name : NULL, &sc->spooled, why,
				  sizeof why)) < 0)
		return scan_trouble(sc, why, 0, TROUBLE_ARCHIVE);
	int status = reader->read(sc, &(struct image_file){ fd, 0, 0 }, type);
	if (fd != src->fd && reader->by_name)
		unlink(name);
	if (fd != src->fd)
		close(fd);
	return status;
}

/* What an input that holds no archive is, in words, into buf: `otherwise`
 * (a file-system image is read by image() first).  src->pos is at its end
 * when at_end. */
static void what_it_is(struct source *src, bool at_end, const char *otherwise, char *buf,
		       size_t n)
{
	if (at_end && !src->pos)
		snprintf(buf, n, "empty: not an archive");
	else if (at_end)
		snprintf(buf, n, "%llu zero bytes and nothing else: not an archive "
			 "(libarchive reads zeros as an empty tar)", (unsigned long long)src->pos);
	else
		snprintf(buf, n, "%s", otherwise);
}

/* The device specification src holds, from its start: the status. */
static int specification(struct scan *sc, struct source *src, const struct reader *r,
			 const struct reader *also)
{
	src->pos = 0;
	int status = scan_spec(sc, src, r, also);
	scan_summary(sc);
	return status;
}

/* The specification whose lines begin src, as bid, or NULL; why says
 * when several read them alike.  A file's first block is read again; a
 * pipe's only while it is kept. */
static const struct reader *text_bid(struct source *src, const struct reader **also, char *why,
				     size_t n)
{
	const unsigned char *p;
	uint64_t pos = src->pos;
	src->pos = 0;
	ssize_t got = source_at(src, &p);
	src->pos = pos;
	src->err = 0;
	*why = 0;
	*also = NULL;
	return got > 0 ? spec_bid(p, (size_t)got, also, why, n) : NULL;
}

/* The input holds no archive: an error that says what it is; for a blob
 * of an image, that it is no layer (a manifest, a config), said by none. */
static int not_an_archive(struct scan *sc, struct source *src, const struct ending *end)
{
	char what[400] = "", type[64];
	const struct reader *spec, *also;
	int more = 0;
	if (scan_blob(sc))
		return sc->segment = 0, EXIT_OK;
	if (src->err || src->why) /* the input ended in an error, not in what it holds */
		return sc->segment = 0, scan_trouble(sc, source_error(src), 0, TROUBLE_ARCHIVE);
	if ((end->mtree_text || end->unopened) && (spec = text_bid(src, &also, what, sizeof what)))
		return specification(sc, src, spec, also);
	if (*what)
		return sc->segment = 0, scan_trouble(sc, what, 0, TROUBLE_ARCHIVE);
	if (!end->mtree_text && image_type(sc, src, type, sizeof type)) {
		int status = image(sc, src, type);
		scan_summary(sc);
		return status;
	}
	int status;
	if (end->unopened && (status = disk(sc, src)) >= 0) {
		scan_summary(sc);
		return status;
	}
	if (end->mtree_text)
		snprintf(what, sizeof what, "text, not an archive (libarchive would read it as "
			 "mtree, which begins with an #mtree line)");
	else if (end->unopened)
		what_it_is(src, false, end->why, what, sizeof what);
	else if ((more = source_skip_zeros(src)) >= 0)
		what_it_is(src, more == 0, "not an archive (libarchive reads it as an empty tar)",
			   what, sizeof what);
	sc->segment = 0;
	return scan_trouble(sc, more < 0 ? source_error(src) : what, 0, TROUBLE_ARCHIVE);
}

/* Whether the first segment shows the input holds no archive. */
static bool no_archive(const struct scan *sc, const struct ending *end)
{
	int base = end->format & ARCHIVE_FORMAT_BASE_MASK;
	if (end->mtree_text)
		return true;
	if (sc->segment != 1)
		return false;
	return end->unopened || (end->eof && !end->entries &&
				 (base == ARCHIVE_FORMAT_TAR || base == ARCHIVE_FORMAT_EMPTY || !base));
}

/* A compressed segment read with status: *go_on when another may follow
 * it, the decompressor's output read to its end (drained). */
static int ended(struct scan *sc, int status, bool drained, bool *go_on)
{
	*go_on = drained && status < EXIT_TROUBLE && sc->segment;
	if (sc->segment) /* else a blob of an image that is no layer */
		scan_summary(sc);
	return status;
}

#ifdef HAVE_ISAL
/* The gzip stream at src->pos, inflated with ISA-L; past it, src->pos.
 * Its output is compressed again as libarchive's filters would find. */
static int gunzipped(struct scan *sc, struct source *src, bool *go_on)
{
	char err[300];
	const struct isal_calls *z = isal_calls(&sc->libs->isal, err, sizeof err);
	struct gunzip g;
	struct source out;
	struct feed f;
	bool drained = false;
	int status = EXIT_OK;
	sc->segment++;
	sc->offset = src->pos;
	sc->compression = "gzip";
	if (!z)
		return *go_on = false, scan_trouble(sc, err, 0, TROUBLE_ARCHIVE);
	if (gunzip_open(&g, z, src) < 0 || source_pulled(&out, sc->la, gunzip_read, &g) < 0) {
		gunzip_close(&g);
		return *go_on = false, scan_trouble(sc, strerror(errno), 0, TROUBLE_ARCHIVE);
	}
	if (sc->j->jobs > 1) /* inflated in a thread of its own, or in turn */
		(void)source_ahead(&out);
	const unsigned char *p;
	ssize_t got = source_at(&out, &p);
	snprintf(err, sizeof err, "%s", got < 0 ? source_error(&out) : ""); /* as libarchive's open */
	struct archive *inner = got > 0 ? decompressor(sc, &out, &f, &sc->compression, err, sizeof err)
					: NULL; /* none: nothing at all, said by decompressed() */
	if (inner)
		status = through(sc, inner, &drained), sc->la->archive_read_free(inner);
	else if (!*err)
		status = decompressed(sc, &out, &drained);
	source_free(&out);
	char bad[300];
	if (gunzip_mismatch(&g, bad, sizeof bad) > 0) /* said after what was read of it */
		scan_trouble(sc, bad, 0, TROUBLE_WARNING);
	gunzip_close(&g);
	if (*err) /* as when libarchive's gzip reader cannot open */
		return *go_on = false, scan_trouble(sc, err, 0, TROUBLE_ARCHIVE);
	return ended(sc, status, drained, go_on);
}
#endif

/* One segment at src->pos: the input's status; *go_on when another may
 * follow it. */
static int segment(struct scan *sc, struct source *src, bool *go_on)
{
	struct ending end = { 0 };
	struct feed f;
	bool drained;
	int status;
	uint64_t base = src->pos;
	const char *name;
	char why[200];
	const unsigned char *p;
	if (!sc->segment && source_at(src, &p) == 0) /* libarchive calls it unrecognized */
		return *go_on = false, not_an_archive(sc, src, &end);
#ifdef HAVE_ISAL
	if (gzip_header(src, base) > 0)
		return gunzipped(sc, src, go_on);
#endif
	struct archive *from = decompressor(sc, src, &f, &name, why, sizeof why);
	sc->segment++;
	sc->offset = base;
	sc->compression = from ? name : "none";
	if (*why)
		return *go_on = false, scan_trouble(sc, why, 0, TROUBLE_ARCHIVE);
	if (from) {
		status = through(sc, from, &drained);
		src->pos = base + feed_consumed(&f, from);
		sc->la->archive_read_free(from);
		return ended(sc, status, drained, go_on);
	}
	status = archive(sc, src, &end);
	if (no_archive(sc, &end))
		return *go_on = false, not_an_archive(sc, src, &end);
	if (end.unopened)
		return *go_on = false, scan_trouble(sc, end.why, 0, TROUBLE_ARCHIVE);
	*go_on = end.eof && concatenable(end.format) && status < EXIT_TROUBLE;
	scan_summary(sc);
	return status;
}

/* An RPM package's headers at the start of src, read, sc->rpm then
 * them and src left at the payload: 1; 0 for no package; -1, said. */
static int rpm_package(struct scan *sc, struct source *src)
{
	const unsigned char *p;
	char why[300];
	struct rpm_devices *r;
	ssize_t n = src->pos || scan_blob(sc) ? 0 : source_at(src, &p);
	if (n <= 0 || !rpm_bid(p, (size_t)n))
		return 0;
	if (!(r = malloc(sizeof *r)))
		return scan_trouble(sc, "memory exhausted", 0, TROUBLE_ARCHIVE), -1;
	if (rpm_read(src, r, why, sizeof why) < 0) {
		free(r);
		return scan_trouble(sc, src->err ? source_error(src) : why, 0, TROUBLE_ARCHIVE), -1;
	}
	sc->rpm = r;
	return 1;
}

/* The package's headers freed, once every archive's records are made
 * (the thread behind them has ended). */
static void rpm_done(struct scan *sc)
{
	rpm_free(sc->rpm);
	free(sc->rpm);
	sc->rpm = NULL;
}

/* Every segment of a source, from its start: the status. */
static int walk(struct scan *sc, struct source *src)
{
	int status = EXIT_OK, more = 1;
	bool go_on = true;
	const unsigned char *p;
	ssize_t n = !src->pos && !scan_blob(sc) ? source_at(src, &p) : 0;
	const struct reader *tie, *r = n > 0 ? reader_identify(p, (size_t)n, &tie) : NULL;
	if (r && r->unread) /* a format named, not read */
		return r->unread(sc, src, r);
	int package = rpm_package(sc, src);
	if (package < 0)
		return EXIT_TROUBLE;
	links_init(&sc->links);
	while (go_on && !out_failed() && (sc->segment == 0 || (more = source_skip_zeros(src)) > 0))
		status = status_max(status, segment(sc, src, &go_on));
	if (more < 0)
		status = status_max(status, scan_trouble(sc, source_error(src), 0, TROUBLE_ARCHIVE));
	links_free(&sc->links);
	if (package > 0)
		rpm_done(sc);
	return status;
}

/* Where an inner input's walk leaves the walk of the input it is in. */
struct outer {
	unsigned segment;
	uint64_t offset;
	const char *compression;
	struct tally seg;
	struct links links;
	int file;
	uint64_t file_base;
	const unsigned char *volume;
	struct rpm_devices *rpm;
};

/* The outer walk's place kept, and a new walk's begun. */
static void outer_save(struct scan *sc, struct outer *o)
{
	*o = (struct outer){ sc->segment, sc->offset, sc->compression, sc->seg, sc->links,
			     sc->file, sc->file_base, sc->volume, sc->rpm };
	sc->segment = 0;
	sc->seg = (struct tally){ 0 };
	sc->rpm = NULL;
}

static void outer_restore(struct scan *sc, const struct outer *o)
{
	sc->segment = o->segment, sc->offset = o->offset, sc->compression = o->compression;
	sc->seg = o->seg, sc->links = o->links;
	sc->file = o->file, sc->file_base = o->file_base, sc->volume = o->volume, sc->rpm = o->rpm;
}

/* The layer `name` of an image, read from src: its devices, each record
 * naming it; nothing when the blob is no archive. */
static int layer_walk(struct scan *sc, struct source *src, const char *name)
{
	struct outer o;
	sc->layer = name;
	outer_save(sc, &o);
	int status = walk(sc, src);
	sc->layers += sc->segment > 0;
	outer_restore(sc, &o);
	sc->layer = NULL;
	return status;
}

/* Every bid but ISO 9660's looks at the first HEAD_FIRST bytes (ext's
 * feature words, at 1120, are the furthest), and an ISO image's first 16
 * sectors, its system area, hold zeros or a boot record: a stream whose
 * first HEAD_FIRST bytes are neither (a man page, a firmware blob) is no
 * ISO image, and no more of it is inflated to look for a volume
 * descriptor at 32 KiB. */
enum { HEAD_FIRST = 2048 };

/* Whether the first HEAD_FIRST bytes at p could begin an ISO 9660
 * image's system area: zeros, or what xorriso and genisoimage write
 * there: an MBR (isohybrid; a GPT after it), an Apple partition map's
 * driver descriptor ("ER"), a Sun disk label (0xDABE at 508). */
static bool system_area_head(const unsigned char *p)
{
	if ((p[510] == 0x55 && p[511] == 0xaa) || (p[0] == 'E' && p[1] == 'R') ||
	    (p[508] == 0xda && p[509] == 0xbe))
		return true;
	for (size_t i = 0; i < HEAD_FIRST; i++)
		if (p[i])
			return false;
	return true;
}

/* The first decompressed bytes of a stream into head, pulled from data:
 * HEAD_FIRST, or BID_BYTES where those could be an ISO image's; how
 * many, or -1 when they cannot be had. */
static ssize_t head_pulled(ssize_t (*pull)(void *, unsigned char *, size_t, const char **),
			   void *data, unsigned char *head)
{
	const struct reader *tie;
	const char *why;
	size_t n = 0, want = HEAD_FIRST;
	ssize_t got = 1;
	while (n < want && (got = pull(data, head + n, want - n, &why)) > 0) {
		n += (size_t)got;
		if (n == HEAD_FIRST && system_area_head(head) && !reader_identify(head, n, &tie))
			want = BID_BYTES;
	}
	return got < 0 ? -1 : (ssize_t)n;
}

/* libarchive's read of its only entry, as a pull. */
static ssize_t entry_pull(void *data, unsigned char *p, size_t n, const char **why)
{
	void **pair = data;
	const struct archive_calls *la = pair[0];
	la_ssize_t got = la->archive_read_data(pair[1], p, n);
	*why = NULL;
	return got < 0 ? -1 : got;
}

/* The first decompressed bytes of the compressed stream src into head,
 * by libarchive's filters. */
static ssize_t unfiltered_head(struct scan *sc, struct source *src, unsigned char *head)
{
	const struct archive_calls *la = sc->la;
	struct archive *a = la->archive_read_new();
	struct archive_entry *e;
	struct feed f;
	ssize_t n = 0;
	if (!a)
		return -1;
	la->archive_read_support_filter_all(a);
	la->archive_read_support_format_raw(a);
	if (feed_open(&f, a, src) == ARCHIVE_OK && la->archive_read_next_header(a, &e) == ARCHIVE_OK)
		n = head_pulled(entry_pull, (void *[]){ (void *)la, a }, head);
	la->archive_read_free(a);
	return n;
}

/* The same of a gzip stream, by zlib: the first bytes of every gzip'd
 * file of a layer are asked for, and libarchive's reader over zlib costs
 * five times as much; by libarchive when zlib cannot be loaded, and for
 * the other compressions. */
static ssize_t inflated_head(struct scan *sc, struct source *src, unsigned char *head)
{
	char err[300];
	const struct zlib_calls *z = zlib_calls(&sc->libs->zlib, err, sizeof err);
	const unsigned char *p;
	struct source_window w = { src, 0, SOURCE_REST };
	struct inflater *f = z && source_at(src, &p) >= 2 && p[0] == 0x1f && p[1] == 0x8b
				     ? malloc(sizeof *f) : NULL;
	if (!f)
		return unfiltered_head(sc, src, head);
	ssize_t n = inflater_open(f, z, INFLATE_GZIP, source_window_pull, &w) < 0
			    ? -1 : head_pulled(inflater_pull, f, head);
	inflater_close(f);
	free(f);
	return n;
}

#ifdef HAVE_ISAL
/* The same of a gzip stream, by ISA-L, as gunzipped() reads it, with no
 * CRC, where devnum has it: half the time zlib takes, measured on a layer
 * of 2,345 gzip'd files (zlib's state and window are made for each). */
static ssize_t gunzipped_head(struct scan *sc, struct source *src, unsigned char *head)
{
	char err[300];
	const struct isal_calls *z = isal_calls(&sc->libs->isal, err, sizeof err);
	struct gunzip g;
	if (!z || gzip_header(src, 0) <= 0)
		return inflated_head(sc, src, head);
	if (gunzip_open(&g, z, src) < 0)
		return -1;
	g.glance = true; /* the stream is checked when it is read, if it is */
	ssize_t n = head_pulled(gunzip_read, &g, head);
	gunzip_close(&g);
	return n;
}
#endif

/* Whether the compressed stream at the start of src holds an input: its
 * first decompressed bytes bid as one (a gzip'd man page, a .jar's
 * deflated class, hold none).  src is left at its start. */
static bool holds_input(struct scan *sc, struct source *src)
{
	/* on the heap: a thread's stack is small, and a static thread-local
	 * buffer is zeroed for every command's main thread before main() */
	unsigned char *head = malloc(BID_BYTES);
	const struct reader *tie, *r = NULL;
	if (!head)
		return true; /* said when it is read */
	src->pos = 0;
#ifdef HAVE_ISAL
	ssize_t n = gunzipped_head(sc, src, head);
#else
	ssize_t n = inflated_head(sc, src, head);
#endif
	src->pos = 0;
	src->err = 0;
	r = n > 0 ? reader_identify(head, (size_t)n, &tie) : NULL;
	free(head);
	return n < 0 || (r && r->kind != R_UNREAD && r->kind != R_SPEC);
}

/* What entering a member keeps of the input it is in. */
struct member {
	struct outer o;
	size_t mark;
	const char *what;
	uintmax_t start;
	bool unopened;
};

/* The member at path, entry number `entry` of an archive (0: none), which
 * bid as `what`, entered: 0; -1 when it is not to be read (beyond --depth),
 * said in a warning. */
static int member_enter(struct scan *sc, const char *path, const char *what, uintmax_t entry,
			struct member *m)
{
	char why[400], q[300];
	quote(q, sizeof q, path, strlen(path));
	if (sc->depth >= sc->j->depth) {
		snprintf(why, sizeof why, "'%s': %s, not read: deeper than --depth=%u", q, what,
			 sc->j->depth);
		return scan_trouble(sc, why, entry, TROUBLE_WARNING), -1;
	}
	if (!within_enter(sc, path, &m->mark, why, sizeof why))
		return scan_trouble(sc, why, entry, TROUBLE_WARNING), -1;
	m->what = sc->member_what, m->start = sc->member_start, m->unopened = sc->unopened;
	sc->member_what = what, sc->member_start = sc->all.entries, sc->unopened = false;
	outer_save(sc, &m->o);
	return 0;
}

/* The member left, its reader's status given: the status it gives the
 * input, 0 for one that bid and could not be read at all (a warning
 * said so). */
static int member_leave(struct scan *sc, const struct member *m, int status)
{
	bool read = !sc->unopened;
	if (sc->unopened && status == EXIT_TROUBLE)
		status = EXIT_OK;
	outer_restore(sc, &m->o);
	sc->member_what = m->what, sc->member_start = m->start, sc->unopened = m->unopened;
	sc->members += read;
	within_leave(sc, m->mark);
	return status;
}

/* The member at path of an archive, entry number `entry`, whose bytes src
 * holds from their start, which bid as `what`: read as an input, its
 * records naming it; beyond --depth, a warning that names it. */
static int nested(struct scan *sc, struct source *src, const char *path, const char *what,
		  uintmax_t entry)
{
	struct member m;
	if (member_enter(sc, path, what, entry, &m) < 0)
		return EXIT_OK;
	return member_leave(sc, &m, walk(sc, src));
}

static int inner_image(struct scan *sc, const struct reader *r, const char *name,
		       const char *what, uintmax_t entry, const struct image_file *f,
		       const char *type);

/* Whether a member's data, whose first n bytes are p, lies whole in the
 * file where `here` says (a stored tar member, an ISO 9660 extent): its
 * first bytes there are p's, and the file holds it to its end. */
static bool in_place(const struct image_file *here, const unsigned char *p, size_t n)
{
	unsigned char there[4096];
	struct stat st;
	if (n > sizeof there)
		n = sizeof there;
	return here->fd >= 0 && fstat(here->fd, &st) == 0 && here->at <= (uint64_t)st.st_size &&
	       here->size <= (uint64_t)st.st_size - here->at &&
	       pread(here->fd, there, n, (off_t)here->at) == (ssize_t)n && !memcmp(there, p, n);
}

/* Whether a member whose first bytes are identified as r (none: tie, two
 * formats that bid alike, or nothing) is read as an input; a compressed
 * stream only when it holds one.  A format named but not parsed, and an
 * ambiguity, are said in a warning, after the records held before it
 * (held, or NULL). */
static bool wanted(struct scan *sc, struct source *src, const char *path, uintmax_t entry,
		   const struct reader *r, const struct reader *tie, struct backlog *held,
		   int *status)
{
	char q[300], why[500];
	if (r && r->kind != R_SPEC && r->kind != R_UNREAD)
		return r->kind != R_COMPRESSION || holds_input(sc, src);
	if (r ? r->kind != R_UNREAD : !tie)
		return false;
	quote(q, sizeof q, path, strlen(path));
	if (r)
		snprintf(why, sizeof why, "'%s': %s archive, a format that stores no device number: "
			 "not read", q, r->name);
	else
		snprintf(why, sizeof why, "'%s': its first bytes begin both a %s and another input: "
			 "not read", q, tie->name);
	if (held)
		*status = status_max(*status, backlog_drain(held));
	scan_trouble(sc, why, entry, TROUBLE_WARNING);
	return false;
}

/* The first bytes of a member's data, from its start: HEAD_FIRST, or
 * BID_BYTES where those could begin an ISO image, pulled no further: a
 * member that is no input (most are) is copied out of its archive no
 * more than that.  How many *p holds, -1. */
static ssize_t member_head(struct source *data, const unsigned char **p)
{
	const struct reader *tie;
	ssize_t n = source_more(data, HEAD_FIRST, p);
	if (n == HEAD_FIRST && system_area_head(*p) && !reader_identify(*p, (size_t)n, &tie))
		n = source_more(data, BID_BYTES, p);
	return n;
}

/* A regular file of an archive, entry number `entry`, its bytes in data:
 * read as an input when its first bytes bid as one, the records held
 * before it made first; an image whose bytes lie whole in the input's
 * file (`here`, or fd -1), where they are. */
static int member_data(struct scan *sc, struct source *data, const char *path, uintmax_t entry,
		       struct backlog *held, const struct image_file *here)
{
	const unsigned char *p;
	int status = EXIT_OK;
	ssize_t n = member_head(data, &p); /* a read that fails is said as the archive reads on */
	const struct reader *tie = NULL, *r = n > 0 ? reader_identify(p, (size_t)n, &tie) : NULL;
	if (wanted(sc, data, path, entry, r, tie, held, &status)) {
		char what[64];
		n = source_more(data, SOURCE_BLOCK, &p); /* read on in whole blocks, as any input */
		reader_what(r, what, sizeof what);
		status = status_max(status, backlog_drain(held));
		if (r->kind == R_IMAGE && !r->by_name && in_place(here, p, (size_t)n))
			status = status_max(status, inner_image(sc, r, path, what, entry, here, r->name));
		else
			status = status_max(status, nested(sc, data, path, what, entry));
	}
	return status;
}

/* The data of the entry step s handed out, numbered n: a layer of an
 * image (to a crew's thread where one may read it in the file), or a
 * member read as an input where it bids as one (member_data). */
static int entry_data(struct scan *sc, struct entries *it, const struct entry_step *s, uintmax_t n,
		      struct backlog *held)
{
	struct image_file here = { s->fd, s->at, s->size };
	struct source data;
	char name[200];
	int status = EXIT_OK;
	bool layer = !sc->layer && !sc->depth && s->x.type == AE_IFREG &&
		     layer_name(s->x.path, name, sizeof name);
	if (layer)
		status = backlog_drain(held);
	if (layer && s->plain && handed(sc, &here, name))
		return status;
	if (it->data(it, &data) < 0)
		return status_max(status, scan_trouble(sc, strerror(errno), 0, TROUBLE_ARCHIVE));
	data.first = layer ? 0 : HEAD_FIRST;
	status = status_max(status, layer ? layer_walk(sc, &data, name)
					  : member_data(sc, &data, s->x.path, n, held, &here));
	source_free(&data);
	const char *why = it->data_failed ? it->data_failed(it) : NULL;
	if (why)
		status = status_max(status, scan_trouble(sc, why, n, TROUBLE_ENTRY));
	return status;
}

int scan_job(struct scan *sc, const struct layer_job *job)
{
	struct file_window w = { job->fd, job->at, job->size };
	struct source src;
	int status;
	if (job->whole) {
		status = scan_file(sc, job->fd, job->name);
		close(job->fd);
		return status;
	}
	if (source_pulled(&src, sc->la, file_window_pull, &w) < 0)
		return scan_trouble(sc, strerror(errno), 0, TROUBLE_ARCHIVE);
	status = layer_walk(sc, &src, job->name);
	source_free(&src);
	return status;
}

/* Whether the layer whose bytes lie whole at `here` in a file went to
 * the crew (made now if need be): only with --jobs above one, and a
 * file as long as the archive says. */
static bool handed(struct scan *sc, const struct image_file *here, const char *name)
{
	struct layer_job job = { .fd = here->fd, .at = here->at, .size = here->size };
	struct stat st;
	if (sc->j->jobs == 1 || fstat(here->fd, &st) != 0 ||
	    here->at + here->size > (uint64_t)st.st_size)
		return false;
	snprintf(job.name, sizeof job.name, "%s", name);
	if (!sc->crew)
		sc->crew = crew_new(sc, sc->j->jobs, scan_job);
	return sc->crew && crew_add(sc->crew, &job) == 0;
}

/* One file, as an input or as the layer `layer` of an image. */
int scan_file(struct scan *sc, int fd, const char *layer)
{
	struct source src;
	if (source_fd(&src, sc->la, fd) < 0)
		return scan_trouble(sc, strerror(errno), 0, TROUBLE_ARCHIVE);
	int status = layer ? layer_walk(sc, &src, layer)
		   : sc->spec ? specification(sc, &src, sc->spec, NULL) : walk(sc, &src);
	if (sc->crew && !layer)
		status = status_max(status, crew_done(sc->crew, sc)), sc->crew = NULL;
	source_free(&src);
	return status;
}

enum { PARTITIONS_MAX = 256 };

/* The image of `type` that is the member `name` (entry number `entry`
 * of an archive, or 0) of the input sc reads, where it is: f. */
static int inner_image(struct scan *sc, const struct reader *r, const char *name,
		       const char *what, uintmax_t entry, const struct image_file *f,
		       const char *type)
{
	struct member m;
	int status = member_enter(sc, name, what, entry, &m);
	if (status < 0)
		return EXIT_OK; /* said */
	sc->segment = 1, sc->offset = 0, sc->compression = "none"; /* the partition's */
	status = r->read(sc, f, type);
	scan_summary(sc);
	return member_leave(sc, &m, status);
}

/* Partition p of the disk image in the file fd, read as an input in
 * place; one that holds nothing scan reads, a warning naming what it is. */
static int partition(struct scan *sc, int fd, const struct partition *p)
{
	char name[120], type[64] = "", what[80], why[400];
	unsigned char head[BID_BYTES];
	struct file_window w = { fd, p->at, p->size };
	struct source src;
	snprintf(name, sizeof name, "partition %d (type %s, at byte %llu)", p->number, p->type,
		 p->at);
	bool fs = probe_filesystem(&sc->libs->blkid, fd, (long long)p->at, (long long)p->size,
				   type, sizeof type);
	const struct reader *r = fs ? reader_find(R_IMAGE, type) : NULL;
	ssize_t n = p->size ? pread(fd, head, p->size < sizeof head ? p->size : sizeof head,
				    (off_t)p->at) : 0;
	if (fs)
		snprintf(what, sizeof what, "%s file system", type);
	if (fs && !r) {
		char names[100];
		reader_names(R_IMAGE, names, sizeof names);
		snprintf(why, sizeof why, "%s: %s, not read: scan reads %s", name, what, names);
		return scan_trouble(sc, why, 0, TROUBLE_WARNING);
	}
	const struct reader *tie, *inner = fs || n <= 0 ? NULL : reader_identify(head, (size_t)n, &tie);
	if (inner && inner->kind != R_UNREAD)
		reader_what(inner, what, sizeof what);
	if (!fs && (!inner || inner->kind == R_UNREAD)) {
		snprintf(why, sizeof why, "%s: not read: libblkid finds no file system in it, and "
			 "scan no input", name);
		return scan_trouble(sc, why, 0, TROUBLE_WARNING);
	}
	if (r && !r->by_name)
		return inner_image(sc, r, name, what, 0, &(struct image_file){ fd, p->at, p->size },
				   type);
	if (source_pulled(&src, sc->la, file_window_pull, &w) < 0)
		return scan_trouble(sc, strerror(errno), 0, TROUBLE_ARCHIVE);
	int status = nested(sc, &src, name, what, 0);
	source_free(&src);
	return status;
}

/* The partitions of a disk image, each read as an input: the status; -1
 * when src holds no partition table libblkid knows.  A stream whose
 * first bytes begin one is read from a temporary copy. */
static int disk(struct scan *sc, struct source *src)
{
	struct partition parts[PARTITIONS_MAX];
	char table[32], why[300];
	const unsigned char *p;
	int fd = src->seekable ? src->fd : -1, status = EXIT_OK;
	if (fd < 0) {
		src->pos = 0;
		ssize_t n = source_at(src, &p);
		const struct reader *tie, *r = n > 0 ? reader_identify(p, (size_t)n, &tie) : NULL;
		if (!r || r->kind != R_TABLE)
			return -1;
		if ((fd = spool(src, NULL, &sc->spooled, why, sizeof why)) < 0)
			return scan_trouble(sc, why, 0, TROUBLE_ARCHIVE);
	}
	int count = probe_partitions(&sc->libs->blkid, fd, parts, PARTITIONS_MAX, table,
				     sizeof table);
	for (int i = 0; i < count && i < PARTITIONS_MAX; i++)
		if (!parts[i].extended) /* its logical partitions are listed too */
			status = status_max(status, partition(sc, fd, &parts[i]));
	if (count > PARTITIONS_MAX) {
		snprintf(why, sizeof why, "a %s partition table of %d partitions: the first %d read",
			 table, count, PARTITIONS_MAX);
		scan_trouble(sc, why, 0, TROUBLE_WARNING);
	}
	if (fd != src->fd)
		close(fd);
	return count > 0 ? status : -1;
}

/* The bytes an image's file bids with: what most formats' bids read;
 * past them, ISO 9660's volume descriptor, read only when the first are
 * zeros (an ISO's system area). */
enum { HEAD_BYTES = 4104 };

/* An image's file read in order, as a source pulls it. */
struct file_pull {
	const struct inner_file *f;
	uint64_t at;
};

static ssize_t file_read(void *data, unsigned char *p, size_t n, const char **why)
{
	struct file_pull *fp = data;
	long got = fp->at >= fp->f->size ? 0 : fp->f->read_at(fp->f->data, fp->at, p, n, why);
	if (got > 0)
		fp->at += (uint64_t)got;
	return got;
}

/* The first bytes of f into head (BID_BYTES): how many, or -1 with *why. */
static long file_head(const struct inner_file *f, unsigned char *head, const char **why)
{
	size_t want = f->size < HEAD_BYTES ? (size_t)f->size : HEAD_BYTES;
	long got = f->read_at(f->data, 0, head, want, why);
	bool zeros = got == (long)want && want == HEAD_BYTES && !head[0] &&
		     !memcmp(head, head + 1, HEAD_BYTES - 1);
	if (zeros && f->size >= BID_BYTES)
		got = f->read_at(f->data, 0, head, BID_BYTES, why);
	return got;
}

int scan_inner(struct scan *sc, const struct inner_file *f, const char *path)
{
	unsigned char head[BID_BYTES];
	const char *why = NULL;
	long n = file_head(f, head, &why);
	const struct reader *tie = NULL, *r = n > 0 ? reader_identify(head, (size_t)n, &tie) : NULL;
	if (n < 0) {
		char said[600], q[300];
		quote(q, sizeof q, path, strlen(path));
		snprintf(said, sizeof said, "%s: %s", q, why ? why : "cannot be read");
		return scan_trouble(sc, said, 0, TROUBLE_ARCHIVE);
	}
	if (!r && !tie)
		return EXIT_OK; /* no input: most files */
	struct file_pull fp = { f, 0 };
	struct source src;
	int status = EXIT_OK;
	if (source_pulled(&src, sc->la, file_read, &fp) < 0)
		return scan_trouble(sc, strerror(errno), 0, TROUBLE_ARCHIVE);
	if (wanted(sc, &src, path, 0, r, tie, NULL, &status)) {
		char what[80];
		reader_what(r, what, sizeof what);
		status = nested(sc, &src, path, what, 0);
	}
	source_free(&src);
	return status;
}
