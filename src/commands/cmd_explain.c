/* cmd_explain.c - one value read by every scheme, side by side, a record a
 * scheme: the tuple each decodes a raw value to, or the raw each encodes a
 * tuple to. */
#include <config.h>

#include <stdio.h>

#include "cli/cli.h"

/* The note for a tuple the scheme holds but the platform behind it cannot. */
static void platform_note(struct record *r, const devnum_scheme *s, struct devnum_tuple t)
{
	struct devnum_reason why;
	if (devnum_within(s, t, &why) == 0)
		return;
	int n = devnum_strreason(r->note, sizeof r->note, s, &why);
	set_printed(r, K_NOTE, r->note, sizeof r->note, n);
}

static void set_cell(struct record *r, char *cell, size_t size, const char *fmt,
		     unsigned long long a, unsigned long long b)
{
	int n = snprintf(cell, size, fmt, a, b);
	set_printed(r, K_CELL, cell, size, n);
}

/* A refusal, and for a raw what a reader that checks nothing makes of it. */
static void refused(struct record *r, const devnum_scheme *s,
		    const struct devnum_reason *why, const uint64_t *raw)
{
	char text[sizeof r->error];
	struct devnum_tuple u;
	set_str(r, K_CELL, "refused");
	devnum_strreason(text, sizeof text, s, why);
	if (!raw) {
		fail(r, EXIT_UNFIT, "%s", text);
		return;
	}
	u = devnum_decode_unchecked(s, *raw);
	fail(r, EXIT_UNFIT, "%s; unchecked, it reads as %llu:%llu", text,
	     (unsigned long long)u.major, (unsigned long long)u.minor);
}

static void decode_cell(struct record *r, const devnum_scheme *s, uint64_t raw,
			char *cell, size_t size)
{
	struct devnum_reason why;
	struct devnum_tuple t;
	if (unpacked(s)) {
		set_str(r, K_CELL, "n/a");
		fail(r, EXIT_UNFIT, "not packed: its raw form is MAJOR:MINOR");
		return;
	}
	set_num(r, K_RAW, raw);
	devnum_status v = decode_why(s, raw, &t, &why);
	if (v == DEVNUM_REFUSED) {
		refused(r, s, &why, &raw);
		return;
	}
	set_tuple(r, t);
	set_verdict(r, v, s, &why);
	set_cell(r, cell, size, v == DEVNUM_ALIAS ? "%llu:%llu *" : "%llu:%llu",
		 t.major, t.minor);
	if (v == DEVNUM_OK)
		platform_note(r, s, t);
}

static void encode_cell(struct record *r, const devnum_scheme *s, struct devnum_tuple t,
			char *cell, size_t size)
{
	struct devnum_reason why;
	uint64_t raw;
	set_tuple(r, t);
	if (encode_why(s, t, &raw, &why) != DEVNUM_OK) {
		refused(r, s, &why, NULL);
		return;
	}
	set_num(r, K_RAW, raw);
	if (unpacked(s))
		set_cell(r, cell, size, "%llu:%llu", t.major, t.minor);
	else
		set_cell(r, cell, size, "0x%llx", raw, 0);
	platform_note(r, s, t);
}

static int explain_record(const struct job *j, struct record *r)
{
	struct devnum_tuple t = { 0, 0 };
	uint64_t raw = 0;
	char cell[48];
	bool tuple = is_tuple(r);
	struct num_error e;
	const char *in = r->text[K_INPUT];
	size_t n = r->len[K_INPUT];
	int st = tuple ? read_tuple(j, r, &t, NULL) : 0;
	if (st)
		return st;
	if (!tuple && parse_number(in, n, j->input_base, &raw, &e) < 0)
		return fail_number(r, &e);
	char head[200];
	snprintf(head, sizeof head, "%.80s: %s", in, tuple
		 ? "the tuple encoded by every scheme (refused: cannot hold it)"
		 : "the raw value decoded by every scheme (* noncanonical)");
	emit_folded(j->out, head, j->columns, 2);
	emit_heading(j->out, cmd_explain.columns, cmd_explain.ncolumns, tuple);
	for (size_t i = 0; i < devnum_scheme_count(); i++) {
		const devnum_scheme *s = devnum_scheme_at(i);
		record_next(r);
		set_scheme(r, s);
		set_str(r, K_FORM, tuple ? "tuple" : "raw");
		set_num(r, K_WIDTH, devnum_scheme_width(s));
		if (tuple)
			encode_cell(r, s, t, cell, sizeof cell);
		else
			decode_cell(r, s, raw, cell, sizeof cell);
		emit(j->out, r);
	}
	return EXIT_OK;
}

/* The cell is a raw value's reading, or a tuple's raw value (RAW). */
static const struct column columns[] = {
	{ K_SCHEME, "SCHEME", NULL, 10, false, NULL },
	{ K_WIDTH, "BITS", NULL, 4, true, NULL },
	{ K_CELL, "MAJOR:MINOR", "RAW", 23, false, "  " },
	{ K_NOTE, "NOTE", NULL, 0, false, NULL },
	{ K_ERROR, "", NULL, 0, false, "" },
};

const struct command cmd_explain = {
	"explain", "RAW | MAJOR:MINOR...", "every scheme's reading, side by side",
	.options = OPT(O_INPUT_BASE) | TABLE_OPTIONS,
	.keys = KEY(K_INPUT) | KEY(K_TYPE) | KEY(K_SCHEME) | KEY(K_FORM) | KEY(K_WIDTH) | KEY(K_MAJOR) |
		KEY(K_MINOR) | KEY(K_RAW) | KEY(K_CANONICAL) | KEY(K_CANON_RAW) |
		KEY(K_NOTE) | KEY(K_ERROR) | KEY(K_CELL),
	.columns = columns, .ncolumns = sizeof columns / sizeof columns[0],
	.pairs = true, .table = true, .hang = 41,
	.record = explain_record,
};
