/* test_null.c - every output pointer the pages say may be NULL, NULL, in
 * every case that writes it: no crash (run under ASan in CI), and the
 * same answer as with the pointer given. */
#include <stdint.h>
#include <string.h>

#include "devnum.h"
#include "tap.h"

int main(void)
{
	const devnum_scheme *linux32 = devnum_scheme_find("linux32"),
			    *split32 = devnum_scheme_find("split32"),
			    *glibc = devnum_scheme_find("glibc"), *aix = devnum_scheme_find("aix");
	struct devnum_tuple fits = { 8, 1 }, big = { 4096, 0 }, t;
	struct devnum_reason why;
	struct devnum_aliases a;
	uint64_t raw, canon, count, first;
	char buf[160];

	ok(devnum_encode(linux32, big, &raw, NULL) == -1, "encode: why NULL, refused (-1)");
	ok(devnum_encode(linux32, big, NULL, NULL) == -1, "encode: raw and why NULL, refused");
	ok(devnum_encode(linux32, fits, NULL, NULL) == 0, "encode: raw NULL, fits (0)");
	ok(devnum_encode(split32, (struct devnum_tuple){ 0, 0x300 }, NULL, NULL) == -1,
	   "encode: the legacy window's refusal with why NULL");
	ok(devnum_decode(linux32, UINT64_C(0x100000000), NULL, NULL, NULL) == DEVNUM_INVALID,
	   "decode: too wide, t, canon and why NULL");
	ok(devnum_decode(split32, 0x301, NULL, NULL, NULL) == DEVNUM_ALIAS,
	   "decode: a legacy alias, all outputs NULL");
	ok(devnum_decode(split32, 0x301, &t, NULL, NULL) == DEVNUM_ALIAS && t.major == 3 &&
	   t.minor == 1, "decode: canon and why NULL, the tuple still given");
	ok(devnum_decode(devnum_scheme_find("xfs"), UINT64_C(0xf8000301), NULL, &canon, NULL) ==
	   DEVNUM_ALIAS && canon == 0x301, "decode: t and why NULL, canon still given");
	ok(devnum_decode(glibc, 0x301, NULL, NULL, NULL) == DEVNUM_CANONICAL,
	   "decode: canonical, all outputs NULL");
	ok(devnum_within(glibc, big, NULL) == -1, "within: why NULL, beyond (-1)");
	ok(devnum_aliases_start(&a, aix, fits, NULL, NULL) == 0, "aliases_start: count, why NULL");
	ok(devnum_aliases_next(&a, NULL) && devnum_aliases_next(&a, &raw),
	   "aliases_next: raw NULL steps past a value");
	ok(devnum_aliases_start(&a, aix, fits, &count, &why) == 0 &&
	   devnum_aliases_next(&a, &first) && first != raw, "the step skipped the first value");
	ok(devnum_aliases_start(&a, linux32, big, NULL, NULL) == -1,
	   "aliases_start: a tuple that does not encode, why NULL");
	devnum_encode(linux32, big, &raw, &why);
	int n = devnum_strreason(NULL, 0, linux32, &why);
	ok(n == devnum_strreason(buf, sizeof buf, linux32, &why) && n == (int)strlen(buf),
	   "strreason: NULL buf with size 0 gives the length: %d", n);
	ok(devnum_strreason(buf, sizeof buf, linux32, NULL) == -1 && !*buf,
	   "strreason: reason NULL, -1 and an empty text");
	ok(devnum_strreason(buf, sizeof buf, NULL, &why) > 0 && strstr(buf, "(no scheme)"),
	   "strreason: scheme NULL named as none: %s", buf);
	ok(devnum_scheme_fields(aix, NULL, 0) > 0, "scheme_fields: out NULL with n 0 counts");
	/* a reason is written whole: nothing left of an earlier one */
	memset(&why, 0xa5, sizeof why);
	devnum_encode(linux32, big, &raw, &why);
	ok(why.why == DEVNUM_TOO_BIG && why.hi == 0 && why.lo == 0 && why.canon == 0 &&
	   why.t.major == 0 && why.reserved[0] == 0 && why.reserved[3] == 0,
	   "encode: a refusal's reason has every member it does not use zero");
	memset(&why, 0xa5, sizeof why);
	devnum_decode(split32, 0x301, &t, &canon, &why);
	ok(why.why == DEVNUM_LEGACY && why.limit == 0 && why.reserved[1] == 0,
	   "decode: an alias's reason likewise");
	memset(&why, 0xa5, sizeof why);
	devnum_within(glibc, big, &why);
	ok(why.why == DEVNUM_BEYOND && why.canon == 0 && why.hi == 0, "within: likewise");
	return done_testing();
}
