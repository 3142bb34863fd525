/* source.c - blocks read from a file, a pipe or a decompressor, and the
 * callbacks that hand them to libarchive. */
#include <config.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "scan/input/ahead.h"
#include "scan/input/source.h"

static int init(struct source *s, const struct archive_calls *calls)
{
	unsigned char *mem = s->mem = malloc(2 * SOURCE_BLOCK);
	s->la = calls;
	if (!mem)
		return -1;
	s->pos = s->end = 0;
	s->eof = false;
	s->err = 0;
	s->why = NULL;
	s->kept[0] = (struct span){ mem, 0, 0, false };
	s->kept[1] = (struct span){ mem + SOURCE_BLOCK, 0, 0, false };
	s->last = 0;
	return 0;
}

int source_fd(struct source *s, const struct archive_calls *calls, int fd)
{
	struct stat st;
	*s = (struct source){ .fd = fd };
	s->seekable = fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
	return init(s, calls);
}

int source_archive(struct source *s, const struct archive_calls *calls, struct archive *from)
{
	*s = (struct source){ .fd = -1, .from = from };
	return init(s, calls);
}

int source_pulled(struct source *s, const struct archive_calls *calls, source_pull *pull,
		  void *data)
{
	*s = (struct source){ .fd = -1, .pull = pull, .data = data };
	return init(s, calls);
}

void source_free(struct source *s)
{
	if (s->ahead)
		ahead_stop(s->ahead);
	free(s->mem);
}

/* Up to n bytes of a decompressor's output into p, with *why for -1. */
static ssize_t make(void *data, unsigned char *p, size_t n, const char **why)
{
	struct source *s = data;
	if (s->pull)
		return s->pull(s->data, p, n, why);
	ssize_t got = s->la->archive_read_data(s->from, p, n);
	if (got < 0)
		*why = s->la->archive_error_string(s->from);
	return got < 0 ? -1 : got;
}

int source_ahead(struct source *s)
{
	return (s->ahead = ahead_start(make, s, SOURCE_BLOCK)) ? 0 : -1;
}

/* The next block into span k, from `at` (a file) or next (a pipe, a
 * decompressor), or the next its thread made, in place. */
static ssize_t fill(struct source *s, struct span *k, uint64_t at)
{
	unsigned char *p = k->p;
	ssize_t n;
	if (s->ahead) {
		n = ahead_take(s->ahead, k->lent ? k->p : NULL, &k->p, &s->why);
		k->lent = true;
		if (n < 0) /* the span's old bytes are given back: none is left */
			k->len = 0;
		return n;
	}
	if (s->pull || s->from)
		return make(s, p, !s->end && s->first ? s->first : SOURCE_BLOCK, &s->why);
	if (s->seekable) {
		while ((n = pread(s->fd, p, SOURCE_BLOCK, (off_t)at)) < 0 && errno == EINTR)
			;
		if (n < 0)
			s->err = errno;
		return n;
	}
	/* A pipe's block is filled whole, however the writer wrote: so what
	 * libarchive read ahead, past where an archive ended, is two blocks
	 * at most. */
	size_t got = 0;
	while (got < SOURCE_BLOCK && (n = read(s->fd, p + got, SOURCE_BLOCK - got)) != 0) {
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			s->err = errno;
			return -1;
		}
		got += (size_t)n;
	}
	return (ssize_t)got;
}

ssize_t source_at(struct source *s, const unsigned char **p)
{
	for (;;) {
		for (unsigned i = 0; i < 2; i++) {
			struct span *k = &s->kept[i];
			if (s->pos >= k->at && s->pos - k->at < k->len) {
				s->last = i;
				*p = k->p + (s->pos - k->at);
				return (ssize_t)(k->len - (s->pos - k->at));
			}
		}
		if (!s->seekable && s->pos < s->end) {
			s->err = ESPIPE; /* older than the two blocks kept */
			return -1;
		}
		if (s->eof && !s->seekable)
			return 0;
		/* the span not handed out last: libarchive may still hold that one */
		struct span *k = &s->kept[!s->last];
		uint64_t at = s->seekable ? s->pos : s->end;
		ssize_t n = fill(s, k, at);
		if (n < 0)
			return -1;
		k->at = at;
		k->len = (size_t)n;
		s->end = at + (uint64_t)n;
		if (n == 0) {
			s->eof = true;
			if (s->seekable)
				return 0;
		}
		s->last = !s->last;
	}
}

ssize_t source_more(struct source *s, size_t n, const unsigned char **p)
{
	ssize_t have = source_at(s, p);
	struct span *k = &s->kept[s->last];
	while (have > 0 && (size_t)have < n && !s->ahead && (s->pull || s->from) && !s->eof &&
	       k->at + k->len == s->end && k->len < SOURCE_BLOCK) {
		size_t want = n - (size_t)have, room = SOURCE_BLOCK - k->len;
		ssize_t got = make(s, k->p + k->len, want < room ? want : room, &s->why);
		if (got < 0)
			return -1;
		if (!got)
			s->eof = true;
		k->len += (size_t)got, s->end += (uint64_t)got, have += got;
	}
	return have;
}

bool source_take(struct source *s, unsigned char *buf, size_t n)
{
	const unsigned char *p;
	for (size_t got = 0; got < n;) {
		ssize_t k = source_at(s, &p);
		if (k <= 0)
			return false;
		size_t use = (size_t)k < n - got ? (size_t)k : n - got;
		memcpy(buf + got, p, use);
		got += use, s->pos += use;
	}
	return true;
}

int source_skip_zeros(struct source *s)
{
	const unsigned char *p;
	ssize_t n;
	while ((n = source_at(s, &p)) > 0) {
		size_t i = 0;
		while (i < (size_t)n && !p[i])
			i++;
		s->pos += i;
		if (i < (size_t)n)
			return 1;
	}
	return n < 0 ? -1 : 0;
}

const char *source_error(const struct source *s)
{
	if (s->why)
		return s->why;
	if (s->err == ESPIPE)
		return "cannot go back in a pipe to where the archive ended";
	return strerror(s->err ? s->err : EIO);
}

static la_ssize_t feed_read(struct archive *a, void *data, const void **buf)
{
	struct feed *f = data;
	const unsigned char *p = NULL;
	int64_t held = (int64_t)(f->src->pos - f->base) - f->src->la->archive_filter_bytes(a, -1);
	if (held > LOOKAHEAD) { /* libarchive's own printf has no %lld */
		f->src->la->archive_set_error(a, EFBIG, "a header claims more than %d MiB at once "
				      "(a name, a link or an extended header): refused",
				      (int)(LOOKAHEAD >> 20));
		return -1;
	}
	ssize_t n = source_at(f->src, &p);
	if (n < 0) {
		f->src->la->archive_set_error(a, f->src->err ? f->src->err : EIO, "%s", source_error(f->src));
		return -1;
	}
	if (n > 0 && f->src->pos == f->base) { /* a first block is whole: 64 KiB, or all there is */
		memcpy(f->head, p, (size_t)n < sizeof f->head ? (size_t)n : sizeof f->head);
		if ((size_t)n >= VOLUME_AT + VOLUME_SIZE)
			memcpy(f->volume, p + VOLUME_AT, VOLUME_SIZE);
	}
	f->src->pos += (uint64_t)n;
	*buf = p;
	return n;
}

static la_int64_t feed_skip(struct archive *a, void *data, la_int64_t request)
{
	struct feed *f = data;
	(void)a;
	f->src->pos += (uint64_t)request;
	return request;
}

static la_int64_t feed_seek(struct archive *a, void *data, la_int64_t offset, int whence)
{
	struct feed *f = data;
	struct stat st;
	int64_t to = offset;
	if (whence == SEEK_CUR)
		to += (int64_t)(f->src->pos - f->base);
	else if (whence == SEEK_END && fstat(f->src->fd, &st) == 0)
		to += (int64_t)st.st_size - (int64_t)f->base;
	else if (whence != SEEK_SET)
		to = -1;
	if (to < 0) {
		f->src->la->archive_set_error(a, EINVAL, "seek before the archive's start");
		return ARCHIVE_FATAL;
	}
	f->src->pos = f->base + (uint64_t)to;
	return to;
}

int feed_open(struct feed *f, struct archive *a, struct source *src)
{
	f->src = src;
	f->base = src->pos;
	memset(f->head, 0, sizeof f->head);
	memset(f->volume, 0, sizeof f->volume);
	src->la->archive_read_set_read_callback(a, feed_read);
	src->la->archive_read_set_callback_data(a, f);
	if (src->seekable) {
		src->la->archive_read_set_skip_callback(a, feed_skip);
		src->la->archive_read_set_seek_callback(a, feed_seek);
	}
	return src->la->archive_read_open1(a);
}

uint64_t feed_consumed(const struct feed *f, struct archive *a)
{
	int64_t n = f->src->la->archive_filter_bytes(a, -1);
	return n < 0 ? 0 : (uint64_t)n;
}

ssize_t source_window_pull(void *data, unsigned char *p, size_t n, const char **why)
{
	struct source_window *w = data;
	const unsigned char *q;
	if (n > w->left)
		n = (size_t)w->left;
	if (!n)
		return 0;
	w->src->pos = w->at;
	ssize_t k = source_at(w->src, &q);
	if (k == 0 && w->left == SOURCE_REST)
		return 0;
	if (k <= 0)
		return *why = k ? source_error(w->src) : "truncated (the archive ends in it)", -1;
	if ((size_t)k < n)
		n = (size_t)k;
	memcpy(p, q, n);
	w->at += n;
	if (w->left != SOURCE_REST)
		w->left -= n;
	return (ssize_t)n;
}

ssize_t file_window_pull(void *data, unsigned char *p, size_t n, const char **why)
{
	struct file_window *w = data;
	ssize_t got = 0;
	if (n > w->left)
		n = (size_t)w->left;
	while (n && (got = pread(w->fd, p, n, (off_t)w->at)) < 0 && errno == EINTR)
		;
	if (got < 0)
		return *why = strerror(errno), -1;
	if (n && !got)
		return *why = "truncated (the file ends in it)", -1;
	w->at += (uint64_t)got, w->left -= (uint64_t)got;
	return got;
}
