/* fields.c - a container's fields as its format writes them, and read
 * back from that text: ustar's octal, gnutar's base-256, pax's records,
 * newc's hex, a binary word in hex. */
#include <config.h>

#include <stdio.h>
#include <string.h>

#include "container.h"
#include "scheme.h"

/* The text of the fields, built before it is copied out as snprintf
 * copies: by hand, as this is on scan's path for every device entry. */
struct text {
	char s[128];
	size_t n;
};

static void text_str(struct text *t, const char *s)
{
	size_t n = strlen(s);
	memcpy(t->s + t->n, s, n);
	t->n += n;
}

/* v in base 1 << shift (octal, hex), at least width digits. */
static void text_digits(struct text *t, uint64_t v, unsigned shift, unsigned width)
{
	char d[24];
	unsigned n = 0;
	do
		d[n++] = "0123456789abcdef"[v & ((1u << shift) - 1)];
	while (v >>= shift);
	while (n < width)
		d[n++] = '0';
	while (n)
		t->s[t->n++] = d[--n];
}

static void text_dec(struct text *t, uint64_t v)
{
	char d[24];
	unsigned n = 0;
	do
		d[n++] = (char)('0' + v % 10);
	while (v /= 10);
	while (n)
		t->s[t->n++] = d[--n];
}

/* One ustar-style field: 7 octal digits; gnutar's base-256 as its 8
 * bytes in hex (0x80, then the value big-endian); pax, as libarchive
 * writes it, 8 octal digits over the terminator before base-256. */
static void tar_field(struct text *t, enum store st, uint64_t v)
{
	if (st == S_PAX && v > OCT7 && v <= 077777777)
		text_digits(t, v, 3, 8);
	else if (st != S_OCTAL7 && v > OCT7)
		text_str(t, "80"), text_digits(t, v, 4, 14);
	else
		text_digits(t, v, 3, 7);
}

/* Two words of hex, each after prefix, width digits each. */
static void hex_pair(struct text *t, const char *prefix, uint64_t a, uint64_t b, unsigned width)
{
	text_str(t, prefix), text_digits(t, a, 4, width);
	text_str(t, " "), text_str(t, prefix), text_digits(t, b, 4, width);
}

static void fields_text(struct text *t, const devnum_container *c, const struct devnum_fields *f)
{
	const uint64_t *v = f->value;
	switch (c->store) {
	case S_OCTAL7:
	case S_GNU:
	case S_PAX:
		tar_field(t, c->store, v[0]), text_str(t, " "), tar_field(t, c->store, v[1]);
		for (unsigned i = 0; i < 2; i++)
			if (f->present & 4u << i) {
				text_str(t, i ? " SCHILY.devminor=" : " SCHILY.devmajor=");
				text_dec(t, v[i + 2]);
			}
		return;
	case S_HEX8: return hex_pair(t, "", v[0], v[1], 8);
	case S_DEC: return text_dec(t, v[0]), text_str(t, " "), text_dec(t, v[1]);
	case S_EXT4: return hex_pair(t, "0x", v[0], v[1], 8);
	case S_OCTAL6: return text_digits(t, v[0], 3, 6);
	case S_OCTAL11: return text_digits(t, v[0], 3, 11);
	case S_WORD: return text_str(t, "0x"), text_digits(t, v[0], 4, c->bits / 4);
	case S_HALVES: return hex_pair(t, "0x", v[0] >> 32, v[0] & U32, 8);
	}
}

int devnum_fields_print(char *buf, size_t size, const devnum_container *c,
			const struct devnum_fields *f)
{
	struct text t = { .n = 0 };
	if (!c || !f) {
		if (buf && size)
			*buf = 0;
		return -1;
	}
	fields_text(&t, c, f);
	if (size) {
		size_t n = t.n < size ? t.n : size - 1;
		memcpy(buf, t.s, n);
		buf[n] = 0;
	}
	return (int)t.n;
}

/* Digits of `base`, at most `max` of them, as the whole word. */
static int digits(const char *s, size_t n, unsigned base, size_t max, uint64_t *v)
{
	static const char hex[] = "0123456789abcdef";
	*v = 0;
	if (n == 0 || n > max)
		return -1;
	for (size_t i = 0; i < n; i++) {
		const char *d = memchr(hex, s[i] | 0x20, base);
		if (!d)
			return -1;
		*v = *v * base + (uint64_t)(d - hex);
	}
	return 0;
}

/* The word that names a pax record: 2 for SCHILY.devmajor=, 3 for
 * devminor, -1 for neither. */
static int pax_record(const char *s, size_t n, size_t *skip)
{
	static const char *const names[] = { "SCHILY.devmajor=", "SCHILY.devminor=" };
	for (int i = 0; i < 2; i++) {
		*skip = strlen(names[i]);
		if (n > *skip && !memcmp(s, names[i], *skip))
			return i + 2;
	}
	return -1;
}

struct word {
	const char *s;
	size_t n;
};

/* A tar field: up to `most` octal digits, or base-256 in 16 hex digits. */
static int tar_digits(struct word w, size_t most, uint64_t *v)
{
	if (w.n == 16 && !memcmp(w.s, "80", 2))
		return digits(w.s + 2, 14, 16, 14, v);
	return digits(w.s, w.n, 8, most, v);
}

/* Whether the container's two decimal parts are 64-bit numbers. */
static bool wide(const devnum_container *c)
{
	return c->store == S_DEC && c->major_max > U32;
}

/* What a field of the store is written as, for errors. */
static const char *syntax(const devnum_container *c, unsigned i)
{
	switch (c->store) {
	case S_OCTAL7: return "1 to 7 octal digits";
	case S_GNU: return "1 to 7 octal digits, or 16 hex digits from 80";
	case S_PAX: return i < 2 ? "1 to 8 octal digits, or 16 hex digits from 80"
				 : "SCHILY.devmajor=N or SCHILY.devminor=N, N at most 4294967295";
	case S_HEX8: return "1 to 8 hex digits";
	case S_OCTAL6: return "1 to 6 octal digits";
	case S_OCTAL11: return "1 to 11 octal digits, at most 037777777777";
	case S_WORD: return c->bits == 16 ? "a number at most 0xffff"
			    : c->bits == 32 ? "a number at most 0xffffffff"
					    : "a number at most 0xffffffffffffffff";
	default: return wide(c) ? "a number at most 18446744073709551615" : "a number at most 4294967295";
	}
}

/* The i-th word of the container's field names. */
static void field_name(const devnum_container *c, unsigned i, char *buf, size_t size)
{
	const char *p = c->fields;
	for (; i && *p; i--)
		p += strcspn(p, " "), p += *p == ' ';
	snprintf(buf, size, "%.*s", (int)strcspn(p, " "), p);
}

/* A number as devnum reads one: decimal; hex after 0x or before h; octal
 * after 0o or a bare 0; binary after 0b.  At most max. */
static int number(const devnum_container *c, struct word w, uint64_t *v)
{
	static const char hex[] = "0123456789abcdef";
	/* S_HALVES: each word; S_DEC: 32 bits, or 64 where the parts are (catar) */
	uint64_t max = c->store == S_WORD ? ones(c->bits) : wide(c) ? UINT64_MAX : U32;
	const char *p = w.s;
	size_t n = w.n;
	unsigned base = 10;
	if (n > 1 && (p[n - 1] | 0x20) == 'h')
		base = 16, n--;
	else if (n > 2 && p[0] == '0' && memchr("xob", p[1] | 0x20, 3))
		base = (p[1] | 0x20) == 'x' ? 16 : (p[1] | 0x20) == 'o' ? 8 : 2, p += 2, n -= 2;
	else if (n > 1 && p[0] == '0')
		base = 8, p++, n--;
	*v = 0;
	for (size_t i = 0; i < n; i++) {
		const char *d = memchr(hex, p[i] | 0x20, base);
		if (!d || *v > (max - (uint64_t)(d - hex)) / base)
			return -1;
		*v = *v * base + (uint64_t)(d - hex);
	}
	return n ? 0 : -1;
}

/* Word i of the text as its field; 0, or -1 with err set. */
static int field(const devnum_container *c, struct word w, unsigned i, struct devnum_fields *f,
		 char *err, size_t size)
{
	char name[32];
	uint64_t v = 0;
	size_t skip = 0;
	int rc, k = (int)i;
	switch (c->store) {
	case S_OCTAL7: rc = digits(w.s, w.n, 8, 7, &v); break;
	case S_PAX:
		k = i < 2 ? (int)i : pax_record(w.s, w.n, &skip);
		rc = k < 0 ? -1 : i < 2 ? tar_digits(w, 8, &v)
			 : digits(w.s + skip, w.n - skip, 10, 10, &v);
		rc = rc == 0 && v > U32 ? -2 : rc;
		break;
	case S_GNU:
		rc = tar_digits(w, 7, &v);
		rc = rc == 0 && v > U32 ? -2 : rc;
		break;
	case S_HEX8: rc = digits(w.s, w.n, 16, 8, &v); break;
	case S_OCTAL6: rc = digits(w.s, w.n, 8, 6, &v); break;
	case S_OCTAL11: rc = digits(w.s, w.n, 8, 11, &v); rc = v > U32 ? -1 : rc; break;
	default: rc = number(c, w, &v); break;
	}
	field_name(c, k < 0 ? i : (unsigned)k, name, sizeof name);
	if (rc == -2) {
		snprintf(err, size, "%s: '%.*s' is %llu, above 4294967295, the most a part can be",
			 name, (int)(w.n > 40 ? 40 : w.n), w.s, (unsigned long long)v);
		return -1;
	}
	if (rc < 0) {
		snprintf(err, size, "%s: '%.*s' is not %s", name, (int)(w.n > 40 ? 40 : w.n),
			 w.s, syntax(c, i));
		return -1;
	}
	if (f->present & 1u << k) {
		snprintf(err, size, "%s given twice", name);
		return -1;
	}
	f->value[k] = v;
	f->present |= 1u << k;
	return 0;
}

static bool blank(char c)
{
	return c == ' ' || c == '\t';
}

devnum_status devnum_fields_parse(const devnum_container *c, const char *s, size_t n,
				  struct devnum_fields *f, char *err, size_t size)
{
	if (!c || (!s && n) || !f) {
		if (err && size)
			*err = 0;
		return DEVNUM_BAD_ARGUMENT;
	}
	unsigned want = field_words(c);
	unsigned most = c->store == S_PAX ? 4 : want, i = 0;
	*f = (struct devnum_fields){ .count = most };
	for (size_t at = 0;; i++) {
		while (at < n && blank(s[at]))
			at++;
		if (at == n)
			break;
		struct word w = { s + at, 0 };
		while (at + w.n < n && !blank(s[at + w.n]))
			w.n++;
		at += w.n;
		if (i == most) {
			snprintf(err, size, "%s stores %u field%s (%s), not more", c->name, most,
				 most == 1 ? "" : "s", c->fields);
			return DEVNUM_REFUSED;
		}
		if (field(c, w, i, f, err, size) < 0)
			return DEVNUM_REFUSED;
	}
	if (i < want)
		snprintf(err, size, "%s stores %u field%s (%s), not %u", c->name, want,
			 want == 1 ? "" : "s", c->fields, i);
	if (i == want && c->store == S_HALVES) /* one raw, as the engine reads it */
		*f = (struct devnum_fields){ 1, 1, { f->value[0] << 32 | f->value[1] } };
	return i < want ? DEVNUM_REFUSED : DEVNUM_OK;
}
