/* archive_calls.c - libarchive, loaded when scan first needs it. */
#include <config.h>

#include <dlfcn.h>
#include <stdio.h>

#include "archive_calls.h"

const struct archive_calls *archive_calls(char *err, size_t size)
{
	static struct archive_calls calls;
	static void *lib;
	if (lib)
		return &calls;
	void *h = dlopen(LIBARCHIVE_SONAME, RTLD_NOW | RTLD_LOCAL);
	if (!h) {
		snprintf(err, size, "scan needs libarchive: %s", dlerror());
		return NULL;
	}
#define ARCHIVE_CALL(type, name, args) \
	if (!(*(void **)&calls.name = dlsym(h, #name))) { \
		snprintf(err, size, "scan needs libarchive's %s: %s", #name, dlerror()); \
		dlclose(h); \
		return NULL; \
	}
	ARCHIVE_CALLS(ARCHIVE_CALL)
#undef ARCHIVE_CALL
	lib = h;
	return &calls;
}
