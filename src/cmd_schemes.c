/* cmd_schemes.c - the scheme table, a record a scheme. */
#include <config.h>

#include <stdio.h>

#include "cli.h"

static void scheme_record(const struct job *j, struct record *r, const struct dn_scheme *s)
{
	bool native = s == dn_native();
	int n = snprintf(r->note, sizeof r->note, "%s%s%s", s->aliases,
			 *s->aliases && native ? " " : "", native ? "native" : "");
	r->have = 0; /* no input: one record a scheme */
	set_scheme(r, s);
	set_num(r, K_WIDTH, s->width);
	set_text(r, K_ALIASES, r->note, (size_t)n);
	set_num(r, K_MAJOR_BITS, dn_part_bits(s, DN_MAJOR));
	set_num(r, K_MINOR_BITS, dn_part_bits(s, DN_MINOR));
	set_num(r, K_MAJOR_MAX, dn_part_mask(s, DN_MAJOR));
	set_num(r, K_MINOR_MAX, dn_part_mask(s, DN_MINOR));
	set_num(r, K_NATIVE, native);
	set_str(r, K_ORIGIN, s->origin);
	emit(j->out, r);
}

static int schemes_run(const struct job *j, int argc, const char **argv)
{
	struct record r;
	(void)argc, (void)argv; /* none: main refuses operands */
	record_start(&r, "", 0);
	emit_text(j->out, "NAME       BITS MAJOR MINOR ALIASES                            ORIGIN");
	for (size_t i = 0; i < dn_nschemes; i++)
		scheme_record(j, &r, &dn_schemes[i]);
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
