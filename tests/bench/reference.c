/* reference.c - make bench's floor for the filter commands: a raw glibc
 * dev_t a line, in hex after 0x, to MAJOR:MINOR, by the plainest fast
 * loop, which checks nothing: input in a 1 MiB buffer, output gathered in
 * 2 MiB and written in one call, hex digits by one comparison each, and
 * each part printed a digit at a time from its 32 bits (glibc's parts are
 * 32 bits).  The figures of make bench are ratios to this loop; it keeps
 * the design of the loop the earlier figures were measured against, so
 * that they compare.  It trusts its input: 0x and hex digits a line. */
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#define IN (1 << 20)
#define OUT (1 << 21)

static char out[OUT + 64];
static size_t used;

static void flush(void)
{
	for (size_t at = 0; at < used;) {
		ssize_t n = write(1, out + at, used - at);
		if (n <= 0)
			_exit(2);
		at += (size_t)n;
	}
	used = 0;
}

/* v in decimal at p, and past it. */
static char *decimal(char *p, uint32_t v)
{
	char tmp[10], *t = tmp + sizeof tmp;
	do
		*--t = (char)('0' + v % 10);
	while ((v /= 10) != 0);
	size_t n = (size_t)(tmp + sizeof tmp - t);
	memcpy(p, t, n);
	return p + n;
}

/* One line's raw value: its hex digits after "0x", to the newline. */
static void line(const unsigned char *s, const unsigned char *end)
{
	uint64_t raw = 0;
	for (s += 2; s < end; s++)
		raw = raw << 4 | (uint64_t)(*s <= '9' ? *s - '0' : (*s | 0x20) - 'a' + 10);
	uint32_t major = (uint32_t)(((raw >> 32) & 0xfffff000) | ((raw >> 8) & 0xfff));
	uint32_t minor = (uint32_t)(((raw >> 12) & 0xffffff00) | (raw & 0xff));
	char *p = decimal(out + used, major);
	*p++ = ':';
	p = decimal(p, minor);
	*p++ = '\n';
	used = (size_t)(p - out);
	if (used > OUT)
		flush();
}

int main(void)
{
	static unsigned char in[IN];
	size_t have = 0;
	for (;;) {
		ssize_t n = read(0, in + have, IN - have);
		if (n < 0)
			return 2;
		have += (size_t)n;
		unsigned char *s = in, *end = in + have, *nl;
		while ((nl = memchr(s, '\n', (size_t)(end - s))) != NULL) {
			line(s, nl);
			s = nl + 1;
		}
		have = (size_t)(end - s);
		memmove(in, s, have);
		if (n == 0)
			break;
	}
	if (have)
		line(in, in + have);
	flush();
	return 0;
}
