/* cmd_containers.c - the container table, a record a container. */
#include <config.h>

#include "cli/cli.h"

static int containers_run(const struct job *j, int argc, const char **argv)
{
	struct record r;
	(void)argc, (void)argv; /* none: main refuses operands */
	emit_heading(j->out, cmd_containers.columns, cmd_containers.ncolumns, false);
	for (size_t i = 0; i < devnum_container_count(); i++) {
		const devnum_container *c = devnum_container_at(i);
		const devnum_scheme *s = devnum_container_scheme(c, NULL);
		record_start(&r, "", 0);
		r.have = 0; /* no input: one record a container */
		set_str(&r, K_CONTAINER, devnum_container_name(c));
		set_str(&r, K_ALIASES, devnum_container_aliases(c));
		set_str(&r, K_KIND, devnum_container_kind(c));
		set_str(&r, K_NAMES, devnum_container_field_names(c));
		if (s) {
			set_scheme(&r, s);
		} else {
			set_num(&r, K_MAJOR_MAX, devnum_container_max(c, DEVNUM_MAJOR));
			set_num(&r, K_MINOR_MAX, devnum_container_max(c, DEVNUM_MINOR));
		}
		set_str(&r, K_ORIGIN, devnum_container_about(c));
		if (devnum_container_note(c))
			set_str(&r, K_NOTE, devnum_container_note(c));
		emit(j->out, &r);
	}
	return EXIT_OK;
}

static const struct column columns[] = {
	{ K_CONTAINER, "NAME", NULL, 11, false, NULL },
	{ K_KIND, "KIND", NULL, 11, false, NULL },
	{ K_NAMES, "FIELDS", NULL, 34, false, NULL },
	{ K_ORIGIN, "WHAT", NULL, 0, false, NULL },
};

const struct command cmd_containers = {
	"containers", "", "list every container",
	.options = TABLE_OPTIONS,
	.keys = KEY(K_CONTAINER) | KEY(K_ALIASES) | KEY(K_KIND) | KEY(K_NAMES) | KEY(K_SCHEME) |
		KEY(K_MAJOR_MAX) | KEY(K_MINOR_MAX) | KEY(K_ORIGIN) | KEY(K_NOTE),
	.columns = columns, .ncolumns = sizeof columns / sizeof columns[0],
	.table = true, .no_operands = true, .hang = 59,
	.run = containers_run,
};
