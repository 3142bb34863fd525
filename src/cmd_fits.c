/* cmd_fits.c - whether a tuple survives each container: by the format's
 * capacity, naming the writers that fall short of it, or by one writer. */
#include <config.h>

#include <stdio.h>
#include <string.h>

#include "cli.h"

/* Appends "; WRITER: verdict (why), reads back as M:m" to the note. */
static size_t add_writer(char *note, size_t size, size_t n, const struct writer *w,
			 const devnum_scheme *s, const struct judgement *jd)
{
	int k = snprintf(note + n, size - n, "%s%s: %s", n ? "; " : "", w->version,
			 verdict_names[jd->verdict]);
	n = appended(n, size, k);
	if (jd->field || jd->reason) { /* else "reads back as" below says it all */
		char why[200];
		judgement_why(why, sizeof why, s, jd);
		k = snprintf(note + n, size - n, " (%s)", why);
	} else {
		k = 0;
	}
	n = appended(n, size, k);
	if (jd->becomes)
		n = appended(n, size, snprintf(note + n, size - n, ", reads back as %llu:%llu",
					       (unsigned long long)jd->t.major,
					       (unsigned long long)jd->t.minor));
	return n;
}

/* The note: why the format cannot hold it, then each writer that does
 * worse than the format. */
static void fit_note(const struct job *j, struct record *r, const struct container *c,
		     struct devnum_tuple t, const struct judgement *jd)
{
	const devnum_scheme *s = container_scheme(c, scheme_given(j));
	size_t n = 0;
	if (jd->reason)
		n = appended(0, sizeof r->note, devnum_strreason(r->note, sizeof r->note, s, &jd->why));
	for (size_t i = 0; !j->writer && i < nwriters && n < sizeof r->note - 1; i++) {
		struct judgement wj;
		if (strcmp(writers[i].container, c->name) != 0)
			continue;
		container_fit(c, &writers[i], scheme_given(j), t, &wj);
		bool worse = wj.verdict != V_SURVIVES &&
			     !(wj.verdict == V_REFUSED && jd->verdict != V_SURVIVES);
		if (worse)
			n = add_writer(r->note, sizeof r->note, n, &writers[i], s, &wj);
	}
	if (n)
		set_text(r, K_NOTE, r->note, n);
}

static int fit_one(const struct job *j, struct record *r, const struct container *c,
		   struct devnum_tuple t)
{
	struct judgement jd;
	const struct writer *w = writer_row(j->writer, c);
	const devnum_scheme *s = container_scheme(c, scheme_given(j));
	record_next(r);
	set_tuple(r, t);
	set_str(r, K_CONTAINER, c->name);
	if (w)
		set_str(r, K_WRITER, w->name);
	if (s)
		set_scheme(r, s);
	container_fit(c, w, scheme_given(j), t, &jd);
	set_judgement(r, &jd);
	fit_note(j, r, c, t, &jd);
	emit(j->out, r);
	return j->into_set && jd.verdict != V_SURVIVES ? EXIT_UNFIT : EXIT_OK;
}

static int fits_record(const struct job *j, struct record *r)
{
	struct devnum_tuple t;
	int st = read_tuple(j, r, &t, NULL), status = EXIT_OK;
	if (st)
		return st;
	for (size_t i = 0; i < ncontainers; i++)
		if (j->into & UINT64_C(1) << i && (!j->writer || writer_row(j->writer, &containers[i])))
			status |= fit_one(j, r, &containers[i], t);
	return status;
}

const struct command cmd_fits = {
	"fits", "MAJOR:MINOR...", "whether each tuple survives each container",
	.options = OPT(O_INTO) | OPT(O_WRITER) | OPT(O_SCHEME) | OPT(O_INPUT_BASE) |
		   OUTPUT_OPTIONS,
	.keys = KEY(K_INPUT) | KEY(K_MAJOR) | KEY(K_MINOR) | KEY(K_CONTAINER) | KEY(K_WRITER) |
		KEY(K_SCHEME) | KEY(K_VERDICT) | KEY(K_FIELD) | KEY(K_VALUE) | KEY(K_LIMIT) |
		KEY(K_BECOMES) | KEY(K_NOTE) | KEY(K_ERROR),
	.plain = "%i: %-10C %V%( %{field} %v above %l%)%( -> %B%)%(; %n%)",
	.pairs = true, .table = true, .hang = 8,
	.record = fits_record,
};
