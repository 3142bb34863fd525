/* zlib_calls.h - zlib's inflater, which scan reads a xar's table of
 * contents with before libarchive does (xar_toc.h), a cramfs file's
 * pages (image_cramfs.c) and a zip's deflated members (zip_unix.c),
 * reached through dlopen at the first (loader.h). */
#ifndef ZLIB_CALLS_H
#define ZLIB_CALLS_H

#include <stddef.h>
#include <zlib.h>

#include "scan/libs/loader.h"

#define ZLIB_CALLS(X) \
	X(int, inflateInit_, (z_streamp, const char *, int)) \
	X(int, inflateInit2_, (z_streamp, int, const char *, int)) \
	X(int, inflate, (z_streamp, int)) \
	X(int, inflateEnd, (z_streamp))

struct zlib_calls {
	ZLIB_CALLS(CALL_FIELD)
	void *lib; /* the library they were found in; NULL until loaded */
};

/* calls, libz loaded into them on the first call; NULL with the reason
 * in err when it cannot be loaded. */
const struct zlib_calls *zlib_calls(struct zlib_calls *calls, char *err, size_t size);

#endif
