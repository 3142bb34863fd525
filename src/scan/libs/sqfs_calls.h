/* sqfs_calls.h - the libsquashfs functions scan uses for squashfs images,
 * reached through dlopen at the first image (loader.h). */
#ifndef SQFS_CALLS_H
#define SQFS_CALLS_H

#include <sqfs/compressor.h>
#include <sqfs/data_reader.h>
#include <sqfs/dir.h>
#include <sqfs/error.h>
#include <sqfs/inode.h>
#include <sqfs/io.h>
#include <sqfs/meta_reader.h>
#include <sqfs/super.h>
#include <stddef.h>

#include "scan/libs/loader.h"

#define SQFS_CALLS(X) \
	X(sqfs_file_t *, sqfs_open_file, (const char *, sqfs_u32)) \
	X(int, sqfs_super_read, (sqfs_super_t *, sqfs_file_t *)) \
	X(int, sqfs_compressor_config_init, (sqfs_compressor_config_t *, SQFS_COMPRESSOR, size_t, \
					     sqfs_u16)) \
	X(int, sqfs_compressor_create, (const sqfs_compressor_config_t *, sqfs_compressor_t **)) \
	X(sqfs_meta_reader_t *, sqfs_meta_reader_create, (sqfs_file_t *, sqfs_compressor_t *, \
							   sqfs_u64, sqfs_u64)) \
	X(int, sqfs_meta_reader_seek, (sqfs_meta_reader_t *, sqfs_u64, size_t)) \
	X(int, sqfs_meta_reader_read, (sqfs_meta_reader_t *, void *, size_t)) \
	X(int, sqfs_meta_reader_read_inode, (sqfs_meta_reader_t *, const sqfs_super_t *, sqfs_u64, \
					     size_t, sqfs_inode_generic_t **)) \
	X(int, sqfs_readdir_state_init, (sqfs_readdir_state_t *, const sqfs_super_t *, \
					 const sqfs_inode_generic_t *)) \
	X(int, sqfs_meta_reader_readdir, (sqfs_meta_reader_t *, sqfs_readdir_state_t *, \
					  sqfs_dir_entry_t **, sqfs_u32 *, sqfs_u64 *)) \
	X(sqfs_data_reader_t *, sqfs_data_reader_create, (sqfs_file_t *, size_t, sqfs_compressor_t *, \
							   sqfs_u32)) \
	X(int, sqfs_data_reader_load_fragment_table, (sqfs_data_reader_t *, const sqfs_super_t *)) \
	X(sqfs_s32, sqfs_data_reader_read, (sqfs_data_reader_t *, const sqfs_inode_generic_t *, \
					    sqfs_u64, void *, sqfs_u32)) \
	X(void, sqfs_free, (void *))

struct sqfs_calls {
	SQFS_CALLS(CALL_FIELD)
	void *lib; /* the library they were found in; NULL until loaded */
};

/* calls, libsquashfs loaded into them on the first call; NULL with the
 * reason in err when it cannot be loaded. */
const struct sqfs_calls *sqfs_calls(struct sqfs_calls *calls, char *err, size_t size);

#endif
