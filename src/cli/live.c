/* live.c - the running system's names for devices, read once each. */
#include <config.h>

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/live.h"
#include "render/record.h"

/* The kernel's names for devices, looked up once each: most files of a run
 * share the device that holds them. */
#define CACHED 64
static struct name {
	bool used, block;
	struct devnum_tuple t;
	char name[120];
} names[CACHED];

/* The kernel's name for a device, from /sys/dev/{char,block}/M:m/uevent. */
static void lookup(bool block, struct devnum_tuple t, char *name, size_t size)
{
	char path[96], buf[4096];
	*name = 0;
	snprintf(path, sizeof path, "/sys/dev/%s/%llu:%llu/uevent", block ? "block" : "char",
		 (unsigned long long)t.major, (unsigned long long)t.minor);
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return;
	ssize_t len = read(fd, buf, sizeof buf - 1);
	close(fd);
	if (len <= 0)
		return;
	buf[len] = 0;
	char *p = strncmp(buf, "DEVNAME=", 8) == 0 ? buf : strstr(buf, "\nDEVNAME=");
	if (p) {
		p += (*p == '\n') + 8;
		snprintf(name, size, "%.*s", (int)strcspn(p, "\n"), p);
	}
}

const char *live_name(bool block, struct devnum_tuple t)
{
	struct name *c = &names[(t.major * 31 + t.minor + block) % CACHED];
	if (!c->used || c->block != block || c->t.major != t.major || c->t.minor != t.minor) {
		*c = (struct name){ true, block, t, "" };
		lookup(block, t, c->name, sizeof c->name);
	}
	return c->name;
}

/* /proc/devices, read whole once: "Character devices:", then "  1 mem"
 * lines, then "Block devices:" and theirs.  A major may have several. */
static struct drivers {
	bool read;
	char text[16384];
	char found[256]; /* the last major's drivers */
} drivers;

static void read_drivers(void)
{
	size_t len = 0;
	drivers.read = true;
	int fd = open("/proc/devices", O_RDONLY | O_CLOEXEC);
	for (ssize_t n = 1; fd >= 0 && n > 0 && len < sizeof drivers.text - 1; len += (size_t)n)
		if ((n = read(fd, drivers.text + len, sizeof drivers.text - 1 - len)) < 0)
			n = 0;
	if (fd >= 0)
		close(fd);
	drivers.text[len] = 0;
}

const char *live_drivers(bool block, uint64_t major)
{
	size_t len = 0;
	bool in_block = false;
	if (!drivers.read)
		read_drivers();
	drivers.found[0] = 0;
	for (const char *p = drivers.text; *p; p += strcspn(p, "\n"), p += *p == '\n') {
		char *end;
		if (strncmp(p, "Block devices:", 14) == 0)
			in_block = true;
		unsigned long long m = strtoull(p, &end, 10);
		if (end == p || *end != ' ' || in_block != block || m != major)
			continue;
		len = appended(len, sizeof drivers.found,
			       snprintf(drivers.found + len, sizeof drivers.found - len, "%s%.*s",
					len ? " " : "", (int)strcspn(end + 1, "\n"), end + 1));
	}
	return drivers.found;
}
