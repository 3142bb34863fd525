/* judgement.h - a container's answer (libdevnum's judgement) in a record. */
#ifndef JUDGEMENT_H
#define JUDGEMENT_H

#include "devnum.h"
#include "render/record.h"

/* The fields as the container writes them, as K_FIELDS or K_CANON_FIELDS. */
void set_fields(struct record *r, enum key k, const devnum_container *c,
		const struct devnum_fields *f);
/* The fate, the part, value and limit it names, and what a reader gets
 * back instead. */
void set_judgement(struct record *r, const struct devnum_judgement *jd);

#endif
