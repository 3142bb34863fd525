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

int damage(char *buf, size_t size, const devnum_container *c,
	   const struct devnum_judgement *jd, const char *fields)
{
	const unsigned long long ma = jd->stored.major, mi = jd->stored.minor;
	const unsigned long long bma = jd->becomes.major, bmi = jd->becomes.minor;
	char why[160];
	devnum_strreason(why, sizeof why, jd->scheme, &jd->reason);
	switch (devnum_container_reader(c)) {
	case DEVNUM_READER_SATURATED:
		return snprintf(buf, size, "%s is what bsdtar stores for every raw it cannot "
				"hold; the device may be another", fields);
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
