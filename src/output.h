/* output.h - buffered standard output, number printing, diagnostics.
 *
 * Everything for stdout goes through one large buffer written with write(2);
 * a failed write is remembered, later output is dropped, and the caller
 * stops and reports it.  Diagnostics go to stderr after stdout is flushed,
 * so the two streams stay in order. */
#ifndef OUTPUT_H
#define OUTPUT_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

void out_mem(const void *p, size_t n);
void out_str(const char *s);
void out_char(char c);
void out_u64(uint64_t v);
/* "major:minor" and `end`, in one go: the hot path of decode */
void out_tuple(uint64_t major, uint64_t minor, char end);
/* v's digits in base 16, 10 or 8, no prefix */
void out_digits(uint64_t v, unsigned base);
/* v in base 16 (0x...), 10 or 8 (0...), zero-padded to `digits` if nonzero */
void out_based(uint64_t v, unsigned base, unsigned digits);
/* a JSON string literal of any bytes; invalid UTF-8 becomes U+FFFD */
void out_json_str(const char *s, size_t n);
/* 0, or -1 once a write has failed (errno saved in out_errno) */
int out_flush(void);
bool out_failed(void);
extern int out_errno;

/* The digits a raw of `width` bits takes in `base`, at its widest. */
unsigned digits_for(unsigned width, unsigned base);

/* Writes s into buf as a quoted operand: printable ASCII kept, anything
 * else escaped, and cut short with "..." past a screenful. */
void quote(char *buf, size_t size, const char *s, size_t n);

/* "devnum: " + message + newline on stderr, after flushing stdout. */
void diag(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void vdiag(const char *fmt, va_list ap);

#endif
