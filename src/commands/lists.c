/* lists.c - devnum --list=WHAT for the tables below the commands: what the
 * shell completions offer, asked of the program so that they cannot fall
 * behind it.  Schemes, containers and writers one name a line (aliases
 * too); scan's findings (the word, "fault" or "", the summary), the
 * formats it reads (the name, the kind, the library or "") and the fields
 * of the records (the name, its JSON type, what it holds) tab-separated
 * rows.  main.c lists the commands and options, which it holds. */
#include <config.h>

#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "scan/core/findings.h"
#include "scan/dispatch/readers.h"
#include "commands/lists.h"

/* One line a name, then one for each of its aliases. */
static void list_words(const char *name, const char *aliases)
{
	printf("%s\n", name);
	for (const char *p = aliases; *p; p += strcspn(p, " "), p += *p == ' ')
		printf("%.*s\n", (int)strcspn(p, " "), p);
}

static void schemes(void)
{
	for (size_t i = 0; i < devnum_scheme_count(); i++)
		list_words(devnum_scheme_name(devnum_scheme_at(i)),
			   devnum_scheme_aliases(devnum_scheme_at(i)));
	puts("native");
}

static void containers(void)
{
	for (size_t i = 0; i < devnum_container_count(); i++)
		list_words(devnum_container_name(devnum_container_at(i)),
			   devnum_container_aliases(devnum_container_at(i)));
}

static void writers(void)
{
	for (size_t i = 0; i < devnum_writer_count(); i++) {
		const char *w = devnum_writer_name(devnum_writer_at(i));
		if (devnum_writer_find(w, NULL) == devnum_writer_at(i)) /* its first row */
			list_words(w, devnum_writer_aliases(devnum_writer_at(i)));
	}
}

/* How a format's input is read: a stream as it comes, a file sought in
 * (a stream copied to one first), a directory; nothing for one not read. */
static const char *access_of(const struct reader *r)
{
	if (r->kind == R_UNREAD)
		return "";
	if (r->kind == R_LAYOUT || r->kind == R_TREE)
		return "directory";
	return r->seeks ? "seek" : "stream";
}

static void formats(void)
{
	for (size_t i = 0; i < nreaders; i++)
		printf("%s\t%s\t%s\t%s\n", readers[i].name, reader_kind_name(readers[i].kind),
		       readers[i].library ? readers[i].library : "", access_of(&readers[i]));
}

static void findings(void)
{
	for (size_t i = 0; i < F_COUNT; i++)
		printf("%s\t%s\t%s\n", finding_rows[i].word, finding_rows[i].fault ? "fault" : "",
		       finding_rows[i].summary);
}

/* Each field's name, its JSON type ("-" for one plain output alone
 * shows), and its help. */
static void fields(void)
{
	static const char *const types[T_NTYPES] = {
		[T_TEXT] = "string", [T_NUM] = "number", [T_RAW] = "number", [T_BOOL] = "boolean",
		[T_LIST] = "array", [T_WORDS] = "array", [T_WIDTH] = "number", [T_SCHEME] = "string",
		[T_NAME] = "string", [T_FINDINGS] = "array", [T_CHAIN] = "array",
		[T_SIDE] = "object", [T_CAUSES] = "array",
	};
	for (size_t k = 0; k < K_NKEYS; k++)
		printf("%s\t%s\t%s\n", keys[k].name, keys[k].json ? types[keys[k].type] : "-",
		       keys[k].help);
}

bool list_table(const char *what)
{
	static const struct {
		const char *what;
		void (*list)(void);
	} tables[] = {
		{ "schemes", schemes }, { "containers", containers }, { "writers", writers },
		{ "formats", formats }, { "findings", findings },     { "fields", fields },
	};
	for (size_t i = 0; i < sizeof tables / sizeof tables[0]; i++)
		if (!strcmp(what, tables[i].what)) {
			tables[i].list();
			return true;
		}
	return false;
}
