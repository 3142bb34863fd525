/* scan_emitter.h - what the scan fuzzers write through: the output mode
 * the input's first byte picks, scan's plain form, or a template of every
 * field scan has. */
#ifndef SCAN_EMITTER_H
#define SCAN_EMITTER_H

#include "cli/cli.h"

static struct emitter scan_emitter(uint8_t pick)
{
	static struct format *plain, *user;
	static struct json_plan plan;
	static struct views views;
	char err[64];
	if (!plain) {
		plain = format_compile(cmd_scan.plain, err, sizeof err);
		user = format_compile("%i %p %t %I %L %F %M:%m %r %{findings} %n %C %{format}", err,
				      sizeof err);
	}
	return (struct emitter){ pick & 1 ? JSON : pick & 2 ? TEMPLATE : PLAIN, plain, user,
				 { 16, false, true, &views }, '\n', false, false, 0, 0, .plan = &plan };
}

#endif
