/* container_accessors.c - finding containers and writers, and what a
 * program may know of each through its handle. */
#include <config.h>

#include <stddef.h>
#include <string.h>

#include "container.h"
#include "scheme.h"

size_t devnum_container_count(void)
{
	return devnum_i_ncontainers;
}

const devnum_container *devnum_container_at(size_t index)
{
	return index < devnum_i_ncontainers ? &devnum_i_containers[index] : NULL;
}

const devnum_container *devnum_container_find(const char *name)
{
	for (size_t i = 0; name && i < devnum_i_ncontainers; i++)
		if (devnum__same(name, devnum_i_containers[i].name) ||
		    devnum__listed(devnum_i_containers[i].aliases, name))
			return &devnum_i_containers[i];
	return NULL;
}

const char *devnum_container_name(const devnum_container *c)
{
	return c ? c->name : NULL;
}

const char *devnum_container_aliases(const devnum_container *c)
{
	return c ? c->aliases : NULL;
}

const char *devnum_container_kind(const devnum_container *c)
{
	return c ? c->kind : NULL;
}

const char *devnum_container_about(const devnum_container *c)
{
	return c ? c->what : NULL;
}

const char *devnum_container_note(const devnum_container *c)
{
	return c ? c->note : NULL;
}

const char *devnum_container_field_names(const devnum_container *c)
{
	return c ? c->fields : NULL;
}

unsigned devnum_container_field_count(const devnum_container *c)
{
	return c ? field_words(c) : 0;
}

unsigned devnum_container_flags(const devnum_container *c)
{
	if (!c)
		return 0;
	return (stores_raw(c) ? DEVNUM_STORES_RAW : 0u) |
	       (stores_raw(c) && (!c->scheme || c->host) ? DEVNUM_HOST_SCHEME : 0u) |
	       (c->nodev ? DEVNUM_RAW_NODEV : 0u);
}

uint64_t devnum_container_max(const devnum_container *c, enum devnum_part part)
{
	if (!c || stores_raw(c) != (part == DEVNUM_RAW))
		return 0;
	switch (part) {
	case DEVNUM_MAJOR: return c->major_max;
	case DEVNUM_MINOR: return c->minor_max;
	default: return ones(c->bits);
	}
}

enum devnum_reader devnum_container_reader(const devnum_container *c)
{
	return c ? c->reader : DEVNUM_READER_PLAIN;
}

size_t devnum_writer_count(void)
{
	return devnum_i_nwriters;
}

const devnum_writer *devnum_writer_at(size_t index)
{
	return index < devnum_i_nwriters ? &devnum_i_writers[index] : NULL;
}

const devnum_writer *devnum_writer_find(const char *name, const devnum_container *c)
{
	for (size_t i = 0; name && i < devnum_i_nwriters; i++)
		if ((devnum__same(name, devnum_i_writers[i].name) ||
		     devnum__listed(devnum_i_writers[i].aliases, name)) &&
		    (!c || !strcmp(devnum_i_writers[i].container, c->name)))
			return &devnum_i_writers[i];
	return NULL;
}

const char *devnum_writer_name(const devnum_writer *w)
{
	return w ? w->name : NULL;
}

const char *devnum_writer_aliases(const devnum_writer *w)
{
	return w ? w->aliases : NULL;
}

bool devnum_writer_reads(const devnum_writer *w)
{
	return w && w->reader;
}

const char *devnum_writer_version(const devnum_writer *w)
{
	return w ? w->version : NULL;
}

const devnum_container *devnum_writer_container(const devnum_writer *w)
{
	return w ? devnum_container_find(w->container) : NULL;
}
