#!/usr/bin/env bats
# completion: the bash completion script, loaded into bash and asked.
load helper

# complete WORDS...: what _devnum offers for the last word
complete_words() {
	bash -c '. "$1/completion/devnum"; shift
		COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _devnum
		printf "%s\n" "${COMPREPLY[@]}"' _ "$top_srcdir" "$@"
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
