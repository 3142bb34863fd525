/* sqfs_calls.c - libsquashfs, loaded when scan first meets a squashfs
 * image. */
#include <config.h>

#include "scan/sqfs_calls.h"

const struct sqfs_calls *sqfs_calls(struct sqfs_calls *calls, char *err, size_t size)
{
	static const char *const names[] = { SQFS_CALLS(CALL_NAME) };
#define CALLS (*calls)
	void **const slots[] = { SQFS_CALLS(CALL_SLOT) };
#undef CALLS
	if (!calls->lib)
		calls->lib = load_calls(SQUASHFS_SONAME, "scan of squashfs images", names, slots,
					sizeof names / sizeof names[0], err, size);
	return calls->lib ? calls : NULL;
}
