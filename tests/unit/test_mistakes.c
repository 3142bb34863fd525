/* test_mistakes.c - every row of the catalogue, over tuples real systems
 * use: what backward gives is what forward takes to the tuple seen, and
 * never the seen tuple itself; and backward finds the real tuple of every
 * row's plainest case, the one a row that fits many shows first. */
#include <string.h>

#include "registry/mistakes.h"
#include "tap.h"

int main(void)
{
	for (size_t i = 0; i < nmistakes; i++) {
		const struct mistake *m = &mistakes[i];
		struct mistake_use u;
		mistake_use(m, &u);
		size_t applied = 0, bad = 0, found = 0;
		for (int round = 0; round < 20000; round++) {
			struct devnum_tuple real = { rnd() % 4096, rnd() % 1048576 }, seen, back[8];
			if (round % 3 == 1)
				real = (struct devnum_tuple){ rnd() % 256, rnd() % 4096 };
			else if (round % 3 == 2) /* beyond the kernel's 12:20 */
				real = (struct devnum_tuple){ rnd() % 65536, rnd() % 16777216 };
			if (!m->forward(&u, real, &seen))
				continue;
			applied++;
			size_t n = m->backward(&u, seen, back, 8);
			for (size_t k = 0; k < n; k++) {
				struct devnum_tuple again;
				bad += !m->forward(&u, back[k], &again) || again.major != seen.major ||
				       again.minor != seen.minor ||
				       (back[k].major == seen.major && back[k].minor == seen.minor);
				found += back[k].major == real.major && back[k].minor == real.minor;
			}
		}
		ok(bad == 0, "%s: %zu tuples it changes, every answer backward goes forward to the tuple seen (found the real one %zu times)",
		   m->id, applied, found);
		ok(applied > 0, "%s: it changes some tuple of real systems", m->id);
	}
	ok(strcmp(mistakes[0].id, "glibc-as-legacy") == 0, "the reports' mistake is the first row");
	ok(nmistakes <= MISTAKES_MAX, "%zu rows: whence has room for every row's candidates (%d)",
	   nmistakes, MISTAKES_MAX);
	return done_testing();
}
