# fish completion for devnum(1): commands, options, and the scheme names
# and aliases as devnum itself lists them, so it cannot fall behind.

set -l commands encode decode convert check canon aliases explain schemes layout stat fits pack unpack containers scan

function __devnum_schemes
    devnum schemes --format='%s %{aliases}' 2>/dev/null | string split ' ' | string split ',' | string match -v -- -
end

function __devnum_containers
    devnum containers --format='%C %{aliases}' 2>/dev/null | string split ' ' | string split ',' | string match -v -- -
end

complete -c devnum -f
complete -c devnum -n "not __fish_seen_subcommand_from $commands" -a "$commands"
complete -c devnum -s s -l scheme -x -a '(__devnum_schemes)' -d 'scheme of raw values'
complete -c devnum -s f -l from -x -a '(__devnum_schemes)' -d 'convert: scheme of the input'
complete -c devnum -s t -l to -x -a '(__devnum_schemes)' -d 'convert: scheme of the output'
complete -c devnum -l strict -d 'a noncanonical alias is an error'
complete -c devnum -l legacy -d 'canon: read values as legacy 16-bit numbers'
complete -c devnum -l input-base -x -a '16 10 8' -d 'read bare digits in this base'
complete -c devnum -s j -l json -d 'one JSON object per record'
complete -c devnum -l format -x -d 'print each record by a template'
complete -c devnum -l base -x -a '16 10 8' -d 'base of raw output'
complete -c devnum -s x -d 'raw output in hex'
complete -c devnum -s d -d 'raw output in decimal'
complete -c devnum -s o -d 'raw output in octal'
complete -c devnum -l pad -d "pad raw output to the scheme's width"
complete -c devnum -s z -l zero-terminated -d 'records end in NUL'
complete -c devnum -s q -l quiet -d 'check: only the exit status'
complete -c devnum -s L -l dereference -d 'stat: follow symbolic links'
complete -c devnum -l into -x -a '(__fish_complete_list , __devnum_containers)' -d 'fits: only these containers'
complete -c devnum -l writer -x -a 'gnu-tar bsdtar xorriso genisoimage gnu-cpio mke2fs debugfs mksquashfs linux' -d 'fits: judge by this writer'
complete -c devnum -l summary -d 'scan: counts of each archive on stderr'
complete -c devnum -s h -l help -d 'show help'
complete -c devnum -l usage -d 'show a short usage message'
complete -c devnum -s V -l version -d 'show the version'
complete -c devnum -n '__fish_seen_subcommand_from layout' -a '(__devnum_schemes)'
complete -c devnum -n '__fish_seen_subcommand_from stat scan' -F
complete -c devnum -n '__fish_seen_subcommand_from pack unpack' -a '(__devnum_containers)'
