/* lists.h - devnum --list for the tables below the commands (lists.c). */
#ifndef LISTS_H
#define LISTS_H

#include <stdbool.h>

/* Prints the table WHAT names (schemes, containers, writers, formats,
 * findings, fields): true; false for no such table. */
bool list_table(const char *what);

#endif
