/* json_walk.c - JSON read value by value where each stands (json_walk.h). */
#include <config.h>

#include <stdio.h>
#include <string.h>

#include "scan/core/json_walk.h"

void json_walk_start(struct json_walk *w, const struct jansson_calls *js, const char *text,
		     size_t n, size_t at, uint64_t line, char *why, size_t size)
{
	*w = (struct json_walk){ js, text, n, at, at, line, why, size };
}

char json_walk_peek(struct json_walk *w)
{
	while (w->at < w->n && strchr(" \t\r\n", w->text[w->at]) && w->text[w->at])
		w->at++;
	return w->at < w->n ? w->text[w->at] : 0;
}

uint64_t json_walk_line(struct json_walk *w)
{
	json_walk_peek(w);
	if (w->at == w->counted) /* an empty text may have no buffer at all */
		return w->line;
	for (const char *p = w->text + w->counted, *end = w->text + w->at;
	     (p = memchr(p, '\n', (size_t)(end - p))); p++)
		w->line++;
	w->counted = w->at;
	return w->line;
}

bool json_walk_fail(struct json_walk *w, const char *what)
{
	if (!*w->why)
		snprintf(w->why, w->size, "line %llu: %s", (unsigned long long)json_walk_line(w), what);
	return false;
}

json_t *json_walk_value(struct json_walk *w)
{
	json_error_t e;
	uint64_t line = json_walk_line(w);
	json_t *v = w->js->json_loadb(w->text + w->at, w->n - w->at,
				      JSON_DISABLE_EOF_CHECK | JSON_DECODE_ANY, &e);
	if (v) {
		w->at += (size_t)e.position;
		return v; // cppcheck-suppress returnDanglingLifetime
	}
	if (jansson_overspent() && !*w->why)
		snprintf(w->why, w->size, "line %llu: a value that needs more than %zu MiB to read: "
			 "not read", (unsigned long long)line, JSON_MEMORY_MAX >> 20);
	else if (!*w->why && json_error_code(&e) == json_error_null_character)
		snprintf(w->why, w->size, "line %llu: a NUL byte in a string",
			 (unsigned long long)(line + (uint64_t)e.line - 1));
	else if (!*w->why)
		snprintf(w->why, w->size, "line %llu: %s",
			 (unsigned long long)(line + (uint64_t)(e.line > 0 ? e.line - 1 : 0)), e.text);
	return NULL;
}

void json_walk_drop(const struct json_walk *w, json_t *v)
{
	w->js->json_delete(v);
}

bool json_walk_skip(struct json_walk *w)
{
	json_t *v = json_walk_value(w);
	if (v)
		json_walk_drop(w, v);
	return v != NULL;
}

/* After a member or an element: 1 for a ',', 0 for `close`, -1 else. */
static int next(struct json_walk *w, char close)
{
	char c = json_walk_peek(w), what[40];
	if (c == ',' || (c == close && c))
		return w->at++, c == ',';
	snprintf(what, sizeof what, "a ',' or '%c' expected", close);
	return json_walk_fail(w, what), -1;
}

/* Past `open`: 1 when a member or an element follows, 0 when `close`
 * does (read past it), -1 for no `open` there (`what` expected). */
static int opened(struct json_walk *w, char open, char close, const char *what)
{
	if (json_walk_peek(w) != open)
		return json_walk_fail(w, what), -1;
	w->at++;
	if (json_walk_peek(w) == close)
		return w->at++, 0;
	return 1;
}

bool json_walk_object(struct json_walk *w, json_member *member, void *ctx)
{
	int more = opened(w, '{', '}', "an object expected");
	while (more > 0) {
		json_t *key = json_walk_peek(w) == '"' ? json_walk_value(w) : NULL;
		if (!key)
			return json_walk_fail(w, "a key expected");
		bool ok = json_walk_peek(w) == ':' ? (w->at++, true) : json_walk_fail(w, "a ':' expected");
		ok = ok && member(w, w->js->json_string_value(key), ctx);
		json_walk_drop(w, key);
		more = ok ? next(w, '}') : -1;
	}
	return more == 0;
}

bool json_walk_array(struct json_walk *w, json_element *element, void *ctx)
{
	int more = opened(w, '[', ']', "an array expected");
	for (size_t i = 0; more > 0; i++)
		more = element(w, i, ctx) ? next(w, ']') : -1;
	return more == 0;
}

bool json_walk_list(struct json_walk *w, struct json_list *l, const char *key)
{
	char c = json_walk_peek(w);
	l->met++;
	if (c != '[' && c != 'n') {
		char what[300];
		snprintf(what, sizeof what, "\"%s\" is not a list", key);
		return json_walk_fail(w, what);
	}
	l->has = c == '[';
	l->line = json_walk_line(w);
	l->at = w->at;
	return json_walk_skip(w);
}

bool json_walk_noted(const struct json_walk *w, const struct json_list *l, json_element *element,
		     void *ctx)
{
	struct json_walk at;
	if (!l->has)
		return true;
	json_walk_start(&at, w->js, w->text, w->n, l->at, l->line, w->why, w->size);
	return json_walk_array(&at, element, ctx);
}

bool json_walk_end(struct json_walk *w)
{
	return !json_walk_peek(w) || json_walk_fail(w, "more after the JSON object");
}

/* ASCII's lower case of c, whatever the locale (strcasecmp's is not). */
static char lower(char c)
{
	return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
}

bool json_field(const char *key, const char *name)
{
	while (*key && lower(*key) == lower(*name))
		key++, name++;
	return !*key && !*name;
}
