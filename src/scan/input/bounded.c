/* bounded.c - checked reads of an image through one window. */
#include <config.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "scan/input/bounded.h"

bool bounded_open(struct bounded *b, int fd, uint64_t base, uint64_t size)
{
	struct stat st;
	*b = (struct bounded){ .fd = fd, .base = base };
	if (fstat(fd, &st) < 0) {
		snprintf(b->why, sizeof b->why, "%s", strerror(errno));
		return false;
	}
	/* a block device's size is not in st_size */
	off_t end = S_ISREG(st.st_mode) ? st.st_size : lseek(fd, 0, SEEK_END);
	if (end < 0 || !(b->window = malloc(BOUNDED_WINDOW))) {
		snprintf(b->why, sizeof b->why, "%s", end < 0 ? strerror(errno) : "out of memory");
		return false;
	}
	if ((uint64_t)end < base || (size && (uint64_t)end - base < size)) {
		snprintf(b->why, sizeof b->why, "the file ends at byte %lld, before the image's end",
			 (long long)end);
		bounded_close(b);
		return false;
	}
	b->size = size ? size : (uint64_t)end - base;
	return true;
}

void bounded_close(struct bounded *b)
{
	free(b->window);
	b->window = NULL;
}

/* The window moved to start at off: true; false with why set. */
static bool fill(struct bounded *b, uint64_t off)
{
	size_t want = b->size - off < BOUNDED_WINDOW ? (size_t)(b->size - off) : BOUNDED_WINDOW;
	size_t got = 0;
	while (got < want) {
		ssize_t k = pread(b->fd, b->window + got, want - got, (off_t)(b->base + off + got));
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0) {
			b->len = 0;
			snprintf(b->why, sizeof b->why, "%s", k < 0 ? strerror(errno)
								  : "the file shrank while read");
			return false;
		}
		got += (size_t)k;
	}
	b->at = off, b->len = got;
	return true;
}

const unsigned char *bounded_at(struct bounded *b, uint64_t off, size_t n)
{
	if (n > BOUNDED_WINDOW || off > b->size || n > b->size - off) {
		snprintf(b->why, sizeof b->why, "%zu bytes at %llu: past the end of the %llu-byte image",
			 n, (unsigned long long)off, (unsigned long long)b->size);
		return NULL;
	}
	if (off < b->at || off + n > b->at + b->len) {
		uint64_t start = off & ~UINT64_C(4095); /* a walk reads a little behind too */
		if (start + BOUNDED_WINDOW < off + n)
			start = off;
		if (!fill(b, start))
			return NULL;
	}
	return b->window + (off - b->at);
}
