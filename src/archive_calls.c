/* archive_calls.c - libarchive, loaded when scan first needs it. */
#include <config.h>

#include "archive_calls.h"
#include "loader.h"

const struct archive_calls *archive_calls(char *err, size_t size)
{
	static struct archive_calls calls;
	static void *lib;
#define ARCHIVE_CALL(type, name, args) #name,
	static const char *const names[] = { ARCHIVE_CALLS(ARCHIVE_CALL) };
#undef ARCHIVE_CALL
#define ARCHIVE_CALL(type, name, args) (void **)&calls.name,
	void **const slots[] = { ARCHIVE_CALLS(ARCHIVE_CALL) };
#undef ARCHIVE_CALL
	if (!lib)
		lib = load_calls(LIBARCHIVE_SONAME, "scan", names, slots,
				 sizeof names / sizeof names[0], err, size);
	return lib ? &calls : NULL;
}
