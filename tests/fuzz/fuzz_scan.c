/* fuzz_scan.c - devnum scan on whatever libarchive makes of the input:
 * every format and filter, inputs inside inputs to scan's default depth
 * (a .deb, a tar in a tar, a disk image's partitions), every output mode, a scheme for the raw
 * formats and a container to repack into chosen by the first byte.  The
 * rest is the archive, on standard input.
 * Built with SPECS (fuzz_spec), the rest is read as the device
 * specification the first byte names, as --spec names one.
 *
 * Output goes to a file that may not grow past OUTPUT_MAX (RLIMIT_FSIZE),
 * so an input of billions of records (a device table's range of 2^32 - 2
 * nodes is one line) ends as on a full disk, a write error, not after
 * hours, and the next input starts with a fresh stream. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>

#include "cli/cli.h"
#include "render/output.h"
#include "scan/dispatch/readers.h"
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

#define OUTPUT_MAX (4 << 20)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int out_fd = -1;
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
		.depth = DEPTH_DEFAULT, /* inputs inside inputs, as scan reads them */
	};
#ifdef SPECS
	j.spec = spec_named(pick >> 1);
#else
	(void)spec_named;
#endif
	if (out_fd < 0) {
		signal(SIGXFSZ, SIG_IGN); /* a write past the limit fails with EFBIG */
		out_fd = memfd_create("output", 0);
	}
	if (out_fd < 0 || ftruncate(out_fd, 0) != 0 || lseek(out_fd, 0, SEEK_SET) != 0)
		return 0;
	out_errno = 0;
	int in = memfd_create("archive", 0);
	if (in < 0 || write(in, data, size) != (ssize_t)size || lseek(in, 0, SEEK_SET) != 0)
		return 0;
	dup2(in, 0);
	dup2(out_fd, 1);
	close(in);
	struct rlimit unlimited, limit = { OUTPUT_MAX, RLIM_INFINITY };
	getrlimit(RLIMIT_FSIZE, &unlimited); /* libFuzzer's own files are not held to it */
	setrlimit(RLIMIT_FSIZE, &limit);
	cmd_scan.run(&j, 0, NULL);
	out_flush();
	setrlimit(RLIMIT_FSIZE, &unlimited);
	return 0;
}
