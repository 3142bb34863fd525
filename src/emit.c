/* emit.c - one record's answer as plain text, JSON Lines or --format. */
#include <config.h>

#include <string.h>

#include "cli.h"
#include "output.h"

char record_end(void)
{
	return opt.zero ? '\0' : '\n';
}

void emit_tuple(struct dn_tuple t)
{
	out_u64(t.major);
	out_char(':');
	out_u64(t.minor);
}

void emit_raw(const struct dn_scheme *s, uint64_t raw)
{
	if (s->rules & DN_TEXT)
		emit_tuple((struct dn_tuple){ raw >> 32, raw & UINT32_MAX });
	else
		out_based(raw, opt.base, opt.pad ? digits_for(s->width, opt.base) : 0);
}

const char *width_text(const struct dn_scheme *s)
{
	static const char *const widths[] = { "16", "32", "64" };
	return s->rules & DN_TEXT ? "2x32" : widths[s->width / 32];
}

void json_width(const struct dn_scheme *s)
{
	json_key("width");
	if (s->rules & DN_TEXT)
		out_str("null");
	else
		out_u64(s->width);
}

void json_begin(const char *s, size_t n, const struct dn_scheme *scheme)
{
	out_str("{\"input\":");
	out_json_str(s, n);
	if (scheme)
		json_text("scheme", scheme->name);
}

void json_key(const char *key)
{
	out_str(",\"");
	out_str(key);
	out_str("\":");
}

void json_u64(const char *key, uint64_t v)
{
	json_key(key);
	out_u64(v);
}

void json_text(const char *key, const char *text)
{
	json_key(key);
	out_json_str(text, strlen(text));
}

void json_bool(const char *key, bool b)
{
	json_key(key);
	out_str(b ? "true" : "false");
}

void json_hex(const char *key, uint64_t v)
{
	json_key(key);
	out_char('"');
	out_based(v, 16, 0);
	out_char('"');
}

void json_end(void)
{
	out_char('}');
	out_char(record_end());
}

static void emit_json(const struct value *v)
{
	json_begin(v->input, v->len, v->s);
	if (v->from)
		json_text("from", v->from->name);
	json_u64("major", v->t.major);
	json_u64("minor", v->t.minor);
	if (!(v->s->rules & DN_TEXT)) {
		json_u64("raw", v->raw);
		json_hex("hex", v->raw);
	}
	json_bool("canonical", v->verdict == DN_CANONICAL);
	if (v->verdict == DN_ALIAS) {
		char note[256];
		const struct dn_scheme *in = v->from ? v->from : v->s;
		alias_text(note, sizeof note, in, &v->why, v->t, v->canon);
		json_u64("canonical_raw", v->canon);
		json_hex("canonical_hex", v->canon);
		json_text("note", note);
	}
	json_end();
}

void emit_value(const struct value *v)
{
	if (opt.json) {
		emit_json(v);
		return;
	}
	if (opt.format)
		format_run(opt.format, v);
	else if (v->show_tuple) {
		out_tuple(v->t.major, v->t.minor, record_end());
		return;
	} else
		emit_raw(v->s, v->raw);
	out_char(record_end());
}
