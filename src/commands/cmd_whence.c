/* cmd_whence.c - which known mistake made a wrong tuple: every row of
 * the catalogue applied backwards, the real devices the registry names
 * first; with --was, the rows that take that tuple to the one seen. */
#include <config.h>

#include "cli/cli.h"
#include "registry/mistakes.h"
#include "registry/registry.h"

enum {
	PER_ROW = 8,                /* real tuples a row offers, the plainest first */
	PER_ROW_NAMED = 2 * PER_ROW /* as candidates: each char, block or both */
};

struct candidate {
	const struct mistake *m;
	struct devnum_tuple real;
	char type;        /* the namespace the registry names it in, or 0 */
	struct reg_device d;
};

/* Adds real as found by m: once per namespace the registry names it in
 * (the seen tuple's type, or char then block, as name answers), or once
 * unnamed. */
static void add(char type, const struct mistake *m, struct devnum_tuple real,
		struct candidate *c, size_t *n)
{
	size_t first = *n;
	for (const char *t = type ? &type : "cb"; *t; t = type ? "" : t + 1) {
		struct candidate *k = &c[*n];
		k->m = m, k->real = real, k->type = *t; /* not all of k->d: it is big */
		registry_lookup(*t, real.major, real.minor, &k->d);
		if (k->d.kind == A_FIXED)
			++*n;
	}
	if (*n == first) {
		struct candidate *k = &c[(*n)++];
		k->m = m, k->real = real, k->type = 0;
	}
}

static bool wide(struct devnum_tuple t)
{
	return t.major >> 32 || t.minor >> 32;
}

/* The order each candidate is shown in, into rank: 0, a device the
 * registry names; 1, the plainest of a row's others, a tuple Linux can
 * make; 2, the plainest of a row's others, beyond Linux's 12:20; 3, not
 * shown (a row that fits every minor + 256 k shows its plainest and those
 * the registry names).  A row's candidates are together, plainest first. */
static void rank(const struct candidate *c, size_t n, int *rank)
{
	const struct mistake *row = NULL;
	bool shown = false; /* the row's plainest unnamed one is shown */
	for (size_t i = 0; i < n; i++) {
		if (c[i].m != row)
			row = c[i].m, shown = false;
		if (c[i].type)
			rank[i] = 0;
		else if (wide(c[i].real) || shown)
			rank[i] = 3;
		else
			rank[i] = c[i].real.major <= REG_MAJOR_MAX && c[i].real.minor <= REG_MINOR_MAX
					  ? 1 : 2,
			shown = true;
	}
}

/* type: the seen tuple's, or 0 */
static void emit_candidate(const struct job *j, struct record *r, char type,
			   const struct candidate *c)
{
	record_next(r);
	r->have &= ~KEY(K_TYPE);
	set_tuple(r, c->real);
	if (c->type || type)
		set_str(r, K_TYPE, (c->type ? c->type : type) == 'c' ? "char" : "block");
	if (c->type) {
		set_str(r, K_NAME, c->d.name);
		set_str(r, K_DESCRIPTION, c->d.what);
	}
	set_str(r, K_MISTAKE, c->m->id);
	set_str(r, K_SOURCE, c->m->source);
	set_str(r, K_WHAT, c->m->words);
	emit(j->out, r);
}

/* The tuple seen: the operand's, or its raw value read in --scheme. */
static int seen_tuple(const struct job *j, struct record *r, struct devnum_tuple *t)
{
	uint64_t raw;
	if (is_tuple(r))
		return read_tuple(j, r, t, NULL);
	int st = read_raw(j, j->scheme, r, &raw);
	if (st)
		return st;
	return decode_why(j->scheme, raw, t, &(struct devnum_reason){ 0 }) == DEVNUM_REFUSED
		       ? fail(r, EXIT_UNFIT, "not a valid %s raw value", devnum_scheme_name(j->scheme))
		       : EXIT_OK;
}

static int whence_record(const struct job *j, struct record *r)
{
	struct devnum_tuple seen, found[PER_ROW];
	struct candidate c[PER_ROW_NAMED * MISTAKES_MAX];
	int ranks[PER_ROW_NAMED * MISTAKES_MAX];
	size_t n = 0;
	int st = seen_tuple(j, r, &seen);
	if (st)
		return st;
	char type = 0;
	if (r->have & KEY(K_TYPE))
		type = r->text[K_TYPE][0];
	const struct mistake_use *uses = mistake_uses();
	for (size_t i = 0; i < nmistakes && i < MISTAKES_MAX; i++) { /* test_mistakes: all */
		const struct mistake *m = &mistakes[i];
		const struct mistake_use *u = &uses[i];
		struct devnum_tuple back;
		size_t k = 0;
		if (!has_option(j, O_WAS))
			k = m->backward(u, seen, found, PER_ROW);
		else if (m->forward(u, j->was, &back) && back.major == seen.major &&
			 back.minor == seen.minor)
			found[k++] = j->was;
		for (size_t f = 0; f < k; f++)
			add(type, m, found[f], c, &n);
	}
	rank(c, n, ranks);
	for (int shown = 0; shown <= 2; shown++)
		for (size_t i = 0; i < n; i++)
			if (ranks[i] == shown)
				emit_candidate(j, r, type, &c[i]);
	if (n == 0 && has_option(j, O_WAS))
		return fail(r, EXIT_UNFIT, "no known mistake makes it of %llu:%llu",
			    (unsigned long long)j->was.major, (unsigned long long)j->was.minor);
	if (n == 0)
		return fail(r, EXIT_UNFIT, "no known mistake makes it");
	return EXIT_OK;
}

const struct command cmd_whence = {
	"whence", "[c|b]MAJOR:MINOR... | RAW...", "the known mistakes that make each tuple",
	.options = OPT(O_WAS) | OPT(O_SCHEME) | OPT(O_INPUT_BASE) | OUTPUT_OPTIONS,
	.keys = KEY(K_INPUT) | KEY(K_TYPE) | KEY(K_MAJOR) | KEY(K_MINOR) | KEY(K_NAME) |
		KEY(K_DESCRIPTION) | KEY(K_MISTAKE) | KEY(K_SOURCE) | KEY(K_WHAT) | KEY(K_ERROR),
	.plain = "%i: %M:%m%( %t %{name}%)%( (%{description})%): %{what} [%{mistake}]",
	.record = whence_record,
};
