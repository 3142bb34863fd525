// consumer.cc - the same from C++: the header's extern "C" guards hold.
#include <devnum.h>
#include <devnum_inline.h>
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
	// inline, no call: the same alias (legacy 3:1), and 4096:0 refused by linux32
	devnum_tuple u = { 0, 0 };
	uint64_t raw = 0;
	if (devnum_decode_split32(0x301, &u) != DEVNUM_ALIAS || u.major != 3 || u.minor != 1 ||
	    devnum_encode_linux32(devnum_tuple{ 4096, 0 }, &raw) != DEVNUM_REFUSED)
		return 1;
	char text[200];
	devnum_strreason(text, sizeof text, s, &why);
	std::printf("C++: %s\n", std::string(text).c_str());
	// GNU cpio's bin keeps the low 16 bits of glibc's 0x100800: 8:0
	const devnum_container *bin = devnum_container_find("cpio-bin");
	devnum_judgement j;
	if (devnum_container_fit(bin, devnum_writer_find("gnu-cpio", bin), devnum_scheme_find("glibc"),
				 devnum_tuple{ 8, 256 }, &j) != DEVNUM_CHANGED ||
	    j.fate != DEVNUM_TRUNCATED || j.becomes.major != 8 || j.becomes.minor != 0)
		return 1;
	std::printf("C++: 8:256 in cpio-bin by GNU cpio is %s, read back as 8:0\n",
		    devnum_fate_name(j.fate));
	return 0;
}
