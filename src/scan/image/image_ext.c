/* image_ext.c - the device inodes of an ext2, ext3 or ext4 image, read
 * with libext2fs as e2fsck reads one: a scan of the inode tables in order
 * keeps the device inodes (and nothing for the others, so that memory
 * follows the devices, not the inodes), then one walk of the directories
 * from the root names them, a directory entry's file type saying which
 * entries to look up, then each device inode in use that no name reached
 * is listed as <inode N>; a regular file of 1 MiB or more, handed to the
 * dispatcher, is read as an input when it bids as one.  The fields are i_block[0] and i_block[1] as
 * stored; the tuple is what Linux's fs/ext4/inode.c reads from them (the
 * library's ext4 container).
 *
 * Checksums are verified where the kernel would refuse what it reads: a
 * device inode's own, and the directories' as the walk reads them; the
 * other inodes' are not computed (e2fsck's pass 1 spends most of its time
 * there, and scan reads nothing of those inodes). */
#include <config.h>

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/grown.h"
#include "render/output.h"
#include "scan/libs/ext2fs_calls.h"
#include "scan/input/bounded.h"
#include "scan/image/image.h"
#include "scan/tree/tree.h"

/* A device inode of the inode tables, as the scan found it. */
struct device {
	ext2_ino_t ino;
	uint32_t slot[2];   /* i_block[0] and i_block[1] */
	bool block;         /* a block device, else a character one */
	bool in_use;        /* linked, not deleted, past the reserved inodes */
	bool named;         /* a name reached it */
	errcode_t err;      /* what reading it whole said: its checksum */
};

/* The device inodes, in the order of their numbers, as the scan met them. */
struct devices {
	struct device *v;
	size_t n, cap;
};

/* The regular inodes of INNER_FILE_MIN bytes or more, in order: the files
 * the walk hands to the dispatcher, which reads one that bids as an input
 * (an image, an archive) as an input of its own. */
struct files {
	ext2_ino_t *v;
	size_t n, cap;
};

struct walk {
	struct tree t; /* first: the walk of the directories, the records */
	size_t listed;         /* the bytes their listings hold */
	const struct ext2fs_calls *x;
	ext2_filsys fs;
	struct devices devs;
	struct files files;
};

/* A fault of the image's at `what`, in libext2fs's words for err. */
static void fault(struct walk *w, const char *what, errcode_t err)
{
	tree_fault(&w->t, what, w->x->error_message(err));
}

/* The record of the device inode ino at path (NULL: the walk's). */
static void device(struct walk *w, ext2_ino_t ino, bool block, const uint32_t slot[2],
		   const char *path)
{
	tree_device(&w->t, ino, block, (struct devnum_fields){ 2, 3, { slot[0], slot[1] } }, NULL, path);
}

/* The device inode d, reached by the walk's path: its record, or the
 * fault reading it whole found. */
static void named(struct walk *w, struct device *d)
{
	d->named = true;
	if (d->err)
		fault(w, w->t.path, d->err);
	else
		device(w, d->ino, d->block, d->slot, NULL);
}

/* The device inode ino, or NULL: a binary search of the scan's list. */
static struct device *find(const struct devices *ds, ext2_ino_t ino)
{
	size_t lo = 0, hi = ds->n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (ds->v[mid].ino == ino)
			return &ds->v[mid];
		if (ds->v[mid].ino < ino)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

static int keep(struct devices *ds, const struct device *d)
{
	struct device *v = grown(ds->v, ds->n, &ds->cap, sizeof *v, 256);
	if (!v)
		return -1;
	ds->v = v;
	ds->v[ds->n++] = *d;
	return 0;
}

/* Whether the inode scan keeps the inode ino: a device inode, with its
 * checksum's verdict where the image has them, as the kernel checks it
 * before it believes a field.  On a little-endian machine the scan's
 * copy is the inode as stored, whole, and is checked where it is: a
 * read of each device inode again cost a 1 KiB read a device (7,500 of
 * 8,935 reads for an image of 30,000 devices in one directory).  On a
 * big-endian one libext2fs swapped the copy: the inode is read again. */
static bool scanned_device(struct walk *w, ext2_ino_t ino, struct ext2_inode *in,
			   struct device *d)
{
	if (!LINUX_S_ISCHR(in->i_mode) && !LINUX_S_ISBLK(in->i_mode))
		return false;
	*d = (struct device){ ino, { in->i_block[0], in->i_block[1] }, LINUX_S_ISBLK(in->i_mode),
			      ino >= EXT2_FIRST_INO(w->fs->super) && in->i_links_count && !in->i_dtime,
			      false, 0 };
	if (!ext2fs_has_feature_metadata_csum(w->fs->super))
		return true;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	if (!w->x->ext2fs_inode_csum_verify(w->fs, ino, (struct ext2_inode_large *)in))
		d->err = EXT2_ET_INODE_CSUM_INVALID;
#else
	struct ext2_inode whole;
	w->fs->flags &= ~EXT2_FLAG_IGNORE_CSUM_ERRORS;
	d->err = w->x->ext2fs_read_inode(w->fs, ino, &whole);
	w->fs->flags |= EXT2_FLAG_IGNORE_CSUM_ERRORS;
#endif
	return true;
}

/* Whether ino is one of the walk's large regular files: a binary search. */
static bool large(const struct files *fs, ext2_ino_t ino)
{
	size_t lo = 0, hi = fs->n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (fs->v[mid] == ino)
			return true;
		if (fs->v[mid] < ino)
			lo = mid + 1;
		else
			hi = mid;
	}
	return false;
}

/* A regular inode in use of INNER_FILE_MIN bytes or more, kept: 0, or -1
 * out of memory; another, passed over. */
static int keep_file(struct files *fs, ext2_ino_t ino, const struct ext2_inode *in)
{
	if (!LINUX_S_ISREG(in->i_mode) || !in->i_links_count || in->i_dtime ||
	    EXT2_I_SIZE(in) < INNER_FILE_MIN)
		return 0;
	ext2_ino_t *v = grown(fs->v, fs->n, &fs->cap, sizeof *v, 64);
	if (!v)
		return -1;
	fs->v = v;
	fs->v[fs->n++] = ino;
	return 0;
}

/* The scan of the inode tables: the device inodes into w->devs.  The
 * checksums of the others are not computed: libext2fs is told to pass
 * them over for the scan. */
static void scan_inodes(struct walk *w)
{
	ext2_inode_scan is;
	ext2_ino_t ino = 0;
	struct device d;
	int size = EXT2_INODE_SIZE(w->fs->super); /* a power of 2, 128 to the block size */
	struct ext2_inode *in = malloc((size_t)size > sizeof *in ? (size_t)size : sizeof *in);
	if (!in)
		return fault(w, "the inode tables", EXT2_ET_NO_MEMORY);
	errcode_t err = w->x->ext2fs_open_inode_scan(w->fs, 0, &is);
	if (err) {
		free(in);
		return fault(w, "the inode tables", err);
	}
	w->x->ext2fs_inode_scan_flags(is, EXT2_SF_SKIP_MISSING_ITABLE, 0);
	w->fs->flags |= EXT2_FLAG_IGNORE_CSUM_ERRORS;
	while (!(err = w->x->ext2fs_get_next_inode_full(is, &ino, in, size)) && ino)
		if ((scanned_device(w, ino, in, &d) ? keep(&w->devs, &d) : keep_file(&w->files, ino, in)) < 0) {
			err = EXT2_ET_NO_MEMORY;
			break;
		}
	w->fs->flags &= ~EXT2_FLAG_IGNORE_CSUM_ERRORS;
	if (err) {
		char where[64];
		snprintf(where, sizeof where, "the inode tables, after inode %u", ino);
		fault(w, where, err);
	}
	w->x->ext2fs_close_inode_scan(is);
	free(in);
}

/* A regular file open for the dispatcher, and the walk that opened it. */
struct open_file {
	struct walk *w;
	ext2_file_t file;
};

static long file_read_at(void *data, uint64_t off, unsigned char *p, size_t n, const char **why)
{
	struct open_file *o = data;
	unsigned got = 0;
	errcode_t err = o->w->x->ext2fs_file_llseek(o->file, off, EXT2_SEEK_SET, NULL);
	if (!err)
		err = o->w->x->ext2fs_file_read(o->file, p, n > UINT32_MAX ? UINT32_MAX : (unsigned)n,
						&got);
	if (err)
		return *why = o->w->x->error_message(err), -1;
	return (long)got;
}

/* The large regular file ino, at the walk's path, handed to the
 * dispatcher. */
static void regular_file(struct walk *w, ext2_ino_t ino)
{
	struct ext2_inode in;
	struct open_file o = { w, NULL };
	errcode_t err = w->x->ext2fs_read_inode(w->fs, ino, &in);
	if (!err)
		err = w->x->ext2fs_file_open(w->fs, ino, 0, &o.file);
	if (err)
		return fault(w, w->t.path, err);
	struct inner_file f = { EXT2_I_SIZE(&in), &o, file_read_at };
	w->t.status = status_max(w->t.status, w->t.sc->inner(w->t.sc, &f, w->t.path));
	w->x->ext2fs_file_close(o.file);
}

/* The inode of a name the scan did not find a device: read; a device the
 * scan passed over (an inode table that lies about its unused inodes)
 * listed; whether it is a directory. */
static bool other(struct walk *w, ext2_ino_t ino)
{
	struct ext2_inode in;
	errcode_t err = w->x->ext2fs_read_inode(w->fs, ino, &in);
	if (err)
		fault(w, w->t.path, err);
	else if (LINUX_S_ISCHR(in.i_mode) || LINUX_S_ISBLK(in.i_mode))
		device(w, ino, LINUX_S_ISBLK(in.i_mode), in.i_block, NULL);
	return !err && LINUX_S_ISDIR(in.i_mode);
}

/* A directory's listing, read whole when it is opened (libext2fs lists a
 * directory by calling back): each entry's inode, type and name, the
 * names one after another in `names`; the entry next.  The listings open
 * at once hold LISTED_MAX bytes at most between them: a directory whose
 * blocks an image maps again and again lists no end of entries. */
#define LISTED_MAX ((size_t)32 << 20)
struct listing {
	struct named {
		ext2_ino_t ino;
		unsigned type;
		size_t at, len;
	} *v;
	size_t n, cap, next;
	char *names;
	size_t used, room;
	size_t *listed;          /* the walk's bytes of listings open */
	const char *short_of;    /* why the listing stopped early, or NULL */
};

/* An entry's room in l: true. */
static bool room_for(struct listing *l, size_t len)
{
	struct named *v = grown(l->v, l->n, &l->cap, sizeof *v, 64);
	if (v)
		l->v = v;
	while (v && (!l->names || l->used + len > l->room)) { /* a name of 0 bytes has one too */
		char *more = realloc(l->names, l->room ? 2 * l->room : 4096);
		if (!more)
			break;
		l->names = more, l->room = l->room ? 2 * l->room : 4096;
	}
	if (v && l->used + len <= l->room)
		return true;
	l->short_of = "out of memory: the rest of its entries not read";
	return false;
}

static int listed(ext2_ino_t dir, int kind, struct ext2_dir_entry *d, int offset, int blocksize,
		  char *buf, void *priv)
{
	struct listing *l = priv;
	size_t len = d->name_len & 0xff;
	(void)dir, (void)offset, (void)blocksize, (void)buf;
	if (kind != DIRENT_OTHER_FILE || !d->inode)
		return 0;
	if (*l->listed + sizeof *l->v + len > LISTED_MAX) {
		l->short_of = "it lists more than 32 MiB of entries with the directories above it: "
			      "the rest not read";
		return DIRENT_ABORT;
	}
	if (!room_for(l, len))
		return DIRENT_ABORT;
	memcpy(l->names + l->used, d->name, len);
	l->v[l->n++] = (struct named){ d->inode, (unsigned)d->name_len >> 8, l->used, len };
	l->used += len;
	*l->listed += sizeof *l->v + len;
	return 0;
}

/* Directory inode e->ino, listed. */
static bool open_dir(struct tree *t, void *parent, const struct tree_entry *e, const char *what,
		     void *dir)
{
	struct walk *w = (struct walk *)t;
	struct listing *l = dir;
	(void)parent;
	*l = (struct listing){ .listed = &w->listed };
	errcode_t err = w->x->ext2fs_dir_iterate2(w->fs, (ext2_ino_t)e->ino, 0, NULL, listed, l);
	if (l->short_of)
		tree_fault(t, what, l->short_of);
	else if (err)
		fault(w, what, err);
	return true; /* what was listed before a fault is walked */
}

/* The next entry; one of a type that holds no device nor input, counted
 * and skipped (a directory's types are the filetype feature's). */
static int next_entry(struct tree *t, void *dir, struct tree_entry *e)
{
	struct walk *w = (struct walk *)t;
	struct listing *l = dir;
	if (l->next == l->n)
		return 0;
	const struct named *d = &l->v[l->next++];
	bool file = (d->type == EXT2_FT_REG_FILE || d->type == EXT2_FT_UNKNOWN) &&
		    large(&w->files, d->ino);
	*e = (struct tree_entry){ .name = l->names + d->at, .len = d->len, .ref = { d->ino, file } };
	e->skip = !file && d->type != EXT2_FT_UNKNOWN && d->type != EXT2_FT_DIR &&
		  d->type != EXT2_FT_CHRDEV && d->type != EXT2_FT_BLKDEV;
	return 1;
}

/* Entry e, its inode e->ref[0], at the walk's path: a large file handed
 * to the dispatcher, a device's record; whether it is a directory. */
static bool look(struct tree *t, void *dir, struct tree_entry *e)
{
	struct walk *w = (struct walk *)t;
	ext2_ino_t ino = (ext2_ino_t)e->ref[0];
	struct device *dev;
	(void)dir;
	e->ino = ino;
	if (e->ref[1])
		regular_file(w, ino);
	else if ((dev = find(&w->devs, ino)))
		named(w, dev);
	else
		return other(w, ino);
	return false;
}

static void close_dir(struct tree *t, void *dir)
{
	struct listing *l = dir;
	(void)t;
	*l->listed -= l->n * sizeof *l->v + l->used;
	free(l->v);
	free(l->names);
}

static const struct tree_source ext_tree = { open_dir, next_entry, look, close_dir,
						     sizeof(struct listing) };

/* The device inodes in use that no name reached, listed as <inode N>. */
static void unnamed(struct walk *w)
{
	char path[40];
	for (size_t i = 0; i < w->devs.n && !out_failed(); i++) {
		const struct device *d = &w->devs.v[i];
		if (!d->in_use || d->named)
			continue;
		snprintf(path, sizeof path, "<inode %u>", d->ino);
		if (d->err)
			fault(w, path, d->err);
		else
			device(w, d->ino, d->block, d->slot, path);
	}
}

int scan_ext(struct scan *sc, const struct image_file *f, const char *format)
{
	char err[300], name[64], options[40];
	struct walk w = { .devs = { 0 } };
	/* A file shorter than the superblock says is no fault by itself:
	 * mke2fs -d leaves the unused blocks at the end unwritten.  What is
	 * read beyond the end is libext2fs's short read, an error. */
	tree_start(&w.t, sc, format, "ext4");
	if (!(w.x = ext2fs_calls(&sc->libs->ext2fs, err, sizeof err)))
		return scan_error(sc, err);
	snprintf(name, sizeof name, "/proc/self/fd/%d", f->fd);
	snprintf(options, sizeof options, "offset=%llu", (unsigned long long)f->at); /* unix_io's */
	errcode_t e = w.x->ext2fs_open2(name, options, EXT2_FLAG_64BITS, 0, 0, w.x->unix_io, &w.fs);
	if (e) {
		snprintf(err, sizeof err, "%s image: %s", format, w.x->error_message(e));
		return scan_error(sc, err);
	}
	scan_inodes(&w);
	tree_walk(&w.t, &ext_tree, &(struct tree_entry){ .ino = EXT2_ROOT_INO });
	if (!out_failed())
		unnamed(&w);
	w.x->ext2fs_close_free(&w.fs);
	free(w.devs.v);
	free(w.files.v);
	return tree_end(&w.t);
}

/* ext: the superblock at 1024, s_magic 0xEF53 at 56; the feature words at
 * 92 (compat: has_journal 0x4) and 96 (incompat: extents 0x40, 64bit
 * 0x80, flex_bg 0x200), as libblkid tells ext2, ext3 and ext4 apart. */
static int ext_kind(const unsigned char *p, size_t n)
{
	if (n < 1024 + 100 || p[1024 + 56] != 0x53 || p[1024 + 57] != 0xef)
		return 0;
	if (le32(p + 1024 + 96) & (0x40 | 0x80 | 0x200))
		return 4;
	return le32(p + 1024 + 92) & 0x4 ? 3 : 2;
}

bool bid_ext2(const unsigned char *p, size_t n)
{
	return ext_kind(p, n) == 2;
}

bool bid_ext3(const unsigned char *p, size_t n)
{
	return ext_kind(p, n) == 3;
}

bool bid_ext4(const unsigned char *p, size_t n)
{
	return ext_kind(p, n) == 4;
}
