/* probe.c - libblkid's superblock probe, on a file or a pipe's first bytes. */
#include <config.h>

#include <stdio.h>

#include "scan/libs/probe.h"

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

int probe_filesystem(struct blkid_calls *bl, int fd, long long at, long long size, char *name,
		     size_t n)
{
	blkid_probe pr;
	const char *type;
	int found = 0;
	if (!loaded(bl) || !(pr = bl->blkid_new_probe()))
		return 0;
	/* Superblocks only: a partition table's signature is two bytes that
	 * an archive's data can hold by chance. */
	if (bl->blkid_probe_set_device(pr, fd, at, size) == 0 &&
	    bl->blkid_probe_enable_partitions(pr, 0) == 0 &&
	    bl->blkid_probe_enable_superblocks(pr, 1) == 0 &&
	    bl->blkid_probe_set_superblocks_flags(pr, BLKID_SUBLKS_TYPE) == 0 &&
	    bl->blkid_do_safeprobe(pr) == 0 &&
	    bl->blkid_probe_lookup_value(pr, "TYPE", &type, NULL) == 0)
		found = snprintf(name, n, "%s", type) > 0;
	bl->blkid_free_probe(pr);
	return found;
}

/* Partition i of list pl, into *p. */
static void partition(struct blkid_calls *bl, blkid_partlist pl, int i, struct partition *p)
{
	enum { SECTOR = 512 }; /* libblkid gives starts and sizes in 512-byte sectors */
	blkid_partition part = bl->blkid_partlist_get_partition(pl, i);
	const char *guid = bl->blkid_partition_get_type_string(part);
	p->number = bl->blkid_partition_get_partno(part);
	p->at = (unsigned long long)bl->blkid_partition_get_start(part) * SECTOR;
	p->size = (unsigned long long)bl->blkid_partition_get_size(part) * SECTOR;
	p->extended = bl->blkid_partition_is_extended(part) != 0;
	if (guid)
		snprintf(p->type, sizeof p->type, "%s", guid);
	else
		snprintf(p->type, sizeof p->type, "0x%02x",
			 (unsigned)bl->blkid_partition_get_type(part));
}

int probe_partitions(struct blkid_calls *bl, int fd, struct partition *parts, int most,
		     char *table, size_t n)
{
	blkid_probe pr;
	blkid_partlist pl;
	int count = 0;
	if (!loaded(bl) || !(pr = bl->blkid_new_probe()))
		return 0;
	if (bl->blkid_probe_set_device(pr, fd, 0, 0) == 0 &&
	    bl->blkid_probe_enable_superblocks(pr, 0) == 0 &&
	    bl->blkid_probe_enable_partitions(pr, 1) == 0 &&
	    (pl = bl->blkid_probe_get_partitions(pr)) &&
	    (count = bl->blkid_partlist_numof_partitions(pl)) > 0) {
		blkid_parttable t = bl->blkid_partlist_get_table(pl);
		snprintf(table, n, "%s", t ? bl->blkid_parttable_get_type(t) : "unknown");
		for (int i = 0; i < count && i < most; i++)
			partition(bl, pl, i, &parts[i]);
	}
	bl->blkid_free_probe(pr);
	return count < 0 ? 0 : count;
}
