/* live.h - what the running system says of a device: the kernel's name
 * for it (/sys/dev) and its major's driver (/proc/devices).  Each is read
 * once and kept: a run asks of the same few devices again and again. */
#ifndef LIVE_H
#define LIVE_H

#include <stdbool.h>

#include "devnum.h"

/* What the system has said, kept for a run in a slot the caller owns
 * (NULL at first: made on first use), freed by live_close.  A NULL slot
 * asks nothing: every answer is "". */
struct live;
void live_close(struct live *live);

/* The kernel's name for the device (block or char), "" when it has none
 * or there is no /sys to ask. */
const char *live_name(struct live **slot, bool block, struct devnum_tuple t);

/* The drivers that hold the major, as /proc/devices lists them, blank
 * apart ("/dev/vc/0 tty ttyS"); "" when none. */
const char *live_drivers(struct live **slot, bool block, uint64_t major);

#endif
