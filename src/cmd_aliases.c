/* cmd_aliases.c - every raw value that decodes to a tuple, streamed from
 * the library's walk, so a scheme with many aliases needs no memory. */
#include <config.h>

#include <stdio.h>

#include "cli.h"
#include "output.h"

static void aliases_json(const char *s, size_t n, struct dn_tuple t,
			 struct dn_aliases *a, uint64_t count)
{
	uint64_t raw;
	json_begin(s, n, opt.scheme);
	json_u64("major", t.major);
	json_u64("minor", t.minor);
	json_u64("count", count);
	json_key("aliases");
	out_char('[');
	for (int first = 1; dn_aliases_next(a, &raw); first = 0) {
		if (!first)
			out_char(',');
		out_char('"');
		emit_raw(opt.scheme, raw);
		out_char('"');
	}
	out_char(']');
	json_end();
}

static int aliases_record(const char *s, size_t n, const struct where *w)
{
	struct dn_tuple t;
	struct dn_aliases a;
	struct dn_reason r;
	struct num_error e;
	uint64_t count, raw;
	if (parse_tuple(s, n, &t, &e) < 0)
		return fail_number(w, s, n, &e);
	if (dn_aliases_start(&a, opt.scheme, t, &count, &r) < 0)
		return fail_reason(w, s, n, opt.scheme, &r);
	if (opt.json) {
		aliases_json(s, n, t, &a, count);
		return EXIT_OK;
	}
	emit_tuple(t);
	out_str(" in ");
	out_str(opt.scheme->name);
	out_str(": ");
	out_u64(count);
	out_str(count == 1 ? " raw value" : " raw values");
	out_char(record_end());
	for (int first = 1; dn_aliases_next(&a, &raw); first = 0) {
		emit_raw(opt.scheme, raw);
		if (first)
			out_str(" (canonical)");
		out_char(record_end());
	}
	return EXIT_OK;
}

int cmd_aliases(int argc, const char **argv)
{
	return for_each_record(aliases_record, argc, argv);
}
