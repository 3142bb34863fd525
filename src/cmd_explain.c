/* cmd_explain.c - one value read by every scheme, side by side: the tuple
 * each decodes a raw value to, or the raw each encodes a tuple to. */
#include <config.h>

#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "output.h"

/* One scheme's cell: its answer, and a note when there is more to say. */
struct cell {
	char text[48], note[320];
	enum dn_verdict verdict;
	struct dn_tuple t;
	uint64_t raw;
};

/* What a reader that skips the width check makes of a too-wide raw: the
 * top field runs on into the excess bits (179:256 read as 4275:0). */
static struct dn_tuple unchecked(const struct dn_scheme *s, uint64_t raw)
{
	struct dn_tuple t = { 0, 0 };
	for (unsigned i = 0; i < s->nfields; i++) {
		const struct dn_field *f = &s->field[i];
		uint64_t bits = raw >> f->at & ((UINT64_C(1) << f->width) - 1);
		if (f->at + f->width == s->width)
			bits |= raw >> s->width << f->width;
		*(f->part == DN_MAJOR ? &t.major : &t.minor) |= bits << f->lo;
	}
	return t;
}

/* A note for a tuple the C library holds but the kernel behind it cannot. */
static void platform_note(char *note, size_t size, const struct dn_scheme *s,
			  struct dn_tuple t)
{
	const struct dn_scheme *k = s->within ? dn_scheme_find(s->within) : NULL;
	uint64_t raw;
	struct dn_reason r;
	if (k && dn_encode(k, t, &raw, &r) < 0)
		snprintf(note, size, "beyond the Linux kernel (at most %llu:%llu)",
			 (unsigned long long)dn_part_mask(k, DN_MAJOR),
			 (unsigned long long)dn_part_mask(k, DN_MINOR));
}

static void read_raw_cell(struct cell *c, const struct dn_scheme *s, uint64_t raw)
{
	struct dn_reason r;
	uint64_t canon;
	c->note[0] = 0;
	if (s->rules & DN_TEXT) {
		c->verdict = DN_INVALID;
		snprintf(c->text, sizeof c->text, "n/a");
		snprintf(c->note, sizeof c->note, "not packed: its raw form is MAJOR:MINOR");
		return;
	}
	c->verdict = dn_decode(s, raw, &c->t, &canon, &r);
	if (c->verdict == DN_INVALID) {
		char why[256];
		snprintf(c->text, sizeof c->text, "refused");
		why_text(why, sizeof why, s, &r);
		snprintf(c->note, sizeof c->note, "%s", why);
		if (r.why == DN_TOO_WIDE) {
			struct dn_tuple u = unchecked(s, raw);
			snprintf(c->note, sizeof c->note, "%s; unchecked, it reads as %llu:%llu",
				 why, (unsigned long long)u.major, (unsigned long long)u.minor);
		}
		return;
	}
	snprintf(c->text, sizeof c->text, "%llu:%llu%s", (unsigned long long)c->t.major,
		 (unsigned long long)c->t.minor, c->verdict == DN_ALIAS ? " *" : "");
	if (c->verdict == DN_ALIAS) {
		alias_text(c->note, sizeof c->note, s, &r, c->t, canon);
		c->raw = canon;
	} else {
		platform_note(c->note, sizeof c->note, s, c->t);
	}
}

static void encode_cell(struct cell *c, const struct dn_scheme *s, struct dn_tuple t)
{
	struct dn_reason r;
	c->note[0] = 0;
	c->t = t;
	if (dn_encode(s, t, &c->raw, &r) < 0) {
		c->verdict = DN_INVALID;
		snprintf(c->text, sizeof c->text, "refused");
		why_text(c->note, sizeof c->note, s, &r);
		return;
	}
	c->verdict = DN_CANONICAL;
	if (s->rules & DN_TEXT)
		snprintf(c->text, sizeof c->text, "%llu:%llu", (unsigned long long)t.major,
			 (unsigned long long)t.minor);
	else
		snprintf(c->text, sizeof c->text, "0x%llx", (unsigned long long)c->raw);
	platform_note(c->note, sizeof c->note, s, t);
}

static void cell_json(const struct dn_scheme *s, const struct cell *c, bool tuple_in)
{
	out_str("{\"scheme\":");
	out_json_str(s->name, strlen(s->name));
	json_width(s);
	if (c->verdict == DN_INVALID) {
		json_text("error", c->note);
	} else if (tuple_in) {
		if (!(s->rules & DN_TEXT)) {
			json_u64("raw", c->raw);
			json_hex("hex", c->raw);
		}
	} else {
		json_u64("major", c->t.major);
		json_u64("minor", c->t.minor);
		json_bool("canonical", c->verdict == DN_CANONICAL);
		if (c->verdict == DN_ALIAS)
			json_hex("canonical_hex", c->raw);
	}
	if (c->verdict != DN_INVALID && c->note[0])
		json_text("note", c->note);
	out_char('}');
}

static void row(const char *name, const char *width, const char *text, const char *note)
{
	char line[480];
	snprintf(line, sizeof line, "%-10s %4s  %-23s %s", name, width, text, note);
	for (size_t n = strlen(line); n && line[n - 1] == ' ';)
		line[--n] = 0;
	out_str(line);
	out_char(record_end());
}

static int explain_record(const char *s, size_t n, const struct where *w)
{
	struct num_error e;
	struct dn_tuple t = { 0, 0 };
	uint64_t raw = 0;
	struct cell c;
	bool tuple_in = looks_like_tuple(s, n);
	if (tuple_in ? parse_tuple(s, n, &t, &e) < 0 : parse_number(s, n, &raw, &e) < 0)
		return fail_number(w, s, n, &e);
	if (opt.json) {
		json_begin(s, n, NULL);
		json_text("kind", tuple_in ? "tuple" : "raw");
		json_key("schemes");
		out_char('[');
	} else {
		out_mem(s, n);
		out_str(tuple_in ? ": the tuple encoded by every scheme (refused: cannot hold it)"
				 : ": the raw value decoded by every scheme (* noncanonical)");
		out_char(record_end());
		row("SCHEME", "BITS", tuple_in ? "RAW" : "MAJOR:MINOR", "NOTE");
	}
	for (size_t i = 0; i < dn_nschemes; i++) {
		const struct dn_scheme *sc = &dn_schemes[i];
		if (tuple_in)
			encode_cell(&c, sc, t);
		else
			read_raw_cell(&c, sc, raw);
		if (opt.json) {
			if (i)
				out_char(',');
			cell_json(sc, &c, tuple_in);
		} else {
			row(sc->name, width_text(sc), c.text, c.note);
		}
	}
	if (opt.json) {
		out_char(']');
		json_end();
	}
	return EXIT_OK;
}

int cmd_explain(int argc, const char **argv)
{
	return for_each_record(explain_record, argc, argv);
}
