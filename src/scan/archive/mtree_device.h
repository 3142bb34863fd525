/* mtree_device.h - the device= keyword of one entry of an mtree spec, read
 * from the spec's own text.  libarchive rejects a device= it cannot pack
 * with words that name neither the keyword nor the limit ("invalid major
 * number"); with the keyword, NetBSD's form says which part and why. */
#ifndef MTREE_DEVICE_H
#define MTREE_DEVICE_H

#include <stddef.h>
#include <stdint.h>

/* The value of the device= keyword of the entry `path` (as libarchive
 * names it: ./dev/sda) in the spec at byte `base` of file fd, read with
 * pread, into buf: 1; 0 when there is none, or it cannot be read. */
int mtree_device(int fd, uint64_t base, const char *path, char *buf, size_t size);

#endif
