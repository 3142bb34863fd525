/* values.c - the values of options and of naming operands, each read or
 * refused with a usage error that names the option and, for a name, lists
 * the valid ones: one lookup serves schemes, containers and writers. */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli/cli.h"
#include "render/output.h"

/* A table of names: how many rows, the name of row i, and whether row i
 * is the first of its name (a writer has a row for each container). */
struct names {
	const char *what; /* "scheme", "container", "writer" */
	size_t (*count)(void);
	const char *(*name_at)(size_t i);
	bool (*first)(size_t i);
	const char *last; /* a name no row has, listed after them, or NULL */
};

static const char *scheme_at(size_t i)
{
	return devnum_scheme_name(devnum_scheme_at(i));
}

static const char *container_at(size_t i)
{
	return devnum_container_name(devnum_container_at(i));
}

static const char *writer_at(size_t i)
{
	return devnum_writer_name(devnum_writer_at(i));
}

static bool every(size_t i)
{
	(void)i;
	return true;
}

static bool first_writer(size_t i)
{
	return devnum_writer_find(writer_at(i), NULL) == devnum_writer_at(i);
}

static const struct names schemes = { "scheme", devnum_scheme_count, scheme_at, every, "native" };
static const struct names containers = { "container", devnum_container_count, container_at, every,
					 NULL };
static const struct names writers = { "writer", devnum_writer_count, writer_at, first_writer, NULL };
/* --into names containers, and the places scan judges a device by its
 * type in (cli.h's enum place) */
static const struct names destinations = { "container", devnum_container_count, container_at, every,
					   "rootless, ostree" };

/* The usage error for name, n bytes, not in the table t, given to who. */
static _Noreturn void unknown(const char *who, const struct names *t, const char *name, size_t n)
{
	char q[400], list[1024];
	size_t len = 0;
	for (size_t i = 0; i < t->count() && len < sizeof list; i++)
		if (t->first(i))
			len += (size_t)snprintf(list + len, sizeof list - len, "%s%s", len ? ", " : "",
						t->name_at(i));
	if (t->last && len < sizeof list)
		snprintf(list + len, sizeof list - len, ", %s", t->last);
	quote(q, sizeof q, name, n);
	usage_error("%s: unknown %s '%s'; valid %ss: %s", who, t->what, q, t->what, list);
}

const devnum_scheme *scheme_named(const char *who, const char *name)
{
	const devnum_scheme *s = devnum_scheme_find(name);
	if (!s)
		unknown(who, &schemes, name, strlen(name));
	return s;
}

const devnum_container *container_named(const char *who, const char *name, size_t n)
{
	char want[64];
	snprintf(want, sizeof want, "%.*s", (int)(n < 63 ? n : 63), name);
	const devnum_container *c = n < 63 ? devnum_container_find(want) : NULL;
	if (!c)
		unknown(who, &containers, name, n);
	return c;
}

const devnum_writer *writer_named(const char *name)
{
	const devnum_writer *w = devnum_writer_find(name, NULL);
	if (!w)
		unknown("--writer", &writers, name, strlen(name));
	return w;
}

char type_value(const char *text)
{
	char q[400];
	if (strcmp(text, "char") == 0 || strcmp(text, "c") == 0)
		return 'c';
	if (strcmp(text, "block") == 0 || strcmp(text, "b") == 0)
		return 'b';
	quote(q, sizeof q, text, strlen(text));
	usage_error("--type: '%s' is neither char nor block", q);
}

bool by_scheme(const char *text)
{
	char q[400];
	if (strcmp(text, "scheme") == 0 || strcmp(text, "registry") == 0)
		return text[0] == 's';
	quote(q, sizeof q, text, strlen(text));
	usage_error("--sort: '%s' is neither registry nor scheme", q);
}

struct devnum_tuple tuple_value(const char *option, const char *text, unsigned bare)
{
	struct devnum_tuple t;
	struct num_error e;
	char q[400], why[128];
	if (parse_tuple(text, strlen(text), bare, &t, &e) == 0)
		return t;
	quote(q, sizeof q, text, strlen(text));
	num_strerror(&e, why, sizeof why);
	usage_error("%s: '%s': %s", option, q, why);
}

unsigned base_value(const char *option, const char *text)
{
	char q[400];
	if (!strcmp(text, "16") || !strcmp(text, "10") || !strcmp(text, "8"))
		return (unsigned)strtoul(text, NULL, 10);
	quote(q, sizeof q, text, strlen(text));
	usage_error("%s: '%s' is not 16, 10 or 8", option, q);
}

unsigned jobs_value(const char *option, const char *text)
{
	char q[400];
	size_t n = strspn(text, "0123456789");
	if (n && n <= 4 && !text[n])
		return (unsigned)strtoul(text, NULL, 10);
	quote(q, sizeof q, text, strlen(text));
	usage_error("%s: '%s' is not a number of jobs (0 to 9999; 0, one a CPU)", option, q);
}

unsigned depth_value(const char *option, const char *text)
{
	char q[400];
	size_t n = strspn(text, "0123456789");
	if (n && n <= 2 && !text[n] && strtoul(text, NULL, 10) <= DEPTH_MAX)
		return (unsigned)strtoul(text, NULL, 10);
	quote(q, sizeof q, text, strlen(text));
	usage_error("%s: '%s' is not a depth (0 to %d)", option, q, DEPTH_MAX);
}

/* One part of --strip, n bytes of text: 0 to STRIP_MAX, or -1. */
static int strip_part(const char *text, size_t n)
{
	unsigned long v = 0;
	if (n == 0 || n > 3 || strspn(text, "0123456789") < n)
		return -1;
	for (size_t i = 0; i < n; i++)
		v = v * 10 + (unsigned long)(text[i] - '0');
	return v <= STRIP_MAX ? (int)v : -1;
}

void strip_value(const char *option, const char *text, unsigned strip[2])
{
	char q[400];
	size_t n = strcspn(text, ":");
	int a = strip_part(text, n), b = text[n] ? strip_part(text + n + 1, strlen(text + n + 1)) : a;
	if (a >= 0 && b >= 0) {
		strip[0] = (unsigned)a, strip[1] = (unsigned)b;
		return;
	}
	quote(q, sizeof q, text, strlen(text));
	usage_error("%s: '%s' is not N or N:M, path components to drop (0 to %d)", option, q,
		    STRIP_MAX);
}

void prefix_value(const char *option, const char *text, const char *prefix[2], size_t len[2])
{
	char q[400];
	const char *colon = strchr(text, ':');
	if (colon) {
		prefix[0] = text, len[0] = (size_t)(colon - text);
		prefix[1] = colon + 1, len[1] = strlen(colon + 1);
		return;
	}
	quote(q, sizeof q, text, strlen(text));
	usage_error("%s: '%s' is not A:B, a path in each input", option, q);
}

/* c's place in the library's table. */
static unsigned container_index(const devnum_container *c)
{
	unsigned i = 0;
	while (devnum_container_at(i) != c)
		i++;
	return i;
}

/* Whether the n bytes at p are word, ASCII case ignored as the library
 * ignores it in container names: strncasecmp's folding is the locale's,
 * and in a Turkish one "ROOTLESS" is no "rootless". */
static bool ascii_is(const char *p, size_t n, const char *word)
{
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)p[i];
		if ((c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c) != (unsigned char)word[i])
			return false;
	}
	return word[n] == '\0';
}

/* The place named by the n bytes at p, or 0. */
static unsigned place(const char *p, size_t n)
{
	return ascii_is(p, n, "rootless") ? P_ROOTLESS : ascii_is(p, n, "ostree") ? P_OSTREE : 0;
}

uint64_t into_value(const char *list, const devnum_writer *w, unsigned *places)
{
	uint64_t mask = 0;
	*places = 0;
	if (!list)
		return ~UINT64_C(0);
	for (const char *p = list;; p++) {
		size_t n = strcspn(p, ",");
		char want[64];
		snprintf(want, sizeof want, "%.*s", (int)(n < 63 ? n : 63), p);
		const devnum_container *c = n < 63 ? devnum_container_find(want) : NULL;
		if (!c && !place(p, n))
			unknown("--into", &destinations, p, n);
		if (c && w && !devnum_writer_find(devnum_writer_name(w), c))
			usage_error("--into: %s does not write %s", devnum_writer_name(w),
				    devnum_container_name(c));
		if (c)
			mask |= UINT64_C(1) << container_index(c);
		*places |= place(p, n);
		p += n;
		if (!*p)
			return mask;
	}
}

void check_text_scheme(const struct command *c, const struct job *j)
{
	const char *name = devnum_scheme_name(j->scheme);
	if (!has_option(j, O_SCHEME) || !(devnum_scheme_flags(j->scheme) & DEVNUM_TEXT))
		return;
	if (j->box && (devnum_container_flags(j->box) & DEVNUM_STORES_RAW))
		usage_error("--scheme=%s has no raw form, and %s stores a raw value", name,
			    devnum_container_name(j->box));
	for (size_t i = 0; (c->options & OPT(O_INTO)) && i < devnum_container_count(); i++) {
		const devnum_container *b = devnum_container_at(i);
		if ((j->into & UINT64_C(1) << i) && (devnum_container_flags(b) & DEVNUM_HOST_SCHEME) &&
		    (!j->writer || devnum_writer_find(devnum_writer_name(j->writer), b)))
			usage_error("--scheme=%s has no raw form, and %s stores a raw value in the "
				    "writer's layout", name, devnum_container_name(b));
	}
}
