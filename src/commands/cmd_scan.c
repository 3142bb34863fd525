/* cmd_scan.c - the device entries of real archives, file-system images,
 * device specifications, OCI image layouts and staging trees (src/scan
 * reads them: scan_walk.c an input, oci_layout.c a layout, staging.c a
 * tree, scan_entry.c makes the records).  No file data is extracted, and
 * memory stays bounded however large the input or whatever its headers
 * claim. */
#include <config.h>

#include <string.h>

#include "cli/cli.h"
#include "render/output.h"
#include "scan/dispatch/crew.h"
#include "scan/specification/fakeroot_state.h"
#include "scan/dispatch/readers.h"
#include "scan/core/scan.h"

/* Every operand, with the job's threads known. */
static int scan_inputs(const struct job *j, int argc, const char **argv)
{
	int status = EXIT_OK;
	char err[400];
	struct libraries libs = { 0 }; /* each loaded once, when first needed */
	if (!archive_calls(&libs.archive, err, sizeof err)) {
		diag("%s", err);
		return EXIT_TROUBLE;
	}
	struct fakeroot_state state = { NULL, 0 };
	if (j->fakeroot && fakeroot_load(&state, j->fakeroot, err, sizeof err) < 0) {
		char q[400];
		quote(q, sizeof q, j->fakeroot, strlen(j->fakeroot));
		diag("--fakeroot: '%s': %s", q, err);
		return EXIT_TROUBLE;
	}
	const struct fakeroot_state *given = j->fakeroot ? &state : NULL;
	if (argc == 0)
		status = scan_operand(j, &libs, "-", given);
	for (int i = 0; i < argc && !out_failed(); i++)
		status = status_max(status, scan_operand(j, &libs, argv[i], given));
	fakeroot_free(&state);
	return status;
}

static int scan_run(const struct job *given, int argc, const char **argv)
{
	struct job run = *given;
	run.jobs = crew_threads(given->jobs); /* the CPUs, asked once */
	return scan_inputs(&run, argc, argv);
}

/* --scheme names only the layout of raw fields (cpio odc and bin), which
 * --scheme=tuple has none of; --writer without --into is an extractor, a
 * writer of the container linux. */
static void scan_rules(const struct command *c, struct job *j, int *argc, const char ***argv)
{
	const devnum_container *mknod = devnum_container_find("linux");
	(void)argc, (void)argv;
	if (has_option(j, O_SCHEME) && (devnum_scheme_flags(j->scheme) & DEVNUM_TEXT))
		usage_error("--scheme=%s has no raw form; %s's --scheme names the layout of raw "
			    "fields (cpio odc and bin)", devnum_scheme_name(j->scheme), c->name);
	if (j->spec && !reader_find(R_SPEC, j->spec)) {
		char names[200], q[400];
		reader_names(R_SPEC, names, sizeof names);
		quote(q, sizeof q, j->spec, strlen(j->spec));
		usage_error("--spec: unknown format '%s' (one of %s)", q, names);
	}
	if (j->writer && !has_option(j, O_INTO) &&
	    !devnum_writer_find(devnum_writer_name(j->writer), mknod))
		usage_error("--writer: %s does not write %s, which %s judges by without --into",
			    devnum_writer_name(j->writer), devnum_container_name(mknod), c->name);
}

const struct command cmd_scan = {
	"scan", "[ARCHIVE...]", "the device entries of archives, and their findings",
	.options = OPT(O_SCHEME) | OPT(O_INTO) | OPT(O_WRITER) | OPT(O_SUMMARY) | OPT(O_SPEC) | OPT(O_FAKEROOT) | OPT(O_JOBS) | OPT(O_DEPTH) | OUTPUT_OPTIONS,
	.keys = KEY(K_INPUT) | KEY(K_PATH) | KEY(K_FORMAT) | KEY(K_SEGMENT) | KEY(K_OFFSET) |
		KEY(K_COMPRESSION) | KEY(K_LINK) | KEY(K_LAYER) | KEY(K_WITHIN) | KEY(K_TYPE) | KEY(K_INODE) | KEY(K_LINE) | KEY(K_SOURCE) | KEY(K_CONTAINER) |
		KEY(K_SCHEME) | KEY(K_RAW) | KEY(K_FIELDS) | KEY(K_MAJOR) | KEY(K_MINOR) | KEY(K_FINDINGS) |
		KEY(K_NOTE) | KEY(K_ERROR),
	.plain = "%i%{within}%(:%L%): %(%{layer}: %)%(%p%|inode %I%): %t %(%M:%m%|unknown%)%( (link to %{link})%)"
		 "%( (inode %I, fields %F)%)%( (%{source})%)%( [%{findings}] %n%)",
	.names = true,
	.prepare = scan_rules,
	.run = scan_run,
};
