/* terminal.h - what the terminal on standard output allows: its width
 * (0 off a terminal), colour, and the indent of a folded table row. */
#ifndef TERMINAL_H
#define TERMINAL_H

#include <stdbool.h>

unsigned columns(void);
/* Whether a terminal takes colour; the caller knows it is one. */
bool colour(void);
unsigned fold_hang(unsigned hang, unsigned width);

#endif
