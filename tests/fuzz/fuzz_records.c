/* fuzz_records.c - the record stream through every command and output
 * mode.  The first two bytes choose the command, scheme, container, writer
 * and options; the rest is standard input.  Output goes to /dev/null; run with
 * -close_fd_mask=2 so diagnostics stay quiet. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <sys/mman.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "render/output.h"

static const struct command *const commands[] = {
	&cmd_encode, &cmd_decode, &cmd_convert, &cmd_check, &cmd_canon,
	&cmd_aliases, &cmd_explain, &cmd_layout, &cmd_fits, &cmd_pack, &cmd_unpack,
};

static const struct format *compiled(const char *text)
{
	char err[64];
	return text ? format_compile(text, err, sizeof err) : NULL;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int null_fd = -1;
	static const struct format *user, *plain[11];
	static const unsigned bases[] = { 16, 10, 8, 16 };
	if (size < 2)
		return 0;
	uint8_t pick = data[0], flags = data[1];
	data += 2, size -= 2;
	size_t c = (pick >> 4) % (sizeof commands / sizeof *commands);
	if (!user)
		user = compiled("%M:%m %r %d %x %o %s [%i]%( %n%)%%\\t");
	if (!plain[c] && commands[c]->columns) { /* a table: its template from its columns */
		char text[256];
		columns_template(commands[c]->columns, commands[c]->ncolumns, false, text, sizeof text);
		plain[c] = compiled(text);
	} else if (!plain[c]) {
		plain[c] = compiled(commands[c]->plain);
	}
	static struct json_plan plan; /* kept from input to input, as in a run */
	static struct views views;
	struct emitter out = {
		flags >> 3 & 1 ? JSON : flags >> 7 ? TEMPLATE : PLAIN, plain[c], user,
		{ bases[flags & 3], flags >> 2 & 1, .views = &views }, flags >> 4 & 1 ? '\0' : '\n',
		commands[c]->table, 0, 0, .plan = &plan,
	};
	struct job j = {
		.scheme = devnum_scheme_at(pick % devnum_scheme_count()),
		.from = devnum_scheme_at((pick / 3u) % devnum_scheme_count()),
		.to = devnum_scheme_at((pick / 7u) % devnum_scheme_count()),
		.input_base = bases[(flags >> 5) & 3],
		.options = (flags >> 5 & 1 ? OPT_STRICT : OPT_NONE) |
			   (flags >> 6 & 1 && out.mode == PLAIN ? OPT_QUIET : OPT_NONE) |
			   (flags >> 6 & 1 ? OPT_LEGACY : OPT_NONE) | (flags >> 4 & 1 ? OPT_ZERO : OPT_NONE) |
			   (flags & 1 ? OPT_SCHEME : OPT_NONE) | (flags >> 1 & 1 ? OPT_INTO : OPT_NONE),
		.pairs = commands[c]->pairs, .out = &out,
		.box = devnum_container_at(pick % devnum_container_count()), .into = ~UINT64_C(0),
		.writer = flags >> 2 & 1 ? devnum_writer_at((pick / 5u) % devnum_writer_count()) : NULL,
	};
	if (null_fd < 0)
		null_fd = open("/dev/null", O_WRONLY);
	int in = memfd_create("stdin", 0);
	if (in < 0 || write(in, data, size) != (ssize_t)size || lseek(in, 0, SEEK_SET) != 0)
		return 0;
	dup2(in, 0);
	dup2(null_fd, 1);
	close(in);
	if (commands[c] == &cmd_layout) {
		/* layout takes operands: the input, cut short, is the value */
		char value[64];
		size_t n = size < sizeof value - 1 ? size : sizeof value - 1;
		memcpy(value, data, n);
		value[n] = 0;
		const char *argv[] = { value };
		j.options |= OPT_SCHEME;
		commands[c]->run(&j, 1, argv);
	} else if (commands[c]->run) {
		commands[c]->run(&j, 0, NULL);
	} else {
		for_each_record(&j, commands[c]->record, 0, NULL);
	}
	out_flush();
	return 0;
}
