/* test_newc.c - devnum's newc reader against printf's writing of the
 * same header: every byte of every field, each of its 256 values, bids
 * as a header exactly when it is a hex digit; 200,000 headers of random
 * fields, in either case, read back as printf("%08x") wrote them, their
 * name, padding and data skipped to the next; a trailer ends it; libarchive's
 * hard links (several links, the same dev and ino) name the first; a
 * header cut short, a name with no NUL, garbage after an entry and a
 * name too long each fail with a reason. */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scan/archive/cpio_newc.h"
#include "tap.h"

static uint64_t state = 88172645463325252u;
static uint32_t next_rnd(void)
{
	state ^= state << 13, state ^= state >> 7, state ^= state << 17;
	return (uint32_t)state;
}

/* A header of fields f (13) and name, its data `size` bytes of 'd', at
 * the end of buf (at *n): the bytes written. */
static size_t entry(unsigned char *buf, size_t at, const uint32_t *f, const char *name, bool crc,
		    bool upper)
{
	size_t start = at, len = strlen(name) + 1;
	at += (size_t)sprintf((char *)buf + at, crc ? "070702" : "070701");
	for (int i = 0; i < 13; i++)
		at += (size_t)sprintf((char *)buf + at, upper ? "%08X" : "%08x",
				      i == 11 ? (uint32_t)len : f[i]);
	memcpy(buf + at, name, len);
	at += len;
	while ((at - start) % 4)
		buf[at++] = 0;
	for (uint32_t i = 0; i < f[6]; i++)
		buf[at++] = 'd';
	while ((at - start) % 4)
		buf[at++] = 0;
	return at;
}

struct mem {
	const unsigned char *p;
	size_t n, at;
};

static ssize_t pull(void *data, unsigned char *p, size_t n, const char **why)
{
	struct mem *m = data;
	(void)why;
	size_t k = m->n - m->at < n ? m->n - m->at : n;
	memcpy(p, m->p + m->at, k);
	m->at += k;
	return (ssize_t)k;
}

static void bids(void)
{
	unsigned char h[128]; /* the header, its name and padding */
	const uint32_t f[13] = { 1, 020644, 0, 0, 1, 0, 0, 0, 0, 8, 1, 6, 0 };
	entry(h, 0, f, "a", false, false);
	unsigned wrong = 0;
	for (int pos = 6; pos < 110; pos++)
		for (int c = 0; c < 256; c++) {
			unsigned char t[110];
			memcpy(t, h, sizeof t);
			t[pos] = (unsigned char)c;
			bool hex = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
			wrong += newc_bid(t, sizeof t) != hex;
		}
	ok(wrong == 0, "a byte of a field bids as a header exactly when it is a hex digit (%u wrong of 26,624)",
	   wrong);
	ok(!newc_bid(h, 109), "109 bytes are no header");
	h[5] = '7';
	ok(!newc_bid(h, 110), "070707 (odc) is not newc's");
}

static void fields(void)
{
	enum { N = 200000 };
	unsigned char *buf = malloc((size_t)N * 140 + 200);
	uint32_t (*want)[13] = malloc(sizeof *want * N);
	size_t n = 0;
	for (int i = 0; i < N; i++) {
		for (int k = 0; k < 13; k++)
			want[i][k] = next_rnd() >> (next_rnd() % 32);
		want[i][6] = next_rnd() % 7; /* a little data, padded */
		char name[16];
		snprintf(name, sizeof name, "n%d", i);
		n = entry(buf, n, want[i], name, i % 3 == 0, i % 2 == 0);
	}
	const uint32_t end[13] = { 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 11, 0 };
	n = entry(buf, n, end, "TRAILER!!!", false, false);
	struct mem m = { buf, n, 0 };
	struct source src;
	struct newc r;
	struct archived x;
	unsigned read = 0, wrong = 0;
	int got;
	source_pulled(&src, NULL, pull, &m);
	newc_open(&r, &src);
	while ((got = newc_next(&r, &x)) > 0) {
		const uint32_t *f = want[read];
		char name[16];
		snprintf(name, sizeof name, "n%u", read);
		bool links = f[4] > 1;
		wrong += x.major != f[9] || x.minor != f[10] || x.type != (f[1] & 0170000) ||
			 strcmp(x.path, name) != 0 || r.data_size != f[6] || (!links && x.link) ||
			 x.format != (read % 3 == 0 ? ARCHIVE_FORMAT_CPIO_SVR4_CRC
						   : ARCHIVE_FORMAT_CPIO_SVR4_NOCRC);
		read++;
		newc_skip(&r);
	}
	ok(got == 0 && read == N && wrong == 0,
	   "%u headers of random fields read as printf's %%08x wrote them, then the trailer (%u wrong)",
	   read, wrong);
	ok(src.pos == n, "after the trailer, at its end (%llu of %zu)", (unsigned long long)src.pos, n);
	newc_close(&r);
	source_free(&src);
	free(buf);
	free(want);
}

/* Reads buf (n bytes) to its end: the entries, the last status, why. */
static unsigned read_all(const unsigned char *buf, size_t n, int *got, char *why, char links[][32])
{
	struct mem m = { buf, n, 0 };
	struct source src;
	struct newc r;
	struct archived x;
	unsigned k = 0;
	source_pulled(&src, NULL, pull, &m);
	newc_open(&r, &src);
	while ((*got = newc_next(&r, &x)) > 0) {
		if (links)
			snprintf(links[k], 32, "%s", x.link ? x.link : "-");
		k++;
		newc_skip(&r);
	}
	snprintf(why, 200, "%s", *got < 0 ? r.why : "");
	newc_close(&r);
	source_free(&src);
	return k;
}

static void hard_links(void)
{
	unsigned char buf[4096];
	char why[200], links[8][32];
	int got;
	uint32_t f[13] = { 7, 020644, 0, 0, 3, 0, 0, 8, 1, 1, 3, 0, 0 };
	size_t n = entry(buf, 0, f, "a", false, false);
	n = entry(buf, n, f, "b", false, false);
	f[7] = 9; /* another dev */
	n = entry(buf, n, f, "c", false, false);
	f[7] = 8;
	n = entry(buf, n, f, "d", false, false);
	n = entry(buf, n, f, "e", false, false); /* the three links came: a new one */
	f[4] = 1;
	n = entry(buf, n, f, "f", false, false); /* one link: none named */
	const uint32_t end[13] = { 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 11, 0 };
	n = entry(buf, n, end, "TRAILER!!!", false, false);
	unsigned k = read_all(buf, n, &got, why, links);
	char all[200] = "";
	for (unsigned i = 0; i < k; i++)
		strcat(strcat(all, links[i]), " ");
	ok(k == 6 && !strcmp(all, "- a - a - - "),
	   "as libarchive: a later entry of the same dev and ino names the first, until its links came (%s)",
	   all);
}

static void damaged(void)
{
	unsigned char buf[4096];
	char why[200];
	int got;
	const uint32_t f[13] = { 1, 020644, 0, 0, 1, 0, 0, 0, 0, 8, 1, 0, 0 };
	size_t n = entry(buf, 0, f, "dev/a", false, false);
	unsigned k = read_all(buf, n - 3, &got, why, NULL);
	ok(k == 0 && got < 0 && !strcmp(why, "cut short in the name of the header at byte 0"),
	   "a name cut short: %s", why);
	k = read_all(buf, 50, &got, why, NULL);
	ok(k == 0 && got < 0 && !strcmp(why, "cut short in the header at byte 0"), "a header cut short: %s",
	   why);
	size_t one = n;
	memset(buf + n, 'g', 110);
	k = read_all(buf, one + 110, &got, why, NULL);
	ok(k == 1 && got < 0 && strstr(why, "no cpio header at byte 116"), "garbage after an entry: %s", why);
	k = read_all(buf, one, &got, why, NULL);
	ok(k == 1 && got < 0 && strstr(why, "the input ends before the header at byte 116"),
	   "no trailer: %s", why);
	n = entry(buf, 0, f, "dev/a", false, false);
	buf[110 + 5] = 'x'; /* the NUL its size counts */
	k = read_all(buf, n, &got, why, NULL);
	ok(k == 0 && got < 0 && strstr(why, "does not end in the NUL"), "a name with no NUL: %s", why);
	memcpy(buf + 6 + 11 * 8, "00010001", 8);
	k = read_all(buf, n, &got, why, NULL);
	ok(k == 0 && got < 0 && strstr(why, "a name of 65537 bytes"), "a name too long: %s", why);
}

int main(void)
{
	bids();
	fields();
	hard_links();
	damaged();
	return done_testing();
}
