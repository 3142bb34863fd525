/* naive_encode.c - encode M:m lines by hand: fgets, sscanf, makedev(),
 * printf. */
#include <stdio.h>
#include <sys/sysmacros.h>

int main(void)
{
	char line[256];
	unsigned ma, mi;
	while (fgets(line, sizeof line, stdin))
		if (sscanf(line, "%u:%u", &ma, &mi) == 2)
			printf("0x%llx\n", (unsigned long long)makedev(ma, mi));
	return fflush(stdout) != 0 || ferror(stdout);
}
