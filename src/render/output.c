/* output.c - the buffer between devnum and its standard output, one a
 * thread. */
#include <config.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "render/digits.h"
#include "render/output.h"

static char main_buf[OUT_SIZE];
OUT_THREAD char *out_buf = main_buf;
OUT_THREAD size_t out_len;
static OUT_THREAD unsigned long flushes; /* a mark is stale once this moves */
static OUT_THREAD out_sink *sink;
static OUT_THREAD void *sink_data;
_Atomic int out_errno;

char *out_thread_buffer(void)
{
	return malloc(OUT_SIZE);
}

void out_thread_begin(char *buf)
{
	out_buf = buf;
	out_len = 0;
}

void out_thread_end(void)
{
	if (out_buf != main_buf)
		free(out_buf);
	out_buf = NULL;
}

void out_sink_set(out_sink *to, void *data)
{
	sink = to;
	sink_data = data;
}

void out_sink_get(out_sink **to, void **data)
{
	*to = sink;
	*data = sink_data;
}

int out_write(int fd, const char *p, size_t n)
{
	while (n) {
		ssize_t w = write(fd, p, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0)
			return -1;
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

static int write_all(int fd, const char *p, size_t n)
{
	return sink ? sink(sink_data, fd, p, n) : out_write(fd, p, n);
}

int out_flush(void)
{
	/* after a failed write the buffer only empties: later output is lost
	 * by design (the caller stops and reports), never overflows */
	if (out_len && !out_errno && write_all(1, out_buf, out_len) < 0)
		out_errno = errno;
	out_len = 0;
	flushes++;
	return out_errno ? -1 : 0;
}

bool out_failed(void)
{
	return out_errno != 0;
}

/* Room for n more bytes; a failed stream swallows everything. */
static char *room(size_t n)
{
	if (out_len + n > OUT_SIZE)
		out_flush();
	return out_buf + out_len;
}

struct out_mark out_mark(size_t n)
{
	room(n);
	return (struct out_mark){ out_len, flushes };
}

/* The bytes written since m, or NULL if they did not stay in the buffer. */
static char *since(struct out_mark m, size_t *n)
{
	if (m.flushes != flushes || out_len < m.pos)
		return NULL;
	*n = out_len - m.pos;
	return out_buf + m.pos;
}

/* How many bytes of a number's text come before its digits: a base's
 * prefix, "0x", "0o" or "0b"; or n when the text is no number (a field
 * shown as unknown), which pads with blanks instead. */
static size_t prefix_of(const char *p, size_t n)
{
	size_t at = n > 2 && p[0] == '0' && (p[1] == 'x' || p[1] == 'o' || p[1] == 'b') ? 2 : 0;
	for (size_t i = at; i < n; i++)
		if (!((p[i] >= '0' && p[i] <= '9') || (p[i] >= 'a' && p[i] <= 'f')))
			return n;
	return at;
}

void out_pad(struct out_mark m, unsigned width, enum pad how)
{
	size_t n;
	char *p = since(m, &n);
	if (!p || n >= width || out_len + (width - n) > OUT_SIZE)
		return;
	size_t at = how == PAD_ZERO ? prefix_of(p, n) : 0, gap = width - n;
	if (at == n) /* no number: blanks on the left, as without the 0 */
		at = 0, how = PAD_LEFT;
	if (how != PAD_RIGHT)
		memmove(p + at + gap, p + at, n - at);
	memset(how == PAD_RIGHT ? p + n : p + at, how == PAD_ZERO ? '0' : ' ', gap);
	out_len += gap;
}

void out_trim(struct out_mark m)
{
	size_t n;
	char *p = since(m, &n);
	while (p && n && p[n - 1] == ' ')
		n--, out_len--;
}

void out_fold(struct out_mark m, unsigned columns, unsigned hang)
{
	char line[4096], *p;
	size_t n, o = hang, col = hang;
	if (!(p = since(m, &n)) || n <= columns || n <= hang || hang >= columns ||
	    n > sizeof line)
		return;
	memcpy(line, p, hang);
	for (size_t i = hang; i < n;) {
		size_t w = 0;
		while (i + w < n && p[i + w] != ' ')
			w++;
		if (o + hang + 1 + w > sizeof line)
			return; /* leave it unfolded */
		if (col > hang && col + 1 + w > columns) {
			line[o++] = '\n';
			memset(line + o, ' ', hang);
			o += hang;
			col = hang;
		} else if (col > hang) {
			line[o++] = ' ';
			col++;
		}
		memcpy(line + o, p + i, w);
		o += w;
		col += w;
		for (i += w; i < n && p[i] == ' ';)
			i++;
	}
	if (m.pos + o > OUT_SIZE)
		return;
	memcpy(p, line, o);
	out_len = m.pos + o;
}

void out_mem_slow(const void *p, size_t n)
{
	const char *s = p;
	while (n) {
		size_t chunk = n < OUT_SIZE ? n : OUT_SIZE;
		memcpy(room(chunk), s, chunk);
		out_len += chunk;
		s += chunk;
		n -= chunk;
	}
}

void out_str(const char *s)
{
	out_mem(s, strlen(s));
}


/* v in base, zero-padded to at least `width` digits, no prefix */
static void out_padded(uint64_t v, unsigned base, unsigned width)
{
	unsigned n = count_digits(v, base);
	if (n < width)
		n = width;
	put_digits(room(n), n, v, base);
	out_len += n;
}

void out_pair(uint64_t major, char sep, uint64_t minor)
{
	unsigned a = count_digits(major, 10), b = count_digits(minor, 10);
	char *p = room(a + b + 1);
	put_digits(p, a, major, 10);
	p[a] = sep;
	put_digits(p + a + 1, b, minor, 10);
	out_len += a + b + 1;
}

void out_digits(uint64_t v, unsigned base)
{
	out_padded(v, base, 0);
}

void out_u64(uint64_t v)
{
	out_padded(v, 10, 0);
}

void out_based(uint64_t v, unsigned base, unsigned digits)
{
	if (base == 16)
		out_mem("0x", 2);
	else if (base == 8 && (v || digits))
		out_char('0');
	out_padded(v, base, digits);
}

unsigned digits_for(unsigned width, unsigned base)
{
	return count_digits(width >= 64 ? UINT64_MAX : (UINT64_C(1) << width) - 1, base);
}

/* Length of the valid UTF-8 sequence at s (at most n bytes), or 0. */
static size_t utf8_len(const unsigned char *s, size_t n)
{
	unsigned c = s[0];
	size_t len = c < 0xc2 ? 0 : c < 0xe0 ? 2 : c < 0xf0 ? 3 : c < 0xf5 ? 4 : 0;
	if (len == 0 || len > n)
		return 0;
	for (size_t i = 1; i < len; i++)
		if ((s[i] & 0xc0) != 0x80)
			return 0;
	if ((c == 0xe0 && s[1] < 0xa0) || (c == 0xed && s[1] > 0x9f) ||
	    (c == 0xf0 && s[1] < 0x90) || (c == 0xf4 && s[1] > 0x8f))
		return 0; /* overlong, surrogate, or above U+10FFFF */
	return len;
}

void out_json_str(const char *str, size_t n)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t i = 0;
	while (i < n && s[i] >= 0x20 && s[i] < 0x80 && s[i] != '"' && s[i] != '\\')
		i++; /* the common case: nothing to escape, one copy */
	out_char('"');
	out_mem(s, i);
	while (i < n) {
		unsigned c = s[i];
		if (c >= 0x80) {
			size_t len = utf8_len(s + i, n - i);
			if (len) {
				out_mem(s + i, len);
			} else {
				char esc[7] = { '\\', 'u', 'd', 'c', digits_lc[c >> 4], digits_lc[c & 15], 0 };
				out_str(esc);
			}
			i += len ? len : 1;
			continue;
		}
		if (c == '"' || c == '\\') {
			out_char('\\');
			out_char((char)c);
		} else if (c < 0x20) {
			char esc[7] = { '\\', 'u', '0', '0', digits_lc[c >> 4], digits_lc[c & 15], 0 };
			out_str(c == '\n' ? "\\n" : c == '\t' ? "\\t" : c == '\r' ? "\\r" : esc);
		} else {
			out_char((char)c);
		}
		i++;
	}
	out_char('"');
}

/* Whether GNU tar writes the byte c as it is. */
static bool plain(unsigned char c)
{
	return c >= 0x20 && c < 0x7f && c != '\\';
}

/* One byte that is not plain, escaped. */
static void out_escape(unsigned char c)
{
	static const char named[] = "\a\b\t\n\v\f\r";
	const char *e = c ? memchr(named, c, sizeof named - 1) : NULL;
	char *p = out_reserve(4);
	*p++ = '\\';
	if (c == '\\')
		*p++ = '\\';
	else if (e)
		*p++ = "abtnvfr"[e - named];
	else {
		*p++ = (char)('0' + (c >> 6));
		*p++ = (char)('0' + (c >> 3 & 7));
		*p++ = (char)('0' + (c & 7));
	}
	out_commit(p);
}

/* How many of the n bytes at s are plain, from the first: eight at a
 * time while they are (a byte plus 0x60 carries into its high bit from
 * 0x20 on; plus 1, from 0x7f on; a backslash is the zero XOR finds), the
 * rest one by one. */
static size_t plain_run(const char *s, size_t n)
{
	const uint64_t ones = UINT64_C(0x0101010101010101), high = ones * 0x80;
	size_t i = 0;
	for (; i + 8 <= n; i += 8) {
		uint64_t v, b;
		memcpy(&v, s + i, 8);
		b = v ^ ones * 0x5c; /* a backslash */
		if (((v + ones * 0x60) & ~(v + ones) & ~v & (((b - ones) & ~b) ^ high) & high) != high)
			break;
	}
	while (i < n && plain((unsigned char)s[i]))
		i++;
	return i;
}

/* Each run of plain bytes is copied whole: a name is mostly one run. */
void out_escaped(const char *s, size_t n)
{
	size_t i = 0;
	while (i < n) {
		size_t run = i + plain_run(s + i, n - i);
		out_mem(s + i, run - i);
		if (run < n)
			out_escape((unsigned char)s[run++]);
		i = run;
	}
}

#define QUOTE_MAX 80

void quote(char *buf, size_t size, const char *s, size_t n)
{
	size_t o = 0;
	for (size_t i = 0; i < n && o + 8 < size; i++) {
		unsigned char c = (unsigned char)s[i];
		if (i == QUOTE_MAX) {
			memcpy(buf + o, "...", 3);
			o += 3;
			break;
		}
		if (c == '\'' || c == '\\')
			o += (size_t)snprintf(buf + o, size - o, "\\%c", c);
		else if (c >= 0x20 && c < 0x7f)
			buf[o++] = (char)c;
		else
			o += (size_t)snprintf(buf + o, size - o, "\\x%02x", c);
	}
	buf[o] = 0;
}

/* A message's bytes that are not printable ASCII as \xHH, the rule of the
 * operands quote() writes: a message may carry a name from an archive. */
static size_t printable(char *to, size_t size, const char *s)
{
	size_t o = 0;
	for (; *s && o + 4 < size; s++) {
		unsigned char c = (unsigned char)*s;
		if (c >= 0x20 && c < 0x7f)
			to[o++] = (char)c;
		else
			o += (size_t)snprintf(to + o, size - o, "\\x%02x", c);
	}
	return o;
}

void vdiag(const char *fmt, va_list ap)
{
	char text[1024], msg[1024];
	(void)vsnprintf(text, sizeof text, fmt, ap);
	size_t len = 8 + printable(msg + 8, sizeof msg - 9, text);
	memcpy(msg, "devnum: ", 8);
	msg[len++] = '\n';
	out_flush();
	(void)write_all(2, msg, len);
}

void diag(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vdiag(fmt, ap);
	va_end(ap);
}
