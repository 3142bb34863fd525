/* fuzz_format.c - --format templates: compile anything, run what compiles
 * over records with extreme values in every scheme, some fields missing,
 * and check that only a '%' or a '\' can make a template wrong. */
#define _GNU_SOURCE
#include <assert.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "render/format.h"
#include "render/output.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int null_fd = -1;
	char *fmt = malloc(size + 1), err[128];
	if (!fmt)
		return 0;
	memcpy(fmt, data, size);
	fmt[size] = 0;
	if (null_fd < 0)
		null_fd = open("/dev/null", O_WRONLY);
	dup2(null_fd, 1);
	struct format *f = format_compile(fmt, err, sizeof err);
	if (f) {
		struct record r, side;
		static struct views views;
		static const struct cause cause = { "rpmbuild", "writer", "rpm", "truncated", "why" };
		struct style st = { 8, true, .views = &views };
		for (size_t i = 0; i < devnum_scheme_count(); i++) {
			record_start(&r, fmt, size);
			set_scheme(&r, devnum_scheme_at(i));
			r.from = devnum_scheme_at(devnum_scheme_count() - 1 - i);
			for (int k = K_WIDTH; k < K_NKEYS; k++)
				if ((i + (size_t)k) % 3) {
					set_num(&r, (enum key)k, UINT64_MAX);
					r.text[k] = fmt, r.len[k] = size;
				}
			side = r; /* diff's: a record of its own, its fields the same */
			side.have &= SIDE_KEYS;
			r.side[0] = i % 2 ? &side : NULL, r.side[1] = &side;
			r.causes = &cause, r.ncauses = i % 3 ? 1 : 0;
			format_run(f, &r, &st);
		}
		out_flush();
		format_free(f);
	} else {
		assert(strlen(err) > 0);
		assert(strpbrk(fmt, "%\\\\") != NULL); /* only % and \\ can be wrong */
	}
	free(fmt);
	return 0;
}
