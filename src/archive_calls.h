/* archive_calls.h - the libarchive functions scan uses, reached through
 * dlopen at the first scan.  Linked at build time, libarchive and the
 * dozen libraries it needs (libxml2, ICU, nettle, zstd...) would load on
 * every run: `devnum encode 3 1` took three times as long. */
#ifndef ARCHIVE_CALLS_H
#define ARCHIVE_CALLS_H

#include <archive.h>
#include <archive_entry.h>
#include <stddef.h>

#define ARCHIVE_CALLS(X) \
	X(struct archive *, archive_read_new, (void)) \
	X(int, archive_read_support_filter_all, (struct archive *)) \
	X(int, archive_read_support_format_all, (struct archive *)) \
	X(int, archive_read_open_filename, (struct archive *, const char *, size_t)) \
	X(int, archive_read_open_fd, (struct archive *, int, size_t)) \
	X(int, archive_read_next_header, (struct archive *, struct archive_entry **)) \
	X(int, archive_read_free, (struct archive *)) \
	X(int, archive_format, (struct archive *)) \
	X(const char *, archive_format_name, (struct archive *)) \
	X(const char *, archive_error_string, (struct archive *)) \
	X(int, archive_errno, (struct archive *)) \
	X(__LA_MODE_T, archive_entry_filetype, (struct archive_entry *)) \
	X(const char *, archive_entry_pathname, (struct archive_entry *)) \
	X(dev_t, archive_entry_rdev, (struct archive_entry *)) \
	X(dev_t, archive_entry_rdevmajor, (struct archive_entry *)) \
	X(dev_t, archive_entry_rdevminor, (struct archive_entry *)) \
	X(la_int64_t, archive_entry_size, (struct archive_entry *)) \
	X(int, archive_entry_size_is_set, (struct archive_entry *))

struct archive_calls {
#define ARCHIVE_CALL(type, name, args) type(*name) args;
	ARCHIVE_CALLS(ARCHIVE_CALL)
#undef ARCHIVE_CALL
};

/* The calls, loaded once; NULL with the reason in err when libarchive
 * cannot be loaded. */
const struct archive_calls *archive_calls(char *err, size_t size);

#endif
