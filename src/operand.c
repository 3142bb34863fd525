/* operand.c - an operand or line read as what a command takes: a raw value
 * of a scheme, a tuple, or either (explain). */
#include <config.h>

#include "cli.h"
#include "netbsd.h"

int read_tuple(const struct job *j, struct record *r, struct devnum_tuple *t,
	       const devnum_scheme **s)
{
	struct num_error e;
	const devnum_scheme *named;
	if (netbsd_form(r->text[K_INPUT], r->len[K_INPUT])) {
		char why[sizeof r->error];
		int rc = netbsd_read(r->text[K_INPUT], r->len[K_INPUT], j->input_base, t, &named,
				     why, sizeof why);
		if (rc < 0)
			return fail(r, rc == -1 ? EXIT_TROUBLE : EXIT_UNFIT, "%s", why);
		if (s && !j->scheme_set)
			*s = named;
		return EXIT_OK;
	}
	if (parse_tuple(r->text[K_INPUT], r->len[K_INPUT], j->input_base, t, &e) < 0)
		return fail_number(r, &e);
	return EXIT_OK;
}

int read_raw(const struct job *j, const devnum_scheme *s, struct record *r,
	     uint64_t *raw)
{
	struct num_error e;
	struct devnum_tuple t;
	struct devnum_reason why;
	*raw = 0;
	if (!unpacked(s)) {
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
