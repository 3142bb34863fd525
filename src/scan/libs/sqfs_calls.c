/* sqfs_calls.c - libsquashfs, loaded when scan first meets a squashfs
 * image. */
#include <config.h>

#include "scan/libs/sqfs_calls.h"

const struct sqfs_calls *sqfs_calls(struct sqfs_calls *calls, char *err, size_t size)
{
	if (!calls->lib)
		calls->lib = LOAD_CALLS(SQFS_CALLS, SQUASHFS_SONAME, "scan of squashfs images", err, size);
	return calls->lib ? calls : NULL;
}
