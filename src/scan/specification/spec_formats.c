/* spec_formats.c - one line of each device specification, parsed as its
 * own tool parses it: the words it takes, the numbers its parser reads
 * and the limits it holds them to (sources: the kernel's
 * usr/gen_init_cpio.c, squashfs-tools-ng's fstree_from_file.c,
 * squashfs-tools 4.5.1's pseudo.c, genext2fs 1.4.2, systemd's
 * tmpfiles.c and parse_devnum(), fakeroot's faked.c). */
#include <config.h>

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scan/specification/spec.h"

enum { WORDS_MAX = 12 };

static enum spec_line error(char *why, size_t size, const char *fmt, const char *arg)
{
	snprintf(why, size, fmt, arg);
	return SPEC_ERROR;
}

static enum spec_line refused(char *why, size_t size, const char *fmt, const char *arg)
{
	snprintf(why, size, fmt, arg);
	return SPEC_REFUSED;
}

/* Comments and blank lines: nothing, in every format. */
static bool empty(const char *text)
{
	text += strspn(text, " \t\r");
	return !*text || *text == '#';
}

/* Whether n words (spec_words' count) are what `what` takes, min to max
 * of them; else why says not. */
static bool counted(int n, const char *what, int min, int max, char *why, size_t size)
{
	if (n < 0)
		return error(why, size, "%s", "a quote is not closed"), false;
	if (n >= min && n <= max)
		return true;
	int shown = n > WORDS_MAX ? WORDS_MAX : n;
	const char *more = n > WORDS_MAX ? " or more" : "";
	if (max == min)
		snprintf(why, size, "%s takes %d words, not %d%s", what, min, shown, more);
	else if (max == WORDS_MAX)
		snprintf(why, size, "%s takes %d or more words, not %d", what, min, shown);
	else
		snprintf(why, size, "%s takes %d to %d words, not %d%s", what, min, max, shown, more);
	return false;
}

/* "c" or "b" in *type; else an error. */
static bool device_type(const char *word, char *type, char *why, size_t size)
{
	if ((word[0] == 'c' || word[0] == 'b') && !word[1])
		return *type = word[0], true;
	error(why, size, "device type '%.40s' is neither c nor b", word);
	return false;
}

/* The major and minor words, each at most max as the tool reads them. */
static bool parts(char **w, uint64_t max, struct spec_node *n, char *why, size_t size)
{
	return spec_number(w[0], "major", max, &n->t.major, why, size) &&
	       spec_number(w[1], "minor", max, &n->t.minor, why, size);
}

/* The words of a line that is no comment into w: their count, if `what`
 * takes min to max of them; 0 for a comment or blank line; -1 with why. */
static int line_words(char *text, char **w, const char *what, int min, int max, bool quotes,
		      char *why, size_t size)
{
	if (empty(text))
		return 0;
	int count = spec_words(text, w, WORDS_MAX, quotes);
	return counted(count, what, min, max, why, size) ? count : -1;
}

/* A type word of one letter from `set`: the letter; or '\0', with why
 * naming the letters (`named`). */
static char type_letter(const char *word, const char *set, const char *named, char *why,
			size_t size)
{
	if (word[0] && !word[1] && strchr(set, word[0]))
		return word[0];
	snprintf(why, size, "type '%.40s' is none of %s", word, named);
	return '\0';
}

static enum spec_line mode_word(const char *word, char *why, size_t size)
{
	return spec_mode(word) ? SPEC_OTHER : error(why, size, "mode '%.40s' is not octal", word);
}

/* A keyword line of gen_init_cpio or gensquashfs: nod's words from
 * `at`, the others' count and mode checked. */
struct keyword {
	const char *word;
	int min, max, mode; /* words; the mode's word, or 0 for none */
};

static const struct keyword *keyword(const struct keyword *k, const char *word)
{
	for (; k->word; k++)
		if (!strcmp(k->word, word))
			return k;
	return NULL;
}

static enum spec_line nod_list(const struct keyword *table, bool quotes, char *text,
			       struct spec_node *n, char *why, size_t size)
{
	char *w[WORDS_MAX];
	if (empty(text))
		return SPEC_OTHER;
	int count = spec_words(text, w, WORDS_MAX, quotes);
	const struct keyword *k = count > 0 ? keyword(table, w[0]) : NULL;
	char what[60];
	if (count < 0)
		return error(why, size, "%s", "a quote is not closed");
	if (!k)
		return error(why, size, "unknown keyword '%.40s'", count > 0 ? w[0] : "");
	snprintf(what, sizeof what, "'%s'", k->word);
	if (!counted(count, what, k->min, k->max, why, size))
		return SPEC_ERROR;
	if (k->mode && mode_word(w[k->mode], why, size) == SPEC_ERROR)
		return SPEC_ERROR;
	if (strcmp(k->word, "nod") != 0)
		return SPEC_OTHER;
	n->path = w[1];
	if (!device_type(w[5], &n->type, why, size) || !parts(w + 6, UINT64_MAX, n, why, size))
		return SPEC_ERROR;
	return SPEC_DEVICE;
}

/* usr/gen_init_cpio.c: `nod <name> <mode> <uid> <gid> <dev_type> <maj> <min>`,
 * read with sscanf (no quotes); file's location comes before its mode. */
static const struct keyword initramfs_words[] = {
	{ "file", 6, WORDS_MAX, 3 }, { "dir", 5, 5, 2 }, { "nod", 8, 8, 2 },
	{ "slink", 6, 6, 3 }, { "pipe", 5, 5, 2 }, { "sock", 5, 5, 2 }, { NULL, 0, 0, 0 },
};

static enum spec_line initramfs_line(char *text, struct spec_node *n, char *why, size_t size)
{
	return nod_list(initramfs_words, false, text, n, why, size);
}

/* gensquashfs -F: the same nod line, names quoted; file's location last. */
static const struct keyword gensquashfs_words[] = {
	{ "file", 5, 6, 2 }, { "dir", 5, 5, 2 }, { "nod", 8, 8, 2 }, { "slink", 6, 6, 2 },
	{ "link", 3, 6, 0 }, { "pipe", 5, 5, 2 }, { "sock", 5, 5, 2 },
	{ "glob", 5, WORDS_MAX, 2 }, { NULL, 0, 0, 0 },
};

static enum spec_line gensquashfs_line(char *text, struct spec_node *n, char *why, size_t size)
{
	return nod_list(gensquashfs_words, true, text, n, why, size);
}

/* mksquashfs -p, -pf: `filename type ...`; b and c `mode uid gid major
 * minor`, B and C a time before the mode.  pseudo.c reads the parts with
 * %u (their low 32 bits; a negative one, which unsquashfs -pf writes for
 * a major whose int is negative, negated in 32 bits) and refuses a major above 4095 or a minor above
 * 1048575 ("Major 4096 out of range"), failing the whole run. */
static enum spec_line pseudo_line(char *text, struct spec_node *n, char *why, size_t size)
{
	char *w[WORDS_MAX];
	int count = line_words(text, w, "a pseudo definition", 2, WORDS_MAX, true, why, size);
	if (count <= 0)
		return count ? SPEC_ERROR : SPEC_OTHER;
	char type = type_letter(w[1], "dmbcfsilLDMBCFSIR", "mksquashfs' d m b c f s i l L, "
				"D M B C F S I R", why, size);
	if (!type)
		return SPEC_ERROR;
	bool timed = strchr("DMBCFSIR", type) != NULL;
	int at = 2 + timed;
	if (type == 'l' || type == 'L')
		return counted(count, "a link definition", 3, 3, why, size) ? SPEC_OTHER : SPEC_ERROR;
	if (!strchr("bcBC", type))
		return counted(count, "a pseudo definition", at + 3, WORDS_MAX, why, size)
			       ? mode_word(w[at], why, size) : SPEC_ERROR;
	if (!counted(count, timed ? "a timed device definition" : "a device definition",
		     7 + timed, 7 + timed, why, size) ||
	    mode_word(w[at], why, size) == SPEC_ERROR)
		return SPEC_ERROR;
	n->path = w[0];
	n->type = (char)(type | 0x20);
	if (!spec_number_u(w[at + 3], "major", &n->t.major, why, size) ||
	    !spec_number_u(w[at + 4], "minor", &n->t.minor, why, size))
		return SPEC_ERROR;
	n->whole = true;
	if ((uint32_t)n->t.major > 4095 || (uint32_t)n->t.minor > 1048575) /* as %u reads them */
		return refused(why, size, "mksquashfs refuses it: %s out of range (its limit is "
			       "4095:1048575), and makes no image",
			       (uint32_t)n->t.major > 4095 ? "major" : "minor");
	return SPEC_DEVICE;
}

/* genext2fs -D (buildroot's device table): `name type mode uid gid major
 * minor start inc count`, "-" for none, which is 0 to its sscanf.  A
 * count makes the nodes name0... for i from start up to count (not
 * start + count), minor + i * inc - start. */
static bool table_number(const char *word, const char *what, uint64_t *v, char *why, size_t size)
{
	*v = 0;
	return !strcmp(word, "-") || spec_number(word, what, UINT64_MAX, v, why, size);
}

static enum spec_line table_line(char *text, struct spec_node *n, char *why, size_t size)
{
	char *w[WORDS_MAX];
	int count = line_words(text, w, "a device table line", 10, 10, false, why, size);
	if (count <= 0)
		return count ? SPEC_ERROR : SPEC_OTHER;
	char type = type_letter(w[1], "fdcbp", "f d c b p", why, size);
	if (!type || (strcmp(w[2], "-") != 0 && mode_word(w[2], why, size) == SPEC_ERROR))
		return SPEC_ERROR;
	if (type != 'c' && type != 'b')
		return SPEC_OTHER;
	n->path = w[0];
	n->type = type;
	if (!table_number(w[5], "major", &n->t.major, why, size) ||
	    !table_number(w[6], "minor", &n->t.minor, why, size) ||
	    !table_number(w[7], "start", &n->start, why, size) ||
	    !table_number(w[8], "inc", &n->inc, why, size) ||
	    !table_number(w[9], "count", &n->count, why, size))
		return SPEC_ERROR;
	n->range = n->count > 0;
	return SPEC_DEVICE;
}

/* systemd-tmpfiles: `Type Path Mode User Group Age Argument`; c and b
 * (with + and the modifiers ! - = ~ ^) take major:minor, which
 * parse_devnum() reads with safe_atou and holds to 4095:1048575: a
 * larger one, or none, and the line is ignored ("Can't parse device
 * file major/minor"). */
static enum spec_line tmpfiles_line(char *text, struct spec_node *n, char *why, size_t size)
{
	char *w[WORDS_MAX];
	int count = line_words(text, w, "a tmpfiles line", 2, 7, true, why, size);
	if (count <= 0)
		return count ? SPEC_ERROR : SPEC_OTHER;
	const char *type = w[0];
	size_t plain = strspn(type + 1, "+!-=~^?$");
	if (!strchr("fFwdDevqQpLcbCxXrRzZtThHaAkK", type[0]) || type[1 + plain])
		return error(why, size, "type '%.40s' is not one of systemd-tmpfiles'", type);
	if (w[1][0] != '/' && w[1][0] != '%') /* "Path '%s' not absolute" */
		return error(why, size, "path '%.40s' is not absolute", w[1]);
	if (type[0] != 'c' && type[0] != 'b')
		return SPEC_OTHER;
	if (count < 7)
		return error(why, size, "%s", "a device line needs its argument, major:minor");
	if (strcmp(w[2], "-") != 0 && mode_word(w[2], why, size) == SPEC_ERROR)
		return SPEC_ERROR;
	char *colon = strchr(w[6], ':'), arg[60];
	n->path = w[1];
	n->type = type[0];
	snprintf(arg, sizeof arg, "%.40s", w[6]);
	if (colon)
		*colon = 0;
	if (!colon || !spec_number(w[6], "major", 4095, &n->t.major, why, size) ||
	    !spec_number(colon + 1, "minor", 1048575, &n->t.minor, why, size))
		return refused(why, size, "systemd-tmpfiles ignores the line: it cannot parse "
			       "major:minor '%s' (its limit is 4095:1048575)", arg);
	return SPEC_DEVICE;
}

/* fakeroot -s: one line an inode, dev=%llx,ino=%llu,mode=%llo,uid=,gid=,
 * nlink=,rdev=%llu: rdev the host's dev_t, raw, in decimal. */
static bool state_field(char *text, const char *key, int base, uint64_t *v)
{
	size_t n = strlen(key);
	for (char *p = text;; p++) {
		if (!strncmp(p, key, n) && p[n] == '=') {
			char *end, *digits = p + n + 1;
			errno = 0;
			*v = strtoull(digits, &end, base);
			return isxdigit((unsigned char)*digits) && end > digits && errno != ERANGE &&
			       (*end == ',' || !*end);
		}
		if (!(p = strchr(p, ',')))
			return false;
	}
}

static enum spec_line fakeroot_line(char *text, struct spec_node *n, char *why, size_t size)
{
	static const char *const keys[] = { "dev", "ino", "mode", "uid", "gid", "nlink", "rdev" };
	static const int bases[] = { 16, 10, 8, 10, 10, 10, 10 };
	uint64_t v[7];
	if (!*text)
		return SPEC_OTHER;
	for (int i = 0; i < 7; i++)
		if (!state_field(text, keys[i], bases[i], &v[i]))
			return error(why, size, "no %s= field a number, as fakeroot -s writes it", keys[i]);
	unsigned type = (unsigned)v[2] & 0170000;
	if (type != 0020000 && type != 0060000)
		return SPEC_OTHER;
	n->type = type == 0020000 ? 'c' : 'b';
	n->raw = true;
	n->rdev = v[6];
	n->has_inode = true;
	n->inode = v[1];
	n->dev = v[0];
	return SPEC_DEVICE;
}

/* composefs-dump(5), which mkcomposefs --from-file reads: PATH SIZE MODE
 * NLINK UID GID RDEV MTIME PAYLOAD CONTENT DIGEST [XATTR...], one space
 * apart, bytes escaped as \xXY (and \\ \n \r \t); MODE in octal, "@"
 * before it for a hard link (whose fields but PAYLOAD mkcomposefs
 * ignores); RDEV the st_rdev, in decimal. */
static enum spec_line composefs_line(char *text, struct spec_node *n, char *why, size_t size)
{
	char *w[WORDS_MAX];
	if (!*text)
		return SPEC_OTHER;
	int count = spec_words(text, w, WORDS_MAX, false);
	uint64_t mode;
	if (!counted(count, "a composefs dump line", 11, WORDS_MAX, why, size))
		return SPEC_ERROR;
	if (w[0][0] != '/')
		return error(why, size, "path '%.40s' is not absolute", w[0]);
	if (!spec_unescape(w[0]))
		return error(why, size, "path '%.40s' has an escape composefs does not write", w[0]);
	if (w[2][0] == '@')
		return SPEC_OTHER; /* a hard link: the payload's node is listed at its own path */
	if (!spec_octal(w[2], &mode))
		return error(why, size, "mode '%.40s' is not octal", w[2]);
	char type = '\0';
	if ((mode & 0170000) == 0020000 || (mode & 0170000) == 0060000)
		type = (mode & 0170000) == 0020000 ? 'c' : 'b';
	if (!spec_number(w[6], "rdev", UINT64_MAX, &n->rdev, why, size))
		return SPEC_ERROR;
	if (!type)
		return SPEC_OTHER;
	n->path = w[0];
	n->type = type;
	n->raw = true;
	return SPEC_DEVICE;
}

/* Each format's tool: what it reads the parts with, what it builds and
 * writes them as.  gen_init_cpio, gensquashfs and mksquashfs read them
 * with sscanf's %u, genext2fs with %lu. */
#define LINES(t, b, h, c, w, fn) { .tool = (t), .bits = (b), .how = (h), .container = (c), \
				   .writer = (w), .line = (fn) }
#define SCANF "sscanf's %u"
const struct spec_format spec_initramfs = LINES("gen_init_cpio", 32, SCANF, "cpio-newc", NULL,
						initramfs_line);
const struct spec_format spec_gensquashfs = LINES("gensquashfs", 32, SCANF, "squashfs", "gensquashfs",
						  gensquashfs_line);
const struct spec_format spec_pseudo = LINES("mksquashfs", 32, SCANF, "squashfs", "mksquashfs",
					     pseudo_line);
/* genext2fs makes ext2 (no journal, no extents), of the ext4 row's family */
const struct spec_format spec_table = { .tool = "genext2fs", .container = "ext4", .writer = "genext2fs",
					.builds = "ext2", .line = table_line };
const struct spec_format spec_tmpfiles = LINES("systemd-tmpfiles", 0, NULL, "linux", "glibc",
					       tmpfiles_line);
const struct spec_format spec_fakeroot = LINES("fakeroot", 0, NULL, NULL, NULL, fakeroot_line);
/* libcomposefs keeps the low 32 bits of the dev_t (lcfs_node_set_rdev's uint32_t) */
const struct spec_format spec_composefs = LINES("mkcomposefs", 0, NULL, "erofs", "libcomposefs",
						composefs_line);

/* A JSON object whose first bytes hold its version key. */
static bool json_bid(const unsigned char *p, size_t n, const char *key)
{
	size_t i = n >= 3 && !memcmp(p, UTF8_BOM, 3) ? 3 : 0, k = strlen(key);
	while (i < n && strchr(" \t\r\n", p[i]) && p[i])
		i++;
	if (i == n || p[i] != '{')
		return false;
	for (; i + k <= n; i++)
		if (!memcmp(p + i, key, k))
			return true;
	return false;
}

static bool oci_bid(const unsigned char *p, size_t n)
{
	return json_bid(p, n, "\"ociVersion\"");
}

static bool cdi_bid(const unsigned char *p, size_t n)
{
	return json_bid(p, n, "\"cdiVersion\"");
}

/* runc makes each with unix.Mkdev(uint32(major), uint32(minor)) and a raw
 * mknod; a CDI spec's become an OCI spec's. */
#define DOCUMENT(read, b) { .tool = "runc", .bits = 32, .how = "Go's uint32()", \
			    .container = "linux", .writer = "syscall", .document = (read), .bid = (b) }
const struct spec_format spec_oci = DOCUMENT(spec_oci_json, oci_bid);
const struct spec_format spec_cdi = DOCUMENT(spec_cdi_json, cdi_bid);
