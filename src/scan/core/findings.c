/* findings.c - the findings, in the manual's order. */
#include <config.h>

#include "scan/core/findings.h"

const struct finding_row finding_rows[F_COUNT] = {
	[F_UNKNOWN] = { "unknown", true, "a device whose format stores no number, or does not say which" },
	[F_ISOFS] = { "isofs", true, "an ISO 9660 device that Linux's isofs reads as another" },
	[F_AMBIGUOUS] = { "ambiguous", true, "an ISO 9660 PN, or a specification's line, that two conventions read as two" },
	[F_REJECTED] = { "rejected", true, "mtree's device= keyword, rejected" },
	[F_MISNAMED] = { "misnamed", true, "a node under dev/ that the Linux registry gives another device" },
	[F_WHITEOUT] = { "whiteout", false, "a character device 0:0: an overlay whiteout, not a device" },
	[F_NODEV] = { "nodev", true, "an all-ones number: NODEV, or a field's largest device, or a wider one cut to it" },
	[F_TOO_LARGE] = { "too-large", true, "a tar part libarchive reads as 2^63-1: unknown" },
	[F_RDEV_ON_NON_DEVICE] = { "rdev-on-non-device", true, "an entry that is no device but stores a number" },
	[F_NOT_LINUX] = { "not-linux", true, "a part above Linux's 12:20 dev_t: who refuses it, what the others make" },
	[F_BECOMES_WHITEOUT] = { "becomes-whiteout", true, "a character device an extractor makes 0:0, an overlay whiteout" },
	[F_INITRAMFS] = { "initramfs", true, "a device the Linux initramfs unpacker makes another" },
	[F_SATURATED] = { "saturated", true, "an odc c_rdev of 0777777: 1023:255, or a wider device bsdtar saturated or GNU cpio cut" },
	[F_BEYOND_CONTAINER] = { "beyond-container", true, "a part the container itself cannot hold" },
	[F_ALIAS] = { "alias", true, "a raw value or fields that are a noncanonical alias" },
	[F_INVALID] = { "invalid", true, "a raw value that is no device in the scheme" },
	[F_INTO] = { "into", true, "a device a container or place named by --into cannot hold or make" },
	[F_UNSQUASHFS] = { "unsquashfs", false, "a squashfs rdev that unsquashfs -lls lists as another pair" },
	[F_CRAMFS] = { "cramfs", true, "a cramfs device that Linux's cramfs reads as another" },
	[F_BUILT] = { "built", true, "a specification's device its own tool makes another, or refuses" },
	[F_RPM] = { "rpm", false, "an RPM package's device: the 16 bits of FILERDEVS, what rpm -i makes" },
	[F_RPM_HEADER] = { "rpm-header", true, "an RPM payload's device its header gives another number, or none" },
};
