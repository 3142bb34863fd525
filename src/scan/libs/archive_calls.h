/* archive_calls.h - the libarchive functions scan uses, reached through
 * dlopen at the first scan (loader.h).  Linked at build time, libarchive
 * and the dozen libraries it needs (libxml2, ICU, nettle, zstd...) would
 * load on every run: `devnum encode 3 1` took three times as long. */
#ifndef ARCHIVE_CALLS_H
#define ARCHIVE_CALLS_H

#include <archive.h>
#include <archive_entry.h>
#include <stddef.h>

#include "scan/libs/loader.h"

#define ARCHIVE_CALLS(X) \
	X(struct archive *, archive_read_new, (void)) \
	X(int, archive_read_support_filter_all, (struct archive *)) \
	X(int, archive_read_support_format_tar, (struct archive *)) \
	X(int, archive_read_support_format_cpio, (struct archive *)) \
	X(int, archive_read_support_format_iso9660, (struct archive *)) \
	X(int, archive_read_support_format_mtree, (struct archive *)) \
	X(int, archive_read_support_format_ar, (struct archive *)) \
	X(int, archive_read_support_format_xar, (struct archive *)) \
	X(int, archive_read_support_format_empty, (struct archive *)) \
	X(int, archive_read_support_format_raw, (struct archive *)) \
	X(int, archive_read_set_read_callback, (struct archive *, archive_read_callback *)) \
	X(int, archive_read_set_skip_callback, (struct archive *, archive_skip_callback *)) \
	X(int, archive_read_set_seek_callback, (struct archive *, archive_seek_callback *)) \
	X(int, archive_read_set_callback_data, (struct archive *, void *)) \
	X(int, archive_read_open1, (struct archive *)) \
	X(la_ssize_t, archive_read_data, (struct archive *, void *, size_t)) \
	X(la_int64_t, archive_filter_bytes, (struct archive *, int)) \
	X(int, archive_filter_count, (struct archive *)) \
	X(const char *, archive_filter_name, (struct archive *, int)) \
	X(void, archive_set_error, (struct archive *, int, const char *, ...)) \
	X(int, archive_read_next_header, (struct archive *, struct archive_entry **)) \
	X(la_int64_t, archive_read_header_position, (struct archive *)) \
	X(int, archive_read_free, (struct archive *)) \
	X(int, archive_format, (struct archive *)) \
	X(const char *, archive_format_name, (struct archive *)) \
	X(const char *, archive_error_string, (struct archive *)) \
	X(int, archive_errno, (struct archive *)) \
	X(__LA_MODE_T, archive_entry_filetype, (struct archive_entry *)) \
	X(const char *, archive_entry_pathname, (struct archive_entry *)) \
	X(const char *, archive_entry_hardlink, (struct archive_entry *)) \
	X(dev_t, archive_entry_rdev, (struct archive_entry *)) \
	X(dev_t, archive_entry_rdevmajor, (struct archive_entry *)) \
	X(dev_t, archive_entry_rdevminor, (struct archive_entry *)) \
	X(la_int64_t, archive_entry_size, (struct archive_entry *)) \
	X(int, archive_entry_size_is_set, (struct archive_entry *)) \
	X(int, archive_entry_sparse_count, (struct archive_entry *))

struct archive_calls {
	ARCHIVE_CALLS(CALL_FIELD)
	void *lib; /* the library they were found in; NULL until loaded */
};

/* calls, libarchive loaded into them on the first call; NULL with the
 * reason in err when it cannot be loaded. */
const struct archive_calls *archive_calls(struct archive_calls *calls, char *err, size_t size);

#endif
