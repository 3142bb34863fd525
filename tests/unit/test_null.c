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

	ok(devnum_encode(linux32, big, &raw, NULL) == DEVNUM_REFUSED, "encode: why NULL, refused (-1)");
	ok(devnum_encode(linux32, big, NULL, NULL) == DEVNUM_REFUSED, "encode: raw and why NULL, refused");
	ok(devnum_encode(linux32, fits, NULL, NULL) == DEVNUM_OK, "encode: raw NULL, fits (0)");
	ok(devnum_encode(split32, (struct devnum_tuple){ 0, 0x300 }, NULL, NULL) == DEVNUM_REFUSED,
	   "encode: the legacy window's refusal with why NULL");
	ok(devnum_decode(linux32, UINT64_C(0x100000000), NULL, NULL, NULL) == DEVNUM_REFUSED,
	   "decode: too wide, t, canon and why NULL");
	ok(devnum_decode(split32, 0x301, NULL, NULL, NULL) == DEVNUM_ALIAS,
	   "decode: a legacy alias, all outputs NULL");
	ok(devnum_decode(split32, 0x301, &t, NULL, NULL) == DEVNUM_ALIAS && t.major == 3 &&
	   t.minor == 1, "decode: canon and why NULL, the tuple still given");
	ok(devnum_decode(devnum_scheme_find("xfs"), UINT64_C(0xf8000301), NULL, &canon, NULL) ==
	   DEVNUM_ALIAS && canon == 0x301, "decode: t and why NULL, canon still given");
	ok(devnum_decode(glibc, 0x301, NULL, NULL, NULL) == DEVNUM_OK,
	   "decode: canonical, all outputs NULL");
	ok(devnum_within(glibc, big, NULL) == DEVNUM_REFUSED, "within: why NULL, beyond (-1)");
	ok(devnum_aliases_start(&a, aix, fits, NULL, NULL) == DEVNUM_OK, "aliases_start: count, why NULL");
	ok(devnum_aliases_next(&a, NULL) && devnum_aliases_next(&a, &raw),
	   "aliases_next: raw NULL steps past a value");
	ok(devnum_aliases_start(&a, aix, fits, &count, &why) == DEVNUM_OK &&
	   devnum_aliases_next(&a, &first) && first != raw, "the step skipped the first value");
	ok(devnum_aliases_start(&a, linux32, big, NULL, NULL) == DEVNUM_REFUSED,
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
	ok(why.cause == DEVNUM_TOO_BIG && why.hi == 0 && why.lo == 0 && why.canon == 0 &&
	   why.t.major == 0 && why.reserved[0] == 0 && why.reserved[3] == 0,
	   "encode: a refusal's reason has every member it does not use zero");
	memset(&why, 0xa5, sizeof why);
	devnum_decode(split32, 0x301, &t, &canon, &why);
	ok(why.cause == DEVNUM_LEGACY && why.limit == 0 && why.reserved[1] == 0,
	   "decode: an alias's reason likewise");
	memset(&why, 0xa5, sizeof why);
	devnum_within(glibc, big, &why);
	ok(why.cause == DEVNUM_BEYOND && why.canon == 0 && why.hi == 0, "within: likewise");

	/* a plain answer's reason is written too: zeroed, no cause */
	static const struct devnum_reason zero;
	memset(&why, 0xa5, sizeof why);
	ok(devnum_encode(linux32, fits, &raw, &why) == DEVNUM_OK && !memcmp(&why, &zero, sizeof why),
	   "encode: a reason given on success is zeroed");
	memset(&why, 0xa5, sizeof why);
	ok(devnum_decode(glibc, 0x301, &t, &canon, &why) == DEVNUM_OK && !memcmp(&why, &zero, sizeof why),
	   "decode: a reason given for a canonical raw is zeroed");
	memset(&why, 0xa5, sizeof why);
	ok(devnum_within(glibc, fits, &why) == DEVNUM_OK && !memcmp(&why, &zero, sizeof why),
	   "within: a reason given for a tuple within is zeroed");
	memset(&why, 0xa5, sizeof why);
	ok(devnum_aliases_start(&a, aix, fits, &count, &why) == DEVNUM_OK &&
	   !memcmp(&why, &zero, sizeof why), "aliases_start: a reason given on success is zeroed");

	/* a NULL handle or a NULL pointer that is not optional: a status */
	memset(&why, 0xa5, sizeof why);
	ok(devnum_encode(NULL, fits, &raw, &why) == DEVNUM_BAD_ARGUMENT &&
	   !memcmp(&why, &zero, sizeof why), "encode: a NULL scheme is DEVNUM_BAD_ARGUMENT, reason zeroed");
	ok(devnum_encode(NULL, fits, NULL, NULL) == DEVNUM_BAD_ARGUMENT, "encode: NULL scheme, no outputs");
	ok(devnum_decode(NULL, 0x301, &t, &canon, NULL) == DEVNUM_BAD_ARGUMENT,
	   "decode: a NULL scheme is DEVNUM_BAD_ARGUMENT");
	ok(devnum_within(NULL, fits, NULL) == DEVNUM_BAD_ARGUMENT, "within: a NULL scheme");
	ok(devnum_aliases_start(&a, NULL, fits, &count, NULL) == DEVNUM_BAD_ARGUMENT,
	   "aliases_start: a NULL scheme");
	ok(devnum_aliases_start(NULL, aix, fits, &count, NULL) == DEVNUM_BAD_ARGUMENT,
	   "aliases_start: a NULL walk");
	ok(!devnum_aliases_next(NULL, &raw), "aliases_next: a NULL walk is done");
	ok(devnum_aliases_start(&a, linux32, big, NULL, NULL) == DEVNUM_REFUSED &&
	   !devnum_aliases_next(&a, &raw), "aliases_next: a refused walk yields nothing");
	struct devnum_tuple u = devnum_decode_unchecked(NULL, 0x301);
	ok(u.major == 0 && u.minor == 0, "decode_unchecked: a NULL scheme gives 0:0");
	ok(!devnum_scheme_name(NULL) && !devnum_scheme_aliases(NULL) && !devnum_scheme_origin(NULL) &&
	   !devnum_scheme_width(NULL) && !devnum_scheme_flags(NULL) && !devnum_scheme_ignored(NULL) &&
	   !devnum_scheme_fixed(NULL) && !devnum_scheme_within(NULL) && !devnum_raw_max(NULL) &&
	   !devnum_part_max(NULL, DEVNUM_MAJOR) && !devnum_part_bits(NULL, DEVNUM_MINOR) &&
	   !devnum_scheme_fields(NULL, NULL, 0), "scheme accessors: a NULL handle gives NULL and 0");
	ok(!devnum_scheme_find(NULL) && !devnum_container_find(NULL) && !devnum_writer_find(NULL, NULL),
	   "find: a NULL name finds nothing");
	return done_testing();
}
