/* live.c - the running system's names for devices, read once each. */
#include <config.h>

#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/grown.h"
#include "cli/live.h"
#include "registry/registry.h"
#include "render/record.h"

/* The kernel's names for devices, looked up once each: most files of a run
 * share the device that holds them. */
#define CACHED 64
struct name {
	bool used, block;
	struct devnum_tuple t;
	char name[120];
};

/* The devices /sys/dev/{char,block} has, read once each as sorted keys
 * (major << 32 | minor): most tuples a filter is given are no device of
 * this system, and a search is cheaper than an open() that fails. */
struct present {
	bool read;
	size_t n;
	uint64_t *keys;
};

/* /proc/devices, read whole once: "Character devices:", then "  1 mem"
 * lines, then "Block devices:" and theirs.  A major may have several.
 * A major's drivers are found once and kept: the text is read again only
 * for a major whose slot another took. */
enum { LISTED = REG_MAJOR_MAX + 1 }; /* every major Linux has */
struct driven {
	bool used, block;
	uint64_t major;
	char found[256]; /* its drivers */
};
struct drivers {
	bool read;
	char text[16384];
	struct driven cache[CACHED];
	uint8_t listed[2][LISTED / 8]; /* the majors that have any, as bits */
};

/* All the running system has said, kept for the run. */
struct live {
	struct name names[CACHED];
	struct present present[2]; /* char's, block's */
	struct drivers drivers;
};

/* *slot, made on first use: NULL when there is no memory for it, and the
 * names then come from the registry alone. */
static struct live *opened(struct live **slot)
{
	if (!*slot)
		*slot = calloc(1, sizeof **slot);
	return *slot;
}

void live_close(struct live *live)
{
	if (!live)
		return;
	free(live->present[0].keys);
	free(live->present[1].keys);
	free(live);
}

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

static int by_key(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return (x > y) - (x < y);
}

/* The entries "M:m" of the folder; none when it cannot be read, as
 * without /sys. */
static void read_present(bool block, struct present *p)
{
	size_t size = 0;
	struct dirent *e;
	DIR *dir = opendir(block ? "/sys/dev/block" : "/sys/dev/char");
	p->read = true;
	while (dir && (e = readdir(dir))) {
		char *colon, *end;
		if (e->d_name[0] < '0' || e->d_name[0] > '9')
			continue;
		unsigned long long major = strtoull(e->d_name, &colon, 10), minor;
		if (*colon != ':' || colon[1] < '0' || colon[1] > '9')
			continue;
		minor = strtoull(colon + 1, &end, 10);
		if (*end || major > UINT32_MAX || minor > UINT32_MAX)
			continue;
		uint64_t *more = grown(p->keys, p->n, &size, sizeof *more, 256);
		if (!more)
			break; /* the names then come from the registry alone */
		p->keys = more;
		p->keys[p->n++] = (uint64_t)major << 32 | minor;
	}
	if (dir)
		closedir(dir);
	if (p->n)
		qsort(p->keys, p->n, sizeof *p->keys, by_key);
}

static bool is_present(struct live *live, bool block, struct devnum_tuple t)
{
	struct present *p = &live->present[block];
	if (!p->read)
		read_present(block, p);
	if (t.major > UINT32_MAX || t.minor > UINT32_MAX)
		return false;
	uint64_t key = t.major << 32 | t.minor;
	return p->n && bsearch(&key, p->keys, p->n, sizeof key, by_key);
}

const char *live_name(struct live **slot, bool block, struct devnum_tuple t)
{
	struct live *live = slot ? opened(slot) : NULL;
	if (!live || !is_present(live, block, t))
		return "";
	struct name *c = &live->names[(t.major * 31 + t.minor + block) % CACHED];
	if (!c->used || c->block != block || c->t.major != t.major || c->t.minor != t.minor) {
		*c = (struct name){ true, block, t, "" };
		lookup(block, t, c->name, sizeof c->name);
	}
	return c->name;
}

/* Each "N name" line from p on: its major in *m, the name after *end. */
static bool driver_line(const char *p, unsigned long long *m, char **end)
{
	*m = strtoull(p, end, 10);
	return *end != p && **end == ' ';
}

static void read_drivers(struct drivers *d)
{
	size_t len = 0;
	bool in_block = false;
	d->read = true;
	int fd = open("/proc/devices", O_RDONLY | O_CLOEXEC);
	for (ssize_t n = 1; fd >= 0 && n > 0 && len < sizeof d->text - 1; len += (size_t)n)
		if ((n = read(fd, d->text + len, sizeof d->text - 1 - len)) < 0)
			n = 0;
	if (fd >= 0)
		close(fd);
	d->text[len] = 0;
	for (const char *p = d->text; *p; p += strcspn(p, "\n"), p += *p == '\n') {
		unsigned long long m;
		char *end;
		in_block |= strncmp(p, "Block devices:", 14) == 0;
		if (driver_line(p, &m, &end) && m < LISTED)
			d->listed[in_block][m / 8] |= (uint8_t)(1u << m % 8);
	}
}

const char *live_drivers(struct live **slot, bool block, uint64_t major)
{
	struct live *live = slot ? opened(slot) : NULL;
	if (!live)
		return "";
	struct drivers *d = &live->drivers;
	size_t len = 0;
	bool in_block = false;
	if (!d->read)
		read_drivers(d);
	if (major >= LISTED || !(d->listed[block][major / 8] >> major % 8 & 1))
		return "";
	struct driven *c = &d->cache[(major * 2 + block) % CACHED];
	if (c->used && c->block == block && c->major == major)
		return c->found;
	*c = (struct driven){ true, block, major, "" };
	for (const char *p = d->text; *p; p += strcspn(p, "\n"), p += *p == '\n') {
		unsigned long long m;
		char *end;
		in_block |= strncmp(p, "Block devices:", 14) == 0;
		if (!driver_line(p, &m, &end) || in_block != block || m != major)
			continue;
		len = appended(len, sizeof c->found,
			       snprintf(c->found + len, sizeof c->found - len, "%s%.*s",
					len ? " " : "", (int)strcspn(end + 1, "\n"), end + 1));
	}
	return c->found;
}
