/* loader.c - a library's functions, found by name when first needed. */
#include <config.h>

#include <dlfcn.h>
#include <stdio.h>

#include "scan/libs/loader.h"

void *load_calls(const char *soname, const char *what, const char *const names[],
		 void **const slots[], size_t n, char *err, size_t size)
{
	void *h = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
	if (!h) {
		snprintf(err, size, "%s needs %s: %s", what, soname, dlerror());
		return NULL;
	}
	for (size_t i = 0; i < n; i++)
		if (!(*slots[i] = dlsym(h, names[i]))) {
			snprintf(err, size, "%s needs %s's %s: %s", what, soname, names[i], dlerror());
			dlclose(h);
			return NULL;
		}
	return h;
}
