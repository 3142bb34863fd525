/* cmd_layout.c - a scheme's bit diagram, drawn from the same field table
 * the engine uses: 32 bits a row, two columns a bit, so 64 bits take two
 * rows and every row fits 80 columns. */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "output.h"

enum owner { OWN_MAJOR, OWN_MINOR, OWN_IGNORED, OWN_FLAG, OWN_ZERO };

/* A run of raw bits hi..lo with one owner; for a part, its bits phi..plo. */
struct seg {
	unsigned hi, lo, phi, plo;
	enum owner own;
};

#define ROW_BITS 32
#define INDENT 2
#define COLS (INDENT + 2 * ROW_BITS + 1)

static enum owner owner_of(const struct dn_scheme *s, unsigned b, unsigned *part_bit)
{
	for (unsigned i = 0; i < s->nfields; i++) {
		const struct dn_field *f = &s->field[i];
		if (b >= f->at && b < f->at + f->width) {
			*part_bit = f->lo + b - f->at;
			return f->part == DN_MAJOR ? OWN_MAJOR : OWN_MINOR;
		}
	}
	*part_bit = 0;
	return s->fixed >> b & 1 ? OWN_FLAG : s->ignored >> b & 1 ? OWN_IGNORED : OWN_ZERO;
}

/* Bits in a row: 32, or all of a 16-bit scheme. */
static unsigned row_bits(const struct dn_scheme *s)
{
	return s->width < ROW_BITS ? s->width : ROW_BITS;
}

/* Cuts the row top..top-row_bits+1 into segments; returns how many. */
static unsigned segments(const struct dn_scheme *s, unsigned top, struct seg *out)
{
	unsigned n = 0;
	for (unsigned b = top + 1; b-- > top + 1 - row_bits(s);) {
		unsigned pb;
		enum owner o = owner_of(s, b, &pb);
		struct seg *last = n ? &out[n - 1] : NULL;
		bool part = o == OWN_MAJOR || o == OWN_MINOR;
		if (last && last->own == o && (!part || last->plo == pb + 1)) {
			last->lo = b;
			last->plo = pb;
		} else {
			out[n++] = (struct seg){ b, b, pb, pb, o };
		}
	}
	return n;
}

/* The longest label that fits `room` columns. */
static void label(const struct seg *g, char *buf, size_t size, unsigned room)
{
	char range[24], names[3][32];
	const char *word = g->own == OWN_MAJOR ? "major" : "minor";
	if (g->phi == g->plo)
		snprintf(range, sizeof range, "[%u]", g->phi);
	else
		snprintf(range, sizeof range, "[%u:%u]", g->phi, g->plo);
	switch (g->own) {
	case OWN_MAJOR:
	case OWN_MINOR:
		snprintf(names[0], sizeof names[0], "%s%s", word, range);
		snprintf(names[1], sizeof names[1], "%c%s", g->own == OWN_MAJOR ? 'M' : 'm', range);
		snprintf(names[2], sizeof names[2], "%c", g->own == OWN_MAJOR ? 'M' : 'm');
		break;
	case OWN_IGNORED:
		snprintf(names[0], sizeof names[0], "ignored");
		snprintf(names[1], sizeof names[1], "ign");
		snprintf(names[2], sizeof names[2], "x");
		break;
	case OWN_FLAG:
		snprintf(names[0], sizeof names[0], "flag=1");
		snprintf(names[1], sizeof names[1], "f");
		snprintf(names[2], sizeof names[2], "1");
		break;
	default:
		snprintf(names[0], sizeof names[0], "must be 0");
		snprintf(names[1], sizeof names[1], "0");
		snprintf(names[2], sizeof names[2], "0");
		break;
	}
	for (int i = 0; i < 3; i++)
		if (strlen(names[i]) <= room || i == 2) {
			snprintf(buf, size, "%s", names[i]);
			return;
		}
}

static bool colour;

static const char *paint(enum owner o)
{
	static const char *const code[] = { "\033[1;36m", "\033[1;33m", "\033[2m", "\033[32m", "\033[31m" };
	return colour ? code[o] : "";
}

static const char *unpaint(void)
{
	return colour ? "\033[0m" : "";
}

/* Writes text into line at col, without running past the row. */
static void put(char *line, unsigned col, const char *text)
{
	for (size_t i = 0; text[i] && col + i < COLS; i++)
		line[col + i] = text[i];
}

static void emit_line(char *line)
{
	size_t n = COLS;
	while (n && line[n - 1] == ' ')
		n--;
	out_mem(line, n);
	out_char('\n');
}

static unsigned col_of(unsigned top, unsigned bit)
{
	return INDENT + 2 * (top - bit);
}

static void numbers_line(const struct dn_scheme *s, unsigned top, const struct seg *g, unsigned n)
{
	char line[COLS], hi[8], lo[8];
	unsigned free_from = 0; /* numbers keep a blank between them */
	memset(line, ' ', sizeof line);
	for (unsigned i = 0; i < n; i++) {
		unsigned start = col_of(top, g[i].hi), end = col_of(top, g[i].lo) + 1;
		unsigned wrap = s->rules & DN_TEXT ? ROW_BITS : 64; /* tuple: two 32-bit numbers */
		snprintf(hi, sizeof hi, "%u", g[i].hi % wrap);
		snprintf(lo, sizeof lo, "%u", g[i].lo % wrap);
		if (start >= free_from) {
			put(line, start, hi);
			free_from = start + (unsigned)strlen(hi) + 1;
		}
		if (g[i].hi != g[i].lo && free_from + strlen(lo) <= end) {
			put(line, end - (unsigned)strlen(lo), lo);
			free_from = end + 1;
		}
	}
	emit_line(line);
}

static void border_line(unsigned top, unsigned bits, const struct seg *g, unsigned n)
{
	char line[COLS];
	memset(line, ' ', sizeof line);
	memset(line + INDENT, '-', (size_t)2 * bits);
	for (unsigned i = 0; i < n; i++)
		line[col_of(top, g[i].hi)] = '+';
	line[INDENT + 2 * bits] = '+';
	emit_line(line);
}

/* The boxes' middle line; colour codes go in between the columns. */
static void label_line(const struct seg *g, unsigned n)
{
	out_mem("          ", INDENT);
	for (unsigned i = 0; i < n; i++) {
		unsigned room = 2 * (g[i].hi - g[i].lo + 1) - 1, pad;
		char text[40];
		label(&g[i], text, sizeof text, room);
		size_t len = strlen(text) < room ? strlen(text) : room;
		pad = (room - (unsigned)len) / 2;
		out_char('|');
		for (unsigned k = 0; k < pad; k++)
			out_char(' ');
		out_str(paint(g[i].own));
		out_mem(text, len);
		out_str(unpaint());
		for (unsigned k = pad + (unsigned)len; k < room; k++)
			out_char(' ');
	}
	out_str("|\n");
}

/* A value's bits under their boxes, and each segment's value below. */
static void value_lines(unsigned top, const struct seg *g, unsigned n, uint64_t raw)
{
	char line[COLS], num[24];
	out_mem("          ", INDENT);
	for (unsigned i = 0; i < n; i++) {
		out_str(paint(g[i].own));
		for (unsigned b = g[i].hi + 1; b-- > g[i].lo;) {
			out_char(' ');
			out_char((char)('0' + (raw >> b & 1)));
		}
		out_str(unpaint());
	}
	out_char('\n');
	memset(line, ' ', sizeof line);
	for (unsigned i = 0; i < n; i++) {
		unsigned w = g[i].hi - g[i].lo + 1, room = 2 * w - 1;
		uint64_t v = raw >> g[i].lo & ((UINT64_C(1) << w) - 1);
		snprintf(num, sizeof num, "=%llu", (unsigned long long)v);
		if (strlen(num) <= room)
			put(line, col_of(top, g[i].hi) + 1 + (room - (unsigned)strlen(num)) / 2, num);
	}
	emit_line(line);
}

static void header(const struct dn_scheme *s)
{
	char line[160];
	if (s->rules & DN_TEXT)
		snprintf(line, sizeof line, "%s: not packed; major and minor are two 32-bit "
			 "numbers, MAJOR:MINOR\n", s->name);
	else
		snprintf(line, sizeof line, "%s: %u bits; major %u bits, minor %u bits\n%s\n", s->name,
			 s->width, dn_part_bits(s, DN_MAJOR),
			 dn_part_bits(s, DN_MINOR), s->origin);
	out_str(line);
}

/* The decode of raw, in words. */
static enum dn_verdict verdict(const struct dn_scheme *s, uint64_t raw, struct dn_tuple *t, char *text,
		   size_t size)
{
	struct dn_reason r;
	uint64_t canon;
	enum dn_verdict v = dn_decode(s, raw, t, &canon, &r);
	if (v == DN_INVALID)
		why_text(text, size, s, &r);
	else if (v == DN_ALIAS)
		alias_text(text, size, s, &r, *t, canon);
	else
		snprintf(text, size, "%llu:%llu (canonical)", (unsigned long long)t->major,
			 (unsigned long long)t->minor);
	return v;
}

/* Writes text folded at blanks to fit 80 columns, later lines indented. */
static void out_folded(const char *text)
{
	size_t col = 0;
	while (*text) {
		size_t word = strcspn(text, " ");
		if (col && col + 1 + word > 78) {
			out_str("\n  ");
			col = 2;
		} else if (col) {
			out_char(' ');
			col++;
		}
		out_mem(text, word);
		col += word;
		text += word + (text[word] == ' ');
	}
	out_char('\n');
}

static int verdict_line(const struct dn_scheme *s, const char *in, uint64_t raw)
{
	struct dn_tuple t;
	char text[320], line[480];
	enum dn_verdict v = verdict(s, raw, &t, text, sizeof text);
	snprintf(line, sizeof line, "%.80s%s%s", in,
		 v == DN_INVALID ? ": invalid: " : v == DN_ALIAS ? ": " : " decodes to ", text);
	out_folded(line);
	return v == DN_CANONICAL ? EXIT_OK : EXIT_UNFIT;
}

static int layout_json(const struct dn_scheme *s, const char *value, uint64_t raw)
{
	enum dn_verdict v = DN_CANONICAL;
	struct seg g[ROW_BITS];
	static const char *const kinds[] = { "major", "minor", "ignored", "flag", "zero" };
	out_str("{\"scheme\":");
	out_json_str(s->name, strlen(s->name));
	json_width(s);
	if (value) {
		json_text("input", value);
		json_hex("hex", raw);
	}
	json_key("fields");
	out_char('[');
	for (unsigned top = s->width - 1, first = 1; top < 64; top -= ROW_BITS) {
		unsigned n = segments(s, top, g);
		for (unsigned i = 0; i < n; i++, first = 0) {
			out_str(first ? "{\"hi\":" : ",{\"hi\":");
			out_u64(g[i].hi);
			json_u64("lo", g[i].lo);
			json_text("kind", kinds[g[i].own]);
			if (g[i].own <= OWN_MINOR) {
				json_u64("part_hi", g[i].phi);
				json_u64("part_lo", g[i].plo);
			}
			if (value)
				json_u64("value", raw >> g[i].lo & ((UINT64_C(1) << (g[i].hi - g[i].lo + 1)) - 1));
			out_char('}');
		}
		if (top < ROW_BITS)
			break;
	}
	out_char(']');
	if (value) {
		struct dn_tuple t;
		char text[320];
		v = verdict(s, raw, &t, text, sizeof text);
		if (v == DN_INVALID) {
			json_text("error", text);
		} else {
			json_u64("major", t.major);
			json_u64("minor", t.minor);
			json_bool("canonical", v == DN_CANONICAL);
		}
	}
	out_str("}\n");
	return v == DN_CANONICAL ? EXIT_OK : EXIT_UNFIT;
}

/* The scheme is the first operand if it names one, else --scheme. */
int cmd_layout(int argc, const char **argv)
{
	const struct dn_scheme *s = opt.scheme;
	const char *value = NULL;
	struct seg g[ROW_BITS];
	uint64_t raw = 0;
	if (argc && dn_scheme_find(argv[0]))
		s = dn_scheme_find(argv[0]), argc--, argv++;
	if (argc > 1)
		return fail_record(&(struct where){ 0 }, argv[1], strlen(argv[1]), EXIT_TROUBLE,
				   "layout takes one SCHEME and one VALUE");
	if (argc) {
		value = argv[0];
		int st = read_raw(s, value, strlen(value), &(struct where){ 0 }, &raw);
		if (st)
			return st;
		if (raw > dn_raw_max(s) && !opt.json)
			return verdict_line(s, value, raw); /* no bits to place */
	}
	if (opt.json)
		return layout_json(s, value, raw);
	const char *nc = getenv("NO_COLOR"), *term = getenv("TERM");
	colour = isatty(1) && !(nc && *nc) && !(term && !strcmp(term, "dumb"));
	header(s);
	for (unsigned top = s->width - 1; top < 64; top -= ROW_BITS) {
		unsigned n = segments(s, top, g);
		numbers_line(s, top, g, n);
		border_line(top, row_bits(s), g, n);
		label_line(g, n);
		border_line(top, row_bits(s), g, n);
		if (value)
			value_lines(top, g, n, raw);
		if (top < ROW_BITS)
			break;
	}
	return value ? verdict_line(s, value, raw) : EXIT_OK;
}
