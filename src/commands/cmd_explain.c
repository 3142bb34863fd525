/* cmd_explain.c - one value read by every scheme, side by side, a record a
 * scheme: the tuple each decodes a raw value to, or the raw each encodes a
 * tuple to. */
#include <config.h>

#include <stdio.h>

#include "cli/cli.h"
#include "registry/registry.h"

/* What the registry has for a reading: its char device, its block one. */
struct devices {
	struct reg_device d[2];
	bool named[2];
};

/* Whether the registry names t, as a char or a block device (a raw
 * value says neither). */
static bool look_up(struct devnum_tuple t, struct devices *v)
{
	bool any = false;
	for (int i = 0; i < 2; i++) {
		registry_lookup("cb"[i], t.major, t.minor, &v->d[i]);
		v->named[i] = v->d[i].kind == A_FIXED;
		any |= v->named[i];
	}
	return any;
}

/* Whether s reads raw as a device the registry names, the devices in *v
 * (none where s refuses raw): the order explain ranks by. */
static bool names_device(struct views *views, const devnum_scheme *s, uint64_t raw,
			 struct devices *v)
{
	struct devnum_reason why;
	struct devnum_tuple t;
	v->named[0] = v->named[1] = false;
	return !unpacked(views, s) && decode_why(s, raw, &t, &why) != DEVNUM_REFUSED && look_up(t, v);
}

/* K_CHAR_NAME and K_BLOCK_NAME; for people, K_WHAT: the devices named,
 * then the note. */
static void set_devices(struct record *r, const struct devices *v, char *buf, size_t size)
{
	static const enum key key[2] = { K_CHAR_NAME, K_BLOCK_NAME };
	size_t len = 0;
	for (int i = 0; i < 2; i++) {
		if (!v->named[i])
			continue;
		set_str(r, key[i], v->d[i].name);
		len = appended(len, size, snprintf(buf + len, size - len, "%s%s %s (%s)",
						   len ? ", " : "", i ? "block" : "char",
						   v->d[i].name, v->d[i].what));
	}
	if (r->have & KEY(K_NOTE))
		len = appended(len, size, snprintf(buf + len, size - len, "%s%.*s", len ? "; " : "",
						   (int)r->len[K_NOTE], r->text[K_NOTE]));
	if (len)
		set_text(r, K_WHAT, buf, len);
}

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

static void decode_cell(struct views *views, struct record *r, const devnum_scheme *s,
			uint64_t raw, char *cell, size_t size)
{
	struct devnum_reason why;
	struct devnum_tuple t;
	if (unpacked(views, s)) {
		set_str(r, K_CELL, "n/a");
		fail(r, EXIT_UNFIT, "not packed: its raw form is MAJOR:MINOR");
		return;
	}
	set_num(r, K_RAW, raw);
	devnum_status st = decode_why(s, raw, &t, &why);
	if (st == DEVNUM_REFUSED) {
		refused(r, s, &why, &raw);
		return;
	}
	set_tuple(r, t);
	set_verdict(r, st, s, &why);
	set_cell(r, cell, size, st == DEVNUM_ALIAS ? "%llu:%llu *" : "%llu:%llu",
		 t.major, t.minor);
	if (st == DEVNUM_OK)
		platform_note(r, s, t);
}

static void encode_cell(struct views *views, struct record *r, const devnum_scheme *s,
			struct devnum_tuple t, char *cell, size_t size)
{
	struct devnum_reason why;
	uint64_t raw;
	set_tuple(r, t);
	if (encode_why(s, t, &raw, &why) != DEVNUM_OK) {
		refused(r, s, &why, NULL);
		return;
	}
	set_num(r, K_RAW, raw);
	if (unpacked(views, s))
		set_cell(r, cell, size, "%llu:%llu", t.major, t.minor);
	else
		set_cell(r, cell, size, "0x%llx", raw, 0);
	platform_note(r, s, t);
}

/* One scheme's record: the raw value's reading and the devices v it
 * names, or the tuple's raw (v names none). */
static void explain_scheme(const struct job *j, struct record *r, const devnum_scheme *s,
			   const struct devnum_tuple *t, uint64_t raw, const struct devices *v)
{
	char cell[48], remark[sizeof r->note + 2 * sizeof(struct reg_device)];
	record_next(r);
	set_scheme(r, s);
	set_str(r, K_FORM, t ? "tuple" : "raw");
	set_num(r, K_WIDTH, devnum_scheme_width(s));
	if (t)
		encode_cell(j->out->style.views, r, s, *t, cell, sizeof cell);
	else
		decode_cell(j->out->style.views, r, s, raw, cell, sizeof cell);
	set_devices(r, v, remark, sizeof remark);
	emit(j->out, r);
}

static int explain_record(const struct job *j, struct record *r)
{
	struct devnum_tuple t = { 0, 0 };
	uint64_t raw = 0;
	bool tuple = is_tuple(r);
	struct num_error e;
	const char *in = r->text[K_INPUT];
	size_t n = r->len[K_INPUT];
	int st = tuple ? read_tuple(j, r, &t, NULL) : 0;
	if (st)
		return st;
	if (!tuple && parse_number(in, n, j->input_base, &raw, &e) < 0)
		return fail_number(r, &e);
	bool ranked = !tuple && !j->by_scheme;
	char head[200];
	snprintf(head, sizeof head, "%.80s: %s", in, tuple
		 ? "the tuple encoded by every scheme (refused: cannot hold it)"
		 : ranked ? "the raw value decoded by every scheme, those naming a registered"
			    " Linux device first (* noncanonical)"
			  : "the raw value decoded by every scheme (* noncanonical)");
	emit_title(j->out, head, j->columns, 2);
	emit_heading(j->out, cmd_explain.columns, cmd_explain.ncolumns, tuple);
	/* ranked: those that name a device, then the others; else one pass */
	for (int pass = ranked ? 0 : 1; pass < 2; pass++)
		for (size_t i = 0; i < devnum_scheme_count(); i++) {
			const devnum_scheme *s = devnum_scheme_at(i);
			struct devices v = { .named = { false, false } };
			bool named = !tuple && names_device(j->out->style.views, s, raw, &v);
			if (ranked && named != (pass == 0))
				continue;
			explain_scheme(j, r, s, tuple ? &t : NULL, raw, &v);
		}
	return EXIT_OK;
}

/* The cell is a raw value's reading, or a tuple's raw value (RAW). */
static const struct column columns[] = {
	{ K_SCHEME, "SCHEME", NULL, 10, false, NULL },
	{ K_WIDTH, "BITS", NULL, 4, true, NULL },
	{ K_CELL, "MAJOR:MINOR", "RAW", 23, false, "  " },
	{ K_WHAT, "NOTE", NULL, 0, false, NULL },
	{ K_ERROR, "", NULL, 0, false, "" },
};

const struct command cmd_explain = {
	"explain", "RAW | MAJOR:MINOR...", "every scheme's reading, side by side",
	.options = OPT(O_INPUT_BASE) | OPT(O_SORT) | TABLE_OPTIONS,
	.keys = KEY(K_INPUT) | KEY(K_TYPE) | KEY(K_SCHEME) | KEY(K_FORM) | KEY(K_WIDTH) | KEY(K_MAJOR) |
		KEY(K_MINOR) | KEY(K_RAW) | KEY(K_CANONICAL) | KEY(K_CANON_RAW) |
		KEY(K_CHAR_NAME) | KEY(K_BLOCK_NAME) | KEY(K_NOTE) | KEY(K_ERROR) | KEY(K_CELL) |
		KEY(K_WHAT),
	.columns = columns, .ncolumns = sizeof columns / sizeof columns[0],
	.pairs = true, .table = true, .hang = 41,
	.record = explain_record,
};
