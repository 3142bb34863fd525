/* scan_operand.c - one operand of scan's or diff's: a file or standard
 * input read by the dispatcher (scan_walk.c), a directory read as an OCI
 * image layout (oci_layout.c) or as a staging tree (staging.c). */
#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "scan/core/scan.h"

/* A directory that is an OCI image layout: it has index.json or
 * oci-layout; any other is a staging tree. */
static bool layout(int fd)
{
	return !faccessat(fd, "index.json", F_OK, AT_SYMLINK_NOFOLLOW) ||
	       !faccessat(fd, "oci-layout", F_OK, AT_SYMLINK_NOFOLLOW);
}

int scan_operand(const struct job *j, struct libraries *libs, const char *name,
		 const struct fakeroot_state *state)
{
	struct scan sc;
	struct stat st;
	int status, fd = strcmp(name, "-") ? open(name, O_RDONLY | O_CLOEXEC) : 0;
	bool dir = fd >= 0 && fstat(fd, &st) == 0 && S_ISDIR(st.st_mode);
	scan_start(&sc, j, libs, name);
	if (fd < 0)
		return scan_error(&sc, strerror(errno));
	if (dir && j->spec)
		status = scan_error(&sc, "a directory, not a specification (--spec)");
	else if (dir && !state && layout(fd))
		status = scan_layout(&sc, name);
	else if (dir)
		status = scan_staging(&sc, name, state);
	else if (state)
		status = scan_error(&sc, "no directory: --fakeroot's state describes a directory's tree");
	else
		status = scan_file(&sc, fd, NULL);
	scan_end(&sc);
	if (fd > 0)
		close(fd);
	return status;
}
