/* cmd_schemes.c - the scheme table, a record a scheme. */
#include <config.h>

#include <stdio.h>

#include "cli/cli.h"

static void scheme_record(const struct job *j, struct record *r, const devnum_scheme *s)
{
	bool native = s == devnum_scheme_native();
	int n = snprintf(r->note, sizeof r->note, "%s%s%s", devnum_scheme_aliases(s),
			 *devnum_scheme_aliases(s) && native ? " " : "", native ? "native" : "");
	r->have = 0; /* no input: one record a scheme */
	set_scheme(r, s);
	set_num(r, K_WIDTH, devnum_scheme_width(s));
	set_text(r, K_ALIASES, r->note, (size_t)n);
	set_num(r, K_MAJOR_BITS, devnum_part_bits(s, DEVNUM_MAJOR));
	set_num(r, K_MINOR_BITS, devnum_part_bits(s, DEVNUM_MINOR));
	set_num(r, K_MAJOR_MAX, devnum_part_max(s, DEVNUM_MAJOR));
	set_num(r, K_MINOR_MAX, devnum_part_max(s, DEVNUM_MINOR));
	set_num(r, K_NATIVE, native);
	set_str(r, K_ORIGIN, devnum_scheme_origin(s));
	emit(j->out, r);
}

static int schemes_run(const struct job *j, int argc, const char **argv)
{
	struct record r;
	(void)argc, (void)argv; /* none: main refuses operands */
	record_start(&r, "", 0);
	emit_text(j->out, "NAME       BITS MAJOR MINOR ALIASES                            ORIGIN");
	for (size_t i = 0; i < devnum_scheme_count(); i++)
		scheme_record(j, &r, devnum_scheme_at(i));
	return EXIT_OK;
}

const struct command cmd_schemes = {
	"schemes", "", "list every scheme",
	.options = OUTPUT_OPTIONS,
	.keys = KEY(K_SCHEME) | KEY(K_WIDTH) | KEY(K_ALIASES) | KEY(K_MAJOR_BITS) |
		KEY(K_MINOR_BITS) | KEY(K_MAJOR_MAX) | KEY(K_MINOR_MAX) | KEY(K_NATIVE) |
		KEY(K_ORIGIN),
	.plain = "%-10s %4w %5{major_bits} %5{minor_bits} %-34{aliases} %{origin}",
	.table = true, .no_operands = true,
	.run = schemes_run,
};
