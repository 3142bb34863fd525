/* test_output.c - the output buffer: numbers in every base at their edges,
 * and a failed write that is remembered, stops output and never overflows
 * the buffer however much more is written (run it under ASan to see). */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "capture.h"
#include "render/output.h"
#include "tap.h"

static void numbers(void *unused)
{
	(void)unused;
	out_u64(0), out_char(' '), out_u64(9), out_char(' '), out_u64(10), out_char(' ');
	out_u64(99), out_char(' '), out_u64(100), out_char(' '), out_u64(4294967295u), out_char(' ');
	out_u64(4294967296u), out_char(' '), out_u64(9999999999999999999u), out_char(' ');
	out_u64(10000000000000000000u), out_char(' '), out_u64(UINT64_MAX), out_char(' ');
	out_based(0, 16, 0), out_char(' '), out_based(0, 8, 0), out_char(' '), out_based(8, 8, 0);
	out_char(' '), out_based(0x301, 16, 8), out_char(' '), out_based(UINT64_MAX, 8, 0);
	out_char(' '), out_tuple(179, 256), out_char('\n');
}

/* One text padded to 8 columns each way. */
static void padded(void *unused)
{
	static const char *const texts[] = { "0x1f", "179", "unknown", "0b101", "123456789" };
	(void)unused;
	for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++)
		for (enum pad how = PAD_LEFT; how <= PAD_ZERO; how++) {
			struct out_mark m = out_mark(64);
			out_mem(texts[i], strlen(texts[i]));
			out_pad(m, 8, how);
			out_char('|');
		}
}

static void json(void *unused)
{
	(void)unused;
	out_json_str("a\"\\\n\t\x01\x7f\xc3\xa9\xff\xe2\x82", 12);
}

/* Every byte from 1 to 255, and a NUL, as a name. */
static void escaped(void *unused)
{
	char all[256];
	(void)unused;
	for (int i = 0; i < 256; i++)
		all[i] = (char)(i + 1);
	out_escaped(all, 256);
}

static void message(void *unused)
{
	(void)unused;
	diag("'%s': %s", "n\\ame", "bad\033[2J\ttext\xc3\xa9\n");
}

int main(void)
{
	char buf[4096];
	capture(numbers, NULL, buf, sizeof buf);
	ok(!strcmp(buf, "0 9 10 99 100 4294967295 4294967296 9999999999999999999 "
		   "10000000000000000000 18446744073709551615 0x0 0 010 0x00000301 "
		   "01777777777777777777777 179:256\n"), "numbers at every digit boundary: %s", buf);
	capture(padded, NULL, buf, sizeof buf);
	ok(!strcmp(buf, "    0x1f|0x1f    |0x00001f|     179|179     |00000179|"
		   " unknown|unknown |" " unknown|   0b101|0b101   |0b000101|123456789|123456789|123456789|"),
	   "padding: blanks either side, zeros after a base prefix, blanks for a "
	   "text that is no number, nothing past the width: %s", buf);
	capture(json, NULL, buf, sizeof buf);
	/* each byte outside valid UTF-8 is \\udcXX: 0xff, then 0xe2 0x82 cut short */
	ok(!strcmp(buf, "\"a\\\"\\\\\\n\\t\\u0001\x7f\xc3\xa9\\udcff\\udce2\\udc82\""),
	   "JSON strings escape quotes, controls and invalid UTF-8: %s", buf);
	capture(escaped, NULL, buf, sizeof buf);
	/* by hand: GNU tar's escape style, C's letters and 3 octal digits */
	char want[2048] = "", *w = want;
	for (int c = 1; c <= 256; c++) {
		int b = c & 0xff;
		const char *letter = strchr("\a\b\t\n\v\f\r", b);
		if (b == '\\')
			w += sprintf(w, "\\\\");
		else if (b >= 0x20 && b < 0x7f)
			*w++ = (char)b;
		else if (b && letter)
			w += sprintf(w, "\\%c", "abtnvfr"[letter - "\a\b\t\n\v\f\r"]);
		else
			w += sprintf(w, "\\%03o", b);
	}
	*w = 0;
	ok(!strcmp(buf, want), "names: every byte escaped as GNU tar does: %.60s...", buf);
	ok(strstr(buf, "\\a\\b\\t\\n\\v\\f\\r\\016") && strstr(buf, "~\\177\\200") &&
	   strstr(buf, "\\377\\000"), "names: the letters, DEL, 0x80, 0xff and NUL");
	capture_fd(2, message, NULL, buf, sizeof buf);
	ok(!strcmp(buf, "devnum: 'n\\ame': bad\\x1b[2J\\x09text\\xc3\\xa9\\x0a\n"),
	   "diagnostics: every byte that is not printable ASCII as \\xHH: %s", buf);
	ok(digits_for(64, 16) == 16 && digits_for(32, 8) == 11 && digits_for(16, 10) == 5,
	   "full-width digit counts: 16 hex for 64 bits, 11 octal for 32, 5 decimal for 16");

	int full = open("/dev/full", O_WRONLY), saved = dup(1);
	if (full < 0)
		return 99;
	dup2(full, 1);
	static char big[1 << 20];
	memset(big, 'x', sizeof big);
	for (int i = 0; i < 8; i++)
		out_mem(big, sizeof big); /* 8 MiB after the first failure */
	int flushed = out_flush();
	dup2(saved, 1);
	ok(flushed < 0 && out_failed(), "a write to /dev/full is remembered");
	ok(out_errno != 0, "and its errno kept for the message");
	return done_testing();
}
