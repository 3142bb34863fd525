/* probe.h - what a file that holds no archive is: libblkid, util-linux's
 * prober, reads the superblocks of file systems (ext4, squashfs, erofs,
 * iso9660 and some sixty more) without mounting them.  Loaded with dlopen
 * when scan first needs it; without it, scan only cannot name them. */
#ifndef PROBE_H
#define PROBE_H

#include <blkid.h>
#include <stdbool.h>
#include <stddef.h>

#include "scan/loader.h"

#define BLKID_CALLS(X) \
	X(blkid_probe, blkid_new_probe, (void)) \
	X(void, blkid_free_probe, (blkid_probe)) \
	X(int, blkid_probe_set_device, (blkid_probe, int, blkid_loff_t, blkid_loff_t)) \
	X(int, blkid_probe_enable_superblocks, (blkid_probe, int)) \
	X(int, blkid_probe_set_superblocks_flags, (blkid_probe, int)) \
	X(int, blkid_probe_enable_partitions, (blkid_probe, int)) \
	X(int, blkid_do_safeprobe, (blkid_probe)) \
	X(int, blkid_probe_lookup_value, (blkid_probe, const char *, const char **, size_t *))

struct blkid_calls {
	BLKID_CALLS(CALL_FIELD)
	void *lib;  /* the library they were found in, or NULL */
	bool tried; /* whether it was looked for */
};

/* The file-system type libblkid finds in the first `size` bytes of fd (0:
 * all of it), as it names it ("ext4"), in name: 1 when found, else 0.
 * libblkid is loaded into bl on the first call. */
int probe_filesystem(struct blkid_calls *bl, int fd, long long size, char *name, size_t n);

#endif
