/* inflater.c - zlib's inflate over a pull. */
#include <config.h>

#include "scan/input/inflater.h"

int inflater_open(struct inflater *f, const struct zlib_calls *z, int wbits, source_pull *in,
		  void *in_data)
{
	f->z = z, f->in = in, f->in_data = in_data, f->drained = f->ended = false;
	f->zs = (z_stream){ 0 };
	return z->inflateInit2_(&f->zs, wbits, ZLIB_VERSION, (int)sizeof f->zs) == Z_OK ? 0 : -1;
}

void inflater_close(struct inflater *f)
{
	f->z->inflateEnd(&f->zs);
}

ssize_t inflater_pull(void *data, unsigned char *p, size_t n, const char **why)
{
	struct inflater *f = data;
	z_stream *z = &f->zs;
	z->next_out = p, z->avail_out = (uInt)(n > 1 << 30 ? 1 << 30 : n);
	uInt want = z->avail_out;
	while (z->avail_out == want && !f->ended) {
		if (!z->avail_in && !f->drained) {
			ssize_t got = f->in(f->in_data, f->buf, sizeof f->buf, why);
			if (got < 0)
				return -1;
			f->drained = got == 0;
			z->next_in = f->buf, z->avail_in = (uInt)got;
		}
		int rc = f->z->inflate(z, Z_NO_FLUSH);
		if (rc == Z_STREAM_END)
			f->ended = true;
		else if (rc != Z_OK && (rc != Z_BUF_ERROR || (!z->avail_in && f->drained)))
			return *why = rc == Z_BUF_ERROR ? "deflated data cut short"
							: "deflated data zlib cannot inflate", -1;
	}
	return (ssize_t)(want - z->avail_out);
}
