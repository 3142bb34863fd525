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
	emit_heading(j->out, cmd_schemes.columns, cmd_schemes.ncolumns, false);
	for (size_t i = 0; i < devnum_scheme_count(); i++)
		scheme_record(j, &r, devnum_scheme_at(i));
	return EXIT_OK;
}

static const struct column columns[] = {
	{ K_SCHEME, "NAME", NULL, 10, false, NULL },
	{ K_WIDTH, "BITS", NULL, 4, true, NULL },
	{ K_MAJOR_BITS, "MAJOR", NULL, 5, true, NULL },
	{ K_MINOR_BITS, "MINOR", NULL, 5, true, NULL },
	{ K_ALIASES, "ALIASES", NULL, 34, false, NULL },
	{ K_ORIGIN, "ORIGIN", NULL, 0, false, NULL },
};

const struct command cmd_schemes = {
	"schemes", "", "list every scheme",
	.options = TABLE_OPTIONS,
	.keys = KEY(K_SCHEME) | KEY(K_WIDTH) | KEY(K_ALIASES) | KEY(K_MAJOR_BITS) |
		KEY(K_MINOR_BITS) | KEY(K_MAJOR_MAX) | KEY(K_MINOR_MAX) | KEY(K_NATIVE) |
		KEY(K_ORIGIN),
	.columns = columns, .ncolumns = sizeof columns / sizeof columns[0],
	.table = true, .no_operands = true,
	.run = schemes_run,
};
