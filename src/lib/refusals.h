/* refusals.h - the engine's slow paths, in refusals.c: each fills *why and
 * gives the answer, out of line so that the specialised fast paths stay
 * small. */
#ifndef REFUSALS_H
#define REFUSALS_H

#include "scheme.h"

/* Encode's answer when devnum_layout_refuses() t, packed as raw.  The
 * tuple comes as its two parts: as a struct, GCC spills it to the stack
 * on the fast path of every encode that can take this one (split32,
 * solaris, solaris32), in the chain a caller waits on. */
devnum_status devnum__refuse(const struct devnum_layout *l, uint64_t major, uint64_t minor,
			     uint64_t raw, struct devnum_reason *why);
/* Decode's answer when devnum_layout_verdict() gave the cause c: a
 * refusal, or an alias with *t and *canon set. */
devnum_status devnum__judge(const struct devnum_layout *l, enum devnum_cause c, uint64_t raw,
			    struct devnum_tuple *t, uint64_t *canon, struct devnum_reason *why);

/* A NULL handle or a NULL pointer that is not optional: the reason, if
 * any, zeroed. */
devnum_status devnum__bad(struct devnum_reason *why);

#endif
