/* cmd_pack.c - pack: the fields a container stores for a tuple; unpack:
 * the tuple its reader gets from stored fields, and a verdict. */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "render/output.h"

/* A record of the job's container, and its scheme when its field holds
 * a raw value: that scheme, or NULL. */
static const devnum_scheme *box_record(const struct job *j, struct record *r)
{
	const devnum_scheme *s = devnum_container_scheme(j->box, scheme_given(j));
	set_str(r, K_CONTAINER, devnum_container_name(j->box));
	if (s)
		set_scheme(r, s);
	return s;
}

static int pack_record(const struct job *j, struct record *r)
{
	struct devnum_tuple t;
	struct devnum_judgement jd;
	const devnum_scheme *s = box_record(j, r);
	int st = read_tuple(j, r, &t, NULL);
	if (st)
		return st;
	set_tuple(r, t);
	if (devnum_container_pack(j->box, scheme_given(j), t, &jd) != DEVNUM_OK) {
		char why[300];
		cannot_hold(why, sizeof why, j->box, &jd);
		return fail(r, EXIT_UNFIT, "%s", why);
	}
	if (s)
		set_num(r, K_RAW, jd.raw);
	set_str(r, K_NAMES, devnum_container_field_names(j->box));
	set_fields(r, K_FIELDS, j->box, &jd.fields);
	emit(j->out, r);
	return EXIT_OK;
}

/* pack and unpack: the container their first operand names, taken from
 * the operands; --scheme only where its field holds a raw value. */
static void take_box(const struct command *c, struct job *j, int *argc, const char ***argv)
{
	if (*argc == 0)
		usage_error("%s needs a container: devnum containers lists them", c->name);
	j->box = container_named(c->name, (*argv)[0], strlen((*argv)[0]));
	if (has_option(j, O_SCHEME) && !(devnum_container_flags(j->box) & DEVNUM_STORES_RAW))
		usage_error("--scheme does not apply to %s, which stores no raw value",
			    devnum_container_name(j->box));
	++*argv, --*argc;
}

const struct command cmd_pack = {
	"pack", "CONTAINER MAJOR:MINOR...", "the fields a container stores for each tuple",
	.options = OPT(O_SCHEME) | OPT(O_INPUT_BASE) | OUTPUT_OPTIONS,
	.keys = KEY(K_INPUT) | KEY(K_TYPE) | KEY(K_CONTAINER) | KEY(K_SCHEME) | KEY(K_MAJOR) | KEY(K_MINOR) |
		KEY(K_RAW) | KEY(K_NAMES) | KEY(K_FIELDS) | KEY(K_ERROR),
	.plain = "%F", .pairs = true,
	.prepare = take_box,
	.record = pack_record,
};

/* What the reader's fate says, as a note: 0 when there is none. */
static int unpack_note(const struct job *j, struct record *r, const struct devnum_judgement *jd)
{
	const char *c = devnum_container_name(j->box);
	char why[160];
	devnum_strreason(why, sizeof why, jd->scheme, &jd->reason);
	switch (jd->fate) {
	case DEVNUM_ALIASED:
		return snprintf(r->note, sizeof r->note, "noncanonical in %s: canonical fields %s",
				c, r->canon_fields);
	case DEVNUM_NO_ROOM:
		return snprintf(r->note, sizeof r->note, "too big: %s cannot carry %llu:%llu (%s)",
				c, (unsigned long long)jd->stored.major,
				(unsigned long long)jd->stored.minor, why);
	case DEVNUM_DAMAGED: {
		int n = snprintf(r->note, sizeof r->note, "damaged: ");
		return n + damage(r->note + n, sizeof r->note - (size_t)n, j->box, jd, r->fields);
	}
	default:
		return 0;
	}
}

static int unpack_record(const struct job *j, struct record *r)
{
	struct devnum_fields f;
	struct devnum_judgement jd;
	const devnum_scheme *s = box_record(j, r);
	if (devnum_fields_parse(j->box, r->text[K_INPUT], r->len[K_INPUT], &f, r->note,
				sizeof r->note) != DEVNUM_OK)
		return fail(r, EXIT_TROUBLE, "%s", r->note);
	set_fields(r, K_FIELDS, j->box, &f);
	devnum_status st = devnum_container_unpack(j->box, scheme_given(j), &f, &jd);
	if (jd.fate == DEVNUM_INVALID)
		return fail_reason(r, s, &jd.reason);
	if (s)
		set_num(r, K_RAW, jd.raw);
	set_tuple(r, jd.becomes); /* the reader's: the NFS client's 0:0 */
	jd.changed = false;
	set_judgement(r, &jd);
	if (st == DEVNUM_ALIAS)
		set_fields(r, K_CANON_FIELDS, j->box, &jd.fields);
	int n = unpack_note(j, r, &jd);
	if (n > 0)
		set_printed(r, K_NOTE, r->note, sizeof r->note, n);
	if (st == DEVNUM_ALIAS && has_option(j, O_STRICT))
		return fail(r, EXIT_UNFIT, "%s", r->note);
	r->warn = n > 0;
	emit(j->out, r);
	return st == DEVNUM_CHANGED || st == DEVNUM_REFUSED ? EXIT_UNFIT : EXIT_OK;
}

/* Operands grouped into records: as many as the container stores, a pax
 * record joining the group before it; "-" reads standard input. */
static int unpack_run(const struct job *j, int argc, const char **argv)
{
	unsigned want = devnum_container_field_count(j->box), words = 0;
	size_t total = 1, len = 0;
	int status = EXIT_OK;
	if (argc == 0)
		return for_each_record(j, unpack_record, 0, argv);
	for (int i = 0; i < argc; i++)
		total += strlen(argv[i]) + 1;
	char *group = malloc(total);
	if (!group) {
		diag("memory exhausted");
		return EXIT_TROUBLE;
	}
	for (int i = 0; i <= argc; i++) {
		bool joins = i < argc && !strncmp(argv[i], "SCHILY.", 7);
		if (len && (i == argc || !strcmp(argv[i], "-") || (words >= want && !joins))) {
			group[len] = '\0';
			status = status_max(status, for_each_record(j, unpack_record, 1,
							     (const char *[]){ group }));
			len = words = 0;
		}
		if (i < argc && !strcmp(argv[i], "-"))
			status = status_max(status, for_each_record(j, unpack_record, 1, argv + i));
		else if (i < argc) {
			len += (size_t)sprintf(group + len, "%s%s", len ? " " : "", argv[i]);
			words++;
		}
	}
	free(group);
	return status;
}

const struct command cmd_unpack = {
	"unpack", "CONTAINER FIELD...", "the tuple a container's reader gets from its fields",
	.options = OPT(O_SCHEME) | OPT(O_STRICT) | OUTPUT_OPTIONS,
	.keys = KEY(K_INPUT) | KEY(K_CONTAINER) | KEY(K_SCHEME) | KEY(K_MAJOR) | KEY(K_MINOR) |
		KEY(K_RAW) | KEY(K_FIELDS) | KEY(K_VERDICT) | KEY(K_FIELD) | KEY(K_VALUE) |
		KEY(K_LIMIT) | KEY(K_CANON_FIELDS) | KEY(K_NOTE) | KEY(K_ERROR),
	.plain = "%M:%m",
	.prepare = take_box,
	.run = unpack_run,
};
