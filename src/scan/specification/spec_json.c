/* spec_json.c - the device lists of JSON specifications, parsed strictly
 * (RFC 8259; nesting at most 64 deep) from a text held whole:
 *   an OCI runtime config.json's linux.devices, each {"path", "type",
 *   "major", "minor"} with type c, b or u (p, a FIFO, is no device),
 *   which runc makes with unix.Mkdev(uint32(major), uint32(minor));
 *   a CDI spec's deviceNodes (top-level containerEdits, or each device's),
 *   whose type, major and minor may be left out: then the runtime takes
 *   them from the host's device at hostPath (or path) when the container
 *   starts, and the record's number is unknown. */
#include <config.h>

#include <stdio.h>
#include <string.h>

#include "scan/specification/spec.h"

enum { DEPTH_MAX = 64, TEXT_MAX = 4096 };

struct json {
	const char *p, *end;
	uint64_t line;
	int depth;
	char *why;
	size_t size;
	const struct spec_emit *out;
};

/* One device object as it is read. */
struct device {
	char path[TEXT_MAX], type[8];
	bool has_path, has_type, has_major, has_minor;
	uint64_t major, minor, line;
};

static bool fail(struct json *j, const char *what)
{
	if (!*j->why)
		snprintf(j->why, j->size, "line %llu: %s", (unsigned long long)j->line, what);
	return false;
}

static void blank(struct json *j)
{
	for (; j->p < j->end && strchr(" \t\r\n", *j->p) && *j->p; j->p++)
		j->line += *j->p == '\n';
}

static bool literal(struct json *j, const char *word)
{
	size_t n = strlen(word);
	if ((size_t)(j->end - j->p) < n || memcmp(j->p, word, n) != 0)
		return fail(j, "not JSON");
	j->p += n;
	return true;
}

static int hex4(const char *p)
{
	int v = 0;
	for (int i = 0; i < 4; i++) {
		int d = spec_hex(p[i]);
		if (d < 0)
			return -1;
		v = v << 4 | d;
	}
	return v;
}

/* The code point as UTF-8 into out (room for 4), its length. */
static size_t utf8(unsigned cp, char *out)
{
	if (cp < 0x80)
		return out[0] = (char)cp, 1;
	if (cp < 0x800)
		return out[0] = (char)(0xc0 | cp >> 6), out[1] = (char)(0x80 | (cp & 0x3f)), 2;
	if (cp < 0x10000)
		return out[0] = (char)(0xe0 | cp >> 12), out[1] = (char)(0x80 | (cp >> 6 & 0x3f)),
		       out[2] = (char)(0x80 | (cp & 0x3f)), 3;
	return out[0] = (char)(0xf0 | cp >> 18), out[1] = (char)(0x80 | (cp >> 12 & 0x3f)),
	       out[2] = (char)(0x80 | (cp >> 6 & 0x3f)), out[3] = (char)(0x80 | (cp & 0x3f)), 4;
}

/* A \u escape at p (past the u): the code point, a surrogate pair joined;
 * -1 for none. */
static long unicode(struct json *j)
{
	int hi = j->end - j->p >= 4 ? hex4(j->p) : -1;
	if (hi < 0)
		return -1;
	j->p += 4;
	if (hi < 0xd800 || hi > 0xdfff)
		return hi;
	int lo = hi < 0xdc00 && j->end - j->p >= 6 && j->p[0] == '\\' && j->p[1] == 'u'
			 ? hex4(j->p + 2) : -1;
	if (lo < 0xdc00 || lo > 0xdfff)
		return -1;
	j->p += 6;
	return 0x10000 + ((long)(hi - 0xd800) << 10) + (lo - 0xdc00);
}

/* A string at j->p, decoded into out (size bytes; NULL to pass over): a
 * NUL in it, or one longer than out, is an error. */
static bool string(struct json *j, char *out, size_t size)
{
	size_t n = 0;
	if (j->p >= j->end || *j->p != '"')
		return fail(j, "a string expected");
	for (j->p++; j->p < j->end && *j->p != '"'; j->p++) {
		char buf[4];
		size_t k = 1;
		unsigned char c = (unsigned char)*j->p;
		if (c < 0x20)
			return fail(j, "a control character in a string");
		buf[0] = (char)c;
		if (c == '\\') {
			const char *esc = "\"\\/bfnrt", *as = "\"\\/\b\f\n\r\t", *at;
			if (++j->p >= j->end)
				break;
			if (*j->p == 'u') {
				j->p++;
				long cp = unicode(j);
				if (cp <= 0)
					return fail(j, cp ? "a bad \\u escape" : "a NUL byte in a string");
				k = utf8((unsigned)cp, buf);
				j->p--;
			} else if (*j->p && (at = strchr(esc, *j->p)))
				buf[0] = as[at - esc];
			else
				return fail(j, "a bad escape in a string");
		}
		if (out && n + k >= size)
			return fail(j, "a string longer than 4095 bytes");
		if (out)
			memcpy(out + n, buf, k);
		n += k;
	}
	if (j->p >= j->end)
		return fail(j, "a string not closed");
	j->p++;
	if (out)
		out[n] = 0;
	return true;
}

/* A number: a non-negative integer below 2^64 in *v (when v is not
 * NULL; else any JSON number, passed over). */
static bool number(struct json *j, uint64_t *v, const char *what)
{
	const char *s = j->p;
	char msg[120];
	while (j->p < j->end && strchr("+-0123456789.eE", *j->p) && *j->p)
		j->p++;
	if (j->p == s)
		return fail(j, "not JSON");
	if (!v)
		return true;
	uint64_t x = 0;
	for (const char *q = s; q < j->p; q++) {
		if (*q < '0' || *q > '9' || (q == s && *q == '0' && j->p - s > 1) ||
		    x > (UINT64_MAX - (uint64_t)(*q - '0')) / 10) {
			snprintf(msg, sizeof msg, "%s %.*s is not an integer from 0 to 2^64-1", what,
				 (int)(j->p - s > 40 ? 40 : j->p - s), s);
			return fail(j, msg);
		}
		x = x * 10 + (uint64_t)(*q - '0');
	}
	*v = x;
	return true;
}

static bool value(struct json *j, const char *key, const char *parent);

/* Past the '{' or '[' at j->p: whether `close` follows at once (an empty
 * object or array, then read to its end). */
static bool empty_one(struct json *j, char close)
{
	j->p++;
	blank(j);
	return j->p < j->end && *j->p == close && j->p++;
}

/* After a member or an element: 1 for a ',' (another follows), 0 for
 * `close` (the object or array ends), -1 for anything else. */
static int next(struct json *j, char close)
{
	char what[40];
	blank(j);
	if (j->p < j->end && (*j->p == ',' || *j->p == close))
		return *j->p++ == ',';
	snprintf(what, sizeof what, "a ',' or '%c' expected", close);
	return fail(j, what), -1;
}

/* An object's members; a device's fields read into d when not NULL. */
static bool members(struct json *j, const char *key, struct device *d)
{
	char name[TEXT_MAX];
	if (empty_one(j, '}'))
		return true;
	for (;;) {
		blank(j);
		if (!string(j, name, sizeof name))
			return false;
		blank(j);
		if (j->p >= j->end || *j->p++ != ':')
			return fail(j, "a ':' expected");
		blank(j);
		bool ok;
		if (d && !strcmp(name, "path"))
			ok = string(j, d->path, sizeof d->path), d->has_path = true;
		else if (d && !strcmp(name, "type"))
			ok = string(j, d->type, sizeof d->type), d->has_type = true;
		else if (d && !strcmp(name, "major"))
			ok = number(j, &d->major, "major"), d->has_major = true;
		else if (d && !strcmp(name, "minor"))
			ok = number(j, &d->minor, "minor"), d->has_minor = true;
		else
			ok = value(j, name, key);
		int more = ok ? next(j, '}') : -1;
		if (more <= 0)
			return more == 0;
	}
}

/* A device object's record. */
static bool device(struct json *j, struct device *d, bool cdi)
{
	struct spec_node n = { .path = d->path };
	char t = '\0';
	if (d->has_type && !d->type[1])
		t = d->type[0];
	if (!d->has_path)
		return fail(j, "a device with no \"path\"");
	if (d->has_type && !strchr("cbup", t ? t : 'x'))
		return fail(j, "a device type that is none of c, b, u and p");
	if (t == 'p')
		return true; /* a FIFO */
	if (!cdi && (!d->has_type || !d->has_major || !d->has_minor))
		return fail(j, "an OCI device needs its \"type\", \"major\" and \"minor\"");
	n.type = t;
	if (t == 'u') /* unbuffered: a char device */
		n.type = 'c';
	n.unknown = !d->has_type || !d->has_major || !d->has_minor;
	n.t = (struct devnum_tuple){ d->major, d->minor };
	j->out->node(j->out->ctx, &n, d->line);
	return true;
}

/* An array's elements: devices where the key is a device list. */
static bool elements(struct json *j, const char *key, const char *parent)
{
	bool cdi = !strcmp(key, "deviceNodes");
	bool list = cdi || (!strcmp(key, "devices") && parent && !strcmp(parent, "linux"));
	if (empty_one(j, ']'))
		return true;
	for (;;) {
		blank(j);
		if (list && j->p < j->end && *j->p == '{') {
			struct device d = { .line = j->line };
			if (!members(j, key, &d) || !device(j, &d, cdi))
				return false;
		} else if (!value(j, key, parent))
			return false;
		int more = next(j, ']');
		if (more <= 0)
			return more == 0;
	}
}

static bool value(struct json *j, const char *key, const char *parent)
{
	bool ok;
	if (j->p >= j->end)
		return fail(j, "the text ends in a value");
	if (++j->depth > DEPTH_MAX)
		return fail(j, "nested deeper than 64");
	switch (*j->p) {
	case '{': ok = members(j, key, NULL); break;
	case '[': ok = elements(j, key ? key : "", parent); break;
	case '"': ok = string(j, NULL, 0); break;
	case 't': ok = literal(j, "true"); break;
	case 'f': ok = literal(j, "false"); break;
	case 'n': ok = literal(j, "null"); break;
	default: ok = number(j, NULL, NULL); break;
	}
	j->depth--;
	return ok;
}

int spec_json(const char *text, size_t n, const struct spec_emit *out, char *why, size_t size)
{
	struct json j = { text, text, 1, 0, why, size, out };
	*why = 0;
	if (n) /* an empty text may have no buffer at all */
		j.end = text + n;
	if (n >= 3 && !memcmp(text, UTF8_BOM, 3)) /* read past: document() warns of it */
		j.p += 3;
	blank(&j);
	if (j.p >= j.end || *j.p != '{')
		return fail(&j, "not a JSON object"), -1;
	if (!value(&j, NULL, NULL))
		return -1;
	blank(&j);
	return j.p < j.end ? (fail(&j, "more after the JSON object"), -1) : 0;
}
