/* spool.c - a stream in a temporary file with no name. */
#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "render/output.h"
#include "scan/input/source.h"
#include "scan/input/spool.h"

/* A new file in dir: its descriptor, or -1.  Its name in `name`, or
 * none at all when name is NULL. */
static int temporary(const char *dir, char *name)
{
	char path[SPOOL_NAME];
#ifdef O_TMPFILE
	int made = name ? -1 : open(dir, O_TMPFILE | O_RDWR | O_EXCL | O_CLOEXEC, 0600);
	if (made >= 0 || (!name && errno != EOPNOTSUPP && errno != EISDIR && errno != EINVAL))
		return made; /* a file system without O_TMPFILE: a name, unlinked at once */
#endif
	if (snprintf(path, sizeof path, "%s/devnum-XXXXXX", dir) >= (int)sizeof path)
		return errno = ENAMETOOLONG, -1;
	int fd = mkstemp(path);
	if (fd >= 0 && name)
		memcpy(name, path, strlen(path) + 1);
	else if (fd >= 0)
		unlink(path);
	return fd;
}

int spool(struct source *src, char *name, uint64_t *bytes, char *why, size_t n)
{
	const char *dir = getenv("TMPDIR");
	const unsigned char *p;
	ssize_t got;
	if (!dir || !*dir)
		dir = "/tmp";
	int fd = temporary(dir, name);
	if (fd < 0)
		return snprintf(why, n, "a temporary file in %s: %s", dir, strerror(errno)), -1;
	src->pos = 0;
	while ((got = source_at(src, &p)) > 0) {
		if (out_write(fd, (const char *)p, (size_t)got) < 0) {
			snprintf(why, n, "a temporary file in %s: %s", dir, strerror(errno));
			break;
		}
		src->pos += (uint64_t)got, *bytes += (uint64_t)got;
	}
	if (got < 0)
		snprintf(why, n, "%s", source_error(src));
	if (got == 0)
		return fd;
	close(fd);
	if (name)
		unlink(name);
	return -1;
}
