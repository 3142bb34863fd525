/* image_squashfs.c - the device inodes of a squashfs image, read with
 * libsquashfs: every name that links to one, by a walk of the directories
 * from the root (squashfs has no inode in use without a name).  The field
 * is the 32-bit rdev as stored; the tuple is what Linux's fs/squashfs
 * reads from it (new_decode_dev: the library's squashfs container).
 *
 * Only directory and device inodes are read whole.  libsquashfs sizes a
 * file's block list and a symlink's target by what the inode claims
 * (1.8 GB for a few bytes of a hostile image, found by fuzz_squashfs), and
 * scan needs neither: every inode's type is read first, from its 16-byte
 * header, and the others are counted and passed over.  A regular file is
 * read whole only when its block list fits in the inode table, and then
 * handed to the dispatcher, which reads it as an input when its first
 * bytes bid as one (a live image's squashfs holding an ext4). */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "render/output.h"
#include "scan/image/image.h"
#include "scan/input/bounded.h"
#include "scan/libs/sqfs_calls.h"
#include "scan/tree/tree.h"

struct walk {
	struct tree t; /* first: the walk of the directories, the records */
	const struct sqfs_calls *q;
	sqfs_super_t super;
	sqfs_meta_reader_t *itable, *dtable; /* readers of the inode and directory tables */
	sqfs_file_t *file;
	sqfs_compressor_t *cmp;
	sqfs_data_reader_t *data; /* a regular file's reader, made at the first one read */
	int data_error;           /* or why it could not be made */
};

/* A directory's listing: libsquashfs' place in it, and the entry listed
 * last, its inode when it is a directory or a device (the walk's until
 * the next). */
struct listing {
	sqfs_readdir_state_t st;
	sqfs_dir_entry_t *ent;
	sqfs_inode_generic_t *in;
	sqfs_u64 ref;
	uint64_t ino; /* the directory's */
	int e;        /* libsquashfs' error that ended the listing, or 0 */
};

static const char *sqfs_error(int e)
{
	static const char *const words[] = {
		"an error", "out of memory", "an input/output error", "a decompression error",
		"an internal error", "corrupted", "an unsupported feature", "a number that overflows",
		"out of bounds", "bad superblock magic", "bad superblock version",
		"bad superblock block size", "not a directory", "no such entry", "a link loop",
		"not a file", "an invalid argument", "out of sequence",
	};
	return e < 0 && -e < (int)(sizeof words / sizeof words[0]) ? words[-e] : words[0];
}

/* A fault of the image's at `what`, in words for libsquashfs's error e. */
static void fault(struct walk *w, const char *what, int e)
{
	tree_fault(&w->t, what, sqfs_error(e));
}

/* What unsquashfs -lls lists for raw, where it is not the tuple: it
 * prints (int)raw >> 8 and raw & 0xff, the 8:8 reading, the first
 * negative from bit 31 up (0xffffffff is -1,255). */
static const char *lls(char *buf, size_t n, uint32_t raw)
{
	struct devnum_fields f = { 1, 1, { raw } };
	struct devnum_judgement jd;
	long long hi = ((long long)(raw > INT32_MAX ? (long long)raw - 0x100000000LL : raw) -
			(raw & 0xff)) / 256;
	devnum_container_unpack(devnum_container_find("squashfs"), NULL, &f, &jd);
	if (hi >= 0 && jd.becomes.major == (uint64_t)hi && jd.becomes.minor == (raw & 0xff))
		return NULL;
	snprintf(buf, n, "unsquashfs -lls lists it as %lld,%u", hi, raw & 0xff);
	return buf;
}

static void device(struct walk *w, const sqfs_inode_generic_t *in)
{
	char note[80];
	bool ext = in->base.type == SQFS_INODE_EXT_BDEV || in->base.type == SQFS_INODE_EXT_CDEV;
	uint32_t raw = ext ? in->data.dev_ext.devno : in->data.dev.devno;
	tree_device(&w->t, in->base.inode_number,
		    in->base.type == SQFS_INODE_BDEV || in->base.type == SQFS_INODE_EXT_BDEV,
		    (struct devnum_fields){ 1, 1, { raw } },
		    &(struct entry_found){ F_UNSQUASHFS, lls(note, sizeof note, raw) }, NULL);
}

static bool device_type(int t)
{
	return t == SQFS_INODE_BDEV || t == SQFS_INODE_CDEV || t == SQFS_INODE_EXT_BDEV ||
	       t == SQFS_INODE_EXT_CDEV;
}

static bool dir_type(int t)
{
	return t == SQFS_INODE_DIR || t == SQFS_INODE_EXT_DIR;
}

static bool is_device(const sqfs_inode_generic_t *in)
{
	return device_type(in->base.type);
}

static bool is_dir(const sqfs_inode_generic_t *in)
{
	return dir_type(in->base.type);
}

/* The inode at ref (block << 16 | offset in the inode table), when it is
 * a directory or a device: 0 with *in, or 0 with *in NULL for another
 * type, after only its header is read; or libsquashfs's error. */
static int read_inode(struct walk *w, sqfs_u64 ref, sqfs_inode_generic_t **in)
{
	unsigned char head[sizeof(sqfs_inode_t)];
	sqfs_u64 block = ref >> 16;
	size_t offset = ref & 0xffff;
	int e;
	*in = NULL;
	if ((e = w->q->sqfs_meta_reader_seek(w->itable, w->super.inode_table_start + block, offset)) ||
	    (e = w->q->sqfs_meta_reader_read(w->itable, head, sizeof head)))
		return e;
	int type = head[0] | head[1] << 8; /* little-endian, on every host */
	if (!dir_type(type) && !device_type(type))
		return 0;
	return w->q->sqfs_meta_reader_read_inode(w->itable, &w->super, block, offset, in);
}

/* The regular file inode at ref, read whole into *in when its block list
 * can fit in the inode table (else *in NULL): 0, or libsquashfs's error. */
static int read_file(struct walk *w, sqfs_u64 ref, sqfs_inode_generic_t **in)
{
	unsigned char b[16 + 40];
	int e;
	*in = NULL;
	if ((e = w->q->sqfs_meta_reader_seek(w->itable, w->super.inode_table_start + (ref >> 16),
					      ref & 0xffff)) ||
	    (e = w->q->sqfs_meta_reader_read(w->itable, b, 16)))
		return e;
	bool ext = (b[0] | b[1] << 8) == SQFS_INODE_EXT_FILE;
	if ((e = w->q->sqfs_meta_reader_read(w->itable, b + 16, ext ? 40 : 16)))
		return e;
	/* little-endian: size at 28 (u32) or 24 (u64), fragment index at 20 or 44 */
	uint64_t size = ext ? le64(b + 24) : le32(b + 28);
	uint32_t fragment = ext ? le32(b + 44) : le32(b + 20);
	uint64_t blocks = size / w->super.block_size +
			  (fragment == 0xffffffff && size % w->super.block_size != 0);
	/* Its block list is 4 bytes a block in the inode table: a metadata
	 * block of at least 3 bytes stored holds at most 8192 */
	uint64_t table = w->super.directory_table_start > w->super.inode_table_start
				 ? w->super.directory_table_start - w->super.inode_table_start : 0;
	if (blocks > (table / 3 + 1) * 8192 / 4)
		return tree_fault(&w->t, w->t.path, "a regular file whose size claims a block list "
				  "longer than the inode table holds: not read"), 0;
	return w->q->sqfs_meta_reader_read_inode(w->itable, &w->super, ref >> 16, ref & 0xffff, in);
}

static long file_read_at(void *data, uint64_t off, unsigned char *p, size_t n, const char **why)
{
	struct walk *w = ((void **)data)[0];
	const sqfs_inode_generic_t *in = ((void **)data)[1];
	sqfs_s32 got = w->q->sqfs_data_reader_read(w->data, in, off, p,
						   n > INT32_MAX ? INT32_MAX : (sqfs_u32)n);
	if (got < 0)
		*why = sqfs_error(got);
	return got;
}

/* The reader of the image's file data, with its fragment table: libsquashfs
 * allocates that table whole from the count the superblock claims, so the
 * claim is held first to the index the image has room for (an 8-byte
 * pointer a metadata block of 512 entries). */
static void data_reader(struct walk *w)
{
	const sqfs_super_t *s = &w->super;
	uint64_t index = ((uint64_t)s->fragment_entry_count * 16 + 8191) / 8192 * 8;
	if (s->fragment_table_start > s->bytes_used || index > s->bytes_used - s->fragment_table_start) {
		w->data_error = SQFS_ERROR_OUT_OF_BOUNDS;
		fault(w, "the fragment table", w->data_error);
		return;
	}
	w->data = w->q->sqfs_data_reader_create(w->file, s->block_size, w->cmp, 0);
	w->data_error = !w->data ? SQFS_ERROR_ALLOC
				 : w->q->sqfs_data_reader_load_fragment_table(w->data, s);
	if (w->data_error)
		fault(w, "the fragment table", w->data_error);
}

/* The regular file inode at ref, at the walk's path, handed to the
 * dispatcher; the first makes the reader of the image's data. */
static void regular_file(struct walk *w, sqfs_u64 ref)
{
	sqfs_inode_generic_t *in;
	int e = read_file(w, ref, &in);
	uint64_t size = !in ? 0 : in->base.type == SQFS_INODE_EXT_FILE ? in->data.file_ext.file_size
								     : in->data.file.file_size;
	if (e || size < INNER_FILE_MIN) /* a root file system's thousands of small files */
		goto done;

	if (!w->data && !w->data_error)
		data_reader(w);
	if (!w->data_error) {
		void *pair[2] = { w, in };
		struct inner_file f = { size, pair, file_read_at };
		w->t.status = status_max(w->t.status, w->t.sc->inner(w->t.sc, &f, w->t.path));
	}
done:
	if (e)
		fault(w, w->t.path, e);
	w->q->sqfs_free(in);
}

/* The entry listed last, and its inode, freed. */
static void forget(struct walk *w, struct listing *l)
{
	w->q->sqfs_free(l->ent);
	w->q->sqfs_free(l->in);
	l->ent = NULL, l->in = NULL;
}

static int next_entry(struct tree *t, void *dir, struct tree_entry *e)
{
	struct walk *w = (struct walk *)t;
	struct listing *l = dir;
	forget(w, l);
	int got = w->q->sqfs_meta_reader_readdir(w->dtable, &l->st, &l->ent, NULL, &l->ref);
	if (got) {
		l->ent = NULL; /* at the end (1), or libsquashfs' error */
		l->e = got < 0 ? got : 0;
		return 0;
	}
	*e = (struct tree_entry){ .name = (const char *)l->ent->name, .len = (size_t)l->ent->size + 1 };
	return 1;
}

/* The entry listed last: a device's record, a large regular file handed
 * to the dispatcher; a directory to walk, its inode kept for open_dir. */
static bool look(struct tree *t, void *dir, struct tree_entry *e)
{
	struct walk *w = (struct walk *)t;
	struct listing *l = dir;
	int err = read_inode(w, l->ref, &l->in);
	if (err)
		fault(w, t->path, err);
	else if (l->in && is_device(l->in))
		device(w, l->in);
	else if (!l->in && l->ent->type == SQFS_INODE_FILE) /* a directory's types are basic */
		regular_file(w, l->ref);
	if (err || !l->in || !is_dir(l->in))
		return false;
	e->ino = l->in->base.inode_number;
	e->data = l->in;
	return true;
}

/* The directory whose inode is e->data (the root's, or its parent's
 * listing's last). */
static bool open_dir(struct tree *t, void *parent, const struct tree_entry *e, const char *what,
		     void *dir)
{
	struct walk *w = (struct walk *)t;
	struct listing *l = dir;
	(void)parent;
	*l = (struct listing){ .ino = e->ino };
	int err = w->q->sqfs_readdir_state_init(&l->st, &w->super, e->data);
	if (err) {
		fault(w, what, err);
		return false;
	}
	return true;
}

/* The listing done: a fault that ended it said, by the directory's name. */
static void close_dir(struct tree *t, void *dir)
{
	struct walk *w = (struct walk *)t;
	struct listing *l = dir;
	forget(w, l);
	if (l->e) {
		char what[4200];
		tree_named(t, l->ino, what, sizeof what);
		fault(w, what, l->e);
	}
}

static const struct tree_source squashfs_tree = { open_dir, next_entry, look, close_dir,
						     sizeof(struct listing) };

/* A part of a file as libsquashfs reads a file: a partition of a disk
 * image, each read checked against the part's end. */
struct part_file {
	sqfs_file_t file;
	sqfs_file_t *whole;
	sqfs_u64 at, size;
};

static int part_read(sqfs_file_t *f, sqfs_u64 off, void *buf, size_t n)
{
	struct part_file *p = (struct part_file *)f;
	if (off > p->size || n > p->size - off)
		return SQFS_ERROR_OUT_OF_BOUNDS;
	return p->whole->read_at(p->whole, p->at + off, buf, n);
}

static int part_write(sqfs_file_t *f, sqfs_u64 off, const void *buf, size_t n)
{
	(void)f, (void)off, (void)buf, (void)n;
	return SQFS_ERROR_UNSUPPORTED; /* read only */
}

static sqfs_u64 part_size(const sqfs_file_t *f)
{
	return ((const struct part_file *)f)->size;
}

static int part_truncate(sqfs_file_t *f, sqfs_u64 size)
{
	(void)f, (void)size;
	return SQFS_ERROR_UNSUPPORTED;
}

static void part_destroy(sqfs_object_t *o)
{
	struct part_file *p = (struct part_file *)o;
	sqfs_destroy(p->whole);
	free(p);
}

static sqfs_object_t *part_copy(const sqfs_object_t *o);

/* The `size` bytes of whole from `at` (NULL: out of memory, whole freed). */
static sqfs_file_t *part_new(sqfs_file_t *whole, sqfs_u64 at, sqfs_u64 size)
{
	struct part_file *p = whole ? malloc(sizeof *p) : NULL;
	if (!p) {
		sqfs_destroy(whole);
		return NULL;
	}
	*p = (struct part_file){ { { part_destroy, part_copy }, part_read, part_write, part_size,
				   part_truncate }, whole, at, size };
	return &p->file;
}

static sqfs_object_t *part_copy(const sqfs_object_t *o)
{
	const struct part_file *p = (const struct part_file *)o;
	return (sqfs_object_t *)part_new(sqfs_copy(p->whole), p->at, p->size);
}

/* Opens the image for the walk: 0, or an error's status. */
static int open_image(struct walk *w, const struct image_file *f, sqfs_file_t **file,
		      sqfs_compressor_t **cmp)
{
	char name[64], err[300];
	sqfs_super_t *super = &w->super;
	sqfs_compressor_config_t cfg;
	off_t file_end = lseek(f->fd, 0, SEEK_END);
	long long size = f->size ? (long long)f->size
		       : file_end < 0 ? -1 : (long long)(file_end - (off_t)f->at);
	int e;
	snprintf(name, sizeof name, "/proc/self/fd/%d", f->fd);
	if ((*file = w->q->sqfs_open_file(name, SQFS_FILE_OPEN_READ_ONLY)) && (f->at || f->size))
		*file = part_new(*file, f->at, (sqfs_u64)size);
	if (!*file)
		return scan_error(w->t.sc, "squashfs image: cannot be opened");
	if ((e = w->q->sqfs_super_read(super, *file)) != 0) {
		snprintf(err, sizeof err, "squashfs image: superblock: %s", sqfs_error(e));
		return scan_error(w->t.sc, err);
	}
	if (size >= 0 && super->bytes_used > (sqfs_u64)size) {
		snprintf(err, sizeof err, "squashfs image truncated: its superblock says it takes "
			 "%llu bytes, the file holds %lld", (unsigned long long)super->bytes_used,
			 (long long)size);
		return scan_error(w->t.sc, err);
	}
	if ((e = w->q->sqfs_compressor_config_init(&cfg, super->compression_id, super->block_size,
						   SQFS_COMP_FLAG_UNCOMPRESS)) != 0 ||
	    (e = w->q->sqfs_compressor_create(&cfg, cmp)) != 0) {
		snprintf(err, sizeof err, "squashfs image: its compressor (%u): %s",
			 (unsigned)super->compression_id, sqfs_error(e));
		return scan_error(w->t.sc, err);
	}
	/* the tables' bounds, as libsquashfs's own directory reader sets them */
	sqfs_u64 end = super->id_table_start;
	if (super->fragment_table_start < end)
		end = super->fragment_table_start;
	if (super->export_table_start < end)
		end = super->export_table_start;
	if (!(w->itable = w->q->sqfs_meta_reader_create(*file, *cmp, super->inode_table_start,
							 super->directory_table_start)) ||
	    !(w->dtable = w->q->sqfs_meta_reader_create(*file, *cmp, super->directory_table_start, end)))
		return scan_error(w->t.sc, "squashfs image: out of memory");
	return 0;
}

int scan_squashfs(struct scan *sc, const struct image_file *f, const char *format)
{
	char err[300];
	struct walk w = { .q = NULL };
	sqfs_file_t *file = NULL;
	sqfs_compressor_t *cmp = NULL;
	sqfs_inode_generic_t *root;
	int status;
	tree_start(&w.t, sc, format, "squashfs");
	if (!(w.q = sqfs_calls(&sc->libs->sqfs, err, sizeof err)))
		return scan_error(sc, err);
	if (!(status = open_image(&w, f, &file, &cmp))) {
		w.file = file, w.cmp = cmp;
		int e = read_inode(&w, w.super.root_inode_ref, &root);
		if (!e && root && !is_dir(root))
			w.q->sqfs_free(root), e = SQFS_ERROR_NOT_DIR;
		if (!e && !root)
			e = SQFS_ERROR_NOT_DIR;
		if (e) {
			fault(&w, "the root directory", e);
		} else {
			tree_walk(&w.t, &squashfs_tree,
				  &(struct tree_entry){ .ino = root->base.inode_number, .data = root });
			w.q->sqfs_free(root);
		}
	}
	sqfs_destroy(w.itable);
	sqfs_destroy(w.dtable);
	sqfs_destroy(w.data);
	sqfs_destroy(cmp);
	sqfs_destroy(file);
	int walked = tree_end(&w.t);
	return status ? status : walked;
}

bool bid_squashfs(const unsigned char *p, size_t n)
{
	return n >= 4 && memcmp(p, "hsqs", 4) == 0;
}
