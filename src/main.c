/* main.c - devnum's command line: options, dispatch, exit status.  The
 * options become a job and an emitter, handed to the command; nothing
 * below reads them from anywhere else. */
#include <config.h>

#include <errno.h>
#include <popt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/live.h"
#include "render/output.h"
#include "commands/lists.h"
#include "render/terminal.h"

#define COMMAND_ENTRY(name) &cmd_##name,
static const struct command *const commands[] = { COMMANDS(COMMAND_ENTRY) };
#define NCOMMANDS (sizeof commands / sizeof commands[0])

enum { O_HELP = O_NOPTIONS, O_USAGE, O_VERSION, O_LIST };

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
	{ "list", 0, POPT_ARG_STRING, NULL, V(O_LIST), "list commands, options, schemes, containers, writers, findings, formats or fields, for scripts", "WHAT" },
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

static const struct command *command(const char *name)
{
	char q[400];
	for (size_t i = 0; i < NCOMMANDS; i++)
		if (strcmp(commands[i]->name, name) == 0)
			return commands[i];
	quote(q, sizeof q, name, strlen(name));
	usage_error("unknown command '%s'", q);
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

/* --list=WHAT [COMMAND]: the commands and the options (COMMAND's, or
 * all) as tab-separated rows, an option's long name, its letter or "",
 * the name of its value or "", its help; the other tables by lists.c. */
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
	} else if (!list_table(what)) {
		char q[400];
		quote(q, sizeof q, what, strlen(what));
		usage_error("--list: '%s' is not commands, options, schemes, containers, writers, "
			    "findings, formats or fields", q);
	}
	exit_stdio();
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
	out.mode = output_mode(given.options);
	check_options(given.options, given.named, c, out.mode, uses);
	if (c->no_operands && n)
		usage_error("%s takes no operands", c->name);
	j.options = given.options;
	j.scheme = scheme_named(option_names[O_SCHEME], given.value[O_SCHEME] ? given.value[O_SCHEME] : "native");
	j.from = given.value[O_FROM] ? scheme_named(option_names[O_FROM], given.value[O_FROM]) : NULL;
	j.to = given.value[O_TO] ? scheme_named(option_names[O_TO], given.value[O_TO]) : NULL;
	j.input_base = given.value[O_INPUT_BASE] ? base_value(option_names[O_INPUT_BASE], given.value[O_INPUT_BASE]) : BASE_C;
	out.style.base = given.value[O_BASE] ? base_value(given.named[O_BASE], given.value[O_BASE]) : 16;
	out.style.pad = given.options & OPT(O_PAD);
	if (given.value[O_TYPE])
		j.type = type_value(given.value[O_TYPE]);
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
	j.writer = given.value[O_WRITER] ? writer_named(given.value[O_WRITER]) : NULL;
	j.into = into_value(given.value[O_INTO], j.writer, &j.places);
	j.spec = given.value[O_SPEC];
	j.fakeroot = given.value[O_FAKEROOT];
	j.jobs = given.value[O_JOBS] ? jobs_value(given.named[O_JOBS], given.value[O_JOBS]) : 0;
	j.depth = given.value[O_DEPTH] ? depth_value(given.named[O_DEPTH], given.value[O_DEPTH])
				       : DEPTH_DEFAULT;
	if (given.value[O_STRIP])
		strip_value(given.named[O_STRIP], given.value[O_STRIP], j.strip);
	if (given.value[O_PREFIX])
		prefix_value(given.named[O_PREFIX], given.value[O_PREFIX], j.prefix, j.prefix_len);
	j.out = &out;
	if (c->prepare)
		c->prepare(c, &j, &n, &ops);
	check_text_scheme(c, &j);
	int status = c->run ? c->run(&j, n, ops) : for_each_record(&j, c->record, n, ops);
	format_free(user);
	format_free(plain);
	live_close(kept);
	free_given(&given);
	return finish(status);
}
