/* image_ext.c - the device inodes of an ext2, ext3 or ext4 image, read
 * with libext2fs: every name that links to one, by a walk of the
 * directories from the root, then each device inode in use that no name
 * reached, by a scan of the inode tables.  The fields are i_block[0] and
 * i_block[1] as stored; the tuple is what Linux's fs/ext4/inode.c reads
 * from them (the library's ext4 container). */
#include <config.h>

#include <stdio.h>
#include <string.h>

#include "render/output.h"
#include "scan/ext2fs_calls.h"
#include "scan/image.h"
#include "scan/inode_set.h"

/* How deep a walk goes: far past any real tree, and a bound on the
 * block buffers libext2fs keeps for the directories open at once. */
enum { DEPTH_MAX = 256 };

struct walk {
	struct scan *sc;
	const struct ext2fs_calls *x;
	ext2_filsys fs;
	const char *format;
	const devnum_container *c;
	struct inode_set named, dirs;
	char path[4096];
	size_t len;
	unsigned depth;
	int status;
};

static int max(int a, int b)
{
	return a > b ? a : b;
}

/* A fault of the image's at `what`, in libext2fs's words when err is
 * not 0: an error record, and the walk goes on. */
static void fault(struct walk *w, const char *what, errcode_t err)
{
	char why[4400];
	snprintf(why, sizeof why, "%s%s%s", what, err ? ": " : "", err ? w->x->error_message(err) : "");
	w->status = max(w->status, scan_error(w->sc, why));
}

static void device(struct walk *w, ext2_ino_t ino, const struct ext2_inode *in,
		   const char *path)
{
	struct inode_entry e = { path, w->format, LINUX_S_ISBLK(in->i_mode), ino, w->c,
				 { 2, 3, { in->i_block[0], in->i_block[1] } }, NULL };
	w->sc->seg.devices++;
	int st = scan_inode(w->sc, &e);
	w->sc->seg.found += st != EXIT_OK;
	w->status = max(w->status, st);
}

static void walk_dir(struct walk *w, ext2_ino_t dir);

static int entry(ext2_ino_t dir, int kind, struct ext2_dir_entry *d, int offset, int blocksize,
		 char *buf, void *priv)
{
	struct walk *w = priv;
	size_t n = d->name_len & 0xff, base = w->len;
	unsigned type = (unsigned)d->name_len >> 8; /* with the filetype feature */
	struct ext2_inode in;
	(void)dir, (void)offset, (void)blocksize, (void)buf;
	if (kind != DIRENT_OTHER_FILE || !d->inode)
		return 0;
	w->sc->seg.entries++;
	if (type != EXT2_FT_UNKNOWN && type != EXT2_FT_DIR && type != EXT2_FT_CHRDEV &&
	    type != EXT2_FT_BLKDEV)
		return 0;
	if (base + 1 + n >= sizeof w->path) {
		w->path[base] = 0;
		char what[4200];
		snprintf(what, sizeof what, "a name in %s: the path is longer than %zu bytes",
			 base ? w->path : "/", sizeof w->path - 1);
		fault(w, what, 0);
		return 0;
	}
	w->path[base] = '/';
	memcpy(w->path + base + 1, d->name, n);
	w->path[w->len = base + 1 + n] = 0;
	errcode_t err = w->x->ext2fs_read_inode(w->fs, d->inode, &in);
	if (err)
		fault(w, w->path, err);
	else if (LINUX_S_ISDIR(in.i_mode))
		walk_dir(w, d->inode);
	else if (LINUX_S_ISCHR(in.i_mode) || LINUX_S_ISBLK(in.i_mode)) {
		if (inode_set_add(&w->named, d->inode) < 0)
			fault(w, w->path, EXT2_ET_NO_MEMORY);
		device(w, d->inode, &in, w->path);
	}
	w->path[w->len = base] = 0;
	return out_failed() ? DIRENT_ABORT : 0;
}

/* The directory at w->path, inode dir: each entry; a directory entered
 * before (a loop, or a second link to one) is said, not entered again. */
static void walk_dir(struct walk *w, ext2_ino_t dir)
{
	char what[4200];
	int fresh = inode_set_add(&w->dirs, dir);
	snprintf(what, sizeof what, "directory %s (inode %u)", w->len ? w->path : "/", dir);
	if (fresh < 0)
		return fault(w, what, EXT2_ET_NO_MEMORY);
	if (!fresh) {
		strncat(what, ": entered before: a directory loop", sizeof what - strlen(what) - 1);
		return fault(w, what, 0);
	}
	if (w->depth >= DEPTH_MAX) {
		strncat(what, ": deeper than 256 directories", sizeof what - strlen(what) - 1);
		return fault(w, what, 0);
	}
	w->depth++;
	errcode_t err = w->x->ext2fs_dir_iterate2(w->fs, dir, 0, NULL, entry, w);
	w->depth--;
	if (err)
		fault(w, what, err);
}

/* The device inodes in use that no name reached, listed as <inode N>. */
static void unnamed(struct walk *w)
{
	ext2_inode_scan is;
	ext2_ino_t ino;
	struct ext2_inode in;
	char path[40];
	errcode_t err = w->x->ext2fs_open_inode_scan(w->fs, 0, &is);
	if (err)
		return fault(w, "the inode tables", err);
	w->x->ext2fs_inode_scan_flags(is, EXT2_SF_SKIP_MISSING_ITABLE, 0);
	while (!out_failed() && !(err = w->x->ext2fs_get_next_inode(is, &ino, &in)) && ino) {
		if (ino < EXT2_FIRST_INO(w->fs->super) || !in.i_links_count || in.i_dtime ||
		    !(LINUX_S_ISCHR(in.i_mode) || LINUX_S_ISBLK(in.i_mode)) ||
		    inode_set_has(&w->named, ino))
			continue;
		snprintf(path, sizeof path, "<inode %u>", ino);
		device(w, ino, &in, path);
	}
	if (err) {
		snprintf(path, sizeof path, "the inode tables, after inode %u", ino);
		fault(w, path, err);
	}
	w->x->ext2fs_close_inode_scan(is);
}

int scan_ext(struct scan *sc, int fd, const char *format)
{
	char err[300], name[64];
	struct walk w = { .sc = sc, .format = format, .c = devnum_container_find("ext4") };
	/* A file shorter than the superblock says is no fault by itself:
	 * mke2fs -d leaves the unused blocks at the end unwritten.  What is
	 * read beyond the end is libext2fs's short read, an error. */
	if (!(w.x = ext2fs_calls(&sc->libs->ext2fs, err, sizeof err)))
		return scan_error(sc, err);
	snprintf(name, sizeof name, "/proc/self/fd/%d", fd);
	errcode_t e = w.x->ext2fs_open2(name, NULL, EXT2_FLAG_64BITS, 0, 0, w.x->unix_io, &w.fs);
	if (e) {
		snprintf(err, sizeof err, "%s image: %s", format, w.x->error_message(e));
		return scan_error(sc, err);
	}
	walk_dir(&w, EXT2_ROOT_INO);
	if (!out_failed())
		unnamed(&w);
	w.x->ext2fs_close_free(&w.fs);
	inode_set_free(&w.named);
	inode_set_free(&w.dirs);
	return w.status;
}
