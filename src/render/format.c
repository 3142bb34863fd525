/* format.c - record templates, compiled once and run for every record:
 * the --format option, and each command's own plain output.
 *
 * %X or %{name} prints a field; a width (%-10s, %8{major}) pads it, a '-'
 * on the left side, a '0' (%08M) with zeros after a number's base prefix.  %( A %) prints A only when every field in it has a
 * value, and %( A %| B %) prints B when not.  %d, %x and %o print the raw
 * value's bare digits. */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/digits.h"
#include "render/format.h"
#include "render/output.h"

/* OP_STR and OP_SCHEME: a text or scheme field with no width, run without
 * put_field's dispatch (check's plain line has two of them). */
enum op_kind { OP_TEXT, OP_FIELD, OP_TUPLE, OP_GROUP, OP_ELSE, OP_STR, OP_SCHEME };

struct op {
	uint8_t kind, key;
	uint8_t sub;    /* a T_SIDE's: 1 + the key of its record printed, or 0 */
	char sep;       /* OP_TUPLE: the byte between major and minor */
	uint8_t base;   /* OP_FIELD: 0, the --base style; or 16, 10, 8 bare */
	uint8_t pad;    /* enum pad: blanks before or after, or zeros */
	unsigned width; /* pad to this many columns */
	size_t off, len; /* OP_TEXT: the text */
	uint64_t need;  /* OP_GROUP: the keys used before any %| */
	size_t els;     /* OP_GROUP: its %| op, or 0 */
	size_t end;     /* OP_GROUP, OP_ELSE: the op after the %) */
};

/* What runs for one set of fields: a record's fields decide the side of
 * every group, so for each set the ops that then run are worked out once,
 * the groups gone and adjacent texts joined (check's ": " and
 * "canonical in " are one copy).  A stream of one command's records has
 * few sets; the last PLANS are kept. */
#define PLANS 4

struct plan {
	uint64_t have;
	bool made;
	size_t nops;
	struct op *op;
	char *text; /* the joined texts, TEXT_SLACK bytes past them */
};

struct plans {
	unsigned last, next; /* the one used last; the one to replace */
	struct plan plan[PLANS];
};

struct format {
	size_t nops;
	size_t sealed; /* ops before it end a group's side: no text joins them */
	uint64_t uses; /* the keys it prints */
	char *text;
	size_t text_size, text_len; /* text's allocation, and the bytes in use */
	struct plans *plans; /* a cache, filled as records come: one a thread */
	struct op op[];
};

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

#define TEXT_SLACK 16

static void add_text(struct format *f, size_t *tlen, char c)
{
	struct op *last = f->nops > f->sealed ? &f->op[f->nops - 1] : NULL;
	if (!last || last->kind != OP_TEXT)
		f->op[f->nops++] = (struct op){ .kind = OP_TEXT, .off = *tlen };
	f->text[(*tlen)++] = c;
	f->op[f->nops - 1].len++;
}

/* The directive at *p (after '%' and any width): its key and base, or an
 * error; *p moves past it. */
static int directive(const char **p, struct op *o, char *err, size_t errsize)
{
	const char *s = *p;
	int k;
	if (*s == '{') {
		size_t n = strcspn(s + 1, "}");
		if (!s[1 + n]) {
			snprintf(err, errsize, "'%%{' without '}'");
			return -1;
		}
		size_t dot = strcspn(s + 1, ".}");
		int sub = dot < n ? key_named(s + 2 + dot, n - dot - 1) : -1;
		if ((k = key_named(s + 1, dot)) < 0 ||
		    (dot < n && (keys[k].type != T_SIDE || sub < 0 || !(SIDE_KEYS & KEY(sub))))) {
			snprintf(err, errsize, "unknown field '%%{%.*s}'", (int)(n > 40 ? 40 : n), s + 1);
			return -1;
		}
		o->sub = dot < n ? (uint8_t)(sub + 1) : 0;
		*p = s + n + 2;
	} else if (*s && strchr("dxo", *s)) {
		k = K_RAW;
		o->base = *s == 'd' ? 10 : *s == 'x' ? 16 : 8;
		*p = s + 1;
	} else if ((k = key_of_letter(*s)) >= 0) {
		*p = s + 1;
	} else {
		snprintf(err, errsize, *s ? "unknown directive '%%%c'" : "'%%' at the end", *s);
		return -1;
	}
	o->kind = OP_FIELD;
	o->key = (uint8_t)k;
	return 0;
}

/* "%M:%m", "%M %m" or the like, with no width, is one op, one call: the
 * hot path of decode. */
static void add_field(struct format *f, struct op o)
{
	struct op *a = f->nops >= f->sealed + 2 ? &f->op[f->nops - 2] : NULL;
	if (a && o.key == K_MINOR && !o.width && a->kind == OP_FIELD && a->key == K_MAJOR &&
	    !a->width && a[1].kind == OP_TEXT && a[1].len == 1) {
		*a = (struct op){ .kind = OP_TUPLE, .sep = f->text[a[1].off] };
		f->nops--;
		return;
	}
	if (!o.width && keys[o.key].type == T_TEXT && o.key != K_INPUT)
		o.kind = OP_STR;
	else if (!o.width && keys[o.key].type == T_SCHEME)
		o.kind = OP_SCHEME;
	f->op[f->nops++] = o;
}

/* A % sequence: a field with its width, or the start or end of a group. */
static int percent(struct format *f, const char **p, size_t *group, char *err,
		   size_t errsize)
{
	struct op o = { 0 };
	const char *s = *p;
	if (*s == '(' || *s == ')' || *s == '|') {
		bool open = *s == '(', in = *group != SIZE_MAX;
		if (open == in || (*s == '|' && f->op[*group].els)) {
			snprintf(err, errsize, open ? "'%%(' inside '%%('" : *s == ')' ?
				 "'%%)' without '%%('" : in ? "a second '%%|' in '%%('" :
				 "'%%|' without '%%('");
			return -1;
		}
		if (open) {
			*group = f->nops;
			f->op[f->nops++] = (struct op){ .kind = OP_GROUP };
		} else if (*s == '|') {
			f->op[*group].els = f->nops;
			f->op[f->nops++] = (struct op){ .kind = OP_ELSE };
		} else {
			f->op[*group].end = f->nops;
			if (f->op[*group].els)
				f->op[f->op[*group].els].end = f->nops;
			*group = SIZE_MAX;
			f->sealed = f->nops;
		}
		*p = s + 1;
		return 0;
	}
	o.pad = *s == '-' ? PAD_RIGHT : *s == '0' ? PAD_ZERO : PAD_LEFT;
	s += o.pad != PAD_LEFT;
	if (o.pad == PAD_RIGHT && *s == '0') {
		snprintf(err, errsize, "'-' and '0' together: pad with blanks on the right, or "
			 "with zeros on the left");
		return -1;
	}
	for (; *s >= '0' && *s <= '9'; s++)
		if ((o.width = o.width * 10 + (unsigned)(*s - '0')) > 999) {
			snprintf(err, errsize, "a width above 999");
			return -1;
		}
	if (directive(&s, &o, err, errsize) < 0)
		return -1;
	if (o.pad == PAD_ZERO && keys[o.key].type != T_NUM && keys[o.key].type != T_RAW) {
		snprintf(err, errsize, "'0' pads numbers with zeros; %%{%s} is not a number",
			 keys[o.key].name);
		return -1;
	}
	f->uses |= KEY(o.key);
	if (*group != SIZE_MAX && !f->op[*group].els)
		f->op[*group].need |= KEY(o.key);
	add_field(f, o);
	*p = s;
	return 0;
}

/* Room for the plans of f, once its ops and its text_len bytes of text are
 * known: one block, the plans, then each one's ops, then each one's text. */
static int make_room(struct format *f, size_t text_len)
{
	size_t tuples = 0;
	for (size_t i = 0; i < f->nops; i++)
		tuples += f->op[i].kind == OP_TUPLE;
	/* a tuple op may become three, and its separator a text */
	size_t nops = f->nops + 2 * tuples + 1, tlen = text_len + tuples + TEXT_SLACK;
	char *block = calloc(1, sizeof *f->plans + PLANS * (nops * sizeof(struct op) + tlen));
	if (!block)
		return -1;
	f->plans = (struct plans *)(void *)block;
	struct op *op = (struct op *)(void *)(f->plans + 1);
	char *text = (char *)(op + PLANS * nops);
	for (unsigned i = 0; i < PLANS; i++) {
		f->plans->plan[i].op = op + i * nops;
		f->plans->plan[i].text = text + i * tlen;
	}
	return 0;
}

struct format *format_compile(const char *fmt, char *err, size_t errsize)
{
	size_t n = strlen(fmt), tlen = 0, group = SIZE_MAX;
	struct format *f = calloc(1, sizeof *f + (n + 1) * sizeof f->op[0]);
	/* TEXT_SLACK bytes past the text let short runs be copied whole */
	if (!f || !(f->text = calloc(1, f->text_size = n + 1 + TEXT_SLACK))) {
		snprintf(err, errsize, "out of memory");
		free(f);
		return NULL;
	}
	for (const char *p = fmt; *p;) {
		char c = *p++;
		if (c == '%' && *p != '%') {
			if (percent(f, &p, &group, err, errsize) < 0)
				goto bad;
			continue;
		}
		if (c == '\\' && escape(*p, &c) < 0) {
			snprintf(err, errsize, *p ? "unknown escape '\\%c'" : "'\\' at the end", *p);
			goto bad;
		}
		p += c == '%' || p[-1] == '\\'; /* past "%%" or an escape's letter */
		add_text(f, &tlen, c);
	}
	if (group != SIZE_MAX) {
		snprintf(err, errsize, "'%%(' without '%%)'");
		goto bad;
	}
	if (make_room(f, f->text_len = tlen) < 0) {
		snprintf(err, errsize, "out of memory");
		goto bad;
	}
	return f;
bad:
	format_free(f);
	return NULL;
}

struct format *format_copy(const struct format *f)
{
	size_t size = sizeof *f + (f->nops + 1) * sizeof f->op[0];
	struct format *c = malloc(size);
	if (!c)
		return NULL;
	memcpy(c, f, size);
	c->plans = NULL;
	if (!(c->text = malloc(f->text_size)) || make_room(c, f->text_len) < 0) {
		format_free(c);
		return NULL;
	}
	memcpy(c->text, f->text, f->text_size);
	return c;
}

void format_free(struct format *f)
{
	if (!f)
		return;
	free(f->plans);
	free(f->text);
	free(f);
}

uint64_t format_uses(const struct format *f)
{
	return f->uses;
}

/* The words of a T_LIST, comma-separated; "-" for none. */
static void put_list(const char *s, size_t n)
{
	if (!n)
		out_char('-');
	for (size_t i = 0; i < n; i++)
		if (s[i] == ' ')
			out_char(',');
		else
			out_char(s[i]);
}

/* A T_CHAIN: [name][name], each escaped, a ']' in one as \]. */
static void put_chain(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		out_char('[');
		for (size_t run; s[i]; i = run) {
			run = i + strcspn(s + i, "]");
			out_escaped(s + i, run - i);
			if (s[run])
				out_str("\\]"), run++;
		}
		out_char(']');
	}
}

static void put_raw(const struct record *r, enum key k, const struct op *o,
		    const struct style *st)
{
	const devnum_scheme *s = raw_scheme(r, k);
	uint64_t v = r->num[k];
	if (s && unpacked(st->views, s)) {
		out_tuple(v >> 32, v & UINT32_MAX);
		return;
	}
	if (o->base == 16 || (!o->base && st->base == 16 && !st->pad)) {
		char *p = out_reserve(24);
		if (!o->base) /* %r in hex, the default: 0x and the digits */
			p = (char *)memcpy(p, "0x", 2) + 2;
		out_commit(p + fmt_hex(p, v));
	} else if (o->base) {
		out_digits(v, o->base);
	}
	else
		out_based(v, st->base, st->pad && s ? digits_for(devnum_scheme_width(s), st->base) : 0);
}

/* A scheme's name: one fixed-size copy from its view's padded name. */
static inline void put_scheme(struct views *views, const devnum_scheme *s)
{
	const struct view *v = view_of(views, s);
	char *p = out_reserve(sizeof v->name);
	memcpy(p, v->name, sizeof v->name);
	out_commit(p + v->len);
}

/* The names of r's causes, comma-separated, each once (a writer has a
 * row for each container it writes). */
static void put_causes(const struct record *r)
{
	for (unsigned i = 0; i < r->ncauses; i++) {
		unsigned k = 0;
		while (k < i && strcmp(r->causes[k].name, r->causes[i].name) != 0)
			k++;
		if (k < i)
			continue;
		if (i)
			out_char(',');
		out_str(r->causes[i].name);
	}
}

static void put_side(const struct record *side, const struct op *o, const struct style *st);

static inline void put_field(const struct record *r, const struct op *o,
			     const struct style *st)
{
	enum key k = o->key;
	if (!(r->have & KEY(k)))
		return;
	switch (keys[k].type) {
	case T_NUM: {
		char *p = out_reserve(24);
		out_commit(p + fmt_u64(p, r->num[k]));
		break;
	}
	case T_BOOL: out_str(r->num[k] ? "true" : "false"); break;
	case T_RAW: put_raw(r, k, o, st); break;
	case T_LIST:
	case T_FINDINGS: put_list(r->text[k], r->len[k]); break;
	case T_WIDTH:
		if (r->scheme && unpacked(st->views, r->scheme))
			out_str("2x32");
		else
			out_u64(r->num[k]);
		break;
	case T_SCHEME: put_scheme(st->views, named_scheme(r, k)); break;
	case T_NAME: out_escaped(r->text[k], r->len[k]); break;
	case T_CHAIN: put_chain(r->text[k], r->len[k]); break;
	case T_SIDE:
		if (r->side[k == K_B]) /* set with the key, but a record filled by hand */
			put_side(r->side[k == K_B], o, st);
		break;
	case T_CAUSES: put_causes(r); break;
	default:
		if (k == K_INPUT && st->names)
			out_escaped(r->text[k], r->len[k]);
		else
			out_mem(r->text[k], r->len[k]);
	}
}

/* A side's key that o names (%{a.major}), or the side as people read it:
 * "block 8:256 (ustar 0000010 0000400)", "unknown" for no tuple. */
static void put_side(const struct record *side, const struct op *o, const struct style *st)
{
	struct op sub = { .kind = OP_FIELD };
	if (o->sub) {
		sub.key = (uint8_t)(o->sub - 1);
		sub.base = o->base;
		put_field(side, &sub, st);
		return;
	}
	if (side->have & KEY(K_TYPE)) {
		out_mem(side->text[K_TYPE], side->len[K_TYPE]);
		out_char(' ');
	}
	if ((side->have & (KEY(K_MAJOR) | KEY(K_MINOR))) == (KEY(K_MAJOR) | KEY(K_MINOR)))
		out_tuple(side->num[K_MAJOR], side->num[K_MINOR]);
	else
		out_str("unknown");
	if (side->have & KEY(K_FIELDS)) {
		out_str(" (");
		if (side->have & KEY(K_CONTAINER)) {
			out_mem(side->text[K_CONTAINER], side->len[K_CONTAINER]);
			out_char(' ');
		}
		out_mem(side->text[K_FIELDS], side->len[K_FIELDS]);
		out_char(')');
	}
}

/* Appends n bytes of text to p, joined to a text op just before. */
static void plan_text(struct plan *p, size_t *tlen, const char *s, size_t n)
{
	struct op *last = p->nops ? &p->op[p->nops - 1] : NULL;
	if (!last || last->kind != OP_TEXT)
		p->op[p->nops++] = (struct op){ .kind = OP_TEXT, .off = *tlen };
	memcpy(p->text + *tlen, s, n);
	*tlen += n;
	p->op[p->nops - 1].len += n;
}

/* The ops f runs for a record with the fields `have`, into p. */
static void make_plan(const struct format *f, uint64_t have, struct plan *p)
{
	const uint64_t tuple = KEY(K_MAJOR) | KEY(K_MINOR);
	size_t tlen = 0;
	p->have = have;
	p->made = true;
	p->nops = 0;
	for (size_t i = 0; i < f->nops; i++) {
		const struct op *o = &f->op[i];
		if (o->kind == OP_GROUP && (have & o->need) != o->need) {
			i = o->els ? o->els : o->end - 1;
		} else if (o->kind == OP_ELSE) {
			i = o->end - 1;
		} else if (o->kind == OP_TEXT) {
			plan_text(p, &tlen, f->text + o->off, o->len);
		} else if (o->kind == OP_TUPLE && (have & tuple) != tuple) {
			/* a part is missing: the ops the tuple was joined from */
			p->op[p->nops++] = (struct op){ .kind = OP_FIELD, .key = K_MAJOR };
			plan_text(p, &tlen, &o->sep, 1);
			p->op[p->nops++] = (struct op){ .kind = OP_FIELD, .key = K_MINOR };
		} else if ((o->kind == OP_STR || o->kind == OP_SCHEME) && !(have & KEY(o->key))) {
			continue; /* a field the record lacks prints nothing */
		} else if (o->kind != OP_GROUP) {
			p->op[p->nops++] = *o;
		}
	}
}

static const struct plan *plan_for(const struct format *f, uint64_t have)
{
	struct plans *c = f->plans;
	if (c->plan[c->last].made && c->plan[c->last].have == have)
		return &c->plan[c->last];
	for (unsigned i = 0; i < PLANS; i++)
		if (c->plan[i].made && c->plan[i].have == have)
			return &c->plan[c->last = i];
	c->last = c->next;
	c->next = (c->next + 1) % PLANS;
	make_plan(f, have, &c->plan[c->last]);
	return &c->plan[c->last];
}

void format_run(const struct format *f, const struct record *r, const struct style *st)
{
	const struct plan *plan = plan_for(f, r->have);
	for (size_t i = 0; i < plan->nops; i++) {
		const struct op *o = &plan->op[i];
		switch (o->kind) {
		case OP_TEXT:
			if (o->len <= TEXT_SLACK) { /* one fixed-size copy, inlined */
				char *p = out_reserve(TEXT_SLACK);
				memcpy(p, plan->text + o->off, TEXT_SLACK);
				out_commit(p + o->len);
			} else {
				out_mem(plan->text + o->off, o->len);
			}
			break;
		case OP_TUPLE:
			out_pair(r->num[K_MAJOR], o->sep, r->num[K_MINOR]);
			break;
		case OP_STR: /* the plan holds it only where the record has it */
			out_mem(r->text[o->key], r->len[o->key]);
			break;
		case OP_SCHEME:
			put_scheme(st->views, named_scheme(r, o->key));
			break;
		default:
			if (o->width) {
				struct out_mark m = out_mark(1024);
				put_field(r, o, st);
				out_pad(m, o->width, (enum pad)o->pad);
			} else {
				put_field(r, o, st);
			}
		}
	}
}
