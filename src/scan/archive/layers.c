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

/* A JSON string at s (after its opening quote), its end past the closing
 * quote into *end; the text between, escapes left as they are. */
static const char *json_string(const char *s, const char *stop, const char **end)
{
	const char *p = s;
	while (p < stop && *p != '"')
		p += *p == '\\' ? 2 : 1;
	*end = p < stop ? p + 1 : stop;
	return s;
}

size_t json_digests(const char *json, size_t n, const char *key, char (*out)[DIGEST_MAX],
		    size_t most)
{
	const char *p = json, *stop = json + n, *end;
	size_t found = 0, keylen = strlen(key);
	int depth = 0, in = -1; /* in: the depth of key's array, -1 outside it */
	bool want = false;      /* the string before was "digest", in the array */
	while (p < stop && found < most) {
		char c = *p++;
		if (c == '"') {
			const char *s = json_string(p, stop, &end);
			size_t len = (size_t)(end - s) - 1;
			const char *q = end;
			while (q < stop && (*q == ' ' || *q == '\t' || *q == '\n' || *q == '\r'))
				q++;
			bool is_key = q < stop && *q == ':';
			if (want && !is_key && len < DIGEST_MAX)
				snprintf(out[found++], DIGEST_MAX, "%.*s", (int)len, s);
			want = is_key && in >= 0 && len == 6 && !memcmp(s, "digest", 6);
			if (is_key && in < 0 && len == keylen && !memcmp(s, key, len)) {
				while (q < stop && *q != '[' && *q != '{' && *q != '"')
					q++;
				if (q < stop && *q == '[')
					in = depth;
			}
			p = end;
		} else if (c == '[' || c == '{') {
			depth++;
		} else if (c == ']' || c == '}') {
			if (--depth == in)
				in = -1;
		}
	}
	return found;
}
