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

/* The sentences of a judgement, said alike by every command, as snprintf
 * writes them.  cannot_hold: "ext4 cannot hold it: major 4096 above
 * 4095".  damage: what the container's reader makes of fields that hold
 * another tuple (DEVNUM_DAMAGED), `fields` being their text. */
int cannot_hold(char *buf, size_t size, const devnum_container *c,
		const struct devnum_judgement *jd);
int damage(char *buf, size_t size, const devnum_container *c,
	   const struct devnum_judgement *jd, const char *fields);
/* What an all-ones raw field (read in s as t) can be: t itself, a wider
 * device a writer of c cut or saturated to it (each named), or NODEV. */
int all_ones(char *buf, size_t size, const devnum_container *c, const devnum_scheme *s,
	     uint64_t raw, struct devnum_tuple t);

#endif
