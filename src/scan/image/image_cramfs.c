/* image_cramfs.c - the device inodes of a cramfs image, read by devnum
 * itself (Debian ships no library for it) as Linux's fs/cramfs reads it:
 * the superblock at 0, or at 512 behind a boot pad, in either byte order,
 * then every directory from the root.  Each entry is 12 bytes of inode and
 * a name of up to 252; every offset is checked against the image's size,
 * each entry against its directory's extent, and a directory met twice is
 * a loop, said and not followed.  A device keeps its number in the 24-bit
 * size field: the low 24 bits of its writer's glibc dev_t, which
 * fsck.cramfs hands to mknod and the kernel reads with old_decode_dev.
 * A regular file of 1 MiB or more is inflated page by page for the
 * dispatcher, which reads it when it begins an input. */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "render/output.h"
#include "scan/input/bounded.h"
#include "scan/image/image.h"
#include "scan/tree/tree.h"

#define CRAMFS_MAGIC 0x28cd3d45u
enum {
	SUPER_BYTES = 76,            /* the superblock, the root inode last */
	INODE_BYTES = 12,
	NAME_BYTES_MAX = 63 * 4,     /* namelen is 6 bits of 4-byte units */
	FLAGS_KNOWN = 0xff | 0x100 | 0x200 | 0x400 | 0x800, /* the kernel's CRAMFS_SUPPORTED_FLAGS */
	FLAG_SHIFTED_ROOT = 0x400,
	PAGE = 4096,                 /* a file's block: the reader's page, x86's */
};
/* A file's block pointers (fs/cramfs's cramfs_read_folio): each the end
 * of its zlib'd block, the next one's start, the first starting after
 * the pointers; a block of 0 bytes is a hole of zeros.  The pointers'
 * flags, a block stored as it is or at a direct pointer (bits 31 and
 * 30, mkcramfs -X for execute-in-place), are not read. */
#define BLK_FLAGS (UINT32_C(3) << 30)

struct inode {
	uint32_t mode, size, namelen, offset;
};

struct walk {
	struct tree t; /* first: the tree's sources get &t */
	struct bounded b;
	bool big; /* written on a big-endian host: mkfs.cramfs -N big */
};

/* A 32-bit word of the image in its byte order, at off: true. */
static bool word_at(struct walk *w, uint64_t off, uint32_t *v)
{
	const unsigned char *p = bounded_at(&w->b, off, 4);
	if (p)
		*v = w->big ? be32(p) : le32(p);
	return p != NULL;
}

/* The three words of an inode, as the writer's compiler laid out its
 * bit fields: from the low bits on a little-endian host, the high on a
 * big-endian one (mode:16 uid:16, size:24 gid:8, namelen:6 offset:26). */
static struct inode inode_at(const unsigned char *p, bool big)
{
	if (big)
		return (struct inode){ be32(p) >> 16, be32(p + 4) >> 8, be32(p + 8) >> 26,
				       be32(p + 8) & 0x3ffffff };
	return (struct inode){ le32(p) & 0xffff, le32(p + 4) & 0xffffff, le32(p + 8) & 0x3f,
			       le32(p + 8) >> 6 };
}

/* What the kernel gives the entry at byte off as its inode number
 * (cramino): a directory's, file's or link's data offset, else off + 1. */
static uint64_t ino_of(const struct inode *in, uint64_t off)
{
	bool data = S_ISREG(in->mode) || S_ISDIR(in->mode) || S_ISLNK(in->mode);
	return data && in->offset && in->size ? (uint64_t)in->offset << 2 : off + 1;
}

/* A device inode: its size field, and what Linux's cramfs reads of it
 * (old_decode_dev, libdevnum's row for it) where fsck.cramfs reads
 * another tuple (the field as a glibc dev_t). */
static void device(struct walk *w, uint64_t ino, bool block, uint32_t size)
{
	struct devnum_fields f = { 1, 1, { size } };
	struct devnum_judgement fsck, kernel;
	char note[200];
	const char *said = NULL;
	devnum_container_unpack(w->t.c, NULL, &f, &fsck);
	if (devnum_container_fit(w->t.c, devnum_writer_find("linux", w->t.c), NULL, fsck.becomes,
				 &kernel) == DEVNUM_CHANGED) {
		snprintf(note, sizeof note, "Linux's cramfs reads size 0x%06x as %llu:%llu (8:8), "
			 "fsck.cramfs as %llu:%llu", size, (unsigned long long)kernel.becomes.major,
			 (unsigned long long)kernel.becomes.minor, (unsigned long long)fsck.becomes.major,
			 (unsigned long long)fsck.becomes.minor);
		said = note;
	}
	tree_device(&w->t, ino, block, f, &(struct entry_found){ F_CRAMFS, said }, NULL);
}

/* A regular file open for the dispatcher: its inode, and its page
 * `page` inflated into data. */
struct open_file {
	struct walk *w;
	struct inode in;
	const struct zlib_calls *z;
	uint64_t page;
	unsigned char data[PAGE], packed[2 * PAGE];
};

/* Where page i's block starts and how long it is: true; false with
 * *why. */
static bool block_of(struct open_file *o, uint64_t i, uint32_t *start, uint32_t *len,
		     const char **why)
{
	struct walk *w = o->w;
	uint64_t table = (uint64_t)o->in.offset << 2, pages = (o->in.size + PAGE - 1) / PAGE;
	uint32_t ptr, prev = (uint32_t)(table + 4 * pages);
	if (!word_at(w, table + 4 * i, &ptr) || (i && !word_at(w, table + 4 * i - 4, &prev)))
		return *why = w->b.why, false;
	if ((ptr | prev) & BLK_FLAGS)
		return *why = "a block stored by a direct pointer or uncompressed (mkcramfs -X), "
			      "which scan does not read", false;
	if (ptr < prev)
		return *why = "a block pointer before its block's start", false;
	*start = prev, *len = ptr - prev;
	return true;
}

/* Page i of the file into o->data, zeros after what its block holds:
 * true; false with *why. */
static bool page_in(struct open_file *o, uint64_t i, const char **why)
{
	uint32_t start, len;
	const unsigned char *p = NULL;
	size_t filled = 0;
	if (!block_of(o, i, &start, &len, why))
		return false;
	if (len > 2 * PAGE)
		return *why = "a data block longer than two pages", false;
	if (len && !(p = bounded_at(&o->w->b, start, len)))
		return *why = o->w->b.why, false;
	if (len) {
		z_stream s = { .next_in = o->packed, .avail_in = len, .next_out = o->data,
			       .avail_out = PAGE };
		memcpy(o->packed, p, len);
		int rc = o->z->inflateInit_(&s, ZLIB_VERSION, (int)sizeof s);
		if (rc == Z_OK)
			rc = o->z->inflate(&s, Z_FINISH);
		filled = PAGE - s.avail_out;
		o->z->inflateEnd(&s);
		if (rc != Z_STREAM_END)
			return *why = "a data block zlib cannot inflate", false;
	}
	memset(o->data + filled, 0, PAGE - filled);
	o->page = i;
	return true;
}

static long file_read_at(void *data, uint64_t off, unsigned char *p, size_t n, const char **why)
{
	struct open_file *o = data;
	size_t got = 0;
	while (got < n && off < o->in.size) {
		uint64_t i = off / PAGE, at = off % PAGE, left = o->in.size - off;
		size_t k = n - got < PAGE - at ? n - got : (size_t)(PAGE - at);
		k = k < left ? k : (size_t)left;
		if (o->page != i && !page_in(o, i, why))
			return -1;
		memcpy(p + got, o->data + at, k);
		got += k, off += k;
	}
	return (long)got;
}

/* A regular file of INNER_FILE_MIN bytes or more, at the walk's path,
 * handed to the dispatcher. */
static void regular_file(struct walk *w, const struct inode *in)
{
	char err[300];
	struct open_file *o = malloc(sizeof *o);
	const struct zlib_calls *z = o ? zlib_calls(&w->t.sc->libs->zlib, err, sizeof err) : NULL;
	if (!z)
		tree_fault(&w->t, w->t.path, o ? err : "out of memory");
	else
		*o = (struct open_file){ w, *in, z, UINT64_MAX, { 0 }, { 0 } },
		w->t.status = status_max(w->t.status, w->t.sc->inner(w->t.sc, &(struct inner_file){
			in->size, o, file_read_at }, w->t.path));
	free(o);
}

/* A directory's listing: the entry at off, its entries ending at end,
 * and the inode of the entry listed last. */
struct listing {
	uint64_t off, end;
	struct inode last;
};

/* The entry at l->off: 1 with its name, its inode's bytes in e->ref; -1
 * after a fault (its directory's listing ends). */
static int next_entry(struct tree *t, void *dir, struct tree_entry *e)
{
	struct walk *w = (struct walk *)t;
	struct listing *l = dir;
	char what[4300];
	uint64_t off = l->off;
	if (off >= l->end)
		return 0;
	const unsigned char *p = off + INODE_BYTES <= l->end ? bounded_at(&w->b, off, INODE_BYTES) : NULL;
	if (!p) {
		snprintf(what, sizeof what, "the entry at byte %llu of directory %s",
			 (unsigned long long)off, t->len ? t->path : "/");
		tree_fault(t, what, off + INODE_BYTES > l->end ? "it runs past the directory's end"
							       : w->b.why);
		return -1;
	}
	struct inode in = inode_at(p, w->big);
	size_t nlen = (size_t)in.namelen * 4;
	const unsigned char *name = nlen && off + INODE_BYTES + nlen <= l->end
					    ? bounded_at(&w->b, off + INODE_BYTES, nlen) : NULL;
	if (!name) {
		snprintf(what, sizeof what, "the name at byte %llu of directory %s",
			 (unsigned long long)off + INODE_BYTES, t->len ? t->path : "/");
		tree_fault(t, what, !nlen ? "it is empty" : off + INODE_BYTES + nlen > l->end
				  ? "it runs past the directory's end" : w->b.why);
		return -1;
	}
	*e = (struct tree_entry){ (const char *)name, strnlen((const char *)name, nlen),
				  .ref = { off } };
	l->last = in;
	l->off = off + INODE_BYTES + nlen;
	return 1;
}

/* The entry listed last, its inode at byte e->ref[0]: a device's record;
 * a directory with entries to walk, its start and size into e->ref. */
static bool look(struct tree *t, void *dir, struct tree_entry *e)
{
	struct walk *w = (struct walk *)t;
	struct inode in = ((struct listing *)dir)->last;
	if (S_ISCHR(in.mode) || S_ISBLK(in.mode))
		device(w, ino_of(&in, e->ref[0]), S_ISBLK(in.mode), in.size);
	if (S_ISREG(in.mode) && in.size >= INNER_FILE_MIN)
		regular_file(w, &in);
	if (!S_ISDIR(in.mode) || !in.size)
		return false;
	*e = (struct tree_entry){ .ino = (uint64_t)in.offset << 2,
				  .ref = { (uint64_t)in.offset << 2, in.size } };
	return true;
}

/* The directory whose entries take e->ref[1] bytes from e->ref[0]. */
static bool open_dir(struct tree *t, void *parent, const struct tree_entry *e, const char *what,
		     void *dir)
{
	struct walk *w = (struct walk *)t;
	struct listing *l = dir;
	uint64_t start = e->ref[0], size = e->ref[1];
	(void)parent;
	if (start > w->b.size || size > w->b.size - start) {
		tree_fault(t, what, "its entries run past the end of the image");
		return false;
	}
	*l = (struct listing){ start, start + size, { 0 } };
	return true;
}

static void close_dir(struct tree *t, void *dir)
{
	(void)t, (void)dir;
}

static const struct tree_source cramfs_tree = { open_dir, next_entry, look, close_dir,
						     sizeof(struct listing) };

/* The superblock at 0 or 512, its byte order into w->big: its bytes, or
 * NULL. */
static const unsigned char *super(struct walk *w, uint64_t *at)
{
	for (*at = 0; *at <= 512; *at += 512) {
		const unsigned char *p = bounded_at(&w->b, *at, SUPER_BYTES);
		if (p && (le32(p) == CRAMFS_MAGIC || be32(p) == CRAMFS_MAGIC)) {
			w->big = be32(p) == CRAMFS_MAGIC;
			return p;
		}
	}
	return NULL;
}

/* The root directory's place, checked as the kernel checks it: true. */
static bool root(struct walk *w, const unsigned char *p, struct inode *in)
{
	char err[300];
	uint32_t flags = w->big ? be32(p + 8) : le32(p + 8);
	uint64_t offset;
	*in = inode_at(p + 64, w->big);
	offset = (uint64_t)in->offset << 2;
	if (flags & ~(uint32_t)FLAGS_KNOWN)
		snprintf(err, sizeof err, "cramfs image: unsupported features 0x%x",
			 flags & ~(uint32_t)FLAGS_KNOWN);
	else if (!S_ISDIR(in->mode))
		snprintf(err, sizeof err, "cramfs image: the root is no directory");
	else if (offset && !(flags & FLAG_SHIFTED_ROOT) && offset != SUPER_BYTES &&
		 offset != 512 + SUPER_BYTES)
		snprintf(err, sizeof err, "cramfs image: bad root offset %llu", (unsigned long long)offset);
	else
		return true;
	tree_fault(&w->t, err, NULL);
	return false;
}

int scan_cramfs(struct scan *sc, const struct image_file *f, const char *format)
{
	struct walk w;
	struct inode in;
	uint64_t at;
	const unsigned char *p;
	tree_start(&w.t, sc, format, "cramfs");
	if (!bounded_open(&w.b, f->fd, f->at, f->size)) {
		char err[300];
		snprintf(err, sizeof err, "cramfs image: %s", w.b.why);
		return scan_error(sc, err);
	}
	if (!(p = super(&w, &at)))
		tree_fault(&w.t, "cramfs image: no superblock at byte 0 or 512", NULL);
	else if (root(&w, p, &in) && in.offset && in.size) {
		uint64_t start = (uint64_t)in.offset << 2;
		tree_walk(&w.t, &cramfs_tree,
			  &(struct tree_entry){ .ino = start, .ref = { start, in.size } });
	}
	bounded_close(&w.b);
	return tree_end(&w.t);
}

/* 0x28cd3d45 in either byte order, at 0 or behind a 512-byte pad */
bool bid_cramfs(const unsigned char *p, size_t n)
{
	for (size_t at = 0; at <= 512 && at + 4 <= n; at += 512)
		if (le32(p + at) == 0x28cd3d45 || be32(p + at) == 0x28cd3d45)
			return true;
	return false;
}
