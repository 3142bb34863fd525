/* records.c - the record loop: operands, or stdin split on newline or NUL.
 *
 * One large buffer, read(2) straight into it, records cut with memchr and
 * handed over in place.  A record longer than RECORD_MAX cannot be a value;
 * it is refused and skipped, so memory stays constant however long the
 * input, and the records after it are still read. */
#include <config.h>

#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "output.h"

#define RECORD_MAX ((size_t)64 * 1024)
#define IN_SIZE (4 * RECORD_MAX)

static char ibuf[IN_SIZE];

static int blank_record(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (s[i] != ' ' && s[i] != '\t')
			return 0;
	return 1;
}

static int one_record(record_fn fn, const char *s, size_t n, uintmax_t line)
{
	struct where w = { line };
	if (!opt.zero && n && s[n - 1] == '\r')
		n--;
	if (blank_record(s, n))
		return EXIT_OK;
	return fn(s, n, &w);
}

static int too_long(const char *head, uintmax_t line)
{
	struct where w = { line };
	return fail_record(&w, head, 81, EXIT_TROUBLE,
			   "record longer than %zu bytes", RECORD_MAX);
}

static int max(int a, int b)
{
	return a > b ? a : b;
}

/* Fills the buffer after `have` bytes: >0 read, 0 end of input, -1 error. */
static ssize_t fill(size_t have)
{
	ssize_t r;
	if (out_flush() < 0)
		return -1; /* the reader is gone: stop reading */
	do
		r = read(0, ibuf + have, IN_SIZE - have);
	while (r < 0 && errno == EINTR);
	if (r < 0)
		diag("read error: %s", strerror(errno));
	return r;
}

static int read_stdin(record_fn fn)
{
	const char term = opt.zero ? '\0' : '\n';
	char head[81]; /* enough for quote() to show it was cut */
	size_t start = 0, end = 0;
	uintmax_t line = 0;
	int status = EXIT_OK, skipping = 0;

	for (;;) {
		char *t = memchr(ibuf + start, term, end - start);
		if (t) {
			size_t n = (size_t)(t - ibuf) - start;
			line++;
			if (!skipping && n > RECORD_MAX) {
				memcpy(head, ibuf + start, sizeof head);
				skipping = 1;
			}
			status = max(status, skipping ? too_long(head, line)
						      : one_record(fn, ibuf + start, n, line));
			skipping = 0;
			start += n + 1;
			if (out_errno)
				return EXIT_TROUBLE;
			continue;
		}
		if (!skipping && end - start > RECORD_MAX) {
			memcpy(head, ibuf + start, sizeof head);
			skipping = 1;
		}
		if (skipping)
			start = end;
		memmove(ibuf, ibuf + start, end - start);
		end -= start;
		start = 0;
		ssize_t r = fill(end);
		if (r < 0)
			return EXIT_TROUBLE;
		if (r == 0)
			break;
		end += (size_t)r;
	}
	if (skipping)
		return max(status, too_long(head, line + 1));
	if (end)
		status = max(status, one_record(fn, ibuf, end, line + 1));
	return status;
}

int for_each_record(record_fn fn, int argc, const char **argv)
{
	static const struct where operand = { 0 };
	int status = EXIT_OK;
	if (argc == 0)
		return read_stdin(fn);
	for (int i = 0; i < argc && !out_failed(); i++) {
		if (strcmp(argv[i], "-") == 0)
			status = max(status, read_stdin(fn));
		else
			status = max(status, fn(argv[i], strlen(argv[i]), &operand));
	}
	return status;
}
