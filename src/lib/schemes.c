/* schemes.c - every scheme devnum knows: its names and origin here, its
 * layout in devnum_inline.h's DEVNUM_LAYOUTS (which programs may inline),
 * and the code the compiler derives from it.
 *
 * Each origin line names the source; devnum-schemes(7) gives them in full.
 * Below, each scheme gets an encoder and a decoder: pack.h's engine with
 * the layout as a constant, which the compiler folds into plain shifts
 * and masks.  Nothing per scheme is written by hand.
 */
#include <config.h>

#include "pack.h"

#define LAYOUT(id, ...) static const struct devnum_layout id##_layout = DEVNUM_LAYOUT_(id, __VA_ARGS__);
SCHEMES(LAYOUT)

#define NAMED(id, aliases, origin, within) \
	static const struct layout id = { #id, aliases, origin, within };

/* The 2003 proposals for a wider Linux dev_t. */
NAMED(legacy, "old linux-old 8:8", "Linux old_encode_dev, the 16-bit 8:8 dev_t", NULL)
NAMED(split32, "32:32", "2003 proposal: 32:32, legacy 16-bit values remapped", NULL)
NAMED(hpa, "anvin", "H. P. Anvin, mknod64 thread, 2003: alias-free interleave", NULL)
NAMED(hpa1220, "anvin1220", "H. P. Anvin, July 2003: low 32 bits a 12:20 number", NULL)
NAMED(tuple, "linus statx", "never packed: statx, NFSv3, cpio newc, tar", NULL)

/* Linux: kdev_t.h and glibc's sysmacros.h. */
/* the kernel's mknod refuses what MKDEV cannot hold */
NAMED(glibc, "linux musl", "Linux userspace dev_t (glibc, musl makedev)", "kernel")
NAMED(linux32, "new huge netbsd squashfs", "Linux new_encode_dev; NetBSD dev_t", NULL)
NAMED(kernel, "linux-kernel kdev osf1 bsdos btrfs", "Linux in-kernel MKDEV (MINORBITS 20)", NULL)
/* sysv_encode_dev packs a kernel dev_t: it never makes a major above 4095 */
NAMED(sysv, "svr4", "Linux sysv_encode_dev, SVR4 14:18", "kernel")
NAMED(xfs, "", "XFS on-disk di_dev", NULL)

/* BSD, Darwin, illumos, AIX. */
NAMED(freebsd, "freebsd12", "FreeBSD 12.0 and later __makedev", NULL)
NAMED(freebsd11, "dragonfly hurd", "FreeBSD up to 11, DragonFly, GNU Hurd", NULL)
NAMED(openbsd, "", "OpenBSD makedev", NULL)
NAMED(darwin, "macos hpux", "XNU makedev, 8:24", NULL)
NAMED(solaris, "illumos solaris64", "illumos 64-bit dev_t, 32:32; all ones is NODEV", NULL)
NAMED(solaris32, "", "illumos dev32_t, 14:18; all ones is NODEV32", NULL)
NAMED(svr3, "", "SVR3 and illumos o_dev_t, 7:8", NULL)
NAMED(aix, "aix64", "AIX 64-bit dev64_t, DEVNO64 flag in bit 63", NULL)
NAMED(aix32, "zos cygwin 16:16", "AIX 32-bit, z/OS, Cygwin: 16:16", NULL)

#define SPECIALISE(id, ...) \
	static devnum_status encode_##id(struct devnum_tuple t, uint64_t *raw, \
					 struct devnum_reason *why) \
	{ \
		return encode_body(&id##_layout, t, raw, why); \
	} \
	static devnum_status decode_##id(uint64_t raw, struct devnum_tuple *t, uint64_t *canon, \
					 struct devnum_reason *why) \
	{ \
		return decode_body(&id##_layout, raw, t, canon, why); \
	}
#define HANDLE(id, ...) { &(id), &id##_layout, encode_##id, decode_##id },

SCHEMES(SPECIALISE)

const struct devnum_scheme devnum_i_schemes[] = { SCHEMES(HANDLE) };

const size_t devnum_i_nschemes = sizeof devnum_i_schemes / sizeof devnum_i_schemes[0];
