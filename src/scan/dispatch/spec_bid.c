/* spec_bid.c - which device specification a text is: each format's
 * parser tried on its first lines, the one that reads the most without
 * an error taken; two that read them alike are both read; more, or one
 * that reads all but some, said. */
#include <config.h>

#include <stdio.h>
#include <string.h>

#include "scan/dispatch/readers.h"
#include "scan/specification/spec.h"

/* How many of the first lines of p (the whole ones, up to 64) format f
 * reads, and in *bad how many it calls errors, the first in *first. */
static unsigned lines_read(const struct spec_format *f, const unsigned char *p, size_t n,
			   unsigned *bad, unsigned *first)
{
	char text[4096];
	unsigned read = 0;
	*bad = *first = 0;
	for (unsigned k = 1; k <= 64 && n; k++) {
		const unsigned char *nl = memchr(p, '\n', n);
		size_t len = nl ? (size_t)(nl - p) : n;
		struct spec_node parsed = { 0 };
		char why[200];
		if (!nl && k > 1) /* cut short by the end of the bytes seen */
			break;
		if (len >= sizeof text)
			return *bad = 1, 0; /* no specification's */
		memcpy(text, p, len);
		text[len] = 0;
		if (memchr(p, 0, len) || f->line(text, &parsed, why, sizeof why) == SPEC_ERROR)
			*first = *first ? *first : k, ++*bad;
		else
			read += text[strspn(text, " \t\r")] && text[strspn(text, " \t\r")] != '#';
		p += len + (nl != NULL), n -= len + (nl != NULL);
	}
	return read;
}

/* Each specification's reading of the first lines. */
struct bid {
	unsigned read, bad, first;
};
enum { BIDS_MAX = 32 };

/* The names of the readers whose bid is `read` lines, with errors or
 * not, joined by `conj`, into buf from len on: the first of them. */
static const struct reader *names(const struct bid *b, unsigned read, bool bad, const char *conj,
				  char *buf, size_t size, size_t len)
{
	const struct reader *first = NULL;
	for (size_t i = 0; i < nreaders && i < BIDS_MAX && len < size; i++)
		if (readers[i].spec && b[i].read == read && (b[i].bad > 0) == bad) {
			len += (size_t)snprintf(buf + len, size - len, "%s%s", first ? conj : "",
						readers[i].name);
			first = first ? first : &readers[i];
		}
	return first;
}

const struct reader *spec_bid(const unsigned char *p, size_t n, const struct reader **also,
			      char *why, size_t size)
{
	struct bid b[BIDS_MAX] = { 0 };
	unsigned top = 0, most = 0, winners = 0, near = 0;
	char list[200];
	for (size_t i = 0; i < nreaders && i < BIDS_MAX; i++) {
		if (!readers[i].spec)
			continue;
		if (readers[i].spec->bid && readers[i].spec->bid(p, n))
			return &readers[i]; /* a document's own mark */
		if (!readers[i].spec->line)
			continue;
		b[i].read = lines_read(readers[i].spec, p, n, &b[i].bad, &b[i].first);
		if (!b[i].bad && b[i].read > top)
			top = b[i].read;
		if (b[i].bad && b[i].read > b[i].bad && b[i].read > most) /* mostly read */
			most = b[i].read;
	}
	for (size_t i = 0; i < nreaders && i < BIDS_MAX; i++) {
		winners += top && !b[i].bad && b[i].read == top;
		near += most && b[i].bad && b[i].read == most;
	}
	*why = 0;
	*also = NULL;
	if (winners <= 2 && winners) { /* two: each line read by both */
		const struct reader *first = names(b, top, false, "", list, sizeof list, 0);
		for (size_t i = (size_t)(first - readers) + 1; winners == 2 && !*also; i++)
			if (readers[i].spec && !b[i].bad && b[i].read == top)
				*also = &readers[i];
		return first;
	}
	if (winners) {
		names(b, top, false, " and ", list, sizeof list, 0);
		snprintf(why, size, "a device specification that %s read alike: name its format "
			 "with --spec", list);
	} else if (near) {
		const struct reader *r = names(b, most, true, " or ", list, sizeof list, 0);
		snprintf(why, size, "a %s specification but for line %u, it seems: name its format "
			 "with --spec%s%s to read it", list, b[r - readers].first, near > 1 ? "" : "=",
			 near > 1 ? "" : r->name);
	}
	return NULL;
}
