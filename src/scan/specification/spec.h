/* spec.h - device specifications: the text an image builder reads to make
 * device nodes it never had (gen_init_cpio's and gensquashfs' nod lines,
 * mksquashfs pseudo definitions, genext2fs device tables, systemd-tmpfiles
 * lines, fakeroot's state).  A format is a row of the reader table
 * (readers.c) with a spec_format: the container its tool builds, the
 * tool as that container's writer, and a parser of one line that knows
 * nothing of I/O (spec_formats.c).  spec_read.c reads the lines, bids
 * and makes the records. */
#ifndef SPEC_H
#define SPEC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "devnum.h"

/* A line is at most this long; a longer one is an error of its own and
 * is passed over, never buffered. */
enum { SPEC_LINE_MAX = 64 * 1024 };

/* The device one line describes. */
struct spec_node {
	const char *path;           /* decoded in the line's buffer; NULL: none */
	char type;                  /* 'c' or 'b' */
	bool raw;                   /* the number is rdev, a raw of the host's dev_t */
	struct devnum_tuple t;      /* else the tuple */
	uint64_t rdev;
	bool has_inode;             /* fakeroot: the inode it describes, */
	uint64_t inode, dev;        /* on the file system dev */
	uint64_t start, inc, count; /* a device table's range: count > start */
	bool range;
	bool unknown;               /* no number: the tool takes the host's (CDI) */
	bool whole;                 /* SPEC_REFUSED: the line's device read whole, a
				       record (its tool's refusal a finding) */
	const char *refused;        /* that refusal, in words; or NULL */
};

/* Where a document's parser hands each device, with its line, and
 * what it warns of; and the JSON library it parses with. */
struct jansson_calls;
struct spec_emit {
	void (*node)(void *ctx, const struct spec_node *n, uint64_t line);
	void (*warn)(void *ctx, const char *why);
	void *ctx;
	const struct jansson_calls *js;
};

/* What one line is: a device, another kind of line, a syntax error, or a
 * well-formed line whose device the tool refuses (which the format's bid
 * takes as its own): an error, or where the node is whole a record. */
enum spec_line { SPEC_REFUSED = -2, SPEC_ERROR = -1, SPEC_OTHER = 0, SPEC_DEVICE = 1 };

struct spec_format {
	const char *tool;      /* the program that reads it */
	unsigned bits;         /* its parser keeps the low `bits` of each part
				  (sscanf's %u: 32); 0 for all 64 */
	const char *how;       /* what keeps them, in words */
	const char *container; /* what its tool builds, whose findings apply; or NULL */
	const char *writer;    /* the tool, as that container's writer; or NULL */
	const char *builds;    /* what it makes, where the container's name is
				  a family's (genext2fs: ext2); NULL: that name */
	/* The line (NUL-terminated, no newline, may be changed) read: a
	 * device in *n; or an error said in why. */
	enum spec_line (*line)(char *text, struct spec_node *n, char *why, size_t size);
	/* Or, for a format that is no list of lines (JSON), the whole text
	 * read, each device handed to out: 0; or -1 with why ("line N: ...");
	 * and whether the first n bytes of a file begin such a text. */
	int (*document)(const char *text, size_t n, const struct spec_emit *out, char *why,
			size_t size);
	bool (*bid)(const unsigned char *p, size_t n);
};

/* A UTF-8 byte-order mark, which a JSON text may begin with (written by
 * Windows editors): read past, with a warning, for Go's encoding/json,
 * runc's reader, refuses it. */
#define UTF8_BOM "\xef\xbb\xbf"

/* spec_json.c: an OCI runtime config.json's devices, a CDI spec's. */
int spec_oci_json(const char *text, size_t n, const struct spec_emit *out, char *why,
		  size_t size);
int spec_cdi_json(const char *text, size_t n, const struct spec_emit *out, char *why,
		  size_t size);

/* spec_formats.c: each format's parser. */
extern const struct spec_format spec_initramfs, spec_gensquashfs, spec_pseudo, spec_table,
	spec_tmpfiles, spec_fakeroot, spec_composefs, spec_oci, spec_cdi;

/* spec_words.c: the blank-separated words of a line, at most max of
 * them, into w; quotes: "..." and backslash escapes are decoded in place
 * (gensquashfs, mksquashfs, tmpfiles), else a word is as it stands
 * (gen_init_cpio's sscanf).  How many there were: more than max counts
 * max + 1.  An unterminated quote counts -1. */
int spec_words(char *text, char **w, int max, bool quotes);

/* A decimal number no larger than max in *v: true; else false, with
 * what is wrong in why, naming `what`. */
bool spec_number(const char *word, const char *what, uint64_t max, uint64_t *v, char *why,
		 size_t size);
/* The same for a word sscanf's %u reads, which takes a '-' and negates
 * the number in 32 bits ("-1" is 4294967295): the number, or the 32-bit
 * value a negative one is. */
bool spec_number_u(const char *word, const char *what, uint64_t *v, char *why, size_t size);

/* An octal mode (at most 07777): true. */
bool spec_mode(const char *word);

/* An octal st_mode, file type and all (at most 0177777), in *v: true. */
bool spec_octal(const char *word, uint64_t *v);

/* A hex digit's value, or -1. */
int spec_hex(char c);

/* composefs' escapes (\xXY, \\, \n, \r, \t) decoded in place: false for
 * another, or for a NUL byte. */
bool spec_unescape(char *text);

#endif
