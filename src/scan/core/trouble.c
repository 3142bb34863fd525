/* trouble.c - what an input's readers say besides its records: an error
 * record (status 2) or a warning, naming where in the input it is (the
 * layer, the segment, the entry, a specification's line), and the
 * --summary line of each segment, its tallies added to the input's.
 * Every reader calls here; none calls back. */
#include <config.h>

#include <stdio.h>
#include <string.h>

#include "render/output.h"
#include "scan/input/source.h"
#include "scan/core/within.h"
#include "scan/core/scan.h"

/* Whether sc is in a member that bid as an input and has read nothing of
 * it: the bid, not the member, is what failed (a text file that begins
 * "070701", four bytes of squashfs' magic and nothing after them). */
static bool unopened_member(const struct scan *sc)
{
	return sc->depth && sc->segment <= 1 && !sc->seg.entries &&
	       sc->all.entries == sc->member_start;
}

/* An error of the input's (status 2), after `entries` entries of the
 * segment or on entry number `entries`; or a warning.  A member's that
 * cannot be read at all is a warning naming what it seemed to be. */
int scan_trouble(struct scan *sc, const char *why, uintmax_t entries, enum trouble kind)
{
	struct where w = { 0 };
	struct record *r = &sc->r;
	char at[1200] = "";
	if (sc->layer)
		snprintf(at, sizeof at, "layer %s: ", sc->layer);
	within_said(sc, at + strlen(at), sizeof at - strlen(at));
	bool unopened = kind == TROUBLE_ARCHIVE && unopened_member(sc);
	if (unopened) { /* said as a warning; the reader still stops, and the member's
			   status is made 0 when it ends (scan_walk.c) */
		sc->unopened = true;
		kind = TROUBLE_WARNING;
		snprintf(at + strlen(at), sizeof at - strlen(at), "%s, not read: ", sc->member_what);
	}
	if (sc->segment > 1)
		snprintf(at + strlen(at), sizeof at - strlen(at), "segment %u at byte %llu: ",
			 sc->segment, (unsigned long long)sc->offset);
	if (entries)
		snprintf(at + strlen(at), sizeof at - strlen(at), "%s %ju: ",
			 kind == TROUBLE_ARCHIVE ? "after entry" : "entry", entries);
	if (sc->line)
		snprintf(at + strlen(at), sizeof at - strlen(at), "line %llu: ",
			 (unsigned long long)sc->line);
	record_next(r);
	r->have &= ~KEY(K_TYPE); /* the last entry's: not this error's */
	if (sc->line)
		set_num(r, K_LINE, sc->line);
	if (kind == TROUBLE_WARNING) {
		char q[400];
		quote(q, sizeof q, r->text[K_INPUT], r->len[K_INPUT]);
		diag("'%s': warning: %s%s", q, at, why);
		return unopened ? EXIT_TROUBLE : EXIT_OK;
	}
	fail(r, EXIT_TROUBLE, "%s%s", at, why);
	report(sc->j->out, &w, r, EXIT_TROUBLE);
	return EXIT_TROUBLE;
}

void scan_summary(struct scan *sc)
{
	const struct tally *t = &sc->seg;
	char within[1000];
	within_said(sc, within, sizeof within);
	if (has_option(sc->j, O_SUMMARY))
		diag("%s: %s%s%s%ssegment %u at byte %llu, %s: %ju entr%s, %ju device%s, %ju with findings",
		     sc->r.text[K_INPUT], sc->layer ? "layer " : "", sc->layer ? sc->layer : "",
		     sc->layer ? ": " : "", within, sc->segment, (unsigned long long)sc->offset,
		     strcmp(sc->compression, "none") ? sc->compression : "uncompressed", t->entries, t->entries == 1 ? "y" : "ies", t->devices,
		     t->devices == 1 ? "" : "s", t->found);
	tally_add(&sc->all, t);
	sc->seg = (struct tally){ 0 };
}

int scan_error(struct scan *sc, const char *why)
{
	return scan_trouble(sc, why, 0, TROUBLE_ARCHIVE);
}

const char *scan_la_error(const struct scan *sc, struct archive *a)
{
	const char *why = sc->la->archive_error_string(a);
	if (!why)
		why = sc->la->archive_errno(a) ? strerror(sc->la->archive_errno(a)) : SAYS_NO_MORE;
	return why;
}
