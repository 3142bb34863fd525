/* loader.h - libraries that only some commands need, loaded with dlopen on
 * their first use, so the other commands start as fast as a program that
 * needs neither: libarchive alone brings a dozen libraries with it. */
#ifndef LOADER_H
#define LOADER_H

#include <stddef.h>

/* A library's calls are an X-macro list of X(type, name, args); these
 * expand it into a struct of function pointers, the names to look up,
 * and the struct's slots for them (the struct variable named CALLS). */
#define CALL_FIELD(type, name, args) type(*name) args;
#define CALL_NAME(type, name, args) #name,
#define CALL_SLOT(type, name, args) (void **)&CALLS.name,

/* Opens `soname` and fills *slots[i] with the function names[i], for i < n:
 * the handle, or NULL with the reason in err (which names `what`). */
void *load_calls(const char *soname, const char *what, const char *const names[],
		 void **const slots[], size_t n, char *err, size_t size);

#endif
