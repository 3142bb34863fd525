#!/usr/bin/env bash
# globals.sh - the program's writable state, by the objects' symbol tables:
# what lives in .data and .bss (and each thread's .tdata and .tbss) is the
# output buffer (output.c), standard output's buffer, one a thread, and two tables a filter needs on every record, made
# at the first and then only read; nothing else: what a run keeps (the command
# line, the scheme views, the JSON plan, the libraries scan loads) lives
# in main's or the command's frame.  A new one fails here until it is
# argued for in this list.  TAP.
set -u
build=${abs_top_builddir:-.}
objdump=${OBJDUMP:-objdump}
# object: its writable names, and why they are there
allowed="
output: main_buf out_buf out_len out_errno flushes sink sink_data  # the main thread's output buffer, and each thread's pointer to its own (scan --jobs), where it flushes to, and whether a write failed in any
registry: by_order by_letter letter_at indexed index_once  # the rows' indexes by major and by first letter, made once at the first lookup of any thread, then only read
mistakes: uses found          # the rows' schemes, found at the first use, then only read
"
echo "1..1"
found=$(for o in "$build"/src/*/libcli_la-*.o "$build"/src/devnum-main.o; do
	name=${o##*/}; name=${name#libcli_la-}; name=${name#devnum-}; name=${name%.o}
	"$objdump" -t "$o" 2>/dev/null |
		awk -v obj="$name" 'NF >= 4 && $(NF-2) ~ /^\.t?(data|bss)(\.rel(\.local)?)?$/ && $NF !~ /^(__|\.)/ {
			n = $NF  # a static in a function: gcc writes name.N, clang function.name
			if (!sub(/\.[0-9]+$/, "", n)) sub(/^.*\./, "", n)
			print obj ": " n }'
done | sort -u)
if [ -z "$found" ]; then
	echo "ok 1 # SKIP $objdump cannot read the objects"
	exit 0
fi
want=$(sed 's/#.*//' <<<"$allowed" | awk -F': *' 'NF == 2 { n = split($2, w, " "); for (i = 1; i <= n; i++) print $1 ": " w[i] }' | sort -u)
if [ "$found" = "$want" ]; then
	echo "ok 1 - writable globals: the output buffer, no more"
else
	echo "not ok 1 - writable globals differ from the list (< listed, > found):"
	diff <(echo "$want") <(echo "$found") | sed 's/^/# /'
fi
