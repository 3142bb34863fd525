/* test_format.c - templates: which side of each group runs, for records
 * whose fields come and go, more sets of them than format.c keeps plans
 * for, so that plans are made, kept, dropped and made again; and %M:%m,
 * one op, with a part missing. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "capture.h"
#include "render/format.h"
#include "render/output.h"
#include "tap.h"

static const char *const input = "in", *const note = "nb", *const error = "err";

/* The record with the fields of `mask` (bit 0 major, 1 minor, 2 input,
 * 3 note, 4 error) and, in want, what the group template below must print
 * for it, worked out here field by field. */
static void record_for(unsigned mask, struct record *r, char *want)
{
	static const enum key bit[] = { K_MAJOR, K_MINOR, K_INPUT, K_NOTE, K_ERROR };
	static const char *const shown[] = { "8 x", "1 x", "in x", "nb x", "err x" };
	memset(r, 0, sizeof *r);
	r->num[K_MAJOR] = 8, r->num[K_MINOR] = 1;
	r->text[K_INPUT] = input, r->len[K_INPUT] = 2;
	r->text[K_NOTE] = note, r->len[K_NOTE] = 2;
	r->text[K_ERROR] = error, r->len[K_ERROR] = 3;
	want[0] = 0;
	for (unsigned b = 0; b < 5; b++) {
		if (mask >> b & 1)
			r->have |= KEY(bit[b]);
		strcat(want, "[");
		strcat(want, mask >> b & 1 ? shown[b] : "-");
		strcat(want, "] ");
	}
	strcat(want, "end\n");
}

/* A template and the records it is run over: the masks of their fields. */
struct run {
	const char *fmt;
	const unsigned *masks;
	size_t n;
	char want[1024]; /* the group template's lines for them */
};

/* Prints each record of the run by its template, a line each. */
static void print(void *arg)
{
	struct run *run = arg;
	struct views views = { 0 };
	char err[128];
	struct format *f = format_compile(run->fmt, err, sizeof err);
	if (!f) {
		fprintf(stderr, "Bail out! %s: %s\n", run->fmt, err);
		exit(99);
	}
	run->want[0] = 0;
	for (size_t i = 0; i < run->n; i++) {
		struct record r;
		char line[64];
		record_for(run->masks[i], &r, line);
		strcat(run->want, line);
		format_run(f, &r, &(struct style){ 16, false, false, &views });
		out_char('\n');
	}
	format_free(f);
}

int main(void)
{
	char got[1024];
	static const unsigned sets[] = { 0, 31, 1, 2, 4, 8, 16, 5, 26, 0, 31, 1, 1, 16 };
	struct run groups = { "[%(%M x%|-%)] [%(%m x%|-%)] [%(%i x%|-%)] [%(%{note} x%|-%)] "
			      "[%(%{error} x%|-%)] end", sets, sizeof sets / sizeof sets[0], "" };
	capture(print, &groups, got, sizeof got);
	ok(!strcmp(got, groups.want), "14 records of 10 field sets print each group's side:\n%s",
	   got);

	/* a part missing, each prints as its own directive would, nothing,
	 * and the separator stays */
	static const unsigned parts[] = { 3, 1, 2, 0, 3, 2 };
	struct run tuples = { "%M:%m|%M %m|%M,%m", parts, sizeof parts / sizeof parts[0], "" };
	capture(print, &tuples, got, sizeof got);
	ok(!strcmp(got, "8:1|8 1|8,1\n8:|8 |8,\n:1| 1|,1\n:| |,\n8:1|8 1|8,1\n:1| 1|,1\n"),
	   "a tuple with a part missing prints the other and the separator:\n%s", got);

	/* text fields outside any group: there or not, record by record */
	static const unsigned texts[] = { 12, 4, 0, 8, 12 };
	struct run bare = { "<%i|%{note}>", texts, sizeof texts / sizeof texts[0], "" };
	capture(print, &bare, got, sizeof got);
	ok(!strcmp(got, "<in|nb>\n<in|>\n<|>\n<|nb>\n<in|nb>\n"),
	   "a text field prints where the record has it, nothing where not:\n%s", got);
	return done_testing();
}
