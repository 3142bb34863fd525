/* zlib_calls.c - libz, loaded when scan first meets a xar archive or a
 * large file inside a cramfs image. */
#include <config.h>

#include "scan/libs/zlib_calls.h"

const struct zlib_calls *zlib_calls(struct zlib_calls *calls, char *err, size_t size)
{
	if (!calls->lib)
		calls->lib = LOAD_CALLS(ZLIB_CALLS, ZLIB_SONAME, "scan of xar archives and cramfs files", err, size);
	return calls->lib ? calls : NULL;
}
