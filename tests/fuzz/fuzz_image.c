/* fuzz_image.c - one file-system image reader on the input, as a file it
 * can seek in: built as fuzz_ext (READER scan_ext, libext2fs),
 * fuzz_squashfs (READER scan_squashfs, libsquashfs), fuzz_erofs and
 * fuzz_cramfs (devnum's own readers), fuzz_wim (READER scan_wim, libwim).  The first byte
 * picks the output mode, and whether the image is read whole or, as a
 * partition or an archive's member is, as the part of a file after 4096
 * bytes of something else (not for wim, read only whole); records go to
 * /dev/null. */
#define _GNU_SOURCE
#include <config.h> /* first: struct libraries is as the readers see it */

#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>

#include "cli/cli.h"
#include "render/output.h"
#include "scan/image/image.h"
#include "scan/libs/archive_calls.h"
#include "scan_emitter.h"

#define OUTPUT_MAX (4 << 20)

/* Where an image read as a part of its file starts; 0 where the reader
 * reads only whole files. */
#ifdef WHOLE_ONLY
enum { PART_AT = 0 };
#else
enum { PART_AT = 4096 };
#endif

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
	static const unsigned char before[4096] = { 0xa5 };
	struct image_file f = { memfd_create("image", 0), 0, 0 };
	int in = f.fd;
	if (PART_AT && pick >> 7 && in >= 0) { /* a part of the file */
		f.at = PART_AT, f.size = size;
		if (write(in, before, PART_AT) != (ssize_t)PART_AT)
			size = 0;
	}
	if (in < 0 || write(in, data, size) != (ssize_t)size) {
		if (in >= 0)
			close(in);
		return 0;
	}
	dup2(null_fd, 1);
	char err[200]; /* libarchive, as devnum scan loads it first: a file inside the image */
	if (!libs.archive.lib && !archive_calls(&libs.archive, err, sizeof err)) /* is read */
		return close(in), 0;
	scan_start(&sc, &j, &libs, "image");
	/* a file inside the image read as an input is copied to a temporary
	 * file as large as it claims: held to OUTPUT_MAX, it ends as on a
	 * full disk, in an error */
	struct rlimit unlimited, limit = { OUTPUT_MAX, RLIM_INFINITY };
	signal(SIGXFSZ, SIG_IGN);
	getrlimit(RLIMIT_FSIZE, &unlimited);
	setrlimit(RLIMIT_FSIZE, &limit);
	READER(&sc, &f, READER_FORMAT);
	setrlimit(RLIMIT_FSIZE, &unlimited);
	close(in);
	out_flush();
	return 0;
}
