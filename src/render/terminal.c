/* terminal.c - the terminal on standard output, asked once a run. */
#include <config.h>

#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "render/terminal.h"

/* The indent of a folded row's later lines: the command's, where that
 * leaves 20 columns for the words, else what does (a third of a terminal
 * narrower than 40), so that rows fold at any width; a word wider than
 * the room left is not broken. */
unsigned fold_hang(unsigned hang, unsigned width)
{
	if (hang + 20 <= width)
		return hang;
	return width >= 40 ? width - 20 : width / 3;
}

/* The terminal's width, or 0 when standard output is not a terminal. */
unsigned columns(void)
{
	const char *env = getenv("COLUMNS");
	struct winsize ws;
	if (!isatty(1))
		return 0;
	if (env && *env && strspn(env, "0123456789") == strlen(env) && strlen(env) < 5 &&
	    strtoul(env, NULL, 10) > 0)
		return (unsigned)strtoul(env, NULL, 10);
	if (ioctl(1, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
		return ws.ws_col;
	return 80;
}

bool colour(void)
{
	const char *nc = getenv("NO_COLOR"), *term = getenv("TERM");
	return !(nc && *nc) && !(term && !strcmp(term, "dumb"));
}
