/* probe.c - libblkid's superblock probe, on a file or a pipe's first bytes. */
#include <config.h>

#include <blkid.h>
#include <stdbool.h>
#include <stdio.h>

#include "scan/loader.h"
#include "scan/probe.h"

#define BLKID_CALLS(X) \
	X(blkid_probe, blkid_new_probe, (void)) \
	X(void, blkid_free_probe, (blkid_probe)) \
	X(int, blkid_probe_set_device, (blkid_probe, int, blkid_loff_t, blkid_loff_t)) \
	X(int, blkid_probe_enable_superblocks, (blkid_probe, int)) \
	X(int, blkid_probe_set_superblocks_flags, (blkid_probe, int)) \
	X(int, blkid_probe_enable_partitions, (blkid_probe, int)) \
	X(int, blkid_do_safeprobe, (blkid_probe)) \
	X(int, blkid_probe_lookup_value, (blkid_probe, const char *, const char **, size_t *))

static struct {
	BLKID_CALLS(CALL_FIELD)
} bl;

/* libblkid's calls, loaded once; false when it cannot be loaded. */
static bool loaded(void)
{
	static void *lib;
	static bool tried;
	static const char *const names[] = { BLKID_CALLS(CALL_NAME) };
#define CALLS bl
	void **const slots[] = { BLKID_CALLS(CALL_SLOT) };
#undef CALLS
	if (!tried) {
		char err[200]; /* without libblkid, scan only names no file system */
		lib = load_calls(BLKID_SONAME, "scan", names, slots, sizeof names / sizeof names[0],
				 err, sizeof err);
	}
	tried = true;
	return lib;
}

int probe_filesystem(int fd, long long size, char *name, size_t n)
{
	blkid_probe pr;
	const char *type;
	int found = 0;
	if (!loaded() || !(pr = bl.blkid_new_probe()))
		return 0;
	/* Superblocks only: a partition table's signature is two bytes that
	 * an archive's data can hold by chance. */
	if (bl.blkid_probe_set_device(pr, fd, 0, size) == 0 &&
	    bl.blkid_probe_enable_partitions(pr, 0) == 0 &&
	    bl.blkid_probe_enable_superblocks(pr, 1) == 0 &&
	    bl.blkid_probe_set_superblocks_flags(pr, BLKID_SUBLKS_TYPE) == 0 &&
	    bl.blkid_do_safeprobe(pr) == 0 &&
	    bl.blkid_probe_lookup_value(pr, "TYPE", &type, NULL) == 0)
		found = snprintf(name, n, "%s", type) > 0;
	bl.blkid_free_probe(pr);
	return found;
}
