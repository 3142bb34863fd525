/* judgement.c - a container's answer (libdevnum's judgement) put into a
 * record: the fields as text, the fate, and why. */
#include <config.h>

#include <stdio.h>

#include "render/judgement.h"

void set_fields(struct record *r, enum key k, const devnum_container *c,
		const struct devnum_fields *f)
{
	char *buf = k == K_FIELDS ? r->fields : r->canon_fields;
	set_printed(r, k, buf, FIELDS_TEXT, devnum_fields_print(buf, FIELDS_TEXT, c, f));
}

/* Whether the reason names a part or field: one above a limit, or the
 * part the scheme refused. */
static bool names_part(const struct devnum_judgement *jd)
{
	return jd->by_scheme || jd->reason.cause == DEVNUM_ABOVE ||
	       jd->reason.cause == DEVNUM_SATURATION;
}

static const char *part_name(enum devnum_part p)
{
	return p == DEVNUM_MAJOR ? "major" : p == DEVNUM_MINOR ? "minor" : "raw";
}

void set_judgement(struct record *r, const struct devnum_judgement *jd)
{
	const struct devnum_reason *why = &jd->reason;
	set_str(r, K_VERDICT, devnum_fate_name(jd->fate));
	if (names_part(jd)) {
		set_str(r, K_FIELD, part_name(why->part));
		set_num(r, K_VALUE, !jd->by_scheme ? why->value
				    : why->part == DEVNUM_MAJOR ? jd->stored.major : jd->stored.minor);
		if (!jd->by_scheme || why->cause == DEVNUM_TOO_BIG) /* else no limit: a bit rule */
			set_num(r, K_LIMIT, why->limit);
	}
	if (jd->changed) {
		int n = snprintf(r->becomes, sizeof r->becomes, "%llu:%llu",
				 (unsigned long long)jd->becomes.major,
				 (unsigned long long)jd->becomes.minor);
		set_printed(r, K_BECOMES, r->becomes, sizeof r->becomes, n);
	}
}

int cannot_hold(char *buf, size_t size, const devnum_container *c,
		const struct devnum_judgement *jd)
{
	char why[240];
	devnum_strreason(why, sizeof why, jd->scheme, &jd->reason);
	return snprintf(buf, size, "%s cannot hold it: %s", devnum_container_name(c), why);
}

/* "LEAD a wider device that W1 saturates or W2 cuts to N bits": each
 * writer of c that stores raw for a device wider than the field (raw
 * with four more one bits above it, read in s); nothing for none. */
static int cut_to(char *buf, size_t size, const devnum_container *c, const devnum_scheme *s,
		  uint64_t raw, const char *lead)
{
	unsigned bits = 0, n = 0;
	while (bits < 60 && raw >> bits)
		bits++;
	struct devnum_tuple wide = devnum_decode_unchecked(s, raw | UINT64_C(0xf) << bits);
	struct devnum_tuple stored = devnum_decode_unchecked(s, raw);
	int at = 0;
	for (size_t i = 0; i < devnum_writer_count() && at >= 0 && (size_t)at < size; i++) {
		const devnum_writer *w = devnum_writer_at(i);
		struct devnum_judgement jd;
		if (devnum_writer_container(w) != c || devnum_writer_reads(w) ||
		    devnum_container_fit(c, w, s, wide, &jd) != DEVNUM_CHANGED ||
		    jd.becomes.major != stored.major || jd.becomes.minor != stored.minor)
			continue;
		at += snprintf(buf + at, size - (size_t)at, "%s %s", n++ ? " or" : lead,
			       devnum_writer_version(w));
		if (at >= 0 && (size_t)at < size)
			at += jd.fate == DEVNUM_SATURATED
			      ? snprintf(buf + at, size - (size_t)at, " saturates")
			      : snprintf(buf + at, size - (size_t)at, " cuts to %u bits", bits);
	}
	return at;
}

int all_ones(char *buf, size_t size, const devnum_container *c, const devnum_scheme *s,
	     uint64_t raw, struct devnum_tuple t)
{
	int n = snprintf(buf, size, "an all-ones %s (0x%llx) is %llu:%llu", devnum_container_field_names(c),
			 (unsigned long long)raw, (unsigned long long)t.major,
			 (unsigned long long)t.minor);
	if (n >= 0 && (size_t)n < size)
		n += cut_to(buf + n, size - (size_t)n, c, s, raw, ", a wider device that");
	if (n >= 0 && (size_t)n < size)
		n += snprintf(buf + n, size - (size_t)n, ", or NODEV (\"no device\", which FreeBSD "
			      "and ZFS store for an entry that is none)");
	return n;
}

int damage(char *buf, size_t size, const devnum_container *c,
	   const struct devnum_judgement *jd, const char *fields)
{
	const unsigned long long ma = jd->stored.major, mi = jd->stored.minor;
	const unsigned long long bma = jd->becomes.major, bmi = jd->becomes.minor;
	char why[160];
	devnum_strreason(why, sizeof why, jd->scheme, &jd->reason);
	switch (devnum_container_reader(c)) {
	case DEVNUM_READER_SATURATED: {
		int n = snprintf(buf, size, "%s is %llu:%llu", fields, bma, bmi);
		if (n >= 0 && (size_t)n < size)
			n += cut_to(buf + n, size - (size_t)n, c, jd->scheme, jd->raw,
				    " or a wider device that");
		return n;
	}
	case DEVNUM_READER_ZERO_ONE:
		return snprintf(buf, size, "GNU cpio reads a zero %s back as 0:1",
				devnum_container_field_names(c));
	case DEVNUM_READER_ISOFS:
		return snprintf(buf, size, "the Linux kernel's isofs reads these halves as "
				"%llu:%llu, a reader of the standard's dev_t as %llu:%llu",
				bma, bmi, ma, mi);
	default:
		return snprintf(buf, size, "%s reads %llu:%llu as %llu:%llu (%s)",
				devnum_container_reader(c) == DEVNUM_READER_INITRAMFS
				? "the Linux initramfs unpacker" : "the Linux NFS client",
				ma, mi, bma, bmi, why);
	}
}
