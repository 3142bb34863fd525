/* scan.h - what the parts of scan share: one input's scan, walked as
 * segments (scan_walk.c) or as an OCI layout's layers (oci_layout.c),
 * each archive entry or image inode made a record (scan_entry.c). */
#ifndef SCAN_H
#define SCAN_H

#include <stdbool.h>
#include <stdint.h>

#include "cli/cli.h"
#include "scan/archive_calls.h"
#include "scan/ext2fs_calls.h"
#include "scan/findings.h"
#include "scan/links.h"
#include "scan/probe.h"
#include "scan/sqfs_calls.h"

/* Counts of entries, device entries and those with findings. */
struct tally {
	uintmax_t entries, devices, found;
};

/* The libraries scan loads with dlopen (loader.h), held by the run that
 * loads them, each the first time an input needs it; zeroed, none is. */
struct libraries {
	struct archive_calls archive;
	struct ext2fs_calls ext2fs;
	struct sqfs_calls sqfs;
	struct blkid_calls blkid;
};

struct scan {
	const struct job *j;
	struct libraries *libs;
	const struct archive_calls *la; /* libs->archive, loaded */
	struct record r;
	struct links links;          /* device entries, for the hard links to them */
	struct tally all, seg;       /* the input's, and its segment's */
	unsigned segment;            /* the segment's number, from 1 */
	uint64_t offset;             /* the byte of the input it starts at */
	const char *compression;     /* its compression, or "none" */
	const char *layer;           /* the image layer being read, or NULL */
	const unsigned char *volume; /* the archive's ISO 9660 volume descriptor */
	int file;                    /* the archive's file, when read straight from
					one (not decompressed), for pread; or -1 */
	uint64_t file_base;          /* where in it the archive starts */
	unsigned layers;             /* how many blobs were layers */
	bool unfit;                  /* the entry has a finding that is a fault */
	const devnum_container *mknod; /* Linux's dev_t, which every device is judged by */
	int format;                  /* the last entry's libarchive format, or -1 */
	const devnum_container *container; /* format's container, or NULL */
};

/* The record of one entry, when it is a device, a hard link to one, or
 * carries a device number it should not; rc is archive_read_next_header's
 * answer for it (ARCHIVE_WARN: libarchive's message bears on it).  The
 * exit status, EXIT_UNFIT for a fault found. */
int scan_entry(struct scan *sc, struct archive *a, struct archive_entry *e, int rc);

/* A device inode of a file-system image, as its reader found it. */
struct inode_entry {
	const char *path;           /* a name that links to it, or <inode N> */
	const char *format;         /* the file system, as libblkid names it */
	bool block;                 /* a block device, else a character one */
	uint64_t ino;               /* its inode number */
	const devnum_container *c;  /* the container its fields are */
	struct devnum_fields fields; /* as stored */
	enum finding noted;         /* the finding note is: what another reader */
	const char *note;           /* makes of it (F_UNSQUASHFS), or NULL */
};

/* The record of a device inode, with its findings; the exit status,
 * EXIT_UNFIT for a fault found. */
int scan_inode(struct scan *sc, const struct inode_entry *e);

/* scan_walk.c: a scan of the input `name` with libarchive loaded in
 * libs, begun and ended (--summary's totals); every segment of the file fd, as the input or as an image's
 * layer (layer names it; a blob that is no archive is passed over); an
 * error of the input's: the status. */
void scan_start(struct scan *sc, const struct job *j, struct libraries *libs,
		const char *name);
int scan_file(struct scan *sc, int fd, const char *layer);
int scan_error(struct scan *sc, const char *why);
void scan_end(struct scan *sc);

/* oci_layout.c: an OCI image layout, a directory: its layers, index.json
 * -> manifests -> layers, each once. */
int scan_layout(struct scan *sc, const char *dir);

#endif
