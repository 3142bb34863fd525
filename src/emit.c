/* emit.c - the one emitter: plain text and --format through the template
 * engine, JSON Lines written here, every key as record.h names it. */
#include <config.h>

#include <string.h>

#include "emit.h"
#include "output.h"

static void json_key(enum key k, bool first)
{
	if (first)
		out_char('"');
	else
		out_mem(",\"", 2);
	out_mem(keys[k].name, keys[k].len);
	out_mem("\":", 2);
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
static void json_raw(const struct record *r, enum key k, bool first)
{
	const devnum_scheme *s = k == K_CANON_RAW && r->from ? r->from : r->scheme;
	if (s && unpacked(s))
		return;
	json_key(k, first);
	out_u64(r->num[k]);
	out_str(k == K_RAW ? ",\"hex\":\"" : ",\"canonical_hex\":\"");
	out_based(r->num[k], 16, 0);
	out_char('"');
}

static void json_value(const struct record *r, enum key k)
{
	switch (keys[k].type) {
	case T_NUM: out_u64(r->num[k]); break;
	case T_BOOL: out_str(r->num[k] ? "true" : "false"); break;
	case T_LIST: json_list(r->text[k], r->len[k]); break;
	case T_WIDTH:
		if (r->scheme && unpacked(r->scheme))
			out_str("null");
		else
			out_u64(r->num[k]);
		break;
	case T_SCHEME: {
		const char *name = devnum_scheme_name(k == K_FROM ? r->from : r->scheme);
		out_json_str(name, strlen(name));
		break;
	}
	default: out_json_str(r->text[k], r->len[k]); break;
	}
}

static void emit_json(const struct record *r, char end)
{
	bool first = true;
	out_char('{');
	for (uint64_t have = r->have; have; have &= have - 1) {
		enum key k = (enum key)__builtin_ctzll(have);
		if (!keys[k].json)
			continue;
		if (keys[k].type == T_RAW) {
			json_raw(r, k, first);
		} else {
			json_key(k, first);
			json_value(r, k);
		}
		first = false;
	}
	out_char('}');
	out_char(end);
}

void emit(const struct emitter *e, struct record *r)
{
	r->shown = true;
	if (e->mode == JSON) {
		emit_json(r, e->end);
		return;
	}
	if (e->mode == TEMPLATE) {
		format_run(e->user, r, &e->style);
		out_char(e->end);
		return;
	}
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

void emit_text(const struct emitter *e, const char *text)
{
	if (e->mode != PLAIN)
		return;
	out_str(text);
	out_char(e->end);
}
