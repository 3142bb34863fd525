#!/usr/bin/env bash
# same.sh WITH WITHOUT: devnum scan built with ISA-L (WITH) and without it
# (WITHOUT, gzip left to libarchive's zlib) read every gzip stream alike:
# the same records, diagnostics and exit status, byte for byte, on each
# archive of the scan fuzz corpus gzip'd in 14 ways (gen.py: members
# split, every header field, zeros, junk and archives after the stream,
# cuts in the trailer, the header and the middle, a flipped byte, a bad
# CRC, gzip in gzip).  TAP, a line each.  The one difference by design:
# the ISA-L build checks each member's trailer, CRC-32 and length, which
# libarchive does not, and warns of one that does not match; that warning
# is taken out of its output before the two are compared, and the bad-CRC
# streams are held to have it.
set -u
with=$1 without=$2
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$with" --list=formats | grep -q '^gzip	compression	libisal$' || { echo "1..0 # SKIP $with does not inflate with libisal"; exit 0; }
"$without" --list=formats | grep -q '^gzip	compression	libarchive$' || { echo "Bail out! $without inflates with libisal"; exit 1; }
python3 "$here/gen.py" "$here/../fuzz/corpus/scan" "$work" >/dev/null || { echo "Bail out! gen.py failed"; exit 1; }
run() { # run DEVNUM FILE: scan's stdout and stderr in one stream, and its status
	"$1" scan --summary "$2" 2>&1
	echo "status $?"
	"$1" scan --json "$2" 2>&1
	echo "status $?"
}
trailer="^devnum: '.*': warning: gzip member [0-9]* (its trailer at byte [0-9]*): "
checked() { # checked FILE: the ISA-L build's output, its trailer warnings taken out
	run "$with" "$1" | grep -v "$trailer"
}
n=0 failed=0 missed=""
for f in "$work"/*.gz; do
	n=$((n + 1))
	# gen.py's twelfth way of 14 is the member with a bad CRC
	[ $(((n - 1) % 14)) = 11 ] && ! run "$with" "$f" | grep -q "$trailer" && missed+=" ${f##*/}"
	if cmp -s <(checked "$f") <(run "$without" "$f"); then
		echo "ok $n - ${f##*/}: alike"
	else
		failed=$((failed + 1))
		echo "not ok $n - ${f##*/}: they differ"
		diff <(checked "$f") <(run "$without" "$f") | head -6 | sed 's/^/# /'
	fi
done
n=$((n + 1))
if [ -z "$missed" ]; then
	echo "ok $n - the ISA-L build warns of every bad CRC"
else
	failed=$((failed + 1))
	echo "not ok $n - the ISA-L build says nothing of the bad CRC of$missed"
fi
echo "1..$n"
[ "$failed" = 0 ]
