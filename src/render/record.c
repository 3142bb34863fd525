/* record.c - the keys every record is made of, and filling them. */
#include <config.h>

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "render/record.h"

#define K(key, name, letter, type)                                                        \
	[key] = { name, sizeof(name) - 1, letter, type, true, ",\"" name "\":" }
#define PEOPLE(key, name) [key] = { name, sizeof(name) - 1, 0, T_TEXT, false, "" } /* no JSON key */

const struct key_info keys[K_NKEYS] = {
	K(K_INPUT, "input", 'i', T_TEXT),
	K(K_SCHEME, "scheme", 's', T_SCHEME),
	K(K_FROM, "from", 'f', T_SCHEME),
	K(K_PATH, "path", 'p', T_NAME),
	K(K_FORMAT, "format", 0, T_TEXT),
	K(K_SEGMENT, "segment", 0, T_NUM),
	K(K_OFFSET, "offset", 0, T_NUM),
	K(K_COMPRESSION, "compression", 0, T_TEXT),
	K(K_LINK, "link", 0, T_NAME),
	K(K_LAYER, "layer", 0, T_NAME),
	K(K_CONTAINER, "container", 'C', T_TEXT),
	K(K_WRITER, "writer", 'W', T_TEXT),
	K(K_KIND, "kind", 'k', T_TEXT),
	K(K_FORM, "form", 0, T_TEXT),
	K(K_OWNER, "owner", 0, T_TEXT),
	K(K_TYPE, "type", 't', T_TEXT),
	K(K_FIELD, "field", 0, T_TEXT),
	K(K_INODE, "inode", 'I', T_NUM),
	K(K_WIDTH, "width", 'w', T_WIDTH),
	K(K_HI, "hi", 0, T_NUM),
	K(K_LO, "lo", 0, T_NUM),
	K(K_PART_HI, "part_hi", 0, T_NUM),
	K(K_PART_LO, "part_lo", 0, T_NUM),
	K(K_VALUE, "value", 'v', T_NUM),
	K(K_LIMIT, "limit", 'l', T_NUM),
	K(K_MAJOR, "major", 'M', T_NUM),
	K(K_MINOR, "minor", 'm', T_NUM),
	K(K_RAW, "raw", 'r', T_RAW),
	K(K_NAMES, "names", 0, T_LIST),
	K(K_FIELDS, "fields", 'F', T_WORDS),
	K(K_CANONICAL, "canonical", 0, T_BOOL),
	K(K_VALID, "valid", 0, T_BOOL),
	K(K_VERDICT, "verdict", 'V', T_TEXT),
	K(K_CANON_RAW, "canonical_raw", 'c', T_RAW),
	K(K_CANON_FIELDS, "canonical_fields", 0, T_WORDS),
	K(K_FINDINGS, "findings", 0, T_FINDINGS),
	K(K_BECOMES, "becomes", 'B', T_TEXT),
	K(K_COUNT, "count", 'N', T_NUM),
	K(K_DEVNAME, "devname", 'D', T_TEXT),
	K(K_NAME, "name", 0, T_TEXT),
	K(K_DESCRIPTION, "description", 0, T_TEXT),
	K(K_ASSIGNMENT, "assignment", 0, T_TEXT),
	K(K_DRIVERS, "drivers", 0, T_LIST),
	K(K_CHAR_NAME, "char_name", 0, T_TEXT),
	K(K_BLOCK_NAME, "block_name", 0, T_TEXT),
	K(K_MISTAKE, "mistake", 0, T_TEXT),
	K(K_SOURCE, "source", 0, T_TEXT),
	K(K_ALIASES, "aliases", 0, T_LIST),
	K(K_MAJOR_BITS, "major_bits", 0, T_NUM),
	K(K_MINOR_BITS, "minor_bits", 0, T_NUM),
	K(K_MAJOR_MAX, "major_max", 0, T_NUM),
	K(K_MINOR_MAX, "minor_max", 0, T_NUM),
	K(K_NATIVE, "native", 0, T_BOOL),
	K(K_ORIGIN, "origin", 0, T_TEXT),
	K(K_NOTE, "note", 'n', T_TEXT),
	K(K_ERROR, "error", 'e', T_TEXT),
	PEOPLE(K_CELL, "cell"),
	PEOPLE(K_WHAT, "what"),
	PEOPLE(K_MARK, "mark"),
	PEOPLE(K_REMARK, "remark"),
	PEOPLE(K_MTREE, "mtree"),
};

void set_str(struct record *r, enum key k, const char *s)
{
	set_text(r, k, s, strlen(s));
}

void set_alias(struct record *r, const devnum_scheme *s, const struct devnum_reason *why)
{
	set_num(r, K_CANON_RAW, why->canon);
	int n = devnum_strreason(r->note, sizeof r->note, s, why);
	set_printed(r, K_NOTE, r->note, sizeof r->note, n);
}

int fail(struct record *r, int status, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(r->error, sizeof r->error, fmt, ap);
	va_end(ap);
	set_printed(r, K_ERROR, r->error, sizeof r->error, n);
	return status;
}

int fail_reason(struct record *r, const devnum_scheme *s,
		const struct devnum_reason *why)
{
	char text[sizeof r->error];
	devnum_strreason(text, sizeof text, s, why);
	return fail(r, EXIT_UNFIT, "%s", text);
}

int fail_number(struct record *r, const struct num_error *e)
{
	char text[128];
	num_strerror(e, text, sizeof text);
	return fail(r, EXIT_TROUBLE, "%s", text);
}

int key_named(const char *name, size_t n)
{
	for (int k = 0; k < K_NKEYS; k++)
		if (strlen(keys[k].name) == n && memcmp(keys[k].name, name, n) == 0)
			return k;
	return -1;
}

int key_of_letter(char c)
{
	for (int k = 0; k < K_NKEYS; k++)
		if (c && keys[k].letter == c)
			return k;
	return -1;
}
