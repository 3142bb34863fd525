/* cmd_codec.c - encode, decode, convert, canon and check: one record in,
 * one record out. */
#include <config.h>

#include <stdio.h>

#include "cli/cli.h"

#define TUPLE_KEYS (KEY(K_INPUT) | KEY(K_TYPE) | KEY(K_SCHEME) | KEY(K_MAJOR) | KEY(K_MINOR) | \
		    KEY(K_MTREE) | KEY(K_RAW) | KEY(K_ERROR))
#define VERDICT_KEYS (KEY(K_CANONICAL) | KEY(K_CANON_RAW) | KEY(K_NOTE))

/* t encoded in s as the record's raw value, emitted: 0, or the refusal. */
static int emit_encoded(const struct job *j, const devnum_scheme *s, struct record *r,
			struct devnum_tuple t)
{
	struct devnum_reason why;
	uint64_t raw;
	if (encode_why(s, t, &raw, &why) != DEVNUM_OK)
		return fail_reason(r, s, &why);
	set_num(r, K_RAW, raw);
	emit(j->out, r);
	return EXIT_OK;
}

static int encode_record(const struct job *j, struct record *r)
{
	struct devnum_tuple t;
	const devnum_scheme *s;
	int st = read_packed_tuple(j, r, &t, &s);
	if (st)
		return st;
	set_tuple(r, t);
	return emit_encoded(j, s, r, t);
}

const struct command cmd_encode = {
	"encode", "MAJOR MINOR | MAJOR:MINOR...", "raw value of each tuple in --scheme",
	.options = OPT(O_SCHEME) | OPT(O_INPUT_BASE) | OUTPUT_OPTIONS,
	.keys = TUPLE_KEYS, .plain = "%r", .raw_plain = true, .pairs = true,
	.record = encode_record,
};

/* Decodes the input, a raw value of s, into r: the raw value, the tuple
 * and the verdict.  0, or the status: invalid, or an alias under --strict. */
static int decode_in(const struct job *j, const devnum_scheme *s, struct record *r,
		     struct devnum_tuple *t)
{
	struct devnum_reason why;
	uint64_t raw;
	int st = read_raw(j, s, r, &raw);
	if (st)
		return st;
	set_num(r, K_RAW, raw);
	devnum_status v = decode_why(s, raw, t, &why);
	if (v == DEVNUM_REFUSED)
		return fail_reason(r, s, &why);
	set_tuple(r, *t);
	set_verdict(r, v, s, &why);
	if (v == DEVNUM_ALIAS && has_option(j, O_STRICT))
		return fail(r, EXIT_UNFIT, "%s", r->note);
	r->warn = v == DEVNUM_ALIAS;
	return EXIT_OK;
}

static int decode_record(const struct job *j, struct record *r)
{
	struct devnum_tuple t;
	set_scheme(r, j->scheme);
	int st = decode_in(j, j->scheme, r, &t);
	if (!st)
		emit(j->out, r);
	return st;
}

const struct command cmd_decode = {
	"decode", "RAW...", "MAJOR:MINOR of each raw value in --scheme",
	.options = OPT(O_SCHEME) | OPT(O_STRICT) | OPT(O_INPUT_BASE) | OUTPUT_OPTIONS,
	.keys = TUPLE_KEYS | VERDICT_KEYS, .plain = "%M:%m",
	.record = decode_record,
};

static int convert_record(const struct job *j, struct record *r)
{
	struct devnum_tuple t;
	set_scheme(r, j->to);
	set_from(r, j->from);
	int st = decode_in(j, j->from, r, &t);
	if (st)
		return st;
	return emit_encoded(j, j->to, r, t);
}

const struct command cmd_convert = {
	"convert", "RAW...", "the same tuple from --from into --to",
	.options = OPT(O_FROM) | OPT(O_TO) | OPT(O_STRICT) | OPT(O_INPUT_BASE) |
		   OUTPUT_OPTIONS,
	.needs = OPT(O_FROM) | OPT(O_TO),
	.keys = TUPLE_KEYS | VERDICT_KEYS | KEY(K_FROM), .plain = "%r", .raw_plain = true,
	.record = convert_record,
};

static int canon_record(const struct job *j, struct record *r)
{
	struct devnum_tuple t;
	set_scheme(r, j->scheme);
	int st = decode_in(j, j->scheme, r, &t);
	if (st)
		return st;
	r->warn = false; /* an alias is what canon is for */
	if (r->have & KEY(K_CANON_RAW))
		r->num[K_RAW] = r->num[K_CANON_RAW];
	emit(j->out, r);
	return EXIT_OK;
}

/* --legacy: each value is an 8:8 number, re-encoded in --scheme. */
static int canon_run(const struct job *j, int argc, const char **argv)
{
	struct job legacy = *j;
	if (!has_option(j, O_LEGACY))
		return for_each_record(j, canon_record, argc, argv);
	legacy.from = devnum_scheme_find("legacy");
	legacy.to = j->scheme;
	return for_each_record(&legacy, convert_record, argc, argv);
}

const struct command cmd_canon = {
	"canon", "RAW...", "the canonical form of each raw value",
	.options = OPT(O_SCHEME) | OPT(O_LEGACY) | OPT(O_INPUT_BASE) | OUTPUT_OPTIONS,
	.keys = TUPLE_KEYS | VERDICT_KEYS | KEY(K_FROM), .plain = "%r", .raw_plain = true,
	.run = canon_run,
};

/* An invalid value's verdict in words, K_NOTE; a canonical one has none,
 * and the plain template words it. */
static void invalid_note(struct record *r)
{
	int n = snprintf(r->note, sizeof r->note, "invalid in %s: %s",
			 devnum_scheme_name(r->scheme), r->error);
	set_printed(r, K_NOTE, r->note, sizeof r->note, n);
}

static int check_record(const struct job *j, struct record *r)
{
	struct devnum_tuple t;
	struct devnum_reason why;
	uint64_t raw;
	set_scheme(r, j->scheme);
	int st = read_raw(j, j->scheme, r, &raw);
	if (st)
		return st;
	set_num(r, K_RAW, raw);
	devnum_status v = decode_why(j->scheme, raw, &t, &why);
	if (v == DEVNUM_REFUSED)
		fail_reason(r, j->scheme, &why);
	else
		set_tuple(r, t);
	set_verdict(r, v, j->scheme, &why);
	r->num[K_VALID] = v != DEVNUM_REFUSED;
	r->have |= KEY(K_VALID);
	if (v == DEVNUM_REFUSED)
		invalid_note(r);
	if (!has_option(j, O_QUIET))
		emit(j->out, r);
	r->shown = true; /* -q: its verdict is the exit status alone */
	return v == DEVNUM_OK ? EXIT_OK : EXIT_UNFIT;
}

const struct command cmd_check = {
	"check", "RAW...", "whether each raw value is canonical",
	.options = OPT(O_SCHEME) | OPT(O_QUIET) | OPT(O_INPUT_BASE) | OUTPUT_OPTIONS,
	.keys = TUPLE_KEYS | VERDICT_KEYS | KEY(K_VALID),
	.plain = "%i: %(%n%|canonical in %s: %M:%m%)",
	.record = check_record,
};
