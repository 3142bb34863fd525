/* jansson_calls.c - libjansson, loaded when scan first reads JSON, and
 * the budget its values are allocated from. */
#include <config.h>

#include <stddef.h>
#include <stdlib.h>

#include "scan/libs/jansson_calls.h"

/* A thread's bytes in values now, and whether a value was refused. */
static _Thread_local size_t held;
static _Thread_local bool overspent;

/* Each block begins with what it costs, so that freeing it gives that
 * back: its bytes, its head and malloc's own (two words on glibc). */
typedef struct {
	_Alignas(max_align_t) size_t cost;
} block_head;

static void *budget_malloc(size_t n)
{
	size_t cost = n + sizeof(block_head) + 2 * sizeof(size_t);
	if (n > JSON_MEMORY_MAX || cost > JSON_MEMORY_MAX - held)
		return overspent = true, NULL;
	block_head *b = malloc(sizeof *b + n);
	if (!b)
		return NULL;
	b->cost = cost;
	held += cost;
	return b + 1;
}

static void budget_free(void *p)
{
	if (!p)
		return;
	block_head *b = (block_head *)p - 1;
	held -= b->cost;
	free(b);
}

bool jansson_overspent(void)
{
	bool was = overspent;
	overspent = false;
	return was;
}

const struct jansson_calls *jansson_calls(struct jansson_calls *calls, char *err, size_t size)
{
	if (!calls->lib && (calls->lib = LOAD_CALLS(JANSSON_CALLS, JANSSON_SONAME, "scan of JSON",
						     err, size)))
		calls->json_set_alloc_funcs(budget_malloc, budget_free);
	return calls->lib ? calls : NULL;
}
