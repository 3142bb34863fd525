/* jansson_calls.h - the jansson functions scan reads JSON with (an OCI
 * layout's index and manifests, OCI runtime and CDI specifications),
 * reached through dlopen at the first JSON text (loader.h). */
#ifndef JANSSON_CALLS_H
#define JANSSON_CALLS_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "scan/libs/loader.h"

#define JANSSON_CALLS(X) \
	X(json_t *, json_loadb, (const char *, size_t, size_t, json_error_t *)) \
	X(void, json_delete, (json_t *)) \
	X(const char *, json_string_value, (const json_t *)) \
	X(size_t, json_string_length, (const json_t *)) \
	X(json_int_t, json_integer_value, (const json_t *)) \
	X(void, json_set_alloc_funcs, (json_malloc_t, json_free_t))

struct jansson_calls {
	JANSSON_CALLS(CALL_FIELD)
	void *lib; /* the library they were found in; NULL until loaded */
};

/* calls, libjansson loaded into them on the first call; NULL with the
 * reason in err when it cannot be loaded.  jansson then allocates
 * through a budget: a thread's values hold at most JSON_MEMORY_MAX bytes
 * at once (a text of tiny values takes some forty times its size). */
const struct jansson_calls *jansson_calls(struct jansson_calls *calls, char *err, size_t size);

#define JSON_MEMORY_MAX ((size_t)32 << 20)

/* Whether this thread's values outgrew the budget since the last call. */
bool jansson_overspent(void);

#endif
