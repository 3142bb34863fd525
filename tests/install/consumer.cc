// consumer.cc - the same from C++: the header's extern "C" guards hold.
#include <devnum.h>
#include <cstdio>
#include <string>

int main()
{
	const devnum_scheme *s = devnum_scheme_find("split32");
	devnum_tuple t;
	devnum_reason why;
	uint64_t canon;
	if (devnum_decode(s, 0x301, &t, &canon, &why) != DEVNUM_ALIAS || canon != 0x300000001)
		return 1;
	char text[200];
	devnum_strreason(text, sizeof text, s, &why);
	std::printf("C++: %s\n", std::string(text).c_str());
	return 0;
}
