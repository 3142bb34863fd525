/* main.c - devnum's command line: options, dispatch, exit status.  The
 * options become a job and an emitter, handed to the command; nothing
 * below reads them from anywhere else. */
#include <config.h>

#include <errno.h>
#include <popt.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/live.h"
#include "render/output.h"
#include "scan/findings.h"
#include "scan/readers.h"

#define COMMAND_ENTRY(name) &cmd_##name,
static const struct command *const commands[] = { COMMANDS(COMMAND_ENTRY) };
#define NCOMMANDS (sizeof commands / sizeof commands[0])

enum { O_HELP = O_NOPTIONS, O_USAGE, O_VERSION, O_LIST };

/* As given on the command line, to name them in errors. */
#define OPTION_NAME(id, name, letter, value, help) [O_##id] = "--" name,
static const char *const option_names[O_NOPTIONS] = { OPTIONS(OPTION_NAME, OPTION_NO_ID) };

/* The letters that stand for an option with a value, as options.h has them. */
#define LETTER_ROW(letter, name, id, value, help) { letter, name, O_##id, value },
static const struct letter {
	char letter;
	const char *name;
	enum option o;
	const char *value;
} letters[] = { OPTIONS(OPTION_NO_ID, LETTER_ROW) };
#define NLETTERS (sizeof letters / sizeof letters[0])
enum { O_LETTER = O_LIST + 1 }; /* a letter's popt value: O_LETTER + the letter */

/* popt returns an option's val, and 0 means "do not return": shift by one */
#define V(o) ((o) + 1)

/* The popt rows: every option of options.h, then help, usage, version
 * and --list, which every command takes. */
#define POPT_ROW(id, name, letter, value, help) \
	{ name, letter, (value) != NULL ? POPT_ARG_STRING : POPT_ARG_NONE, NULL, V(O_##id), help, value },
#define POPT_LETTER(letter, name, id, value, help) \
	{ NULL, letter, POPT_ARG_NONE, NULL, V(O_LETTER + (letter)), help, NULL },
static const struct poptOption table[] = {
	OPTIONS(POPT_ROW, POPT_LETTER)
	{ "help", 'h', POPT_ARG_NONE, NULL, V(O_HELP), "show this help and exit", NULL },
	{ "usage", 0, POPT_ARG_NONE, NULL, V(O_USAGE), "show a short usage message and exit", NULL },
	{ "version", 'V', POPT_ARG_NONE, NULL, V(O_VERSION), "show the version and exit", NULL },
	{ "list", 0, POPT_ARG_STRING, NULL, V(O_LIST), "list commands, options, schemes, containers, writers, findings or formats, for scripts", "WHAT" },
	POPT_TABLEEND
};

/* The letter's row of letters[]: popt hands back O_LETTER + the letter. */
static const struct letter *letter_of(int letter)
{
	size_t i = 0;
	while (letters[i].letter != letter)
		i++;
	return &letters[i];
}

/* What the command line said, before it is checked against the command;
 * main's, and handed to whatever reads it.  An early exit leaves popt's
 * parse to the system, still reachable from main's frame. */
struct given {
	unsigned options;                /* OPT(o) of each option given */
	const char *value[O_NOPTIONS];   /* the value of each, when it takes one */
	const char *named[O_NOPTIONS];   /* as given: --base, or -x, -d, -o */
	const char *list;                /* --list's */
	poptContext ctx;                 /* popt's parse */
	char *args[32];                  /* option arguments: popt hands them over to free */
	size_t nargs;
	char into[1024];                 /* every --into's value, joined by commas */
};

static void free_given(struct given *g)
{
	while (g->nargs)
		free(g->args[--g->nargs]);
	poptFreeContext(g->ctx);
}

static _Noreturn void usage_error(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));

static _Noreturn void usage_error(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vdiag(fmt, ap);
	va_end(ap);
	fputs("Try 'devnum --help' for more information.\n", stderr);
	exit(EXIT_TROUBLE);
}

/* Exits after output to stdio's stdout, reporting a failed write. */
static _Noreturn void exit_stdio(void)
{
	if (fflush(stdout) != 0 || ferror(stdout) || fclose(stdout) != 0) {
		diag("write error: %s", strerror(errno));
		exit(EXIT_TROUBLE);
	}
	exit(EXIT_OK);
}

static _Noreturn void help(poptContext ctx)
{
	poptPrintHelp(ctx, stdout, 0);
	puts("\nCommands:");
	for (size_t i = 0; i < NCOMMANDS; i++)
		printf("  %-10s %-26s %s\n", commands[i]->name, commands[i]->args,
		       commands[i]->help);
	puts("\nOptions may come before or after the command.  With no operands, or\n"
	     "with '-', a command reads one record per line of standard input (with\n"
	     "-z, per NUL-terminated record).\n"
	     "\nExit status: 0 if all went well, 1 if a value cannot be represented or\n"
	     "is not canonical, 2 if there was trouble (usage, unparsable input, I/O).\n"
	     "\nFull documentation: man devnum; the schemes: man devnum-schemes");
	if (*PACKAGE_BUGREPORT)
		puts("Report bugs to: " PACKAGE_BUGREPORT);
	exit_stdio();
}

static _Noreturn void version(void)
{
	puts(PACKAGE_NAME " " PACKAGE_VERSION "\n"
	     "Copyright (C) 2026 the devnum authors.\n"
	     "License MIT: <https://opensource.org/licenses/MIT>.\n"
	     "This is free software: you are free to change and redistribute it.\n"
	     "There is NO WARRANTY, to the extent permitted by law.");
	exit_stdio();
}

/* --list=options [COMMAND]: whether option row o applies to c (NULL:
 * any); --base and its letters where c prints a raw value. */
static bool applies(const struct poptOption *o, const struct command *c)
{
	int v = o->val - 1;
	if (!c || v == O_HELP || v == O_USAGE || v == O_VERSION || v == O_LIST)
		return true;
	if (v == O_BASE || v == O_PAD || v >= O_LETTER)
		return (c->keys & KEY(K_RAW)) != 0;
	return (c->options & OPT(v)) != 0;
}

/* One line a name: each scheme's, then its aliases; or each container's. */
static void list_words(const char *name, const char *aliases)
{
	printf("%s\n", name);
	for (const char *p = aliases; *p; p += strcspn(p, " "), p += *p == ' ')
		printf("%.*s\n", (int)strcspn(p, " "), p);
}

static const struct command *command(const char *name);

/* --list=WHAT [COMMAND]: what the shell completions offer, asked of the
 * program so that they cannot fall behind it.  Commands and options are
 * tab-separated rows (an option's long name, its letter or "", the name
 * of its value or "", its help), and so are scan's findings (the word,
 * "fault" or "", the summary) and the formats it reads (the name, the
 * kind, the library or ""); the rest one name a line. */
static _Noreturn void list_names(const char *what, int argc, const char **argv)
{
	const struct command *c = argc == 1 && !strcmp(what, "options") ? command(argv[0]) : NULL;
	if (argc > (c ? 1 : 0))
		usage_error("--list=%s takes %s", what, !strcmp(what, "options")
			    ? "at most one operand, a command" : "no operands");
	if (!strcmp(what, "commands")) {
		for (size_t i = 0; i < NCOMMANDS; i++)
			printf("%s\t%s\n", commands[i]->name, commands[i]->help);
	} else if (!strcmp(what, "options")) {
		for (const struct poptOption *o = table; o->longName || o->shortName; o++)
			if (applies(o, c))
				printf("%s%s\t%s%.1s\t%s\t%s\n", o->longName ? "--" : "",
				       o->longName ? o->longName : "", o->shortName ? "-" : "",
				       &o->shortName, o->argDescrip ? o->argDescrip : "", o->descrip);
	} else if (!strcmp(what, "schemes")) {
		for (size_t i = 0; i < devnum_scheme_count(); i++)
			list_words(devnum_scheme_name(devnum_scheme_at(i)),
				   devnum_scheme_aliases(devnum_scheme_at(i)));
		puts("native");
	} else if (!strcmp(what, "containers")) {
		for (size_t i = 0; i < devnum_container_count(); i++)
			list_words(devnum_container_name(devnum_container_at(i)),
				   devnum_container_aliases(devnum_container_at(i)));
	} else if (!strcmp(what, "writers")) {
		for (size_t i = 0; i < devnum_writer_count(); i++) {
			const char *w = devnum_writer_name(devnum_writer_at(i));
			if (devnum_writer_find(w, NULL) == devnum_writer_at(i)) /* its first row */
				puts(w);
		}
	} else if (!strcmp(what, "formats")) {
		for (size_t i = 0; i < nreaders; i++)
			printf("%s\t%s\t%s\n", readers[i].name, reader_kind_name(readers[i].kind),
			       readers[i].library ? readers[i].library : "");
	} else if (!strcmp(what, "findings")) {
		for (size_t i = 0; i < F_COUNT; i++)
			printf("%s\t%s\t%s\n", finding_rows[i].word, finding_rows[i].fault ? "fault" : "",
			       finding_rows[i].summary);
	} else {
		char q[400];
		quote(q, sizeof q, what, strlen(what));
		usage_error("--list: '%s' is not commands, options, schemes, containers, writers, "
			    "findings or formats", q);
	}
	exit_stdio();
}

static const devnum_scheme *scheme(const char *who, const char *name)
{
	const devnum_scheme *s = devnum_scheme_find(name);
	char q[400], list[512];
	size_t len = 0;
	if (s)
		return s;
	for (size_t i = 0; i < devnum_scheme_count() && len < sizeof list; i++)
		len += (size_t)snprintf(list + len, sizeof list - len, "%s, ",
					devnum_scheme_name(devnum_scheme_at(i)));
	if (len < sizeof list)
		snprintf(list + len, sizeof list - len, "native");
	quote(q, sizeof q, name, strlen(name));
	usage_error("%s: unknown scheme '%s'; valid schemes: %s",
		    who, q, list);
}

/* --type's value: 'c' or 'b'. */
static char device_type(const char *text)
{
	char q[400];
	if (strcmp(text, "char") == 0 || strcmp(text, "c") == 0)
		return 'c';
	if (strcmp(text, "block") == 0 || strcmp(text, "b") == 0)
		return 'b';
	quote(q, sizeof q, text, strlen(text));
	usage_error("--type: '%s' is neither char nor block", q);
}

/* --sort's order: true for scheme, false for registry. */
static bool by_scheme(const char *text)
{
	char q[400];
	if (strcmp(text, "scheme") == 0 || strcmp(text, "registry") == 0)
		return text[0] == 's';
	quote(q, sizeof q, text, strlen(text));
	usage_error("--sort: '%s' is neither registry nor scheme", q);
}

/* An option's tuple, MAJOR:MINOR, read as operands are. */
static struct devnum_tuple tuple_value(const char *option, const char *text, unsigned bare)
{
	struct devnum_tuple t;
	struct num_error e;
	char q[400], why[128];
	if (parse_tuple(text, strlen(text), bare, &t, &e) == 0)
		return t;
	quote(q, sizeof q, text, strlen(text));
	num_strerror(&e, why, sizeof why);
	usage_error("%s: '%s': %s", option, q, why);
}

/* 16, 10 or 8, written exactly so: "016", "0x10" and "" are not bases. */
static unsigned base(const char *option, const char *text)
{
	char q[400];
	if (!strcmp(text, "16") || !strcmp(text, "10") || !strcmp(text, "8"))
		return (unsigned)strtoul(text, NULL, 10);
	quote(q, sizeof q, text, strlen(text));
	usage_error("%s: '%s' is not 16, 10 or 8", option, q);
}

static const struct command *command(const char *name)
{
	char q[400];
	for (size_t i = 0; i < NCOMMANDS; i++)
		if (strcmp(commands[i]->name, name) == 0)
			return commands[i];
	quote(q, sizeof q, name, strlen(name));
	usage_error("unknown command '%s'", q);
}

/* An option's argument, kept for after the command is known. */
static const char *arg(struct given *g)
{
	char *a = poptGetOptArg(g->ctx);
	if (!a)
		return "";
	if (g->nargs == sizeof g->args / sizeof g->args[0])
		usage_error("too many options");
	return g->args[g->nargs++] = a;
}

/* A repeated --into adds its containers to the earlier ones'. */
static const char *joined(struct given *g, const char *list, const char *more)
{
	char *both = g->into;
	if (!list)
		return more;
	if (strlen(list) + strlen(more) + 2 > sizeof g->into)
		usage_error("--into: too many containers");
	size_t n = strlen(list);
	if (list != both)
		memcpy(both, list, n);
	both[n] = ',';
	memcpy(both + n + 1, more, strlen(more) + 1);
	return both;
}

/* Whether option o takes a value: its popt row says. */
static bool takes_value(int o)
{
	for (const struct poptOption *p = table; p->longName || p->shortName; p++)
		if (p->val == V(o))
			return p->argInfo == POPT_ARG_STRING;
	return false;
}

static void parse_options(struct given *g)
{
	int rc;
	while ((rc = poptGetNextOpt(g->ctx)) > 0) {
		switch (--rc) {
		case O_HELP: help(g->ctx);
		case O_USAGE: poptPrintUsage(g->ctx, stdout, 0); exit_stdio();
		case O_VERSION: version();
		case O_LIST: g->list = arg(g); continue;
		default: break;
		}
		if (rc >= O_LETTER) { /* -x: --base=16 */
			const struct letter *l = letter_of(rc - O_LETTER);
			g->value[l->o] = l->value;
			g->named[l->o] = l->name;
			rc = (int)l->o;
		} else if (takes_value(rc)) {
			g->value[rc] = rc == O_INTO ? joined(g, g->value[rc], arg(g)) : arg(g);
			g->named[rc] = option_names[rc];
		}
		g->options |= OPT(rc);
	}
	if (rc < -1)
		usage_error("%s: %s", poptBadOption(g->ctx, POPT_BADOPTION_NOALIAS),
			    poptStrerror(rc));
}

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
static enum mode output_mode(const struct given *g)
{
	enum mode m = PLAIN;
	for (enum mode i = 0; i < NMODES; i++) {
		if (!mode_options[i] || !(g->options & mode_options[i]))
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
static void check_options(const struct given *g, const struct command *c, enum mode mode,
			  uint64_t uses)
{
	unsigned bad = g->options & ~c->options & ~(OPT(O_BASE) | OPT(O_PAD));
	const char *name = c->name;
	const char *mode_name = mode_options[mode] ? option_names[__builtin_ctz(mode_options[mode])] : "";
	if (bad)
		usage_error("%s does not apply to %s", option_names[__builtin_ctz(bad)], name);
	unsigned table_opts = g->options & (OPT(O_NOHEADINGS) | OPT(O_RAW));
	if (table_opts && mode != PLAIN)
		usage_error("%s shapes plain tables; it does not apply with %s",
			    option_names[__builtin_ctz(table_opts)], mode_name);
	if ((g->options & OPT(O_QUIET)) && mode != PLAIN)
		usage_error("--quiet and %s contradict each other", mode_name);
	if (mode == PLAIN && !c->plain && !c->columns && (g->options & OPT(O_ZERO)))
		usage_error("--zero-terminated does not apply to %s's drawing; "
			    "use it with --json or --format", name);
	for (enum key k = 0; k < K_NKEYS; k++)
		if (uses & KEY(k) & ~c->keys)
			usage_error("--format: %s has no field %%{%s}", name, keys[k].name);
	bool raw_out = mode == PLAIN ? c->raw_plain
				     : (uses & (KEY(K_RAW) | KEY(K_CANON_RAW))) != 0;
	unsigned raw_opts = g->options & (OPT(O_BASE) | OPT(O_PAD));
	if (raw_opts && !raw_out)
		usage_error("%s does not apply to %s%s", (raw_opts & OPT(O_BASE)) ? g->named[O_BASE] : "--pad",
			    name, mode == JSON ? " --json, which gives raw and hex"
					       : ", which prints no raw value here");
	if ((g->options & c->needs) != c->needs)
		needs_error(c);
}

/* The indent of a folded row's later lines: the command's, where that
 * leaves 20 columns for the words, else what does (a third of a terminal
 * narrower than 40), so that rows fold at any width; a word wider than
 * the room left is not broken. */
static unsigned fold_hang(unsigned hang, unsigned columns)
{
	if (hang + 20 <= columns)
		return hang;
	return columns >= 40 ? columns - 20 : columns / 3;
}

/* The terminal's width, or 0 when standard output is not a terminal. */
static unsigned columns(void)
{
	const char *env = getenv("COLUMNS");
	struct winsize ws;
	if (!isatty(1))
		return 0;
	if (env && *env && strspn(env, "0123456789") == strlen(env) && strlen(env) < 5 &&
	    strtoul(env, NULL, 10) > 0)
		return (unsigned)strtoul(env, NULL, 10);
	if (ioctl(1, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
		return ws.ws_col;
	return 80;
}

/* Whether a terminal takes colour; the caller knows it is one. */
static bool colour(void)
{
	const char *nc = getenv("NO_COLOR"), *term = getenv("TERM");
	return !(nc && *nc) && !(term && !strcmp(term, "dumb"));
}

static struct format *compile(const char *option, const char *fmt);

/* The command's plain template: its own, or a table's from its columns. */
static struct format *plain_template(const struct command *c, bool raw)
{
	char text[256];
	if (!c->columns)
		return c->plain ? compile(c->name, c->plain) : NULL;
	if (columns_template(c->columns, c->ncolumns, raw, text, sizeof text) < 0)
		usage_error("%s: its columns make too long a row", c->name);
	return compile(c->name, text);
}

static struct format *compile(const char *option, const char *fmt)
{
	char err[128];
	struct format *f = format_compile(fmt, err, sizeof err);
	if (!f)
		usage_error("%s: %s", option, err);
	return f;
}

/* A container's name, or a usage error listing them. */
static const devnum_container *container(const char *option, const char *name, size_t n)
{
	char q[400], list[400], want[64];
	size_t len = 0;
	snprintf(want, sizeof want, "%.*s", (int)(n < 63 ? n : 63), name);
	const devnum_container *c = n < 63 ? devnum_container_find(want) : NULL;
	if (c)
		return c;
	for (size_t i = 0; i < devnum_container_count() && len < sizeof list; i++)
		len += (size_t)snprintf(list + len, sizeof list - len, "%s%s", i ? ", " : "",
					devnum_container_name(devnum_container_at(i)));
	quote(q, sizeof q, name, n);
	usage_error("%s: unknown container '%s'; valid containers: %s", option, q, list);
}

/* --writer: a writer's name, or a usage error listing them. */
static const devnum_writer *writer(const char *name)
{
	char q[400], list[1024];
	size_t len = 0;
	const devnum_writer *w = devnum_writer_find(name, NULL);
	if (w)
		return w;
	for (size_t i = 0; i < devnum_writer_count() && len < sizeof list; i++) {
		const char *wn = devnum_writer_name(devnum_writer_at(i));
		if (devnum_writer_find(wn, NULL) == devnum_writer_at(i)) /* its first row */
			len += (size_t)snprintf(list + len, sizeof list - len, "%s%s",
						i ? ", " : "", wn);
	}
	quote(q, sizeof q, name, strlen(name));
	usage_error("--writer: unknown writer '%s'; valid writers: %s", q, list);
}

/* c's place in the library's table. */
static unsigned container_index(const devnum_container *c)
{
	unsigned i = 0;
	while (devnum_container_at(i) != c)
		i++;
	return i;
}

/* --into: the containers named, as bits of the table; all without it,
 * where w, if given, must write the container the command judges by. */
static uint64_t into(const char *list, const devnum_writer *w, const struct command *cmd)
{
	uint64_t mask = 0;
	if (!list && w && cmd->writes &&
	    !devnum_writer_find(devnum_writer_name(w), devnum_container_find(cmd->writes)))
		usage_error("--writer: %s does not write %s, which %s judges by without --into",
			    devnum_writer_name(w), cmd->writes, cmd->name);
	if (!list)
		return ~UINT64_C(0);
	for (const char *p = list;; p++) {
		size_t n = strcspn(p, ",");
		const devnum_container *c = container("--into", p, n);
		if (w && !devnum_writer_find(devnum_writer_name(w), c))
			usage_error("--into: %s does not write %s", devnum_writer_name(w),
				    devnum_container_name(c));
		mask |= UINT64_C(1) << container_index(c);
		p += n;
		if (!*p)
			return mask;
	}
}

/* pack and unpack: the container their first operand names; --scheme
 * only where its field holds a raw value. */
static const devnum_container *box(const struct given *g, const struct command *c, int n,
				   const char **ops)
{
	if (n == 0)
		usage_error("%s needs a container: devnum containers lists them", c->name);
	const devnum_container *b = container(c->name, ops[0], strlen(ops[0]));
	if (g->value[O_SCHEME] && !(devnum_container_flags(b) & DEVNUM_STORES_RAW))
		usage_error("--scheme does not apply to %s, which stores no raw value",
			    devnum_container_name(b));
	return b;
}

/* --scheme=tuple, a layout never packed, has no raw form: a usage error
 * wherever it would name the layout of a raw field (odc's c_rdev). */
static void check_text_scheme(const struct command *c, const struct job *j)
{
	const char *name = devnum_scheme_name(j->scheme);
	if (!has_option(j, O_SCHEME) || !(devnum_scheme_flags(j->scheme) & DEVNUM_TEXT))
		return;
	if (c->raw_fields)
		usage_error("--scheme=%s has no raw form; %s's --scheme names %s", name, c->name,
			    c->raw_fields);
	if (j->box && (devnum_container_flags(j->box) & DEVNUM_STORES_RAW))
		usage_error("--scheme=%s has no raw form, and %s stores a raw value", name,
			    devnum_container_name(j->box));
	for (size_t i = 0; (c->options & OPT(O_INTO)) && i < devnum_container_count(); i++) {
		const devnum_container *b = devnum_container_at(i);
		if ((j->into & UINT64_C(1) << i) && (devnum_container_flags(b) & DEVNUM_HOST_SCHEME) &&
		    (!j->writer || devnum_writer_find(devnum_writer_name(j->writer), b)))
			usage_error("--scheme=%s has no raw form, and %s stores a raw value in the "
				    "writer's layout", name, devnum_container_name(b));
	}
}

/* The operands of a command whose first names a scheme: [SCHEME]
 * [VALUE], or [VALUE] after --scheme. */
static void check_scheme_operand(const struct command *c, const struct job *j, int argc,
				 const char **argv)
{
	if (!has_option(j, O_SCHEME) && argc)
		scheme(c->name, argv[0]);
	if (argc > (has_option(j, O_SCHEME) ? 1 : 2))
		usage_error("%s takes one SCHEME and one VALUE%s", c->name,
			    has_option(j, O_SCHEME) ? " (and --scheme names the scheme)" : "");
}

/* The final flush and close of stdout: a lost write is never silent, but a
 * reader that went away ends devnum as SIGPIPE would, quietly. */
static int finish(int status)
{
	if (out_flush() < 0 || (close(1) < 0 && errno != EBADF)) {
		int e = out_errno ? out_errno : errno;
		if (e == EPIPE) {
			signal(SIGPIPE, SIG_DFL);
			raise(SIGPIPE);
		}
		diag("write error: %s", strerror(e));
		return EXIT_TROUBLE;
	}
	return status;
}

/* popt reads options after the command word too, as git does, unless
 * POSIXLY_CORRECT is set: hide it from popt alone. */
static void open_context(struct given *g, int argc, const char **argv)
{
	const char *posix = getenv("POSIXLY_CORRECT"), *harder = getenv("POSIX_ME_HARDER");
	char *keep[2] = { posix ? strdup(posix) : NULL, harder ? strdup(harder) : NULL };
	if (posix) /* an unsetenv of what is not set still walks environ */
		unsetenv("POSIXLY_CORRECT");
	if (harder)
		unsetenv("POSIX_ME_HARDER");
	g->ctx = poptGetContext("devnum", argc, argv, table, 0);
	if (keep[0])
		setenv("POSIXLY_CORRECT", keep[0], 1);
	if (keep[1])
		setenv("POSIX_ME_HARDER", keep[1], 1);
	free(keep[0]);
	free(keep[1]);
	poptSetOtherOptionHelp(g->ctx, "[OPTION...] COMMAND [ARG...]");
}

int main(int argc, const char **argv)
{
	struct json_plan plan = { 0 };
	struct views views;
	struct emitter out = { PLAIN, .style = { .base = 16, .views = &views }, .end = '\n',
			       .plan = &plan };
	struct job j = { .input_base = BASE_C }; /* its emitter once that is whole */
	struct format *user = NULL, *plain = NULL;
	uint64_t uses = 0;
	struct given given = { 0 };

	views_init(&views);
	signal(SIGPIPE, SIG_DFL); /* a closed pipe ends devnum quietly */
	open_context(&given, argc, argv);
	parse_options(&given);
	const char **ops = poptGetArgs(given.ctx);
	int n = 0;
	while (ops && ops[n])
		n++;
	if (given.list)
		list_names(given.list, n, ops);
	if (n == 0)
		usage_error("missing command");
	const struct command *c = command(ops[0]);
	ops++, n--;
	if (given.value[O_FORMAT])
		uses = format_uses(user = compile("--format", given.value[O_FORMAT]));
	out.mode = output_mode(&given);
	check_options(&given, c, out.mode, uses);
	if (c->no_operands && n)
		usage_error("%s takes no operands", c->name);
	j.options = given.options;
	j.scheme = scheme(option_names[O_SCHEME], given.value[O_SCHEME] ? given.value[O_SCHEME] : "native");
	j.from = given.value[O_FROM] ? scheme(option_names[O_FROM], given.value[O_FROM]) : NULL;
	j.to = given.value[O_TO] ? scheme(option_names[O_TO], given.value[O_TO]) : NULL;
	j.input_base = given.value[O_INPUT_BASE] ? base(option_names[O_INPUT_BASE], given.value[O_INPUT_BASE]) : BASE_C;
	out.style.base = given.value[O_BASE] ? base(given.named[O_BASE], given.value[O_BASE]) : 16;
	out.style.pad = given.options & OPT(O_PAD);
	if (given.value[O_TYPE])
		j.type = device_type(given.value[O_TYPE]);
	struct live *kept = NULL;
	j.live = (given.options & OPT(O_OFFLINE)) ? NULL : &kept;
	if (given.value[O_WAS])
		j.was = tuple_value(option_names[O_WAS], given.value[O_WAS], j.input_base);
	j.by_scheme = given.value[O_SORT] && by_scheme(given.value[O_SORT]);
	j.pairs = c->pairs;
	j.columns = columns();
	j.colour = j.columns && colour(); /* columns are 0 off a terminal: one isatty */
	out.end = has_option(&j, O_ZERO) ? '\0' : '\n';
	out.user = user;
	out.mtree = uses & KEY(K_MTREE);
	out.noheadings = given.options & OPT(O_NOHEADINGS);
	out.raw = given.options & OPT(O_RAW);
	out.plain = plain = plain_template(c, out.raw);
	out.trim = c->table;
	out.style.names = c->names;
	out.fold = c->table && c->hang && !out.raw ? j.columns : 0;
	out.hang = fold_hang(c->hang, j.columns);
	if (c->scheme_operand)
		check_scheme_operand(c, &j, n, ops);
	j.writer = given.value[O_WRITER] ? writer(given.value[O_WRITER]) : NULL;
	j.into = into(given.value[O_INTO], j.writer, c);
	if (c->boxed)
		j.box = box(&given, c, n, ops), ops++, n--;
	check_text_scheme(c, &j);
	j.out = &out;
	int status = c->run ? c->run(&j, n, ops) : for_each_record(&j, c->record, n, ops);
	format_free(user);
	format_free(plain);
	live_close(kept);
	free_given(&given);
	return finish(status);
}
