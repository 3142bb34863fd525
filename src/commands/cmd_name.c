/* cmd_name.c - the device a tuple names, by the Linux device registry
 * and the running system; and the tuples of a device's name. */
#include <config.h>

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#ifdef MAJOR_IN_SYSMACROS
#include <sys/sysmacros.h>
#elif defined MAJOR_IN_MKDEV
#include <sys/mkdev.h>
#endif

#include "cli/cli.h"
#include "cli/live.h"
#include "registry/registry.h"

/* What plain output shows for a number the registry gives no name. */
static const char *const unnamed[] = {
	[A_UNNAMED] = "unnamed", [A_DYNAMIC] = "dynamic: cannot be named offline",
	[A_LOCAL] = "local: cannot be named offline", [A_RESERVED] = "reserved", [A_UNASSIGNED] = "unassigned",
};

/* One record: the device (type, t) as the registry and the running system
 * name it.  Named (0) when either gives a name, else 1. */
static int name_record(const struct job *j, struct record *r, char type, struct devnum_tuple t)
{
	struct reg_device d;
	record_next(r);
	set_text(r, K_TYPE, type == 'c' ? "char" : "block", type == 'c' ? 4 : 5);
	set_tuple(r, t);
	registry_lookup(type, t.major, t.minor, &d);
	set_str(r, K_ASSIGNMENT, registry_assignment(d.kind));
	if (*d.name) {
		set_str(r, K_NAME, d.name);
	} else {
		r->unknown |= KEY(K_NAME);
		set_str(r, K_WHAT, unnamed[d.kind]);
	}
	if (d.what)
		set_str(r, K_DESCRIPTION, d.what);
	bool live = false;
	if (j->live) {
		const char *devname = live_name(j->live, type == 'b', t),
			   *driver = live_drivers(j->live, type == 'b', t.major);
		if ((live = *devname))
			set_str(r, K_DEVNAME, devname);
		if (*driver)
			set_str(r, K_DRIVERS, driver);
	}
	emit(j->out, r);
	return *d.name || live ? EXIT_OK : EXIT_UNFIT;
}

/* Both namespaces unless the input or --type names one. */
static int name_parsed(const struct job *j, struct record *r, struct devnum_tuple t)
{
	char type = j->type;
	if (r->have & KEY(K_TYPE)) {
		char given = r->text[K_TYPE][0];
		if (type && type != given)
			return fail(r, EXIT_TROUBLE, "names a %s device, and --type says %s",
				    r->text[K_TYPE], type == 'c' ? "char" : "block");
		type = given;
	}
	int status = EXIT_UNFIT;
	for (const char *t1 = "cb"; *t1; t1++)
		if (!type || type == *t1) {
			int one = name_record(j, r, *t1, t);
			status = one < status ? one : status;
		}
	return status;
}

/* The running system's node /dev/NAME, when it is a device of the type. */
static bool live_node(const struct job *j, const char *name, size_t n, char *type,
		      struct devnum_tuple *t)
{
	char path[256];
	struct stat st;
	if (!j->live || memchr(name, 0, n) || n >= sizeof path - 5)
		return false;
	snprintf(path, sizeof path, "%s%.*s", *name == '/' ? "" : "/dev/", (int)n, name);
	if (lstat(path, &st) < 0 || !(S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode)))
		return false;
	*type = S_ISCHR(st.st_mode) ? 'c' : 'b';
	*t = (struct devnum_tuple){ major(st.st_rdev), minor(st.st_rdev) };
	return !j->type || j->type == *type;
}

/* Every series that names the device, then the running system's node if
 * it is another. */
static int name_device(const struct job *j, struct record *r)
{
	const char *name = r->text[K_INPUT];
	size_t n = r->len[K_INPUT], at = 0;
	uint32_t minor;
	int status = EXIT_UNFIT;
	bool seen = false;
	char type;
	struct devnum_tuple t, node;
	bool live = live_node(j, name, n, &type, &node);
	for (const struct series *s; (s = registry_find(name, n, &at, &minor));) {
		if (j->type && j->type != s->type)
			continue;
		t = (struct devnum_tuple){ s->major, minor };
		seen |= live && type == s->type && tuple_same(node, t);
		int one = name_record(j, r, s->type, t);
		status = one < status ? one : status;
	}
	if (live && !seen) {
		int one = name_record(j, r, type, node);
		status = one < status ? one : status;
	}
	if (status == EXIT_UNFIT && !r->shown)
		return fail(r, EXIT_UNFIT, "no %sdevice of that name in the registry%s",
			    j->type == 'c' ? "char " : j->type == 'b' ? "block " : "",
			    j->live ? " or under /dev" : "");
	return status;
}

static int name_tuple(const struct job *j, struct record *r)
{
	struct devnum_tuple t;
	int st = read_tuple(j, r, &t, NULL);
	return st ? st : name_parsed(j, r, t);
}

static int name_run(const struct job *j, struct record *r)
{
	struct devnum_tuple t;
	/* plain decimal M:m, a filter's usual input, parsed once */
	if ((j->input_base == BASE_C || j->input_base == 10) &&
	    quick_tuple(r->text[K_INPUT], r->len[K_INPUT], &t))
		return name_parsed(j, r, t);
	return is_tuple(r) ? name_tuple(j, r) : name_device(j, r);
}

const struct command cmd_name = {
	"name", "[c|b]MAJOR:MINOR... | NAME...", "the device each tuple names, or each name's tuple",
	.options = OPT(O_TYPE) | OPT(O_OFFLINE) | OPT(O_INPUT_BASE) | OUTPUT_OPTIONS,
	.keys = KEY(K_INPUT) | KEY(K_TYPE) | KEY(K_MAJOR) | KEY(K_MINOR) |
		KEY(K_NAME) | KEY(K_DESCRIPTION) | KEY(K_ASSIGNMENT) | KEY(K_DEVNAME) |
		KEY(K_DRIVERS) | KEY(K_WHAT) | KEY(K_ERROR),
	.plain = "%t %M:%m: %(%{name}%|%{what}%)%( (%{description})%)%(; live: %D%)"
		 "%(; drivers: %{drivers}%)",
	.record = name_run,
};
