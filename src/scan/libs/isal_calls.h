/* isal_calls.h - ISA-L's inflater (libisal), which scan inflates gzip
 * with where configure found it: Debian's libisal inflates a gzip layer in
 * under half the time zlib, libarchive's inflater, takes.  Reached through
 * dlopen at the first gzip stream (loader.h). */
#ifndef ISAL_CALLS_H
#define ISAL_CALLS_H

#include <isa-l/igzip_lib.h>
#include <stddef.h>

#include "scan/libs/loader.h"

#define ISAL_CALLS(X) \
	X(void, isal_inflate_init, (struct inflate_state *)) \
	X(void, isal_inflate_reset, (struct inflate_state *)) \
	X(int, isal_inflate, (struct inflate_state *))

struct isal_calls {
	ISAL_CALLS(CALL_FIELD)
	void *lib; /* the library they were found in; NULL until loaded */
};

/* calls, libisal loaded into them on the first call; NULL with the reason
 * in err when it cannot be loaded. */
const struct isal_calls *isal_calls(struct isal_calls *calls, char *err, size_t size);

#endif
