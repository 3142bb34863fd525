/* record.c - the keys every record is made of, and filling them. */
#include <config.h>

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "render/record.h"

#define K(key, name, letter, type, help)                                                        \
	[key] = { name, sizeof(name) - 1, letter, type, true, ",\"" name "\":", help }
#define PEOPLE(key, name, help) \
	[key] = { name, sizeof(name) - 1, 0, T_TEXT, false, "", help } /* no JSON key */

const struct key_info keys[K_NKEYS] = {
	K(K_INPUT, "input", 'i', T_TEXT,
	  "the operand or input line, as given"),
	K(K_SCHEME, "scheme", 's', T_SCHEME,
	  "the record's scheme, by name"),
	K(K_FROM, "from", 'f', T_SCHEME,
	  "convert: the input's scheme"),
	K(K_PATH, "path", 'p', T_NAME,
	  "scan: the entry's path in the archive or image"),
	K(K_FORMAT, "format", 0, T_TEXT,
	  "scan: the archive format or file system"),
	K(K_SEGMENT, "segment", 0, T_NUM,
	  "scan: which archive of the input, from 1"),
	K(K_OFFSET, "offset", 0, T_NUM,
	  "scan: the byte of the input the archive or the line starts at"),
	K(K_COMPRESSION, "compression", 0, T_TEXT,
	  "scan: the archive's compression, or none"),
	K(K_LINK, "link", 0, T_NAME,
	  "scan: the entry a hard link names"),
	K(K_LAYER, "layer", 0, T_NAME,
	  "scan: the container image layer, by its digest"),
	K(K_WITHIN, "within", 0, T_CHAIN,
	  "scan: the members the entry is inside, outermost first"),
	K(K_CONTAINER, "container", 'C', T_TEXT,
	  "fits, pack, unpack, containers, scan: the container"),
	K(K_WRITER, "writer", 'W', T_TEXT,
	  "fits --writer: the writer judged"),
	K(K_KIND, "kind", 'k', T_TEXT,
	  "containers: archive, file system or protocol"),
	K(K_FORM, "form", 0, T_TEXT,
	  "explain: the input read as a raw value or as a tuple"),
	K(K_OWNER, "owner", 0, T_TEXT,
	  "layout: what a field's bits hold"),
	K(K_TYPE, "type", 't', T_TEXT,
	  "stat, scan, name: char, block, or another file type"),
	K(K_FIELD, "field", 0, T_TEXT,
	  "stat: st_rdev or st_dev; fits: the part or field that does not fit"),
	K(K_INODE, "inode", 'I', T_NUM,
	  "scan: the inode number in a file-system image"),
	K(K_LINE, "line", 'L', T_NUM,
	  "scan: the line of a device specification"),
	K(K_WIDTH, "width", 'w', T_WIDTH,
	  "schemes, layout: the raw value's width in bits"),
	K(K_HI, "hi", 0, T_NUM,
	  "layout: a field's highest raw bit"),
	K(K_LO, "lo", 0, T_NUM,
	  "layout: a field's lowest raw bit"),
	K(K_PART_HI, "part_hi", 0, T_NUM,
	  "layout: the highest bit of the part the field holds"),
	K(K_PART_LO, "part_lo", 0, T_NUM,
	  "layout: the lowest bit of the part the field holds"),
	K(K_VALUE, "value", 'v', T_NUM,
	  "layout: the field's bits in the value; fits: the value that does not fit"),
	K(K_LIMIT, "limit", 'l', T_NUM,
	  "fits: the largest the field or writer takes"),
	K(K_MAJOR, "major", 'M', T_NUM,
	  "the major number"),
	K(K_MINOR, "minor", 'm', T_NUM,
	  "the minor number"),
	K(K_RAW, "raw", 'r', T_RAW,
	  "the raw value in the record's scheme (JSON adds hex)"),
	K(K_NAMES, "names", 0, T_LIST,
	  "containers: the names of a container's fields"),
	K(K_FIELDS, "fields", 'F', T_WORDS,
	  "pack, scan: the fields as the container stores them"),
	K(K_CANONICAL, "canonical", 0, T_BOOL,
	  "decode, canon: whether the raw value is the canonical one"),
	K(K_VALID, "valid", 0, T_BOOL,
	  "check: false when the raw value is no device in the scheme"),
	K(K_VERDICT, "verdict", 'V', T_TEXT,
	  "fits, unpack: survives, too-big, truncated, alias...; diff: same, changed, gone, new"),
	K(K_CANON_RAW, "canonical_raw", 'c', T_RAW,
	  "the canonical raw value of an alias, in the input's scheme"),
	K(K_CANON_FIELDS, "canonical_fields", 0, T_WORDS,
	  "unpack: an alias's canonical fields"),
	K(K_FINDINGS, "findings", 0, T_FINDINGS,
	  "scan: what is wrong with the entry (JSON: finding, fault, note)"),
	K(K_A, "a", 0, T_SIDE,
	  "diff: the entry in the first input (%{a.major}: one of its fields)"),
	K(K_B, "b", 0, T_SIDE,
	  "diff: the entry in the second input (%{b.major}: one of its fields)"),
	K(K_CAUSES, "causes", 0, T_CAUSES,
	  "diff: the writers and mistakes that explain the change (JSON: cause, by, container, fate, what)"),
	K(K_BECOMES, "becomes", 'B', T_TEXT,
	  "fits, unpack: the tuple a reader gets instead"),
	K(K_COUNT, "count", 'N', T_NUM,
	  "aliases: how many raw values"),
	K(K_DEVNAME, "devname", 'D', T_TEXT,
	  "stat, name: the running kernel's name for the device"),
	K(K_NAME, "name", 0, T_TEXT,
	  "name, whence: the registry's name for the device"),
	K(K_DESCRIPTION, "description", 0, T_TEXT,
	  "name, whence: what the registry says the device is"),
	K(K_ASSIGNMENT, "assignment", 0, T_TEXT,
	  "name: fixed, unnamed, dynamic, local, reserved or unassigned"),
	K(K_DRIVERS, "drivers", 0, T_LIST,
	  "name: the drivers of its major, in /proc/devices"),
	K(K_CHAR_NAME, "char_name", 0, T_TEXT,
	  "explain: the registry's name for a reading as a char device"),
	K(K_BLOCK_NAME, "block_name", 0, T_TEXT,
	  "explain: the registry's name for a reading as a block device"),
	K(K_MISTAKE, "mistake", 0, T_TEXT,
	  "whence: the mistake's name"),
	K(K_SOURCE, "source", 0, T_TEXT,
	  "whence: the report or code it was seen in; scan: what a directory's number is read from"),
	K(K_ALIASES, "aliases", 0, T_LIST,
	  "schemes: a scheme's other names"),
	K(K_MAJOR_BITS, "major_bits", 0, T_NUM,
	  "schemes: the bits of the major"),
	K(K_MINOR_BITS, "minor_bits", 0, T_NUM,
	  "schemes: the bits of the minor"),
	K(K_MAJOR_MAX, "major_max", 0, T_NUM,
	  "schemes, containers: the largest major"),
	K(K_MINOR_MAX, "minor_max", 0, T_NUM,
	  "schemes, containers: the largest minor"),
	K(K_NATIVE, "native", 0, T_BOOL,
	  "schemes: whether it is the running system's"),
	K(K_ORIGIN, "origin", 0, T_TEXT,
	  "schemes: where the layout comes from"),
	K(K_NOTE, "note", 'n', T_TEXT,
	  "why a value is noncanonical, or more to say"),
	K(K_ERROR, "error", 'e', T_TEXT,
	  "why the record failed"),
	PEOPLE(K_CELL, "cell", "explain: one scheme's answer"),
	PEOPLE(K_WHAT, "what", "stat, name, whence: the thing in words; aliases: (canonical) "
	       "(also %{mark}); explain: the devices a reading names, then its note (also %{remark})"),
	PEOPLE(K_MTREE, "mtree", "the tuple as NetBSD's mtree writes it (netbsd,8,1)"),
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

/* Names templates took before their keys became K_WHAT: the words of
 * aliases and explain for people.  A record has 64 keys at most. */
static const struct {
	const char *name;
	enum key key;
} former[] = { { "mark", K_WHAT }, { "remark", K_WHAT } };

int key_named(const char *name, size_t n)
{
	for (int k = 0; k < K_NKEYS; k++)
		if (keys[k].len == n && memcmp(keys[k].name, name, n) == 0)
			return k;
	for (size_t i = 0; i < sizeof former / sizeof former[0]; i++)
		if (strlen(former[i].name) == n && memcmp(former[i].name, name, n) == 0)
			return (int)former[i].key;
	return -1;
}

int key_of_letter(char c)
{
	for (int k = 0; k < K_NKEYS; k++)
		if (c && keys[k].letter == c)
			return k;
	return -1;
}
