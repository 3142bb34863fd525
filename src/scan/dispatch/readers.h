/* readers.h - what scan reads, listed once: each input format's name,
 * kind and the library that reads it.  An archive is read by its row's
 * reader of entries (libarchive's, or devnum's newc reader), chosen by
 * its bid, in scan_walk.c's one loop; catar, pxar and zip by their rows'
 * stream readers; an OCI image layout by scan itself (oci_layout.c), a
 * file-system image by its row's reader, chosen by the name libblkid
 * gives it; a device specification by spec_read.c, with its row's parser;
 * a compressed input by libarchive's filters, gzip by ISA-L where it was
 * built with it (gunzip.c).  devnum --list=formats prints the table. */
#ifndef READERS_H
#define READERS_H

#include <stdbool.h>
#include <stddef.h>

#include "scan/core/reader.h"


extern const struct reader readers[];
extern const size_t nreaders;

/* The row of kind named name, or NULL. */
const struct reader *reader_find(enum reader_kind kind, const char *name);

/* The bytes the bids look at, at most: an ISO 9660 volume descriptor's
 * identifier is at byte 32769. */
enum { BID_BYTES = 32774 };

/* The row whose bid on the first n bytes of a file scores highest, or
 * NULL: none bids, or two rows of other names score alike (*tie, one of
 * them: an ambiguity, said by the caller). */
const struct reader *reader_identify(const unsigned char *p, size_t n, const struct reader **tie);

/* The image reader whose bid the first n bytes of a file win, or NULL. */
const struct reader *reader_bid(const unsigned char *p, size_t n);

/* What a row's format is in words: "xz stream", "tar archive",
 * "squashfs image", "GPT partition table". */
void reader_what(const struct reader *r, char *buf, size_t n);

/* The kind's name: archive, layout, image, specification, directory,
 * compression, partitions, unread. */
const char *reader_kind_name(enum reader_kind kind);

/* The names of kind's rows in words ("ext2, ext3, ext4 and squashfs")
 * into buf. */
void reader_names(enum reader_kind kind, char *buf, size_t n);

/* spec_bid.c: the specification whose parser reads the first lines of p
 * (n bytes), and in *also the one other that reads them alike, or NULL;
 * NULL with why saying so when more read them alike, or one reads all
 * but some. */
const struct reader *spec_bid(const unsigned char *p, size_t n, const struct reader **also,
			      char *why, size_t size);

#endif
