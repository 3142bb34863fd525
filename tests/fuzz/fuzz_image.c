/* fuzz_image.c - one file-system image reader on the input, as a file it
 * can seek in: built as fuzz_ext (READER scan_ext, libext2fs),
 * fuzz_squashfs (READER scan_squashfs, libsquashfs), fuzz_erofs and
 * fuzz_cramfs (devnum's own readers), fuzz_wim (READER scan_wim, libwim).  The first byte
 * picks the output mode; records go to /dev/null. */
#define _GNU_SOURCE
#include <config.h> /* first: struct libraries is as the readers see it */

#include <fcntl.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "cli/cli.h"
#include "render/output.h"
#include "scan/image.h"
#include "scan_emitter.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int null_fd = -1;
	static struct libraries libs; /* loaded at the first input, kept for the rest */
	struct scan sc;
	if (size < 1)
		return 0;
	uint8_t pick = data[0];
	data++, size--;
	struct emitter out = scan_emitter(pick);
	struct job j = { .scheme = devnum_scheme_native(), .out = &out,
			 .into = UINT64_C(1) << (pick % devnum_container_count()),
			 .options = pick >> 6 & 1 ? OPT_INTO : OPT_NONE };
	if (null_fd < 0)
		null_fd = open("/dev/null", O_WRONLY);
	int in = memfd_create("image", 0);
	if (in < 0 || write(in, data, size) != (ssize_t)size) {
		if (in >= 0)
			close(in);
		return 0;
	}
	dup2(null_fd, 1);
	scan_start(&sc, &j, &libs, "image");
	READER(&sc, in, READER_FORMAT);
	close(in);
	out_flush();
	return 0;
}
