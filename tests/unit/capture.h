/* capture.h - what a piece of a unit test writes to standard output
 * through output.c's buffer, read back through a pipe. */
#ifndef CAPTURE_H
#define CAPTURE_H

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "output.h"

/* fn(arg)'s output, flushed, in buf as a string. */
static inline void capture(void (*fn)(void *), void *arg, char *buf, size_t size)
{
	int p[2], saved = dup(1);
	if (pipe(p) < 0) {
		printf("Bail out! no pipe\n");
		exit(99);
	}
	dup2(p[1], 1);
	close(p[1]);
	fn(arg);
	out_flush();
	dup2(saved, 1);
	close(saved);
	ssize_t n = read(p[0], buf, size - 1);
	buf[n < 0 ? 0 : n] = 0;
	close(p[0]);
}

#endif
