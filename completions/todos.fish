# Print an optspec for argparse to handle cmd's options that are independent of any subcommand.
function __fish_todos_global_optspecs
    string join \n C/workspace= json color= q/quiet lock-timeout= h/help V/version
end

function __fish_todos_needs_command
    # Figure out if the current invocation already has a command.
    set -l cmd (commandline -opc)
    set -e cmd[1]
    argparse -s (__fish_todos_global_optspecs) -- $cmd 2>/dev/null
    or return
    if set -q argv[1]
        # Also print the command, so this can be used to figure out what it is.
        echo $argv[1]
        return 1
    end
    return 0
end

function __fish_todos_using_subcommand
    set -l cmd (__fish_todos_needs_command)
    test -z "$cmd"
    and return 1
    contains -- $cmd[1] $argv
end

complete -c todos -n "__fish_todos_needs_command" -s C -l workspace -d 'The folder that holds `.todos.json` [default: nearest with .todos.json, else with .git, else .]' -r -F
complete -c todos -n "__fish_todos_needs_command" -l color -d 'When to color the output' -r -f -a "auto\t'Color into a terminal only; NO_COLOR turns it off, CLICOLOR_FORCE on'
always\t'Always color, even into a pipe'
never\t'Never color'"
complete -c todos -n "__fish_todos_needs_command" -l lock-timeout -d 'Seconds to wait for another `todos` holding the store\'s lock' -r
complete -c todos -n "__fish_todos_needs_command" -l json -d 'Print one JSON envelope on stdout, for success and failure alike'
complete -c todos -n "__fish_todos_needs_command" -s q -l quiet -d 'Print nothing on success (errors and warnings still go to stderr)'
complete -c todos -n "__fish_todos_needs_command" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c todos -n "__fish_todos_needs_command" -s V -l version -d 'Print version'
complete -c todos -n "__fish_todos_needs_command" -f -a "write" -d 'Replace the whole list with a snapshot'
complete -c todos -n "__fish_todos_needs_command" -f -a "create" -d 'Append new pending items'
complete -c todos -n "__fish_todos_needs_command" -f -a "update" -d 'Change one item\'s status and/or content'
complete -c todos -n "__fish_todos_needs_command" -f -a "show" -d 'Print the checklist'
complete -c todos -n "__fish_todos_needs_command" -f -a "recap" -d 'Print the one-line progress recap'
complete -c todos -n "__fish_todos_needs_command" -f -a "completions" -d 'Print a shell completion script'
complete -c todos -n "__fish_todos_needs_command" -f -a "man" -d 'Print the man page'
complete -c todos -n "__fish_todos_needs_command" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c todos -n "__fish_todos_using_subcommand write" -l file -d 'Read the snapshot from a file' -r -F
complete -c todos -n "__fish_todos_using_subcommand write" -l summary -d 'The one line saying what the whole plan is for (overrides the snapshot\'s)' -r
complete -c todos -n "__fish_todos_using_subcommand write" -s t -l todo -d 'An item as STATUS:CONTENT (statuses below), e.g. `-t in_progress:"Patch the check"`; repeat in order' -r
complete -c todos -n "__fish_todos_using_subcommand write" -l expect-revision -d 'Refuse (exit 3) unless the store is at this revision' -r
complete -c todos -n "__fish_todos_using_subcommand write" -s C -l workspace -d 'The folder that holds `.todos.json` [default: nearest with .todos.json, else with .git, else .]' -r -F
complete -c todos -n "__fish_todos_using_subcommand write" -l color -d 'When to color the output' -r -f -a "auto\t'Color into a terminal only; NO_COLOR turns it off, CLICOLOR_FORCE on'
always\t'Always color, even into a pipe'
never\t'Never color'"
complete -c todos -n "__fish_todos_using_subcommand write" -l lock-timeout -d 'Seconds to wait for another `todos` holding the store\'s lock' -r
complete -c todos -n "__fish_todos_using_subcommand write" -l new-session -d 'Start a new session: the next finished plan goes to a new completion log'
complete -c todos -n "__fish_todos_using_subcommand write" -l json -d 'Print one JSON envelope on stdout, for success and failure alike'
complete -c todos -n "__fish_todos_using_subcommand write" -s q -l quiet -d 'Print nothing on success (errors and warnings still go to stderr)'
complete -c todos -n "__fish_todos_using_subcommand write" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c todos -n "__fish_todos_using_subcommand write" -s V -l version -d 'Print version'
complete -c todos -n "__fish_todos_using_subcommand create" -l expect-revision -d 'Refuse (exit 3) unless the store is at this revision' -r
complete -c todos -n "__fish_todos_using_subcommand create" -s C -l workspace -d 'The folder that holds `.todos.json` [default: nearest with .todos.json, else with .git, else .]' -r -F
complete -c todos -n "__fish_todos_using_subcommand create" -l color -d 'When to color the output' -r -f -a "auto\t'Color into a terminal only; NO_COLOR turns it off, CLICOLOR_FORCE on'
always\t'Always color, even into a pipe'
never\t'Never color'"
complete -c todos -n "__fish_todos_using_subcommand create" -l lock-timeout -d 'Seconds to wait for another `todos` holding the store\'s lock' -r
complete -c todos -n "__fish_todos_using_subcommand create" -l json -d 'Print one JSON envelope on stdout, for success and failure alike'
complete -c todos -n "__fish_todos_using_subcommand create" -s q -l quiet -d 'Print nothing on success (errors and warnings still go to stderr)'
complete -c todos -n "__fish_todos_using_subcommand create" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c todos -n "__fish_todos_using_subcommand create" -s V -l version -d 'Print version'
complete -c todos -n "__fish_todos_using_subcommand update" -l content -d 'New text for the item' -r
complete -c todos -n "__fish_todos_using_subcommand update" -l expect-revision -d 'Refuse (exit 3) unless the store is at this revision' -r
complete -c todos -n "__fish_todos_using_subcommand update" -s C -l workspace -d 'The folder that holds `.todos.json` [default: nearest with .todos.json, else with .git, else .]' -r -F
complete -c todos -n "__fish_todos_using_subcommand update" -l color -d 'When to color the output' -r -f -a "auto\t'Color into a terminal only; NO_COLOR turns it off, CLICOLOR_FORCE on'
always\t'Always color, even into a pipe'
never\t'Never color'"
complete -c todos -n "__fish_todos_using_subcommand update" -l lock-timeout -d 'Seconds to wait for another `todos` holding the store\'s lock' -r
complete -c todos -n "__fish_todos_using_subcommand update" -l reopen -d 'Allow a finished item (completed, cancelled, failed) to become open again'
complete -c todos -n "__fish_todos_using_subcommand update" -l json -d 'Print one JSON envelope on stdout, for success and failure alike'
complete -c todos -n "__fish_todos_using_subcommand update" -s q -l quiet -d 'Print nothing on success (errors and warnings still go to stderr)'
complete -c todos -n "__fish_todos_using_subcommand update" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c todos -n "__fish_todos_using_subcommand update" -s V -l version -d 'Print version'
complete -c todos -n "__fish_todos_using_subcommand show" -l format -d 'The output format' -r -f -a "text\t'The colored checklist, for people'
markdown\t'A Markdown task list, for notes and pull requests'
json\t'The plan as JSON: summary, todos, recap, revision'"
complete -c todos -n "__fish_todos_using_subcommand show" -s C -l workspace -d 'The folder that holds `.todos.json` [default: nearest with .todos.json, else with .git, else .]' -r -F
complete -c todos -n "__fish_todos_using_subcommand show" -l color -d 'When to color the output' -r -f -a "auto\t'Color into a terminal only; NO_COLOR turns it off, CLICOLOR_FORCE on'
always\t'Always color, even into a pipe'
never\t'Never color'"
complete -c todos -n "__fish_todos_using_subcommand show" -l lock-timeout -d 'Seconds to wait for another `todos` holding the store\'s lock' -r
complete -c todos -n "__fish_todos_using_subcommand show" -l json -d 'Print one JSON envelope on stdout, for success and failure alike'
complete -c todos -n "__fish_todos_using_subcommand show" -s q -l quiet -d 'Print nothing on success (errors and warnings still go to stderr)'
complete -c todos -n "__fish_todos_using_subcommand show" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c todos -n "__fish_todos_using_subcommand show" -s V -l version -d 'Print version'
complete -c todos -n "__fish_todos_using_subcommand recap" -s C -l workspace -d 'The folder that holds `.todos.json` [default: nearest with .todos.json, else with .git, else .]' -r -F
complete -c todos -n "__fish_todos_using_subcommand recap" -l color -d 'When to color the output' -r -f -a "auto\t'Color into a terminal only; NO_COLOR turns it off, CLICOLOR_FORCE on'
always\t'Always color, even into a pipe'
never\t'Never color'"
complete -c todos -n "__fish_todos_using_subcommand recap" -l lock-timeout -d 'Seconds to wait for another `todos` holding the store\'s lock' -r
complete -c todos -n "__fish_todos_using_subcommand recap" -l json -d 'Print one JSON envelope on stdout, for success and failure alike'
complete -c todos -n "__fish_todos_using_subcommand recap" -s q -l quiet -d 'Print nothing on success (errors and warnings still go to stderr)'
complete -c todos -n "__fish_todos_using_subcommand recap" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c todos -n "__fish_todos_using_subcommand recap" -s V -l version -d 'Print version'
complete -c todos -n "__fish_todos_using_subcommand completions" -s C -l workspace -d 'The folder that holds `.todos.json` [default: nearest with .todos.json, else with .git, else .]' -r -F
complete -c todos -n "__fish_todos_using_subcommand completions" -l color -d 'When to color the output' -r -f -a "auto\t'Color into a terminal only; NO_COLOR turns it off, CLICOLOR_FORCE on'
always\t'Always color, even into a pipe'
never\t'Never color'"
complete -c todos -n "__fish_todos_using_subcommand completions" -l lock-timeout -d 'Seconds to wait for another `todos` holding the store\'s lock' -r
complete -c todos -n "__fish_todos_using_subcommand completions" -l json -d 'Print one JSON envelope on stdout, for success and failure alike'
complete -c todos -n "__fish_todos_using_subcommand completions" -s q -l quiet -d 'Print nothing on success (errors and warnings still go to stderr)'
complete -c todos -n "__fish_todos_using_subcommand completions" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c todos -n "__fish_todos_using_subcommand completions" -s V -l version -d 'Print version'
complete -c todos -n "__fish_todos_using_subcommand man" -s C -l workspace -d 'The folder that holds `.todos.json` [default: nearest with .todos.json, else with .git, else .]' -r -F
complete -c todos -n "__fish_todos_using_subcommand man" -l color -d 'When to color the output' -r -f -a "auto\t'Color into a terminal only; NO_COLOR turns it off, CLICOLOR_FORCE on'
always\t'Always color, even into a pipe'
never\t'Never color'"
complete -c todos -n "__fish_todos_using_subcommand man" -l lock-timeout -d 'Seconds to wait for another `todos` holding the store\'s lock' -r
complete -c todos -n "__fish_todos_using_subcommand man" -l json -d 'Print one JSON envelope on stdout, for success and failure alike'
complete -c todos -n "__fish_todos_using_subcommand man" -s q -l quiet -d 'Print nothing on success (errors and warnings still go to stderr)'
complete -c todos -n "__fish_todos_using_subcommand man" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c todos -n "__fish_todos_using_subcommand man" -s V -l version -d 'Print version'
complete -c todos -n "__fish_todos_using_subcommand help; and not __fish_seen_subcommand_from write create update show recap completions man help" -f -a "write" -d 'Replace the whole list with a snapshot'
complete -c todos -n "__fish_todos_using_subcommand help; and not __fish_seen_subcommand_from write create update show recap completions man help" -f -a "create" -d 'Append new pending items'
complete -c todos -n "__fish_todos_using_subcommand help; and not __fish_seen_subcommand_from write create update show recap completions man help" -f -a "update" -d 'Change one item\'s status and/or content'
complete -c todos -n "__fish_todos_using_subcommand help; and not __fish_seen_subcommand_from write create update show recap completions man help" -f -a "show" -d 'Print the checklist'
complete -c todos -n "__fish_todos_using_subcommand help; and not __fish_seen_subcommand_from write create update show recap completions man help" -f -a "recap" -d 'Print the one-line progress recap'
complete -c todos -n "__fish_todos_using_subcommand help; and not __fish_seen_subcommand_from write create update show recap completions man help" -f -a "completions" -d 'Print a shell completion script'
complete -c todos -n "__fish_todos_using_subcommand help; and not __fish_seen_subcommand_from write create update show recap completions man help" -f -a "man" -d 'Print the man page'
complete -c todos -n "__fish_todos_using_subcommand help; and not __fish_seen_subcommand_from write create update show recap completions man help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
