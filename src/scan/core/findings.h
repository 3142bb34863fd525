/* findings.h - what scan can find wrong with an entry: one row each, its
 * word (as plain text, JSON and --format name it), whether it is a fault
 * (the entry's status is then 1) and what it means, in a line. */
#ifndef FINDINGS_H
#define FINDINGS_H

#include <stdbool.h>

enum finding {
	F_UNKNOWN,
	F_ISOFS,
	F_AMBIGUOUS,
	F_REJECTED,
	F_MISNAMED,
	F_WHITEOUT,
	F_NODEV,
	F_TOO_LARGE,
	F_RDEV_ON_NON_DEVICE,
	F_NOT_LINUX,
	F_BECOMES_WHITEOUT,
	F_INITRAMFS,
	F_SATURATED,
	F_BEYOND_CONTAINER,
	F_ALIAS,
	F_INVALID,
	F_INTO,
	F_UNSQUASHFS,
	F_CRAMFS,
	F_BUILT,
	F_RPM,
	F_RPM_HEADER,
	F_COUNT
};

struct finding_row {
	const char *word;
	bool fault;
	const char *summary;
};

extern const struct finding_row finding_rows[F_COUNT];

#endif
