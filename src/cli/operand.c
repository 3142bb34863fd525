/* operand.c - an operand or line read as what a command takes: a raw value
 * of a scheme, a tuple, or either (explain). */
#include <config.h>

#include "cli/cli.h"
#include "parse/netbsd.h"

/* A tuple as udev names a device, c8:1 or b259:0 (/run/udev/data,
 * udevadm info): the type kept in the record, *in and *n past its letter.
 * Not under --input-base=16, where b8:1 is the hex 0xb8:1. */
static void udev_type(const struct job *j, struct record *r, const char **in, size_t *n)
{
	size_t at = 0;
	while (at < *n && ((*in)[at] == ' ' || (*in)[at] == '\t'))
		at++;
	if (j->input_base == 16 || at + 1 >= *n || ((*in)[at] != 'c' && (*in)[at] != 'b') ||
	    (*in)[at + 1] < '0' || (*in)[at + 1] > '9')
		return;
	set_str(r, K_TYPE, (*in)[at] == 'c' ? "char" : "block");
	*in += at + 1, *n -= at + 1;
}

int read_tuple(const struct job *j, struct record *r, struct devnum_tuple *t,
	       const devnum_scheme **s)
{
	struct num_error e;
	const devnum_scheme *named;
	const char *in = r->text[K_INPUT];
	size_t n = r->len[K_INPUT];
	udev_type(j, r, &in, &n);
	if (netbsd_form(r->text[K_INPUT], r->len[K_INPUT])) {
		char why[sizeof r->error];
		int rc = netbsd_read(r->text[K_INPUT], r->len[K_INPUT], j->input_base, t, &named,
				     why, sizeof why);
		if (rc < 0)
			return fail(r, rc == -1 ? EXIT_TROUBLE : EXIT_UNFIT, "%s", why);
		if (s && !has_option(j, O_SCHEME))
			*s = named;
		return EXIT_OK;
	}
	if (parse_tuple(in, n, j->input_base, t, &e) < 0)
		return fail_number(r, &e);
	return EXIT_OK;
}

int read_packed_tuple(const struct job *j, struct record *r, struct devnum_tuple *t,
		      const devnum_scheme **s)
{
	*s = j->scheme;
	set_scheme(r, *s);
	int st = read_tuple(j, r, t, s);
	if (!st)
		set_scheme(r, *s);
	return st;
}

int read_raw(const struct job *j, const devnum_scheme *s, struct record *r,
	     uint64_t *raw)
{
	struct num_error e;
	struct devnum_tuple t;
	struct devnum_reason why;
	*raw = 0;
	if (!unpacked(j->out->style.views, s)) {
		if (parse_number(r->text[K_INPUT], r->len[K_INPUT], j->input_base, raw, &e) < 0)
			return fail_number(r, &e);
		return EXIT_OK;
	}
	int st = read_tuple(j, r, &t, NULL);
	if (st)
		return st;
	return encode_why(s, t, raw, &why) != DEVNUM_OK ? fail_reason(r, s, &why) : EXIT_OK;
}

bool is_tuple(const struct record *r)
{
	return looks_like_tuple(r->text[K_INPUT], r->len[K_INPUT]);
}
