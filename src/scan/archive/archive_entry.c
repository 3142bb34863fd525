/* archive_entry.c - a libarchive entry taken while the archive is at it
 * (what scan reads of it, no more), then made the neutral entry
 * scan_record takes: its container by libarchive's format, its number as
 * the format stores it (the parts, a raw value, ISO 9660's PN as its
 * writer meant it, mtree's device= keyword), and what only libarchive's
 * view shows (no number, a rejected keyword, a part libarchive cannot
 * hold); tar hard links to device entries resolved to them.  The second
 * half reads only what was taken, so a thread of its own may do it
 * (backlog.h). */
#include <config.h>

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "parse/netbsd.h"
#include "render/output.h"
#include "scan/core/findings.h"
#include "scan/archive/mtree_device.h"
#include "scan/archive/rpm_header.h"
#include "scan/core/scan.h"

/* An entry being made, with room for the notes of its own findings. */
struct making {
	struct entry e;
	char notes[ENTRY_FOUND_MAX][600]; /* the first findings' */
	char last[120];                   /* rdev-on-non-device's */
	char rpm[300];                    /* rpm's */
};

/* A finding of the reader's, first (before the number's): its note from fmt. */
static void first(struct making *m, enum finding id, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void first(struct making *m, enum finding id, const char *fmt, ...)
{
	va_list ap;
	if (m->e.nfirst >= sizeof m->notes / sizeof m->notes[0])
		return;
	char *note = m->notes[m->e.nfirst];
	va_start(ap, fmt);
	vsnprintf(note, sizeof m->notes[0], fmt, ap);
	va_end(ap);
	m->e.first[m->e.nfirst++] = (struct entry_found){ id, note };
}

/* The container of libarchive's format, or NULL; *raw when libarchive
 * hands over the stored raw value (archive_entry_rdev) instead of the
 * two parts. */
static const devnum_container *find_container(int format)
{
	switch (format) {
	case ARCHIVE_FORMAT_CPIO_POSIX: return devnum_container_find("cpio-odc");
	case ARCHIVE_FORMAT_CPIO_BIN_LE:
	case ARCHIVE_FORMAT_CPIO_BIN_BE:
	case ARCHIVE_FORMAT_CPIO_PWB: return devnum_container_find("cpio-bin");
	case ARCHIVE_FORMAT_CPIO_SVR4_NOCRC: return devnum_container_find("cpio-newc");
	case ARCHIVE_FORMAT_CPIO_SVR4_CRC: return devnum_container_find("cpio-crc");
	case ARCHIVE_FORMAT_TAR_USTAR: return devnum_container_find("ustar");
	case ARCHIVE_FORMAT_TAR_PAX_INTERCHANGE:
	case ARCHIVE_FORMAT_TAR_PAX_RESTRICTED: return devnum_container_find("pax");
	case ARCHIVE_FORMAT_TAR_GNUTAR: return devnum_container_find("gnutar");
	case ARCHIVE_FORMAT_ISO9660:
	case ARCHIVE_FORMAT_ISO9660_ROCKRIDGE: return devnum_container_find("iso9660");
	default: return NULL;
	}
}

const devnum_container *scan_container(struct scan *sc, int format, bool *raw)
{
	*raw = format == ARCHIVE_FORMAT_CPIO_POSIX || format == ARCHIVE_FORMAT_CPIO_BIN_LE ||
	       format == ARCHIVE_FORMAT_CPIO_BIN_BE || format == ARCHIVE_FORMAT_CPIO_AFIO_LARGE ||
	       format == ARCHIVE_FORMAT_CPIO_PWB;
	if (format != sc->format)
		sc->container = find_container(format), sc->format = format;
	return sc->container;
}

/* Why a format's device entries have no number, or NULL where libarchive
 * hands one over. */
static const char *no_number(int format)
{
	switch (format & ARCHIVE_FORMAT_BASE_MASK) {
	case ARCHIVE_FORMAT_TAR:
	case ARCHIVE_FORMAT_CPIO:
	case ARCHIVE_FORMAT_MTREE:
	case ARCHIVE_FORMAT_ISO9660: return NULL;
	case ARCHIVE_FORMAT_7ZIP: return "7-Zip stores no device number";
	case ARCHIVE_FORMAT_XAR:
		return "xar stores the device in its table of contents, "
		       "but libarchive's reader drops it";
	case ARCHIVE_FORMAT_ZIP:
		return "zip keeps a device number only in PKWARE's 0x000d extra field, in its "
		       "central directory at its end, which scan reads only from a file it can seek in";
	default: return "the format stores no device number that libarchive reads";
	}
}

static const char *type_name(unsigned type)
{
	switch (type) {
	case AE_IFCHR: return "char";
	case AE_IFBLK: return "block";
	case AE_IFREG: return "file";
	case AE_IFDIR: return "dir";
	case AE_IFLNK: return "symlink";
	case AE_IFIFO: return "fifo";
	case AE_IFSOCK: return "socket";
	default: return "other";
	}
}

/* How a Rock Ridge writer filled PN, by what it wrote of itself in the
 * volume descriptor (system, publisher, data preparer, application). */
enum pn { PN_UNKNOWN, PN_HALVES, PN_PARTS };

static bool says(const unsigned char *field, size_t n, const char *word)
{
	return memmem(field, n, word, strlen(word)) != NULL;
}

static enum pn pn_writer(const unsigned char *v)
{
	static const char *const halves[] = { "LIBARCHIVE", "XORRISO", "LIBISOFS" };
	if (!v || memcmp(v + 1, "CD001", 5) != 0)
		return PN_UNKNOWN;
	const unsigned char *ids = v + 318; /* publisher, preparer, application */
	const size_t n = (size_t)3 * 128;
	if (says(ids, n, "GENISOIMAGE"))
		return PN_PARTS;
	for (size_t i = 0; i < sizeof halves / sizeof halves[0]; i++)
		if (says(ids, n, halves[i]))
			return PN_HALVES;
	return PN_UNKNOWN;
}

/* Rock Ridge PN: libarchive joins its halves as high << 32 | low, a host
 * dev_t, which gives both back exactly.  The tuple the writer meant,
 * when its convention is known or both give the same (else unknown); what
 * Linux's isofs reads, where that differs. */
static void pn_number(struct scan *sc, struct making *m, uint64_t raw)
{
	const devnum_container *c = m->e.c;
	uint64_t canon;
	uint32_t high = (uint32_t)(raw >> 32), low = (uint32_t)raw;
	const devnum_scheme *s = devnum_container_scheme(c, scheme_given(sc->j));
	struct devnum_tuple parts = { high, low }, halves, *t = &m->e.t;
	struct devnum_judgement k;
	m->e.f = (struct devnum_fields){ 1, 1, { raw } };
	m->e.scheme = s;
	/* what Linux's isofs reads, whatever the writer meant: glibc's
	 * 64-bit layout takes every pair of halves */
	devnum_container_unpack(c, devnum_scheme_find("glibc"), &m->e.f, &k);
	struct devnum_tuple kernel = k.becomes;
	enum pn w = pn_writer(sc->volume);
	bool valid = devnum_decode(s, raw, &halves, &canon, NULL) != DEVNUM_REFUSED;
	if (w == PN_PARTS || (w == PN_UNKNOWN && valid && halves.major == parts.major &&
			       halves.minor == parts.minor))
		*t = parts;
	else if (w == PN_HALVES && valid)
		*t = halves;
	else {
		first(m, F_AMBIGUOUS, "PN (0x%x, 0x%x): %llu:%llu as (major, minor), as genisoimage "
		      "writes it, or %llu:%llu as the dev_t's halves, as bsdtar and xorriso do; the "
		      "volume does not say which wrote it; Linux reads %llu:%llu", high, low,
		      (ull)parts.major, (ull)parts.minor, (ull)halves.major, (ull)halves.minor,
		      (ull)kernel.major, (ull)kernel.minor);
		return;
	}
	m->e.number = E_TUPLE;
	if (t->major != kernel.major || t->minor != kernel.minor)
		first(m, F_ISOFS, "Linux reads PN (0x%x, 0x%x) as %llu:%llu", high, low,
		      (ull)kernel.major, (ull)kernel.minor);
}

/* mtree's device= that libarchive rejected: in NetBSD's words, which name
 * the part and the limit, where the spec can be read again; else in
 * libarchive's. */
static void rejected(struct scan *sc, struct making *m, const char *path, const char *why)
{
	char device[256], err[300];
	struct devnum_tuple t;
	const devnum_scheme *s;
	if (sc->file >= 0 && path && mtree_device(sc->file, sc->file_base, path, device, sizeof device) &&
	    netbsd_read(device, strlen(device), BASE_C, &t, &s, err, sizeof err) < 0)
		first(m, F_REJECTED, "device=%s rejected: %s", device, err);
	else
		first(m, F_REJECTED, "device= rejected: %s", why);
}

/* The number the entry carries, as its format stores it, into m; or
 * unknown, with the finding that says why. */
static void number(struct scan *sc, struct making *m, const struct archived *x)
{
	int format = x->format;
	const char *none = x->fields ? NULL : x->unknown ? x->unknown : no_number(format);
	if (x->fields) {
		m->e.number = E_FIELDS;
		m->e.f = (struct devnum_fields){ 2, 3, { x->major, x->minor } };
		return;
	}
	if (none) {
		first(m, F_UNKNOWN, "%s", none);
		return;
	}
	if ((format & ARCHIVE_FORMAT_BASE_MASK) == ARCHIVE_FORMAT_ISO9660) {
		pn_number(sc, m, x->rdev);
		return;
	}
	if ((format & ARCHIVE_FORMAT_BASE_MASK) == ARCHIVE_FORMAT_MTREE) {
		if (x->rc == ARCHIVE_WARN && x->why) {
			rejected(sc, m, x->path, x->why);
			return;
		}
		if (!x->rdev) {
			first(m, F_UNKNOWN, "no device= keyword (or device 0:0: libarchive does not "
			      "tell the two apart)");
			return;
		}
	}
	if (x->raw) {
		m->e.number = E_RAW;
		m->e.f = (struct devnum_fields){ 1, 1, { x->rdev } };
		m->e.nodev = true;
		return;
	}
	m->e.t = (struct devnum_tuple){ x->major, x->minor };
	if (m->e.t.major == INT64_MAX || m->e.t.minor == INT64_MAX) /* where libarchive stops */
		first(m, F_TOO_LARGE, "a part of 2^63-1 or more: libarchive reads every larger "
		      "value as 2^63-1, so the stored one is not known");
	else
		m->e.number = E_TUPLE;
}

/* An RPM payload's device held to its header's FILERDEVS, which rpm -i
 * makes the node of: rpm's rpm_rdev_t keeps 16 bits of the dev_t that
 * rpmbuild saw, read back as glibc's. */
static void rpm_finding(struct scan *sc, struct making *m, const struct archived *x)
{
	const struct rpm_device *d = rpm_find(sc->rpm, x->path ? x->path : "");
	if (!d) {
		m->e.last[m->e.nlast++] = (struct entry_found){ F_RPM_HEADER,
			"not in the package header's file list: rpm -i would not make it" };
		return;
	}
	unsigned ma = d->rdev >> 8, mi = d->rdev & 0xff;
	bool same = !x->raw && x->major == ma && x->minor == mi;
	snprintf(m->rpm, sizeof m->rpm, "%s FILERDEVS 0x%04x, what rpm -i makes: %u:%u; rpm "
		 "keeps 16 bits of each device, and rpmbuild cut any wider one to them%s",
		 same ? "the header's" : "but the header's", d->rdev, ma, mi,
		 same ? "" : ", not the payload's number");
	m->e.last[m->e.nlast++] = (struct entry_found){ same ? F_RPM : F_RPM_HEADER, m->rpm };
}

/* A device entry, kept for the tar hard links that may name it later. */
static void keep(struct scan *sc, int format, const char *path, bool known,
		 struct devnum_tuple t, bool block)
{
	struct linked d = { 0, t, known, block };
	if ((format & ARCHIVE_FORMAT_BASE_MASK) == ARCHIVE_FORMAT_TAR && !sc->links.full)
		links_add(&sc->links, path, &d);
}

/* A hard link to no device kept: said once, when the table was full. */
static void unresolved(struct scan *sc, const char *link)
{
	char q[400];
	if (!link || !sc->links.full || sc->links.told)
		return;
	sc->links.told = true;
	quote(q, sizeof q, sc->r.text[K_INPUT], sc->r.len[K_INPUT]);
	diag("'%s': warning: more than %zu device entries: hard links to the later ones "
	     "are not known for what they are, and are not listed", q, (size_t)LINKS_MAX);
}

bool scan_take(struct scan *sc, struct archive *a, struct archive_entry *e, int rc,
	       struct archived *x)
{
	const struct archive_calls *la = sc->la;
	int format = la->archive_format(a);
	*x = (struct archived){ .type = la->archive_entry_filetype(e), .format = format, .rc = rc,
				.path = la->archive_entry_pathname(e),
				.link = la->archive_entry_hardlink(e) };
	x->c = scan_container(sc, format, &x->raw);
	if (x->raw)
		x->rdev = (uint64_t)la->archive_entry_rdev(e);
	else
		x->major = (uint64_t)la->archive_entry_rdevmajor(e),
		x->minor = (uint64_t)la->archive_entry_rdevminor(e);
	x->stored = x->raw ? x->rdev != 0 : x->major || x->minor;
	if (!scan_recorded(x))
		return false;
	if ((format & ARCHIVE_FORMAT_BASE_MASK) == ARCHIVE_FORMAT_ISO9660 ||
	    (format & ARCHIVE_FORMAT_BASE_MASK) == ARCHIVE_FORMAT_MTREE)
		x->rdev = (uint64_t)la->archive_entry_rdev(e);
	x->why = rc == ARCHIVE_WARN ? la->archive_error_string(a) : NULL;
	x->format_name = la->archive_format_name(a);
	return true;
}

int scan_entry(struct scan *sc, const struct archived *x)
{
	unsigned type = x->type;
	const char *path = x->path, *link = x->link;
	const struct linked *target = link && type != AE_IFCHR && type != AE_IFBLK
					      ? links_find(&sc->links, link) : NULL;
	bool device = type == AE_IFCHR || type == AE_IFBLK || target, known;
	struct devnum_tuple t;
	if (!device && !target)
		unresolved(sc, link);
	if (!device && !(x->stored && x->c))
		return EXIT_OK;
	struct making m; /* its notes written before they are read: not cleared */
	m.e = (struct entry){ .path = path ? path : "", .device = device,
			      .format = x->format_name ? x->format_name : "", .segment = sc->segment,
			      .offset = sc->offset, .compression = sc->compression };
	if (target) { /* its device, judged where it was listed */
		m.e.link = link, m.e.again = true;
		m.e.type = target->block ? "block" : "char";
		m.e.number = target->known ? E_TUPLE : E_UNKNOWN, m.e.t = target->t;
		return scan_record(sc, &m.e, &t, &known);
	}
	m.e.type = type_name(type);
	m.e.link = link && device ? link : NULL;
	m.e.c = x->c;
	number(sc, &m, x);
	if (device && sc->rpm)
		rpm_finding(sc, &m, x);
	if (!device) {
		snprintf(m.last, sizeof m.last, "a %s entry that stores a device number", m.e.type);
		m.e.last[m.e.nlast++] = (struct entry_found){ F_RDEV_ON_NON_DEVICE, m.last };
	}
	int status = scan_record(sc, &m.e, &t, &known);
	if (device)
		keep(sc, x->format, m.e.path, known, t, type == AE_IFBLK);
	return status;
}
