/* fuzz_number.c - number and tuple parsing, and the engine on whatever
 * they yield.  Beyond "no crash": a parsed number prints and parses back
 * to itself, and every scheme's decode and encode agree. */
#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "devnum.h"
#include "parse/number.h"

static void engine(uint64_t raw, struct devnum_tuple t)
{
	for (size_t i = 0; i < devnum_scheme_count(); i++) {
		const devnum_scheme *s = devnum_scheme_at(i);
		struct devnum_tuple d;
		struct devnum_reason why;
		uint64_t canon, back;
		if (devnum_decode(s, raw, &d, &canon, &why) != DEVNUM_REFUSED) {
			assert(devnum_encode(s, d, &back, &why) == DEVNUM_OK && back == canon);
			assert(d.major <= UINT32_MAX && d.minor <= UINT32_MAX);
		}
		if (devnum_encode(s, t, &back, &why) == DEVNUM_OK) {
			assert(devnum_decode(s, back, &d, &canon, &why) == DEVNUM_OK);
			assert(d.major == t.major && d.minor == t.minor && canon == back);
		}
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *s = (const char *)data;
	struct num_error e;
	struct devnum_tuple t = { 0, 0 };
	uint64_t v = 0, w;
	char buf[32], msg[128];
	unsigned bare = size && data[0] & 1 ? 16 : BASE_C;
	if (parse_number(s, size, bare, &v, &e) == 0) {
		int n = snprintf(buf, sizeof buf, "%#llx", (unsigned long long)v);
		assert(parse_number(buf, (size_t)n, bare, &w, &e) == 0 && w == v);
		n = snprintf(buf, sizeof buf, "%llu", (unsigned long long)v);
		assert(parse_number(buf, (size_t)n, 10, &w, &e) == 0 && w == v);
	} else {
		num_strerror(&e, msg, sizeof msg);
		assert(strlen(msg) > 0);
	}
	if (parse_tuple(s, size, bare, &t, &e) < 0)
		num_strerror(&e, msg, sizeof msg);
	if (size >= 8)
		memcpy(&v, data, 8);
	engine(v, t);
	return 0;
}
