/* grown.h - an array that doubles as it fills. */
#ifndef GROWN_H
#define GROWN_H

#include <stdlib.h>

/* v, an array of *cap elements of `size` bytes, n of them used, with room
 * for one more: v itself, or v moved to twice the room (`first` elements
 * the first time) with *cap updated; NULL when memory runs out, v and
 * *cap as they were. */
static inline void *grown(void *v, size_t n, size_t *cap, size_t size, size_t first)
{
	if (n < *cap)
		return v;
	size_t more = *cap ? 2 * *cap : first;
	void *p = realloc(v, more * size);
	if (p)
		*cap = more;
	return p;
}

#endif
