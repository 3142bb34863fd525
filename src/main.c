/* main.c - devnum's command line: options, dispatch, exit status. */
#include <config.h>

#include <errno.h>
#include <popt.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "output.h"

struct options opt = { .base = 16 };

static const struct command {
	const char *name, *args, *help;
	int (*run)(int argc, const char **argv);
} commands[] = {
	{ "encode", "MAJOR MINOR | MAJOR:MINOR...", "raw value of each tuple in --scheme", cmd_encode },
	{ "decode", "RAW...", "MAJOR:MINOR of each raw value in --scheme", cmd_decode },
	{ "convert", "RAW...", "the same tuple from --from into --to", cmd_convert },
	{ "check", "RAW...", "whether each raw value is canonical", cmd_check },
	{ "canon", "RAW...", "the canonical form of each raw value", cmd_canon },
	{ "aliases", "MAJOR:MINOR...", "every raw value that decodes to each tuple", cmd_aliases },
	{ "explain", "RAW | MAJOR:MINOR", "every scheme's reading, side by side", cmd_explain },
	{ "schemes", "", "list every scheme", cmd_schemes },
	{ "layout", "[SCHEME] [VALUE]", "a bit diagram of a scheme, or of a value in it", cmd_layout },
	{ "stat", "FILE...", "the device numbers of files", cmd_stat },
};

static const char *scheme_name = "native", *from_name, *to_name, *format_text;
static int base;
static poptContext ctx; /* freed at every exit, the early ones included */

static void free_context(void)
{
	poptFreeContext(ctx);
}

static struct poptOption table[] = {
	{ "scheme", 's', POPT_ARG_STRING, &scheme_name, 0, "scheme of raw values (default: native)", "NAME" },
	{ "from", 'f', POPT_ARG_STRING, &from_name, 0, "convert: scheme of the input", "NAME" },
	{ "to", 't', POPT_ARG_STRING, &to_name, 0, "convert: scheme of the output", "NAME" },
	{ "strict", 0, POPT_ARG_NONE, &opt.strict, 0, "a noncanonical alias is an error", NULL },
	{ "legacy", 0, POPT_ARG_NONE, &opt.legacy, 0, "canon: read values as legacy 16-bit numbers", NULL },
	{ "json", 'j', POPT_ARG_NONE, &opt.json, 0, "one JSON object per record (JSON Lines)", NULL },
	{ "format", 0, POPT_ARG_STRING, &format_text, 0, "print each record by template FMT", "FMT" },
	{ "base", 0, POPT_ARG_INT, &base, 0, "base of raw output: 16, 10 or 8", "N" },
	{ NULL, 'x', POPT_ARG_VAL, &base, 16, "raw output in hex (the default)", NULL },
	{ NULL, 'd', POPT_ARG_VAL, &base, 10, "raw output in decimal", NULL },
	{ NULL, 'o', POPT_ARG_VAL, &base, 8, "raw output in octal", NULL },
	{ "pad", 0, POPT_ARG_NONE, &opt.pad, 0, "pad raw output to the scheme's full width", NULL },
	{ "zero-terminated", 'z', POPT_ARG_NONE, &opt.zero, 0, "records end in NUL, not newline", NULL },
	{ "quiet", 'q', POPT_ARG_NONE, &opt.quiet, 0, "check: print nothing, only set the exit status", NULL },
	{ "dereference", 'L', POPT_ARG_NONE, &opt.deref, 0, "stat: follow symbolic links", NULL },
	{ "help", 'h', POPT_ARG_NONE, NULL, 'h', "show this help and exit", NULL },
	{ "usage", 0, POPT_ARG_NONE, NULL, 'u', "show a short usage message and exit", NULL },
	{ "version", 'V', POPT_ARG_NONE, NULL, 'V', "show the version and exit", NULL },
	POPT_TABLEEND
};

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

static _Noreturn void help(void)
{
	poptPrintHelp(ctx, stdout, 0);
	puts("\nCommands:");
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
		printf("  %-8s %-29s %s\n", commands[i].name, commands[i].args,
		       commands[i].help);
	puts("\nWith no operands, or with '-', a command reads one record per line of\n"
	     "standard input (with -z, per NUL-terminated record).\n"
	     "\nExit status: 0 if all went well, 1 if a value cannot be represented or\n"
	     "is not canonical, 2 if there was trouble (usage, unparsable input, I/O).\n"
	     "\nFull documentation: man devnum");
	exit_stdio();
}

static _Noreturn void version(void)
{
	puts("devnum (" PACKAGE_NAME ") " PACKAGE_VERSION "\n"
	     "Copyright (C) 2026 the devnum authors.\n"
	     "License MIT: <https://opensource.org/licenses/MIT>.\n"
	     "This is free software: you are free to change and redistribute it.\n"
	     "There is NO WARRANTY, to the extent permitted by law.");
	exit_stdio();
}

static const struct dn_scheme *scheme(const char *option, const char *name)
{
	const struct dn_scheme *s = dn_scheme_find(name);
	char q[400], list[512];
	size_t len = 0;
	if (s)
		return s;
	for (size_t i = 0; i < dn_nschemes && len < sizeof list; i++)
		len += (size_t)snprintf(list + len, sizeof list - len, "%s, ", dn_schemes[i].name);
	if (len < sizeof list)
		snprintf(list + len, sizeof list - len, "native");
	quote(q, sizeof q, name, strlen(name));
	usage_error("%s: unknown scheme '%s'; valid schemes: %s", option, q, list);
}

static const struct command *command(const char *name)
{
	char q[400];
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
		if (strcmp(commands[i].name, name) == 0)
			return &commands[i];
	quote(q, sizeof q, name, strlen(name));
	usage_error("unknown command '%s'", q);
}

static void parse_options(void)
{
	int rc;
	while ((rc = poptGetNextOpt(ctx)) > 0) {
		if (rc == 'h')
			help();
		if (rc == 'u') {
			poptPrintUsage(ctx, stdout, 0);
			exit_stdio();
		}
		if (rc == 'V')
			version();
	}
	if (rc < -1)
		usage_error("%s: %s", poptBadOption(ctx, POPT_BADOPTION_NOALIAS),
			    poptStrerror(rc));
	if (base && base != 16 && base != 10 && base != 8)
		usage_error("--base: %d is not 16, 10 or 8", base);
	opt.base = base ? (unsigned)base : 16;
	opt.scheme = scheme("--scheme", scheme_name);
	opt.from = from_name ? scheme("--from", from_name) : NULL;
	opt.to = to_name ? scheme("--to", to_name) : NULL;
	if (format_text) {
		char err[128];
		if (!(opt.format = format_compile(format_text, err, sizeof err)))
			usage_error("--format: %s", err);
	}
}

/* The final flush and close of stdout: a lost write is never silent. */
static int finish(int status)
{
	if (out_flush() < 0 || (close(1) < 0 && errno != EBADF)) {
		diag("write error: %s", strerror(out_errno ? out_errno : errno));
		return EXIT_TROUBLE;
	}
	return status;
}

int main(int argc, const char **argv)
{
	ctx = poptGetContext("devnum", argc, argv, table, 0);
	atexit(free_context);
	poptSetOtherOptionHelp(ctx, "[OPTION...] COMMAND [ARG...]");
	signal(SIGPIPE, SIG_IGN); /* a closed pipe is a write error we report */
	parse_options();

	const char **args = poptGetArgs(ctx);
	int nargs = 0;
	while (args && args[nargs])
		nargs++;
	if (nargs == 0)
		usage_error("missing command");
	const struct command *cmd = command(args[0]);
	if (cmd->run == cmd_convert && (!opt.from || !opt.to))
		usage_error("convert needs --from and --to");
	return finish(cmd->run(nargs - 1, args + 1));
}
