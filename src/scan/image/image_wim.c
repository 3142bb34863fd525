/* image_wim.c - a WIM image's devices, read with wimlib: each image of
 * the file a segment, each file whose UNIX data (wimcapture --unix-data,
 * wimlib's unix_data.h) is a device's a record, its rdev the field, the
 * host's st_rdev cut to 32 bits.  A file captured without UNIX data has
 * no mode, and is no device here, as wimapply makes none of it.  wimlib
 * hands out a file's bytes only by extracting it, so a regular file of
 * 1 MiB or more, which ext, squashfs and erofs hand to the dispatcher,
 * is counted in a warning instead. */
#include <config.h>

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "scan/image/image.h"
#include "scan/tree/tree.h"
#include "scan/libs/wim_calls.h"

struct walk {
	struct tree t;
	const struct wim_calls *w;
	uint64_t unread; /* regular files of INNER_FILE_MIN bytes or more */
};

static int dentry(const struct wimlib_dir_entry *d, void *data)
{
	struct walk *k = data;
	k->t.sc->seg.entries++;
	/* streams[0], the unnamed data stream, is always there */
	k->unread += !(d->attributes & (WIMLIB_FILE_ATTRIBUTE_DIRECTORY |
					WIMLIB_FILE_ATTRIBUTE_REPARSE_POINT)) &&
		     d->streams[0].resource.uncompressed_size >= INNER_FILE_MIN;
	if (!S_ISCHR(d->unix_mode) && !S_ISBLK(d->unix_mode))
		return 0;
	/* a hard link group's id is no inode, but names the links alike; 0: none */
	struct entry e = { .path = d->full_path, .type = S_ISBLK(d->unix_mode) ? "block" : "char",
			   .device = true, .has_inode = d->hard_link_group_id != 0,
			   .inode = d->hard_link_group_id, .number = E_RAW, .raw_fields = true,
			   .f = { 1, 1, { d->unix_rdev } } };
	tree_record(&k->t, &e);
	return 0;
}

/* wimlib's error: a record naming it, the walk's status. */
static void wim_fault(struct walk *k, const char *what, int code)
{
	char why[300];
	snprintf(why, sizeof why, "%s: %s", what,
		 k->w->wimlib_get_error_string((enum wimlib_error_code)code));
	tree_fault(&k->t, "WIM image", why);
}

int scan_wim(struct scan *sc, const struct image_file *f, const char *format)
{
	struct walk k = { .unread = 0 };
	char err[300], path[64];
	WIMStruct *wim = NULL;
	struct wimlib_wim_info info;
	if (!(k.w = wim_calls(&sc->libs->wim, err, sizeof err)))
		return scan_error(sc, err);
	snprintf(path, sizeof path, "/proc/self/fd/%d", f->fd); /* wimlib opens by name, */
	/* a whole file: image() gives it no other */
	tree_start(&k.t, sc, format, "wim");
	int rc = k.w->wimlib_open_wim(path, 0, &wim);
	if (rc)
		wim_fault(&k, "cannot be opened", rc);
	else if ((rc = k.w->wimlib_get_wim_info(wim, &info)) != 0)
		wim_fault(&k, "its header cannot be read", rc);
	for (int i = 1; !rc && i <= (int)info.image_count; i++) {
		sc->segment = (unsigned)i; /* each image a segment */
		rc = k.w->wimlib_iterate_dir_tree(wim, i, "/", WIMLIB_ITERATE_DIR_TREE_FLAG_RECURSIVE,
						  dentry, &k);
		if (rc)
			wim_fault(&k, "an image's files cannot be read", rc);
	}
	if (wim)
		k.w->wimlib_free(wim);
	tree_unread(&k.t, "WIM", k.unread, "");
	return tree_end(&k.t);
}

/* "MSWIM\0\0\0" at byte 0 */
bool bid_wim(const unsigned char *p, size_t n)
{
	return n >= 8 && !memcmp(p, "MSWIM\0\0\0", 8);
}
