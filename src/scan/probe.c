/* probe.c - libblkid's superblock probe, on a file or a pipe's first bytes. */
#include <config.h>

#include <stdio.h>

#include "scan/probe.h"

/* libblkid's calls, loaded into bl the first time; false when it cannot
 * be loaded, and then not tried again. */
static bool loaded(struct blkid_calls *calls)
{
	if (!calls->tried) {
		char err[200]; /* without libblkid, scan only names no file system */
		calls->lib = LOAD_CALLS(BLKID_CALLS, BLKID_SONAME, "scan", err, sizeof err);
	}
	calls->tried = true;
	return calls->lib;
}

int probe_filesystem(struct blkid_calls *bl, int fd, long long size, char *name, size_t n)
{
	blkid_probe pr;
	const char *type;
	int found = 0;
	if (!loaded(bl) || !(pr = bl->blkid_new_probe()))
		return 0;
	/* Superblocks only: a partition table's signature is two bytes that
	 * an archive's data can hold by chance. */
	if (bl->blkid_probe_set_device(pr, fd, 0, size) == 0 &&
	    bl->blkid_probe_enable_partitions(pr, 0) == 0 &&
	    bl->blkid_probe_enable_superblocks(pr, 1) == 0 &&
	    bl->blkid_probe_set_superblocks_flags(pr, BLKID_SUBLKS_TYPE) == 0 &&
	    bl->blkid_do_safeprobe(pr) == 0 &&
	    bl->blkid_probe_lookup_value(pr, "TYPE", &type, NULL) == 0)
		found = snprintf(name, n, "%s", type) > 0;
	bl->blkid_free_probe(pr);
	return found;
}
