/* inflater.h - zlib's inflate as a pull (source.h): deflate or gzip bytes
 * pulled from another pull and inflated as they are asked for, never more
 * than asked.  It reads a zip's deflated member (raw deflate), and the
 * first bytes of a gzip'd member to see whether they are an input where
 * devnum is built without ISA-L. */
#ifndef INFLATER_H
#define INFLATER_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>
#include <zlib.h>

#include "scan/input/source.h"
#include "scan/libs/zlib_calls.h"

enum { INFLATER_IN = 16384 };

struct inflater {
	const struct zlib_calls *z;
	z_stream zs;
	source_pull *in;      /* where the compressed bytes come from */
	void *in_data;
	bool drained;         /* in has said its end */
	bool ended;           /* the deflate stream (the gzip member) has */
	unsigned char buf[INFLATER_IN];
};

/* Raw deflate (wbits -15, a zip's) or gzip (31, one member) pulled from
 * in: 0, or -1 (memory). */
enum { INFLATE_RAW = -15, INFLATE_GZIP = 31 };
int inflater_open(struct inflater *f, const struct zlib_calls *z, int wbits, source_pull *in,
		  void *in_data);
void inflater_close(struct inflater *f);

/* Up to n inflated bytes of the inflater f into p: how many, 0 at the
 * stream's end, -1 with *why. */
ssize_t inflater_pull(void *f, unsigned char *p, size_t n, const char **why);

#endif
