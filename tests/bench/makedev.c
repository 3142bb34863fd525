/* makedev.c - the one-shot baseline: encode 3:1 with glibc's makedev and
 * print it, linked statically, as `devnum encode 3 1` does. */
#include <stdio.h>
#include <sys/sysmacros.h>

int main(void)
{
	printf("%#llx\n", (unsigned long long)makedev(3, 1));
	return 0;
}
