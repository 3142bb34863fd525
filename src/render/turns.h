/* turns.h - output made by several threads at once, written in one order:
 * the order of units, numbered from 0 as they are made.  A thread writes
 * the unit whose turn it is straight to its files; any other unit's
 * output (standard output and diagnostics, in the order they came) is
 * held until its turn, and a thread whose unit finds more than
 * held_max bytes held, all units together, waits for its turn.
 * What is written is byte for byte what one thread making the units one
 * after another writes. */
#ifndef TURNS_H
#define TURNS_H

#include <stddef.h>

struct turns;

/* New turns, no unit yet; NULL when out of memory. */
struct turns *turns_new(size_t held_max);
/* A new unit, after every unit made before: its number, or -1 (memory). */
long turns_add(struct turns *t);
/* This thread's output, from now on, is unit u's. */
void turns_begin(struct turns *t, long u);
/* Unit u's output is whole: flushed, and written when its turn comes. */
void turns_end(struct turns *t, long u);
/* Waits until every unit made is written; then frees t. */
void turns_free(struct turns *t);

#endif
