/* cmd_stat.c - the device numbers of real files: a device's own (st_rdev),
 * or for any other file the device that holds it (st_dev). */
#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#ifdef MAJOR_IN_SYSMACROS
#include <sys/sysmacros.h>
#elif defined MAJOR_IN_MKDEV
#include <sys/mkdev.h>
#endif

#include "cli/cli.h"
#include "cli/live.h"

/* A file type: its name, and what its numbers are, in words. */
static const struct kind {
	mode_t fmt;
	const char *type, *what;
} kinds[] = {
	{ S_IFCHR, "char", "char device" },
	{ S_IFBLK, "block", "block device" },
	{ S_IFREG, "regular file", "regular file on device" },
	{ S_IFDIR, "directory", "directory on device" },
	{ S_IFLNK, "symbolic link", "symbolic link on device" },
	{ S_IFIFO, "fifo", "fifo on device" },
	{ S_IFSOCK, "socket", "socket on device" },
	{ 0, "file", "file on device" },
};

static const struct kind *kind_of(mode_t m)
{
	const struct kind *k = kinds;
	while (k->fmt && (m & S_IFMT) != k->fmt)
		k++;
	return k;
}

struct node {
	const struct kind *kind;
	bool device;       /* the numbers are the file's own st_rdev */
	struct devnum_tuple t;
};

/* One system call a file: statx gives major and minor apart, as the kernel
 * holds them; without it, stat's dev_t split by the C library. */
static int examine(const char *path, bool deref, struct node *n)
{
	int flags = deref ? 0 : AT_SYMLINK_NOFOLLOW;
#ifdef HAVE_STATX
	struct statx sx;
	if (statx(AT_FDCWD, path, flags, STATX_TYPE, &sx) < 0)
		return -1;
	n->kind = kind_of(sx.stx_mode);
	n->device = S_ISCHR(sx.stx_mode) || S_ISBLK(sx.stx_mode);
	n->t = n->device ? (struct devnum_tuple){ sx.stx_rdev_major, sx.stx_rdev_minor }
			 : (struct devnum_tuple){ sx.stx_dev_major, sx.stx_dev_minor };
#else
	struct stat st;
	if (fstatat(AT_FDCWD, path, &st, flags) < 0)
		return -1;
	n->kind = kind_of(st.st_mode);
	n->device = S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode);
	dev_t d = n->device ? st.st_rdev : st.st_dev;
	n->t = (struct devnum_tuple){ major(d), minor(d) };
#endif
	return 0;
}

static int stat_record(const struct job *j, struct record *r)
{
	char path[PATH_MAX];
	struct node n;
	struct devnum_reason why;
	uint64_t raw;
	const char *in = r->text[K_INPUT];
	size_t len = r->len[K_INPUT];
	set_scheme(r, j->scheme);
	if (len >= sizeof path)
		return fail(r, EXIT_TROUBLE, "%s", strerror(ENAMETOOLONG)); /* as the kernel's */
	if (memchr(in, 0, len))
		return fail(r, EXIT_TROUBLE, "file name contains a NUL byte");
	memcpy(path, in, len);
	path[len] = 0;
	if (examine(path, has_option(j, O_DEREF), &n) < 0)
		return fail(r, EXIT_TROUBLE, "%s", strerror(errno));
	set_str(r, K_TYPE, n.kind->type);
	set_str(r, K_FIELD, n.device ? "st_rdev" : "st_dev");
	set_tuple(r, n.t);
	if (encode_why(j->scheme, n.t, &raw, &why) != DEVNUM_OK)
		return fail_reason(r, j->scheme, &why);
	set_num(r, K_RAW, raw);
	const char *name = live_name(j->live, n.kind->fmt != S_IFCHR, n.t);
	if (*name)
		set_str(r, K_DEVNAME, name);
	set_str(r, K_WHAT, n.kind->what);
	emit(j->out, r);
	return EXIT_OK;
}

const struct command cmd_stat = {
	"stat", "FILE...", "the device numbers of files",
	.options = OPT(O_SCHEME) | OPT(O_DEREF) | OUTPUT_OPTIONS,
	.keys = KEY(K_INPUT) | KEY(K_SCHEME) | KEY(K_TYPE) | KEY(K_FIELD) | KEY(K_MAJOR) |
		KEY(K_MINOR) | KEY(K_MTREE) | KEY(K_RAW) | KEY(K_DEVNAME) | KEY(K_WHAT) |
		KEY(K_ERROR),
	.plain = "%i: %{what} %M:%m %r%( (%D)%)", .raw_plain = true, .names = true,
	.record = stat_record,
};
