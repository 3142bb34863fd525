/* readers.h - what scan reads, listed once: each input format's name,
 * kind and the library that reads it.  Archives are read by libarchive
 * (scan_walk.c), an OCI image layout by scan itself (oci_layout.c), a
 * file-system image by its row's reader, chosen by the name libblkid
 * gives it; a device specification by spec_read.c, with its row's parser;
 * a compressed input by libarchive's filters, gzip by ISA-L where it was
 * built with it (gunzip.c).  devnum --list=formats prints the table. */
#ifndef READERS_H
#define READERS_H

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

extern const struct reader readers[];
extern const size_t nreaders;

/* The row of kind named name, or NULL. */
const struct reader *reader_find(enum reader_kind kind, const char *name);

/* The image reader whose bid the first n bytes of a file win, or NULL. */
const struct reader *reader_bid(const unsigned char *p, size_t n);

/* The kind's name: archive, layout, image, specification, directory,
 * compression. */
const char *reader_kind_name(enum reader_kind kind);

/* The names of kind's rows in words ("ext2, ext3, ext4 and squashfs")
 * into buf. */
void reader_names(enum reader_kind kind, char *buf, size_t n);

#endif
