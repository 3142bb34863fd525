/* capture.h - what a piece of a unit test writes to standard output
 * through output.c's buffer, read back through a pipe. */
#ifndef CAPTURE_H
#define CAPTURE_H

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "render/output.h"

/* What fn(arg) writes to fd (1 or 2), stdout flushed, in buf as a string. */
static inline void capture_fd(int fd, void (*fn)(void *), void *arg, char *buf, size_t size)
{
	int p[2], saved = dup(fd);
	if (pipe(p) < 0) {
		printf("Bail out! no pipe\n");
		exit(99);
	}
	dup2(p[1], fd);
	close(p[1]);
	fn(arg);
	out_flush();
	dup2(saved, fd);
	close(saved);
	ssize_t n = read(p[0], buf, size - 1);
	buf[n < 0 ? 0 : n] = 0;
	close(p[0]);
}

/* fn(arg)'s output, flushed, in buf as a string. */
static inline void capture(void (*fn)(void *), void *arg, char *buf, size_t size)
{
	capture_fd(1, fn, arg, buf, size);
}

#endif
