/* scan_entry.c - an entry of any input made a record, with what is wrong
 * with it: its number read from what its container stores, and the
 * findings of that tuple (Linux's dev_t and its extractors, the
 * container, --into, the registry), handed to the emitter.
 * Format-neutral, reading no input: a reader hands over a struct entry
 * (archive_entry.c for libarchive's, tree.c for a file system's,
 * spec_read.c for a specification's). */
#include <config.h>

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "parse/number.h"
#include "registry/registry.h"
#include "render/digits.h"
#include "render/output.h"
#include "scan/core/findings.h"
#include "scan/core/scan.h"

/* Whether `word` is one of the blank-separated words of `list`. */
static bool listed(const char *list, const char *word)
{
	size_t n = strlen(word);
	for (const char *p = list; *p; p += strcspn(p, " "), p += *p == ' ')
		if (strcspn(p, " ") == n && !strncmp(p, word, n))
			return true;
	return false;
}

/* The n bytes of s put at buf's `at` and a NUL, cut as snprintf cuts:
 * where the text ends.  For the notes made for every device that Linux
 * cannot hold, where snprintf was a tenth of scan's time. */
static size_t put(char *buf, size_t size, size_t at, const char *s, size_t n)
{
	if (at >= size)
		return at;
	if (n > size - 1 - at)
		n = size - 1 - at;
	memcpy(buf + at, s, n);
	buf[at + n] = 0;
	return at + n;
}

static size_t put_str(char *buf, size_t size, size_t at, const char *s)
{
	return put(buf, size, at, s, strlen(s));
}

/* MAJOR:MINOR put at buf's `at`. */
static size_t put_tuple(char *buf, size_t size, size_t at, struct devnum_tuple t)
{
	char text[42];
	size_t n = fmt_u64(text, t.major);
	text[n++] = ':';
	n += fmt_u64(text + n, t.minor);
	return put(buf, size, at, text, n);
}

/* A finding of the entry's, its note the n bytes of note: its word listed
 * once in the words, its note joined to the others for plain text, and
 * both kept as its own object for JSON; a fault sets the entry's status
 * to 1. */
static void found_note(struct scan *sc, enum finding id, const char *note, size_t n)
{
	struct record *r = &sc->r;
	const struct finding_row *row = &finding_rows[id];
	size_t nw = (r->have & KEY(K_FINDINGS)) ? r->len[K_FINDINGS] : 0;
	size_t nn = (r->have & KEY(K_NOTE)) ? r->len[K_NOTE] : 0, at;
	if (!(nw && listed(r->findings, row->word))) { /* each word once */
		nw = put(r->findings, sizeof r->findings, nw, " ", nw ? 1 : 0);
		nw = put_str(r->findings, sizeof r->findings, nw, row->word);
	}
	if (nn && nn < sizeof r->note - 2)
		r->note[nn++] = ';', r->note[nn++] = ' ';
	at = nn;
	nn = put(r->note, sizeof r->note, nn, note, n);
	if (r->nfound < FOUND_MAX)
		r->found[r->nfound++] = (struct found){ row->word, row->fault, (uint16_t)at,
							(uint16_t)(nn - at) };
	set_text(r, K_FINDINGS, r->findings, nw);
	set_text(r, K_NOTE, r->note, nn);
	sc->unfit |= row->fault;
}

/* found_note, the note from fmt. */
static void found(struct scan *sc, enum finding id, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void found(struct scan *sc, enum finding id, const char *fmt, ...)
{
	char note[sizeof sc->r.note];
	va_list ap;
	va_start(ap, fmt);
	size_t n = appended(0, sizeof note, vsnprintf(note, sizeof note, fmt, ap));
	va_end(ap);
	found_note(sc, id, note, n);
}

/* What each extractor sc judges by (scan_start.c's scan_start chose
 * them) makes of t: refused (all ones), or the tuple. */
static void extracted(const struct scan *sc, struct devnum_tuple t, struct devnum_tuple *made)
{
	for (unsigned i = 0; i < sc->nextractors; i++) {
		struct devnum_judgement k;
		bool refused = devnum_container_fit(sc->mknod, sc->extractors[i], NULL, t, &k) ==
			       DEVNUM_REFUSED;
		made[i] = refused ? (struct devnum_tuple){ UINT64_MAX, UINT64_MAX } : k.becomes;
	}
}

/* What the extractors (the writers of Linux's mknod) make of a tuple the
 * kernel's dev_t cannot hold, those that agree named together, after
 * "PART N above LIMIT:"; *zero: whether they make a char device 0:0. */
static size_t extractors(const struct scan *sc, struct devnum_tuple t, char *note, size_t size,
			 size_t n, bool *zero)
{
	struct devnum_tuple made[EXTRACTORS_MAX];
	extracted(sc, t, made);
	for (unsigned i = 0; i < sc->nextractors; i++) {
		unsigned count = 0, k = 0;
		while (k < i && !tuple_same(made[k], made[i]))
			k++;
		if (k < i) /* named with the first that made the same */
			continue;
		for (k = i; k < sc->nextractors; k++)
			if (tuple_same(made[k], made[i])) {
				n = put_str(note, size, n, count++ ? " and " : " ");
				n = put_str(note, size, n, devnum_writer_version(sc->extractors[k]));
			}
		if (made[i].major == UINT64_MAX)
			n = put_str(note, size, n, count > 1 ? " refuse it (EINVAL);"
							     : " refuses it (EINVAL);");
		else {
			n = put_str(note, size, n, count > 1 ? " make " : " makes ");
			n = put_tuple(note, size, n, made[i]);
			n = put(note, size, n, ";", 1);
		}
		*zero |= sc->r.text[K_TYPE][0] == 'c' && !made[i].major && !made[i].minor;
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
	char digits[20];
	size_t n = put_str(note, sizeof note, 0, k.reason.part == DEVNUM_MAJOR ? "major " : "minor ");
	n = put(note, sizeof note, n, digits, fmt_u64(digits, k.reason.value));
	n = put_str(note, sizeof note, n, " above ");
	n = put(note, sizeof note, n, digits, fmt_u64(digits, k.reason.limit));
	n = put(note, sizeof note, n, ":", 1);
	n = extractors(sc, t, note, sizeof note, n, &zero);
	found_note(sc, F_NOT_LINUX, note, n);
	if (zero)
		found(sc, F_BECOMES_WHITEOUT, "char 0:0 is an overlay whiteout: extracted over a "
		      "lower layer, it hides that layer's file at this path");
	if (devnum_container_reader(c) != DEVNUM_READER_INITRAMFS)
		return;
	if (sc->unpacked != c)
		sc->unpacked = c, sc->unpacker = devnum_writer_find("linux", c);
	if (devnum_container_fit(c, sc->unpacker, NULL, t, &k) == DEVNUM_CHANGED)
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
		else if (nodev && raw == devnum_container_max(c, DEVNUM_RAW) &&
			 all_ones(why, sizeof why, c, s, raw, *t) >= 0)
			found(sc, F_NODEV, "%s", why);
		return 0;
	}
	struct devnum_reason reason;
	if (decode_why(s, raw, t, &reason) != DEVNUM_REFUSED)
		return 0;
	devnum_strreason(why, sizeof why, s, &reason);
	found(sc, F_INVALID, "%s", why);
	return -1;
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

/* --into=rootless and --into=ostree: whether the device can be made there
 * at all, which its type decides.  The kernel lets a user namespace make
 * only char 0:0 (Linux 5.8 on), and moby's and containers/storage's
 * archive code skips every device there ("cannot create devices in a
 * userns"); an ostree commit holds regular files, symlinks and
 * directories only. */
static void place_findings(struct scan *sc, const struct devnum_tuple *t)
{
	const char *type = sc->r.text[K_TYPE];
	bool maybe_whiteout = !t ? type[0] != 'b' : type[0] == 'c' && !t->major && !t->minor;
	if ((sc->j->places & P_ROOTLESS) && !maybe_whiteout)
		found(sc, F_INTO, "rootless: in a user namespace mknod of a %s device fails (EPERM); "
		      "moby's and containers/storage's extractors leave it out, silently", type);
	else if (sc->j->places & P_ROOTLESS)
		found(sc, F_INTO, "rootless: a user namespace can make %s (Linux 5.8 on), but "
		      "moby's and containers/storage's extractors leave every device out, silently",
		      t ? "char 0:0" : "only char 0:0");
	if (sc->j->places & P_OSTREE)
		found(sc, F_INTO, "ostree: a commit holds no devices: ostree refuses it (\"Not a "
		      "regular file or symlink\")");
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
	place_findings(sc, &t);
	misnamed_finding(sc, t);
}

/* The tuple, or unknown: null in JSON, "unknown" in plain text. */
static void set_number(struct record *r, int known, struct devnum_tuple t)
{
	if (known > 0)
		set_tuple(r, t);
	else if (known == 0)
		r->unknown |= KEY(K_MAJOR) | KEY(K_MINOR);
}

/* The tuple a reader gets from a tuple container's fields, and whether
 * they are the ones its writer writes. */
static struct devnum_tuple read_tuple_fields(struct scan *sc, const struct entry *e)
{
	struct devnum_judgement jd;
	if (devnum_container_unpack(e->c, NULL, &e->f, &jd) == DEVNUM_ALIAS) {
		char canon[FIELDS_TEXT];
		devnum_fields_print(canon, sizeof canon, e->c, &jd.fields);
		found(sc, F_ALIAS, "noncanonical: %s writes %s for %llu:%llu", devnum_container_name(e->c),
		    canon, (ull)jd.becomes.major, (ull)jd.becomes.minor);
	}
	return jd.becomes;
}

/* What the entry is and where it was found. */
static void set_entry(struct scan *sc, const struct entry *e)
{
	struct record *r = &sc->r;
	if (e->path) /* a fakeroot state names inodes, not paths */
		set_str(r, K_PATH, e->path);
	set_str(r, K_FORMAT, e->format);
	set_num(r, K_SEGMENT, e->segment);
	set_num(r, K_OFFSET, e->offset);
	set_str(r, K_COMPRESSION, e->compression);
	if (sc->layer)
		set_str(r, K_LAYER, sc->layer);
	if (sc->within_len)
		set_text(r, K_WITHIN, sc->within, sc->within_len);
	if (e->link)
		set_str(r, K_LINK, e->link);
	set_str(r, K_TYPE, e->type);
	if (e->line)
		set_num(r, K_LINE, e->line);
	if (e->source)
		set_str(r, K_SOURCE, e->source);
	if (e->has_inode)
		set_num(r, K_INODE, e->inode);
	if (e->c)
		set_str(r, K_CONTAINER, devnum_container_name(e->c));
	if (e->scheme)
		set_scheme(r, e->scheme);
	if (e->f.count && (e->number != E_RAW || e->raw_fields))
		set_fields(r, K_FIELDS, e->c, &e->f);
}

/* Its number: 1 known, in *t; 0 unknown; -1 no device (an invalid raw). */
static int entry_number(struct scan *sc, const struct entry *e, struct devnum_tuple *t)
{
	switch (e->number) {
	case E_TUPLE: *t = e->t; return 1;
	case E_RAW:
		return read_raw_entry(sc, e->host ? NULL : e->c, e->f.value[0], e->nodev, t) == 0 ? 1 : -1;
	case E_FIELDS: *t = read_tuple_fields(sc, e); return 1;
	default: return 0;
	}
}

int scan_record(struct scan *sc, const struct entry *e, struct devnum_tuple *t, bool *known)
{
	struct record *r = &sc->r;
	record_next(r);
	sc->unfit = false;
	*t = (struct devnum_tuple){ 0, 0 };
	set_entry(sc, e);
	for (unsigned i = 0; i < e->nfirst; i++)
		found(sc, e->first[i].id, "%s", e->first[i].note);
	int k = entry_number(sc, e, t);
	set_number(r, k, *t);
	if (k > 0 && !e->again)
		tuple_findings(sc, e->c, *t, e->device, e->number == E_RAW && e->nodev);
	else if (k == 0 && e->device && !e->again) /* what does not hang on the tuple */
		place_findings(sc, NULL);
	for (unsigned i = 0; i < e->nlast; i++)
		found(sc, e->last[i].id, "%s", e->last[i].note);
	if (!sc->j->sink)
		emit(sc->j->out, r);
	else if (e->device)
		sc->j->sink->take(sc->j->sink->to, r);
	*known = k > 0;
	return sc->unfit ? EXIT_UNFIT : EXIT_OK;
}

int scan_device(struct scan *sc, const struct entry *e)
{
	struct devnum_tuple t;
	bool known;
	int st = scan_record(sc, e, &t, &known);
	sc->seg.devices++;
	sc->seg.found += st != EXIT_OK;
	return st;
}
