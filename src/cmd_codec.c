/* cmd_codec.c - encode, decode, convert, canon and check: one record in,
 * one answer out. */
#include <config.h>

#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "output.h"

static int encode_record(const char *s, size_t n, const struct where *w)
{
	struct value v;
	struct num_error e;
	value_init(&v, s, n, opt.scheme);
	if (parse_tuple(s, n, &v.t, &e) < 0)
		return fail_number(w, s, n, &e);
	if (dn_encode(v.s, v.t, &v.raw, &v.why) < 0)
		return fail_reason(w, s, n, v.s, &v.why);
	emit_value(&v);
	return EXIT_OK;
}

int cmd_encode(int argc, const char **argv)
{
	char pair[128];
	/* "encode 3 1": two plain numbers are one tuple, named 3:1 */
	if (argc == 2 && !looks_like_tuple(argv[0], strlen(argv[0])) &&
	    !looks_like_tuple(argv[1], strlen(argv[1])) &&
	    strcmp(argv[0], "-") != 0 && strcmp(argv[1], "-") != 0 &&
	    strlen(argv[0]) + strlen(argv[1]) + 2 <= sizeof pair) {
		struct where w = { 0 };
		int n = snprintf(pair, sizeof pair, "%s:%s", argv[0], argv[1]);
		return encode_record(pair, (size_t)n, &w);
	}
	return for_each_record(encode_record, argc, argv);
}

/* Reads a raw value of scheme s: a number, or M:m for the tuple scheme. */
int read_raw(const struct dn_scheme *s, const char *in, size_t n,
		    const struct where *w, uint64_t *raw)
{
	struct num_error e;
	struct dn_tuple t;
	struct dn_reason r;
	*raw = 0;
	if (!(s->rules & DN_TEXT))
		return parse_number(in, n, raw, &e) < 0 ? fail_number(w, in, n, &e) : 0;
	if (parse_tuple(in, n, &t, &e) < 0)
		return fail_number(w, in, n, &e);
	if (dn_encode(s, t, raw, &r) < 0)
		return fail_reason(w, in, n, s, &r);
	return 0;
}

/* Decodes a record of scheme s into v: 0, or the record's exit status.
 * An alias is an error under --strict, else a warning when `warn`. */
static int decode_into(struct value *v, const struct dn_scheme *s,
		       const struct where *w, bool warn)
{
	char why[256];
	int st = read_raw(s, v->input, v->len, w, &v->raw);
	if (st)
		return st;
	v->verdict = dn_decode(s, v->raw, &v->t, &v->canon, &v->why);
	switch (v->verdict) {
	case DN_INVALID:
		return fail_reason(w, v->input, v->len, s, &v->why);
	case DN_ALIAS:
		alias_text(why, sizeof why, s, &v->why, v->t, v->canon);
		if (opt.strict)
			return fail_record(w, v->input, v->len, EXIT_UNFIT, "%s", why);
		if (warn)
			warn_record(w, v->input, v->len, "%s", why);
		return 0;
	default:
		return 0;
	}
}

static int decode_record(const char *s, size_t n, const struct where *w)
{
	struct value v;
	value_init(&v, s, n, opt.scheme);
	v.show_tuple = true;
	int st = decode_into(&v, opt.scheme, w, true);
	if (!st)
		emit_value(&v);
	return st;
}

int cmd_decode(int argc, const char **argv)
{
	return for_each_record(decode_record, argc, argv);
}

static int convert_record(const char *s, size_t n, const struct where *w)
{
	struct value v;
	struct dn_reason r;
	value_init(&v, s, n, opt.to);
	v.from = opt.from;
	int st = decode_into(&v, opt.from, w, true);
	if (st)
		return st;
	if (dn_encode(opt.to, v.t, &v.raw, &r) < 0)
		return fail_reason(w, s, n, opt.to, &r);
	emit_value(&v);
	return EXIT_OK;
}

int cmd_convert(int argc, const char **argv)
{
	return for_each_record(convert_record, argc, argv);
}

static int canon_record(const char *s, size_t n, const struct where *w)
{
	struct value v;
	value_init(&v, s, n, opt.scheme);
	int st = decode_into(&v, opt.scheme, w, false);
	if (st)
		return st;
	v.raw = v.canon;
	emit_value(&v);
	return EXIT_OK;
}

int cmd_canon(int argc, const char **argv)
{
	if (!opt.legacy)
		return for_each_record(canon_record, argc, argv);
	/* --legacy: each value is an 8:8 number, re-encoded in --scheme */
	opt.from = dn_scheme_find("legacy");
	opt.to = opt.scheme;
	return cmd_convert(argc, argv);
}

static void check_plain(const struct value *v, const char *verdict)
{
	out_mem(v->input, v->len);
	out_str(": ");
	out_str(verdict);
	out_char(record_end());
}

static int check_record(const char *s, size_t n, const struct where *w)
{
	struct value v;
	char why[256], text[320];
	value_init(&v, s, n, opt.scheme);
	int st = read_raw(v.s, s, n, w, &v.raw);
	if (st)
		return st;
	v.verdict = dn_decode(v.s, v.raw, &v.t, &v.canon, &v.why);
	if (opt.quiet)
		return v.verdict == DN_CANONICAL ? EXIT_OK : EXIT_UNFIT;
	if (v.verdict == DN_INVALID) {
		why_text(why, sizeof why, v.s, &v.why);
		snprintf(text, sizeof text, "invalid in %s: %s", v.s->name, why);
	} else if (v.verdict == DN_ALIAS) {
		alias_text(text, sizeof text, v.s, &v.why, v.t, v.canon);
	} else {
		snprintf(text, sizeof text, "canonical in %s: %llu:%llu", v.s->name,
			 (unsigned long long)v.t.major, (unsigned long long)v.t.minor);
	}
	if (!opt.json) {
		check_plain(&v, text);
	} else if (v.verdict != DN_INVALID) {
		emit_value(&v);
	} else {
		json_begin(s, n, v.s);
		json_bool("canonical", false);
		json_bool("valid", false);
		json_text("error", why);
		json_end();
	}
	return v.verdict == DN_CANONICAL ? EXIT_OK : EXIT_UNFIT;
}

int cmd_check(int argc, const char **argv)
{
	return for_each_record(check_record, argc, argv);
}
