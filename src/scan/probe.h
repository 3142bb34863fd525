/* probe.h - what a file that holds no archive is: libblkid, util-linux's
 * prober, reads the superblocks of file systems (ext4, squashfs, erofs,
 * iso9660 and some sixty more) without mounting them.  Loaded with dlopen
 * when scan first needs it; without it, scan only cannot name them. */
#ifndef PROBE_H
#define PROBE_H

#include <stddef.h>

/* The file-system type libblkid finds in the first `size` bytes of fd (0:
 * all of it), as it names it ("ext4"), in name: 1 when found, else 0. */
int probe_filesystem(int fd, long long size, char *name, size_t n);

#endif
