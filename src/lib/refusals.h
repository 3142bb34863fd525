/* refusals.h - the engine's slow paths, in refusals.c: each fills *why and
 * gives the answer, out of line so that the specialised fast paths stay
 * small. */
#ifndef REFUSALS_H
#define REFUSALS_H

#include "scheme.h"

devnum_status devnum__refuse_part(enum devnum_part part, uint64_t value, uint64_t carried,
				  struct devnum_reason *why);
/* The tuple comes as its two parts: as a struct, GCC spills it to the
 * stack on the fast path of every encode that can take this one (split32,
 * solaris, solaris32), in the chain a caller waits on. */
devnum_status devnum__refuse_raw(enum devnum_cause w, uint64_t major, uint64_t minor,
				 uint64_t raw, struct devnum_reason *why);
devnum_status devnum__invalid(enum devnum_cause w, uint64_t raw, uint64_t limit,
			      struct devnum_reason *why);
devnum_status devnum__stray(uint64_t raw, uint64_t allowed, unsigned width,
			    struct devnum_reason *why);
devnum_status devnum__alias(enum devnum_cause w, uint64_t raw, struct devnum_tuple t,
			    uint64_t canon, uint64_t ignored, struct devnum_reason *why);

/* A NULL handle or a NULL pointer that is not optional: the reason, if
 * any, zeroed. */
devnum_status devnum__bad(struct devnum_reason *why);

#endif
