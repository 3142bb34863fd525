/* registry.c - names from the registry's series, and series from names. */
#include <config.h>

#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "registry/registry.h"

static const char bsd_series[] = "pqrstuvwxyzabcde", hex[] = "0123456789abcdef";

/* Disk letters as the kernel writes them (sd_format_disk_name): a .. z,
 * aa .. zz, aaa ..., a bijective base 26. */
static size_t disk_letters(uint32_t n, char *out)
{
	char tmp[8];
	size_t i = 0, len = 0;
	for (uint64_t v = (uint64_t)n + 1; v; v = (v - 1) / 26)
		tmp[i++] = (char)('a' + (v - 1) % 26);
	while (i)
		out[len++] = tmp[--i];
	return len;
}

/* u in decimal at out: its length. */
static size_t decimal(uint32_t u, char *out)
{
	char tmp[10];
	size_t i = 0, len = 0;
	do
		tmp[i++] = (char)('0' + u % 10);
	while (u /= 10);
	while (i)
		out[len++] = tmp[--i];
	return len;
}

/* The name of unit u, partition p of a row, into buf of size bytes. */
static void format_name(const struct series *s, uint32_t u, uint32_t p, char *buf, size_t size)
{
	size_t len = 0;
	for (const char *c = s->name; *c && len + 16 < size; c++) {
		if (*c != '%') {
			buf[len++] = *c;
			continue;
		}
		switch (*++c) {
		case 'n': len += decimal(u, buf + len); break;
		case 'a': len += disk_letters(u, buf + len); break;
		case 'b': buf[len++] = bsd_series[u / 16 % 16], buf[len++] = hex[u % 16]; break;
		case 'P': if (p) buf[len++] = 'p'; /* fall through */
		case 'p': if (p) len += decimal(p, buf + len); break;
		case 'c': len += decimal(p, buf + len); break;
		default: return; /* the table's test proves none is left */
		}
	}
	buf[len] = 0;
}

/* "what, partition p" in buf, cut to fit: snprintf's work without its
 * cost, on every partition a filter names. */
static const char *partition_words(const char *what, uint32_t p, char *buf, size_t size)
{
	static const char tail[] = ", partition ";
	size_t len = strlen(what);
	if (len > size - sizeof tail - 10)
		len = size - sizeof tail - 10;
	memcpy(buf, what, len);
	memcpy(buf + len, tail, sizeof tail - 1);
	len += sizeof tail - 1;
	buf[len + decimal(p, buf + len)] = '\0';
	return buf;
}

/* Whether a row's names show the minor within a unit. */
static bool parted(const struct series *s)
{
	return strstr(s->name, "%p") || strstr(s->name, "%P") || strstr(s->name, "%c");
}

/* Rows are sorted by major, char before block. */
static unsigned order(char type, uint64_t major)
{
	return (unsigned)major * 2 + (type == 'b');
}

/* d as kind, from row s (or NULL) with its words, no name yet: only the
 * fields a lookup reads, not the whole of *d. */
static void found(struct reg_device *d, enum assignment kind, const struct series *s,
		  const char *what)
{
	d->kind = kind;
	d->row = s;
	d->what = what;
	d->partition = 0;
	d->name[0] = '\0';
}

/* Each (type, major)'s first row and first range, by order(): built at
 * the first lookup, so that a lookup is two loads, not a search of the
 * rows and a walk of the ranges.  Every row and range lies below
 * INDEXED / 2 (test_registry holds lookups to a plain search).  And the
 * named rows by the first letter of their pattern, each letter's in the
 * rows' order, so that a name is read only against the rows it may be. */
enum { INDEXED = 2 * 512, NO_ROW = 0xffff, ROWS_MAX = 4096 };
static struct {
	uint16_t row;  /* the first row of the major, or NO_ROW */
	uint8_t range; /* 1 + the first range that holds it, or 0 */
} by_order[INDEXED];
static uint16_t by_letter[ROWS_MAX], letter_at[257]; /* letter c's rows: [at[c], at[c + 1]) */
static bool indexed;
static pthread_once_t index_once = PTHREAD_ONCE_INIT; /* scan --jobs: threads look up at once */

/* The named rows, by the first byte of their pattern. */
static void index_letters(void)
{
	size_t n = 0;
	for (unsigned c = 0; c < 256; c++) {
		letter_at[c] = (uint16_t)n;
		for (size_t i = 0; i < registry_nseries && n < ROWS_MAX; i++)
			if ((unsigned char)registry_series[i].name[0] == c && c)
				by_letter[n++] = (uint16_t)i;
	}
	letter_at[256] = (uint16_t)n;
}

static void build_index(void)
{
	for (size_t o = 0; o < INDEXED; o++)
		by_order[o].row = NO_ROW;
	for (size_t i = registry_nseries; i-- > 0;) /* backwards: the first row stays */
		if (order(registry_series[i].type, registry_series[i].major) < INDEXED)
			by_order[order(registry_series[i].type, registry_series[i].major)].row = (uint16_t)i;
	for (size_t i = registry_nranges; i-- > 0;)
		for (unsigned m = registry_ranges[i].first; m <= registry_ranges[i].last; m++)
			if (order(registry_ranges[i].type, m) < INDEXED)
				by_order[order(registry_ranges[i].type, m)].range = (uint8_t)(i + 1);
	index_letters();
	__atomic_store_n(&indexed, true, __ATOMIC_RELEASE);
}

/* The indexes, made by the first lookup of any thread. */
static inline void ready(void)
{
	if (!__atomic_load_n(&indexed, __ATOMIC_ACQUIRE))
		pthread_once(&index_once, build_index);
}

void registry_lookup(char type, uint64_t major, uint64_t minor, struct reg_device *d)
{
	found(d, A_UNASSIGNED, NULL, NULL);
	if (major >= INDEXED / 2) /* beyond every row and range */
		return;
	ready();
	unsigned want = order(type, major);
	size_t lo = by_order[want].row == NO_ROW ? registry_nseries : by_order[want].row;
	for (const struct series *s = registry_series + lo;
	     s < registry_series + registry_nseries && order(s->type, s->major) == want; s++) {
		if (minor < s->first || minor - s->first >= s->count)
			continue;
		if (!*s->name) { /* the major's other minors, unless a series names it */
			if (d->kind == A_UNASSIGNED)
				found(d, (enum assignment)s->kind, s, s->what);
			continue;
		}
		uint32_t at = (uint32_t)(minor - s->first);
		if (at % s->per && !parted(s))
			continue;
		found(d, A_FIXED, s, s->what);
		d->partition = at % s->per;
		format_name(s, s->base + at / s->per, d->partition, d->name, sizeof d->name);
		if (d->partition)
			d->what = partition_words(s->what, d->partition, d->words, sizeof d->words);
		return;
	}
	if (d->kind == A_UNASSIGNED && by_order[want].range) {
		const struct major_range *r = &registry_ranges[by_order[want].range - 1];
		found(d, (enum assignment)r->kind, NULL, r->what);
	}
}

/* A decimal number of at most 9 digits at *p, moved past it. */
static bool number(const char **p, const char *end, uint32_t *v)
{
	const char *q = *p;
	*v = 0;
	while (q < end && *q >= '0' && *q <= '9' && q - *p < 9)
		*v = *v * 10 + (uint32_t)(*q++ - '0');
	if (q == *p)
		return false;
	*p = q;
	return true;
}

/* Reads name as the row's pattern: its unit and partition.  Loose (leading
 * zeros pass): the caller writes the name back and compares. */
static bool read_name(const struct series *s, const char *p, const char *end, uint32_t *u,
		      uint32_t *part)
{
	*u = *part = 0;
	for (const char *c = s->name; *c; c++) {
		if (*c != '%') {
			if (p == end || *p++ != *c)
				return false;
			continue;
		}
		const char *at;
		switch (*++c) {
		case 'n':
			if (!number(&p, end, u))
				return false;
			break;
		case 'a':
			for (at = p, *u = 0; p < end && *p >= 'a' && *p <= 'z' && p - at < 5; p++)
				*u = *u * 26 + (uint32_t)(*p - 'a' + 1);
			if (p == at)
				return false;
			(*u)--;
			break;
		case 'b':
			if (end - p < 2 || !strchr(bsd_series, p[0]) || !strchr(hex, p[1]) || !p[0] || !p[1])
				return false;
			*u = (uint32_t)(strchr(bsd_series, p[0]) - bsd_series) * 16 +
			     (uint32_t)(strchr(hex, p[1]) - hex);
			p += 2;
			break;
		case 'P':
			if (end - p >= 2 && *p == 'p' && p[1] >= '0' && p[1] <= '9') {
				p++;
				number(&p, end, part);
			}
			break;
		case 'p':
		case 'c':
			number(&p, end, part);
			break;
		default:
			return false;
		}
	}
	return p == end;
}

const struct series *registry_find(const char *name, size_t len, size_t *at, uint32_t *minor)
{
	static const char *const under[] = { "/dev/", "./dev/", "dev/" };
	for (size_t i = 0; i < sizeof under / sizeof under[0]; i++) {
		size_t n = strlen(under[i]);
		if (len > n && memcmp(name, under[i], n) == 0) {
			name += n, len -= n;
			break;
		}
	}
	if (!len)
		return NULL;
	ready();
	unsigned c = (unsigned char)*name;
	if (*at < letter_at[c]) /* *at counts the rows of name's first letter */
		*at = letter_at[c];
	for (; *at < letter_at[c + 1]; (*at)++) {
		const struct series *s = &registry_series[by_letter[*at]];
		uint32_t u, part;
		char back[64];
		if (!read_name(s, name, name + len, &u, &part) || u < s->base || part >= s->per)
			continue;
		uint64_t m = (uint64_t)(u - s->base) * s->per + part;
		if (m >= s->count)
			continue;
		format_name(s, u, part, back, sizeof back);
		if (strlen(back) != len || memcmp(back, name, len) != 0)
			continue;
		*minor = s->first + (uint32_t)m;
		(*at)++;
		return s;
	}
	return NULL;
}

const char *registry_assignment(enum assignment a)
{
	static const char *const words[] = {
		[A_FIXED] = "fixed", [A_UNNAMED] = "unnamed", [A_DYNAMIC] = "dynamic",
		[A_LOCAL] = "local", [A_RESERVED] = "reserved", [A_UNASSIGNED] = "unassigned",
	};
	return words[a];
}
