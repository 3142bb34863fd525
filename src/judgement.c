/* judgement.c - a container's answer (container.h) put into a record:
 * the fields as text, the verdict, and why. */
#include <config.h>

#include <stdio.h>

#include "cli.h"

typedef unsigned long long ull;

void set_fields(struct record *r, enum key k, const struct container *c,
		const struct fields *f)
{
	char *buf = k == K_FIELDS ? r->fields : r->canon_fields;
	set_printed(r, k, buf, FIELDS_TEXT, fields_print(c, f, buf, FIELDS_TEXT));
}

/* The verdict, the field, value and limit it names, and what a reader
 * gets back instead. */
void set_judgement(struct record *r, const struct judgement *jd)
{
	set_str(r, K_VERDICT, verdict_names[jd->verdict]);
	if (jd->field) {
		set_str(r, K_FIELD, jd->field);
		set_num(r, K_VALUE, jd->value);
		if (!jd->reason || jd->why.why == DEVNUM_TOO_BIG) /* else no limit: a bit rule */
			set_num(r, K_LIMIT, jd->limit);
	}
	if (jd->becomes) {
		int n = snprintf(r->becomes, sizeof r->becomes, "%llu:%llu", (ull)jd->t.major,
				 (ull)jd->t.minor);
		set_printed(r, K_BECOMES, r->becomes, sizeof r->becomes, n);
	}
}

/* "raw 0x100800 above 0x3ffff", "major 4096 above 4095": raw values in
 * hex, parts in decimal. */
int judgement_why(char *buf, size_t size, const devnum_scheme *s,
		  const struct judgement *jd)
{
	bool raw = jd->field && jd->field[0] == 'r';
	if (jd->reason && (s || (s = jd->scheme)))
		return devnum_strreason(buf, size, s, &jd->why);
	if (!jd->field) /* a reader's rule, no limit: what it makes of the tuple */
		return snprintf(buf, size, "%llu:%llu reads back as %llu:%llu", (ull)jd->stored.major,
				(ull)jd->stored.minor, (ull)jd->t.major, (ull)jd->t.minor);
	return snprintf(buf, size, raw ? "%s 0x%llx above 0x%llx" : "%s %llu above %llu",
			jd->field, (ull)jd->value, (ull)jd->limit);
}
