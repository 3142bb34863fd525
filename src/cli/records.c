/* records.c - the record loop: operands, or stdin split on newline or NUL.
 *
 * One large buffer for each read of stdin, read(2) straight into it,
 * records cut with memchr and handed over in place.  A record longer than RECORD_MAX cannot be a value;
 * it is refused and skipped, so memory stays constant however long the
 * input, and the records after it are still read. */
#include <config.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "render/output.h"

#define RECORD_MAX ((size_t)64 * 1024)
#define IN_SIZE (4 * RECORD_MAX)

static int blank_record(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (s[i] != ' ' && s[i] != '\t')
			return 0;
	return 1;
}

/* Runs fn on one record and reports how it went. */
static int run(const struct job *j, record_fn fn, const char *s, size_t n,
	       uintmax_t line)
{
	struct record r;
	struct where w = { line };
	record_start(&r, s, n);
	int status = fn(j, &r);
	report(j->out, &w, &r, status);
	return status;
}

static int one_record(const struct job *j, record_fn fn, const char *s, size_t n,
		      uintmax_t line)
{
	if (!has_option(j, O_ZERO) && n && s[n - 1] == '\r')
		n--;
	if (blank_record(s, n))
		return EXIT_OK;
	return run(j, fn, s, n, line);
}

static int refuse_long(const struct job *j, struct record *r)
{
	(void)j;
	return fail(r, EXIT_TROUBLE, "record longer than %zu bytes", RECORD_MAX);
}

static int too_long(const struct job *j, const char *head, uintmax_t line)
{
	return run(j, refuse_long, head, 81, line);
}

/* Fills the buffer after `have` bytes: >0 read, 0 end of input, -1 error. */
static ssize_t fill(char *ibuf, size_t have)
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

static int read_records(const struct job *j, record_fn fn, char *ibuf)
{
	const char term = has_option(j, O_ZERO) ? '\0' : '\n';
	char head[81]; /* enough for quote() to show it was cut */
	size_t start = 0, end = 0;
	uintmax_t line = 0;
	int status = EXIT_OK, skipping = 0;

	for (;;) {
		char *t = end > start ? memchr(ibuf + start, term, end - start) : NULL;
		if (t) {
			size_t n = (size_t)(t - ibuf) - start;
			line++;
			if (!skipping && n > RECORD_MAX) {
				memcpy(head, ibuf + start, sizeof head);
				skipping = 1;
			}
			status = status_max(status, skipping ? too_long(j, head, line)
						      : one_record(j, fn, ibuf + start, n, line));
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
		ssize_t r = fill(ibuf, end);
		if (r < 0)
			return EXIT_TROUBLE;
		if (r == 0)
			break;
		end += (size_t)r;
	}
	if (skipping)
		return status_max(status, too_long(j, head, line + 1));
	if (end)
		status = status_max(status, one_record(j, fn, ibuf, end, line + 1));
	return status;
}

static int read_stdin(const struct job *j, record_fn fn)
{
	char *ibuf = malloc(IN_SIZE);
	if (!ibuf) {
		diag("%s", strerror(errno));
		return EXIT_TROUBLE;
	}
	int status = read_records(j, fn, ibuf);
	free(ibuf);
	return status;
}

/* Two operands that are plain numbers, where a command takes tuples. */
static bool a_pair(int argc, const char **argv)
{
	return argc == 2 && strcmp(argv[0], "-") != 0 && strcmp(argv[1], "-") != 0 &&
	       !looks_like_tuple(argv[0], strlen(argv[0])) &&
	       !looks_like_tuple(argv[1], strlen(argv[1])) &&
	       strlen(argv[0]) + strlen(argv[1]) < RECORD_MAX;
}

int for_each_record(const struct job *j, record_fn fn, int argc, const char **argv)
{
	int status = EXIT_OK;
	if (argc == 0)
		return read_stdin(j, fn);
	if (j->pairs && a_pair(argc, argv)) { /* "encode 3 1" is 3:1 */
		size_t a = strlen(argv[0]), b = strlen(argv[1]);
		char *pair = malloc(a + b + 2); /* ended by a NUL, as an operand is */
		if (!pair) {
			diag("%s", strerror(errno));
			return EXIT_TROUBLE;
		}
		memcpy(pair, argv[0], a);
		pair[a] = ':';
		memcpy(pair + a + 1, argv[1], b);
		pair[a + b + 1] = '\0';
		status = run(j, fn, pair, a + b + 1, 0);
		free(pair);
		return status;
	}
	for (int i = 0; i < argc && !out_failed(); i++) {
		if (strcmp(argv[i], "-") == 0)
			status = status_max(status, read_stdin(j, fn));
		else
			status = status_max(status, run(j, fn, argv[i], strlen(argv[i]), 0));
	}
	return status;
}
