/* zlib_calls.c - libz, loaded when scan first meets a xar archive, a
 * large file inside a cramfs image or a zip's deflated member. */
#include <config.h>

#include "scan/libs/zlib_calls.h"

const struct zlib_calls *zlib_calls(struct zlib_calls *calls, char *err, size_t size)
{
	if (!calls->lib)
		calls->lib = LOAD_CALLS(ZLIB_CALLS, ZLIB_SONAME, "scan of xar, cramfs and zip files", err, size);
	return calls->lib ? calls : NULL;
}
