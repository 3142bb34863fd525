/* spec_words.c - the words and numbers of a specification's line. */
#include <config.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scan/specification/spec.h"

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

bool spec_number_u(const char *word, const char *what, uint64_t *v, char *why, size_t size)
{
	if (*word != '-')
		return spec_number(word, what, UINT64_MAX, v, why, size);
	if (!spec_number(word + 1, what, UINT64_MAX, v, why, size))
		return false;
	*v = (uint32_t)(0 - *v);
	return true;
}

bool spec_mode(const char *word)
{
	size_t n = strspn(word, "01234567");
	return n && !word[n] && strtoul(word, NULL, 8) <= 07777;
}

bool spec_octal(const char *word, uint64_t *v)
{
	size_t n = strspn(word, "01234567");
	*v = n && n <= 6 && !word[n] ? strtoull(word, NULL, 8) : UINT64_MAX;
	return *v <= 0177777;
}

int spec_hex(char c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
	       : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

bool spec_unescape(char *text)
{
	char *o = text;
	for (const char *p = text; *p; p++) {
		if (*p != '\\') {
			*o++ = *p;
			continue;
		}
		p++;
		int hi = *p == 'x' ? spec_hex(p[1]) : -1, lo = hi >= 0 ? spec_hex(p[2]) : -1;
		if (lo >= 0 && (hi | lo)) { /* \x00 would end the text */
			*o++ = (char)(hi << 4 | lo);
			p += 2;
		} else {
			switch (*p) {
			case 'n': *o++ = '\n'; break;
			case 'r': *o++ = '\r'; break;
			case 't': *o++ = '\t'; break;
			case '\\': *o++ = '\\'; break;
			default: return false;
			}
		}
	}
	*o = 0;
	return true;
}
