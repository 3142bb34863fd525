/* consumer.c - a program outside the tree, built by make installcheck
 * against the installed libdevnum through pkg-config: the header, the
 * library and the .pc file are all there and agree. */
#include <devnum.h>
#include <devnum_inline.h>
#include <stdio.h>
#include <string.h>

int main(void)
{
	struct devnum_tuple t = { 8, 1 };
	struct devnum_reason why;
	uint64_t raw;
	if (strcmp(devnum_version(), DEVNUM_VERSION_STRING) != 0)
		return 1;
	if (devnum_encode(devnum_scheme_find("glibc"), t, &raw, &why) != DEVNUM_OK || raw != 0x801)
		return 1;
	/* the inline path, no call: the same answer */
	uint64_t inlined = 0;
	if (devnum_encode_glibc(t, &inlined) != DEVNUM_OK || inlined != raw)
		return 1;
	/* the container API: ustar's devmajor and devminor, 7 octal digits */
	struct devnum_judgement j;
	char text[96];
	if (devnum_container_pack(devnum_container_find("ustar"), NULL, t, &j) != DEVNUM_OK ||
	    devnum_fields_print(text, sizeof text, devnum_container_find("ustar"), &j.fields) < 0 ||
	    strcmp(text, "0000010 0000001") != 0)
		return 1;
	printf("C: 8:1 is 0x%llx with libdevnum %s, %s in ustar\n", (unsigned long long)raw,
	       devnum_version(), text);
	return 0;
}
