/* commands.h - every command, in the order --help and --list give them:
 * one row each, X(name), whose definition is cmd_name, a struct command
 * in its own file of src/commands.  A new command is a row here and that
 * file: the help, the completions, the option checks and the dispatch
 * all come from the row's struct command. */
#ifndef COMMANDS_H
#define COMMANDS_H

#define COMMANDS(X) \
	X(encode) \
	X(decode) \
	X(convert) \
	X(check) \
	X(canon) \
	X(aliases) \
	X(explain) \
	X(schemes) \
	X(layout) \
	X(stat) \
	X(fits) \
	X(pack) \
	X(unpack) \
	X(containers) \
	X(scan) \
	X(diff) \
	X(name) \
	X(whence) \
	X(vectors)

#endif
