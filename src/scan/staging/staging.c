/* staging.c - a staging tree: the directory an image is built from,
 * walked with lstat and openat(O_NOFOLLOW), so that no symbolic link
 * leads out of it, and not into another file system mounted inside.
 * Its devices are nodes, or, where the builder could not make nodes,
 * numbers kept as metadata on a placeholder file, each record saying
 * which (key source):
 *   st_rdev               a device node (or one fakeroot shows);
 *   user.rsync.%stat      rsync --fake-super: "MODE MAJOR,MINOR UID:GID",
 *                         mode in octal, the parts read back with %u;
 *   user.virtfs.rdev      QEMU 9p security_model=mapped-xattr: the host's
 *                         dev_t, 8 bytes little-endian, its type in the
 *                         4-byte user.virtfs.mode;
 *   .virtfs_metadata      QEMU 9p mapped-file: DIR/.virtfs_metadata/NAME,
 *                         lines virtfs.mode=%d and virtfs.rdev=%d (the
 *                         low 32 bits of the dev_t, as a signed int);
 *   fakeroot              --fakeroot=STATE: the inode's entry in the
 *                         state fakeroot -s saved. */
#include <config.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#ifdef MAJOR_IN_SYSMACROS
#include <sys/sysmacros.h>
#elif defined MAJOR_IN_MKDEV
#include <sys/mkdev.h>
#endif
#include <sys/xattr.h>
#include <unistd.h>

#include "render/output.h"
#include "scan/input/bounded.h"
#include "scan/specification/fakeroot_state.h"
#include "scan/tree/tree.h"

struct staging {
	struct tree t;                    /* first: the tree's sources get &t */
	dev_t dev;                        /* the root's file system */
	const struct fakeroot_state *state; /* --fakeroot's, or NULL */
};

/* A device found at the walk's path: its record. */
static void device(struct staging *s, const struct stat *st, bool block, bool raw, uint64_t rdev,
		   struct devnum_tuple t, const char *source)
{
	struct entry e = { .type = block ? "block" : "char", .device = true, .has_inode = true,
			   .inode = st->st_ino, .source = source, .t = t, .number = E_TUPLE };
	if (!strcmp(source, "st_rdev")) /* a node: else a tool's own record, in no container */
		e.c = devnum_container_find("linux");
	if (raw) /* the host's dev_t, read in --scheme (the running system's) */
		e.number = E_RAW, e.host = true, e.f = (struct devnum_fields){ 1, 1, { rdev } };
	tree_record(&s->t, &e);
}

/* What a mode says: 'c', 'b', or 0 for no device. */
static char mode_type(uint64_t mode)
{
	if ((mode & S_IFMT) == S_IFCHR)
		return 'c';
	return (mode & S_IFMT) == S_IFBLK ? 'b' : '\0';
}

/* The number at *p in base, then the byte `end` (or any, for 0): true,
 * *p past both. */
static bool number_then(const char **p, int base, char end, unsigned long long *v)
{
	char *stop;
	if (**p < '0' || **p > '9')
		return false;
	errno = 0;
	*v = strtoull(*p, &stop, base);
	if (errno || (end && *stop != end))
		return false;
	*p = stop + (end != 0);
	return true;
}

/* rsync --fake-super's user.rsync.%stat, as get_stat_xattr() reads it. */
static void rsync_stat(struct staging *s, const char *at, const struct stat *st)
{
	char buf[200], why[300];
	ssize_t n = lgetxattr(at, "user.rsync.%stat", buf, sizeof buf - 1);
	unsigned long long mode, major, minor;
	const char *p = buf;
	if (n < 0)
		return;
	buf[n] = 0;
	if (!number_then(&p, 8, ' ', &mode) || !number_then(&p, 10, ',', &major) ||
	    !number_then(&p, 10, 0, &minor)) {
		snprintf(why, sizeof why, "user.rsync.%%stat \"%.60s\" is not MODE MAJOR,MINOR", buf);
		return tree_fault(&s->t, s->t.path, why);
	}
	if (!mode_type(mode))
		return;
	if (major > UINT32_MAX || minor > UINT32_MAX) { /* rsync's %u would keep 32 bits */
		snprintf(why, sizeof why, "user.rsync.%%stat holds %llu,%llu, which rsync reads "
			 "back as %llu,%llu", major, minor, major & UINT32_MAX, minor & UINT32_MAX);
		return tree_fault(&s->t, s->t.path, why);
	}
	device(s, st, mode_type(mode) == 'b', false, 0, (struct devnum_tuple){ major, minor },
	       "user.rsync.%stat");
}

/* QEMU's mapped-xattr: user.virtfs.mode and user.virtfs.rdev. */
static void virtfs_xattr(struct staging *s, const char *at, const struct stat *st)
{
	unsigned char mode[8], rdev[16];
	ssize_t m = lgetxattr(at, "user.virtfs.mode", mode, sizeof mode);
	ssize_t r = m == 4 ? lgetxattr(at, "user.virtfs.rdev", rdev, sizeof rdev) : -1;
	if (m < 0 || (m == 4 && !mode_type(le32(mode)) && r < 0))
		return;
	if (m != 4 || !mode_type(le32(mode)) || r != 8) {
		char why[200];
		snprintf(why, sizeof why, "user.virtfs.mode of %zd bytes (4, a device's) and "
			 "user.virtfs.rdev of %zd (8): not as QEMU writes them", m, r);
		return tree_fault(&s->t, s->t.path, why);
	}
	device(s, st, mode_type(le32(mode)) == 'b', true, le64(rdev), (struct devnum_tuple){ 0, 0 },
	       "user.virtfs.rdev");
}

/* QEMU's mapped-file: DIR/.virtfs_metadata/NAME, read as QEMU reads it. */
static void virtfs_file(struct staging *s, int dirfd, const char *name, const struct stat *st)
{
	char path[300], line[100];
	long long mode = -1, rdev = -1;
	snprintf(path, sizeof path, ".virtfs_metadata/%s", name);
	int fd = openat(dirfd, path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	FILE *f = fd < 0 ? NULL : fdopen(fd, "r");
	if (!f) {
		if (fd >= 0)
			close(fd);
		return;
	}
	while (fgets(line, sizeof line, f)) {
		if (!strncmp(line, "virtfs.mode=", 12))
			mode = strtoll(line + 12, NULL, 10);
		else if (!strncmp(line, "virtfs.rdev=", 12))
			rdev = strtoll(line + 12, NULL, 10);
	}
	fclose(f);
	if (mode < 0 || !mode_type((uint64_t)mode))
		return;
	if (rdev == -1 || rdev < INT32_MIN || rdev > INT32_MAX) { /* -1: QEMU's "none" */
		char why[300];
		snprintf(why, sizeof why, ".virtfs_metadata: virtfs.rdev=%lld, which QEMU does not "
			 "read as a device number", rdev);
		return tree_fault(&s->t, s->t.path, why);
	}
	device(s, st, mode_type((uint64_t)mode) == 'b', true, (uint32_t)rdev,
	       (struct devnum_tuple){ 0, 0 }, ".virtfs_metadata");
}

/* Whether the NUL-separated list of n bytes holds name. */
static bool listed(const char *list, ssize_t n, const char *name)
{
	for (const char *p = list; p < list + n; p += strlen(p) + 1)
		if (!strcmp(p, name))
			return true;
	return false;
}

/* A regular file's metadata: its extended attributes, read only when
 * llistxattr names them (one call a file, not one an attribute), and
 * QEMU's mapped-file metadata where the directory has any (meta). */
static void placeholder(struct staging *s, int dirfd, const char *name, const struct stat *st,
			bool meta)
{
	char at[320], list[4096];
	snprintf(at, sizeof at, "/proc/self/fd/%d/%s", dirfd, name);
	ssize_t n = llistxattr(at, list, sizeof list - 1);
	bool all = n < 0 && errno == ERANGE; /* too many to list: ask for each */
	if (n > 0)
		list[n] = 0;
	if (all || (n > 0 && listed(list, n, "user.rsync.%stat")))
		rsync_stat(s, at, st);
	if (all || (n > 0 && listed(list, n, "user.virtfs.mode")))
		virtfs_xattr(s, at, st);
	if (meta)
		virtfs_file(s, dirfd, name, st);
}

/* A directory's listing: its stream, and whether it has a
 * .virtfs_metadata. */
struct listing {
	DIR *d;
	bool meta;
};

static int next_entry(struct tree *t, void *dir, struct tree_entry *e)
{
	struct listing *l = dir;
	struct dirent *de;
	while ((errno = 0, de = readdir(l->d)))
		if (strcmp(de->d_name, ".") && strcmp(de->d_name, "..")) {
			*e = (struct tree_entry){ .name = de->d_name, .len = strlen(de->d_name) };
			return 1;
		}
	if (!errno)
		return 0;
	tree_fault(t, t->len ? t->path : "/", strerror(errno));
	return -1;
}

/* The entry listed last, at the walk's path: a device's record, a
 * placeholder's; a directory of the same file system to walk. */
static bool look(struct tree *t, void *dir, struct tree_entry *e)
{
	struct staging *s = (struct staging *)t;
	struct listing *l = dir;
	struct stat st;
	int fd = dirfd(l->d);
	if (fstatat(fd, e->name, &st, AT_SYMLINK_NOFOLLOW) < 0) {
		tree_fault(t, t->path, strerror(errno));
		return false;
	}
	const struct fakeroot_node *faked = s->state ? fakeroot_find(s->state, st.st_dev, st.st_ino)
						     : NULL;
	if (faked)
		device(s, &st, faked->type == 'b', true, faked->rdev, (struct devnum_tuple){ 0, 0 },
		       "fakeroot");
	else if (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode))
		device(s, &st, S_ISBLK(st.st_mode), false, 0,
		       (struct devnum_tuple){ major(st.st_rdev), minor(st.st_rdev) }, "st_rdev");
	else if (S_ISREG(st.st_mode))
		placeholder(s, fd, e->name, &st, l->meta);
	if (faked || !S_ISDIR(st.st_mode) || !strcmp(e->name, ".virtfs_metadata"))
		return false;
	if (st.st_dev != s->dev) {
		tree_fault(t, t->path, "another file system, mounted here: not entered "
		           "(scan it on its own)");
		return false;
	}
	e->ino = st.st_ino;
	return true;
}

/* The directory e, below parent (or the root, a descriptor of its in
 * e->ref[0], the caller's), opened. */
static bool open_dir(struct tree *t, void *parent, const struct tree_entry *e, const char *what,
		     void *dir)
{
	struct listing *l = dir;
	int fd = !parent ? fcntl((int)e->ref[0], F_DUPFD_CLOEXEC, 0)
			 : openat(dirfd(((struct listing *)parent)->d), e->name,
				  O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd >= 0) {
		l->meta = !faccessat(fd, ".virtfs_metadata", F_OK, AT_SYMLINK_NOFOLLOW);
		if ((l->d = fdopendir(fd)))
			return true;
		close(fd);
	}
	tree_fault(t, what, strerror(errno));
	return false;
}

static void close_dir(struct tree *t, void *dir)
{
	(void)t;
	closedir(((struct listing *)dir)->d);
}

static const struct tree_source staging_tree = { open_dir, next_entry, look, close_dir,
						     sizeof(struct listing) };

int scan_staging(struct scan *sc, const char *dir, const struct fakeroot_state *state)
{
	struct staging s = { .state = state };
	struct stat st;
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	tree_start(&s.t, sc, "directory", NULL);
	sc->segment = 1;
	if (fd < 0 || fstat(fd, &st) < 0) {
		tree_fault(&s.t, "the directory", strerror(errno));
		if (fd >= 0)
			close(fd);
		return tree_end(&s.t);
	}
	/* read by the sources, which get &s.t */
	s.dev = st.st_dev; // cppcheck-suppress unreadVariable
	tree_walk(&s.t, &staging_tree, &(struct tree_entry){ .ino = st.st_ino, .ref = { (uint64_t)fd } });
	close(fd);
	scan_summary(sc);
	return tree_end(&s.t);
}
