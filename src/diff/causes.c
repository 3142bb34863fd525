/* causes.c - the writer rows and known mistakes that explain a change:
 * each row asked what it makes of the first input's tuple (fits), each
 * mistake applied forward (whence --was), and those that give the second
 * input's kept.  A row of a container the second input is in says more
 * than a mistake seen anywhere, so it comes first. */
#include <config.h>

#include <stdio.h>

#include "diff/causes.h"
#include "registry/mistakes.h"

enum rank { SPECIFIC, ELSEWHERE };

/* Whether q asks row w, and how specific it is: --writer's row is what
 * the user names, first wherever it writes. */
static bool asked(const struct cause_rows *q, const devnum_writer *w, enum rank *rank)
{
	const devnum_container *c = devnum_writer_container(w);
	bool in = false;
	for (size_t i = 0; i < q->nc; i++)
		in |= q->c[i] == c;
	*rank = in || q->only ? SPECIFIC : ELSEWHERE;
	return q->only ? w == q->only : in || q->nc == 0;
}

static void writer_cause(const devnum_writer *w, const struct devnum_judgement *jd,
			 struct cause *c)
{
	char why[160];
	devnum_strreason(why, sizeof why, jd->scheme, &jd->reason);
	const char *c_name = devnum_container_name(devnum_writer_container(w));
	*c = (struct cause){ devnum_writer_name(w), "writer", c_name, devnum_fate_name(jd->fate), "" };
	snprintf(c->what, sizeof c->what, "%s, in %s: %s (%s)", devnum_writer_version(w),
		 c_name, devnum_fate_name(jd->fate), why);
}

/* The rows of `rank` that make b of a (gone: that store nothing). */
static size_t rows(const struct cause_rows *q, enum rank rank, struct devnum_tuple a,
		   const struct devnum_tuple *b, struct cause *out, size_t n)
{
	for (size_t i = 0; i < devnum_writer_count() && n < CAUSES_MAX; i++) {
		const devnum_writer *w = devnum_writer_at(i);
		struct devnum_judgement jd;
		enum rank r;
		if (!asked(q, w, &r) || r != rank)
			continue;
		devnum_status st = devnum_container_fit(devnum_writer_container(w), w, NULL, a, &jd);
		bool gone = st == DEVNUM_REFUSED &&
			    (jd.fate == DEVNUM_LEFT_OUT || jd.fate == DEVNUM_WRITER_REFUSES ||
			     jd.fate == DEVNUM_NO_ROOM);
		if (b ? st == DEVNUM_CHANGED && jd.becomes.major == b->major &&
				jd.becomes.minor == b->minor
		      : gone)
			writer_cause(w, &jd, &out[n++]);
	}
	return n;
}

/* The mistakes that make b of a: those read by s first (the scheme of
 * the second input's raw field, or the host's for one that stores the
 * tuple, whose reader hands it to the host's mknod), then those of no
 * scheme, then the others (a FreeBSD layout's cut explains little in an
 * rpm). */
static size_t mistaken(const devnum_scheme *s, struct devnum_tuple a, struct devnum_tuple b,
		       struct cause *out, size_t n)
{
	const struct mistake_use *uses = mistake_uses();
	for (size_t k = 0; k < 3 * nmistakes && n < CAUSES_MAX; k++) {
		size_t i = k % nmistakes;
		const devnum_scheme *r = uses[i].reader;
		unsigned rank = r == s ? 0 : !r ? 1 : 2;
		struct devnum_tuple seen;
		if (rank != k / nmistakes || !uses[i].m->forward(&uses[i], a, &seen) ||
		    seen.major != b.major || seen.minor != b.minor)
			continue;
		out[n] = (struct cause){ mistakes[i].id, "mistake", NULL, NULL, "" };
		snprintf(out[n++].what, sizeof out->what, "%s (%s)", mistakes[i].words,
			 mistakes[i].source);
	}
	return n;
}

size_t causes_changed(const struct cause_rows *q, struct devnum_tuple a, struct devnum_tuple b,
		      struct cause *out)
{
	size_t n = rows(q, SPECIFIC, a, &b, out, 0);
	const devnum_scheme *s = q->nc == 1 ? devnum_container_scheme(q->c[0], NULL) : NULL;
	n = mistaken(s ? s : devnum_scheme_native(), a, b, out, n);
	return rows(q, ELSEWHERE, a, &b, out, n);
}

size_t causes_gone(const struct cause_rows *q, struct devnum_tuple a, struct cause *out)
{
	return rows(q, ELSEWHERE, a, NULL, out, rows(q, SPECIFIC, a, NULL, out, 0));
}
