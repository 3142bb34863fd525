/* mknodat.c - makes the character device PATH of MAJOR:MINOR the way an
 * extractor does, and prints what the kernel made, "M:m", or the error
 * (status 1): `libc`, the C library's mknod given its own makedev (glibc's,
 * or musl's when built with musl-gcc); `raw`, the mknodat system call given
 * the glibc dev_t, whose unsigned int parameter keeps the low 32 bits, as
 * Go's x/sys/unix.Mknod and moby's extractor do. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	struct stat st;
	if (argc != 5 || (strcmp(argv[1], "libc") && strcmp(argv[1], "raw"))) {
		fputs("usage: mknodat libc|raw PATH MAJOR MINOR\n", stderr);
		return 2;
	}
	dev_t dev = makedev((unsigned)strtoul(argv[3], NULL, 10), (unsigned)strtoul(argv[4], NULL, 10));
	long rc = strcmp(argv[1], "raw") ? mknod(argv[2], S_IFCHR | 0600, dev)
					 : syscall(SYS_mknodat, AT_FDCWD, argv[2], S_IFCHR | 0600, dev);
	if (rc) {
		printf("%s\n", strerror(errno));
		return 1;
	}
	if (stat(argv[2], &st)) {
		perror(argv[2]);
		return 2;
	}
	printf("%u:%u\n", major(st.st_rdev), minor(st.st_rdev));
	return 0;
}
