# fish completion for devnum(1).  Commands, options, schemes, containers
# and writers are asked of devnum itself (devnum --list=...), so that the
# completion cannot fall behind the program.

function __devnum_list
    devnum --list=$argv 2>/dev/null
end

# the command word given so far, if any
function __devnum_command
    set -l commands (__devnum_list commands | string replace -r '\t.*' '')
    for w in (commandline -opc)[2..-1]
        if contains -- $w $commands
            echo $w
            return
        end
    end
end

complete -c devnum -f
complete -c devnum -n 'test -z "$(__devnum_command)"' -a '(__devnum_list commands)'

# every option, from devnum's own table: long name, letter, value, help
for line in (__devnum_list options)
    set -l f (string split \t -- $line)
    set -l args -d $f[4]
    test -n "$f[1]"; and set -a args -l (string replace -- -- '' $f[1])
    test -n "$f[2]"; and set -a args -s (string replace -- - '' $f[2])
    if test -n "$f[3]"
        set -a args -x
        switch $f[1]
            case --scheme --from --to
                set -a args -a '(__devnum_list schemes)'
            case --into
                set -a args -a '(__fish_complete_list , "__devnum_list containers")'
            case --writer
                set -a args -a '(__devnum_list writers)'
            case --spec
                set -a args -a '(__devnum_list formats | string match -r \'^[^\t]+(?=\tspecification\t)\')'
            case --base --input-base
                set -a args -a '16 10 8'
            case --type
                set -a args -a 'char block'
            case --sort
                set -a args -a 'registry scheme'
            case --list
                set -a args -a 'commands options schemes containers writers findings formats fields'
        end
    end
    complete -c devnum $args
end

complete -c devnum -n '__fish_seen_subcommand_from layout' -a '(__devnum_list schemes)'
complete -c devnum -n '__fish_seen_subcommand_from stat scan diff' -F
complete -c devnum -n '__fish_seen_subcommand_from pack unpack' -a '(__devnum_list containers)'
