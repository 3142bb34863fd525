/* image.h - file-system images, read by their own libraries, loaded on
 * first use: each device inode a record (scan_record), an error record for
 * each fault of the image's; the exit status. */
#ifndef IMAGE_H
#define IMAGE_H

#include "scan/core/scan.h"

/* Where an image is: the bytes of the file fd from `at`, `size` of them
 * (0: to the file's end).  A partition of a disk image is read in place. */
struct image_file {
	int fd;
	uint64_t at, size;
};

/* ext2, ext3 and ext4 (format names it), with libext2fs: f is in a file
 * or block device it can seek in. */
int scan_ext(struct scan *sc, const struct image_file *f, const char *format);

/* squashfs, with libsquashfs. */
int scan_squashfs(struct scan *sc, const struct image_file *f, const char *format);

/* erofs, by devnum's own reader: compact and extended inodes. */
int scan_erofs(struct scan *sc, const struct image_file *f, const char *format);

/* cramfs, by devnum's own reader, in either byte order. */
int scan_cramfs(struct scan *sc, const struct image_file *f, const char *format);

/* Each reader's bid, in its file: whether the first n bytes of a file
 * (IMAGE_MAGIC_BYTES of them tell) begin such an image; for the regular
 * files of an archive, which scan does not open (libblkid would want the
 * whole file), and for an image libblkid does not find (a cramfs behind
 * its 512-byte boot pad). */
enum { IMAGE_MAGIC_BYTES = 1124 };
bool bid_ext2(const unsigned char *p, size_t n);
bool bid_ext3(const unsigned char *p, size_t n);
bool bid_ext4(const unsigned char *p, size_t n);
bool bid_squashfs(const unsigned char *p, size_t n);
bool bid_cramfs(const unsigned char *p, size_t n);
bool bid_erofs(const unsigned char *p, size_t n);
#ifdef HAVE_WIM
/* WIM, with wimlib: each image a segment; only a whole file (wimlib
 * opens it by name). */
int scan_wim(struct scan *sc, const struct image_file *f, const char *format);
bool bid_wim(const unsigned char *p, size_t n);
#endif

#endif
