/* ext2fs_calls.h - the libext2fs functions scan uses for ext2, ext3 and
 * ext4 images, reached through dlopen at the first image (loader.h), and
 * com_err's error_message for their error codes. */
#ifndef EXT2FS_CALLS_H
#define EXT2FS_CALLS_H

#include <ext2fs/ext2fs.h>
#include <stddef.h>

#include "scan/libs/loader.h"

#define EXT2FS_CALLS(X) \
	X(errcode_t, ext2fs_open2, (const char *, const char *, int, int, unsigned int, \
				    io_manager, ext2_filsys *)) \
	X(errcode_t, ext2fs_close_free, (ext2_filsys *)) \
	X(errcode_t, ext2fs_dir_iterate2, (ext2_filsys, ext2_ino_t, int, char *, \
					   int (*)(ext2_ino_t, int, struct ext2_dir_entry *, int, \
						   int, char *, void *), void *)) \
	X(errcode_t, ext2fs_read_inode, (ext2_filsys, ext2_ino_t, struct ext2_inode *)) \
	X(errcode_t, ext2fs_open_inode_scan, (ext2_filsys, int, ext2_inode_scan *)) \
	X(errcode_t, ext2fs_get_next_inode_full, (ext2_inode_scan, ext2_ino_t *, struct ext2_inode *, \
						  int)) \
	X(int, ext2fs_inode_csum_verify, (ext2_filsys, ext2_ino_t, struct ext2_inode_large *)) \
	X(int, ext2fs_inode_scan_flags, (ext2_inode_scan, int, int)) \
	X(void, ext2fs_close_inode_scan, (ext2_inode_scan)) \
	X(errcode_t, ext2fs_file_open, (ext2_filsys, ext2_ino_t, int, ext2_file_t *)) \
	X(errcode_t, ext2fs_file_close, (ext2_file_t)) \
	X(errcode_t, ext2fs_file_llseek, (ext2_file_t, __u64, int, __u64 *)) \
	X(errcode_t, ext2fs_file_read, (ext2_file_t, void *, unsigned int, unsigned int *)) \
	X(void, initialize_ext2_error_table, (void))

struct ext2fs_calls {
	EXT2FS_CALLS(CALL_FIELD)
	io_manager unix_io;                     /* libext2fs's unix_io_manager */
	const char *(*error_message)(long);     /* com_err's */
	void *lib, *com_err; /* the libraries they were found in; NULL until loaded */
};

/* calls, libext2fs and libcom_err loaded into them on the first call;
 * NULL with the reason in err when either cannot be loaded. */
const struct ext2fs_calls *ext2fs_calls(struct ext2fs_calls *calls, char *err, size_t size);

#endif
