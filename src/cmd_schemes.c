/* cmd_schemes.c - the scheme table, for people and for scripts. */
#include <config.h>

#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "output.h"

/* "a b" -> "a,b", plus "native" where it applies; "-" for none */
static void alias_list(char *buf, size_t size, const struct dn_scheme *s)
{
	snprintf(buf, size, "%s%s%s", s->aliases,
		 *s->aliases && s == dn_native() ? " " : "",
		 s == dn_native() ? "native" : "");
	for (char *p = buf; *p; p++)
		if (*p == ' ')
			*p = ',';
	if (!*buf)
		snprintf(buf, size, "-");
}

static void scheme_json(const struct dn_scheme *s)
{
	out_str("{\"name\":");
	out_json_str(s->name, strlen(s->name));
	json_key("aliases");
	out_char('[');
	for (const char *p = s->aliases; *p;) {
		size_t n = strcspn(p, " ");
		if (p != s->aliases)
			out_char(',');
		out_json_str(p, n);
		p += n + (p[n] == ' ');
	}
	out_char(']');
	json_width(s);
	json_u64("major_bits", dn_part_bits(s, DN_MAJOR));
	json_u64("minor_bits", dn_part_bits(s, DN_MINOR));
	json_u64("major_max", dn_part_mask(s, DN_MAJOR));
	json_u64("minor_max", dn_part_mask(s, DN_MINOR));
	json_bool("native", s == dn_native());
	json_text("origin", s->origin);
	json_end();
}

int cmd_schemes(int argc, const char **argv)
{
	char line[256], aliases[80];
	(void)argv;
	if (argc)
		return fail_record(&(struct where){ 0 }, argv[0], strlen(argv[0]),
				   EXIT_TROUBLE, "schemes takes no operands");
	if (!opt.json)
		out_str("NAME       BITS MAJOR MINOR ALIASES                            ORIGIN\n");
	for (size_t i = 0; i < dn_nschemes; i++) {
		const struct dn_scheme *s = &dn_schemes[i];
		if (opt.json) {
			scheme_json(s);
			continue;
		}
		alias_list(aliases, sizeof aliases, s);
		snprintf(line, sizeof line, "%-10s %4s %5u %5u %-34s %s\n", s->name,
			 width_text(s), dn_part_bits(s, DN_MAJOR),
			 dn_part_bits(s, DN_MINOR), aliases, s->origin);
		out_str(line);
	}
	return EXIT_OK;
}
