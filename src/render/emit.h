/* emit.h - the one emitter: every record as plain text, JSON Lines or a
 * --format template.  Commands fill records; only this writes them. */
#ifndef EMIT_H
#define EMIT_H

#include <stdbool.h>

#include "render/columns.h"
#include "render/format.h"
#include "render/record.h"

/* The output modes, one row each: X(mode, the option that selects it as
 * options.h names it, or NONE for the default, its record writer in
 * emit.c, whether a failed record is written as a record (its error in
 * it) rather than on standard error).  Plain is for people; the others
 * are for programs. */
#define MODES(X) \
	X(PLAIN, NONE, write_plain, false) \
	X(JSON, JSON, write_json, true) \
	X(TEMPLATE, FORMAT, write_template, false)

#define MODE_ENUM(mode, option, writer, errors_in_records) mode,
enum mode { MODES(MODE_ENUM) NMODES };
#undef MODE_ENUM

/* Whether a failed record is written as a record in mode m. */
bool errors_in_records(enum mode m);

/* The keys a record prints in JSON, in order, kept by the fast writer:
 * worked out again only when the record's fields or schemes differ from
 * the last one's, which in a stream of one command they seldom do. */
struct json_plan {
	uint64_t have;
	const devnum_scheme *scheme, *from;
	unsigned n;
	uint8_t key[K_NKEYS];
};

struct emitter {
	enum mode mode;
	const struct format *plain; /* the command's own template */
	const struct format *user;  /* --format */
	struct style style;         /* --base, --pad */
	char end;                   /* each record's terminator: \n or \0 (-z) */
	bool trim;                  /* plain tables: drop the blanks that end a row */
	bool mtree;                 /* --format prints %{mtree} */
	unsigned fold, hang;        /* plain on a terminal: fold rows at `fold`
				       columns, later lines indented by `hang` */
	bool noheadings, raw;       /* tables: -n, --raw */
	struct json_plan *plan;     /* the fast JSON writer's, or NULL: the careful
				       writer alone */
};

/* Writes one record in the emitter's mode and marks it shown. */
void emit(const struct emitter *e, struct record *r);
/* A table's heading line from its columns (alt: their other headings),
 * in plain mode unless -n. */
void emit_heading(const struct emitter *e, const struct column *c, size_t n, bool alt);
/* A line for people, in plain mode only: a heading, or a drawing. */
void emit_text(const struct emitter *e, const char *text);
/* The same, folded at blanks to `columns` (0: not folded), later lines
 * indented by `hang`. */
void emit_folded(const struct emitter *e, const char *text, unsigned columns,
		 unsigned hang);
/* A title over a command's rows or drawing, folded as emit_folded folds;
 * -n drops it with the heading, leaving the rows alone. */
void emit_title(const struct emitter *e, const char *text, unsigned columns, unsigned hang);

#endif
