/* cli.h - what the parts of the devnum program share. */
#ifndef CLI_H
#define CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "devnum.h"
#include "number.h"

/* Exit statuses, as cmp and grep: the highest of all records wins. */
enum { EXIT_OK = 0, EXIT_UNFIT = 1, EXIT_TROUBLE = 2 };

struct format;

struct options {
	const struct dn_scheme *scheme, *from, *to;
	unsigned base; /* 16, 10 or 8 for raw output */
	int pad, json, zero, quiet, strict, legacy, deref;
	const struct format *format;
};
extern struct options opt;

/* Where a record came from: an operand (line 0) or a line of stdin. */
struct where {
	uintmax_t line;
};

/* One record's answer: a tuple and its raw value in a scheme. */
struct value {
	const char *input;
	size_t len;
	const struct dn_scheme *s;    /* the scheme of raw */
	const struct dn_scheme *from; /* convert: the input's scheme */
	struct dn_tuple t;
	uint64_t raw;
	enum dn_verdict verdict;      /* of the input, in its own scheme */
	uint64_t canon;               /* the input's canonical raw */
	struct dn_reason why;         /* why the input is an alias */
	bool show_tuple;              /* plain output is M:m, not the raw */
};

/* Sets what a command does not fill itself.  Not `= { ... }`: zeroing the
 * whole struct costs a rep stos on every record of the hot path. */
static inline void value_init(struct value *v, const char *input, size_t len,
			      const struct dn_scheme *s)
{
	v->input = input;
	v->len = len;
	v->s = s;
	v->from = NULL;
	v->verdict = DN_CANONICAL;
	v->show_tuple = false;
}

typedef int (*record_fn)(const char *s, size_t n, const struct where *w);

/* records.c: each operand, or each line of stdin for none or "-". */
int for_each_record(record_fn fn, int argc, const char **argv);

/* report.c */
int fail_record(const struct where *w, const char *s, size_t n, int status,
		const char *fmt, ...) __attribute__((format(printf, 5, 6)));
void warn_record(const struct where *w, const char *s, size_t n,
		 const char *fmt, ...) __attribute__((format(printf, 4, 5)));
void why_text(char *buf, size_t size, const struct dn_scheme *s,
	      const struct dn_reason *r);
void alias_text(char *buf, size_t size, const struct dn_scheme *s,
		const struct dn_reason *r, struct dn_tuple t, uint64_t canon);
int fail_number(const struct where *w, const char *s, size_t n,
		const struct num_error *e);
/* A refusal by the library, in English, exit 1. */
int fail_reason(const struct where *w, const char *s, size_t n,
		const struct dn_scheme *scheme, const struct dn_reason *r);

/* emit.c */
char record_end(void);
void emit_value(const struct value *v);
void emit_raw(const struct dn_scheme *s, uint64_t raw);
void emit_tuple(struct dn_tuple t);
/* "16", "32", "64", or "2x32" for a scheme that is never packed */
const char *width_text(const struct dn_scheme *s);
void json_width(const struct dn_scheme *s);
void json_begin(const char *s, size_t n, const struct dn_scheme *scheme);
void json_key(const char *key);
void json_u64(const char *key, uint64_t v);
void json_text(const char *key, const char *text);
void json_bool(const char *key, bool b);
void json_hex(const char *key, uint64_t v);
void json_end(void);

/* format.c */
struct format *format_compile(const char *fmt, char *err, size_t errsize);
void format_run(const struct format *f, const struct value *v);
void format_free(struct format *f);

/* cmd_codec.c: a raw value of scheme s (a number, or M:m for tuple):
 * 0, or the record's exit status after reporting it. */
int read_raw(const struct dn_scheme *s, const char *in, size_t n,
	     const struct where *w, uint64_t *raw);

/* the commands */
int cmd_encode(int argc, const char **argv);
int cmd_decode(int argc, const char **argv);
int cmd_convert(int argc, const char **argv);
int cmd_canon(int argc, const char **argv);
int cmd_check(int argc, const char **argv);
int cmd_aliases(int argc, const char **argv);
int cmd_explain(int argc, const char **argv);
int cmd_schemes(int argc, const char **argv);
int cmd_layout(int argc, const char **argv);
int cmd_stat(int argc, const char **argv);

#endif
