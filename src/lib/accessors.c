/* accessors.c - what a program may know of a scheme, through its handle. */
#include <config.h>

#include <stddef.h>

#include "scheme.h"

const char *devnum_version(void)
{
	return PACKAGE_VERSION;
}

const char *devnum_scheme_name(const devnum_scheme *s)
{
	return s ? s->l->name : NULL;
}

const char *devnum_scheme_aliases(const devnum_scheme *s)
{
	return s ? s->l->aliases : NULL;
}

const char *devnum_scheme_origin(const devnum_scheme *s)
{
	return s ? s->l->origin : NULL;
}

unsigned devnum_scheme_width(const devnum_scheme *s)
{
	return s ? s->d->width : 0;
}

unsigned devnum_scheme_flags(const devnum_scheme *s)
{
	return s ? s->d->rules : 0;
}

uint64_t devnum_scheme_ignored(const devnum_scheme *s)
{
	return s ? s->d->ignored : 0;
}

uint64_t devnum_scheme_fixed(const devnum_scheme *s)
{
	return s ? s->d->fixed : 0;
}

const devnum_scheme *devnum_scheme_within(const devnum_scheme *s)
{
	return s && s->l->within ? devnum_scheme_find(s->l->within) : NULL;
}

size_t devnum_scheme_fields(const devnum_scheme *s, struct devnum_field *out, size_t n)
{
	if (!s)
		return 0;
	for (size_t i = 0; out && i < s->d->nfields && i < n; i++)
		out[i] = (struct devnum_field){ (enum devnum_part)s->d->field[i].part,
						s->d->field[i].lo, s->d->field[i].width,
						s->d->field[i].at };
	return s->d->nfields;
}
