/* probe.h - what a file that holds no archive is: libblkid, util-linux's
 * prober, reads the superblocks of file systems (ext4, squashfs, erofs,
 * iso9660 and some sixty more) without mounting them.  Loaded with dlopen
 * when scan first needs it; without it, scan only cannot name them. */
#ifndef PROBE_H
#define PROBE_H

#include <blkid.h>
#include <stdbool.h>
#include <stddef.h>

#include "scan/libs/loader.h"

#define BLKID_CALLS(X) \
	X(blkid_probe, blkid_new_probe, (void)) \
	X(void, blkid_free_probe, (blkid_probe)) \
	X(int, blkid_probe_set_device, (blkid_probe, int, blkid_loff_t, blkid_loff_t)) \
	X(int, blkid_probe_enable_superblocks, (blkid_probe, int)) \
	X(int, blkid_probe_set_superblocks_flags, (blkid_probe, int)) \
	X(int, blkid_probe_enable_partitions, (blkid_probe, int)) \
	X(int, blkid_do_safeprobe, (blkid_probe)) \
	X(int, blkid_probe_lookup_value, (blkid_probe, const char *, const char **, size_t *)) \
	X(blkid_partlist, blkid_probe_get_partitions, (blkid_probe)) \
	X(int, blkid_partlist_numof_partitions, (blkid_partlist)) \
	X(blkid_partition, blkid_partlist_get_partition, (blkid_partlist, int)) \
	X(blkid_parttable, blkid_partlist_get_table, (blkid_partlist)) \
	X(const char *, blkid_parttable_get_type, (blkid_parttable)) \
	X(blkid_loff_t, blkid_partition_get_start, (blkid_partition)) \
	X(blkid_loff_t, blkid_partition_get_size, (blkid_partition)) \
	X(int, blkid_partition_get_partno, (blkid_partition)) \
	X(int, blkid_partition_get_type, (blkid_partition)) \
	X(const char *, blkid_partition_get_type_string, (blkid_partition)) \
	X(int, blkid_partition_is_extended, (blkid_partition))

struct blkid_calls {
	BLKID_CALLS(CALL_FIELD)
	void *lib;  /* the library they were found in, or NULL */
	bool tried; /* whether it was looked for */
};

/* The file-system type libblkid finds in the `size` bytes of fd from
 * byte `at` (size 0: all of it), as it names it ("ext4"), in name: 1 when
 * found, else 0.  libblkid is loaded into bl on the first call. */
int probe_filesystem(struct blkid_calls *bl, int fd, long long at, long long size, char *name,
		     size_t n);

/* A partition of a disk image, as libblkid lists it: its number, its
 * bytes, its type (a GPT type GUID, or an MBR type as 0x83), and whether
 * it is an MBR's extended partition, which holds others, not data. */
struct partition {
	int number;
	unsigned long long at, size;
	char type[40];
	bool extended;
};

/* The partition table libblkid finds in the file fd: its kind ("gpt",
 * "dos") into table, and up to `most` of its partitions into parts; how
 * many it has (more than `most` when so), or 0 for no table. */
int probe_partitions(struct blkid_calls *bl, int fd, struct partition *parts, int most,
		     char *table, size_t n);

#endif
