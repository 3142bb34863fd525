/* cmd_scan.c - the device entries of real archives, read with libarchive:
 * a record an entry, with the fields libarchive hands over, the tuple,
 * and what is wrong with it.  Streams: no file data is extracted, and
 * memory stays constant however large the archive. */
#include <config.h>

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "archive_calls.h"
#include "cli.h"
#include "output.h"

#define BLOCK ((size_t)64 * 1024) /* each read from the archive */

static const struct archive_calls *la; /* loaded by the first scan */

/* The container of libarchive's format, or NULL; *raw when libarchive
 * hands over the stored raw value (archive_entry_rdev) instead of the
 * two parts. */
static const struct container *container_of(int format, bool *raw)
{
	*raw = format == ARCHIVE_FORMAT_CPIO_POSIX || format == ARCHIVE_FORMAT_CPIO_BIN_LE ||
	       format == ARCHIVE_FORMAT_CPIO_BIN_BE || format == ARCHIVE_FORMAT_CPIO_AFIO_LARGE ||
	       format == ARCHIVE_FORMAT_CPIO_PWB;
	switch (format) {
	case ARCHIVE_FORMAT_CPIO_POSIX: return container_find("cpio-odc");
	case ARCHIVE_FORMAT_CPIO_BIN_LE:
	case ARCHIVE_FORMAT_CPIO_BIN_BE:
	case ARCHIVE_FORMAT_CPIO_PWB: return container_find("cpio-bin");
	case ARCHIVE_FORMAT_CPIO_SVR4_NOCRC: return container_find("cpio-newc");
	case ARCHIVE_FORMAT_CPIO_SVR4_CRC: return container_find("cpio-crc");
	case ARCHIVE_FORMAT_TAR_USTAR: return container_find("ustar");
	case ARCHIVE_FORMAT_TAR_PAX_INTERCHANGE:
	case ARCHIVE_FORMAT_TAR_PAX_RESTRICTED: return container_find("pax");
	case ARCHIVE_FORMAT_TAR_GNUTAR: return container_find("gnutar");
	default: return NULL;
	}
}

static void add(struct record *r, const char *word, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* A finding: its word appended to K_FINDINGS, what it means to K_NOTE. */
static void add(struct record *r, const char *word, const char *fmt, ...)
{
	va_list ap;
	size_t nw = (r->have & KEY(K_FINDINGS)) ? r->len[K_FINDINGS] : 0;
	size_t nn = (r->have & KEY(K_NOTE)) ? r->len[K_NOTE] : 0;
	nw = appended(nw, sizeof r->findings, snprintf(r->findings + nw, sizeof r->findings - nw,
						       "%s%s", nw ? " " : "", word));
	if (nn && nn < sizeof r->note - 2)
		r->note[nn++] = ';', r->note[nn++] = ' ';
	va_start(ap, fmt);
	nn = appended(nn, sizeof r->note, vsnprintf(r->note + nn, sizeof r->note - nn, fmt, ap));
	va_end(ap);
	set_text(r, K_FINDINGS, r->findings, nw);
	set_text(r, K_NOTE, r->note, nn);
}

typedef unsigned long long ull;

/* What Linux and this container's reader make of the tuple. */
static void linux_findings(struct record *r, const struct container *c, struct devnum_tuple t)
{
	struct judgement k = { 0 };
	if (!beyond_kernel(t, &k))
		return;
	add(r, "not-linux", "%s %llu above %llu: Linux cannot make this device", k.field,
	    (ull)k.value, (ull)k.limit);
	if (c && c->reader == R_INITRAMFS) {
		struct devnum_tuple dev = mkdev_unmasked(t);
		add(r, "initramfs", "the Linux initramfs unpacker would make it %llu:%llu",
		    (ull)dev.major, (ull)dev.minor);
	}
}

/* The tuple as the container's reader gets it from a stored raw value. */
static int read_raw_entry(const struct job *j, struct record *r, const struct container *c,
			  uint64_t raw, struct devnum_tuple *t)
{
	const devnum_scheme *s = c ? container_scheme(c, scheme_given(j)) : j->scheme;
	struct fields fl = { 1, { raw }, 1 };
	struct judgement jd;
	char why[200];
	set_scheme(r, s);
	set_num(r, K_RAW, raw);
	if (c && container_unpack(c, scheme_given(j), &fl, &jd) == 0) {
		*t = jd.t;
		if (jd.verdict == V_DAMAGED)
			add(r, "saturated", "c_rdev 0777777 is what bsdtar stores for every raw it "
			    "cannot hold: the device may be another");
		else if (jd.verdict == V_ALIAS)
			add(r, "alias", "noncanonical in %s", devnum_scheme_name(s));
		return 0;
	}
	struct devnum_reason reason;
	uint64_t canon;
	if (devnum_decode(s, raw, t, &canon, &reason) != DEVNUM_INVALID)
		return 0;
	devnum_strreason(why, sizeof why, s, &reason);
	add(r, "invalid", "%s", why);
	return -1;
}

/* HP-UX's cpio variants store 0:1 and put the raw value in the file size,
 * which libarchive, reading them as plain odc or bin, takes for data. */
static void hpux_finding(struct record *r, const devnum_scheme *s, struct devnum_tuple t,
			 struct archive_entry *e)
{
	struct devnum_tuple real;
	struct devnum_reason why;
	uint64_t canon, raw = (uint64_t)la->archive_entry_size(e);
	if (t.major || t.minor != 1 || !la->archive_entry_size_is_set(e) || la->archive_entry_size(e) <= 0)
		return;
	if (devnum_decode(s, raw, &real, &canon, &why) == DEVNUM_INVALID)
		return;
	add(r, "hpux", "0:1 with a size is HP-UX's mark: the size, raw 0x%llx, is %llu:%llu in %s",
	    (ull)raw, (ull)real.major, (ull)real.minor, devnum_scheme_name(s));
}

/* Whether the tuple fits the container it came in, and each --into. */
static void container_findings(const struct job *j, struct record *r,
			       const struct container *c, struct devnum_tuple t)
{
	struct judgement jd;
	char why[200];
	if (c) {
		container_pack(c, scheme_given(j), t, &jd);
		if (jd.verdict != V_SURVIVES && judgement_why(why, sizeof why, NULL, &jd) >= 0)
			add(r, "beyond-container", "%s cannot hold it: %s", c->name, why);
	}
	for (size_t i = 0; j->into_set && i < ncontainers; i++) {
		if (!(j->into & UINT64_C(1) << i))
			continue;
		const struct container *into = &containers[i];
		container_fit(into, NULL, scheme_given(j), t, &jd);
		judgement_why(why, sizeof why, container_scheme(into, scheme_given(j)), &jd);
		if (jd.verdict != V_SURVIVES)
			add(r, "into", "%s cannot hold it: %s", into->name, why);
	}
}

static int entry(const struct job *j, struct record *r, struct archive *a,
		 struct archive_entry *e)
{
	struct devnum_tuple t = { 0, 0 };
	bool raw;
	const struct container *c = container_of(la->archive_format(a), &raw);
	const char *path = la->archive_entry_pathname(e), *format = la->archive_format_name(a);
	record_next(r);
	set_str(r, K_PATH, path ? path : "");
	set_str(r, K_TYPE, la->archive_entry_filetype(e) == AE_IFCHR ? "char" : "block");
	set_str(r, K_FORMAT, format ? format : "");
	if (c)
		set_str(r, K_CONTAINER, c->name);
	if (!raw)
		t = (struct devnum_tuple){ (uint64_t)la->archive_entry_rdevmajor(e),
					   (uint64_t)la->archive_entry_rdevminor(e) };
	if (!raw || read_raw_entry(j, r, c, (uint64_t)la->archive_entry_rdev(e), &t) == 0) {
		set_tuple(r, t);
		if (raw)
			hpux_finding(r, r->scheme, t, e);
		linux_findings(r, c, t);
		container_findings(j, r, c, t);
	}
	emit(j->out, r);
	return (r->have & KEY(K_FINDINGS)) ? EXIT_UNFIT : EXIT_OK;
}

/* How libarchive's word bears on the archive. */
enum trouble { T_ARCHIVE, T_ENTRY, T_WARNING };

/* libarchive's word: on the archive after `entries` entries, or on entry
 * number `entries`: an error (the record's, reported at once; status 2)
 * or a warning. */
static int trouble(const struct job *j, struct record *r, struct archive *a,
		   uintmax_t entries, enum trouble kind)
{
	struct where w = { 0 };
	const char *why = la->archive_error_string(a);
	bool warning = kind == T_WARNING;
	char at[48] = "";
	if (entries)
		snprintf(at, sizeof at, "%s %ju: ", kind == T_ARCHIVE ? "after entry" : "entry",
			 entries);
	if (!why)
		why = la->archive_errno(a) ? strerror(la->archive_errno(a)) : "unreadable";
	record_next(r);
	if (warning) {
		char q[400];
		quote(q, sizeof q, r->text[K_INPUT], r->len[K_INPUT]);
		diag("'%s': warning: %s%s", q, at, why);
		return EXIT_OK;
	}
	fail(r, EXIT_TROUBLE, "%s%s", at, why);
	report(j->out, &w, r, EXIT_TROUBLE);
	return EXIT_TROUBLE;
}

static int max(int a, int b)
{
	return a > b ? a : b;
}

/* One archive, or standard input for "-": each device entry's record. */
static int scan_one(const struct job *j, const char *name)
{
	struct archive *a = la->archive_read_new();
	struct archive_entry *e;
	struct record r;
	uintmax_t entries = 0, devices = 0, found = 0;
	int status = EXIT_OK, rc;
	record_start(&r, name, strlen(name));
	if (!a) {
		diag("memory exhausted");
		return EXIT_TROUBLE;
	}
	la->archive_read_support_filter_all(a);
	la->archive_read_support_format_all(a);
	rc = strcmp(name, "-") ? la->archive_read_open_filename(a, name, BLOCK)
			       : la->archive_read_open_fd(a, 0, BLOCK);
	if (rc != ARCHIVE_OK)
		status = trouble(j, &r, a, 0, T_ARCHIVE);
	while (rc == ARCHIVE_OK && !out_failed()) {
		rc = la->archive_read_next_header(a, &e);
		if (rc == ARCHIVE_EOF || rc == ARCHIVE_FATAL) {
			status = rc == ARCHIVE_FATAL ? trouble(j, &r, a, entries, T_ARCHIVE) : status;
			break;
		}
		entries++;
		if (rc != ARCHIVE_OK) /* a warning, or one entry that failed */
			status = max(status, trouble(j, &r, a, entries,
						     rc == ARCHIVE_WARN ? T_WARNING : T_ENTRY));
		if (rc == ARCHIVE_FAILED || rc == ARCHIVE_RETRY) {
			rc = ARCHIVE_OK;
			continue;
		}
		rc = ARCHIVE_OK;
		if (la->archive_entry_filetype(e) != AE_IFCHR && la->archive_entry_filetype(e) != AE_IFBLK)
			continue;
		devices++;
		int st = entry(j, &r, a, e);
		found += st != EXIT_OK;
		status = max(status, st);
	}
	if (j->summary)
		diag("%s: %ju entries, %ju devices, %ju with findings", name, entries, devices, found);
	la->archive_read_free(a);
	return status;
}

static int scan_run(const struct job *j, int argc, const char **argv)
{
	int status = EXIT_OK;
	char err[400];
	if (!la && !(la = archive_calls(err, sizeof err))) {
		diag("%s", err);
		return EXIT_TROUBLE;
	}
	if (argc == 0)
		return scan_one(j, "-");
	for (int i = 0; i < argc && !out_failed(); i++)
		status = max(status, scan_one(j, argv[i]));
	return status;
}

const struct command cmd_scan = {
	"scan", "[ARCHIVE...]", "the device entries of archives, and their findings",
	.options = OPT(O_SCHEME) | OPT(O_INTO) | OPT(O_SUMMARY) | OUTPUT_OPTIONS,
	.keys = KEY(K_INPUT) | KEY(K_PATH) | KEY(K_TYPE) | KEY(K_FORMAT) | KEY(K_CONTAINER) |
		KEY(K_SCHEME) | KEY(K_RAW) | KEY(K_MAJOR) | KEY(K_MINOR) | KEY(K_FINDINGS) |
		KEY(K_NOTE) | KEY(K_ERROR),
	.plain = "%i: %p: %t %M:%m%( [%{findings}] %n%)",
	.run = scan_run,
};
