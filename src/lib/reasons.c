/* reasons.c - the English for every refusal and alias, of schemes and of
 * containers, worded once, so that every caller says it as devnum does. */
#include <config.h>

#include <stdio.h>

#include "scheme.h"

static const char *part_name(enum devnum_part p)
{
	return p == DEVNUM_MAJOR ? "major" : p == DEVNUM_MINOR ? "minor" : "raw";
}

/* "bit 15" or "bits 31:27" */
static void bits(char *buf, size_t size, unsigned hi, unsigned lo)
{
	if (hi == lo)
		snprintf(buf, size, "bit %u", lo);
	else
		snprintf(buf, size, "bits %u:%u", hi, lo);
}

const char *devnum_cause_name(enum devnum_cause c)
{
	static const char *const names[] = {
		[DEVNUM_NO_CAUSE] = "none", [DEVNUM_TOO_BIG] = "too-big",
		[DEVNUM_GAP] = "gap", [DEVNUM_IN_WINDOW] = "in-window",
		[DEVNUM_IS_NODEV] = "is-nodev", [DEVNUM_TOO_WIDE] = "too-wide",
		[DEVNUM_SENTINEL] = "sentinel", [DEVNUM_STRAY] = "stray",
		[DEVNUM_IGNORED_BITS] = "ignored-bits", [DEVNUM_LEGACY] = "legacy",
		[DEVNUM_BEYOND] = "beyond", [DEVNUM_ABOVE] = "above",
		[DEVNUM_READS_BACK] = "reads-back", [DEVNUM_SATURATION] = "saturation",
		[DEVNUM_NONCANONICAL] = "noncanonical",
	};
	return (unsigned)c < sizeof names / sizeof names[0] ? names[c] : NULL;
}

int devnum_strreason(char *buf, size_t size, const devnum_scheme *s,
		     const struct devnum_reason *r)
{
	char b[32];
	if (!r) {
		if (size)
			*buf = 0;
		return -1;
	}
	const char *name = s ? s->l->name : "(no scheme)", *part = part_name(r->part);
	unsigned long long v = r->value, lim = r->limit, c = r->canon;
	unsigned long long ma = r->t.major, mi = r->t.minor;
	unsigned long long bma = r->becomes.major, bmi = r->becomes.minor;
	bits(b, sizeof b, r->hi, r->lo);
	switch (r->cause) {
	case DEVNUM_TOO_BIG:
		return snprintf(buf, size, "%s %llu out of range for %s (at most %llu)",
				part, v, name, lim);
	case DEVNUM_GAP:
		return snprintf(buf, size, "%s %llu out of range for %s (%s %s must be 0)",
				part, v, name, part, b);
	case DEVNUM_IN_WINDOW:
		return snprintf(buf, size, "%llu:%llu cannot be encoded in %s "
				"(0x100..0xffff is its legacy 16-bit window)", ma, mi, name);
	case DEVNUM_IS_NODEV:
		return snprintf(buf, size, "cannot be encoded in %s (0x%llx is NODEV)", name, v);
	case DEVNUM_TOO_WIDE:
		return snprintf(buf, size, "0x%llx is wider than %u bits, out of range for %s "
				"(at most 0x%llx)", v, (unsigned)__builtin_popcountll(lim), name, lim);
	case DEVNUM_SENTINEL:
		return snprintf(buf, size, "0x%llx is NODEV in %s, not a device", v, name);
	case DEVNUM_STRAY:
		return snprintf(buf, size, "%s set, which %s does not use", b, name);
	case DEVNUM_IGNORED_BITS:
		return snprintf(buf, size, "noncanonical in %s: alias of %llu:%llu "
				"(%s ignores %s), canonical 0x%llx", name, ma, mi, name, b, c);
	case DEVNUM_LEGACY:
		return snprintf(buf, size, "noncanonical in %s: legacy 16-bit alias of "
				"%llu:%llu, canonical 0x%llx", name, ma, mi, c);
	case DEVNUM_BEYOND:
		return snprintf(buf, size, "beyond the Linux kernel (at most %llu:%llu)",
				v, lim);
	case DEVNUM_ABOVE: /* raw values in hex, parts in decimal */
		return snprintf(buf, size, r->part == DEVNUM_RAW ? "%s 0x%llx above 0x%llx"
								 : "%s %llu above %llu",
				part, v, lim);
	case DEVNUM_READS_BACK:
		return snprintf(buf, size, "%llu:%llu reads back as %llu:%llu", ma, mi, bma, bmi);
	case DEVNUM_SATURATION:
		return snprintf(buf, size, "raw 0x%llx is what a writer stores for every raw it "
				"cannot hold: the device may be another", v);
	case DEVNUM_NONCANONICAL:
		return snprintf(buf, size, "noncanonical fields of %llu:%llu", ma, mi);
	default:
		return snprintf(buf, size, "no reason");
	}
}
