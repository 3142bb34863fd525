/* image.h - file-system images, read by their own libraries, loaded on
 * first use: each device inode a record (scan_inode), an error record for
 * each fault of the image's; the exit status. */
#ifndef IMAGE_H
#define IMAGE_H

#include "scan/scan.h"

/* ext2, ext3 and ext4 (format names it), with libext2fs: fd is the
 * image, a file or block device it can seek in. */
int scan_ext(struct scan *sc, int fd, const char *format);

/* squashfs, with libsquashfs. */
int scan_squashfs(struct scan *sc, int fd, const char *format);

/* The image the first n bytes of a file begin, as libblkid names it
 * (ext2, ext3, ext4, squashfs), or NULL; n of IMAGE_MAGIC_BYTES tells. */
enum { IMAGE_MAGIC_BYTES = 1124 };
const char *image_magic(const unsigned char *p, size_t n);

#endif
