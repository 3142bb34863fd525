/* fuzz_records.c - the record stream through every command and output
 * mode.  The first two bytes choose the command, scheme and options; the
 * rest is standard input.  Output goes to /dev/null; run with
 * -close_fd_mask=2 so diagnostics stay quiet. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <sys/mman.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "output.h"

struct options opt; /* main.c's, which the harness replaces */

static int (*const commands[])(int, const char **) = {
	cmd_encode, cmd_decode, cmd_convert, cmd_check, cmd_canon,
	cmd_aliases, cmd_explain, cmd_layout,
};

static const struct format *template(void)
{
	static struct format *f;
	char err[64];
	if (!f)
		f = format_compile("%M:%m %r %d %x %o %s [%i]%%\\t", err, sizeof err);
	return f;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int null_fd = -1;
	static const unsigned bases[] = { 16, 10, 8, 16 };
	if (size < 2)
		return 0;
	uint8_t pick = data[0], flags = data[1];
	data += 2, size -= 2;
	opt = (struct options){
		.scheme = &dn_schemes[pick % dn_nschemes],
		.from = &dn_schemes[(pick / 3u) % dn_nschemes],
		.to = &dn_schemes[(pick / 7u) % dn_nschemes],
		.base = bases[flags & 3], .pad = flags >> 2 & 1, .json = flags >> 3 & 1,
		.zero = flags >> 4 & 1, .strict = flags >> 5 & 1, .quiet = flags >> 6 & 1,
		.legacy = flags >> 6 & 1, .format = flags >> 7 ? template() : NULL,
	};
	if (null_fd < 0)
		null_fd = open("/dev/null", O_WRONLY);
	int in = memfd_create("stdin", 0);
	if (in < 0 || write(in, data, size) != (ssize_t)size || lseek(in, 0, SEEK_SET) != 0)
		return 0;
	dup2(in, 0);
	dup2(null_fd, 1);
	close(in);
	int (*cmd)(int, const char **) = commands[(pick >> 5) % (sizeof commands / sizeof *commands)];
	if (cmd == cmd_layout) {
		/* layout takes operands: the input, cut short, is the value */
		char value[64];
		size_t n = size < sizeof value - 1 ? size : sizeof value - 1;
		memcpy(value, data, n);
		value[n] = 0;
		const char *argv[] = { value };
		cmd(1, argv);
	} else {
		cmd(0, NULL);
	}
	out_flush();
	return 0;
}
