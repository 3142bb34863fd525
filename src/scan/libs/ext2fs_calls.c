/* ext2fs_calls.c - libext2fs and libcom_err, loaded when scan first meets
 * an ext2, ext3 or ext4 image. */
#include <config.h>

#include <dlfcn.h>
#include <stdio.h>

#include "scan/libs/ext2fs_calls.h"

const struct ext2fs_calls *ext2fs_calls(struct ext2fs_calls *calls, char *err, size_t size)
{
	static const char *const com_err_names[] = { "error_message" };
	void **const com_err_slots[] = { (void **)&calls->error_message };
	void *lib;
	if (calls->lib)
		return calls;
	if (!calls->com_err &&
	    !(calls->com_err = load_calls(COM_ERR_SONAME, "scan of ext2, ext3 and ext4 images",
					  com_err_names, com_err_slots, 1, err, size)))
		return NULL;
	lib = LOAD_CALLS(EXT2FS_CALLS, EXT2FS_SONAME, "scan of ext2, ext3 and ext4 images", err,
			 size);
	io_manager *unix_io = lib ? dlsym(lib, "unix_io_manager") : NULL;
	if (lib && !unix_io) {
		snprintf(err, size, "scan of ext2, ext3 and ext4 images needs %s's unix_io_manager",
			 EXT2FS_SONAME);
		dlclose(lib);
		lib = NULL;
	}
	if (!lib)
		return NULL;
	calls->unix_io = *unix_io;
	calls->initialize_ext2_error_table();
	calls->lib = lib;
	return calls;
}
