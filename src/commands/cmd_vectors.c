/* cmd_vectors.c - libdevnum's test vectors, for other projects to hold
 * their own makedev, major and minor to: for each packed scheme, the
 * tuples and raw values at its edges (each field's lowest and highest
 * bit, the largest part and one past it, a gap in a part, the legacy
 * window, the sentinel, an ignored, a fixed and a stray bit), each with
 * the library's answer.  The inputs come from the scheme's own field
 * table, so a new scheme has vectors with no new code here; they print
 * sorted, tuples first, so that the output changes only when an answer
 * or an edge does. */
#include <config.h>

#include <stdlib.h>

#include "cli/cli.h"

/* Room for every input: a scheme has at most 8 fields (two inputs each),
 * so at most 14 + 16 + 7 tuples and 6 + 37 + 7 raw values; add() keeps
 * no more, and never needs to drop one. */
#define MAX_INPUTS 96

/* A set of inputs of one form, kept distinct: tuples as (major, minor),
 * raw values as (raw, 0), side by side so that they sort as pairs. */
struct inputs {
	size_t n;
	uint64_t v[MAX_INPUTS][2];
};

static void add(struct inputs *in, uint64_t major, uint64_t minor)
{
	for (size_t i = 0; i < in->n; i++)
		if (in->v[i][0] == major && in->v[i][1] == minor)
			return;
	if (in->n < MAX_INPUTS) {
		in->v[in->n][0] = major;
		in->v[in->n++][1] = minor;
	}
}

static uint64_t ones(unsigned width)
{
	return width >= 64 ? UINT64_MAX : (UINT64_C(1) << width) - 1;
}

/* The lowest bit below part p's highest that the scheme does not carry
 * (freebsd11's minor bits 15:8), or 0 for none. */
static uint64_t gap_bit(const devnum_scheme *s, enum devnum_part p)
{
	uint64_t max = devnum_part_max(s, p);
	uint64_t holes = ~max & ones(devnum_part_bits(s, p) ? 64 - (unsigned)__builtin_clzll(max) : 0);
	return holes & -holes;
}

/* The tuples: the same few everywhere (the devices of the famous mix-ups
 * and the 8:8 and 12:20 edges), then the scheme's own edges. */
static void tuples(const devnum_scheme *s, struct inputs *in)
{
	static const uint64_t common[][2] = {
		{ 0, 0 },    { 1, 3 },    { 8, 1 },       { 8, 256 },   { 179, 256 },
		{ 255, 255 }, { 256, 0 },  { 0, 256 },    { 0, 65535 }, { 4095, 1048575 },
		{ 4096, 0 }, { 0, 1048576 }, { UINT32_MAX, UINT32_MAX }, { UINT64_C(1) << 32, 0 },
	};
	struct devnum_field f[8];
	size_t n = devnum_scheme_fields(s, f, 8);
	uint64_t mx = devnum_part_max(s, DEVNUM_MAJOR), mn = devnum_part_max(s, DEVNUM_MINOR);
	for (size_t i = 0; i < sizeof common / sizeof common[0]; i++)
		add(in, common[i][0], common[i][1]);
	for (size_t i = 0; i < n && i < 8; i++) {
		uint64_t low = UINT64_C(1) << f[i].lo, all = ones(f[i].width) << f[i].lo;
		bool major = f[i].part == DEVNUM_MAJOR;
		add(in, major ? low : 0, major ? 0 : low);
		add(in, major ? all : 0, major ? 0 : all);
	}
	add(in, mx, 0);
	add(in, 0, mn);
	add(in, mx, mn);
	add(in, mx + 1, 0);
	add(in, 0, mn + 1);
	if (gap_bit(s, DEVNUM_MAJOR))
		add(in, gap_bit(s, DEVNUM_MAJOR), 0);
	if (gap_bit(s, DEVNUM_MINOR))
		add(in, 0, gap_bit(s, DEVNUM_MINOR));
}

/* The raw values: every tuple's, and the bits no field carries. */
static void raws(const devnum_scheme *s, const struct inputs *t, struct inputs *in)
{
	static const uint64_t common[] = { 0, 1, 0x100, 0x103, 0x801, 0xffff };
	uint64_t max = devnum_raw_max(s), fixed = devnum_scheme_fixed(s);
	uint64_t ignored = devnum_scheme_ignored(s) & ~fixed, carried = fixed | ignored, raw;
	struct devnum_field f[8];
	size_t n = devnum_scheme_fields(s, f, 8);
	for (size_t i = 0; i < n && i < 8; i++)
		carried |= ones(f[i].width) << f[i].at;
	for (size_t i = 0; i < sizeof common / sizeof common[0]; i++)
		add(in, common[i], 0);
	for (size_t i = 0; i < t->n; i++)
		if (devnum_encode(s, (struct devnum_tuple){ t->v[i][0], t->v[i][1] }, &raw, NULL) ==
		    DEVNUM_OK)
			add(in, raw, 0);
	if (devnum_encode(s, (struct devnum_tuple){ 8, 1 }, &raw, NULL) != DEVNUM_OK)
		return; /* every packed scheme holds 8:1 */
	add(in, max, 0);
	if (max != UINT64_MAX)
		add(in, max + 1, 0);
	if (ignored) {
		add(in, raw | (ignored & -ignored), 0);
		add(in, raw | ignored, 0);
	}
	if (fixed)
		add(in, raw & ~fixed, 0);
	uint64_t stray = ~carried & max;
	if (stray)
		add(in, raw | (stray & -stray), 0);
}

static int by_tuple(const void *a, const void *b)
{
	const uint64_t *x = a, *y = b;
	return x[0] != y[0] ? (x[0] > y[0]) - (x[0] < y[0]) : (x[1] > y[1]) - (x[1] < y[1]);
}


/* The answer for a refusal or an alias: its cause, and its words. */
static void because(struct record *r, const devnum_scheme *s, const struct devnum_reason *why)
{
	set_str(r, K_VERDICT, devnum_cause_name(why->cause));
	set_printed(r, K_NOTE, r->note, sizeof r->note,
		    devnum_strreason(r->note, sizeof r->note, s, why));
}

static void tuple_vector(const struct job *j, struct record *r, const devnum_scheme *s,
			 struct devnum_tuple t)
{
	struct devnum_aliases a;
	struct devnum_reason why;
	uint64_t raw, count;
	record_next(r);
	set_scheme(r, s);
	set_str(r, K_FORM, "tuple");
	set_tuple(r, t);
	bool ok = devnum_encode(s, t, &raw, &why) == DEVNUM_OK;
	set_num(r, K_VALID, ok);
	if (ok) {
		devnum_aliases_start(&a, s, t, &count, NULL);
		set_num(r, K_RAW, raw);
		set_num(r, K_CANONICAL, true);
		set_str(r, K_VERDICT, "ok");
		set_num(r, K_COUNT, count);
	} else {
		because(r, s, &why);
	}
	emit(j->out, r);
}

static void raw_vector(const struct job *j, struct record *r, const devnum_scheme *s, uint64_t raw)
{
	struct devnum_tuple t;
	struct devnum_reason why;
	uint64_t canon;
	record_next(r);
	set_scheme(r, s);
	set_str(r, K_FORM, "raw");
	set_num(r, K_RAW, raw);
	devnum_status v = devnum_decode(s, raw, &t, &canon, &why);
	set_num(r, K_VALID, v != DEVNUM_REFUSED);
	if (v != DEVNUM_REFUSED) {
		set_tuple(r, t);
		set_num(r, K_CANONICAL, v == DEVNUM_OK);
	}
	if (v == DEVNUM_OK)
		set_str(r, K_VERDICT, "ok");
	else
		because(r, s, &why);
	if (v == DEVNUM_ALIAS)
		set_num(r, K_CANON_RAW, canon);
	emit(j->out, r);
}

static void scheme_vectors(const struct job *j, struct record *r, const devnum_scheme *s)
{
	struct inputs t = { 0 }, w = { 0 };
	tuples(s, &t);
	raws(s, &t, &w);
	qsort(t.v, t.n, sizeof t.v[0], by_tuple);
	qsort(w.v, w.n, sizeof w.v[0], by_tuple);
	for (size_t i = 0; i < t.n; i++)
		tuple_vector(j, r, s, (struct devnum_tuple){ t.v[i][0], t.v[i][1] });
	for (size_t i = 0; i < w.n; i++)
		raw_vector(j, r, s, w.v[i][0]);
}

static int vectors_run(const struct job *j, int argc, const char **argv)
{
	struct record r;
	(void)argc, (void)argv; /* none: main refuses operands */
	record_start(&r, "", 0);
	r.have = 0; /* no input: the vectors are the library's own */
	for (size_t i = 0; i < devnum_scheme_count(); i++) {
		const devnum_scheme *s = devnum_scheme_at(i);
		if ((scheme_given(j) && s != j->scheme) || (devnum_scheme_flags(s) & DEVNUM_TEXT))
			continue;
		scheme_vectors(j, &r, s);
	}
	return EXIT_OK;
}

/* --scheme=tuple is never packed: it has no raw values to test. */
static void vectors_prepare(const struct command *c, struct job *j, int *argc, const char ***argv)
{
	(void)c, (void)argc, (void)argv;
	if (scheme_given(j) && (devnum_scheme_flags(j->scheme) & DEVNUM_TEXT))
		usage_error("--scheme=%s is never packed: it has no vectors",
			    devnum_scheme_name(j->scheme));
}

const struct command cmd_vectors = {
	"vectors", "", "libdevnum's test vectors: each scheme's edges and its answers",
	.options = OPT(O_SCHEME) | OUTPUT_OPTIONS | OPT(O_BASE) | OPT(O_PAD),
	.keys = KEY(K_SCHEME) | KEY(K_FORM) | KEY(K_MAJOR) | KEY(K_MINOR) | KEY(K_RAW) |
		KEY(K_VALID) | KEY(K_CANONICAL) | KEY(K_VERDICT) | KEY(K_CANON_RAW) |
		KEY(K_COUNT) | KEY(K_NOTE),
	/* one vector a line, seven words, "-" for none: a shell's `read` or
	   awk splits it */
	.plain = "%s %{form} %(%M%|-%) %(%m%|-%) %(%r%|-%) %V %(%c%|-%)",
	.raw_plain = true, .no_operands = true, .prepare = vectors_prepare,
	.run = vectors_run,
};
