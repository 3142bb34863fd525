/* report.c - refusals, warnings and their English, in one place. */
#include <config.h>

#include <stdarg.h>
#include <stdio.h>

#include "cli.h"
#include "number.h"
#include "output.h"

static const char *part_name(enum dn_part p)
{
	return p == DN_MAJOR ? "major" : "minor";
}

/* "bit 15" or "bits 31:27" */
static void bits(char *buf, size_t size, unsigned hi, unsigned lo)
{
	if (hi == lo)
		snprintf(buf, size, "bit %u", lo);
	else
		snprintf(buf, size, "bits %u:%u", hi, lo);
}

void why_text(char *buf, size_t size, const struct dn_scheme *s,
	      const struct dn_reason *r)
{
	char b[32];
	unsigned long long v = r->value, lim = r->limit;
	bits(b, sizeof b, r->hi, r->lo);
	switch (r->why) {
	case DN_TOO_BIG:
		snprintf(buf, size, "%s %llu out of range for %s (at most %llu)",
			 part_name(r->part), v, s->name, lim);
		break;
	case DN_GAP:
		snprintf(buf, size, "%s %llu out of range for %s (%s %s must be 0)",
			 part_name(r->part), v, s->name, part_name(r->part), b);
		break;
	case DN_IN_WINDOW:
		snprintf(buf, size, "0:%llu cannot be encoded in %s "
			 "(0x100..0xffff is its legacy 16-bit window)", v, s->name);
		break;
	case DN_IS_NODEV:
		snprintf(buf, size, "cannot be encoded in %s (0x%llx is NODEV)", s->name, v);
		break;
	case DN_TOO_WIDE:
		snprintf(buf, size, "0x%llx is wider than %u bits, out of range for %s "
			 "(at most 0x%llx)", v, s->width, s->name, lim);
		break;
	case DN_SENTINEL:
		snprintf(buf, size, "0x%llx is NODEV in %s, not a device", v, s->name);
		break;
	case DN_STRAY:
		snprintf(buf, size, "%s set, which %s does not use", b, s->name);
		break;
	default:
		snprintf(buf, size, "noncanonical in %s", s->name);
		break;
	}
}

void alias_text(char *buf, size_t size, const struct dn_scheme *s,
		const struct dn_reason *r, struct dn_tuple t, uint64_t canon)
{
	char b[32];
	unsigned long long ma = t.major, mi = t.minor, c = canon;
	bits(b, sizeof b, r->hi, r->lo);
	if (r->why == DN_LEGACY)
		snprintf(buf, size, "noncanonical in %s: legacy 16-bit alias of "
			 "%llu:%llu, canonical 0x%llx", s->name, ma, mi, c);
	else
		snprintf(buf, size, "noncanonical in %s: alias of %llu:%llu "
			 "(%s ignores %s), canonical 0x%llx", s->name, ma, mi,
			 s->name, b, c);
}

static void vreport(const struct where *w, const char *s, size_t n,
		    const char *prefix, const char *fmt, va_list ap)
{
	char q[400], what[600];
	vsnprintf(what, sizeof what, fmt, ap);
	if (opt.json) {
		json_begin(s, n, opt.scheme);
		json_text("error", what);
		json_end();
		return;
	}
	quote(q, sizeof q, s, n);
	if (w->line)
		diag("<stdin>:%ju: '%s': %s%s", w->line, q, prefix, what);
	else
		diag("'%s': %s%s", q, prefix, what);
}

int fail_record(const struct where *w, const char *s, size_t n, int status,
		const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vreport(w, s, n, "", fmt, ap);
	va_end(ap);
	return status;
}

void warn_record(const struct where *w, const char *s, size_t n,
		 const char *fmt, ...)
{
	va_list ap;
	if (opt.json)
		return; /* the record's own object says it */
	va_start(ap, fmt);
	vreport(w, s, n, "warning: ", fmt, ap);
	va_end(ap);
}

int fail_reason(const struct where *w, const char *s, size_t n,
		const struct dn_scheme *scheme, const struct dn_reason *r)
{
	char why[256];
	why_text(why, sizeof why, scheme, r);
	return fail_record(w, s, n, EXIT_UNFIT, "%s", why);
}

int fail_number(const struct where *w, const char *s, size_t n,
		const struct num_error *e)
{
	char what[128];
	num_strerror(e, what, sizeof what);
	return fail_record(w, s, n, EXIT_TROUBLE, "%s", what);
}
