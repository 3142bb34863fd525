/* test_format.c - templates: which side of each group runs, for records
 * whose fields come and go, more sets of them than format.c keeps plans
 * for, so that plans are made, kept, dropped and made again. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "format.h"
#include "output.h"
#include "tap.h"

static const char *const input = "in", *const note = "nb", *const error = "err";

/* The record with the fields of `mask` (bit 0 major, 1 minor, 2 input,
 * 3 note, 4 error) and what the template below must print for it, worked
 * out here field by field. */
static void record_for(unsigned mask, struct record *r, char *want)
{
	memset(r, 0, sizeof *r);
	r->num[K_MAJOR] = 8, r->num[K_MINOR] = 1;
	r->text[K_INPUT] = input, r->len[K_INPUT] = 2;
	r->text[K_NOTE] = note, r->len[K_NOTE] = 2;
	r->text[K_ERROR] = error, r->len[K_ERROR] = 3;
	static const enum key bit[] = { K_MAJOR, K_MINOR, K_INPUT, K_NOTE, K_ERROR };
	static const char *const shown[] = { "8 x", "1 x", "in x", "nb x", "err x" };
	want[0] = 0;
	for (unsigned b = 0; b < 5; b++) {
		if (mask >> b & 1)
			r->have |= KEY(bit[b]);
		strcat(want, "[");
		strcat(want, mask >> b & 1 ? shown[b] : "-");
		strcat(want, "] ");
	}
	strcat(want, "end");
}

int main(void)
{
	char err[128], want[64 * 16] = "", got[64 * 16];
	struct format *f = format_compile("[%(%M x%|-%)] [%(%m x%|-%)] [%(%i x%|-%)] "
					  "[%(%{note} x%|-%)] [%(%{error} x%|-%)] end",
					  err, sizeof err);
	ok(f != NULL, "the template compiles: %s", f ? "yes" : err);
	if (!f)
		return done_testing();
	static const unsigned masks[] = { 0, 31, 1, 2, 4, 8, 16, 5, 26, 0, 31, 1, 1, 16 };
	int p[2], saved = dup(1);
	if (pipe(p) < 0)
		return 99;
	dup2(p[1], 1);
	close(p[1]);
	for (size_t i = 0; i < sizeof masks / sizeof masks[0]; i++) {
		struct record r;
		char line[64];
		record_for(masks[i], &r, line);
		format_run(f, &r, &(struct style){ 16, false });
		out_char('\n');
		strcat(want, line);
		strcat(want, "\n");
	}
	out_flush();
	dup2(saved, 1);
	close(saved);
	ssize_t n = read(p[0], got, sizeof got - 1);
	got[n < 0 ? 0 : n] = 0;
	ok(!strcmp(got, want), "14 records of 10 field sets print each group's side:\n%s", got);
	format_free(f);
	return done_testing();
}
