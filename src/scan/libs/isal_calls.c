/* isal_calls.c - libisal, loaded when scan first meets a gzip stream. */
#include <config.h>

#include "scan/libs/isal_calls.h"

const struct isal_calls *isal_calls(struct isal_calls *calls, char *err, size_t size)
{
	if (!calls->lib)
		calls->lib = LOAD_CALLS(ISAL_CALLS, ISAL_SONAME, "scan of gzip", err, size);
	return calls->lib ? calls : NULL;
}
