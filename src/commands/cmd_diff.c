/* cmd_diff.c - what a conversion did to every device: two inputs read as
 * scan reads them (src/scan), at once where there are two CPUs, their
 * device entries kept and matched by path (src/diff/side.c), and each
 * change explained by the writer rows and known mistakes that make it
 * (src/diff/causes.c). */
#include <config.h>

#include <pthread.h>
#include <string.h>

#include "cli/cli.h"
#include "diff/causes.h"
#include "diff/side.h"
#include "render/output.h"
#include "scan/core/scan.h"
#include "scan/dispatch/crew.h"

/* One input read into its side, by a thread of its own or by this one. */
struct reading {
	struct job j;          /* the diff's, with scan's records taken by the side */
	struct emitter errors; /* the diff's in plain mode: an input's errors on stderr */
	struct record_sink sink;
	struct side side;
	char *out;             /* a thread's output buffer */
	int status;
};

static void reading_init(struct reading *r, const struct job *j, unsigned jobs, int i,
			 const char *name)
{
	*r = (struct reading){ .j = *j, .errors = *j->out };
	r->errors.mode = PLAIN;
	r->j.out = &r->errors;
	r->j.options &= ~OPT(O_SUMMARY);
	r->j.jobs = jobs;
	r->sink = (struct record_sink){ side_take, &r->side };
	r->j.sink = &r->sink;
	side_init(&r->side, name, j->strip[i], i ? NULL : j->prefix[0], j->prefix_len[0],
		  j->prefix[1], j->prefix_len[1]);
}

static int read_side(struct reading *r)
{
	char err[400], q[400];
	struct libraries libs = { 0 }; /* each loaded once, when first needed */
	if (!archive_calls(&libs.archive, err, sizeof err)) {
		diag("%s", err);
		return EXIT_TROUBLE;
	}
	int status = scan_operand(&r->j, &libs, r->side.name, NULL);
	quote(q, sizeof q, r->side.name, strlen(r->side.name));
	if (r->side.full)
		diag("'%s': memory exhausted after %zu device entries: the rest are not compared",
		     q, r->side.n);
	if (r->side.again)
		diag("'%s': warning: %ju device entr%s named a path an earlier one named: the "
		     "last read of each path is compared", q, r->side.again,
		     r->side.again == 1 ? "y" : "ies");
	/* scan's findings (status 1) are scan's to report: only trouble counts */
	return r->side.full || status == EXIT_TROUBLE ? EXIT_TROUBLE : EXIT_OK;
}

static void *side_thread(void *p)
{
	struct reading *r = p;
	out_thread_begin(r->out);
	r->status = read_side(r);
	out_flush();
	out_thread_end();
	return NULL;
}

/* Both inputs, the second by a thread of its own where there are two
 * CPUs: the higher status. */
static int read_both(struct reading *r, unsigned cpus)
{
	pthread_t t;
	bool apart = cpus >= 2 && (r[1].out = out_thread_buffer()) != NULL;
	if (apart && pthread_create(&t, NULL, side_thread, &r[1]) != 0) {
		free(r[1].out);
		apart = false;
	}
	r[0].status = read_side(&r[0]);
	if (apart)
		pthread_join(t, NULL);
	else
		r[1].status = read_side(&r[1]);
	return status_max(r[0].status, r[1].status);
}

struct tallies {
	uintmax_t same, changed, gone, added, unknown;
};

/* What became of x (NULL: none) as y (NULL: none), counted. */
static const char *verdict(const struct side_entry *x, const struct side_entry *y,
			   struct tallies *t)
{
	if (!y)
		return t->gone++, "gone";
	if (!x)
		return t->added++, "new";
	if (!x->known && !y->known)
		return t->unknown++, "unknown";
	if (x->known && y->known && x->type == y->type && x->t.major == y->t.major &&
	    x->t.minor == y->t.minor)
		return t->same++, "same";
	return t->changed++, "changed";
}

/* The causes of x becoming y (b: y's side), into c: how many. */
static size_t explain(const struct job *j, const struct side_entry *x, const struct side_entry *y,
		      const struct side *b, struct cause *c)
{
	struct cause_rows q = { j->writer, b->seen, b->nseen };
	if (!y)
		return causes_gone(&q, x->t, c);
	if (!x || !x->known || !y->known ||
	    (x->t.major == y->t.major && x->t.minor == y->t.minor))
		return 0;
	q.c = &y->made, q.nc = y->made != NULL;
	return causes_changed(&q, x->t, y->t, c);
}

/* The record of one path, x in the first input and y in the second
 * (either NULL): the status, 1 for a difference. */
static int compared(const struct job *j, const struct side_entry *x, const struct side_entry *y,
		    const struct side *b, struct tallies *t)
{
	struct record r, sides[2];
	struct cause c[CAUSES_MAX];
	const struct side_entry *e[2] = { x, y };
	const char *v = verdict(x, y, t);
	bool same = !strcmp(v, "same");
	if (same && !has_option(j, O_ALL))
		return EXIT_OK;
	record_start(&r, "", 0);
	r.have = 0;
	set_text(&r, K_PATH, x ? x->key : y->key, x ? x->key_len : y->key_len);
	set_str(&r, K_VERDICT, v);
	for (int i = 0; i < 2; i++)
		if (e[i]) {
			side_record(e[i], &sides[i]);
			r.side[i] = &sides[i];
			r.have |= KEY(i ? K_B : K_A);
		} else {
			r.unknown |= KEY(i ? K_B : K_A);
		}
	if ((r.ncauses = (unsigned)explain(j, x, y, b, c))) {
		r.causes = c;
		r.have |= KEY(K_CAUSES);
		set_str(&r, K_NOTE, c[0].what);
	}
	emit(j->out, &r);
	return same ? EXIT_OK : EXIT_UNFIT;
}

/* Every path of either input: the first's in its order, then those only
 * the second has. */
static int compare(const struct job *j, struct side *a, struct side *b, struct tallies *t)
{
	int status = EXIT_OK;
	for (size_t i = 0; i < a->n && !out_failed(); i++) {
		struct side_entry *y, *x = &a->e[i];
		if (x->later)
			continue;
		if ((y = side_find(b, x->key, x->key_len)))
			y->matched = true;
		status = status_max(status, compared(j, x, y, b, t));
	}
	for (size_t i = 0; i < b->n && !out_failed(); i++)
		if (!b->e[i].later && !b->e[i].matched)
			status = status_max(status, compared(j, NULL, &b->e[i], b, t));
	return status;
}

static void summary(const struct reading *r, const struct tallies *t)
{
	char q[2][400];
	for (int i = 0; i < 2; i++) {
		quote(q[i], sizeof q[i], r[i].side.name, strlen(r[i].side.name));
		if (r[i].side.short_paths)
			diag("'%s': %ju device entr%s with no more path components than --strip "
			     "drops, not compared", q[i], r[i].side.short_paths,
			     r[i].side.short_paths == 1 ? "y" : "ies");
	}
	diag("'%s' and '%s': %ju same, %ju changed, %ju gone, %ju new, %ju unknown on both sides",
	     q[0], q[1], t->same, t->changed, t->gone, t->added, t->unknown);
}

static int diff_run(const struct job *j, int argc, const char **argv)
{
	struct reading r[2];
	struct tallies t = { 0 };
	unsigned cpus = crew_threads(j->jobs);
	(void)argc;
	for (int i = 0; i < 2; i++)
		reading_init(&r[i], j, cpus >= 4 ? cpus / 2 : 1, i, argv[i]);
	int status = read_both(r, cpus);
	for (int i = 0; i < 2; i++) /* a path it did not reach is not gone */
		if (r[i].status == EXIT_TROUBLE) {
			char q[400];
			quote(q, sizeof q, argv[i], strlen(argv[i]));
			diag("'%s': not read whole: no path compared", q);
		}
	if (status != EXIT_TROUBLE)
		status = compare(j, &r[0].side, &r[1].side, &t);
	if (has_option(j, O_SUMMARY) && status != EXIT_TROUBLE)
		summary(r, &t);
	for (int i = 0; i < 2; i++)
		side_free(&r[i].side);
	return status;
}

/* Two inputs, standard input at most one of them. */
static void diff_rules(const struct command *c, struct job *j, int *argc, const char ***argv)
{
	(void)j;
	if (*argc != 2)
		usage_error("%s takes two inputs, A and B; %d given", c->name, *argc);
	if (!strcmp((*argv)[0], "-") && !strcmp((*argv)[1], "-"))
		usage_error("%s: standard input ('-') can be one input, not both", c->name);
}

const struct command cmd_diff = {
	"diff", "A B", "what a conversion did to each device of A, and which mistake did it",
	.options = OPT(O_WRITER) | OPT(O_SUMMARY) | OPT(O_JOBS) | OPT(O_DEPTH) | OPT(O_STRIP) |
		   OPT(O_PREFIX) | OPT(O_ALL) | OUTPUT_OPTIONS,
	.keys = KEY(K_PATH) | KEY(K_VERDICT) | KEY(K_A) | KEY(K_B) | KEY(K_CAUSES) | KEY(K_NOTE) |
		KEY(K_ERROR),
	.plain = "%p: %V: %(%{a}%|-%) -> %(%{b}%|-%)%( [%{causes}] %n%)",
	.names = true,
	.prepare = diff_rules,
	.run = diff_run,
};
