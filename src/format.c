/* format.c - --format templates, compiled once, run for every record. */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "output.h"

/* A run of literal text, or one directive. */
struct op {
	char directive; /* 0 for text */
	size_t off, len;
};

struct format {
	size_t nops;
	char *text;
	struct op op[];
};

static const char directives[] = "Mmrdxosi";

static int escape(char c, char *out)
{
	switch (c) {
	case 'n': *out = '\n'; return 0;
	case 't': *out = '\t'; return 0;
	case '0': *out = '\0'; return 0;
	case '\\': *out = '\\'; return 0;
	default: return -1;
	}
}

static void add_text(struct format *f, size_t *tlen, char c)
{
	struct op *last = f->nops ? &f->op[f->nops - 1] : NULL;
	if (!last || last->directive)
		f->op[f->nops++] = (struct op){ 0, *tlen, 0 };
	f->text[(*tlen)++] = c;
	f->op[f->nops - 1].len++;
}

struct format *format_compile(const char *fmt, char *err, size_t errsize)
{
	size_t n = strlen(fmt), tlen = 0;
	struct format *f = malloc(sizeof *f + (n + 1) * sizeof f->op[0]);
	if (!f || !(f->text = malloc(n + 1))) {
		snprintf(err, errsize, "out of memory");
		free(f);
		return NULL;
	}
	f->nops = 0;
	for (const char *p = fmt; *p; p++) {
		char c = *p;
		if (c == '%') {
			c = *++p;
			if (c != '%' && !(c && strchr(directives, c))) {
				snprintf(err, errsize, c ? "unknown directive '%%%c'" :
					 "'%%' at the end", c);
				goto bad;
			}
			if (c != '%') {
				f->op[f->nops++] = (struct op){ c, 0, 0 };
				continue;
			}
		} else if (c == '\\' && escape(*++p, &c) < 0) {
			snprintf(err, errsize, *p ? "unknown escape '\\%c'" :
				 "'\\' at the end", *p);
			goto bad;
		}
		add_text(f, &tlen, c);
	}
	return f;
bad:
	free(f->text);
	free(f);
	return NULL;
}

void format_free(struct format *f)
{
	if (f)
		free(f->text);
	free(f);
}

static void run_directive(char d, const struct value *v)
{
	bool text = v->s->rules & DN_TEXT;
	switch (d) {
	case 'M': out_u64(v->t.major); break;
	case 'm': out_u64(v->t.minor); break;
	case 'r': emit_raw(v->s, v->raw); break;
	case 'd': text ? emit_tuple(v->t) : out_digits(v->raw, 10); break;
	case 'x': text ? emit_tuple(v->t) : out_digits(v->raw, 16); break;
	case 'o': text ? emit_tuple(v->t) : out_digits(v->raw, 8); break;
	case 's': out_str(v->s->name); break;
	case 'i': out_mem(v->input, v->len); break;
	}
}

void format_run(const struct format *f, const struct value *v)
{
	for (size_t i = 0; i < f->nops; i++) {
		const struct op *o = &f->op[i];
		if (o->directive)
			run_directive(o->directive, v);
		else
			out_mem(f->text + o->off, o->len);
	}
}
