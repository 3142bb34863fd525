/* fuzz_format.c - --format templates: compile anything, run what compiles
 * over a record with extreme values in every scheme, and check that only a
 * '%' or a '\' can make a template wrong. */
#define _GNU_SOURCE
#include <assert.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "output.h"

struct options opt = { .base = 16 };

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
		struct value v;
		for (size_t i = 0; i < dn_nschemes; i++) {
			value_init(&v, fmt, size, &dn_schemes[i]);
			v.t = (struct dn_tuple){ UINT32_MAX, UINT32_MAX };
			v.raw = UINT64_MAX;
			format_run(f, &v);
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
