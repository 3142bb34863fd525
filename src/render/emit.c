/* emit.c - the one emitter: plain text and --format through the template
 * engine, JSON Lines written here, every key as record.h names it. */
#include <config.h>

#include <stdio.h>
#include <string.h>

#include "render/digits.h"
#include "render/emit.h"
#include "render/output.h"

static void json_key(enum key k, bool first)
{
	if (first)
		out_char('"');
	else
		out_mem(",\"", 2);
	out_mem(keys[k].name, keys[k].len);
	out_mem("\":", 2);
}

/* Each finding an object: its word, whether it is a fault, its note. */
static void json_findings(const struct record *r)
{
	out_char('[');
	for (unsigned i = 0; i < r->nfound; i++) {
		const struct found *f = &r->found[i];
		out_str(i ? ",{\"finding\":" : "{\"finding\":");
		out_json_str(f->word, strlen(f->word));
		out_str(f->fault ? ",\"fault\":true,\"note\":" : ",\"fault\":false,\"note\":");
		out_json_str(r->note + f->note_at, f->note_len);
		out_char('}');
	}
	out_char(']');
}

static void json_list(const char *s, size_t n)
{
	out_char('[');
	for (size_t i = 0; i < n;) {
		size_t w = 0;
		while (i + w < n && s[i + w] != ' ')
			w++;
		if (i)
			out_char(',');
		out_json_str(s + i, w);
		i += w + 1;
	}
	out_char(']');
}

/* A raw value as a number and, for readers that lose precision past 2^53,
 * as a hex string; a scheme that is never packed has no raw number. */
static void json_raw(struct views *v, const struct record *r, enum key k, bool first)
{
	const devnum_scheme *s = raw_scheme(r, k);
	if (s && unpacked(v, s))
		return;
	json_key(k, first);
	out_u64(r->num[k]);
	out_str(k == K_RAW ? ",\"hex\":\"" : ",\"canonical_hex\":\"");
	out_based(r->num[k], 16, 0);
	out_char('"');
}

/* A T_CHAIN: each NUL-ended name a string. */
static void json_chain(const char *s, size_t n)
{
	out_char('[');
	for (size_t i = 0; i < n;) {
		size_t w = strlen(s + i);
		if (i)
			out_char(',');
		out_json_str(s + i, w);
		i += w + 1;
	}
	out_char(']');
}

/* Each cause an object: its name, by what, a writer's fate, in words. */
static void json_causes(const struct record *r)
{
	out_char('[');
	for (unsigned i = 0; i < r->ncauses; i++) {
		const struct cause *c = &r->causes[i];
		out_str(i ? ",{\"cause\":" : "{\"cause\":");
		out_json_str(c->name, strlen(c->name));
		out_str(",\"by\":");
		out_json_str(c->by, strlen(c->by));
		if (c->container) {
			out_str(",\"container\":");
			out_json_str(c->container, strlen(c->container));
			out_str(",\"fate\":");
			out_json_str(c->fate, strlen(c->fate));
		}
		out_str(",\"what\":");
		out_json_str(c->what, strlen(c->what));
		out_char('}');
	}
	out_char(']');
}

static void json_object(struct views *v, const struct record *r);

static void json_value(struct views *v, const struct record *r, enum key k)
{
	switch (keys[k].type) {
	case T_NUM: out_u64(r->num[k]); break;
	case T_BOOL: out_str(r->num[k] ? "true" : "false"); break;
	case T_LIST:
	case T_WORDS: json_list(r->text[k], r->len[k]); break;
	case T_FINDINGS: json_findings(r); break;
	case T_CHAIN: json_chain(r->text[k], r->len[k]); break;
	case T_SIDE:
		if (r->side[k == K_B])
			json_object(v, r->side[k == K_B]);
		else
			out_str("null");
		break;
	case T_CAUSES: json_causes(r); break;
	case T_WIDTH:
		if (r->scheme && unpacked(v, r->scheme))
			out_str("null");
		else
			out_u64(r->num[k]);
		break;
	case T_SCHEME: {
		const char *name = devnum_scheme_name(named_scheme(r, k));
		out_json_str(name, strlen(name));
		break;
	}
	default: out_json_str(r->text[k], r->len[k]); break;
	}
}

/* The fast path: a record whose text needs no escaping, written straight
 * into the output buffer with key literals of known length.  NULL if a
 * field needs the careful path below. */
#define JSON_ROOM 4096
#define TEXT_FAST 256

static char *fast_text(char *p, const char *s, size_t n)
{
	if (n > TEXT_FAST)
		return NULL;
	*p++ = '"';
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c < 0x20 || c >= 0x80 || c == '"' || c == '\\')
			return NULL;
		p[i] = (char)c;
	}
	p += n;
	*p++ = '"';
	return p;
}

static char *fast_value(struct views *views, char *p, const struct record *r, enum key k)
{
	uint64_t v = r->num[k];
	switch (keys[k].type) {
	case T_NUM:
		return p + fmt_u64(p, v);
	case T_BOOL:
		memcpy(p, v ? "true" : "false", 5);
		return p + (v ? 4 : 5);
	case T_RAW:
		p += fmt_u64(p, v);
		if (k == K_RAW)
			p = (char *)memcpy(p, ",\"hex\":\"0x", 10) + 10;
		else
			p = (char *)memcpy(p, ",\"canonical_hex\":\"0x", 20) + 20;
		p += fmt_hex(p, v);
		*p++ = '"';
		return p;
	case T_WIDTH:
		if (r->scheme && unpacked(views, r->scheme)) {
			memcpy(p, "null", 4);
			return p + 4;
		}
		return p + fmt_u64(p, v);
	case T_SCHEME: { /* the name as a JSON string, kept padded for one copy */
		const struct view *sv = view_of(views, named_scheme(r, k));
		if (!sv->quoted_len)
			return NULL;
		memcpy(p, sv->quoted, sizeof sv->quoted);
		return p + sv->quoted_len;
	}
	case T_TEXT:
	case T_NAME:
		return fast_text(p, r->text[k], r->len[k]);
	default:
		return NULL;
	}
}

static void make_plan(struct views *v, struct json_plan *plan, const struct record *r)
{
	*plan = (struct json_plan){ r->have, r->scheme, r->from, 0, { 0 } };
	for (uint64_t have = r->have; have; have &= have - 1) {
		enum key k = (enum key)__builtin_ctzll(have);
		const devnum_scheme *s = raw_scheme(r, k);
		if (keys[k].json && !(keys[k].type == T_RAW && s && unpacked(v, s)))
			plan->key[plan->n++] = (uint8_t)k;
	}
}

static bool emit_json_fast(struct views *v, struct json_plan *plan, const struct record *r,
			   char end)
{
	char *p = out_reserve(JSON_ROOM);
	if (r->have != plan->have || r->scheme != plan->scheme || r->from != plan->from)
		make_plan(v, plan, r);
	*p++ = '{';
	for (unsigned i = 0; i < plan->n; i++) {
		enum key k = plan->key[i];
		unsigned first = i == 0; /* the first key has no comma */
		memcpy(p, keys[k].literal + first, 24);
		p += keys[k].len + 4 - first;
		if (!(p = fast_value(v, p, r, k)))
			return false;
	}
	*p++ = '}';
	*p++ = end;
	out_commit(p);
	return true;
}

/* JSON_CAREFUL builds tests/devnum-careful, which writes every record by
 * the careful path below: tests/json.bats proves the fast one writes the
 * same bytes, command by command. */
#ifdef JSON_CAREFUL
enum { FAST_JSON = 0 };
#else
enum { FAST_JSON = 1 };
#endif

/* Every key of r in JSON, unknown ones null: an object. */
static void json_object(struct views *v, const struct record *r)
{
	bool first = true;
	out_char('{');
	for (uint64_t have = r->have | r->unknown; have; have &= have - 1) {
		enum key k = (enum key)__builtin_ctzll(have);
		if (!keys[k].json)
			continue;
		if (r->unknown & KEY(k)) {
			json_key(k, first);
			out_str("null");
		} else if (keys[k].type == T_RAW) {
			json_raw(v, r, k, first);
		} else {
			json_key(k, first);
			json_value(v, r, k);
		}
		first = false;
	}
	out_char('}');
}

static void emit_json(const struct emitter *e, const struct record *r)
{
	struct views *v = e->style.views;
	if (FAST_JSON && e->plan && !r->unknown && emit_json_fast(v, e->plan, r, e->end))
		return;
	json_object(v, r);
	out_char(e->end);
}

/* K_MTREE, from the tuple and scheme: absent where pack_dev has no name
 * for the scheme. */
static void set_mtree(struct views *v, struct record *r)
{
	const uint64_t need = KEY(K_SCHEME) | KEY(K_MAJOR) | KEY(K_MINOR);
	const char *name = (r->have & need) == need ? view_of(v, r->scheme)->netbsd : NULL;
	if (!name)
		return;
	int n = snprintf(r->mtree, sizeof r->mtree, "%s,%llu,%llu", name,
			 (unsigned long long)r->num[K_MAJOR], (unsigned long long)r->num[K_MINOR]);
	set_printed(r, K_MTREE, r->mtree, sizeof r->mtree, n);
}

static void write_json(const struct emitter *e, struct record *r)
{
	emit_json(e, r);
}

static void write_template(const struct emitter *e, struct record *r)
{
	if (e->mtree)
		set_mtree(e->style.views, r);
	format_run(e->user, r, &e->style);
	out_char(e->end);
}

static void write_plain(const struct emitter *e, struct record *r)
{
	if (!e->trim && !e->fold) {
		format_run(e->plain, r, &e->style);
		out_char(e->end);
		return;
	}
	struct out_mark m = out_mark(4096);
	format_run(e->plain, r, &e->style);
	out_trim(m);
	if (e->fold)
		out_fold(m, e->fold, e->hang);
	out_char(e->end);
}

#define MODE_WRITER(mode, option, writer, errors) [mode] = (writer),
static void (*const writers[NMODES])(const struct emitter *, struct record *) = { MODES(MODE_WRITER) };
#define MODE_ERRORS(mode, option, writer, errors) [mode] = (errors),
static const bool errors[NMODES] = { MODES(MODE_ERRORS) };

bool errors_in_records(enum mode m)
{
	return errors[m];
}

void emit(const struct emitter *e, struct record *r)
{
	r->shown = true;
	writers[e->mode](e, r);
}

void emit_folded(const struct emitter *e, const char *text, unsigned columns,
		 unsigned hang)
{
	if (e->mode != PLAIN)
		return;
	struct out_mark m = out_mark(4096);
	out_str(text);
	out_fold(m, columns, hang);
	out_char(e->end);
}

void emit_title(const struct emitter *e, const char *text, unsigned columns, unsigned hang)
{
	if (!e->noheadings)
		emit_folded(e, text, columns, hang);
}

void emit_heading(const struct emitter *e, const struct column *c, size_t n, bool alt)
{
	char line[512];
	if (e->mode == PLAIN && !e->noheadings &&
	    columns_heading(c, n, alt, e->raw, line, sizeof line) >= 0)
		emit_text(e, line);
}

void emit_text(const struct emitter *e, const char *text)
{
	if (e->mode != PLAIN)
		return;
	out_str(text);
	out_char(e->end);
}
