/* bounded.h - an image read by devnum's own readers, which trust none of
 * its numbers: every read's offset and length checked against the file's
 * size before it is made, through one window of the file kept in memory
 * (the metadata a walk reads lies close together); and the fields taken
 * from the bytes in a stated byte order, on every host. */
#ifndef BOUNDED_H
#define BOUNDED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { BOUNDED_WINDOW = 65536 };

struct bounded {
	int fd;
	uint64_t base;          /* where the image starts in the file */
	uint64_t size;          /* the image's */
	uint64_t at;            /* where the window starts */
	size_t len;             /* how much of it is read */
	unsigned char *window;  /* BOUNDED_WINDOW bytes */
	char why[200];          /* why the last read failed */
};

/* The image of `size` bytes at byte `base` of fd, which can be sought in
 * (size 0: to the file's end): true; false with why set. */
bool bounded_open(struct bounded *b, int fd, uint64_t base, uint64_t size);
void bounded_close(struct bounded *b);

/* The n bytes at off (n at most BOUNDED_WINDOW): a pointer to them, valid
 * until the next read; NULL, with why set, when the file ends before them
 * or the read fails. */
const unsigned char *bounded_at(struct bounded *b, uint64_t off, size_t n);

static inline uint16_t le16(const unsigned char *p)
{
	return (uint16_t)(p[0] | p[1] << 8);
}

static inline uint32_t le32(const unsigned char *p)
{
	return p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static inline uint64_t le64(const unsigned char *p)
{
	return le32(p) | (uint64_t)le32(p + 4) << 32;
}

static inline uint32_t be32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static inline uint64_t be64(const unsigned char *p)
{
	return (uint64_t)be32(p) << 32 | be32(p + 4);
}

#endif
