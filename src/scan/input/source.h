/* source.h - the bytes scan reads, and libarchive's callbacks over them.
 *
 * A source is a file, read where asked (pread); a pipe, read once; or a
 * decompressor's output: libarchive's, or what a pull function makes.  scan reads an input as segments, one archive
 * after another as the kernel reads an initramfs, and after each goes
 * back to where that archive ended, which libarchive has read past: the
 * last two blocks are kept for that, libarchive reading at most a block
 * ahead of what it consumes.
 *
 * A feed hands a source to one libarchive reader from an offset on, and
 * will not let it hold more than LOOKAHEAD bytes it has not consumed: a
 * header that claims a 256 MiB name would have it buffer that much. */
#ifndef SOURCE_H
#define SOURCE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "scan/libs/archive_calls.h"

#define SOURCE_BLOCK ((size_t)64 * 1024)
#define LOOKAHEAD ((int64_t)4 << 20)

struct span {
	unsigned char *p;
	uint64_t at;
	size_t len;
	bool lent;            /* p is a block of the source's ahead ring */
};

/* Up to n bytes of data's output into p: how many, 0 at its end, -1 with
 * the reason in *why. */
typedef ssize_t source_pull(void *data, unsigned char *p, size_t n, const char **why);

struct source {
	const struct archive_calls *la;
	int fd;               /* the file or pipe, or -1 */
	struct archive *from; /* or the decompressor whose output this is */
	source_pull *pull;    /* or the function that makes it, from data */
	void *data;
	bool seekable;        /* a regular file: read anywhere */
	uint64_t pos;         /* the next byte to hand out */
	uint64_t end;         /* not seekable: how many bytes were read */
	bool eof;
	int err;              /* errno of a failed read, or 0 */
	const char *why;      /* the decompressor's message for its failure */
	struct span kept[2];
	unsigned last;        /* the span handed out last */
	unsigned char *mem;   /* the two spans' storage */
	struct ahead *ahead;  /* or the thread that makes the blocks (ahead.h) */
	size_t first;         /* a pulled source's first block: this many bytes, not
				 SOURCE_BLOCK (an archive member's head, for its bid) */
};

/* 0, or -1 with errno (memory). */
int source_fd(struct source *s, const struct archive_calls *la, int fd);
int source_archive(struct source *s, const struct archive_calls *la, struct archive *from);
int source_pulled(struct source *s, const struct archive_calls *la, source_pull *pull, void *data);
void source_free(struct source *s);
/* A decompressor's output (source_archive, source_pulled) made from now on
 * by a thread of its own, ahead of what is read; nothing else may read
 * what it reads (the decompressor, the source under it) until
 * source_free.  0, or -1 when no thread is to be had (made in turn). */
int source_ahead(struct source *s);

/* The bytes from s->pos on: how many *p holds, 0 at the end, -1 when the
 * read failed (s->err, s->why) or cannot go back that far. */
ssize_t source_at(struct source *s, const unsigned char **p);
/* The bytes from s->pos on, as source_at gives them, but at least n of
 * them (fewer only at the source's end) where s->pos is in the block a
 * pull (not a thread) made last and the block has room: more is pulled
 * into it.  A member's first block is made short (first) and grown so. */
ssize_t source_more(struct source *s, size_t n, const unsigned char **p);
/* n bytes from s->pos copied into buf, s->pos past them: true; false
 * when the source ends or fails first. */
bool source_take(struct source *s, unsigned char *buf, size_t n);
/* Moves s->pos past NUL bytes: 1 when more follows, 0 at the end, -1. */
int source_skip_zeros(struct source *s);
/* What went wrong, in words. */
const char *source_error(const struct source *s);

/* Pulls (source_pulled) of `left` bytes from `at`, in order: of another
 * source (an archive member's data, read by the archive's reader between
 * its headers; SOURCE_REST: to the source's end), or of a file read with
 * pread (a layer, a partition, a zip's stored member); either ends in an
 * error where its source ends first. */
#define SOURCE_REST UINT64_MAX
struct source_window {
	struct source *src;
	uint64_t at, left;
};
ssize_t source_window_pull(void *data, unsigned char *p, size_t n, const char **why);
struct file_window {
	int fd;
	uint64_t at, left;
};
ssize_t file_window_pull(void *data, unsigned char *p, size_t n, const char **why);
/* What a reader that stops with no word of why is said to have met: a
 * gzip trailer cut short, say, where libarchive's gzip reader and
 * gunzip.c, which reads as it does, both stop so. */
#define SAYS_NO_MORE "truncated or damaged (the reader says no more)"


/* ISO 9660's primary volume descriptor: sector 16, 2048 bytes. */
#define VOLUME_AT 32768
#define VOLUME_SIZE 2048

struct feed {
	struct source *src;
	uint64_t base;        /* where the reader's data starts in src */
	unsigned char head[8]; /* its first bytes, NUL-padded */
	unsigned char volume[VOLUME_SIZE]; /* its bytes at VOLUME_AT, or zeros */
};

/* Opens a, a new reader, on src from src->pos: ARCHIVE_OK or libarchive's
 * error.  A seekable source gets seek and skip callbacks too. */
int feed_open(struct feed *f, struct archive *a, struct source *src);
/* How far the reader has consumed, from the feed's base. */
uint64_t feed_consumed(const struct feed *f, struct archive *a);

#endif
