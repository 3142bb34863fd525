/* containers.c - the containers and the writers, as data.  Sources: POSIX
 * ustar; GNU tar's create.c (base-256); libarchive's pax and cpio writers;
 * Linux fs/ext4/inode.c, fs/xfs, fs/nfs, init/initramfs.c, fs/isofs/rock.c;
 * squashfs-tools; fs/erofs/erofs_fs.h; fs/cramfs/inode.c; the Rock Ridge
 * Interchange Protocol 1.12 (PN).
 * Writers as observed on Debian 12: GNU tar 1.34, bsdtar 3.6.2, GNU cpio
 * 2.13, e2fsprogs 1.47.0, squashfs-tools 4.5.1, xorriso 1.5.4, genisoimage
 * 1.1.11. */
#include <config.h>

#include "container.h"
#include "scheme.h"

#define KMAJ 4095              /* the kernel's 12:20 dev_t */
#define KMIN UINT64_C(1048575)

/* name, aliases, kind, what, fields; store, bits, scheme, major_max, minor_max */
#define ABOUT(n, a, k, w, f) .name = (n), .aliases = (a), .kind = (k), .what = (w), .fields = (f)
#define TUPLE(n, a, k, w, f, st, ma, mi) \
	ABOUT(n, a, k, w, f), .store = (st), .major_max = (ma), .minor_max = (mi)
#define RAW(n, a, k, w, f, st, b, sch) \
	ABOUT(n, a, k, w, f), .store = (st), .bits = (b), .scheme = (sch)

const struct devnum_container devnum_i_containers[] = {
	{ TUPLE("ustar", "", "archive", "POSIX.1-1988 tar: devmajor, devminor in octal",
		"devmajor devminor", S_OCTAL7, OCT7, OCT7) },
	{ TUPLE("gnutar", "gnu oldgnu", "archive", "GNU tar: octal, base-256 above 2097151",
		"devmajor devminor", S_GNU, U32, U32) },
	{ TUPLE("pax", "posix", "archive", "POSIX.1-2001 tar: SCHILY.devmajor/devminor records",
		"devmajor devminor SCHILY.devmajor SCHILY.devminor", S_PAX, U32, U32) },
	{ RAW("cpio-odc", "odc", "archive", "POSIX.1 cpio: c_rdev, the writer's raw, 6 octal digits",
	      "c_rdev", S_OCTAL6, 18, NULL), .reader = DEVNUM_READER_SATURATED },
	{ TUPLE("cpio-newc", "newc", "archive", "SVR4 cpio: c_rdevmajor, c_rdevminor in hex",
		"c_rdevmajor c_rdevminor", S_HEX8, U32, U32), .reader = DEVNUM_READER_INITRAMFS },
	{ TUPLE("cpio-crc", "crc", "archive", "SVR4 cpio with checksum: as newc",
		"c_rdevmajor c_rdevminor", S_HEX8, U32, U32), .reader = DEVNUM_READER_INITRAMFS },
	{ RAW("cpio-bin", "bin pwb", "archive", "old binary cpio: h_rdev, a 16-bit word of the writer's raw",
	      "h_rdev", S_WORD, 16, NULL) },
	{ RAW("cpio-hpodc", "hpodc", "archive", "HP-UX odc: the writer's raw in c_filesize",
	      "c_filesize", S_OCTAL11, 32, NULL), .reader = DEVNUM_READER_ZERO_ONE },
	{ RAW("cpio-hpbin", "hpbin", "archive", "HP-UX bin: the writer's raw in the 32-bit file size",
	      "h_filesize", S_WORD, 32, NULL), .reader = DEVNUM_READER_ZERO_ONE },
	/* rpm's lib/rpmtypes.h: typedef uint16_t rpm_rdev_t; build/files.c stores st_rdev in it */
	{ RAW("rpm", "", "archive", "RPMTAG_FILERDEVS: an INT16, the writer's raw cut to 16 bits",
	      "FILERDEVS", S_WORD, 16, NULL),
	  .note = "rpm -i makes the node from the 16 bits, read as the host's dev_t" },
	/* casync's caformat.h: struct ca_format_device { header; le64_t major, minor; } */
	{ TUPLE("catar", "pxar casync", "archive",
		"casync and Proxmox pxar: CA_FORMAT_DEVICE's major and minor, 64-bit little-endian",
		"major minor", S_DEC, UINT64_MAX, UINT64_MAX) },
	/* wimlib's unix_data.h: struct wimlib_unix_data { u32 uid, gid, mode, rdev; } */
	{ RAW("wim", "", "archive", "wimlib's UNIX data (--unix-data): rdev, the writer's raw in 32 bits",
	      "rdev", S_WORD, 32, NULL) },
	/* APPNOTE 4.5.7: the PKWARE Unix extra field 0x000d, a device's two words */
	{ TUPLE("zip", "", "archive", "PKWARE Unix extra field 0x000d: major and minor, 32-bit "
		"little-endian words", "major minor", S_DEC, U32, U32),
	  .note = "libarchive reads no 0x000d field; neither bsdtar nor Info-ZIP's zip stores a device" },
	{ RAW("iso9660", "rockridge", "archive",
	      "Rock Ridge PN: the writer's dev_t in two 32-bit halves, high and low",
	      "PN.dev_high PN.dev_low", S_HALVES, 64, NULL), .host = true, .reader = DEVNUM_READER_ISOFS,
	  .note = "genisoimage stores (major, minor) instead; Linux reads (0, low) with low "
		  "above 0xff as MKDEV(low >> 8, low & 0xff)" },
	{ TUPLE("ext4", "ext2 ext3 f2fs jffs2", "file system",
		"i_block[0] = 8:8 when both parts fit, else i_block[1] = linux32",
		"i_block[0] i_block[1]", S_EXT4, KMAJ, KMIN) },
	{ RAW("xfs", "", "file system", "di_dev: XFS's 9:18 layout, bits 31:27 ignored",
	      "di_dev", S_WORD, 32, SCHEME(xfs)) },
	{ RAW("btrfs", "", "file system", "rdev: the kernel's 12:20 value in 64 bits",
	      "rdev", S_WORD, 64, SCHEME(kernel)) },
	{ RAW("squashfs", "", "file system", "rdev: linux32", "rdev", S_WORD, 32, SCHEME(linux32)),
	  .note = "unsquashfs -lls lists (raw >> 8, raw & 0xff): 8:256 as 4104,0" },
	{ RAW("erofs", "composefs", "file system", "i_u.rdev: linux32", "i_u.rdev", S_WORD, 32,
	      SCHEME(linux32)),
	  .note = "mkfs.erofs 1.5 shifts the major unmasked: 4096:0 becomes 0:256" },
	{ RAW("cramfs", "", "file system", "size: the low 24 bits of the writer's glibc dev_t",
	      "size", S_WORD, 24, SCHEME(glibc)),
	  .note = "fsck.cramfs reads the field as glibc's dev_t, Linux's cramfs as the 8:8 "
		  "old_decode_dev: 8:256 mounts as 8:0" },
	{ RAW("reiserfs", "", "file system", "stat data v2 sd_rdev: linux32",
	      "sd_rdev", S_WORD, 32, SCHEME(linux32)) },
	{ RAW("zfs", "", "file system",
	      "ZPL_RDEV: kernel on Linux, solaris on illumos and FreeBSD (--scheme)",
	      "zp_rdev", S_WORD, 64, SCHEME(kernel)), .host = true,
	  .note = "a pool moved between Linux and illumos or FreeBSD misreads every device" },
	{ RAW("nfs2", "", "protocol", "fattr.rdev: linux32, all ones for no device",
	      "rdev", S_WORD, 32, SCHEME(linux32)), .nodev = true },
	{ TUPLE("nfs3", "nfs4", "protocol", "specdata1, specdata2: major and minor, 32 bits each",
		"specdata1 specdata2", S_DEC, U32, U32), .reader = DEVNUM_READER_NFS_CLIENT },
	{ TUPLE("9p", "9p2000.l", "protocol", "Tmknod major, minor; Rgetattr new_decode_dev",
		"major minor", S_DEC, KMAJ, KMIN) },
	{ RAW("fuse", "", "protocol", "rdev: linux32", "rdev", S_WORD, 32, SCHEME(linux32)),
	  .note = "many FUSE libraries wrongly send major << 20 | minor" },
	{ TUPLE("statx", "", "protocol", "stx_rdev_major, stx_rdev_minor: 32 bits each",
		"stx_rdev_major stx_rdev_minor", S_DEC, U32, U32) },
	{ RAW("linux", "mknod", "protocol", "mknod(2): the kernel's 12:20 dev_t",
	      "dev", S_WORD, 32, SCHEME(kernel)) },
};
const size_t devnum_i_ncontainers = sizeof devnum_i_containers / sizeof devnum_i_containers[0];

/* A writer row: name, container, what it is (version); then the primitive
 * it applies (container.h) and its parameter. */
#define W(n, c, v, a, lim) WA(n, "", c, v, a, lim)
#define WA(n, al, c, v, a, lim) .name = (n), .aliases = (al), .container = (c), .version = (v), \
	.act = (a), .limit = (lim)
/* The extractors that make a node of a tuple: what reaches mknod(2). */
#define EXTRACTS "GNU tar, bsdtar, cpio, Python"
#define RAW_MKNODAT "Go x/sys/unix, moby, containerd"

const struct devnum_writer devnum_i_writers[] = {
	{ W("gnu-tar", "ustar", "GNU tar 1.34", A_FORMAT, 0) },
	{ W("gnu-tar", "gnutar", "GNU tar 1.34", A_FORMAT, 0) },
	/* posix: no SCHILY records; "value 2097152 out of major_t range" */
	{ W("gnu-tar", "pax", "GNU tar 1.34", A_FORMAT, 0), .refuse = OCT7 },
	{ W("bsdtar", "ustar", "bsdtar 3.6.2", A_LEAVE_OUT, 262143) },
	{ W("bsdtar", "gnutar", "bsdtar 3.6.2", A_LEAVE_OUT, 262143) },
	{ W("bsdtar", "pax", "bsdtar 3.6.2", A_FORMAT, 0) },
	{ W("bsdtar", "cpio-odc", "bsdtar 3.6.2", A_SATURATE, 0777777) },
	{ W("bsdtar", "cpio-newc", "bsdtar 3.6.2", A_FORMAT, 0) },
	{ W("bsdtar", "cpio-bin", "bsdtar 3.6.2", A_LOW_BITS, 16) },
	{ W("bsdtar", "iso9660", "bsdtar 3.6.2", A_FORMAT, 0) },
	{ W("xorriso", "iso9660", "xorriso 1.5.4", A_FORMAT, 0) },
	{ W("genisoimage", "iso9660", "genisoimage 1.1.11", A_PARTS, 0) },
	{ W("gnu-cpio", "ustar", "GNU cpio 2.13", A_FORMAT, 0) },
	{ W("gnu-cpio", "cpio-odc", "GNU cpio 2.13", A_LOW_BITS, 18) },
	{ W("gnu-cpio", "cpio-newc", "GNU cpio 2.13", A_FORMAT, 0) },
	{ W("gnu-cpio", "cpio-crc", "GNU cpio 2.13", A_FORMAT, 0) },
	{ W("gnu-cpio", "cpio-bin", "GNU cpio 2.13", A_LOW_BITS, 16) },
	{ W("gnu-cpio", "cpio-hpodc", "GNU cpio 2.13", A_ZERO_ONE, 0) },
	{ W("gnu-cpio", "cpio-hpbin", "GNU cpio 2.13", A_ZERO_ONE, 0) },
	/* each part cut to 12:20, in silence: 4096:0 is stored as 0:0, 4097:5 as 1:5
	 * (measured: mke2fs -d of fakeroot's nodes, exit 0, no message) */
	/* the low 16 bits of glibc's st_rdev, with exit 0 and no word (measured) */
	{ W("rpmbuild", "rpm", "rpmbuild, rpm 4.18.0", A_LOW_BITS, 16) },
	/* casync make and casync extract keep 4095:1048575 exactly (measured) */
	{ W("casync", "catar", "casync 2", A_FORMAT, 0) },
	/* unix_data.h's u32 rdev = the st_rdev's low 32 bits, in silence */
	{ W("wimcapture", "wim", "wimcapture --unix-data, wimlib 1.13.6", A_LOW_BITS, 32) },
	{ W("mke2fs", "ext4", "mke2fs -d, e2fsprogs 1.47.0", A_MASK, 0) },
	/* a usage error above 65535, then 12 bits of the major */
	{ W("debugfs", "ext4", "debugfs mknod, e2fsprogs 1.47.0", A_MASK, 0), .refuse = 65535 },
	/* genext2fs.c: ((major & 0xff) << 8) | (minor & 0xff) in i_block[0], always */
	{ W("genext2fs", "ext4", "genext2fs 1.4.2", A_PART_BITS, 8) },
	/* "Major %d out of range ..., truncating": each part masked */
	{ W("mksquashfs", "squashfs", "mksquashfs, squashfs-tools 4.5.1", A_MASK, 0) },
	/* fstree's devno is a uint32_t: the glibc dev_t's low 32 bits, silently */
	{ W("gensquashfs", "squashfs", "gensquashfs, squashfs-tools-ng 1.2.0", A_MASK, 0) },
	/* erofs_new_encode_dev: (minor & 0xff) | major << 8 | (minor & ~0xff) << 12 */
	{ W("mkfs.erofs", "erofs", "mkfs.erofs, erofs-utils 1.5", A_UNMASKED, 0),
	  .scheme = SCHEME(linux32) },
	/* i_u.rdev = the st_rdev's low 32 bits */
	{ W("libcomposefs", "erofs", "libcomposefs (lcfs-writer-erofs.c)", A_MASK, 0) },
	/* the inode's 24-bit size field = st_rdev, its low 24 bits */
	{ W("mkfs.cramfs", "cramfs", "mkfs.cramfs, util-linux 2.38.1", A_LOW_BITS, 24) },
	{ W("linux", "linux", "mknod(2)", A_FORMAT, 0) },
	/* sysdeps/unix/sysv/linux/mknodat.c: EINVAL if the dev_t is not a 32-bit one */
	{ W("glibc", "linux", "glibc's mknod (" EXTRACTS ")", A_FORMAT, 0) },
	/* a dev_t passed to the syscall as unsigned: its low 32 bits */
	{ WA("syscall", "go moby containerd", "linux", "a raw mknodat (" RAW_MKNODAT ")", A_MASK, 0) },
	/* mknodat(fd, path, mode, dev & 0xffffffff) */
	{ W("musl", "linux", "musl's mknod", A_MASK, 0) },
	{ W("linux", "nfs3", "the NFS client", A_MKDEV_ZERO, 0), .reader = true },
	{ W("linux", "cpio-newc", "the initramfs unpacker", A_UNMASKED, 0), .scheme = SCHEME(kernel),
	  .reader = true },
	{ W("linux", "cpio-crc", "the initramfs unpacker", A_UNMASKED, 0), .scheme = SCHEME(kernel),
	  .reader = true },
	{ W("linux", "iso9660", "isofs", A_ISOFS, 0), .reader = true },
	/* fs/cramfs/inode.c: old_decode_dev(cramfs_inode->size) */
	{ W("linux", "cramfs", "the kernel's cramfs", A_OLD_DECODE, 0), .reader = true },
};
const size_t devnum_i_nwriters = sizeof devnum_i_writers / sizeof devnum_i_writers[0];
