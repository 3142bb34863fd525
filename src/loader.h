/* loader.h - libraries that only some commands need, loaded with dlopen on
 * their first use, so the other commands start as fast as a program that
 * needs neither: libarchive alone brings a dozen libraries with it. */
#ifndef LOADER_H
#define LOADER_H

#include <stddef.h>

/* Opens `soname` and fills *slots[i] with the function names[i], for i < n:
 * the handle, or NULL with the reason in err (which names `what`). */
void *load_calls(const char *soname, const char *what, const char *const names[],
		 void **const slots[], size_t n, char *err, size_t size);

#endif
