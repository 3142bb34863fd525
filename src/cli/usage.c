/* usage.c - the two ways a run ends before its records: a usage error,
 * and the end of output written through stdio (--help, --list). */
#include <config.h>

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "render/output.h"

_Noreturn void usage_error(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vdiag(fmt, ap);
	va_end(ap);
	fputs("Try 'devnum --help' for more information.\n", stderr);
	exit(EXIT_TROUBLE);
}

_Noreturn void exit_stdio(void)
{
	if (fflush(stdout) != 0 || ferror(stdout) || fclose(stdout) != 0) {
		diag("write error: %s", strerror(errno));
		exit(EXIT_TROUBLE);
	}
	exit(EXIT_OK);
}
