/* names.c - finding a scheme by name or alias, and the running system's.
 *
 * Names compare in ASCII, whatever the locale: strcasecmp would fold
 * 'I' to a dotless i under a Turkish locale. */
#include <config.h>

#include <string.h>

#include "devnum.h"

static int lower(int c)
{
	return c >= 'A' && c <= 'Z' ? c + 'a' - 'A' : c;
}

/* Whether the n bytes at p are `want`, ignoring ASCII case. */
static bool same(const char *p, size_t n, const char *want)
{
	size_t i = 0;
	for (; i < n && want[i]; i++)
		if (lower((unsigned char)p[i]) != lower((unsigned char)want[i]))
			return false;
	return i == n && want[i] == 0;
}

static bool has_alias(const char *list, const char *want)
{
	for (const char *p = list; *p;) {
		size_t len = strcspn(p, " ");
		if (same(p, len, want))
			return true;
		p += len + (p[len] == ' ');
	}
	return false;
}

const struct dn_scheme *dn_scheme_find(const char *name)
{
	if (same("native", 6, name))
		return dn_native();
	for (size_t i = 0; i < dn_nschemes; i++)
		if (same(dn_schemes[i].name, strlen(dn_schemes[i].name), name) ||
		    has_alias(dn_schemes[i].aliases, name))
			return &dn_schemes[i];
	return NULL;
}

#if defined(__linux__)
#define NATIVE "glibc"
#elif defined(__FreeBSD__) && __FreeBSD__ >= 12
#define NATIVE "freebsd"
#elif defined(__FreeBSD__) || defined(__DragonFly__) || defined(__GNU__)
#define NATIVE "freebsd11"
#elif defined(__NetBSD__)
#define NATIVE "linux32"
#elif defined(__OpenBSD__)
#define NATIVE "openbsd"
#elif defined(__APPLE__)
#define NATIVE "darwin"
#elif defined(__sun) && defined(_LP64)
#define NATIVE "solaris"
#elif defined(__sun)
#define NATIVE "solaris32"
#elif defined(_AIX) && defined(__64BIT__)
#define NATIVE "aix"
#elif defined(_AIX) || defined(__CYGWIN__) || defined(__MVS__)
#define NATIVE "aix32"
#else
#define NATIVE ""
#endif

const struct dn_scheme *dn_native(void)
{
	return NATIVE[0] ? dn_scheme_find(NATIVE) : NULL;
}
