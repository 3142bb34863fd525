/* image_erofs.c - the device inodes of an erofs image, read by devnum
 * itself (Debian ships no library for it) as Linux's fs/erofs reads it:
 * the superblock at 1024, then every directory from the root.  An inode
 * is 32 bytes (compact) or 64 (extended) at meta_blkaddr's block plus 32
 * times its nid, and a device keeps its number in i_u.rdev, which the
 * kernel reads with new_decode_dev.  A directory's blocks hold 12-byte
 * entries (nid, the offset of the name, the type) with the names after
 * them; its last block may be inline, after the inode and its xattrs.
 * Every offset is checked against the image's size, every entry against
 * its block, and a directory met twice is a loop, said and not followed.
 * A composefs image keeps an overlay whiteout as a regular file with the
 * escaped xattr trusted.overlay.overlay.whiteout, which the mount shows as
 * char 0:0: its record is that whiteout. */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "render/output.h"
#include "scan/input/bounded.h"
#include "scan/image/image.h"
#include "scan/tree/tree.h"

#define EROFS_MAGIC 0xe0f5e1e2u
enum {
	SUPER_AT = 1024,
	SUPER_BYTES = 128,
	SLOT_BYTES = 32,      /* an nid's unit, a compact inode */
	DIRENT_BYTES = 12,
	XATTR_HEAD = 12,      /* erofs_xattr_ibody_header */
	TRUSTED = 4,          /* EROFS_XATTR_INDEX_TRUSTED: "trusted." */
};
/* i_format's data layouts that keep a file's bytes as they are: in
 * blocks one after another, the last perhaps inline after the inode; or
 * in chunks of 2^n blocks, each where an array after the inode says
 * (EROFS_INODE_CHUNK_BASED: i_u's low 5 bits are n; bit 5 makes each
 * entry 8 bytes, its device at 2 and its block at 4, else 4 bytes, the
 * block; block 2^32-1 is a hole of zeros) */
enum { FLAT_PLAIN = 0, FLAT_INLINE = 2, CHUNKED = 4, LAYOUTS = 5 };
enum { CHUNK_BITS = 0x1f, CHUNK_INDEXES = 0x20, NULL_ADDR = 0xffffffffu };

struct inode {
	uint64_t nid, at, size;
	uint16_t mode;
	uint32_t u;                /* i_u: raw_blkaddr, or rdev */
	unsigned layout, isize, xsize;
};

struct listing;

struct walk {
	struct tree t;             /* first: the tree's sources get &t */
	struct bounded b;
	unsigned blkbits;
	uint64_t meta, xattrs;     /* where the inodes and the shared xattrs start */
	unsigned char *block;      /* a directory block, copied out of the window */
	struct listing *owner;     /* the listing whose block that is */
	uint64_t unread;           /* large files stored compressed */
};

/* A directory's listing: the directory and its parent (up), the block
 * read (i, n bytes, count entries) and the entry k next in it, and the
 * inode of the entry listed last. */
struct listing {
	struct inode in, last;
	uint64_t up, i;
	size_t n, k, count;
	bool loaded;
};

/* A fault at inode nid: its error record. */
static void inode_fault(struct walk *w, uint64_t nid, const char *why)
{
	char what[4300];
	snprintf(what, sizeof what, "inode %llu at %s", (unsigned long long)nid,
		 w->t.len ? w->t.path : "/");
	tree_fault(&w->t, what, why);
}

/* Inode nid: true; false, said, where it cannot be read. */
static bool read_inode(struct walk *w, uint64_t nid, struct inode *in)
{
	const unsigned char *p = NULL;
	*in = (struct inode){ .nid = nid };
	if (nid <= (w->b.size - w->meta) / SLOT_BYTES) {
		in->at = w->meta + nid * SLOT_BYTES;
		p = bounded_at(&w->b, in->at, SLOT_BYTES);
	}
	if (!p) {
		inode_fault(w, nid, nid > (w->b.size - w->meta) / SLOT_BYTES ? "past the image's end"
									 : w->b.why);
		return false;
	}
	unsigned format = le16(p), icount = le16(p + 2);
	in->isize = format & 1 ? 2 * SLOT_BYTES : SLOT_BYTES;
	in->layout = format >> 1 & 7;
	if (format >> 4 || in->layout >= LAYOUTS) {
		inode_fault(w, nid, "an unknown inode format");
		return false;
	}
	if (in->isize > SLOT_BYTES && !(p = bounded_at(&w->b, in->at, in->isize))) {
		inode_fault(w, nid, w->b.why);
		return false;
	}
	in->mode = le16(p + 4);
	in->size = in->isize > SLOT_BYTES ? le64(p + 8) : le32(p + 8);
	in->u = le32(p + 16);
	in->xsize = icount ? XATTR_HEAD + (icount - 1u) * 4 : 0;
	return true;
}

/* The xattr entry at off: 1 if it is trusted.overlay.overlay.whiteout,
 * else 0, *next the entry after it; -1 where it cannot be read. */
static int escaped_whiteout(struct walk *w, uint64_t off, uint64_t *next)
{
	static const char name[] = "overlay.overlay.whiteout";
	const unsigned char *p = bounded_at(&w->b, off, 4);
	if (!p)
		return -1;
	size_t len = p[0], index = p[1];
	*next = off + ((4 + len + le16(p + 2) + 3) & ~(size_t)3);
	if (index != TRUSTED || len != sizeof name - 1)
		return 0;
	return !(p = bounded_at(&w->b, off + 4, len)) ? -1 : !memcmp(p, name, len);
}

/* Whether a regular file is composefs' escaped whiteout: an inline xattr
 * or a shared one of that name; xattrs that cannot be read are a fault. */
static bool whiteout_file(struct walk *w, const struct inode *in)
{
	uint64_t off = in->at + in->isize, end = off + in->xsize, next = 0;
	const unsigned char *h = in->xsize ? bounded_at(&w->b, off, XATTR_HEAD) : NULL;
	int is = in->xsize && !h ? -1 : 0;
	unsigned shared = h ? h[4] : 0;
	for (uint64_t i = 0; !is && i < shared; i++) {
		const unsigned char *id = bounded_at(&w->b, off + XATTR_HEAD + 4 * i, 4);
		is = id ? escaped_whiteout(w, w->xattrs + (uint64_t)le32(id) * 4, &next) : -1;
	}
	for (off += XATTR_HEAD + 4 * (uint64_t)shared; h && !is && off < end && end - off >= 4; off = next)
		is = escaped_whiteout(w, off, &next);
	if (is < 0)
		inode_fault(w, in->nid, "its xattrs lie past the end of the image");
	return is > 0;
}

/* Block i of the flat inode in: where it starts in the image. */
static uint64_t block_at(const struct walk *w, const struct inode *in, uint64_t i)
{
	uint64_t blocks = (in->size + (UINT64_C(1) << w->blkbits) - 1) >> w->blkbits;
	if (in->layout == FLAT_INLINE && i == blocks - 1)
		return in->at + in->isize + in->xsize;
	return ((uint64_t)in->u + i) << w->blkbits;
}

/* Block i of directory in, n bytes of it, copied into w->block: true. */
static bool dir_block(struct walk *w, const struct inode *in, uint64_t i, size_t n, char *what)
{
	uint64_t at = block_at(w, in, i);
	const unsigned char *p = NULL;
	if ((at & ((UINT64_C(1) << w->blkbits) - 1)) + n > UINT64_C(1) << w->blkbits) {
		tree_fault(&w->t, what, "its inline block crosses a block boundary");
		return false;
	}
	if (!(p = bounded_at(&w->b, at, n))) {
		tree_fault(&w->t, what, w->b.why);
		return false;
	}
	memcpy(w->block, p, n);
	return true;
}

/* The k-th entry's name in a block of n bytes with count entries: its
 * bytes and length; NULL where the offsets lie. */
static const char *dirent_name(const unsigned char *blk, size_t n, size_t k, size_t count,
			       size_t *len)
{
	size_t off = le16(blk + k * DIRENT_BYTES + 8);
	size_t end = k + 1 < count ? le16(blk + (k + 1) * DIRENT_BYTES + 8) : n;
	if (off < count * DIRENT_BYTES || off >= end || end > n)
		return NULL;
	*len = strnlen((const char *)blk + off, end - off);
	return *len ? (const char *)blk + off : NULL;
}

/* Whether an entry named "." or ".." names what the name means (in, or
 * its parent up): a mount takes the names for those, and never shows what
 * a lying one names; said as a fault. */
static void dots(struct walk *w, const struct inode *in, uint64_t up, size_t len, uint64_t nid,
		 const char *what)
{
	char why[300];
	uint64_t want = len == 1 ? in->nid : up;
	if (nid == want)
		return;
	snprintf(why, sizeof why, "its entry \"%s\" names inode %llu, not the %s (inode %llu): "
		 "a mount never shows what it names", len == 1 ? "." : "..", (unsigned long long)nid,
		 len == 1 ? "directory itself" : "parent directory", (unsigned long long)want);
	tree_fault(&w->t, what, why);
}

/* Block l->i of the listing's directory into w->block: true; false
 * after a fault. */
static bool load(struct walk *w, struct listing *l)
{
	char what[4200];
	uint64_t left = l->in.size - (l->i << w->blkbits), blksz = UINT64_C(1) << w->blkbits;
	l->n = left < blksz ? (size_t)left : (size_t)blksz;
	tree_named(&w->t, l->in.nid, what, sizeof what);
	if (!dir_block(w, &l->in, l->i, l->n, what))
		return false;
	if (!l->loaded)
		l->count = l->n >= DIRENT_BYTES ? le16(w->block + 8) / DIRENT_BYTES : 0, l->k = 0;
	l->loaded = true;
	w->owner = l;
	return true;
}

static int next_entry(struct tree *t, void *dir, struct tree_entry *e)
{
	struct walk *w = (struct walk *)t;
	struct listing *l = dir;
	char what[4200];
	for (;;) {
		if (l->loaded && l->k == l->count)
			l->i++, l->loaded = false;
		if (!l->loaded && l->i << w->blkbits >= l->in.size)
			return 0;
		if ((!l->loaded || w->owner != l) && !load(w, l)) /* a walk below took the block */
			return -1;
		if (l->k == l->count)
			continue;
		size_t len, k = l->k++;
		const char *name = dirent_name(w->block, l->n, k, l->count, &len);
		uint64_t nid = le64(w->block + k * DIRENT_BYTES);
		if (!name) {
			tree_named(t, l->in.nid, what, sizeof what);
			tree_fault(t, what, "a directory entry's name lies outside its block");
			return -1;
		}
		if ((len == 1 && name[0] == '.') || (len == 2 && !memcmp(name, "..", 2))) {
			tree_named(t, l->in.nid, what, sizeof what);
			dots(w, &l->in, l->up, len, nid, what);
			continue;
		}
		*e = (struct tree_entry){ .name = name, .len = len, .ref = { nid } };
		return 1;
	}
}

/* A regular file open for the dispatcher: the walk and its inode. */
struct open_file {
	struct walk *w;
	struct inode in;
};

/* Where the block holding byte off of a chunked file starts: true, *at
 * set, or *at left 0 for a hole; false with *why. */
static bool chunk_at(struct walk *w, const struct inode *in, uint64_t off, uint64_t *at,
		     const char **why)
{
	unsigned unit = in->u & CHUNK_INDEXES ? 8 : 4, bits = w->blkbits + (in->u & CHUNK_BITS);
	uint64_t pos = (in->at + in->isize + in->xsize + unit - 1) / unit * unit + unit * (off >> bits);
	const unsigned char *p = bounded_at(&w->b, pos, unit);
	if (!p)
		return *why = w->b.why, false;
	uint32_t block = le32(p + unit - 4);
	if (unit == 8 && le16(p + 2) && block != NULL_ADDR)
		return *why = "a chunk on another device, which scan does not read", false;
	*at = block == NULL_ADDR ? 0 : ((uint64_t)block << w->blkbits) +
		(off & ((UINT64_C(1) << bits) - 1) & ~((UINT64_C(1) << w->blkbits) - 1));
	return true;
}

static long file_read_at(void *data, uint64_t off, unsigned char *p, size_t n, const char **why)
{
	struct open_file *o = data;
	struct walk *w = o->w;
	uint64_t blksz = UINT64_C(1) << w->blkbits, at = 0;
	size_t got = 0;
	while (got < n && off < o->in.size) {
		uint64_t in_block = off & (blksz - 1), left = o->in.size - off;
		size_t k = n - got;
		k = k < blksz - in_block ? k : (size_t)(blksz - in_block);
		k = k < left ? k : (size_t)left;
		if (o->in.layout == CHUNKED && !chunk_at(w, &o->in, off, &at, why))
			return -1;
		else if (o->in.layout != CHUNKED)
			at = block_at(w, &o->in, off >> w->blkbits);
		const unsigned char *q = at ? bounded_at(&w->b, at + in_block, k) : NULL;
		if (at && !q)
			return *why = w->b.why, -1;
		if (q)
			memcpy(p + got, q, k);
		else
			memset(p + got, 0, k);
		got += k, off += k;
	}
	return (long)got;
}

/* A regular file of INNER_FILE_MIN bytes or more, at the walk's path,
 * handed to the dispatcher where its bytes are stored as they are;
 * counted where they are compressed. */
static void regular_file(struct walk *w, const struct inode *in)
{
	uint64_t blksz = UINT64_C(1) << w->blkbits, tail = in->size & (blksz - 1);
	struct open_file o = { w, *in };
	if (in->layout != FLAT_PLAIN && in->layout != FLAT_INLINE && in->layout != CHUNKED)
		w->unread++;
	else if (in->layout == CHUNKED && (in->u & 0xffff) >> 6)
		tree_fault(&w->t, w->t.path, "an unknown chunk format");
	else if (in->layout != CHUNKED && in->size > w->b.size) /* a chunked one may have holes */
		tree_fault(&w->t, w->t.path, "a file larger than the image");
	else if (in->layout == FLAT_INLINE && tail &&
		 (block_at(w, in, in->size >> w->blkbits) & (blksz - 1)) + tail > blksz)
		tree_fault(&w->t, w->t.path, "its inline block crosses a block boundary");
	else
		w->t.status = status_max(w->t.status, w->t.sc->inner(w->t.sc, &(struct inner_file){
			in->size, &o, file_read_at }, w->t.path));
}

/* The entry listed last, inode e->ref[0], at the walk's path: a device's
 * record, a whiteout's; a directory to walk, its inode kept for open_dir. */
static bool look(struct tree *t, void *dir, struct tree_entry *e)
{
	struct walk *w = (struct walk *)t;
	struct listing *l = dir;
	struct inode *in = &l->last;
	uint64_t nid = e->ref[0];
	if (!read_inode(w, nid, in))
		return false;
	if (S_ISCHR(in->mode) || S_ISBLK(in->mode))
		tree_device(t, nid, S_ISBLK(in->mode), (struct devnum_fields){ 1, 1, { in->u } },
			    NULL, NULL);
	else if (S_ISREG(in->mode) && whiteout_file(w, in))
		tree_device(t, nid, false, (struct devnum_fields){ 0 },
			    &(struct entry_found){ F_WHITEOUT, "composefs' escaped whiteout: a file with "
			    "the xattr trusted.overlay.overlay.whiteout, char 0:0 where it is mounted" },
			    NULL);
	else if (S_ISREG(in->mode) && in->size >= INNER_FILE_MIN)
		regular_file(w, in);
	e->ino = nid;
	return S_ISDIR(in->mode);
}

/* The directory listed last in parent (or the root, e->data, its own
 * parent), its entries read where they are stored flat. */
static bool open_dir(struct tree *t, void *parent, const struct tree_entry *e, const char *what,
		     void *dir)
{
	struct walk *w = (struct walk *)t;
	struct listing *l = dir, *up = parent;
	const struct inode *in = up ? &up->last : e->data;
	if (in->layout != FLAT_PLAIN && in->layout != FLAT_INLINE) {
		tree_fault(t, what, "stored compressed or in chunks, which scan does not read");
		return false;
	}
	if (in->size > w->b.size) {
		tree_fault(t, what, "larger than the image");
		return false;
	}
	*l = (struct listing){ .in = *in, .up = up ? up->in.nid : in->nid };
	return true;
}

// cppcheck-suppress constParameter
static void close_dir(struct tree *t, void *dir)
{
	struct walk *w = (struct walk *)t;
	if (w->owner == dir)
		w->owner = NULL;
}

static const struct tree_source erofs_tree = { open_dir, next_entry, look, close_dir,
						     sizeof(struct listing) };

/* The superblock: true, the walk's geometry set; false, said. */
static bool super(struct walk *w, uint64_t *root)
{
	char err[300];
	const unsigned char *p = bounded_at(&w->b, SUPER_AT, SUPER_BYTES);
	if (!p || le32(p) != EROFS_MAGIC) {
		snprintf(err, sizeof err, "erofs image: %s", p ? "no superblock at byte 1024" : w->b.why);
		tree_fault(&w->t, err, NULL);
		return false;
	}
	w->blkbits = p[12];
	*root = le16(p + 14);
	w->meta = (uint64_t)le32(p + 40) << (w->blkbits & 63);
	w->xattrs = (uint64_t)le32(p + 44) << (w->blkbits & 63);
	if (w->blkbits < 9 || w->blkbits > 16) /* the kernel's: 512 bytes to its page size */
		snprintf(err, sizeof err, "erofs image: a block size of 2^%u bytes", w->blkbits);
	else if (w->meta > w->b.size)
		snprintf(err, sizeof err, "erofs image: its inodes start past its end");
	else if (!(w->block = malloc((size_t)1 << w->blkbits)))
		snprintf(err, sizeof err, "erofs image: out of memory");
	else
		return true;
	tree_fault(&w->t, err, NULL);
	return false;
}

int scan_erofs(struct scan *sc, const struct image_file *f, const char *format)
{
	struct walk w = { .block = NULL };
	struct inode root;
	uint64_t nid;
	tree_start(&w.t, sc, format, "erofs");
	if (!bounded_open(&w.b, f->fd, f->at, f->size)) {
		char err[300];
		snprintf(err, sizeof err, "erofs image: %s", w.b.why);
		return scan_error(sc, err);
	}
	if (super(&w, &nid) && read_inode(&w, nid, &root)) {
		if (S_ISDIR(root.mode))
			tree_walk(&w.t, &erofs_tree, &(struct tree_entry){ .ino = nid, .data = &root });
		else
			inode_fault(&w, nid, "the root is no directory");
	}
	tree_unread(&w.t, "erofs", w.unread, " stored compressed");
	free(w.block);
	bounded_close(&w.b);
	return tree_end(&w.t);
}

/* EROFS_MAGIC at byte 1024, little-endian */
bool bid_erofs(const unsigned char *p, size_t n)
{
	return n >= SUPER_AT + 4 && le32(p + SUPER_AT) == EROFS_MAGIC;
}
