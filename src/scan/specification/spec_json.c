/* spec_json.c - the device lists of JSON specifications, read as their
 * consumers read them, with Go's encoding/json (json_walk.h):
 *   an OCI runtime config.json's linux.devices, each {"path", "type",
 *   "major", "minor"} with type c, b or u (p, a FIFO, is no device),
 *   which runc makes with unix.Mkdev(uint32(major), uint32(minor));
 *   a CDI spec's deviceNodes (top-level containerEdits, or each device's),
 *   whose type, major and minor may be left out: then the runtime takes
 *   them from the host's device at hostPath (or path) when the container
 *   starts, and the record's number is unknown.
 * Go decodes a key met again into the same field again: a string, a
 * number or a list is the last one's, an object's fields merge (a later
 * "linux" with no "devices" keeps an earlier one's), and null empties a
 * list or a pointer (linux) and leaves anything else.  A list met again
 * is read as the last, with a warning: Go also decodes each of its
 * elements over the earlier list's element at that index, keeping the
 * fields the later one leaves out, which scan does not.  Majors and
 * minors are Go's int64: from 0 here, below 2^63. */
#include <config.h>

#include <stdio.h>
#include <string.h>

#include "scan/core/json_walk.h"
#include "scan/specification/spec.h"

enum { TEXT_MAX = 4096 };

/* A device list, as far as the walk has found it, in its document. */
struct list {
	struct json_list l;
	const struct doc *doc;
};

/* A document: OCI's linux.devices in `devices`; CDI's top-level
 * containerEdits.deviceNodes in `top` and its devices in `devices`. */
struct doc {
	struct list top, devices;
	const struct spec_emit *out;
	bool cdi;
};

/* One device object as it is read. */
struct device {
	char path[TEXT_MAX], type[8];
	bool has_path, has_type, has_major, has_minor;
	uint64_t major, minor;
};

/* A key that names a list: its value noted, and a warning when met again. */
static bool list_key(struct json_walk *w, struct list *l, const char *key)
{
	if (l->l.met == 1) {
		char what[400];
		snprintf(what, sizeof what, "line %llu: \"%s\" met again: read as the last list, as "
			 "Go's encoding/json takes it (Go also decodes each of its elements over the "
			 "earlier list's at that index, keeping fields the later one leaves out; scan "
			 "does not)", (unsigned long long)json_walk_line(w), key);
		l->doc->out->warn(l->doc->out->ctx, what);
	}
	return json_walk_list(w, &l->l, key);
}

/* A string field's value into out (size bytes), or left as it is for
 * null. */
static bool text_field(struct json_walk *w, char *out, size_t size, bool *has, const char *name)
{
	char what[80];
	json_t *v = json_walk_value(w);
	if (!v)
		return false;
	bool ok = json_is_null(v) || json_is_string(v);
	size_t n = json_is_string(v) ? w->js->json_string_length(v) : 0;
	if (json_is_string(v) && n < size)
		memcpy(out, w->js->json_string_value(v), n + 1), *has = true;
	json_walk_drop(w, v);
	if (!ok)
		snprintf(what, sizeof what, "\"%s\" is not a string", name);
	else if (n >= size)
		snprintf(what, sizeof what, "a \"%s\" longer than %zu bytes", name, size - 1);
	return (ok && n < size) || json_walk_fail(w, what);
}

/* A major or a minor, or left as it is for null. */
static bool number_field(struct json_walk *w, uint64_t *out, bool *has, const char *name)
{
	char what[120];
	json_walk_peek(w);
	size_t start = w->at;
	json_t *v = json_walk_value(w);
	if (!v)
		return false;
	bool ok = json_is_null(v) || (json_is_integer(v) && w->js->json_integer_value(v) >= 0);
	if (json_is_integer(v) && ok)
		*out = (uint64_t)w->js->json_integer_value(v), *has = true;
	if (!ok && json_is_number(v))
		snprintf(what, sizeof what, "%s %.*s is not an integer from 0 to 2^63-1", name,
			 (int)(w->at - start > 40 ? 40 : w->at - start), w->text + start);
	else if (!ok)
		snprintf(what, sizeof what, "%s is not a number", name);
	json_walk_drop(w, v);
	return ok || json_walk_fail(w, what);
}

static bool device_member(struct json_walk *w, const char *key, void *ctx)
{
	struct device *d = ctx;
	if (json_field(key, "path"))
		return text_field(w, d->path, sizeof d->path, &d->has_path, "path");
	if (json_field(key, "type"))
		return text_field(w, d->type, sizeof d->type, &d->has_type, "type");
	if (json_field(key, "major"))
		return number_field(w, &d->major, &d->has_major, "major");
	if (json_field(key, "minor"))
		return number_field(w, &d->minor, &d->has_minor, "minor");
	return json_walk_skip(w);
}

/* A device object's record, the object begun on `line`. */
static bool device(struct json_walk *w, const struct device *d, uint64_t line,
		   const struct doc *doc)
{
	const struct spec_emit *out = doc->out;
	struct spec_node n = { .path = d->path };
	char t = d->has_type && !d->type[1] ? d->type[0] : '\0';
	if (!d->has_path)
		return json_walk_fail(w, "a device with no \"path\"");
	if (d->has_type && !strchr("cbup", t ? t : 'x'))
		return json_walk_fail(w, "a device type that is none of c, b, u and p");
	if (t == 'p')
		return true; /* a FIFO */
	if (!doc->cdi && (!d->has_type || !d->has_major || !d->has_minor))
		return json_walk_fail(w, "an OCI device needs its \"type\", \"major\" and \"minor\"");
	n.type = t == 'u' ? 'c' : t; /* unbuffered: a char device */
	n.unknown = !d->has_type || !d->has_major || !d->has_minor;
	n.t = (struct devnum_tuple){ d->major, d->minor };
	out->node(out->ctx, &n, line);
	return true;
}

/* An element of a device list; null is a device of nothing, as Go
 * leaves a struct's fields. */
static bool device_element(struct json_walk *w, size_t i, void *ctx)
{
	struct device d = { .has_path = false };
	uint64_t line = json_walk_line(w);
	(void)i;
	bool ok = json_walk_peek(w) == 'n' ? json_walk_skip(w)
					   : json_walk_object(w, device_member, &d);
	return ok && device(w, &d, line, ctx);
}

/* The devices of the list l, where it was found. */
static bool devices(const struct json_walk *w, const struct list *l)
{
	return json_walk_noted(w, &l->l, device_element, (void *)l->doc);
}

/* OCI: linux.devices. */
static bool oci_linux(struct json_walk *w, const char *key, void *ctx)
{
	struct doc *d = ctx;
	return json_field(key, "devices") ? list_key(w, &d->devices, key) : json_walk_skip(w);
}

static bool oci_root(struct json_walk *w, const char *key, void *ctx)
{
	struct doc *d = ctx;
	char c = json_walk_peek(w);
	if (!json_field(key, "linux"))
		return json_walk_skip(w);
	if (c == 'n') /* a nil *Linux: its devices gone */
		return d->devices.l.has = false, json_walk_skip(w);
	return c == '{' ? json_walk_object(w, oci_linux, d)
			: json_walk_fail(w, "\"linux\" is not an object");
}

/* CDI: containerEdits, a struct (null leaves it), and its deviceNodes. */
static bool edits_member(struct json_walk *w, const char *key, void *ctx)
{
	return json_field(key, "deviceNodes") ? list_key(w, ctx, key) : json_walk_skip(w);
}

static bool edits(struct json_walk *w, struct list *l)
{
	char c = json_walk_peek(w);
	if (c == 'n')
		return json_walk_skip(w);
	return c == '{' ? json_walk_object(w, edits_member, l)
			: json_walk_fail(w, "\"containerEdits\" is not an object");
}

static bool cdi_device_member(struct json_walk *w, const char *key, void *ctx)
{
	return json_field(key, "containerEdits") ? edits(w, ctx) : json_walk_skip(w);
}

/* A CDI device (null: one with no edits) and its own deviceNodes. */
static bool cdi_device(struct json_walk *w, size_t i, void *ctx)
{
	struct list mine = { .doc = ctx };
	(void)i;
	if (json_walk_peek(w) == 'n')
		return json_walk_skip(w);
	return json_walk_object(w, cdi_device_member, &mine) && devices(w, &mine);
}

static bool cdi_root(struct json_walk *w, const char *key, void *ctx)
{
	struct doc *d = ctx;
	if (json_field(key, "containerEdits"))
		return edits(w, &d->top);
	return json_field(key, "devices") ? list_key(w, &d->devices, key) : json_walk_skip(w);
}

/* CDI's devices, each with its deviceNodes. */
static bool cdi_devices(const struct json_walk *w, const struct list *l)
{
	return json_walk_noted(w, &l->l, cdi_device, (void *)l->doc);
}

static int document(const char *text, size_t n, const struct spec_emit *out, char *why,
		    size_t size, bool cdi)
{
	struct json_walk w;
	struct doc d = { .out = out, .cdi = cdi };
	d.top.doc = d.devices.doc = &d;
	*why = 0;
	/* a byte-order mark is read past: document() warns of it */
	json_walk_start(&w, out->js, text, n, n >= 3 && !memcmp(text, UTF8_BOM, 3) ? 3 : 0, 1,
			why, size);
	if (json_walk_peek(&w) != '{')
		return json_walk_fail(&w, "not a JSON object"), -1;
	if (!json_walk_object(&w, cdi ? cdi_root : oci_root, &d) || !json_walk_end(&w))
		return -1;
	if (!cdi)
		return devices(&w, &d.devices) ? 0 : -1;
	bool devices_first = d.devices.l.has && d.top.l.has && d.devices.l.at < d.top.l.at;
	if (devices_first && !cdi_devices(&w, &d.devices))
		return -1;
	if (!devices(&w, &d.top) || (!devices_first && !cdi_devices(&w, &d.devices)))
		return -1;
	return 0;
}

int spec_oci_json(const char *text, size_t n, const struct spec_emit *out, char *why,
		  size_t size)
{
	return document(text, n, out, why, size, false);
}

int spec_cdi_json(const char *text, size_t n, const struct spec_emit *out, char *why,
		  size_t size)
{
	return document(text, n, out, why, size, true);
}
