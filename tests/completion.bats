#!/usr/bin/env bats
# completion: the bash completion script, loaded into bash and asked.
load helper

# complete WORDS...: what _devnum offers for the last word
complete_words() {
	bash -c '. "$1/completion/devnum"; shift
		COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _devnum
		printf "%s\n" "${COMPREPLY[@]}"' _ "$top_srcdir" "$@"
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

@test "zsh: the completion loads in zsh and offers commands and every scheme" {
	command -v zsh >/dev/null || skip "zsh is not installed"
	run zsh -f -c 'fpath=("$1/completion" $fpath); autoload -Uz compinit; compinit -u -d "$2/zcd"
		print -r -- $_comps[devnum]' _ "$top_srcdir" "$BATS_TEST_TMPDIR"
	assert_output _devnum
	# with zsh's completion helpers standing in, _devnum's own logic runs
	run zsh -f -c 'source "$1/completion/_devnum" 2>/dev/null
		_describe() { print -l -- "${(@P)4}"; }
		_arguments() { state=command; }
		_devnum; _devnum_schemes' _ "$top_srcdir"
	assert_line "encode:raw value of each tuple in --scheme"
	assert_line "stat:the device numbers of files"
	assert_line glibc
	assert_line native
	assert_equal "$(grep -c . <<<"$output")" "$(($(help_commands | wc -l) + $(devnum schemes --json | jq -s '[.[] | .scheme, .aliases[]] | length')))"
}

@test "fish: the completion offers commands, scheme values in every form, files for stat" {
	command -v fish >/dev/null || skip "fish is not installed"
	run fish -c "source '$top_srcdir/completion/devnum.fish'; complete -C'devnum de'"
	assert_output decode
	run fish -c "source '$top_srcdir/completion/devnum.fish'; complete -C'devnum --scheme=gl'"
	assert_output $'--scheme=glibc\tscheme of raw values'
	run fish -c "source '$top_srcdir/completion/devnum.fish'; complete -C'devnum -s GL'"
	assert_output $'glibc\tscheme of raw values'
	cd "$BATS_TEST_TMPDIR" && touch afile
	run fish -c "source '$top_srcdir/completion/devnum.fish'; complete -C'devnum stat af'"
	assert_output afile
}

@test "every command in devnum --help is offered by bash, zsh and fish" {
	run complete_words devnum ""
	assert_equal "$(sort <<<"$output")" "$(help_commands | sort)"
	assert_equal "$(help_commands | wc -l)" 15
	for c in $(help_commands); do
		grep -q "'$c:\|\"$c:" "$top_srcdir/completion/_devnum" || fail "zsh lacks $c"
		grep -q "^set -l commands.* $c\b" "$top_srcdir/completion/devnum.fish" || fail "fish lacks $c"
	done
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
	assert_equal "$(sort <<<"$output")" "$(known_writers | sort)"
	assert_equal "$(known_writers | wc -l)" 9
	for w in $(known_writers); do
		grep -q "$w" "$top_srcdir/completion/_devnum" || fail "zsh lacks writer $w"
		grep -q "$w" "$top_srcdir/completion/devnum.fish" || fail "fish lacks writer $w"
	done
}

@test "fish: containers after pack, a list after --into" {
	command -v fish >/dev/null || skip "fish is not installed"
	run fish -c "source '$top_srcdir/completion/devnum.fish'; complete -C'devnum pack cpio-o'"
	assert_output cpio-odc
	run fish -c "source '$top_srcdir/completion/devnum.fish'; complete -C'devnum fits --into=ustar,ext4'"
	assert_output $'--into=ustar,ext4\tfits: only these containers'
}
