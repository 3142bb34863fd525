/* oci_layout.c - an OCI image layout on disk: index.json names the
 * manifests (or an index of them), each manifest its layers, in order;
 * each layer blob is scanned once, its records naming its digest, by
 * the crew of threads that --jobs asks for. */
#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "scan/dispatch/crew.h"
#include "scan/archive/layers.h"
#include "scan/core/json_walk.h"
#include "scan/core/scan.h"

#define JSON_MAX ((size_t)4 << 20) /* an index or a manifest */
#define LIST_MAX ((size_t)256)     /* manifests of an index, layers of one */

/* The whole JSON file at dir/path into a new buffer, *n its size; NULL
 * with *why. */
static char *slurp(const char *dir, const char *path, size_t *n, const char **why)
{
	char full[4096];
	snprintf(full, sizeof full, "%s/%s", dir, path);
	int fd = open(full, O_RDONLY | O_CLOEXEC);
	char *buf = fd < 0 ? NULL : malloc(JSON_MAX + 1);
	ssize_t got = 0, r = 1;
	*n = 0;
	while (buf && (size_t)got <= JSON_MAX && (r = read(fd, buf + got, JSON_MAX + 1 - (size_t)got)) > 0)
		got += r;
	*why = fd < 0 || r < 0 ? strerror(errno) : (size_t)got > JSON_MAX ? "larger than 4 MiB" : NULL;
	if (fd >= 0)
		close(fd);
	if (*why || !buf)
		return free(buf), *why = *why ? *why : strerror(ENOMEM), NULL;
	*n = (size_t)got;
	return buf;
}

/* A digest's blob path: sha256:HEX is blobs/sha256/HEX. */
static bool blob_path(const char *digest, char *buf, size_t size)
{
	const char *colon = strchr(digest, ':');
	return colon && !strchr(colon + 1, '/') && !memchr(digest, '/', (size_t)(colon - digest)) &&
	       snprintf(buf, size, "blobs/%.*s/%s", (int)(colon - digest), digest, colon + 1) > 0;
}

/* The digests of the descriptors in the list `key` names ("manifests"
 * of an index, "layers" of a manifest), as containerd's and docker's Go
 * decoders read them (json_walk.h): the last such list, each
 * descriptor's last "digest". */
struct digests {
	const char *key;
	struct json_list list;
	char (*out)[DIGEST_MAX];
	size_t n;
};

static bool digest_member(struct json_walk *w, const char *key, void *ctx)
{
	char *slot = ctx;
	if (!json_field(key, "digest"))
		return json_walk_skip(w);
	json_t *v = json_walk_value(w);
	if (!v)
		return false;
	bool null = json_is_null(v);
	size_t n = json_is_string(v) ? w->js->json_string_length(v) : DIGEST_MAX;
	if (n < DIGEST_MAX)
		memcpy(slot, w->js->json_string_value(v), n + 1);
	json_walk_drop(w, v);
	return null || n < DIGEST_MAX ||
	       json_walk_fail(w, "a \"digest\" that is no string of at most 159 bytes");
}

static bool descriptor(struct json_walk *w, size_t i, void *ctx)
{
	struct digests *d = ctx;
	if (i == LIST_MAX)
		return json_walk_fail(w, "more than 256 descriptors in a list");
	d->out[i][0] = 0;
	bool ok = json_walk_peek(w) == 'n' ? json_walk_skip(w)
					   : json_walk_object(w, digest_member, d->out[i]);
	d->n = i + 1;
	return ok && (d->out[i][0] || json_walk_fail(w, "a descriptor with no \"digest\""));
}

static bool list_member(struct json_walk *w, const char *key, void *ctx)
{
	struct digests *d = ctx;
	return json_field(key, d->key) ? json_walk_list(w, &d->list, d->key) : json_walk_skip(w);
}

/* The digests of the list `key` in json (n bytes) into out (LIST_MAX of
 * them): how many; or -1 with why. */
static long digests(const struct jansson_calls *js, const char *json, size_t n, const char *key,
		    char (*out)[DIGEST_MAX], char *why, size_t size)
{
	struct digests d = { key, { 0 }, out, 0 };
	struct json_walk w;
	*why = 0;
	json_walk_start(&w, js, json, n, 0, 1, why, size);
	if (!json_walk_object(&w, list_member, &d) || !json_walk_end(&w) ||
	    !json_walk_noted(&w, &d.list, descriptor, &d))
		return -1;
	return (long)d.n;
}

/* The layers done, so that one shared by two manifests is read once. */
struct done {
	char (*digest)[DIGEST_MAX];
	size_t n;
};

static bool seen(struct done *d, const char *digest)
{
	for (size_t i = 0; i < d->n; i++)
		if (!strcmp(d->digest[i], digest))
			return true;
	if (d->n < LIST_MAX * 4)
		snprintf(d->digest[d->n++], DIGEST_MAX, "%s", digest);
	return false;
}

static int one_layer(struct scan *sc, const char *dir, const char *digest)
{
	char path[400], full[4096];
	if (!blob_path(digest, path, sizeof path))
		return scan_error(sc, "a layer's digest is not ALGORITHM:HEX");
	snprintf(full, sizeof full, "%s/%s", dir, path);
	int fd = open(full, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		char why[600];
		snprintf(why, sizeof why, "layer %s: %s", digest, strerror(errno));
		return scan_error(sc, why);
	}
	struct layer_job job = { .fd = fd, .whole = true };
	snprintf(job.name, sizeof job.name, "%s", digest);
	if (sc->crew && crew_add(sc->crew, &job) == 0)
		return EXIT_OK; /* the crew closes fd */
	int status = scan_file(sc, fd, digest);
	close(fd);
	return status;
}

/* A JSON blob's error: its digest (or index.json) and why. */
static int json_error(struct scan *sc, const char *name, const char *why)
{
	char what[700];
	snprintf(what, sizeof what, "%s: %s", name, why);
	return scan_error(sc, what);
}

/* The blob `digest`, an index or a manifest; `depth` indexes deep. */
static int manifest(struct scan *sc, const struct jansson_calls *js, const char *dir,
		    const char *digest, struct done *d, int depth)
{
	char path[400], (*list)[DIGEST_MAX] = malloc(LIST_MAX * sizeof *list), why[400];
	const char *failed = "a manifest's digest is not ALGORITHM:HEX";
	size_t n;
	long k = 0, m = 0;
	int status = EXIT_OK;
	char *json = blob_path(digest, path, sizeof path) && list ? slurp(dir, path, &n, &failed)
								   : NULL;
	if (!json) {
		free(list);
		return scan_error(sc, list ? failed : strerror(ENOMEM));
	}
	if ((k = digests(js, json, n, "manifests", list, why, sizeof why)) > 0 && depth < 2)
		for (long i = 0; i < k; i++)
			status = status_max(status, manifest(sc, js, dir, list[i], d, depth + 1));
	else if (k > 0)
		status = json_error(sc, digest, "an index of indexes of indexes: not read");
	else if (k == 0 && (m = digests(js, json, n, "layers", list, why, sizeof why)) > 0)
		for (long i = 0; i < m; i++)
			if (!seen(d, list[i]))
				status = status_max(status, one_layer(sc, dir, list[i]));
	if (k < 0 || m < 0)
		status = json_error(sc, digest, why);
	free(json);
	free(list);
	return status;
}

int scan_layout(struct scan *sc, const char *dir)
{
	char (*list)[DIGEST_MAX] = malloc(LIST_MAX * sizeof *list);
	struct done d = { malloc(LIST_MAX * 4 * sizeof *d.digest), 0 };
	const char *why = strerror(ENOMEM);
	char index[4096], err[400];
	const struct jansson_calls *js = jansson_calls(&sc->libs->jansson, err, sizeof err);
	size_t n;
	int status = EXIT_OK;
	if (!js)
		return free(list), free(d.digest), scan_error(sc, err);
	snprintf(index, sizeof index, "%s/index.json", dir);
	char *json = access(index, F_OK) != 0 && errno == ENOENT ? NULL
		   : list && d.digest ? slurp(dir, "index.json", &n, &why) : NULL;
	if (!json && errno == ENOENT)
		why = "an OCI image layout (it has oci-layout) with no index.json";
	if (!json) {
		status = scan_error(sc, why);
	} else {
		sc->crew = crew_new(sc, sc->j->jobs, scan_job);
		long k = digests(js, json, n, "manifests", list, err, sizeof err);
		if (k < 0)
			status = json_error(sc, "index.json", err);
		for (long i = 0; i < k; i++)
			status = status_max(status, manifest(sc, js, dir, list[i], &d, 0));
		if (sc->crew)
			status = status_max(status, crew_done(sc->crew, sc)), sc->crew = NULL;
	}
	free(json);
	free(list);
	free(d.digest);
	return status;
}
