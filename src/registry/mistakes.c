/* mistakes.c - the catalogue of known device-number mistakes.
 *
 * Most are a raw value written in one layout and read in another: a
 * scheme row names both, and one pair of functions runs every such row.
 * The rest change the tuple itself (a minor masked to 8 bits) or pass it
 * through a container, ISO 9660's PN; each has its own pair.  Every
 * backward answer is proved by running the row forward again. */
#include <config.h>

#include "parse/number.h"
#include "registry/mistakes.h"

#define M32 UINT64_C(0xffffffff)

/* Keeps real in out[*n] when the row takes it to seen and it is another. */
static void keep(const struct mistake_use *u, struct devnum_tuple seen, struct devnum_tuple real,
		 struct devnum_tuple *out, size_t *n, size_t max)
{
	struct devnum_tuple back;
	if (*n < max && u->m->forward(u, real, &back) && tuple_same(back, seen))
		out[(*n)++] = real;
}

/* A raw written in the writer's scheme, read in the reader's. */
static bool reader_reads(const struct mistake_use *u, uint64_t raw, struct devnum_tuple *t)
{
	if (u->m->unchecked) {
		*t = devnum_decode_unchecked(u->reader, raw);
		return true;
	}
	return devnum_decode(u->reader, raw, t, NULL, NULL) != DEVNUM_REFUSED;
}

static bool scheme_forward(const struct mistake_use *u, struct devnum_tuple real,
			   struct devnum_tuple *seen)
{
	uint64_t raw;
	return devnum_encode(u->writer, real, &raw, NULL) == DEVNUM_OK &&
	       reader_reads(u, raw, seen) && !tuple_same(real, *seen);
}

/* The raw the reader made seen of: an unchecked 8:8 reader's major takes
 * every bit above the minor's 8, so seen's minor is below 256. */
static size_t scheme_backward(const struct mistake_use *u, struct devnum_tuple seen,
			      struct devnum_tuple *real, size_t max)
{
	uint64_t raw;
	struct devnum_tuple t;
	size_t n = 0;
	if (u->m->unchecked) {
		if (seen.minor > 0xff || seen.major >> 56)
			return 0;
		raw = seen.major << 8 | seen.minor;
	} else if (devnum_encode(u->reader, seen, &raw, NULL) != DEVNUM_OK) {
		return 0;
	}
	if (devnum_decode(u->writer, raw, &t, NULL, NULL) == DEVNUM_OK)
		keep(u, seen, t, real, &n, max);
	return n;
}

/* major << 8 | minor, unmasked (u-root's mknod), read by glibc. */
static bool or8_forward(const struct mistake_use *u, struct devnum_tuple real,
			struct devnum_tuple *seen)
{
	if (real.major >> 56)
		return false;
	return devnum_decode(u->reader, real.major << 8 | real.minor, seen, NULL, NULL) ==
		       DEVNUM_OK && !tuple_same(real, *seen);
}

/* The next number after pick with as many bits set (Gosper's hack), in
 * increasing order; for 0, past every k < 64. */
static uint64_t next_pick(uint64_t pick)
{
	if (!pick)
		return UINT64_MAX;
	uint64_t low = pick & -pick, up = pick + low;
	return up | ((pick ^ up) >> 2) / low;
}

/* Each bit of the raw above bit 7 came from the major or the minor: the
 * ways of splitting it, fewest bits to the minor first (at most 2^12). */
static size_t or8_backward(const struct mistake_use *u, struct devnum_tuple seen,
			   struct devnum_tuple *real, size_t max)
{
	uint64_t raw, bits[64];
	size_t n = 0, k = 0;
	if (devnum_encode(u->reader, seen, &raw, NULL) != DEVNUM_OK)
		return 0;
	for (unsigned b = 8; b < 64; b++)
		if (raw >> b & 1)
			bits[k++] = UINT64_C(1) << b;
	if (k > 12)
		return 0;
	for (unsigned ones = 0; ones <= k && n < max; ones++)
		for (uint64_t pick = (UINT64_C(1) << ones) - 1; pick < UINT64_C(1) << k && n < max;
		     pick = next_pick(pick)) {
			uint64_t minor = raw & 0xff;
			for (size_t i = 0; i < k; i++)
				minor |= pick >> i & 1 ? bits[i] : 0;
			keep(u, seen, (struct devnum_tuple){ (raw & ~minor) >> 8, minor }, real, &n, max);
		}
	return n;
}

/* A 64-bit dev_t cut to its low `bits` and read by a layout of that
 * many: a FreeBSD 12 dev_t by FreeBSD 11 (12 keeps 11's layout in its
 * low 32 bits, so 11's values read by 12 are no mistake); a glibc dev_t
 * handed to the mknodat syscall's unsigned int, read by new_decode_dev;
 * a glibc dev_t kept in 16 bits (rpm's rpm_rdev_t), read by glibc. */
static bool cut_forward(const struct mistake_use *u, struct devnum_tuple real,
			struct devnum_tuple *seen)
{
	uint64_t raw;
	return devnum_encode(u->writer, real, &raw, NULL) == DEVNUM_OK &&
	       devnum_decode(u->reader, raw & ((UINT64_C(1) << u->m->bits) - 1), seen, NULL, NULL) ==
		       DEVNUM_OK &&
	       !tuple_same(real, *seen);
}

/* The bits above the cut that were lost, the fewest high bits first:
 * each value of the 12 just above it, then of the 12 above those
 * (FreeBSD 12 cut to 32: minor bits 8-15, then the major's; glibc cut to
 * 32: minor bits 20-31, then the major's 12-23; to 16: the major's bits
 * 8-11 and the minor's 8-15, then the minor's 16-19 and the major's). */
static size_t cut_backward(const struct mistake_use *u, struct devnum_tuple seen,
			   struct devnum_tuple *real, size_t max)
{
	uint64_t raw;
	struct devnum_tuple t;
	size_t n = 0;
	if (devnum_encode(u->reader, seen, &raw, NULL) != DEVNUM_OK || raw >> u->m->bits)
		return 0;
	for (unsigned shift = 0; shift <= 12; shift += 12)
		for (uint64_t hi = 1; hi < 4096 && n < max; hi++)
			if (devnum_decode(u->writer, raw | hi << (u->m->bits + shift), &t, NULL, NULL) ==
			    DEVNUM_OK)
				keep(u, seen, t, real, &n, max);
	return n;
}

/* erofs-utils' new_encode_dev: (minor & 0xff) | major << 8 |
 * (minor & ~0xff) << 12 in 32 bits, the major unmasked, read by
 * new_decode_dev: a major's bits above 12 land in the minor. */
static uint64_t unmasked_linux32(struct devnum_tuple t)
{
	return ((t.minor & 0xff) | t.major << 8 | (t.minor & ~UINT64_C(0xff)) << 12) & M32;
}

static bool unmasked_forward(const struct mistake_use *u, struct devnum_tuple real,
			     struct devnum_tuple *seen)
{
	return devnum_decode(u->reader, unmasked_linux32(real), seen, NULL, NULL) == DEVNUM_OK &&
	       !tuple_same(real, *seen);
}

/* Raw bits 20-31 (h) are the major's bits 12-23 (k) or'ed with the
 * minor's 8-19: k any nonzero part of h, the fewest bits first, the minor
 * keeping the rest; then h all the minor's, the major's bits above 24
 * lost. */
static size_t unmasked_backward(const struct mistake_use *u, struct devnum_tuple seen,
				struct devnum_tuple *real, size_t max)
{
	uint64_t raw;
	size_t n = 0;
	if (devnum_encode(u->reader, seen, &raw, NULL) != DEVNUM_OK)
		return 0;
	uint64_t h = raw >> 20, low_major = raw >> 8 & 0xfff, low_minor = raw & 0xff;
	for (uint64_t k = (0 - h) & h; k && n < max; k = (k - h) & h) /* h's parts, in order */
		keep(u, seen, (struct devnum_tuple){ low_major | k << 12, (h & ~k) << 8 | low_minor },
		     real, &n, max);
	keep(u, seen, (struct devnum_tuple){ low_major | UINT64_C(1) << 24, h << 8 | low_minor }, real,
	     &n, max);
	return n;
}

/* major * 256 + minor taken for a glibc raw. */
static bool plus_forward(const struct mistake_use *u, struct devnum_tuple real,
			 struct devnum_tuple *seen)
{
	if (real.major >> 55 || real.minor >> 62)
		return false;
	return devnum_decode(u->reader, real.major * 256 + real.minor, seen, NULL, NULL) ==
		       DEVNUM_OK && !tuple_same(real, *seen);
}

/* The raw's value split as major * 256 + minor: minor raw % 256 + 256 k. */
static size_t plus_backward(const struct mistake_use *u, struct devnum_tuple seen,
			    struct devnum_tuple *real, size_t max)
{
	uint64_t raw;
	size_t n = 0;
	if (devnum_encode(u->reader, seen, &raw, NULL) != DEVNUM_OK)
		return 0;
	/* forward takes no major of 2^55 or more: start where the major is below */
	uint64_t from = raw >> 8 >> 55 ? (raw >> 8) - ((UINT64_C(1) << 55) - 1) : 0;
	for (uint64_t k = from; k <= raw >> 8 && k < 4096 && n < max; k++)
		keep(u, seen, (struct devnum_tuple){ (raw >> 8) - k, (raw & 0xff) + 256 * k }, real,
		     &n, max);
	return n;
}

/* One part masked to 8 bits (the major, or the minor), the other whole. */
static bool part8_forward(struct devnum_tuple real, struct devnum_tuple *seen, bool major)
{
	*seen = real;
	*(major ? &seen->major : &seen->minor) &= 0xff;
	return (major ? real.major : real.minor) > 0xff;
}

/* The part's lost bits: 256 k more, the fewest first. */
static size_t part8_backward(const struct mistake_use *u, struct devnum_tuple seen,
			     struct devnum_tuple *real, size_t max, bool major)
{
	size_t n = 0;
	for (uint64_t k = 1; (major ? seen.major : seen.minor) <= 0xff && k < 4096 && n < max; k++)
		keep(u, seen, major ? (struct devnum_tuple){ seen.major + 256 * k, seen.minor }
				    : (struct devnum_tuple){ seen.major, seen.minor + 256 * k },
		     real, &n, max);
	return n;
}

/* The minor masked to 8 bits, or taken modulo 256. */
static bool mask_forward(const struct mistake_use *u, struct devnum_tuple real,
			 struct devnum_tuple *seen)
{
	(void)u;
	return part8_forward(real, seen, false);
}

static size_t mask_backward(const struct mistake_use *u, struct devnum_tuple seen,
			    struct devnum_tuple *real, size_t max)
{
	return part8_backward(u, seen, real, max, false);
}

/* The major kept in 8 bits (a u8), the minor whole. */
static bool major8_forward(const struct mistake_use *u, struct devnum_tuple real,
			   struct devnum_tuple *seen)
{
	(void)u;
	return part8_forward(real, seen, true);
}

static size_t major8_backward(const struct mistake_use *u, struct devnum_tuple seen,
			      struct devnum_tuple *real, size_t max)
{
	return part8_backward(u, seen, real, max, true);
}

/* Only the major kept (statx's stx_rdev_major), the minor lost as 0. */
static bool major_forward(const struct mistake_use *u, struct devnum_tuple real,
			  struct devnum_tuple *seen)
{
	(void)u;
	*seen = (struct devnum_tuple){ real.major, 0 };
	return real.minor != 0;
}

static size_t major_backward(const struct mistake_use *u, struct devnum_tuple seen,
			     struct devnum_tuple *real, size_t max)
{
	size_t n = 0;
	for (uint64_t minor = 1; seen.minor == 0 && minor < 4096 && n < max; minor++)
		keep(u, seen, (struct devnum_tuple){ seen.major, minor }, real, &n, max);
	return n;
}

/* A 32-bit glibc raw with bit 31 set kept in an int, sign-extended to
 * 64 bits and read by glibc. */
static bool signed_forward(const struct mistake_use *u, struct devnum_tuple real,
			   struct devnum_tuple *seen)
{
	uint64_t raw;
	if (devnum_encode(u->writer, real, &raw, NULL) != DEVNUM_OK || raw > M32 ||
	    !(raw >> 31 & 1))
		return false;
	return devnum_decode(u->reader, raw | ~M32, seen, NULL, NULL) == DEVNUM_OK;
}

static size_t signed_backward(const struct mistake_use *u, struct devnum_tuple seen,
			      struct devnum_tuple *real, size_t max)
{
	uint64_t raw;
	struct devnum_tuple t;
	size_t n = 0;
	if (devnum_encode(u->reader, seen, &raw, NULL) == DEVNUM_OK && raw >> 31 == M32 * 2 + 1 &&
	    devnum_decode(u->writer, raw & M32, &t, NULL, NULL) == DEVNUM_OK)
		keep(u, seen, t, real, &n, max);
	return n;
}

/* A 32-bit glibc raw with bit 31 set kept in an int and read as 8:8 by a
 * shift that keeps the sign: the major is 0xff800000 or more in 32 bits
 * (printed -1 with %d, read back with %u), the minor its low byte. */
static bool signed8_forward(const struct mistake_use *u, struct devnum_tuple real,
			    struct devnum_tuple *seen)
{
	uint64_t raw;
	if (devnum_encode(u->writer, real, &raw, NULL) != DEVNUM_OK || raw > M32 ||
	    !(raw >> 31 & 1))
		return false;
	*seen = (struct devnum_tuple){ (raw >> 8) | UINT64_C(0xff000000), raw & 0xff };
	return true;
}

static size_t signed8_backward(const struct mistake_use *u, struct devnum_tuple seen,
			       struct devnum_tuple *real, size_t max)
{
	struct devnum_tuple t;
	size_t n = 0;
	if (seen.minor <= 0xff && seen.major >= UINT64_C(0xff800000) && seen.major <= M32 &&
	    devnum_decode(u->writer, (seen.major & 0xffffff) << 8 | seen.minor, &t, NULL, NULL) ==
		    DEVNUM_OK)
		keep(u, seen, t, real, &n, max);
	return n;
}

/* ISO 9660 Rock Ridge PN, its halves the major and the minor, as Linux's
 * fs/isofs/rock.c reads them: a high half of 0 and a low one above 0xff
 * is an old 16-bit number, and MKDEV is not masked into the 32-bit dev_t. */
static bool iso_forward(const struct mistake_use *u, struct devnum_tuple real,
			struct devnum_tuple *seen)
{
	(void)u;
	if (real.major > M32 || real.minor > M32)
		return false;
	uint64_t ma = real.major, mi = real.minor;
	if (ma == 0 && mi > 0xff)
		ma = mi >> 8, mi &= 0xff;
	uint64_t dev = (ma << 20 | mi) & M32;
	*seen = (struct devnum_tuple){ dev >> 20, dev & 0xfffff };
	return !tuple_same(real, *seen);
}

/* The 16-bit reading undone, then majors that lost bits above 12. */
static size_t iso_backward(const struct mistake_use *u, struct devnum_tuple seen,
			   struct devnum_tuple *real, size_t max)
{
	size_t n = 0;
	if (seen.major <= 0xff && seen.minor <= 0xff)
		keep(u, seen, (struct devnum_tuple){ 0, seen.major << 8 | seen.minor }, real, &n, max);
	for (uint64_t k = 1; seen.major < 4096 && k < 4096 && n < max; k++)
		keep(u, seen, (struct devnum_tuple){ seen.major + 4096 * k, seen.minor }, real, &n, max);
	return n;
}

#define SCHEMES(writer, reader, unchecked) writer, reader, unchecked, 0, scheme_forward, scheme_backward

const struct mistake mistakes[] = {
	{ "glibc-as-legacy", "a glibc raw read as 8:8 unchecked, (raw >> 8, raw & 0xff)",
	  "moby/moby PR 39212; rhboot/efivar issue 75; u-root/u-root issue 745",
	  SCHEMES("glibc", "legacy", true) },
	{ "legacy-encode-read-by-glibc", "major << 8 | minor, unmasked, read by glibc",
	  "u-root/u-root issue 745", NULL, "glibc", false, 0, or8_forward, or8_backward },
	{ "minor-masked", "the minor masked to 8 bits, or taken modulo 256",
	  "16-bit dev_t code: (dev & 0xff) for the minor", NULL, NULL, false, 0, mask_forward,
	  mask_backward },
	{ "glibc-as-darwin", "a glibc raw read as Darwin's 8:24",
	  "folbricht/desync PR 388", SCHEMES("glibc", "darwin", false) },
	{ "darwin-as-glibc", "a Darwin raw read as glibc's",
	  "folbricht/desync PR 388", SCHEMES("darwin", "glibc", false) },
	{ "kernel-as-glibc", "the kernel's internal 12:20 MKDEV read as a glibc raw",
	  "Linux kdev_t.h: MKDEV is the kernel's own layout, not user space's",
	  SCHEMES("kernel", "glibc", false) },
	{ "glibc-as-kernel", "a glibc raw read as the kernel's internal 12:20",
	  "Linux kdev_t.h: MAJOR() and MINOR() read only MKDEV's layout",
	  SCHEMES("glibc", "kernel", false) },
	{ "kernel-as-linux32", "the kernel's internal 12:20 read as new_encode_dev's 32 bits",
	  "Linux kdev_t.h: new_encode_dev is not MKDEV", SCHEMES("kernel", "linux32", false) },
	{ "linux32-as-kernel", "new_encode_dev's 32 bits read as the kernel's internal 12:20",
	  "Linux kdev_t.h: new_decode_dev is not MAJOR() and MINOR()",
	  SCHEMES("linux32", "kernel", false) },
	{ "freebsd12-as-freebsd11", "a FreeBSD 12 dev_t cut to 32 bits and read by FreeBSD 11's layout",
	  "FreeBSD 12's 64-bit dev_t (ino64, r318736) and FreeBSD 11's 32-bit one", "freebsd",
	  "freebsd11", false, 32, cut_forward, cut_backward },
	{ "glibc-cut-to-32", "a glibc dev_t cut to the mknodat syscall's 32 bits, read by new_decode_dev",
	  "Go x/sys/unix.Mknod and moby's extractor: uint32 of the dev_t; musl's mknod: dev & 0xffffffff; "
	  "wimlib's u32 rdev (wimcapture --unix-data)",
	  "glibc", "linux32", false, 32, cut_forward, cut_backward },
	{ "glibc-cut-to-16", "a glibc dev_t kept in 16 bits and read by glibc: rpm's 16-bit rdev",
	  "rpm's rpm_rdev_t (uint16_t) for RPMTAG_FILERDEVS, measured with rpmbuild 4.18; bsdtar's "
	  "and GNU cpio's bin h_rdev", "glibc", "glibc", false, 16, cut_forward, cut_backward },
	{ "new-encode-unmasked", "new_encode_dev with the major unmasked: major << 8 lands in the minor",
	  "erofs-utils 1.5 erofs_new_encode_dev (mkfs.erofs)", NULL, "linux32", false, 0,
	  unmasked_forward, unmasked_backward },
	{ "major-masked", "the major kept in 8 bits, the minor whole",
	  "cncf-tags/container-device-interface-rs issue 72: host 490:1 made 234:1", NULL, NULL,
	  false, 0, major8_forward, major8_backward },
	{ "statx-major-only", "only statx's stx_rdev_major kept, the minor lost",
	  "statx(2): the major and the minor come apart", NULL, NULL, false, 0, major_forward,
	  major_backward },
	{ "signed-int", "a 32-bit raw with bit 31 set kept in an int, sign-extended, read by glibc",
	  "a dev_t passed through int", "glibc", "glibc", false, 0, signed_forward, signed_backward },
	{ "glibc-as-legacy-signed", "a glibc raw with bit 31 set in an int, read as 8:8 by a "
	  "signed shift, the major negative, read back by %u",
	  "squashfs-tools 4.5.1 unsquashfs -pf (an int rdev >> 8 printed with %d; mksquashfs reads "
	  "it with %u), measured", "glibc", "legacy", true, 0, signed8_forward, signed8_backward },
	{ "iso9660-pn-linux", "ISO 9660 PN's halves as Linux's isofs reads them",
	  "Linux fs/isofs/rock.c", NULL, NULL, false, 0, iso_forward, iso_backward },
	{ "major-times-256", "major * 256 + minor taken for a glibc raw",
	  "16-bit dev_t arithmetic on a 64-bit dev_t", NULL, "glibc", false, 0, plus_forward,
	  plus_backward },
};
const size_t nmistakes = sizeof mistakes / sizeof mistakes[0];
_Static_assert(sizeof mistakes / sizeof mistakes[0] <= MISTAKES_MAX, "whence holds every row");

void mistake_use(const struct mistake *m, struct mistake_use *u)
{
	u->m = m;
	u->writer = m->writer ? devnum_scheme_find(m->writer) : NULL;
	u->reader = m->reader ? devnum_scheme_find(m->reader) : NULL;
}

const struct mistake_use *mistake_uses(void)
{
	static struct mistake_use uses[MISTAKES_MAX];
	static bool found;
	for (size_t i = 0; !found && i < nmistakes; i++)
		mistake_use(&mistakes[i], &uses[i]);
	found = true;
	return uses;
}
