/* archive_calls.c - libarchive, loaded when scan first needs it. */
#include <config.h>

#include "scan/archive_calls.h"
#include "scan/loader.h"

const struct archive_calls *archive_calls(struct archive_calls *calls, char *err, size_t size)
{
	static const char *const names[] = { ARCHIVE_CALLS(CALL_NAME) };
#define CALLS (*calls)
	void **const slots[] = { ARCHIVE_CALLS(CALL_SLOT) };
#undef CALLS
	if (!calls->lib)
		calls->lib = load_calls(LIBARCHIVE_SONAME, "scan", names, slots,
					sizeof names / sizeof names[0], err, size);
	return calls->lib ? calls : NULL;
}
