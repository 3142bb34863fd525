#!/usr/bin/env bash
# man-examples.sh - runs every example in devnum(1), devnum-containers(7)
# and devnum-devices(7)
# and compares what it prints (stdout and stderr together) with what the
# manual shows, one TAP line an example, so the manual cannot drift from
# the program.
#
# An example is a line "$ COMMAND" inside .EX/.EE; the lines after it, up to
# the next "$ " or .EE, are its output.  troff escapes are undone first.
set -u
pages="${abs_top_builddir:-.}/man/devnum.1 ${abs_top_builddir:-.}/man/devnum-containers.7 ${abs_top_builddir:-.}/man/devnum-devices.7"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

unescape() {
	sed -e 's/\\-/-/g' -e "s/\\\\(aq/'/g" -e 's/\\(rs/\\/g' -e 's/\\e/\\/g' -e 's/\\&//g'
}

commands=() expected=()
in_example=0
while IFS= read -r line; do
	case $line in
	.EX) in_example=1; continue ;;
	.EE) in_example=0; continue ;;
	esac
	[ $in_example = 1 ] || continue
	if [[ $line == '$ '* ]]; then
		commands+=("${line#\$ }")
		expected+=("")
	elif [ ${#commands[@]} -gt 0 ]; then
		last=$((${#commands[@]} - 1))
		expected[last]+="$line"$'\n'
	fi
done < <(cat $pages | unescape)

echo "1..${#commands[@]}"
for i in "${!commands[@]}"; do
	got=$(cd "$work" && bash -c "${commands[i]}" 2>&1)
	want=${expected[i]%$'\n'}
	if [ "$got" = "$want" ]; then
		echo "ok $((i + 1)) - man: ${commands[i]}"
	else
		echo "not ok $((i + 1)) - man: ${commands[i]}"
		diff <(echo "$want") <(echo "$got") | sed 's/^/# /'
	fi
done
