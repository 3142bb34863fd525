/* makedev.c - the one-shot baseline: encode 3:1 with glibc's makedev and
 * print it, as `devnum encode 3 1` does; bench.py links it statically (the
 * baseline) and with the shared C library (the floor for any program that
 * is). */
#include <stdio.h>
#include <sys/sysmacros.h>

int main(void)
{
	printf("%#llx\n", (unsigned long long)makedev(3, 1));
	return 0;
}
