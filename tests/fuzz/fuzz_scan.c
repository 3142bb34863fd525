/* fuzz_scan.c - devnum scan on whatever libarchive makes of the input:
 * every format and filter, every output mode, a scheme for the raw
 * formats and a container to repack into chosen by the first byte.  The
 * rest is the archive, on standard input; output goes to /dev/null.
 * Built with SPECS (fuzz_spec), the rest is read as the device
 * specification the first byte names, as --spec names one. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "cli/cli.h"
#include "render/output.h"
#include "scan/readers.h"
#include "scan_emitter.h"

/* The name of the specification format pick names. */
static const char *spec_named(uint8_t pick)
{
	size_t n = 0, k;
	for (size_t i = 0; i < nreaders; i++)
		n += readers[i].kind == R_SPEC;
	k = pick % n;
	for (size_t i = 0;; i++)
		if (readers[i].kind == R_SPEC && !k--)
			return readers[i].name;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int null_fd = -1;
	if (size < 1)
		return 0;
	uint8_t pick = data[0];
	data++, size--;
	struct emitter out = scan_emitter(pick);
	struct job j = {
		.scheme = devnum_scheme_at((pick >> 2) % devnum_scheme_count()),
		.options = (pick >> 7 ? OPT_SCHEME : OPT_NONE) | (pick >> 6 & 1 ? OPT_INTO : OPT_NONE) |
			   OPT_SUMMARY,
		.into = UINT64_C(1) << (pick % devnum_container_count()), .out = &out,
	};
#ifdef SPECS
	j.spec = spec_named(pick >> 1);
#else
	(void)spec_named;
#endif
	if (null_fd < 0)
		null_fd = open("/dev/null", O_WRONLY);
	int in = memfd_create("archive", 0);
	if (in < 0 || write(in, data, size) != (ssize_t)size || lseek(in, 0, SEEK_SET) != 0)
		return 0;
	dup2(in, 0);
	dup2(null_fd, 1);
	close(in);
	cmd_scan.run(&j, 0, NULL);
	out_flush();
	return 0;
}
