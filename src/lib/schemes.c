/* schemes.c - every scheme devnum knows, as data, and the code the
 * compiler derives from it.
 *
 * MA(h, l, at) puts major[h:l] at raw bit `at`; MI likewise for the minor.
 * A bit no field carries must be zero unless the scheme lists it as ignored.
 * Each origin line names the source; devnum-schemes(7) gives them in full.
 * Below the layouts, each gets an encoder and a decoder: pack.h's engine
 * with the layout as a constant, which the compiler folds into plain
 * shifts and masks.  Nothing per scheme is written by hand.
 */
#include <config.h>

#include "pack.h"

#define MA(h, l, at) { DEVNUM_MAJOR, (l), (h) - (l) + 1, (at) }
#define MI(h, l, at) { DEVNUM_MINOR, (l), (h) - (l) + 1, (at) }
#define FIELDS(...) \
	.nfields = sizeof((struct field[]){ __VA_ARGS__ }) / sizeof(struct field), \
	.field = { __VA_ARGS__ }

	/* The 2003 proposals for a wider Linux dev_t. */
static const struct layout legacy = { "legacy", "old linux-old 8:8", "Linux old_encode_dev, the 16-bit 8:8 dev_t",
	  16, FIELDS(MI(7, 0, 0), MA(7, 0, 8)) };
static const struct layout split32 = { "split32", "32:32", "2003 proposal: 32:32, legacy 16-bit values remapped",
	  64, .rules = DEVNUM_LEGACY_WINDOW, FIELDS(MI(31, 0, 0), MA(31, 0, 32)) };
static const struct layout hpa = { "hpa", "anvin", "H. P. Anvin, mknod64 thread, 2003: alias-free interleave",
	  64, FIELDS(MI(7, 0, 0), MA(7, 0, 8), MI(31, 8, 16), MA(31, 8, 40)) };
static const struct layout hpa1220 = { "hpa1220", "anvin1220", "H. P. Anvin, July 2003: low 32 bits a 12:20 number",
	  64, FIELDS(MI(7, 0, 0), MA(7, 0, 8), MI(19, 8, 16), MA(11, 8, 28),
		     MI(31, 20, 32), MA(31, 12, 44)) };
	/* Carried as the text M:m; the fields only give it a 64-bit handle. */
static const struct layout tuple = { "tuple", "linus statx", "never packed: statx, NFSv3, cpio newc, tar",
	  64, .rules = DEVNUM_TEXT, FIELDS(MI(31, 0, 0), MA(31, 0, 32)) };

	/* Linux: kdev_t.h and glibc's sysmacros.h. */
	/* the kernel's mknod refuses what MKDEV cannot hold */
static const struct layout glibc = { "glibc", "linux musl", "Linux userspace dev_t (glibc, musl makedev)",
	  64, .within = "kernel", FIELDS(MI(7, 0, 0), MA(11, 0, 8), MI(31, 8, 20), MA(31, 12, 44)) };
static const struct layout linux32 = { "linux32", "new huge netbsd squashfs", "Linux new_encode_dev; NetBSD dev_t",
	  32, FIELDS(MI(7, 0, 0), MA(11, 0, 8), MI(19, 8, 20)) };
static const struct layout kernel = { "kernel", "linux-kernel kdev osf1 bsdos btrfs", "Linux in-kernel MKDEV (MINORBITS 20)",
	  32, FIELDS(MI(19, 0, 0), MA(11, 0, 20)) };
	/* sysv_encode_dev packs a kernel dev_t: it never makes a major above 4095 */
static const struct layout sysv = { "sysv", "svr4", "Linux sysv_encode_dev, SVR4 14:18",
	  32, .within = "kernel", FIELDS(MI(17, 0, 0), MA(13, 0, 18)) };
	/* xfs_to_linux_dev_t masks the major to 9 bits and drops raw[31:27]. */
static const struct layout xfs = { "xfs", "", "XFS on-disk di_dev",
	  32, .ignored = 0xf8000000, FIELDS(MI(17, 0, 0), MA(8, 0, 18)) };

	/* BSD, Darwin, illumos, AIX. */
static const struct layout freebsd = { "freebsd", "freebsd12", "FreeBSD 12.0 and later __makedev",
	  64, FIELDS(MI(7, 0, 0), MA(7, 0, 8), MI(31, 16, 16), MI(15, 8, 32), MA(31, 8, 40)) };
	/* minor[15:8] would land on the major: no field, so encode refuses it. */
static const struct layout freebsd11 = { "freebsd11", "dragonfly hurd", "FreeBSD up to 11, DragonFly, GNU Hurd",
	  32, FIELDS(MI(7, 0, 0), MA(7, 0, 8), MI(31, 16, 16)) };
static const struct layout openbsd = { "openbsd", "", "OpenBSD makedev",
	  32, FIELDS(MI(7, 0, 0), MA(7, 0, 8), MI(23, 8, 16)) };
static const struct layout darwin = { "darwin", "macos hpux", "XNU makedev, 8:24",
	  32, FIELDS(MI(23, 0, 0), MA(7, 0, 24)) };
static const struct layout solaris = { "solaris", "illumos solaris64", "illumos 64-bit dev_t, 32:32; all ones is NODEV",
	  64, .rules = DEVNUM_NODEV, FIELDS(MI(31, 0, 0), MA(31, 0, 32)) };
static const struct layout solaris32 = { "solaris32", "", "illumos dev32_t, 14:18; all ones is NODEV32",
	  32, .rules = DEVNUM_NODEV, FIELDS(MI(17, 0, 0), MA(13, 0, 18)) };
	/* raw[15] has no field: a value with it set is invalid. */
static const struct layout svr3 = { "svr3", "", "SVR3 and illumos o_dev_t, 7:8",
	  16, FIELDS(MI(7, 0, 0), MA(6, 0, 8)) };
	/* Mkdev sets DEVNO64 (bit 63); Major and Minor ignore bits 63:62. */
static const struct layout aix = { "aix", "aix64", "AIX 64-bit dev64_t, DEVNO64 flag in bit 63",
	  64, .ignored = 0xc000000000000000, .fixed = 0x8000000000000000,
	  FIELDS(MI(31, 0, 0), MA(29, 0, 32)) };
static const struct layout aix32 = { "aix32", "zos cygwin 16:16", "AIX 32-bit, z/OS, Cygwin: 16:16",
	  32, FIELDS(MI(15, 0, 0), MA(15, 0, 16)) };

#define SPECIALISE(id) \
	static devnum_status encode_##id(struct devnum_tuple t, uint64_t *raw, \
					 struct devnum_reason *why) \
	{ \
		return encode_body(&(id), t, raw, why); \
	} \
	static devnum_status decode_##id(uint64_t raw, struct devnum_tuple *t, uint64_t *canon, \
					 struct devnum_reason *why) \
	{ \
		return decode_body(&(id), raw, t, canon, why); \
	}
#define HANDLE(id) { &(id), encode_##id, decode_##id },

SCHEMES(SPECIALISE)

const struct devnum_scheme devnum_i_schemes[] = { SCHEMES(HANDLE) };

const size_t devnum_i_nschemes = sizeof devnum_i_schemes / sizeof devnum_i_schemes[0];
