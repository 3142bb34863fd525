/* scan_entry.c - one entry as a record, with what is wrong with it: an
 * archive's, from the fields libarchive hands over (scan_entry), and a
 * file-system image's device inode, from the fields its reader found
 * (scan_inode); the tuple, or unknown where the format stores none. */
#include <config.h>

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "scan/findings.h"
#include "scan/mtree_device.h"
#include "parse/netbsd.h"
#include "registry/registry.h"
#include "render/output.h"
#include "scan/scan.h"

typedef unsigned long long ull;

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

/* The same, the last answer kept in the scan: an archive's entries share
 * a format. */
static const devnum_container *container_of(struct scan *sc, int format, bool *raw)
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
		return "zip keeps a device number only in PKWARE's 0x000d extra field, "
		       "which libarchive does not read";
	default: return "the format stores no device number that libarchive reads";
	}
}

/* Whether `word` is one of the blank-separated words of `list`. */
static bool listed(const char *list, const char *word)
{
	size_t n = strlen(word);
	for (const char *p = list; *p; p += strcspn(p, " "), p += *p == ' ')
		if (strcspn(p, " ") == n && !strncmp(p, word, n))
			return true;
	return false;
}

/* A finding of the entry's, its note from fmt: its word listed once in
 * the words, its note joined to the others for plain text, and both kept
 * as its own object for JSON; a fault sets the entry's status to 1. */
static void found(struct scan *sc, enum finding id, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void found(struct scan *sc, enum finding id, const char *fmt, ...)
{
	struct record *r = &sc->r;
	const struct finding_row *row = &finding_rows[id];
	size_t nw = (r->have & KEY(K_FINDINGS)) ? r->len[K_FINDINGS] : 0;
	size_t nn = (r->have & KEY(K_NOTE)) ? r->len[K_NOTE] : 0, at;
	va_list ap;
	if (!(nw && listed(r->findings, row->word))) /* each word once */
		nw = appended(nw, sizeof r->findings, snprintf(r->findings + nw, sizeof r->findings - nw,
							       "%s%s", nw ? " " : "", row->word));
	if (nn && nn < sizeof r->note - 2)
		r->note[nn++] = ';', r->note[nn++] = ' ';
	at = nn;
	va_start(ap, fmt);
	nn = appended(nn, sizeof r->note, vsnprintf(r->note + nn, sizeof r->note - nn, fmt, ap));
	va_end(ap);
	if (r->nfound < FOUND_MAX)
		r->found[r->nfound++] = (struct found){ row->word, row->fault, (uint16_t)at,
							(uint16_t)(nn - at) };
	set_text(r, K_FINDINGS, r->findings, nw);
	set_text(r, K_NOTE, r->note, nn);
	sc->unfit |= row->fault;
}

/* Whether extractor w is one to judge by: each but the kernel's own row,
 * or the one --writer names. */
static bool judged(const struct scan *sc, const devnum_writer *w)
{
	const devnum_writer *only = sc->j->writer;
	if (only && devnum_writer_find(devnum_writer_name(only), sc->mknod))
		return !strcmp(devnum_writer_name(only), devnum_writer_name(w));
	return strcmp(devnum_writer_name(w), devnum_container_name(sc->mknod)) != 0;
}

/* What extractor w makes of t: refused (all ones), or the tuple; and
 * whether w is one to ask. */
static bool extracts(const struct scan *sc, size_t i, struct devnum_tuple t, struct devnum_tuple *made)
{
	const devnum_writer *w = devnum_writer_at(i);
	struct devnum_judgement k;
	if (devnum_writer_container(w) != sc->mknod || !judged(sc, w))
		return false;
	bool refused = devnum_container_fit(sc->mknod, w, NULL, t, &k) == DEVNUM_REFUSED;
	*made = refused ? (struct devnum_tuple){ UINT64_MAX, UINT64_MAX } : k.becomes;
	return true;
}

/* The names of the extractors after `from` that make what `made` says,
 * joined by "and"; how many. */
static int makers(const struct scan *sc, size_t from, struct devnum_tuple t,
		  struct devnum_tuple made, char *buf, size_t size, size_t *n)
{
	struct devnum_tuple m;
	int count = 0;
	for (size_t i = from; i < devnum_writer_count(); i++)
		if (extracts(sc, i, t, &m) && m.major == made.major && m.minor == made.minor)
			*n = appended(*n, size, snprintf(buf + *n, size - *n, "%s%s", count++ ? " and " : " ",
							 devnum_writer_version(devnum_writer_at(i))));
	return count;
}

/* What the extractors (the writers of Linux's mknod) make of a tuple the
 * kernel's dev_t cannot hold, those that agree named together, after
 * "PART N above LIMIT:"; *zero: whether they make a char device 0:0. */
static size_t extractors(const struct scan *sc, struct devnum_tuple t, char *note, size_t size,
			 size_t n, bool *zero)
{
	for (size_t i = 0; i < devnum_writer_count(); i++) {
		struct devnum_tuple made, seen;
		bool before = false;
		if (!extracts(sc, i, t, &made))
			continue;
		for (size_t k = 0; k < i && !before; k++)
			before = extracts(sc, k, t, &seen) && seen.major == made.major &&
				 seen.minor == made.minor;
		if (before)
			continue;
		int count = makers(sc, i, t, made, note, size, &n);
		if (made.major == UINT64_MAX)
			n = appended(n, size, snprintf(note + n, size - n, " refuse%s it (EINVAL);",
						       count > 1 ? "" : "s"));
		else
			n = appended(n, size, snprintf(note + n, size - n, " make%s %llu:%llu;",
						       count > 1 ? "" : "s", (ull)made.major,
						       (ull)made.minor));
		*zero |= sc->r.text[K_TYPE][0] == 'c' && !made.major && !made.minor;
	}
	return n && note[n - 1] == ';' ? n - 1 : n;
}

/* What Linux (mknod's dev_t, through each extractor) and this container's
 * reader make of the tuple. */
static void linux_findings(struct scan *sc, const devnum_container *c, struct devnum_tuple t)
{
	struct devnum_judgement k;
	char note[600];
	bool zero = false;
	if (devnum_container_pack(sc->mknod, NULL, t, &k) == DEVNUM_OK)
		return;
	size_t n = appended(0, sizeof note, snprintf(note, sizeof note, "%s %llu above %llu:",
				k.reason.part == DEVNUM_MAJOR ? "major" : "minor",
				(ull)k.reason.value, (ull)k.reason.limit));
	n = extractors(sc, t, note, sizeof note, n, &zero);
	found(sc, F_NOT_LINUX, "%.*s", (int)n, note);
	if (zero)
		found(sc, F_BECOMES_WHITEOUT, "char 0:0 is an overlay whiteout: extracted over a "
		      "lower layer, it hides that layer's file at this path");
	if (devnum_container_reader(c) == DEVNUM_READER_INITRAMFS &&
	    devnum_container_fit(c, devnum_writer_find("linux", c), NULL, t, &k) == DEVNUM_CHANGED)
		found(sc, F_INITRAMFS, "the Linux initramfs unpacker would make it %llu:%llu",
		    (ull)k.becomes.major, (ull)k.becomes.minor);
}

/* The tuple as the container's reader gets it from a stored raw value;
 * nodev: an all-ones value is NODEV to it (an archive's, not a file
 * system's: squashfs's kernel reader takes 0xffffffff for 4095:1048575). */
static int read_raw_entry(struct scan *sc, const devnum_container *c, uint64_t raw,
			  bool nodev, struct devnum_tuple *t)
{
	const struct job *j = sc->j;
	const devnum_scheme *s = c ? devnum_container_scheme(c, scheme_given(j)) : j->scheme;
	struct devnum_fields fl = { 1, 1, { raw } };
	struct devnum_judgement jd;
	char why[300];
	set_scheme(&sc->r, s);
	set_num(&sc->r, K_RAW, raw);
	devnum_status st = devnum_container_unpack(c, scheme_given(j), &fl, &jd);
	if (c && jd.fate != DEVNUM_INVALID) {
		*t = jd.becomes;
		if (jd.fate == DEVNUM_DAMAGED) {
			char fields[FIELDS_TEXT];
			devnum_fields_print(fields, sizeof fields, c, &fl);
			damage(why, sizeof why, c, &jd, fields);
			found(sc, F_SATURATED, "%s", why);
		}
		else if (st == DEVNUM_ALIAS)
			found(sc, F_ALIAS, "noncanonical in %s", devnum_scheme_name(s));
		else if (nodev && raw == devnum_container_max(c, DEVNUM_RAW))
			found(sc, F_NODEV, "an all-ones %s is NODEV, \"no device\", not a device number",
			    devnum_container_field_names(c));
		return 0;
	}
	struct devnum_reason reason;
	if (decode_why(s, raw, t, &reason) != DEVNUM_REFUSED)
		return 0;
	devnum_strreason(why, sizeof why, s, &reason);
	found(sc, F_INVALID, "%s", why);
	return -1;
}

/* HP-UX's cpio variants store 0:1 and put the raw value in the file size,
 * which libarchive, reading them as plain odc or bin, takes for data. */
static void hpux_finding(struct scan *sc, struct devnum_tuple t, struct archive_entry *e)
{
	const struct archive_calls *la = sc->la;
	const devnum_scheme *s = sc->r.scheme;
	struct devnum_tuple real;
	uint64_t canon, raw = (uint64_t)la->archive_entry_size(e);
	if (t.major || t.minor != 1 || !la->archive_entry_size_is_set(e) || la->archive_entry_size(e) <= 0)
		return;
	if (devnum_decode(s, raw, &real, &canon, NULL) == DEVNUM_REFUSED)
		return;
	found(sc, F_HPUX, "0:1 with a size is HP-UX's mark: the size, raw 0x%llx, is %llu:%llu in %s",
	    (ull)raw, (ull)real.major, (ull)real.minor, devnum_scheme_name(s));
}

/* Whether the tuple fits the container it came in, and each --into. */
static void container_findings(struct scan *sc, const devnum_container *c, struct devnum_tuple t)
{
	const struct job *j = sc->j;
	struct devnum_judgement jd;
	char why[300];
	if (c && devnum_container_pack(c, scheme_given(j), t, &jd) != DEVNUM_OK &&
	    cannot_hold(why, sizeof why, c, &jd) >= 0)
		found(sc, F_BEYOND_CONTAINER, "%s", why);
	for (size_t i = 0; has_option(j, O_INTO) && i < devnum_container_count(); i++) {
		const devnum_container *into = devnum_container_at(i);
		const devnum_writer *w = j->writer ? devnum_writer_find(devnum_writer_name(j->writer), into)
						   : NULL;
		if (!(j->into & UINT64_C(1) << i) ||
		    devnum_container_fit(into, w, scheme_given(j), t, &jd) == DEVNUM_OK)
			continue;
		if (w && jd.changed)
			snprintf(why, sizeof why, "%s makes it %llu:%llu in %s", devnum_writer_version(w),
				 (ull)jd.becomes.major, (ull)jd.becomes.minor, devnum_container_name(into));
		else
			cannot_hold(why, sizeof why, into, &jd);
		found(sc, F_INTO, "%s", why);
	}
}

/* An entry under the image's dev/ whose name the Linux registry gives to
 * another device (a dev/null that is a disk): a broken or hostile image. */
static void misnamed_finding(struct scan *sc, struct devnum_tuple t)
{
	const char *name = sc->r.text[K_PATH], *type = sc->r.text[K_TYPE];
	size_t len = sc->r.len[K_PATH], at = 0;
	for (size_t k; len && (k = *name == '/' ? 1 : len > 1 && !memcmp(name, "./", 2) ? 2 : 0);)
		name += k, len -= k;
	if (len <= 4 || memcmp(name, "dev/", 4) != 0)
		return;
	const struct series *s, *first = NULL;
	uint32_t minor, first_minor = 0;
	while ((s = registry_find(name + 4, len - 4, &at, &minor))) {
		if (s->type == type[0] && s->major == t.major && minor == t.minor)
			return;
		if (!first)
			first = s, first_minor = minor;
	}
	if (first)
		found(sc, F_MISNAMED, "%.*s is %s %u:%u in the Linux registry, not %s %llu:%llu",
		    (int)(len - 4), name + 4, first->type == 'c' ? "char" : "block", first->major,
		    first_minor, type, (ull)t.major, (ull)t.minor);
}

/* The findings of a known tuple. */
static void tuple_findings(struct scan *sc, const devnum_container *c, struct devnum_tuple t,
			   bool device, bool raw)
{
	if (device && sc->r.text[K_TYPE][0] == 'c' && !t.major && !t.minor)
		found(sc, F_WHITEOUT, "a character device 0:0 is an overlay whiteout: "
		     "a mark that the path is deleted, not a device");
	if (!raw && ((t.major == UINT32_MAX && t.minor == UINT32_MAX) ||
		     (t.major == UINT64_MAX && t.minor == UINT64_MAX)))
		found(sc, F_NODEV, "an all-ones device number is NODEV, \"no device\"");
	if (!device)
		return;
	linux_findings(sc, c, t);
	container_findings(sc, c, t);
	misnamed_finding(sc, t);
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
 * when its convention is known or both give the same; what Linux's
 * isofs reads, where that differs. */
static int pn_number(struct scan *sc, const devnum_container *c, struct archive_entry *e,
		     struct devnum_tuple *t)
{
	uint64_t raw = (uint64_t)sc->la->archive_entry_rdev(e), canon;
	uint32_t high = (uint32_t)(raw >> 32), low = (uint32_t)raw;
	const devnum_scheme *s = devnum_container_scheme(c, scheme_given(sc->j));
	struct devnum_tuple parts = { high, low }, halves;
	struct devnum_fields f = { 1, 1, { raw } };
	struct devnum_judgement k;
	/* what Linux's isofs reads, whatever the writer meant: glibc's
	 * 64-bit layout takes every pair of halves */
	devnum_container_unpack(c, devnum_scheme_find("glibc"), &f, &k);
	struct devnum_tuple kernel = k.becomes;
	enum pn w = pn_writer(sc->volume);
	bool valid = devnum_decode(s, raw, &halves, &canon, NULL) != DEVNUM_REFUSED;
	set_scheme(&sc->r, s);
	set_fields(&sc->r, K_FIELDS, c, &f);
	if (w == PN_PARTS || (w == PN_UNKNOWN && valid && halves.major == parts.major &&
			       halves.minor == parts.minor))
		*t = parts;
	else if (w == PN_HALVES && valid)
		*t = halves;
	else {
		found(sc, F_AMBIGUOUS, "PN (0x%x, 0x%x): %llu:%llu as (major, minor), as genisoimage "
		    "writes it, or %llu:%llu as the dev_t's halves, as bsdtar and xorriso do; the "
		    "volume does not say which wrote it; Linux reads %llu:%llu", high, low,
		    (ull)parts.major, (ull)parts.minor, (ull)halves.major, (ull)halves.minor,
		    (ull)kernel.major, (ull)kernel.minor);
		return 0;
	}
	if (t->major != kernel.major || t->minor != kernel.minor)
		found(sc, F_ISOFS, "Linux reads PN (0x%x, 0x%x) as %llu:%llu", high, low,
		    (ull)kernel.major, (ull)kernel.minor);
	return 1;
}

/* mtree's device= that libarchive rejected: in NetBSD's words, which name
 * the part and the limit, where the spec can be read again; else in
 * libarchive's. */
static void rejected(struct scan *sc, const char *path, const char *why)
{
	char device[256], err[300];
	struct devnum_tuple t;
	const devnum_scheme *s;
	if (sc->file >= 0 && path && mtree_device(sc->file, sc->file_base, path, device, sizeof device) &&
	    netbsd_read(device, strlen(device), BASE_C, &t, &s, err, sizeof err) < 0)
		found(sc, F_REJECTED, "device=%s rejected: %s", device, err);
	else
		found(sc, F_REJECTED, "device= rejected: %s", why);
}

/* The number an entry carries: its tuple in *t, 1; or unknown, 0. */
static int number(struct scan *sc, struct archive *a, struct archive_entry *e, int rc,
		  const devnum_container *c, bool raw, struct devnum_tuple *t)
{
	const struct archive_calls *la = sc->la;
	int format = la->archive_format(a);
	const char *none = no_number(format);
	if (none) {
		found(sc, F_UNKNOWN, "%s", none);
		return 0;
	}
	if ((format & ARCHIVE_FORMAT_BASE_MASK) == ARCHIVE_FORMAT_ISO9660)
		return pn_number(sc, c, e, t);
	if ((format & ARCHIVE_FORMAT_BASE_MASK) == ARCHIVE_FORMAT_MTREE) {
		const char *why = la->archive_error_string(a);
		if (rc == ARCHIVE_WARN && why) {
			rejected(sc, la->archive_entry_pathname(e), why);
			return 0;
		}
		if (!la->archive_entry_rdev(e)) {
			found(sc, F_UNKNOWN, "no device= keyword (or device 0:0: libarchive does not "
			    "tell the two apart)");
			return 0;
		}
	}
	if (raw)
		return read_raw_entry(sc, c, (uint64_t)la->archive_entry_rdev(e), true, t) == 0 ? 1 : -1;
	*t = (struct devnum_tuple){ (uint64_t)la->archive_entry_rdevmajor(e),
				    (uint64_t)la->archive_entry_rdevminor(e) };
	if (t->major == INT64_MAX || t->minor == INT64_MAX) { /* where libarchive stops */
		found(sc, F_TOO_LARGE, "a part of 2^63-1 or more: libarchive reads every larger "
		    "value as 2^63-1, so the stored one is not known");
		return 0;
	}
	return 1;
}

/* The tuple, or unknown: null in JSON, "unknown" in plain text. */
static void set_number(struct record *r, int known, struct devnum_tuple t)
{
	if (known > 0)
		set_tuple(r, t);
	else if (known == 0)
		r->unknown |= KEY(K_MAJOR) | KEY(K_MINOR);
}

static void set_where(struct scan *sc, struct archive *a)
{
	const struct archive_calls *la = sc->la;
	const char *format = la->archive_format_name(a);
	struct record *r = &sc->r;
	set_str(r, K_FORMAT, format ? format : "");
	set_num(r, K_SEGMENT, sc->segment);
	set_num(r, K_OFFSET, sc->offset);
	set_str(r, K_COMPRESSION, sc->compression);
	if (sc->layer)
		set_str(r, K_LAYER, sc->layer);
}

/* A device entry, kept for the tar hard links that may name it later. */
static void keep(struct scan *sc, struct archive *a, const char *path, int known,
		 struct devnum_tuple t)
{
	const struct archive_calls *la = sc->la;
	struct linked d = { 0, t, known > 0, sc->r.text[K_TYPE][0] == 'b' };
	if ((la->archive_format(a) & ARCHIVE_FORMAT_BASE_MASK) == ARCHIVE_FORMAT_TAR && !sc->links.full)
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

/* The tuple a file system's reader gets from a tuple container's fields,
 * and whether they are the ones it writes. */
static struct devnum_tuple read_tuple_fields(struct scan *sc, const struct inode_entry *e)
{
	struct devnum_judgement jd;
	if (devnum_container_unpack(e->c, NULL, &e->fields, &jd) == DEVNUM_ALIAS) {
		char canon[FIELDS_TEXT];
		devnum_fields_print(canon, sizeof canon, e->c, &jd.fields);
		found(sc, F_ALIAS, "noncanonical: %s writes %s for %llu:%llu", devnum_container_name(e->c),
		    canon, (ull)jd.becomes.major, (ull)jd.becomes.minor);
	}
	return jd.becomes;
}

int scan_inode(struct scan *sc, const struct inode_entry *e)
{
	struct record *r = &sc->r;
	struct devnum_tuple t;
	record_next(r);
	sc->unfit = false;
	set_str(r, K_PATH, e->path);
	set_str(r, K_FORMAT, e->format);
	set_num(r, K_SEGMENT, 1);
	set_num(r, K_OFFSET, 0);
	set_str(r, K_COMPRESSION, "none");
	set_str(r, K_TYPE, e->block ? "block" : "char");
	set_num(r, K_INODE, e->ino);
	set_str(r, K_CONTAINER, devnum_container_name(e->c));
	int known = 1;
	if (e->fields.count)
		set_fields(r, K_FIELDS, e->c, &e->fields);
	if (!e->fields.count) /* no field: the tuple the mount shows, an escaped whiteout's */
		t = (struct devnum_tuple){ 0, 0 };
	else if (devnum_container_flags(e->c) & DEVNUM_STORES_RAW)
		known = read_raw_entry(sc, e->c, e->fields.value[0], false, &t) == 0 ? 1 : -1;
	else
		t = read_tuple_fields(sc, e);
	set_number(r, known, t);
	if (known > 0)
		tuple_findings(sc, e->c, t, true, false);
	if (e->note)
		found(sc, e->noted, "%s", e->note);
	emit(sc->j->out, r);
	return sc->unfit ? EXIT_UNFIT : EXIT_OK;
}

int scan_entry(struct scan *sc, struct archive *a, struct archive_entry *e, int rc)
{
	const struct archive_calls *la = sc->la;
	struct record *r = &sc->r;
	unsigned type = la->archive_entry_filetype(e);
	const char *path = la->archive_entry_pathname(e), *link = la->archive_entry_hardlink(e);
	const struct linked *target = link && type != AE_IFCHR && type != AE_IFBLK
					      ? links_find(&sc->links, link) : NULL;
	bool device = type == AE_IFCHR || type == AE_IFBLK || target, raw;
	const devnum_container *c = container_of(sc, la->archive_format(a), &raw);
	bool stored = !raw ? la->archive_entry_rdevmajor(e) || la->archive_entry_rdevminor(e)
			   : la->archive_entry_rdev(e) != 0;
	if (!device && !target)
		unresolved(sc, link);
	if (!device && !(stored && c))
		return EXIT_OK;
	record_next(r);
	sc->unfit = false;
	path = path ? path : "";
	set_str(r, K_PATH, path);
	set_where(sc, a);
	if (target) {
		set_str(r, K_LINK, link);
		set_str(r, K_TYPE, target->block ? "block" : "char");
		set_number(r, target->known, target->t);
	} else {
		struct devnum_tuple t = { 0, 0 };
		set_str(r, K_TYPE, type_name(type));
		if (link && device)
			set_str(r, K_LINK, link);
		if (c)
			set_str(r, K_CONTAINER, devnum_container_name(c));
		int known = number(sc, a, e, rc, c, raw, &t);
		set_number(r, known, t);
		if (known > 0 && raw)
			hpux_finding(sc, t, e);
		if (known > 0)
			tuple_findings(sc, c, t, device, raw);
		if (!device)
			found(sc, F_RDEV_ON_NON_DEVICE, "a %s entry that stores a device number",
			    type_name(type));
		else
			keep(sc, a, path, known, t);
	}
	emit(sc->j->out, r);
	return sc->unfit ? EXIT_UNFIT : EXIT_OK;
}
