/* layers.c - which paths of an image are its layers. */
#include <config.h>

#include <stdio.h>
#include <string.h>

#include "scan/archive/layers.h"

/* `n` lower-case hex digits, and nothing after them. */
static bool hex(const char *s, size_t n)
{
	return strspn(s, "0123456789abcdef") == n && !s[n];
}

bool layer_name(const char *path, char *buf, size_t size)
{
	const char *p = path;
	if (!strncmp(p, "./", 2))
		p += 2;
	const char *alg = !strncmp(p, "blobs/", 6) ? p + 6 : NULL;
	const char *slash = alg ? strchr(alg, '/') : NULL;
	if (slash && slash > alg && strspn(alg, "abcdefghijklmnopqrstuvwxyz0123456789+._-") ==
						(size_t)(slash - alg) &&
	    hex(slash + 1, strlen(slash + 1)) && strlen(slash + 1) >= 32)
		return snprintf(buf, size, "%.*s:%s", (int)(slash - alg), alg, slash + 1) > 0;
	size_t n = strlen(p);
	if (n > 10 && !strcmp(p + n - 10, "/layer.tar") && !memchr(p, '/', n - 10))
		return snprintf(buf, size, "%s", p) > 0;
	return false;
}
