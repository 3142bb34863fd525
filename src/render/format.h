/* format.h - record templates: --format, and each command's plain output. */
#ifndef FORMAT_H
#define FORMAT_H

#include <stdbool.h>
#include <stdint.h>

#include "render/record.h"

struct format;

/* How raw values print in text: --base and --pad. */
struct style {
	unsigned base;
	bool pad;
	bool names; /* K_INPUT is a file name: escaped as T_NAME fields are */
	struct views *views; /* each scheme's name as it is written */
};

/* The compiled template, or NULL with the reason in err. */
struct format *format_compile(const char *fmt, char *err, size_t errsize);
void format_free(struct format *f);
/* A copy of f for another thread to run: f's cache of plans is its own.
 * NULL when out of memory. */
struct format *format_copy(const struct format *f);
/* The keys a template prints: KEY(k) for each. */
uint64_t format_uses(const struct format *f);
/* Writes one record by the template, without a record terminator. */
void format_run(const struct format *f, const struct record *r, const struct style *st);

#endif
