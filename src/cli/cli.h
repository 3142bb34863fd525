/* cli.h - what the parts of the devnum program share: a job (what every
 * record of one run needs, passed down explicitly), the record loop, and
 * the commands. */
#ifndef CLI_H
#define CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cli/commands.h"
#include "cli/options.h"
#include "devnum.h"
#include "render/emit.h"
#include "parse/number.h"
#include "render/columns.h"
#include "render/judgement.h"
#include "render/record.h"

/* What the options say, for the records of one command. */
struct job {
	const devnum_scheme *scheme, *from, *to;
	unsigned input_base; /* bare digits: BASE_C, or 10, 16 or 8 */
	unsigned options;    /* OPT(o) of every option given: the flags are read
				here, with has_option() */
	bool pairs;          /* two plain numbers are one tuple, M:m */
	bool colour;         /* layout: paint the fields */
	char type;           /* name: 'c' or 'b' for --type, or 0 for both */
	struct live **live;  /* name, stat: the running system's answers, kept
				(live.h); NULL: name --offline, ask nothing */
	struct devnum_tuple was; /* whence --was: the real tuple */
	bool by_scheme;      /* explain --sort=scheme: the table's order */
	unsigned columns;    /* the terminal's width, or 0 when not one */
	const devnum_container *box;  /* pack, unpack: the container named */
	uint64_t into;                /* fits: bit i for devnum_container_at(i) judged */
	const devnum_writer *writer;  /* fits --writer, or NULL */
	const struct emitter *out;
};

/* Whether option o was given: a flag's whole meaning, read by the
 * commands that take it. */
static inline bool has_option(const struct job *j, enum option o)
{
	return (j->options & OPT(o)) != 0;
}

/* --scheme's scheme, or NULL when it was not given. */
static inline const devnum_scheme *scheme_given(const struct job *j)
{
	return has_option(j, O_SCHEME) ? j->scheme : NULL;
}

/* Where a record came from: an operand (line 0) or a line of stdin. */
struct where {
	uintmax_t line;
};

/* One record's work: emit its records, return its exit status; a failed
 * record has K_ERROR set and the loop reports it. */
typedef int (*record_fn)(const struct job *j, struct record *r);

/* records.c: each operand, or each record of stdin for none or "-". */
int for_each_record(const struct job *j, record_fn fn, int argc, const char **argv);

/* report.c: a failed record's error, or a warning, after fn ran. */
void report(const struct emitter *e, const struct where *w, struct record *r, int status);

/* operand.c: the input read as a tuple, as a raw value of s (M:m for a
 * scheme never packed), or classified: 0, or the status with K_ERROR.
 * A NetBSD form (linux,8,1) names its layout: it becomes *s, when s is
 * not NULL and --scheme named none. */
int read_tuple(const struct job *j, struct record *r, struct devnum_tuple *t,
	       const devnum_scheme **s);
int read_raw(const struct job *j, const devnum_scheme *s, struct record *r,
	     uint64_t *raw);
bool is_tuple(const struct record *r);


/* A command: its words for --help, the options it takes, what its records
 * hold, how they print in plain text, and its work. */
struct command {
	const char *name, *args, *help;
	unsigned options;      /* OPT(...) of those it uses */
	uint64_t keys;         /* KEY(...) of the fields its records can have */
	const char *plain;     /* its plain output, as a --format template */
	bool raw_plain;        /* plain output prints a raw value: --base applies */
	bool pairs;            /* "3 1" is the tuple 3:1 */
	bool table;            /* plain rows are table rows: trimmed, folded */
	bool no_operands;      /* takes none */
	bool names;            /* its operands and records are file names: escaped */
	bool boxed;            /* its first operand names a container */
	bool scheme_operand;   /* its first operand names a scheme, unless
				  --scheme does, and one value may follow */
	unsigned needs;        /* OPT(...) of the options it cannot go without */
	const char *raw_fields; /* what its --scheme names, when only the layout
				   of raw fields: --scheme=tuple is refused */
	const char *writes;    /* without --into, the container whose writer
				  --writer must be (scan: linux, the extractors) */
	unsigned hang;         /* table: the column a folded row continues at */
	const struct column *columns; /* a table's, whence its plain rows and heading */
	size_t ncolumns;
	record_fn record;      /* one record's work, for the record loop */
	int (*run)(const struct job *j, int argc, const char **argv); /* or all */
};

#define OUTPUT_OPTIONS (OPT(O_JSON) | OPT(O_FORMAT) | OPT(O_ZERO))
#define TABLE_OPTIONS (OUTPUT_OPTIONS | OPT(O_NOHEADINGS) | OPT(O_RAW))

#define DECLARE_COMMAND(name) extern const struct command cmd_##name;
COMMANDS(DECLARE_COMMAND)

#endif
