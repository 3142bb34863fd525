/* archive_calls.c - libarchive, loaded when scan first needs it. */
#include <config.h>

#include "scan/libs/archive_calls.h"
#include "scan/libs/loader.h"

const struct archive_calls *archive_calls(struct archive_calls *calls, char *err, size_t size)
{
	if (!calls->lib)
		calls->lib = LOAD_CALLS(ARCHIVE_CALLS, LIBARCHIVE_SONAME, "scan", err, size);
	return calls->lib ? calls : NULL;
}
