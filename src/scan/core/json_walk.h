/* json_walk.h - a JSON text read as Go's encoding/json decodes it into a
 * struct (runc's, containerd's and the CDI tools' reader): an object's
 * members in order, a key matching a field's name exactly or with ASCII
 * letters' case folded, each value parsed by jansson where it stands
 * (json_loadb stops after one value and says how far it read), so that
 * the line every value starts on is known.  Only the objects and arrays
 * on the way to what is wanted are walked; everything else is one
 * jansson parse, checked whole and dropped. */
#ifndef JSON_WALK_H
#define JSON_WALK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "scan/libs/jansson_calls.h"

struct json_walk {
	const struct jansson_calls *js;
	const char *text;
	size_t n, at;    /* the text, and where the walk is in it */
	size_t counted;  /* newlines are counted up to this byte */
	uint64_t line;   /* the line byte `counted` is on, from 1 */
	char *why;       /* the first failure, "line N: ..." */
	size_t size;
};

/* A walk from byte `at` of the n bytes of text, which is on line `line`. */
void json_walk_start(struct json_walk *w, const struct jansson_calls *js, const char *text,
		     size_t n, size_t at, uint64_t line, char *why, size_t size);

/* Past blanks: the first byte of the next value or mark, 0 at the end. */
char json_walk_peek(struct json_walk *w);

/* The line the next value starts on. */
uint64_t json_walk_line(struct json_walk *w);

/* The next value, the walk past it: a new value, freed with
 * json_walk_drop; or NULL with why said. */
json_t *json_walk_value(struct json_walk *w);
void json_walk_drop(const struct json_walk *w, json_t *v);

/* The next value parsed and dropped: false with why. */
bool json_walk_skip(struct json_walk *w);

/* The object next, member by member: member() reads or skips each
 * value, the key decoded; false from it, or a text that is no object
 * there, stops the walk: false with why. */
typedef bool json_member(struct json_walk *w, const char *key, void *ctx);
bool json_walk_object(struct json_walk *w, json_member *member, void *ctx);

/* The array next, element by element, as json_walk_object. */
typedef bool json_element(struct json_walk *w, size_t i, void *ctx);
bool json_walk_array(struct json_walk *w, json_element *element, void *ctx);

/* A list a key names, as a walk found it: Go decodes a key met again
 * into the same field, so the last list is the one (null empties it). */
struct json_list {
	bool has;      /* a list is there */
	size_t at;     /* where it starts */
	uint64_t line; /* on which line */
	unsigned met;  /* how often its key was met */
};

/* The value next, the list named `key`: noted in l and passed over;
 * false with why when it is neither a list nor null. */
bool json_walk_list(struct json_walk *w, struct json_list *l, const char *key);

/* The elements of the list l that w's walk noted, as json_walk_array. */
bool json_walk_noted(const struct json_walk *w, const struct json_list *l, json_element *element,
		     void *ctx);

/* Whether nothing but blanks is left: false with why. */
bool json_walk_end(struct json_walk *w);

/* false, with why: what, on the line the walk is at. */
bool json_walk_fail(struct json_walk *w, const char *what);

/* Whether key names the field `name` as Go matches them: exactly, or
 * with the case of ASCII letters folded. */
bool json_field(const char *key, const char *name);

#endif
