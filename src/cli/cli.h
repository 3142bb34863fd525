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
	unsigned places;              /* scan --into: the places (enum place) judged */
	const devnum_writer *writer;  /* fits --writer, or NULL */
	const char *spec;             /* scan --spec: a specification's format, by name */
	const char *fakeroot;         /* scan --fakeroot: a fakeroot state's file */
	unsigned jobs;                /* scan --jobs: threads at once; 0, one a CPU */
	unsigned depth;               /* scan --depth: how deep inputs inside inputs are read */
	unsigned strip[2];            /* diff --strip: path components each input drops */
	const char *prefix[2];        /* diff --prefix: A and B, or NULL, */
	size_t prefix_len[2];         /* prefix_len[i] bytes of each */
	const struct record_sink *sink; /* diff: where scan's device records go, not out */
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
/* read_tuple into *t for a command that packs it in a scheme: *s is
 * --scheme's, or the layout a NetBSD form names, set in r either way
 * (an error record names the scheme too). */
int read_packed_tuple(const struct job *j, struct record *r, struct devnum_tuple *t,
		      const devnum_scheme **s);
int read_raw(const struct job *j, const devnum_scheme *s, struct record *r,
	     uint64_t *raw);
bool is_tuple(const struct record *r);

/* usage.c: a usage error, "devnum: MESSAGE" and the hint to --help on
 * standard error, exit status 2; and the exit after output through
 * stdio, a failed write an error. */
_Noreturn void usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
_Noreturn void exit_stdio(void);

/* checks.c: each option's name as given on a command line (--scheme);
 * the output mode the options select, two a usage error; and the options
 * and --format fields (uses) c cannot take, and those it needs, usage
 * errors naming them (named: as given, --base or -x). */
extern const char *const option_names[O_NOPTIONS];
enum mode output_mode(unsigned options);
struct command;
void check_options(unsigned options, const char *const *named, const struct command *c,
		   enum mode mode, uint64_t uses);

/* values.c: an option's value (who names the option), or a usage error
 * naming it; for a scheme, container or writer, listing the valid names. */
const devnum_scheme *scheme_named(const char *who, const char *name);
const devnum_container *container_named(const char *who, const char *name, size_t n);
const devnum_writer *writer_named(const char *name);
char type_value(const char *text);                 /* --type: 'c' or 'b' */
bool by_scheme(const char *text);                   /* --sort: scheme, else registry */
struct devnum_tuple tuple_value(const char *option, const char *text, unsigned bare);
unsigned base_value(const char *option, const char *text); /* 16, 10 or 8, exactly */
unsigned jobs_value(const char *option, const char *text); /* 0 to 9999 */
enum { DEPTH_DEFAULT = 8, DEPTH_MAX = 64 };
unsigned depth_value(const char *option, const char *text); /* 0 to DEPTH_MAX */
/* --strip: N for both inputs, or N:M; each 0 to STRIP_MAX */
enum { STRIP_MAX = 255 };
void strip_value(const char *option, const char *text, unsigned strip[2]);
/* --prefix=A:B split at its first colon: A and B in text */
void prefix_value(const char *option, const char *text, const char *prefix[2], size_t len[2]);
/* Where scan judges whether a device can be made at all, by its type:
 * --into=rootless, a user namespace; --into=ostree, an ostree commit. */
enum place { P_ROOTLESS = 1, P_OSTREE = 2 };

/* --into: bit i for each container i named, w writing each; all without
 * it; the places named in *places */
uint64_t into_value(const char *list, const devnum_writer *w, unsigned *places);
/* --scheme=tuple, a layout never packed, has no raw form: a usage error
 * wherever it would name the layout of a raw field. */
void check_text_scheme(const struct command *c, const struct job *j);


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
	unsigned needs;        /* OPT(...) of the options it cannot go without */
	/* its own rules, once the job is made: usage errors, or operands it
	   takes for itself (pack's container), or NULL */
	void (*prepare)(const struct command *c, struct job *j, int *argc, const char ***argv);
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
