/* cmd_stat.c - the device numbers of real files: a device's own (st_rdev),
 * or for any other file the device that holds it (st_dev). */
#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "cli.h"
#include "output.h"

struct node {
	const char *kind;  /* "char", "block", or the file type */
	bool device;       /* the numbers are the file's own st_rdev */
	struct dn_tuple t;
};

static const char *file_kind(mode_t m)
{
	return S_ISREG(m) ? "regular file" : S_ISDIR(m) ? "directory" :
	       S_ISLNK(m) ? "symbolic link" : S_ISFIFO(m) ? "fifo" :
	       S_ISSOCK(m) ? "socket" : "file";
}

/* st_rdev or st_dev, split by the C library's own major() and minor();
 * statx, where there is one, gives the parts separately: they must agree. */
static int examine(const char *path, struct node *n, char *err, size_t size)
{
	struct stat st;
	int flags = opt.deref ? 0 : AT_SYMLINK_NOFOLLOW;
	if (fstatat(AT_FDCWD, path, &st, flags) < 0) {
		snprintf(err, size, "%s", strerror(errno));
		return -1;
	}
	n->device = S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode);
	n->kind = S_ISCHR(st.st_mode) ? "char" : S_ISBLK(st.st_mode) ? "block"
								      : file_kind(st.st_mode);
	dev_t d = n->device ? st.st_rdev : st.st_dev;
	n->t = (struct dn_tuple){ major(d), minor(d) };
#ifdef HAVE_STATX
	struct statx sx;
	if (statx(AT_FDCWD, path, flags, STATX_TYPE, &sx) == 0) {
		uint64_t ma = n->device ? sx.stx_rdev_major : sx.stx_dev_major;
		uint64_t mi = n->device ? sx.stx_rdev_minor : sx.stx_dev_minor;
		if (ma != n->t.major || mi != n->t.minor) {
			snprintf(err, size, "statx says %llu:%llu, stat says %llu:%llu",
				 (unsigned long long)ma, (unsigned long long)mi,
				 (unsigned long long)n->t.major, (unsigned long long)n->t.minor);
			return -1;
		}
	}
#endif
	return 0;
}

/* The kernel's name for a device, from /sys/dev/{char,block}/M:m/uevent. */
static bool kernel_name(const struct node *n, bool block, char *name, size_t size)
{
	char path[96], buf[4096];
	snprintf(path, sizeof path, "/sys/dev/%s/%llu:%llu/uevent", block ? "block" : "char",
		 (unsigned long long)n->t.major, (unsigned long long)n->t.minor);
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return false;
	ssize_t len = read(fd, buf, sizeof buf - 1);
	close(fd);
	if (len <= 0)
		return false;
	buf[len] = 0;
	char *p = strncmp(buf, "DEVNAME=", 8) == 0 ? buf : strstr(buf, "\nDEVNAME=");
	if (!p)
		return false;
	p += (*p == '\n') + 8;
	snprintf(name, size, "%.*s", (int)strcspn(p, "\n"), p);
	return true;
}

static void stat_plain(const struct value *v, const struct node *n, const char *name)
{
	out_mem(v->input, v->len);
	out_str(": ");
	out_str(n->kind);
	out_str(n->device ? " device " : " on device ");
	emit_tuple(v->t);
	out_char(' ');
	emit_raw(v->s, v->raw);
	if (*name) {
		out_str(" (");
		out_str(name);
		out_char(')');
	}
	out_char(record_end());
}

static void stat_json(const struct value *v, const struct node *n, const char *name)
{
	json_begin(v->input, v->len, v->s);
	json_text("type", n->kind);
	json_text("field", n->device ? "st_rdev" : "st_dev");
	json_u64("major", v->t.major);
	json_u64("minor", v->t.minor);
	if (!(v->s->rules & DN_TEXT)) {
		json_u64("raw", v->raw);
		json_hex("hex", v->raw);
	}
	if (*name)
		json_text("devname", name);
	json_end();
}

static int stat_record(const char *s, size_t len, const struct where *w)
{
	char path[PATH_MAX], err[256], name[256] = "";
	struct node n;
	struct value v;
	struct dn_reason r;
	if (len >= sizeof path || memchr(s, 0, len))
		return fail_record(w, s, len, EXIT_TROUBLE, "%s", len >= sizeof path ?
				   "file name too long" : "file name contains a NUL byte");
	memcpy(path, s, len);
	path[len] = 0;
	if (examine(path, &n, err, sizeof err) < 0)
		return fail_record(w, s, len, EXIT_TROUBLE, "%s", err);
	value_init(&v, s, len, opt.scheme);
	v.t = n.t;
	if (dn_encode(v.s, v.t, &v.raw, &r) < 0)
		return fail_reason(w, s, len, v.s, &r);
	kernel_name(&n, !n.device || strcmp(n.kind, "block") == 0, name, sizeof name);
	if (opt.json)
		stat_json(&v, &n, name);
	else if (opt.format)
		emit_value(&v);
	else
		stat_plain(&v, &n, name);
	return EXIT_OK;
}

int cmd_stat(int argc, const char **argv)
{
	return for_each_record(stat_record, argc, argv);
}
