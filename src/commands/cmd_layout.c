/* cmd_layout.c - a scheme's bit diagram, drawn from the same field table
 * the engine uses: two columns a bit, 32 bits a row where the terminal
 * has room (16 or 8 where it has not).  With --json or --format, a record
 * a field instead, and one for the value's decode. */
#include <config.h>

#include <stdio.h>
#include <string.h>

#include "cli/cli.h"

enum owner { OWN_MAJOR, OWN_MINOR, OWN_IGNORED, OWN_FLAG, OWN_ZERO };
static const char *const owners[] = { "major", "minor", "ignored", "flag", "zero" };

/* A run of raw bits hi..lo with one owner; for a part, its bits phi..plo. */
struct seg {
	unsigned hi, lo, phi, plo;
	enum owner own;
};

#define INDENT 2
#define LINE 600 /* a row with its colour codes */

/* How the diagram is drawn: bits a row, and colours. */
struct pen {
	unsigned bits;
	bool colour;
};

static enum owner owner_of(const devnum_scheme *s, unsigned b, unsigned *part_bit)
{
	struct devnum_field f[8];
	size_t n = devnum_scheme_fields(s, f, 8);
	for (size_t i = 0; i < n && i < 8; i++) {
		if (b >= f[i].at && b < f[i].at + f[i].width) {
			*part_bit = f[i].lo + b - f[i].at;
			return f[i].part == DEVNUM_MAJOR ? OWN_MAJOR : OWN_MINOR;
		}
	}
	*part_bit = 0;
	return devnum_scheme_fixed(s) >> b & 1	 ? OWN_FLAG
	       : devnum_scheme_ignored(s) >> b & 1 ? OWN_IGNORED
						   : OWN_ZERO;
}

/* Cuts bits top..top-n+1 into segments; returns how many. */
static unsigned segments(const devnum_scheme *s, unsigned top, unsigned n, struct seg *out)
{
	unsigned count = 0;
	for (unsigned b = top + 1; b-- > top + 1 - n;) {
		unsigned pb;
		enum owner o = owner_of(s, b, &pb);
		struct seg *last = count ? &out[count - 1] : NULL;
		bool part = o == OWN_MAJOR || o == OWN_MINOR;
		if (last && last->own == o && (!part || last->plo == pb + 1)) {
			last->lo = b;
			last->plo = pb;
		} else {
			out[count++] = (struct seg){ b, b, pb, pb, o };
		}
	}
	return count;
}

/* The longest label that fits `room` columns. */
static void label(const struct seg *g, char *buf, size_t size, unsigned room)
{
	char range[24], names[3][32];
	bool major = g->own == OWN_MAJOR;
	if (g->phi == g->plo)
		snprintf(range, sizeof range, "[%u]", g->phi);
	else
		snprintf(range, sizeof range, "[%u:%u]", g->phi, g->plo);
	switch (g->own) {
	case OWN_MAJOR:
	case OWN_MINOR:
		snprintf(names[0], sizeof names[0], "%s%s", owners[g->own], range);
		snprintf(names[1], sizeof names[1], "%c%s", major ? 'M' : 'm', range);
		snprintf(names[2], sizeof names[2], "%c", major ? 'M' : 'm');
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

static const char *paint(const struct pen *p, enum owner o)
{
	static const char *const code[] = { "\033[1;36m", "\033[1;33m", "\033[2m", "\033[32m", "\033[31m" };
	return p->colour ? code[o] : "";
}

static const char *unpaint(const struct pen *p)
{
	return p->colour ? "\033[0m" : "";
}

/* A line of blanks as wide as the row, to write numbers into. */
static unsigned blank(const struct pen *p, char *line)
{
	unsigned cols = INDENT + 2 * p->bits + 1;
	memset(line, ' ', cols);
	line[cols] = 0;
	return cols;
}

/* Writes text into line at col, without running past the row. */
static void put(char *line, unsigned cols, unsigned col, const char *text)
{
	for (size_t i = 0; text[i] && col + i < cols; i++)
		line[col + i] = text[i];
}

/* Emits the line without the blanks that end it. */
static void emit_line(const struct job *j, char *line)
{
	for (size_t n = strlen(line); n && line[n - 1] == ' ';)
		line[--n] = 0;
	emit_text(j->out, line);
}

static unsigned col_of(unsigned top, unsigned bit)
{
	return INDENT + 2 * (top - bit);
}

static void numbers_line(const struct job *j, const struct pen *p, const devnum_scheme *s,
			 unsigned top, const struct seg *g, unsigned n)
{
	char line[LINE], hi[8], lo[8];
	unsigned free_from = 0, cols = blank(p, line); /* numbers keep a blank between */
	unsigned wrap = unpacked(j->out->style.views, s) ? 32 : 64; /* tuple: two 32-bit numbers */
	for (unsigned i = 0; i < n; i++) {
		unsigned start = col_of(top, g[i].hi), end = col_of(top, g[i].lo) + 1;
		snprintf(hi, sizeof hi, "%u", g[i].hi % wrap);
		snprintf(lo, sizeof lo, "%u", g[i].lo % wrap);
		if (start >= free_from) {
			put(line, cols, start, hi);
			free_from = start + (unsigned)strlen(hi) + 1;
		}
		if (g[i].hi != g[i].lo && free_from + strlen(lo) <= end) {
			put(line, cols, end - (unsigned)strlen(lo), lo);
			free_from = end + 1;
		}
	}
	emit_line(j, line);
}

static void border_line(const struct job *j, const struct pen *p, unsigned top,
			const struct seg *g, unsigned n)
{
	char line[LINE];
	blank(p, line);
	memset(line + INDENT, '-', (size_t)2 * p->bits);
	for (unsigned i = 0; i < n; i++)
		line[col_of(top, g[i].hi)] = '+';
	line[INDENT + 2 * p->bits] = '+';
	emit_line(j, line);
}

/* The boxes' middle line; colour codes go in between the columns. */
static void label_line(const struct job *j, const struct pen *p, const struct seg *g, unsigned n)
{
	char line[LINE], text[40];
	size_t o = INDENT;
	memset(line, ' ', INDENT);
	for (unsigned i = 0; i < n; i++) {
		unsigned room = 2 * (g[i].hi - g[i].lo + 1) - 1;
		label(&g[i], text, sizeof text, room);
		size_t len = strlen(text) < room ? strlen(text) : room, pad = (room - len) / 2;
		o += (size_t)snprintf(line + o, sizeof line - o, "|%*s%s%.*s%s%*s", (int)pad, "",
				      paint(p, g[i].own), (int)len, text, unpaint(p),
				      (int)(room - pad - len), "");
	}
	snprintf(line + o, sizeof line - o, "|");
	emit_text(j->out, line);
}

/* A value's bits under their boxes, and each segment's value below. */
static void value_lines(const struct job *j, const struct pen *p, unsigned top,
			const struct seg *g, unsigned n, uint64_t raw)
{
	char line[LINE], num[24];
	size_t o = INDENT;
	memset(line, ' ', INDENT);
	for (unsigned i = 0; i < n; i++) {
		o += (size_t)snprintf(line + o, sizeof line - o, "%s", paint(p, g[i].own));
		for (unsigned b = g[i].hi + 1; b-- > g[i].lo;)
			o += (size_t)snprintf(line + o, sizeof line - o, " %c",
					      (char)('0' + (raw >> b & 1)));
		o += (size_t)snprintf(line + o, sizeof line - o, "%s", unpaint(p));
	}
	emit_text(j->out, line);
	unsigned cols = blank(p, line);
	for (unsigned i = 0; i < n; i++) {
		unsigned w = g[i].hi - g[i].lo + 1, room = 2 * w - 1;
		uint64_t v = raw >> g[i].lo & ((UINT64_C(1) << w) - 1);
		snprintf(num, sizeof num, "=%llu", (unsigned long long)v);
		if (strlen(num) <= room)
			put(line, cols, col_of(top, g[i].hi) + 1 + (room - (unsigned)strlen(num)) / 2, num);
	}
	emit_line(j, line);
}

static void header(const struct job *j, const devnum_scheme *s, unsigned cols)
{
	char line[LINE];
	if (unpacked(j->out->style.views, s)) {
		snprintf(line, sizeof line, "%s: not packed; major and minor are two 32-bit "
			 "numbers, MAJOR:MINOR", devnum_scheme_name(s));
		emit_folded(j->out, line, cols, 2);
		return;
	}
	snprintf(line, sizeof line, "%s: %u bits; major %u bits, minor %u bits", devnum_scheme_name(s),
		 devnum_scheme_width(s), devnum_part_bits(s, DEVNUM_MAJOR), devnum_part_bits(s, DEVNUM_MINOR));
	emit_title(j->out, line, cols, 2);
	emit_title(j->out, devnum_scheme_origin(s), cols, 2);
}

/* The decode of raw as a record, with no K_OWNER; the exit status. */
static int decode_record(struct record *r, const devnum_scheme *s, uint64_t raw)
{
	struct devnum_reason why;
	struct devnum_tuple t;
	record_next(r);
	set_scheme(r, s);
	set_num(r, K_RAW, raw);
	devnum_status v = decode_why(s, raw, &t, &why);
	if (v == DEVNUM_REFUSED) {
		fail_reason(r, s, &why);
	} else {
		set_tuple(r, t);
		set_verdict(r, v, s, &why);
	}
	return v == DEVNUM_OK ? EXIT_OK : EXIT_UNFIT;
}

/* The verdict under the diagram, in words. */
static void verdict_line(const struct job *j, const struct record *r, unsigned cols)
{
	char line[LINE];
	const char *in = r->text[K_INPUT];
	if (r->have & KEY(K_ERROR))
		snprintf(line, sizeof line, "%.80s: invalid: %s", in, r->text[K_ERROR]);
	else if (r->have & KEY(K_NOTE))
		snprintf(line, sizeof line, "%.80s: %s", in, r->text[K_NOTE]);
	else
		snprintf(line, sizeof line, "%.80s decodes to %llu:%llu (canonical)", in,
			 (unsigned long long)r->num[K_MAJOR], (unsigned long long)r->num[K_MINOR]);
	emit_folded(j->out, line, cols, 2);
}

static void draw(const struct job *j, const devnum_scheme *s, const uint64_t *raw,
		 unsigned cols)
{
	struct pen p = { cols >= INDENT + 65 ? 32 : cols >= INDENT + 33 ? 16 : 8, j->colour };
	struct seg g[64];
	if (p.bits > devnum_scheme_width(s))
		p.bits = devnum_scheme_width(s);
	header(j, s, cols);
	for (unsigned top = devnum_scheme_width(s) - 1; top < 64; top -= p.bits) {
		unsigned n = segments(s, top, p.bits, g);
		numbers_line(j, &p, s, top, g, n);
		border_line(j, &p, top, g, n);
		label_line(j, &p, g, n);
		border_line(j, &p, top, g, n);
		if (raw)
			value_lines(j, &p, top, g, n, *raw);
		if (top < p.bits)
			break;
	}
}

/* A record a field, for --json and --format. */
static void field_records(const struct job *j, struct record *r, const devnum_scheme *s,
			  const uint64_t *raw)
{
	struct seg g[64];
	unsigned n = segments(s, devnum_scheme_width(s) - 1, devnum_scheme_width(s), g);
	for (unsigned i = 0; i < n; i++) {
		record_next(r);
		if (!r->len[K_INPUT])
			r->have = 0; /* no value: no input either */
		set_scheme(r, s);
		set_num(r, K_WIDTH, devnum_scheme_width(s));
		set_str(r, K_OWNER, owners[g[i].own]);
		set_num(r, K_HI, g[i].hi);
		set_num(r, K_LO, g[i].lo);
		if (g[i].own <= OWN_MINOR) {
			set_num(r, K_PART_HI, g[i].phi);
			set_num(r, K_PART_LO, g[i].plo);
		}
		if (raw)
			set_num(r, K_VALUE, *raw >> g[i].lo & ((UINT64_C(2) << (g[i].hi - g[i].lo)) - 1));
		emit(j->out, r);
	}
}

/* layout [SCHEME] [VALUE], or with --scheme, layout [VALUE]. */
static int layout_run(const struct job *j, int argc, const char **argv)
{
	const devnum_scheme *s = j->scheme;
	struct record r;
	uint64_t raw = 0;
	int status;
	unsigned cols = j->columns ? j->columns : 80;
	if (!has_option(j, O_SCHEME) && argc)
		s = devnum_scheme_find(argv[0]), argc--, argv++; /* main checked the name */
	record_start(&r, argc ? argv[0] : "", argc ? strlen(argv[0]) : 0);
	if (argc) {
		set_scheme(&r, s);
		int st = read_raw(j, s, &r, &raw);
		if (st) {
			report(j->out, &(struct where){ 0 }, &r, st);
			return st;
		}
	}
	bool fits = argc && raw <= devnum_raw_max(s);
	if (j->out->mode != PLAIN)
		field_records(j, &r, s, fits ? &raw : NULL);
	else if (!argc || fits)
		draw(j, s, fits ? &raw : NULL, cols);
	if (!argc)
		return EXIT_OK;
	status = decode_record(&r, s, raw);
	if (j->out->mode != PLAIN)
		emit(j->out, &r);
	else
		verdict_line(j, &r, cols - 2);
	return status;
}

/* The operands: [SCHEME] [VALUE], or [VALUE] after --scheme.  (The hook's
 * argc is not const: pack's takes an operand.) */
// cppcheck-suppress constParameter
static void scheme_operand(const struct command *c, struct job *j, int *argc, const char ***argv)
{
	if (!has_option(j, O_SCHEME) && *argc)
		scheme_named(c->name, (*argv)[0]);
	if (*argc > (has_option(j, O_SCHEME) ? 1 : 2))
		usage_error("%s takes one SCHEME and one VALUE%s", c->name,
			    has_option(j, O_SCHEME) ? " (and --scheme names the scheme)" : "");
}

const struct command cmd_layout = {
	"layout", "[SCHEME] [VALUE]", "a bit diagram of a scheme, or of a value in it",
	.options = OPT(O_SCHEME) | OPT(O_INPUT_BASE) | OPT(O_NOHEADINGS) | OUTPUT_OPTIONS,
	.keys = KEY(K_INPUT) | KEY(K_SCHEME) | KEY(K_OWNER) | KEY(K_WIDTH) | KEY(K_HI) |
		KEY(K_LO) | KEY(K_PART_HI) | KEY(K_PART_LO) | KEY(K_VALUE) | KEY(K_MAJOR) |
		KEY(K_MINOR) | KEY(K_RAW) | KEY(K_CANONICAL) | KEY(K_CANON_RAW) |
		KEY(K_NOTE) | KEY(K_ERROR),
	.prepare = scheme_operand,
	.run = layout_run,
};
