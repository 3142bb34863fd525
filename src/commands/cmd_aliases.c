/* cmd_aliases.c - every raw value that decodes to a tuple, a record each,
 * streamed from the library's walk, so a scheme with many aliases needs no
 * memory. */
#include <config.h>

#include <stdio.h>

#include "cli/cli.h"

static int aliases_record(const struct job *j, struct record *r)
{
	struct devnum_tuple t;
	struct devnum_aliases a = { { 0 } }; /* started below; zeroed for the analysers */
	struct devnum_reason why;
	uint64_t count, raw;
	char head[160];
	const devnum_scheme *s;
	int st = read_packed_tuple(j, r, &t, &s);
	if (st)
		return st;
	if (devnum_aliases_start(&a, s, t, &count, &why) != DEVNUM_OK)
		return fail_reason(r, s, &why);
	snprintf(head, sizeof head, "%llu:%llu in %s: %llu raw value%s",
		 (unsigned long long)t.major, (unsigned long long)t.minor,
		 devnum_scheme_name(s), (unsigned long long)count, count == 1 ? "" : "s");
	emit_title(j->out, head, 0, 0);
	for (bool first = true; devnum_aliases_next(&a, &raw); first = false) {
		record_next(r);
		set_scheme(r, s);
		set_tuple(r, t);
		set_num(r, K_COUNT, count);
		set_num(r, K_RAW, raw);
		set_num(r, K_CANONICAL, first);
		if (first)
			set_str(r, K_WHAT, "(canonical)");
		emit(j->out, r);
	}
	return EXIT_OK;
}

const struct command cmd_aliases = {
	"aliases", "MAJOR:MINOR...", "every raw value that decodes to each tuple",
	.options = OPT(O_SCHEME) | OPT(O_INPUT_BASE) | OPT(O_NOHEADINGS) | OUTPUT_OPTIONS,
	.keys = KEY(K_INPUT) | KEY(K_TYPE) | KEY(K_SCHEME) | KEY(K_MAJOR) | KEY(K_MINOR) | KEY(K_COUNT) |
		KEY(K_RAW) | KEY(K_CANONICAL) | KEY(K_WHAT) | KEY(K_ERROR),
	.plain = "%r%( %{what}%)", .raw_plain = true, .pairs = true,
	.record = aliases_record,
};
