/* reader.h - a row of the table of what scan reads (readers.h): its
 * name, kind and library, and for the kinds that have them its reader,
 * bid or parser.  The readers themselves take rows; only the dispatcher
 * reads the table. */
#ifndef READER_H
#define READER_H

#include <stdbool.h>
#include <stddef.h>

struct scan;
struct image_file;
struct source;
struct entries;
struct ending;

enum reader_kind { R_ARCHIVE, R_LAYOUT, R_IMAGE, R_SPEC, R_TREE, R_COMPRESSION, R_TABLE,
		   R_UNREAD };

/* Bytes a format's files begin with: `len` of them at byte `at`. */
struct magic {
	size_t at, len;
	const char *bytes;
};

struct reader {
	const char *name;      /* an image's, as libblkid names it */
	enum reader_kind kind;
	const char *library;   /* the library behind it, or NULL: devnum's own code */
	/* Its bid on a file's first bytes, scored by the bits it checked: its
	 * magic (8 a byte), or bid's answer worth `bits`; neither, a format
	 * known otherwise (a directory, text, libarchive's own bidding) */
	const struct magic *magic;
	bool (*bid)(const unsigned char *p, size_t n);
	unsigned bits;
	/* R_ARCHIVE: its reader, opened on the archive at src->pos, handing
	 * out its entries a step at a time (entries.h); NULL for rows read
	 * otherwise (the package, the streams below) */
	struct entries *(*entries)(struct scan *sc, struct source *src, struct ending *end);
	/* R_IMAGE: the reader, given the image's place in a file (image.h) */
	int (*read)(struct scan *sc, const struct image_file *f, const char *format);
	/* R_UNREAD: the warning that names it, or NULL */
	int (*unread)(struct scan *sc, struct source *src, const struct reader *r);
	/* R_SPEC: the specification's parser and its tool (spec.h) */
	const struct spec_format *spec;
	/* Its reader needs a file it can seek in (an image, a zip's central
	 * directory at its end, a partition table): a stream (a pipe, a
	 * decompressor's output, an archive's member) is copied to a
	 * temporary file first, by the dispatcher */
	bool seeks;
	/* R_IMAGE: its library opens the image by a name that must resolve
	 * (wimlib's realpath): a whole file only, and a temporary copy keeps
	 * its name while read */
	bool by_name;
};

#endif
