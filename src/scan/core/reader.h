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

enum reader_kind { R_ARCHIVE, R_LAYOUT, R_IMAGE, R_SPEC, R_TREE, R_COMPRESSION };

struct reader {
	const char *name;      /* an image's, as libblkid names it */
	enum reader_kind kind;
	const char *library;   /* the library behind it, or NULL: devnum's own code */
	/* R_IMAGE: the reader, given the image's place in a file (image.h) */
	int (*read)(struct scan *sc, const struct image_file *f, const char *format);
	/* R_IMAGE: whether the first bytes of a file begin such an image */
	bool (*bid)(const unsigned char *p, size_t n);
	/* R_SPEC: the specification's parser and its tool (spec.h) */
	const struct spec_format *spec;
	/* R_IMAGE: its library opens the image by a name that must resolve
	 * (wimlib's realpath): a whole file only, and a temporary copy keeps
	 * its name while read */
	bool by_name;
};

#endif
