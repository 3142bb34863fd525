/* vectors_consumer.c - what another project does with `devnum vectors`:
 * holds its own makedev, major and minor to them.  Here "its own" is the
 * C library's <sys/sysmacros.h> (glibc's layout) and the Linux kernel's
 * expressions from include/linux/kdev_t.h (linux32, kernel, legacy), so
 * that the vectors are checked against code devnum did not write.
 *
 * Reads `devnum vectors` lines on stdin (scheme form major minor raw
 * verdict canonical, "-" for none); a formula refuses nothing, so a
 * refused vector must be one the formula cannot carry: a part or raw
 * too wide for its type, or a tuple that does not come back.  Prints a
 * line per scheme checked; exit status 1 at the first disagreement. */
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/sysmacros.h>

/* include/linux/kdev_t.h, as the kernel writes them */
#define MINORBITS 20
#define MINORMASK ((1U << MINORBITS) - 1)
#define MAJOR(dev) ((unsigned int)((dev) >> MINORBITS))
#define MINOR(dev) ((unsigned int)((dev) & MINORMASK))
#define MKDEV(ma, mi) (((ma) << MINORBITS) | (mi))

static uint32_t new_encode_dev(unsigned major, unsigned minor)
{
	return (minor & 0xff) | (major << 8) | ((minor & ~0xffu) << 12);
}

static uint16_t old_encode_dev(unsigned major, unsigned minor)
{
	return (uint16_t)((major << 8) | minor);
}

/* One layout as its own code has it: encode and decode, and the widest
 * part and raw its types carry. */
struct layout {
	const char *scheme, *source;
	uint64_t part_max, raw_max;
	uint64_t (*encode)(uint64_t major, uint64_t minor);
	void (*decode)(uint64_t raw, uint64_t *major, uint64_t *minor);
	unsigned checked;
};

static uint64_t glibc_encode(uint64_t ma, uint64_t mi)
{
	return makedev((unsigned)ma, (unsigned)mi);
}
static void glibc_decode(uint64_t raw, uint64_t *ma, uint64_t *mi)
{
	*ma = major(raw);
	*mi = minor(raw);
}
static uint64_t new_encode(uint64_t ma, uint64_t mi)
{
	return new_encode_dev((unsigned)ma, (unsigned)mi);
}
static void new_decode(uint64_t raw, uint64_t *ma, uint64_t *mi)
{
	uint32_t dev = (uint32_t)raw; /* new_decode_dev */
	*ma = (dev & 0xfff00) >> 8;
	*mi = (dev & 0xff) | ((dev >> 12) & 0xfff00);
}
static uint64_t kernel_encode(uint64_t ma, uint64_t mi)
{
	return MKDEV((uint32_t)ma, (uint32_t)mi);
}
static void kernel_decode(uint64_t raw, uint64_t *ma, uint64_t *mi)
{
	*ma = MAJOR((uint32_t)raw);
	*mi = MINOR((uint32_t)raw);
}
static uint64_t old_encode(uint64_t ma, uint64_t mi)
{
	return old_encode_dev((unsigned)ma, (unsigned)mi);
}
static void old_decode(uint64_t raw, uint64_t *ma, uint64_t *mi)
{
	*ma = (raw >> 8) & 255; /* old_decode_dev */
	*mi = raw & 255;
}

static struct layout layouts[] = {
	{ "glibc", "<sys/sysmacros.h>", UINT32_MAX, UINT64_MAX, glibc_encode, glibc_decode, 0 },
	{ "linux32", "kdev_t.h new_encode_dev", UINT32_MAX, UINT32_MAX, new_encode, new_decode, 0 },
	{ "kernel", "kdev_t.h MKDEV", UINT32_MAX, UINT32_MAX, kernel_encode, kernel_decode, 0 },
	{ "legacy", "kdev_t.h old_encode_dev", UINT32_MAX, 0xffff, old_encode, old_decode, 0 },
};

static uint64_t number(const char *s, bool *none)
{
	*none = strcmp(s, "-") == 0;
	return *none ? 0 : strtoull(s, NULL, 0);
}

/* A tuple the formula carries: it encodes into the raw's type and comes back. */
static bool carries(const struct layout *l, uint64_t ma, uint64_t mi, uint64_t *raw)
{
	uint64_t bm, bn;
	if (ma > l->part_max || mi > l->part_max)
		return false;
	*raw = l->encode(ma, mi);
	l->decode(*raw, &bm, &bn);
	return *raw <= l->raw_max && bm == ma && bn == mi;
}

/* The vector's answer against the formula's; false on a disagreement. */
static bool agrees(const struct layout *l, const char *form, uint64_t ma, uint64_t mi,
		   uint64_t raw, bool refused, bool canonical)
{
	uint64_t r, bm, bn;
	if (strcmp(form, "tuple") == 0)
		return carries(l, ma, mi, &r) ? !refused && r == raw : refused;
	if (raw > l->raw_max)
		return refused;
	l->decode(raw, &bm, &bn);
	return !refused && bm == ma && bn == mi && canonical == (l->encode(bm, bn) == raw);
}

int main(void)
{
	char line[512], scheme[32], form[8], ma[24], mi[24], raw[24], verdict[24], canon[24];
	unsigned lines = 0;
	while (fgets(line, sizeof line, stdin)) {
		bool none[3];
		lines++;
		if (sscanf(line, "%31s %7s %23s %23s %23s %23s %23s", scheme, form, ma, mi, raw,
			   verdict, canon) != 7) {
			fprintf(stderr, "line %u: not a vector: %s", lines, line);
			return 1;
		}
		for (size_t i = 0; i < sizeof layouts / sizeof layouts[0]; i++) {
			struct layout *l = &layouts[i];
			if (strcmp(l->scheme, scheme) != 0)
				continue;
			uint64_t M = number(ma, &none[0]), m = number(mi, &none[1]);
			uint64_t r = number(raw, &none[2]);
			/* refused: no answer, the raw of a tuple or the tuple of a raw */
			bool refused = form[0] == 't' ? none[2] : none[0];
			bool canonical = strcmp(verdict, "ok") == 0;
			if (!agrees(l, form, M, m, r, refused, canonical)) {
				fprintf(stderr, "%s disagrees with %s: %s", l->source, scheme, line);
				return 1;
			}
			l->checked++;
		}
	}
	for (size_t i = 0; i < sizeof layouts / sizeof layouts[0]; i++)
		if (layouts[i].checked)
			printf("%s: %u vectors agree with %s\n", layouts[i].scheme,
			       layouts[i].checked, layouts[i].source);
	return lines ? 0 : 1;
}
