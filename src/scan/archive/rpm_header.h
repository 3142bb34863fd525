/* rpm_header.h - an RPM package's headers, read by devnum's own bounded
 * reader: the lead, the signature header and the main header, whose
 * RPMTAG_FILERDEVS (an INT16 a file: rpm's rpm_rdev_t is uint16_t) holds
 * what rpm -i makes each device node of.  Only the device files are kept,
 * each path with its mode and FILERDEVS, for the payload's entries to be
 * held to.  Every count and offset is checked against the header's size,
 * and a header is kept only as its bytes arrive: memory grows with the
 * header read, never with what it claims. */
#ifndef RPM_HEADER_H
#define RPM_HEADER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "scan/input/source.h"

struct rpm_device {
	const char *path;  /* "/dev/sda", in the header's strings */
	uint16_t mode, rdev;
};

struct rpm_devices {
	struct rpm_device *d; /* sorted by path */
	size_t n;
	unsigned char *header; /* the main header, which the paths point into */
	char *paths;           /* the joined directory and base names */
};

/* Whether the n bytes at p begin an RPM package: the lead's magic. */
bool rpm_bid(const unsigned char *p, size_t n);

/* The headers of the package at src->pos into *out, src->pos left at the
 * payload: 0; or -1 with why. */
int rpm_read(struct source *src, struct rpm_devices *out, char *why, size_t size);
void rpm_free(struct rpm_devices *r);

/* The device file at path (a leading "./" or "/" ignored), or NULL. */
const struct rpm_device *rpm_find(const struct rpm_devices *r, const char *path);

#endif
