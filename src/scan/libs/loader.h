/* loader.h - libraries that only some commands need, loaded with dlopen on
 * their first use, so the other commands start as fast as a program that
 * needs neither: libarchive alone brings a dozen libraries with it. */
#ifndef LOADER_H
#define LOADER_H

#include <stddef.h>

/* A library's calls are an X-macro list of X(type, name, args); these
 * expand it into a struct of function pointers, the names to look up,
 * and the slots for them in the struct that `calls` points to. */
#define CALL_FIELD(type, name, args) type(*name) args;
#define CALL_NAME(type, name, args) #name,
#define CALL_SLOT(type, name, args) (void **)&calls->name,

/* Opens `soname` and fills *slots[i] with the function names[i], for i < n:
 * the handle, or NULL with the reason in err (which names `what`). */
void *load_calls(const char *soname, const char *what, const char *const names[],
		 void **const slots[], size_t n, char *err, size_t size);

/* load_calls of the list LIST (ARCHIVE_CALLS...) into *calls, a variable
 * of that name where it is used. */
#define LOAD_CALLS(LIST, soname, what, err, size) \
	load_calls(soname, what, (const char *const[]){ LIST(CALL_NAME) }, \
		   (void **const[]){ LIST(CALL_SLOT) }, \
		   sizeof (const char *const[]){ LIST(CALL_NAME) } / sizeof(const char *), err, size)

#endif
