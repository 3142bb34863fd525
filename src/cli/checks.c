/* checks.c - what a command line may not say: options the command does
 * not take, output modes that contradict each other, a --format field the
 * command's records never hold, an option it cannot go without. */
#include <config.h>

#include <stdio.h>

#include "cli/cli.h"

/* As given on the command line, to name them in errors. */
#define OPTION_NAME(id, name, letter, value, help) [O_##id] = "--" name,
const char *const option_names[O_NOPTIONS] = { OPTIONS(OPTION_NAME, OPTION_NO_ID) };

/* A command given without an option it needs: "convert needs --from and
 * --to", naming every option of its row's needs. */
static _Noreturn void needs_error(const struct command *c)
{
	char list[200];
	size_t len = 0;
	for (unsigned o = 0, n = 0; o < O_NOPTIONS; o++)
		if (c->needs & OPT(o))
			len += (size_t)snprintf(list + len, sizeof list - len, "%s%s",
						n++ ? " and " : "", option_names[o]);
	usage_error("%s needs %s", c->name, list);
}

/* Each output mode's option, as bits of given.options (emit.h's table). */
#define MODE_OPTION(mode, option, writer, errors) [mode] = OPT_##option,
static const unsigned mode_options[NMODES] = { MODES(MODE_OPTION) };

/* The mode the options select: the one whose option is given, the
 * default where none is; two are a usage error. */
enum mode output_mode(unsigned options)
{
	enum mode m = PLAIN;
	for (enum mode i = 0; i < NMODES; i++) {
		if (!mode_options[i] || !(options & mode_options[i]))
			continue;
		if (mode_options[m])
			usage_error("%s and %s contradict each other",
				    option_names[__builtin_ctz(mode_options[m])],
				    option_names[__builtin_ctz(mode_options[i])]);
		m = i;
	}
	return m;
}

/* The options `c` cannot use, or that contradict each other: usage errors
 * naming them.  --base and --pad apply where a raw value is printed. */
void check_options(unsigned options, const char *const *named, const struct command *c,
		   enum mode mode, uint64_t uses)
{
	unsigned bad = options & ~c->options & ~(OPT(O_BASE) | OPT(O_PAD));
	const char *name = c->name;
	const char *mode_name = mode_options[mode] ? option_names[__builtin_ctz(mode_options[mode])] : "";
	if (bad)
		usage_error("%s does not apply to %s", option_names[__builtin_ctz(bad)], name);
	unsigned table_opts = options & (OPT(O_NOHEADINGS) | OPT(O_RAW));
	if (table_opts && mode != PLAIN)
		usage_error("%s shapes plain tables; it does not apply with %s",
			    option_names[__builtin_ctz(table_opts)], mode_name);
	if ((options & OPT(O_QUIET)) && mode != PLAIN)
		usage_error("--quiet and %s contradict each other", mode_name);
	if (mode == PLAIN && !c->plain && !c->columns && (options & OPT(O_ZERO)))
		usage_error("--zero-terminated does not apply to %s's drawing; "
			    "use it with --json or --format", name);
	for (enum key k = 0; k < K_NKEYS; k++)
		if (uses & KEY(k) & ~c->keys)
			usage_error("--format: %s has no field %%{%s}", name, keys[k].name);
	bool raw_out = mode == PLAIN ? c->raw_plain
				     : (uses & (KEY(K_RAW) | KEY(K_CANON_RAW))) != 0;
	unsigned raw_opts = options & (OPT(O_BASE) | OPT(O_PAD));
	if (raw_opts && !raw_out)
		usage_error("%s does not apply to %s%s", (raw_opts & OPT(O_BASE)) ? named[O_BASE] : "--pad",
			    name, mode == JSON ? " --json, which gives raw and hex"
					       : ", which prints no raw value here");
	if ((options & c->needs) != c->needs)
		needs_error(c);
}
