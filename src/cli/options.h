/* options.h - every option a command may take, one row each, in the
 * order --help lists them: X(ID, long name, letter or 0, the name of its
 * value or NULL, help); and L(letter, its name, ID, value, help) for a
 * letter that stands for an option with a value (-x for --base=16).  O_ID is the
 * option's bit in a command's .options; the popt table, --help, --list
 * and the names in usage errors all come from these rows, and a value
 * given lands in the same place for every option (main.c's given). */
#ifndef OPTIONS_H
#define OPTIONS_H

#define OPTIONS(X, L) \
	X(SCHEME, "scheme", 's', "NAME", "scheme of raw values (default: native)") \
	X(FROM, "from", 'f', "NAME", "convert: scheme of the input") \
	X(TO, "to", 't', "NAME", "convert: scheme of the output") \
	X(STRICT, "strict", 0, NULL, "decode, convert: a noncanonical alias is an error") \
	X(LEGACY, "legacy", 0, NULL, "canon: read values as legacy 16-bit numbers") \
	X(INPUT_BASE, "input-base", 0, "N", "read bare digits in base 16, 10 or 8") \
	X(JSON, "json", 'j', NULL, "one JSON object per record (JSON Lines)") \
	X(FORMAT, "format", 0, "FMT", "print each record by template FMT") \
	X(BASE, "base", 0, "N", "base of raw output: 16, 10 or 8") \
	L('x', "-x", BASE, "16", "raw output in hex (the default)") \
	L('d', "-d", BASE, "10", "raw output in decimal") \
	L('o', "-o", BASE, "8", "raw output in octal") \
	X(PAD, "pad", 0, NULL, "pad raw output to the scheme's full width") \
	X(ZERO, "zero-terminated", 'z', NULL, "records end in NUL, not newline") \
	X(QUIET, "quiet", 'q', NULL, "check: print nothing, only set the exit status") \
	X(DEREF, "dereference", 'L', NULL, "stat: follow symbolic links") \
	X(TYPE, "type", 0, "TYPE", "name: only char or only block devices") \
	X(OFFLINE, "offline", 0, NULL, "name: the registry alone, not the running system") \
	X(WAS, "was", 0, "TUPLE", "whence: only the mistakes that make this tuple the one seen") \
	X(SORT, "sort", 0, "ORDER", "explain: registry (named devices first) or scheme") \
	X(INTO, "into", 0, "NAME,...", "fits, scan: only these containers; exit 1 unless all survive") \
	X(WRITER, "writer", 0, "NAME", "fits, scan, diff: judge by this writer's (or extractor's) observed behaviour") \
	X(SUMMARY, "summary", 0, NULL, "scan, diff: counts of each archive, or of each verdict, on stderr") \
	X(SPEC, "spec", 0, "FORMAT", "scan: read inputs as this device specification") \
	X(FAKEROOT, "fakeroot", 0, "STATE", "scan: a directory's devices as this fakeroot state has them") \
	X(JOBS, "jobs", 'T', "N", "scan, diff: read up to N layers or inputs at once (0, the default: one a CPU)") \
	X(DEPTH, "depth", 0, "N", "scan, diff: read inputs inside inputs N deep (default 8; 0, none)") \
	X(STRIP, "strip", 0, "N[:M]", "diff: match paths without their first N components (M in the second input)") \
	X(PREFIX, "prefix", 0, "A:B", "diff: match the first input's paths under A with the second's under B") \
	X(ALL, "all", 'a', NULL, "diff: print the devices that are the same too") \
	X(NOHEADINGS, "noheadings", 'n', NULL, "tables: print no heading line") \
	X(RAW, "raw", 0, NULL, "tables: columns one blank apart, not aligned or folded")

#define OPTION_ID(id, name, letter, value, help) O_##id,
#define OPTION_NO_ID(letter, name, id, value, help)
/* The options, as bits of command.options. */
enum option { OPTIONS(OPTION_ID, OPTION_NO_ID) O_NOPTIONS };
#define OPT(o) (1u << (o))
/* The same bits by name, OPT_JSON for OPT(O_JSON), and OPT_NONE for none. */
#define OPTION_BIT(id, name, letter, value, help) OPT_##id = OPT(O_##id),
enum { OPTIONS(OPTION_BIT, OPTION_NO_ID) OPT_NONE = 0 };

#endif
