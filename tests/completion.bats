#!/usr/bin/env bats
# completion: the bash completion script, loaded into bash and asked.
load helper

# fish runs with fish_complete_path empty, so that it offers what this
# tree's script says, not a devnum completion installed in the system or
# in ~/.local.

# complete WORDS...: what _devnum offers for the last word
complete_words() {
	bash -c '. "$1/completion/devnum"; shift
		COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _devnum
		printf "%s\n" "${COMPREPLY[@]}"' _ "$top_srcdir" "$@"
}

# zsh_options COMMAND: the option specs _devnum gives _arguments after
# COMMAND, one a line, with zsh's helpers standing in.
zsh_options() {
	zsh -f -c 'source "$1/completion/_devnum" 2>/dev/null
		_arguments() { print -l -- "${@[1,-3]}"; }
		words=(devnum "$2" --); CURRENT=3
		_devnum' _ "$top_srcdir" "$1"
}

# fish_complete LINE: what this tree's fish script offers for LINE.  fish
# keeps its history and variables under its config and data directories,
# given here in the test's own directory: a HOME the user cannot write
# (a packager's, HOME=/tmp with another user's .config) makes it warn.
fish_complete() {
	XDG_CONFIG_HOME=$BATS_TEST_TMPDIR/.config XDG_DATA_HOME=$BATS_TEST_TMPDIR/.local \
		fish -c "set fish_complete_path; source '$top_srcdir/completion/devnum.fish'; complete -C'$1'"
}

# The commands devnum --help lists, one a line.
help_commands() {
	devnum --help | sed -n '/^Commands:/,/^$/s/^  \([a-z]*\) .*/\1/p'
}

# The writers devnum --writer knows, from its own error message.
known_writers() {
	devnum fits --writer=nope 1:1 2>&1 | sed -n 's/.*valid writers: //p' | tr -d ',' | tr ' ' '\n'
}

@test "the script loads and registers _devnum for devnum" {
	run bash -c ". '$top_srcdir/completion/devnum' && complete -p devnum"
	assert_success
	assert_output "complete -F _devnum devnum"
}

@test "commands complete" {
	run complete_words devnum en
	assert_output encode
	run complete_words devnum --json ex
	assert_output explain
}

@test "options complete" {
	run complete_words devnum --sch
	assert_output --scheme=
	run complete_words devnum decode --st
	assert_output --strict
}

@test "scheme names and aliases complete after --scheme, -s, --from and --to" {
	run complete_words devnum -s gl
	assert_output glibc
	run bash -c "$(declare -f complete_words); top_srcdir='$top_srcdir' complete_words devnum --scheme = fr | sort"
	assert_output $'freebsd\nfreebsd11\nfreebsd12'
	run complete_words devnum convert --from mac
	assert_output macos
	run complete_words devnum -t illu
	assert_output illumos
}

@test "every scheme from devnum schemes is offered" {
	# every name and alias, "native" among the native scheme's aliases
	run complete_words devnum -s ""
	assert_equal "${#lines[@]}" "$(devnum schemes --json | jq -s '[.[] | .scheme, .aliases[]] | length')"
	assert_line native
}

@test "layout completes a scheme, stat completes files" {
	run bash -c "$(declare -f complete_words); top_srcdir='$top_srcdir' complete_words devnum layout sol | sort"
	assert_output $'solaris\nsolaris32\nsolaris64'
	run complete_words devnum stat /dev/nul
	assert_output /dev/null
}

@test "diff completes files for both inputs, and the options it takes" {
	run complete_words devnum diff /dev/nul
	assert_output /dev/null
	run complete_words devnum diff /dev/null /dev/nul
	assert_output /dev/null
	run complete_words devnum diff --st
	assert_output --strip=
	run complete_words devnum diff --pr
	assert_output --prefix=
	run complete_words devnum scan --pr
	assert_output ""
}

@test "zsh: the completion loads in zsh and offers commands and every scheme" {
	command -v zsh >/dev/null || skip "zsh is not installed"
	run zsh -f -c 'fpath=("$1/completion" $fpath); autoload -Uz compinit; compinit -u -d "$2/zcd"
		print -r -- $_comps[devnum]' _ "$top_srcdir" "$BATS_TEST_TMPDIR"
	assert_output _devnum
	# with zsh's completion helpers standing in, _devnum's own logic runs
	run zsh -f -c 'source "$1/completion/_devnum" 2>/dev/null
		_describe() { print -rl -- "${(@P)4}"; }
		_arguments() { state=command; }
		words=(devnum ""); CURRENT=2
		_devnum; _devnum_schemes' _ "$top_srcdir"
	assert_line "encode:raw value of each tuple in --scheme"
	assert_line "stat:the device numbers of files"
	assert_line glibc
	assert_line native
	assert_line '8\:8' # escaped, so that _describe offers the alias whole
	assert_equal "$(grep -c . <<<"$output")" "$(($(help_commands | wc -l) + $(devnum schemes --json | jq -s '[.[] | .scheme, .aliases[]] | length')))"
}

@test "zsh: options after the command are those it takes, with their values" {
	command -v zsh >/dev/null || skip "zsh is not installed"
	run zsh_options decode
	assert_line '--strict[decode, convert  a noncanonical alias is an error]'
	assert_line '--scheme=[scheme of raw values (default  native)]:NAME:_devnum_schemes'
	assert_line '-s+[scheme of raw values (default  native)]:NAME:_devnum_schemes'
	refute_line --partial '--dereference'
}

@test "zsh: installed where the installed zsh looks, under the prefix" {
	command -v zsh >/dev/null || skip "zsh is not installed"
	dir=$(sed -n 's/^zshcompdir = //p' "$abs_top_builddir/Makefile")
	prefix=$(sed -n 's/^prefix = //p' "$abs_top_builddir/Makefile")
	dir=${dir//'${datadir}'/$prefix/share}
	if zsh -fc 'print -l -- $fpath' | grep -qx "$prefix/share/zsh/vendor-completions\|$prefix/share/zsh/site-functions"; then
		zsh -fc 'print -l -- $fpath' | grep -qx "$dir" || fail "$dir is not in zsh's fpath"
	else
		assert_equal "$dir" "$prefix/share/zsh/site-functions"
	fi
}

@test "fish: the completion offers commands, scheme values in every form, files for stat" {
	command -v fish >/dev/null || skip "fish is not installed"
	run fish_complete 'devnum de'
	assert_output $'decode\tMAJOR:MINOR of each raw value in --scheme'
	run fish_complete 'devnum --scheme=gl'
	assert_output $'--scheme=glibc\tscheme of raw values (default: native)'
	run fish_complete 'devnum -s GL'
	assert_output $'glibc\tscheme of raw values (default: native)'
	run fish_complete 'devnum -s 8:'
	assert_output $'8:8\tscheme of raw values (default: native)'
	cd "$BATS_TEST_TMPDIR" && touch afile
	run fish_complete 'devnum stat af'
	assert_output afile
}

@test "every command in devnum --help is offered by bash, zsh and fish" {
	run complete_words devnum ""
	assert_equal "$(sort <<<"$output")" "$(help_commands | sort)"
	assert_equal "$(help_commands | wc -l)" 19
	# zsh and fish ask the program too: every command, with its summary
	if command -v zsh >/dev/null; then
		run zsh -f -c 'source "$1/completion/_devnum" 2>/dev/null
			_describe() { print -l -- "${(@P)4}"; }; _arguments() { state=command; }
			words=(devnum ""); CURRENT=2; _devnum' _ "$top_srcdir"
		assert_equal "$(cut -d: -f1 <<<"$output" | sort)" "$(help_commands | sort)"
	fi
	if command -v fish >/dev/null; then
		run fish_complete 'devnum '
		assert_equal "$(cut -f1 <<<"$output" | sort)" "$(help_commands | sort)"
	fi
}

@test "--list=findings: every finding scan can make, as the manual lists them, with which are faults" {
	run2 devnum --list=findings
	assert_success
	# the manual's SCANNING ARCHIVES list: each finding an entry of its own
	# (alias and invalid share one), in the same order
	manual=$(awk '/^The findings:/ { on = 1; next } on && /^\.PP/ { exit }
		on && prev == ".TP" { gsub(/\\-/, "-"); gsub(/"/, ""); sub(/^\.BR? /, "");
			gsub(/ *, */, "\n"); print } { prev = $0 }' "$abs_top_builddir/man/devnum.1")
	assert_equal "$(cut -f1 <<<"$output")" "$manual"
	assert_equal "$(awk -F '\t' 'NF != 3 || $3 == ""' <<<"$output")" ""
	# the faults are what the manual says: all but whiteout, unsquashfs and rpm
	assert_equal "$(awk -F '\t' '$2 != "fault" { print $1 }' <<<"$output" | sort | tr '\n' ' ')" "rpm unsquashfs whiteout "
	assert_equal "$(cut -f2 <<<"$output" | sort -u | tr '\n' ' ')" " fault "
	# a fault sets the status, a finding that is none leaves it
	run2 bash -c "printf '#mtree\n./w type=char device=native,0,0\n' | bsdtar -cf - --format=ustar @- | devnum scan"
	assert_success
	assert_output --partial "[whiteout]"
	run2 bash -c "printf '#mtree\n./x type=block device=native,4096,0\n' | devnum scan"
	assert_failure 1
	assert_output --partial "[not-linux]"
	# every WHAT the completions offer is one devnum lists
	for what in $(sed -n 's/.*\[\[ $prev == --list \]\] && _devnum_reply "\(.*\)"/\1/p' "$top_srcdir/completion/devnum"); do
		run2 devnum --list="$what"
		assert_success
	done
	assert_equal "$what" fields
}

@test "--list=formats: what scan reads, its kind and library, as the manual and scan's own refusal say" {
	run2 devnum --list=formats
	assert_success
	assert_equal "$(awk -F '\t' 'NF != 4 || $2 !~ /^(archive|layout|image|specification|directory|compression|partitions|unread)$/ ||
		($2 == "unread") != ($3 == "" && $4 == "") || $4 !~ /^(stream|seek|directory|)$/' <<<"$output")" ""
	assert_line $'ext4\timage\tlibext2fs\tseek'
	assert_line $'squashfs\timage\tlibsquashfs\tseek'
	assert_line $'tar\tarchive\tlibarchive\tstream'
	assert_line $'zip\tarchive\tdevnum\tseek'
	assert_line $'GPT\tpartitions\tlibblkid\tseek'
	assert_line $'oci-layout\tlayout\tlibjansson\tdirectory'
	# each image the manual's section names, with the library that reads it
	section=$(awk '/^\.SH SCANNING FILE-SYSTEM IMAGES/ { on = 1; next } on && /^\.SH/ { exit } on' \
		"$abs_top_builddir/man/devnum.1")
	while IFS=$'\t' read -r name kind library access; do
		[ "$kind" = image ] || continue
		grep -qw -- "$name" <<<"$section" || fail "the manual does not say scan reads $name"
		grep -qw -- "$library" <<<"$section" || fail "the manual does not name $library"
	done <<<"$output"
	# scan's refusal of an image it does not read lists the same images
	images=$(awk -F '\t' '$2 == "image" { print $1 }' <<<"$output" | sed '$!s/$/,/' | tr '\n' ' ' |
		sed 's/, \([^ ]*\) $/ and \1/')
	need mkfs.minix util-linux
	truncate -s 1M "$BATS_TEST_TMPDIR/minix" && mkfs.minix "$BATS_TEST_TMPDIR/minix" >/dev/null
	run2 devnum scan "$BATS_TEST_TMPDIR/minix"
	assert_failure 2
	[[ $stderr == *"which scan does not read (it reads $images): "* ]] || fail "$stderr"
}

@test "--list=formats: each specification has its entry in the manual, and --spec completes them" {
	specs=$(devnum --list=formats | awk -F '\t' '$2 == "specification" { print $1 }')
	assert_equal "$(wc -l <<<"$specs")" 9
	# the manual's section: one .TP entry for each, in the table's order
	manual=$(awk '/^\.SH SCANNING DEVICE SPECIFICATIONS/ { on = 1; next } on && /^\.SH/ { exit }
		on && prev == ".TP" { sub(/^\.B /, ""); gsub(/\\-/, "-"); print } { prev = $0 }' \
		"$abs_top_builddir/man/devnum.1")
	assert_equal "$manual" "$specs"
	run complete_words devnum scan --spec ""
	assert_equal "$output" "$specs"
	run complete_words devnum scan --spec = ps
	assert_output pseudo
	if command -v zsh >/dev/null; then
		run zsh_options scan
		assert_line --partial "--spec=[scan  read inputs as this device specification]:FORMAT:_devnum_specs_formats"
	fi
	if command -v fish >/dev/null; then
		run fish_complete 'devnum scan --spec='
		assert_equal "$(cut -f1 <<<"$output" | sed 's/^--spec=//' | LC_ALL=C sort)" "$(LC_ALL=C sort <<<"$specs")"
	fi
}

@test "--list gives the completions their names: commands, options, schemes, containers, writers" {
	run2 devnum --list=commands
	assert_success
	assert_equal "$(cut -f1 <<<"$output")" "$(help_commands)"
	run2 devnum --list=schemes
	assert_equal "${#lines[@]}" "$(devnum schemes --json | jq -s '[.[] | .scheme, .aliases[]] | length')"
	run2 devnum --list=containers
	assert_equal "${#lines[@]}" "$(devnum containers --json | jq -s '[.[] | .container, .aliases[]] | length')"
	# each writer, then its other names: a raw mknodat is also go, moby, containerd
	run2 devnum --list=writers
	assert_equal "$output" "$(known_writers | sed 's/^syscall$/syscall\ngo\nmoby\ncontainerd/')"
	# an option's row: long name, letter, value, help; per command, only its own
	run2 devnum --list=options decode
	assert_line $'--scheme\t-s\tNAME\tscheme of raw values (default: native)'
	assert_line $'--strict\t\t\tdecode, convert: a noncanonical alias is an error'
	refute_line --partial --dereference
	run2 devnum --list=options stat
	assert_line --partial --dereference
	refute_line --partial --strict
	run2 devnum --list=nosuch
	assert_failure 2
	[[ $stderr == "devnum: --list: 'nosuch' is not commands, options, schemes, containers, writers, findings, formats or fields"* ]]
	run2 devnum --list=schemes extra
	assert_failure 2
}

@test "bash: --scheme= with nothing after it offers every scheme, and 8:8 completes whole" {
	# bash splits --scheme= into --scheme and =, the cursor on the =
	run complete_words devnum decode --scheme =
	assert_equal "${#lines[@]}" "$(devnum --list=schemes | wc -l)"
	run complete_words devnum decode --from =
	assert_line glibc
	# options after the command are those it takes
	run complete_words devnum stat --d
	assert_output --dereference
	run complete_words devnum decode --d
	assert_output ""
	# with bash-completion, as in a real shell: 8: is joined to the word again
	[ -r /usr/share/bash-completion/bash_completion ] || skip "bash-completion is not installed"
	run bash -c '. /usr/share/bash-completion/bash_completion; . "$1/completion/devnum"
		COMP_LINE="devnum -s 8:"; COMP_POINT=${#COMP_LINE}
		COMP_WORDS=(devnum -s 8 :); COMP_CWORD=3; _devnum
		printf "%s\n" "${COMPREPLY[@]}"' _ "$top_srcdir"
	assert_output 8
}

@test "pack and unpack complete a container, --into a list, --writer every writer" {
	run complete_words devnum pack cpio-o
	assert_output cpio-odc
	run complete_words devnum unpack ext4
	assert_output ext4
	run complete_words devnum fits --into ustar,cpio-n
	assert_output ustar,cpio-newc
	run complete_words devnum fits --into = cpio-b
	assert_output cpio-bin
	run complete_words devnum fits --writer b
	assert_output bsdtar
	run complete_words devnum fits --writer ""
	assert_equal "$(sort <<<"$output")" "$(printf '%s\n' $(known_writers) go moby containerd | sort)"
	assert_equal "$(known_writers | wc -l)" 20
	run complete_words devnum fits --writer mo
	assert_output moby
}

@test "fish: containers after pack, a list after --into" {
	command -v fish >/dev/null || skip "fish is not installed"
	run fish_complete 'devnum pack cpio-o'
	assert_output cpio-odc
	run fish_complete 'devnum fits --into=ustar,ext4'
	assert_output $'--into=ustar,ext4\tfits, scan: only these containers; exit 1 unless all survive'
}

# values_complete COMMAND OPTION VALUE HELP A B: OPTION after COMMAND
# offers A and B in bash (a prefix of B picks B), zsh (its spec, with
# HELP) and fish (a prefix of A picks A).
values_complete() {
	local cmd=$1 opt=$2 value=$3 help=$4 a=$5 b=$6
	run complete_words devnum "$cmd" "$opt" ""
	assert_output "$a"$'\n'"$b"
	run complete_words devnum "$cmd" "$opt" = "${b:0:2}"
	assert_output "$b"
	if command -v zsh >/dev/null; then
		run zsh_options "$cmd"
		assert_line "$opt=[${help//:/ }]:$value:($a $b)"
	fi
	if command -v fish >/dev/null; then
		run fish_complete "devnum $cmd $opt=${a:0:1}"
		assert_output "$opt=$a"$'\t'"$help"
	fi
}

@test "explain's --sort completes registry and scheme in bash, zsh and fish" {
	values_complete explain --sort ORDER 'explain: registry (named devices first) or scheme' registry scheme
}

@test "name's --type completes char and block in bash, zsh and fish" {
	values_complete name --type TYPE 'name: only char or only block devices' char block
	if command -v zsh >/dev/null; then
		run zsh_options name
		assert_line '--offline[name  the registry alone, not the running system]'
		refute_line --partial '--scheme'
	fi
}

@test "--list=fields: every field a JSON record has, with its JSON type; the others only plain" {
	run2 devnum --list=fields
	assert_success
	assert_equal "$(awk -F '\t' 'NF != 3 || $3 == "" || $2 !~ /^(string|number|boolean|array|object|-)$/' <<<"$output")" ""
	declare -A type
	while IFS=$'\t' read -r name t _; do type[$name]=$t; done <<<"$output"
	# the records of several commands, each key's JSON type as jq sees it
	# (null where a value is unknown; hex and canonical_hex go with the raws)
	{ devnum decode --json 0x801; devnum fits --json --into=cpio-odc 8:256 || true
	  devnum schemes --json; devnum name --json --offline 8:1; devnum whence --json 4104:0
	  printf '#mtree\n./x type=char device=native,4096,0\n' | devnum scan --json || true
	  devnum explain --json 0x801; devnum stat --json /dev/null; devnum layout --json kernel 0x801
	  printf 'nod /dev/a 0600 0 0 b 8 256\n' >"$BATS_TEST_TMPDIR/a"
	  printf 'nod /dev/a 0600 0 0 b 8 0\n' | devnum diff --json "$BATS_TEST_TMPDIR/a" - || true
	} | jq -r 'to_entries[] | select((.key | test("hex$") | not) and .value != null) | "\(.key) \(.value | type)"' |
		sort -u >"$BATS_TEST_TMPDIR/seen"
	[ -s "$BATS_TEST_TMPDIR/seen" ] || fail "no JSON records"
	while read -r key t; do
		assert_equal "$key ${type[$key]:-missing}" "$key $t"
	done <"$BATS_TEST_TMPDIR/seen"
	assert_equal "${type[cell]} ${type[mtree]}" "- -"
}
