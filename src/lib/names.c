/* names.c - finding a scheme: by index, by name or alias, and the running
 * system's; the name matching containers use too.
 *
 * Names compare in ASCII, whatever the locale: strcasecmp would fold
 * 'I' to a dotless i under a Turkish locale. */
#include <config.h>

#include <string.h>

#include "container.h"
#include "scheme.h"

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

bool devnum__listed(const char *list, const char *want)
{
	for (const char *p = list; *p;) {
		size_t len = strcspn(p, " ");
		if (same(p, len, want))
			return true;
		p += len + (p[len] == ' ');
	}
	return false;
}

bool devnum__same(const char *name, const char *want)
{
	for (; *name; name++, want++)
		if (lower((unsigned char)*name) != lower((unsigned char)*want))
			return false;
	return *want == 0;
}

const devnum_scheme *devnum_scheme_find(const char *name)
{
	if (!name)
		return NULL;
	if (same("native", 6, name))
		return devnum_scheme_native();
	/* names first, then aliases: a name is what code passes, and no
	 * alias is another scheme's name */
	for (size_t i = 0; i < devnum_i_nschemes; i++)
		if (devnum__same(devnum_i_schemes[i].l->name, name))
			return &devnum_i_schemes[i];
	for (size_t i = 0; i < devnum_i_nschemes; i++)
		if (devnum__listed(devnum_i_schemes[i].l->aliases, name))
			return &devnum_i_schemes[i];
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

const devnum_scheme *devnum_scheme_native(void)
{
	return NATIVE[0] ? devnum_scheme_find(NATIVE) : NULL;
}

size_t devnum_scheme_count(void)
{
	return devnum_i_nschemes;
}

const devnum_scheme *devnum_scheme_at(size_t index)
{
	return index < devnum_i_nschemes ? &devnum_i_schemes[index] : NULL;
}
