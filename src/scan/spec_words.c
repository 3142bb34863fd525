/* spec_words.c - the words and numbers of a specification's line. */
#include <config.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scan/spec.h"

static bool blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r';
}

/* One quoted or escaped word from p, decoded in place, its end in
 * *out: where it ends in the text, or NULL for a quote never closed. */
static char *quoted_word(char *p, char **out)
{
	bool in = false;
	char *o = p;
	for (; *p && (in || !blank(*p)); p++) {
		if (*p == '"')
			in = !in;
		else if (*p == '\\' && p[1])
			*o++ = *++p;
		else
			*o++ = *p;
	}
	*out = o;
	return in ? NULL : p;
}

int spec_words(char *text, char **w, int max, bool quotes)
{
	int n = 0;
	char *p = text;
	for (;;) {
		while (blank(*p))
			p++;
		if (!*p)
			return n;
		if (n == max)
			return max + 1;
		char *end = p, *stop;
		w[n++] = p;
		if (quotes && !(p = quoted_word(p, &end)))
			return -1;
		while (!quotes && *p && !blank(*p))
			end = ++p;
		stop = end; /* the decoded word ends at or before the text's blank */
		if (*p)
			p++;
		*stop = 0;
	}
}

bool spec_number(const char *word, const char *what, uint64_t max, uint64_t *v, char *why,
		 size_t size)
{
	char *end;
	if (*word < '0' || *word > '9') {
		snprintf(why, size, "%s '%.40s' is not a decimal number", what, word);
		return false;
	}
	errno = 0;
	unsigned long long x = strtoull(word, &end, 10);
	if (*end) {
		snprintf(why, size, "%s '%.40s' is not a decimal number", what, word);
		return false;
	}
	if (errno == ERANGE || x > max) {
		snprintf(why, size, "%s %.40s is above %llu", what, word, (unsigned long long)max);
		return false;
	}
	*v = x;
	return true;
}

bool spec_mode(const char *word)
{
	size_t n = strspn(word, "01234567");
	return n && !word[n] && strtoul(word, NULL, 8) <= 07777;
}
