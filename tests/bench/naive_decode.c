/* naive_decode.c - what a careful user would write by hand: fgets,
 * strtoull and printf, with glibc's own major() and minor(). */
#include <stdio.h>
#include <stdlib.h>
#include <sys/sysmacros.h>

int main(void)
{
	char line[256];
	while (fgets(line, sizeof line, stdin)) {
		unsigned long long r = strtoull(line, NULL, 0);
		printf("%u:%u\n", major(r), minor(r));
	}
	return fflush(stdout) != 0 || ferror(stdout);
}
