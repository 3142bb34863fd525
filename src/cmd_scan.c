/* cmd_scan.c - the device entries of real archives, read with libarchive
 * (scan_walk.c reads the inputs, scan_entry.c makes the records).
 * Streams: no file data is extracted, and memory stays bounded however
 * large the archive or whatever its headers claim. */
#include <config.h>

#include "cli.h"
#include "output.h"
#include "scan.h"

static int max(int a, int b)
{
	return a > b ? a : b;
}

static int scan_run(const struct job *j, int argc, const char **argv)
{
	static const struct archive_calls *la; /* loaded by the first scan */
	int status = EXIT_OK;
	char err[400];
	if (!la && !(la = archive_calls(err, sizeof err))) {
		diag("%s", err);
		return EXIT_TROUBLE;
	}
	if (argc == 0)
		return scan_input(j, la, "-");
	for (int i = 0; i < argc && !out_failed(); i++)
		status = max(status, scan_input(j, la, argv[i]));
	return status;
}

const struct command cmd_scan = {
	"scan", "[ARCHIVE...]", "the device entries of archives, and their findings",
	.options = OPT(O_SCHEME) | OPT(O_INTO) | OPT(O_SUMMARY) | OUTPUT_OPTIONS,
	.keys = KEY(K_INPUT) | KEY(K_PATH) | KEY(K_FORMAT) | KEY(K_SEGMENT) | KEY(K_OFFSET) |
		KEY(K_COMPRESSION) | KEY(K_LINK) | KEY(K_TYPE) | KEY(K_CONTAINER) |
		KEY(K_SCHEME) | KEY(K_RAW) | KEY(K_MAJOR) | KEY(K_MINOR) | KEY(K_FINDINGS) |
		KEY(K_NOTE) | KEY(K_ERROR),
	.plain = "%i: %p: %t %(%M:%m%|unknown%)%( (link to %{link})%)%( [%{findings}] %n%)",
	.names = true,
	.run = scan_run,
};
