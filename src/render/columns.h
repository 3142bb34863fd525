/* columns.h - a table as columns: the field each shows, its heading and
 * its layout.  A table command's columns give its plain rows (as a
 * template), its heading line and, through the fields, its JSON keys, so
 * that the three cannot disagree. */
#ifndef COLUMNS_H
#define COLUMNS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct column {
	uint8_t key;         /* enum key: the field */
	const char *heading; /* its heading */
	const char *alt;     /* the heading for the other kind of input (explain
				of a tuple: RAW, not MAJOR:MINOR), or NULL */
	uint8_t width;       /* padded to this many columns; 0: not padded */
	bool right;          /* aligned on the right, as numbers are */
	const char *before;  /* the text before it: NULL for one blank */
};

/* The plain template of n columns in buf ("%-10s %4w ..."); raw: one
 * blank between columns and no padding.  Its length, or -1 when buf is
 * too small. */
int columns_template(const struct column *c, size_t n, bool raw, char *buf, size_t size);
/* The heading line (alt: the other headings) in buf, blanks that end it
 * dropped; raw: one blank between headings. */
int columns_heading(const struct column *c, size_t n, bool alt, bool raw, char *buf,
		    size_t size);

#endif
