/* cmd_fits.c - whether a tuple survives each container: by the format's
 * capacity, naming the writers that fall short of it, or by one writer. */
#include <config.h>

#include <stdio.h>

#include "cli/cli.h"

/* Appends "; WRITER: verdict (why), reads back as M:m" to the note. */
static size_t add_writer(char *note, size_t size, size_t n, const devnum_writer *w,
			 const struct devnum_judgement *jd)
{
	int k = snprintf(note + n, size - n, "%s%s: %s", n ? "; " : "", devnum_writer_version(w),
			 devnum_fate_name(jd->fate));
	n = appended(n, size, k);
	if (jd->reason.cause != DEVNUM_READS_BACK) { /* else "reads back as" says it all */
		char why[200];
		devnum_strreason(why, sizeof why, jd->scheme, &jd->reason);
		k = snprintf(note + n, size - n, " (%s)", why);
	} else {
		k = 0;
	}
	n = appended(n, size, k);
	if (jd->changed)
		n = appended(n, size, snprintf(note + n, size - n, ", reads back as %llu:%llu",
					       (unsigned long long)jd->becomes.major,
					       (unsigned long long)jd->becomes.minor));
	return n;
}

/* Whether the note names writer row w: without --writer, each row that
 * does worse than the format; with it, the container's reader, reading
 * what the writer stored (a writer named never hides how it is read). */
static bool noted(const devnum_writer *w, const devnum_writer *named,
		  const struct devnum_judgement *jd, const struct devnum_judgement *wj)
{
	if (wj->fate == DEVNUM_SURVIVES)
		return false;
	if (named)
		return w != named && devnum_writer_reads(w) && !devnum_writer_reads(named);
	return jd->fate == DEVNUM_SURVIVES ||
	       (wj->fate != DEVNUM_WRITER_REFUSES && !devnum_writer_reads(w));
}

/* The note: why the format cannot hold it, then each writer that does
 * worse than the format (or the reader of what the named writer made),
 * then what a character 0:0 made of another tuple is. */
static void fit_note(const struct job *j, struct record *r, const devnum_container *c,
		     const devnum_writer *named, struct devnum_tuple t,
		     const struct devnum_judgement *jd)
{
	size_t n = 0;
	bool zero = jd->changed && !jd->becomes.major && !jd->becomes.minor;
	struct devnum_tuple made = jd->changed ? jd->becomes : t;
	if (jd->by_scheme)
		n = appended(0, sizeof r->note,
			     devnum_strreason(r->note, sizeof r->note, jd->scheme, &jd->reason));
	bool stored = !named || jd->fate == DEVNUM_SURVIVES || jd->changed;
	for (size_t i = 0; stored && i < devnum_writer_count() && n < sizeof r->note - 1; i++) {
		const devnum_writer *w = devnum_writer_at(i);
		struct devnum_judgement wj;
		if (devnum_writer_container(w) != c)
			continue;
		devnum_container_fit(c, w, scheme_given(j), named ? made : t, &wj);
		if (noted(w, named, jd, &wj)) {
			n = add_writer(r->note, sizeof r->note, n, w, &wj);
			zero |= wj.changed && !wj.becomes.major && !wj.becomes.minor;
		}
	}
	if (zero && (t.major || t.minor) && n < sizeof r->note - 1)
		n = appended(n, sizeof r->note,
			     snprintf(r->note + n, sizeof r->note - n, "%s%s", n ? "; " : "",
				      "char 0:0 is an overlay whiteout"));
	if (n)
		set_text(r, K_NOTE, r->note, n);
}

static int fit_one(const struct job *j, struct record *r, const devnum_container *c,
		   struct devnum_tuple t)
{
	struct devnum_judgement jd;
	const devnum_writer *w = devnum_writer_find(devnum_writer_name(j->writer), c);
	const devnum_scheme *s = devnum_container_scheme(c, scheme_given(j));
	record_next(r);
	set_tuple(r, t);
	set_str(r, K_CONTAINER, devnum_container_name(c));
	if (w)
		set_str(r, K_WRITER, devnum_writer_name(w));
	if (s)
		set_scheme(r, s);
	devnum_status st = devnum_container_fit(c, w, scheme_given(j), t, &jd);
	set_judgement(r, &jd);
	fit_note(j, r, c, w, t, &jd);
	emit(j->out, r);
	return has_option(j, O_INTO) && st != DEVNUM_OK ? EXIT_UNFIT : EXIT_OK;
}

static int fits_record(const struct job *j, struct record *r)
{
	struct devnum_tuple t;
	int st = read_tuple(j, r, &t, NULL), status = EXIT_OK;
	if (st)
		return st;
	for (size_t i = 0; i < devnum_container_count(); i++) {
		const devnum_container *c = devnum_container_at(i);
		if (j->into & UINT64_C(1) << i &&
		    (!j->writer || devnum_writer_find(devnum_writer_name(j->writer), c)))
			status |= fit_one(j, r, c, t);
	}
	return status;
}

/* rootless and ostree judge a device by its type, which fits has none of. */
static void fits_rules(const struct command *c, struct job *j, int *argc, const char ***argv)
{
	(void)argc, (void)argv;
	if (j->places)
		usage_error("--into: rootless and ostree judge a device by its type: %s has none; "
			    "scan judges by them", c->name);
}

const struct command cmd_fits = {
	"fits", "MAJOR:MINOR...", "whether each tuple survives each container",
	.options = OPT(O_INTO) | OPT(O_WRITER) | OPT(O_SCHEME) | OPT(O_INPUT_BASE) |
		   OUTPUT_OPTIONS,
	.keys = KEY(K_INPUT) | KEY(K_TYPE) | KEY(K_MAJOR) | KEY(K_MINOR) | KEY(K_CONTAINER) | KEY(K_WRITER) |
		KEY(K_SCHEME) | KEY(K_VERDICT) | KEY(K_FIELD) | KEY(K_VALUE) | KEY(K_LIMIT) |
		KEY(K_BECOMES) | KEY(K_NOTE) | KEY(K_ERROR),
	.plain = "%i: %-10C %V%( %{field} %v above %l%)%( -> %B%)%(; %n%)",
	.pairs = true, .table = true, .hang = 8,
	.prepare = fits_rules,
	.record = fits_record,
};
