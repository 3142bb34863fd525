/* sqfs_calls.h - the libsquashfs functions scan uses for squashfs images,
 * reached through dlopen at the first image (loader.h). */
#ifndef SQFS_CALLS_H
#define SQFS_CALLS_H

#include <sqfs/compressor.h>
#include <sqfs/dir.h>
#include <sqfs/dir_reader.h>
#include <sqfs/error.h>
#include <sqfs/inode.h>
#include <sqfs/io.h>
#include <sqfs/super.h>
#include <stddef.h>

#include "scan/loader.h"

#define SQFS_CALLS(X) \
	X(sqfs_file_t *, sqfs_open_file, (const char *, sqfs_u32)) \
	X(int, sqfs_super_read, (sqfs_super_t *, sqfs_file_t *)) \
	X(int, sqfs_compressor_config_init, (sqfs_compressor_config_t *, SQFS_COMPRESSOR, size_t, \
					     sqfs_u16)) \
	X(int, sqfs_compressor_create, (const sqfs_compressor_config_t *, sqfs_compressor_t **)) \
	X(sqfs_dir_reader_t *, sqfs_dir_reader_create, (const sqfs_super_t *, sqfs_compressor_t *, \
							 sqfs_file_t *, sqfs_u32)) \
	X(int, sqfs_dir_reader_get_root_inode, (sqfs_dir_reader_t *, sqfs_inode_generic_t **)) \
	X(int, sqfs_dir_reader_open_dir, (sqfs_dir_reader_t *, const sqfs_inode_generic_t *, \
					  sqfs_u32)) \
	X(int, sqfs_dir_reader_read, (sqfs_dir_reader_t *, sqfs_dir_entry_t **)) \
	X(int, sqfs_dir_reader_get_inode, (sqfs_dir_reader_t *, sqfs_inode_generic_t **)) \
	X(void, sqfs_free, (void *))

struct sqfs_calls {
	SQFS_CALLS(CALL_FIELD)
};

/* The calls, loaded once; NULL with the reason in err when libsquashfs
 * cannot be loaded. */
const struct sqfs_calls *sqfs_calls(char *err, size_t size);

#endif
