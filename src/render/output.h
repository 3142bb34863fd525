/* output.h - buffered standard output, number printing, diagnostics.
 *
 * Everything for stdout goes through one large buffer written with write(2);
 * a failed write is remembered, later output is dropped, and the caller
 * stops and reports it.  Diagnostics go to stderr after stdout is flushed,
 * so the two streams stay in order.  Each thread has a buffer of its own
 * (scan reads an image's layers at once, turns.h), and may send what it
 * flushes, both streams, to a sink instead of the files. */
#ifndef OUTPUT_H
#define OUTPUT_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* 0, or -1 once a write has failed (errno saved in out_errno) */
int out_flush(void);

#define OUT_SIZE (1 << 18)
/* Initial-exec: found at a fixed offset from the thread pointer, as cheap
 * as a global's address (libcli is linked into programs, never loaded).
 * The buffer is a pointer there, not the array: glibc zeroes a thread's
 * whole TLS block before main, 64 pages of a 256 KiB array for every
 * run of the program; the main thread's is a static array whose pages are
 * mapped only as output reaches them, and each other thread that writes
 * is handed one of its own (out_thread_buffer). */
#define OUT_THREAD _Thread_local __attribute__((tls_model("initial-exec")))
extern OUT_THREAD char *out_buf;
extern OUT_THREAD size_t out_len;

/* A buffer of OUT_SIZE for a thread to be started, or NULL (memory): the
 * starter makes none without one.  The thread makes it its own with
 * out_thread_begin and frees it with out_thread_end, flushed before. */
char *out_thread_buffer(void);
void out_thread_begin(char *buf);
void out_thread_end(void);

void out_mem_slow(const void *p, size_t n);

/* Inline, as they are called several times for every record.  Up to 16
 * bytes, two overlapping fixed-size copies, so no call to memcpy. */
static inline void out_mem(const void *p, size_t n)
{
	char *d = out_buf + out_len;
	const char *s = p;
	if (out_len > OUT_SIZE)
		__builtin_unreachable(); /* tells the compiler what holds */
	if (__builtin_expect(n > OUT_SIZE - out_len, 0)) {
		out_mem_slow(p, n);
		return;
	}
	if (n >= 8 && n <= 16) {
		memcpy(d, s, 8);
		memcpy(d + n - 8, s + n - 8, 8);
	} else if (n >= 4 && n < 8) {
		memcpy(d, s, 4);
		memcpy(d + n - 4, s + n - 4, 4);
	} else if (n < 4) {
		for (size_t i = 0; i < n; i++)
			d[i] = s[i];
	} else {
		memcpy(d, s, n);
	}
	out_len += n;
}

static inline void out_char(char c)
{
	if (__builtin_expect(out_len >= OUT_SIZE, 0))
		out_flush();
	out_buf[out_len++] = c;
}

/* At least n bytes (n <= OUT_SIZE) to write into directly, then
 * out_commit() with the end of what was written. */
static inline char *out_reserve(size_t n)
{
	if (__builtin_expect(n > OUT_SIZE - out_len, 0))
		out_flush();
	return out_buf + out_len;
}

static inline void out_commit(const char *end)
{
	out_len = (size_t)(end - out_buf);
}

void out_str(const char *s);
void out_u64(uint64_t v);
/* Two decimal numbers and the byte between them in one go, "major:minor"
 * or "major minor": the hot path of decode and its --format. */
void out_pair(uint64_t major, char sep, uint64_t minor);
static inline void out_tuple(uint64_t major, uint64_t minor)
{
	out_pair(major, ':', minor);
}
/* v's digits in base 16, 10 or 8, no prefix */
void out_digits(uint64_t v, unsigned base);
/* v in base 16 (0x...), 10 or 8 (0...), zero-padded to `digits` if nonzero */
void out_based(uint64_t v, unsigned base, unsigned digits);
/* A JSON string literal of any bytes.  A byte that is not part of valid
 * UTF-8 becomes the lone surrogate U+DC00 + byte (\udcff for 0xff), as
 * Python's surrogateescape reads it: two different byte strings never
 * give the same literal. */
void out_json_str(const char *s, size_t n);
/* A place in the output, with at least n bytes of room after it, for the
 * calls below to rework what was written since; they do nothing once
 * the buffer was flushed in between. */
struct out_mark {
	size_t pos;
	unsigned long flushes;
};
struct out_mark out_mark(size_t n);
/* Pads what was written since m to `width` columns: blanks before (%8M)
 * or after (%-8M) it, or zeros between a number's base prefix and its
 * digits (%08M); a text that is no number takes blanks before it. */
enum pad { PAD_LEFT, PAD_RIGHT, PAD_ZERO };
void out_pad(struct out_mark m, unsigned width, enum pad how);
/* Drops the blanks that end what was written since m. */
void out_trim(struct out_mark m);
/* Folds what was written since m at blanks to fit `columns`, later lines
 * indented by `hang`. */
void out_fold(struct out_mark m, unsigned columns, unsigned hang);

/* Whether a write has failed, in any thread: every one stops. */
bool out_failed(void);
extern _Atomic int out_errno;

/* Where this thread's flushed bytes go instead of file descriptor fd (1
 * or 2): sink(data, fd, p, n), 0 or -1 with errno; a NULL sink, the
 * files again.  out_sink_get: this thread's, for another to take up.
 * out_write: n bytes to fd itself, 0 or -1 with errno. */
typedef int out_sink(void *data, int fd, const char *p, size_t n);
void out_sink_set(out_sink *sink, void *data);
void out_sink_get(out_sink **sink, void **data);
int out_write(int fd, const char *p, size_t n);

/* The digits a raw of `width` bits takes in `base`, at its widest. */
unsigned digits_for(unsigned width, unsigned base);

/* n bytes of a name as GNU tar's default quoting style writes it:
 * printable ASCII as it is, backslash doubled, \a \b \t \n \v \f \r,
 * and every other byte as a backslash and three octal digits. */
void out_escaped(const char *s, size_t n);

/* Writes s into buf as a quoted operand: printable ASCII kept, anything
 * else escaped, and cut short with "..." past a screenful. */
void quote(char *buf, size_t size, const char *s, size_t n);

/* "devnum: " + message + newline on stderr, after flushing stdout. */
void diag(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void vdiag(const char *fmt, va_list ap);

#endif
