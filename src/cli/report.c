/* report.c - a failed record's error and a record's warning: on standard
 * error as "devnum: <stdin>:LINE: 'INPUT': reason", or with --json as the
 * record itself, whose "error" or "note" says it. */
#include <config.h>

#include "cli/cli.h"
#include "render/output.h"

static void to_stderr(const struct where *w, const struct record *r,
		      const char *prefix, enum key k)
{
	char q[400];
	quote(q, sizeof q, r->text[K_INPUT], r->len[K_INPUT]);
	if (w->line)
		diag("<stdin>:%ju: '%s': %s%.*s", w->line, q, prefix, (int)r->len[k], r->text[k]);
	else
		diag("'%s': %s%.*s", q, prefix, (int)r->len[k], r->text[k]);
}

void report(const struct emitter *e, const struct where *w, struct record *r, int status)
{
	if (status && !r->shown && (r->have & KEY(K_ERROR))) {
		if (errors_in_records(e->mode))
			emit(e, r);
		else
			to_stderr(w, r, "", K_ERROR);
	} else if (r->warn && !errors_in_records(e->mode)) {
		to_stderr(w, r, "warning: ", K_NOTE);
	}
}
