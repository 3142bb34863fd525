/* netbsd.c - NetBSD's FORMAT,MAJOR,MINOR device forms (pack_dev.c), read
 * as a tuple and the layout the format names. */
#include <config.h>

#include <stdio.h>
#include <string.h>

#include "parse/netbsd.h"
#include "parse/number.h"

/* pack_dev's names and the devnum scheme of each layout; the first name
 * of a scheme is the one netbsd_name() gives.  NULL: the host's. */
static const struct { const char *name, *scheme; } formats[] = {
	{ "native", NULL },   { "netbsd", "linux32" }, { "freebsd", "freebsd11" },
	{ "osf1", "kernel" }, { "bsdos", "kernel" },   { "hpux", "darwin" },
	{ "solaris", "sysv" }, { "svr4", "sysv" },     { "linux", "legacy" },
	{ "386bsd", "legacy" }, { "4bsd", "legacy" },  { "isc", "legacy" },
	{ "sco", "legacy" },  { "sunos", "legacy" },   { "svr3", "legacy" },
	{ "ultrix", "legacy" },
};
#define NFORMATS (sizeof formats / sizeof formats[0])

static const devnum_scheme *layout(size_t i)
{
	return formats[i].scheme ? devnum_scheme_find(formats[i].scheme)
				 : devnum_scheme_native();
}

/* The format whose name ends at the first comma of s, or -1. */
static int format_at(const char *s, size_t n)
{
	const char *comma = memchr(s, ',', n);
	size_t len = comma ? (size_t)(comma - s) : 0;
	for (size_t i = 0; comma && i < NFORMATS; i++)
		if (strlen(formats[i].name) == len && !memcmp(formats[i].name, s, len))
			return (int)i;
	return -1;
}

/* A name no number begins with: a letter that is not a hex digit. */
static bool named(const char *s, size_t n)
{
	return n && memchr(s, ',', n) && ((*s >= 'g' && *s <= 'z') || format_at(s, n) >= 0);
}

bool netbsd_named(const char *s, size_t n)
{
	while (n && (*s == ' ' || *s == '\t'))
		s++, n--;
	return named(s, n);
}

/* The numbers after the name: *count of them (2 or 3) into v. */
static int numbers(const char *s, size_t n, unsigned base, uint64_t v[3], int *count,
		   char *err, size_t errsize)
{
	static const char *const what[] = { "major", "second number", "third number" };
	struct num_error e;
	*count = 0;
	for (;;) {
		const char *comma = memchr(s, ',', n);
		size_t len = comma ? (size_t)(comma - s) : n;
		if (*count == 3) {
			snprintf(err, errsize, "more than three numbers");
			return -1;
		}
		if (parse_number(s, len, base, &v[*count], &e) < 0) {
			char why[128];
			num_strerror(&e, why, sizeof why);
			snprintf(err, errsize, "%s: %s", what[*count], why);
			return -1;
		}
		++*count;
		if (!comma)
			break;
		n -= len + 1, s = comma + 1;
	}
	if (*count < 2)
		snprintf(err, errsize, "a major and a minor are needed after the format name");
	return *count < 2 ? -1 : 0;
}

/* bsdos's three numbers: MAJOR,UNIT,SUBUNIT, 12:12:8; the tuple's minor
 * is unit * 256 + subunit. */
static int bsdos_units(const uint64_t v[3], struct devnum_tuple *t, char *err, size_t errsize)
{
	if (v[1] > 4095 || v[2] > 255) {
		snprintf(err, errsize, "%s %llu out of range for NetBSD's bsdos (at most %d)",
			 v[1] > 4095 ? "unit" : "subunit",
			 (unsigned long long)(v[1] > 4095 ? v[1] : v[2]), v[1] > 4095 ? 4095 : 255);
		return -1;
	}
	t->major = v[0];
	t->minor = v[1] << 8 | v[2];
	return 0;
}

int netbsd_read(const char *s, size_t n, unsigned base, struct devnum_tuple *t,
		const devnum_scheme **scheme, char *err, size_t errsize)
{
	uint64_t v[3], raw;
	int count;
	struct devnum_reason why;
	while (n && (*s == ' ' || *s == '\t'))
		s++, n--;
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	int f = format_at(s, n);
	if (f < 0) {
		snprintf(err, errsize, "unknown NetBSD format '%.*s'",
			 (int)strcspn(s, ","), s);
		return -1;
	}
	size_t skip = strlen(formats[f].name) + 1;
	if (numbers(s + skip, n - skip, base, v, &count, err, errsize) < 0)
		return -1;
	*scheme = layout((size_t)f);
	*t = (struct devnum_tuple){ v[0], v[1] };
	if (count == 3 && strcmp(formats[f].name, "bsdos") != 0) {
		snprintf(err, errsize, "only bsdos takes three numbers");
		return -1;
	}
	if (count == 3 && bsdos_units(v, t, err, errsize) < 0)
		return -2;
	if (devnum_encode(*scheme, *t, &raw, &why) == 0)
		return 0;
	int k = snprintf(err, errsize, "NetBSD's %s is %s: ", formats[f].name,
			 devnum_scheme_name(*scheme));
	if (k > 0 && (size_t)k < errsize)
		devnum_strreason(err + k, errsize - (size_t)k, *scheme, &why);
	return -2;
}

/* The table's first format for s, matched by the scheme's name rather
 * than by finding each format's scheme: every view (render/view.h) asks
 * this once, on the way to a one-shot's first line. */
const char *netbsd_name(const devnum_scheme *s)
{
	const char *name = devnum_scheme_name(s);
	if (!name)
		return NULL;
	if (s == devnum_scheme_native())
		return formats[0].name;
	for (size_t i = 1; i < NFORMATS; i++)
		if (strcmp(formats[i].scheme, name) == 0)
			return formats[i].name;
	return NULL;
}
