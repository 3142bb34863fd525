/* scan_start.c - an input's scan begun (the extractors its devices are
 * judged by) and ended (--summary's totals of the input). */
#include <config.h>

#include <stdio.h>
#include <string.h>

#include "render/output.h"
#include "scan/dispatch/readers.h"
#include "scan/core/scan.h"

/* The extractors a device is judged by: the writers of Linux's mknod but
 * the kernel's own row, or the one --writer names. */
static void choose_extractors(struct scan *sc)
{
	const devnum_writer *only = sc->j->writer;
	const char *kernel = devnum_container_name(sc->mknod);
	if (only && !devnum_writer_find(devnum_writer_name(only), sc->mknod))
		only = NULL; /* --writer names the writer of an --into container */
	for (size_t i = 0; i < devnum_writer_count() && sc->nextractors < EXTRACTORS_MAX; i++) {
		const devnum_writer *w = devnum_writer_at(i);
		const char *name = devnum_writer_name(w);
		if (devnum_writer_container(w) == sc->mknod &&
		    (only ? !strcmp(name, devnum_writer_name(only)) : strcmp(name, kernel) != 0))
			sc->extractors[sc->nextractors++] = w;
	}
}

void scan_start(struct scan *sc, const struct job *j, struct libraries *libs,
		const char *name)
{
	*sc = (struct scan){ .j = j, .libs = libs, .la = &libs->archive, .compression = "none", .file = -1, .format = -1,
			     .mknod = devnum_container_find("linux") };
	sc->inner = scan_inner;
	choose_extractors(sc);
	sc->spec = j->spec ? reader_find(R_SPEC, j->spec) : NULL;
	record_start(&sc->r, name, strlen(name));
}

void scan_end(struct scan *sc)
{
	const struct tally *t = &sc->all;
	char parts[200] = "";
	if (sc->segment) /* a directory has layers and no segment of its own */
		snprintf(parts, sizeof parts, "%u segment%s, ", sc->segment, sc->segment == 1 ? "" : "s");
	if (sc->layers)
		snprintf(parts + strlen(parts), sizeof parts - strlen(parts), "%u layer%s, ",
			 sc->layers, sc->layers == 1 ? "" : "s");
	if (sc->members)
		snprintf(parts + strlen(parts), sizeof parts - strlen(parts), "%u member%s read "
			 "as input%s, ", sc->members, sc->members == 1 ? "" : "s",
			 sc->members == 1 ? "" : "s");
	if (sc->spooled)
		snprintf(parts + strlen(parts), sizeof parts - strlen(parts), "%llu bytes spooled, ",
			 (unsigned long long)sc->spooled);
	if (has_option(sc->j, O_SUMMARY) && *parts)
		diag("%s: %s%ju entr%s, %ju device%s, %ju with findings", sc->r.text[K_INPUT], parts,
		     t->entries, t->entries == 1 ? "y" : "ies", t->devices,
		     t->devices == 1 ? "" : "s", t->found);
}
