# Print an optspec for argparse to handle cmd's options that are independent of any subcommand.
function __fish_todos_global_optspecs
    string join \n C/workspace= l/list= json color= q/quiet lock-timeout= h/help V/version
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

complete -c todos -n "__fish_todos_needs_command" -s C -l workspace -d 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: nearest with .todos.json, else with .git, else .]' -r -F
complete -c todos -n "__fish_todos_needs_command" -s l -l list -d 'The list to work on: a named plan in .todos/NAME.json (default: the workspace\'s .todos.json) [env: TODOS_LIST]' -r
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
complete -c todos -n "__fish_todos_needs_command" -f -a "update" -d 'Change one item\'s status, content, owner or dependencies'
complete -c todos -n "__fish_todos_needs_command" -f -a "remove" -d 'Delete items by id'
complete -c todos -n "__fish_todos_needs_command" -f -a "next" -d 'Print the next ready item, or claim it with --claim'
complete -c todos -n "__fish_todos_needs_command" -f -a "show" -d 'Print the checklist'
complete -c todos -n "__fish_todos_needs_command" -f -a "recap" -d 'Print the one-line progress recap'
complete -c todos -n "__fish_todos_needs_command" -f -a "undo" -d 'Restore the plan as it was before the last change, or at any kept revision'
complete -c todos -n "__fish_todos_needs_command" -f -a "history" -d 'List the kept revisions of the plan, newest first, or print one of them'
complete -c todos -n "__fish_todos_needs_command" -f -a "schema" -d 'Print the JSON Schema of a command\'s input, or a function-tool definition for an LLM API'
complete -c todos -n "__fish_todos_needs_command" -f -a "prompt" -d 'Print a short guide to `todos` for an agent\'s system prompt, with the limits in force'
complete -c todos -n "__fish_todos_needs_command" -f -a "check" -d 'Exit 0 when the plan is empty or finished, 1 while items are open'
complete -c todos -n "__fish_todos_needs_command" -f -a "init" -d 'Set an agent up to use `todos`: write its instructions file, and with --hooks its hooks'
complete -c todos -n "__fish_todos_needs_command" -f -a "hook" -d 'The hook every agent runs: the plan at session start, a reminder at a stop'
complete -c todos -n "__fish_todos_needs_command" -f -a "completions" -d 'Print a shell completion script'
complete -c todos -n "__fish_todos_needs_command" -f -a "man" -d 'Print the man page'
complete -c todos -n "__fish_todos_needs_command" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c todos -n "__fish_todos_using_subcommand write" -s C -l workspace -d 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: nearest with .todos.json, else with .git, else .]' -r -F
complete -c todos -n "__fish_todos_using_subcommand write" -s l -l list -d 'The list to work on: a named plan in .todos/NAME.json (default: the workspace\'s .todos.json) [env: TODOS_LIST]' -r
complete -c todos -n "__fish_todos_using_subcommand write" -l color -d 'When to color the output' -r -f -a "auto\t'Color into a terminal only; NO_COLOR turns it off, CLICOLOR_FORCE on'
always\t'Always color, even into a pipe'
never\t'Never color'"
complete -c todos -n "__fish_todos_using_subcommand write" -l lock-timeout -d 'Seconds to wait for another `todos` holding the store\'s lock' -r
complete -c todos -n "__fish_todos_using_subcommand write" -l file -d 'Read the snapshot from a file' -r -F
complete -c todos -n "__fish_todos_using_subcommand write" -l summary -d 'The one line saying what the whole plan is for. It overrides the snapshot\'s; given alone (nothing piped in, no -t), it changes only the summary' -r
complete -c todos -n "__fish_todos_using_subcommand write" -s t -l todo -d 'An item as STATUS:CONTENT (statuses below), e.g. `-t in_progress:"Patch the check"`; repeat in order' -r
complete -c todos -n "__fish_todos_using_subcommand write" -l expect-revision -d 'Refuse (exit 3) unless the store is at this revision' -r
complete -c todos -n "__fish_todos_using_subcommand write" -l json -d 'Print one JSON envelope on stdout, for success and failure alike'
complete -c todos -n "__fish_todos_using_subcommand write" -s q -l quiet -d 'Print nothing on success (errors and warnings still go to stderr)'
complete -c todos -n "__fish_todos_using_subcommand write" -l new-session -d 'Start a new session: the next finished plan goes to a new completion log'
complete -c todos -n "__fish_todos_using_subcommand write" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c todos -n "__fish_todos_using_subcommand write" -s V -l version -d 'Print version'
complete -c todos -n "__fish_todos_using_subcommand create" -s C -l workspace -d 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: nearest with .todos.json, else with .git, else .]' -r -F
complete -c todos -n "__fish_todos_using_subcommand create" -s l -l list -d 'The list to work on: a named plan in .todos/NAME.json (default: the workspace\'s .todos.json) [env: TODOS_LIST]' -r
complete -c todos -n "__fish_todos_using_subcommand create" -l color -d 'When to color the output' -r -f -a "auto\t'Color into a terminal only; NO_COLOR turns it off, CLICOLOR_FORCE on'
always\t'Always color, even into a pipe'
never\t'Never color'"
complete -c todos -n "__fish_todos_using_subcommand create" -l lock-timeout -d 'Seconds to wait for another `todos` holding the store\'s lock' -r
complete -c todos -n "__fish_todos_using_subcommand create" -l blocked-by -d 'Each new item waits on this item (repeat for more)' -r
complete -c todos -n "__fish_todos_using_subcommand create" -l owner -d 'Who works on the new items: 1-64 letters, digits, \'.\', \'_\', \'-\' or \'@\'' -r
complete -c todos -n "__fish_todos_using_subcommand create" -l expect-revision -d 'Refuse (exit 3) unless the store is at this revision' -r
complete -c todos -n "__fish_todos_using_subcommand create" -l json -d 'Print one JSON envelope on stdout, for success and failure alike'
complete -c todos -n "__fish_todos_using_subcommand create" -s q -l quiet -d 'Print nothing on success (errors and warnings still go to stderr)'
complete -c todos -n "__fish_todos_using_subcommand create" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c todos -n "__fish_todos_using_subcommand create" -s V -l version -d 'Print version'
complete -c todos -n "__fish_todos_using_subcommand update" -s C -l workspace -d 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: nearest with .todos.json, else with .git, else .]' -r -F
complete -c todos -n "__fish_todos_using_subcommand update" -s l -l list -d 'The list to work on: a named plan in .todos/NAME.json (default: the workspace\'s .todos.json) [env: TODOS_LIST]' -r
complete -c todos -n "__fish_todos_using_subcommand update" -l color -d 'When to color the output' -r -f -a "auto\t'Color into a terminal only; NO_COLOR turns it off, CLICOLOR_FORCE on'
always\t'Always color, even into a pipe'
never\t'Never color'"
complete -c todos -n "__fish_todos_using_subcommand update" -l lock-timeout -d 'Seconds to wait for another `todos` holding the store\'s lock' -r
complete -c todos -n "__fish_todos_using_subcommand update" -l content -d 'New text for the item' -r
complete -c todos -n "__fish_todos_using_subcommand update" -l owner -d 'Who works on the item: 1-64 letters, digits, \'.\', \'_\', \'-\' or \'@\'' -r
complete -c todos -n "__fish_todos_using_subcommand update" -l blocked-by -d 'The item waits on this item too (repeat for more)' -r
complete -c todos -n "__fish_todos_using_subcommand update" -l unblock -d 'The item no longer waits on this item (repeat for more)' -r
complete -c todos -n "__fish_todos_using_subcommand update" -l expect-revision -d 'Refuse (exit 3) unless the store is at this revision' -r
complete -c todos -n "__fish_todos_using_subcommand update" -l json -d 'Print one JSON envelope on stdout, for success and failure alike'
complete -c todos -n "__fish_todos_using_subcommand update" -s q -l quiet -d 'Print nothing on success (errors and warnings still go to stderr)'
complete -c todos -n "__fish_todos_using_subcommand update" -l no-owner -d 'The item has no owner any more'
complete -c todos -n "__fish_todos_using_subcommand update" -l reopen -d 'Allow a finished item (completed, cancelled, failed) to become open again'
complete -c todos -n "__fish_todos_using_subcommand update" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c todos -n "__fish_todos_using_subcommand update" -s V -l version -d 'Print version'
complete -c todos -n "__fish_todos_using_subcommand remove" -s C -l workspace -d 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: nearest with .todos.json, else with .git, else .]' -r -F
complete -c todos -n "__fish_todos_using_subcommand remove" -s l -l list -d 'The list to work on: a named plan in .todos/NAME.json (default: the workspace\'s .todos.json) [env: TODOS_LIST]' -r
complete -c todos -n "__fish_todos_using_subcommand remove" -l color -d 'When to color the output' -r -f -a "auto\t'Color into a terminal only; NO_COLOR turns it off, CLICOLOR_FORCE on'
always\t'Always color, even into a pipe'
never\t'Never color'"
complete -c todos -n "__fish_todos_using_subcommand remove" -l lock-timeout -d 'Seconds to wait for another `todos` holding the store\'s lock' -r
complete -c todos -n "__fish_todos_using_subcommand remove" -l expect-revision -d 'Refuse (exit 3) unless the store is at this revision' -r
complete -c todos -n "__fish_todos_using_subcommand remove" -l json -d 'Print one JSON envelope on stdout, for success and failure alike'
complete -c todos -n "__fish_todos_using_subcommand remove" -s q -l quiet -d 'Print nothing on success (errors and warnings still go to stderr)'
complete -c todos -n "__fish_todos_using_subcommand remove" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c todos -n "__fish_todos_using_subcommand remove" -s V -l version -d 'Print version'
complete -c todos -n "__fish_todos_using_subcommand next" -s C -l workspace -d 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: nearest with .todos.json, else with .git, else .]' -r -F
complete -c todos -n "__fish_todos_using_subcommand next" -s l -l list -d 'The list to work on: a named plan in .todos/NAME.json (default: the workspace\'s .todos.json) [env: TODOS_LIST]' -r
complete -c todos -n "__fish_todos_using_subcommand next" -l color -d 'When to color the output' -r -f -a "auto\t'Color into a terminal only; NO_COLOR turns it off, CLICOLOR_FORCE on'
always\t'Always color, even into a pipe'
never\t'Never color'"
complete -c todos -n "__fish_todos_using_subcommand next" -l lock-timeout -d 'Seconds to wait for another `todos` holding the store\'s lock' -r
complete -c todos -n "__fish_todos_using_subcommand next" -l owner -d 'Whose next item: items owned by someone else are skipped [env: TODOS_OWNER]' -r
complete -c todos -n "__fish_todos_using_subcommand next" -l json -d 'Print one JSON envelope on stdout, for success and failure alike'
complete -c todos -n "__fish_todos_using_subcommand next" -s q -l quiet -d 'Print nothing on success (errors and warnings still go to stderr)'
complete -c todos -n "__fish_todos_using_subcommand next" -l claim -d 'Mark the item in_progress and owned by --owner, in one locked change'
complete -c todos -n "__fish_todos_using_subcommand next" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c todos -n "__fish_todos_using_subcommand next" -s V -l version -d 'Print version'
complete -c todos -n "__fish_todos_using_subcommand show" -s C -l workspace -d 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: nearest with .todos.json, else with .git, else .]' -r -F
complete -c todos -n "__fish_todos_using_subcommand show" -s l -l list -d 'The list to work on: a named plan in .todos/NAME.json (default: the workspace\'s .todos.json) [env: TODOS_LIST]' -r
complete -c todos -n "__fish_todos_using_subcommand show" -l color -d 'When to color the output' -r -f -a "auto\t'Color into a terminal only; NO_COLOR turns it off, CLICOLOR_FORCE on'
always\t'Always color, even into a pipe'
never\t'Never color'"
complete -c todos -n "__fish_todos_using_subcommand show" -l lock-timeout -d 'Seconds to wait for another `todos` holding the store\'s lock' -r
complete -c todos -n "__fish_todos_using_subcommand show" -l format -d 'The output format' -r -f -a "text\t'The colored checklist, for people'
markdown\t'A Markdown task list, for notes and pull requests'
json\t'The plan as JSON: summary, todos, recap, revision'"
complete -c todos -n "__fish_todos_using_subcommand show" -l json -d 'Print one JSON envelope on stdout, for success and failure alike'
complete -c todos -n "__fish_todos_using_subcommand show" -s q -l quiet -d 'Print nothing on success (errors and warnings still go to stderr)'
complete -c todos -n "__fish_todos_using_subcommand show" -s w -l watch -d 'Keep watching: redraw whenever the plan changes, until Ctrl-C (into a pipe, print each new state followed by a blank line)'
complete -c todos -n "__fish_todos_using_subcommand show" -s a -l all -d 'Every list of the workspace, the default one first, each under its name'
complete -c todos -n "__fish_todos_using_subcommand show" -l long -d 'Also print each item\'s description, under it'
complete -c todos -n "__fish_todos_using_subcommand show" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c todos -n "__fish_todos_using_subcommand show" -s V -l version -d 'Print version'
complete -c todos -n "__fish_todos_using_subcommand recap" -s C -l workspace -d 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: nearest with .todos.json, else with .git, else .]' -r -F
complete -c todos -n "__fish_todos_using_subcommand recap" -s l -l list -d 'The list to work on: a named plan in .todos/NAME.json (default: the workspace\'s .todos.json) [env: TODOS_LIST]' -r
complete -c todos -n "__fish_todos_using_subcommand recap" -l color -d 'When to color the output' -r -f -a "auto\t'Color into a terminal only; NO_COLOR turns it off, CLICOLOR_FORCE on'
always\t'Always color, even into a pipe'
never\t'Never color'"
complete -c todos -n "__fish_todos_using_subcommand recap" -l lock-timeout -d 'Seconds to wait for another `todos` holding the store\'s lock' -r
complete -c todos -n "__fish_todos_using_subcommand recap" -l json -d 'Print one JSON envelope on stdout, for success and failure alike'
complete -c todos -n "__fish_todos_using_subcommand recap" -s q -l quiet -d 'Print nothing on success (errors and warnings still go to stderr)'
complete -c todos -n "__fish_todos_using_subcommand recap" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c todos -n "__fish_todos_using_subcommand recap" -s V -l version -d 'Print version'
complete -c todos -n "__fish_todos_using_subcommand undo" -s C -l workspace -d 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: nearest with .todos.json, else with .git, else .]' -r -F
complete -c todos -n "__fish_todos_using_subcommand undo" -s l -l list -d 'The list to work on: a named plan in .todos/NAME.json (default: the workspace\'s .todos.json) [env: TODOS_LIST]' -r
complete -c todos -n "__fish_todos_using_subcommand undo" -l color -d 'When to color the output' -r -f -a "auto\t'Color into a terminal only; NO_COLOR turns it off, CLICOLOR_FORCE on'
always\t'Always color, even into a pipe'
never\t'Never color'"
complete -c todos -n "__fish_todos_using_subcommand undo" -l lock-timeout -d 'Seconds to wait for another `todos` holding the store\'s lock' -r
complete -c todos -n "__fish_todos_using_subcommand undo" -l to -d 'Restore this revision (see `todos history`) instead of the one before the current' -r
complete -c todos -n "__fish_todos_using_subcommand undo" -l expect-revision -d 'Refuse (exit 3) unless the store is at this revision' -r
complete -c todos -n "__fish_todos_using_subcommand undo" -l json -d 'Print one JSON envelope on stdout, for success and failure alike'
complete -c todos -n "__fish_todos_using_subcommand undo" -s q -l quiet -d 'Print nothing on success (errors and warnings still go to stderr)'
complete -c todos -n "__fish_todos_using_subcommand undo" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c todos -n "__fish_todos_using_subcommand undo" -s V -l version -d 'Print version'
complete -c todos -n "__fish_todos_using_subcommand history" -s C -l workspace -d 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: nearest with .todos.json, else with .git, else .]' -r -F
complete -c todos -n "__fish_todos_using_subcommand history" -s l -l list -d 'The list to work on: a named plan in .todos/NAME.json (default: the workspace\'s .todos.json) [env: TODOS_LIST]' -r
complete -c todos -n "__fish_todos_using_subcommand history" -l color -d 'When to color the output' -r -f -a "auto\t'Color into a terminal only; NO_COLOR turns it off, CLICOLOR_FORCE on'
always\t'Always color, even into a pipe'
never\t'Never color'"
complete -c todos -n "__fish_todos_using_subcommand history" -l lock-timeout -d 'Seconds to wait for another `todos` holding the store\'s lock' -r
complete -c todos -n "__fish_todos_using_subcommand history" -l limit -d 'List at most this many revisions, the newest' -r
complete -c todos -n "__fish_todos_using_subcommand history" -l json -d 'Print one JSON envelope on stdout, for success and failure alike'
complete -c todos -n "__fish_todos_using_subcommand history" -s q -l quiet -d 'Print nothing on success (errors and warnings still go to stderr)'
complete -c todos -n "__fish_todos_using_subcommand history" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c todos -n "__fish_todos_using_subcommand history" -s V -l version -d 'Print version'
complete -c todos -n "__fish_todos_using_subcommand schema" -s C -l workspace -d 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: nearest with .todos.json, else with .git, else .]' -r -F
complete -c todos -n "__fish_todos_using_subcommand schema" -s l -l list -d 'The list to work on: a named plan in .todos/NAME.json (default: the workspace\'s .todos.json) [env: TODOS_LIST]' -r
complete -c todos -n "__fish_todos_using_subcommand schema" -l color -d 'When to color the output' -r -f -a "auto\t'Color into a terminal only; NO_COLOR turns it off, CLICOLOR_FORCE on'
always\t'Always color, even into a pipe'
never\t'Never color'"
complete -c todos -n "__fish_todos_using_subcommand schema" -l lock-timeout -d 'Seconds to wait for another `todos` holding the store\'s lock' -r
complete -c todos -n "__fish_todos_using_subcommand schema" -l tool -d 'Wrap the schema as this vendor\'s function-tool definition' -r -f -a "openai\t'{"type": "function", "name", "description", "parameters", "strict"} (Responses API)'
anthropic\t'{"name", "description", "input_schema"} (Messages API)'
gemini\t'{"name", "description", "parameters"}: a function declaration in Gemini\'s schema subset'"
complete -c todos -n "__fish_todos_using_subcommand schema" -l json -d 'Print one JSON envelope on stdout, for success and failure alike'
complete -c todos -n "__fish_todos_using_subcommand schema" -s q -l quiet -d 'Print nothing on success (errors and warnings still go to stderr)'
complete -c todos -n "__fish_todos_using_subcommand schema" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c todos -n "__fish_todos_using_subcommand schema" -s V -l version -d 'Print version'
complete -c todos -n "__fish_todos_using_subcommand prompt" -s C -l workspace -d 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: nearest with .todos.json, else with .git, else .]' -r -F
complete -c todos -n "__fish_todos_using_subcommand prompt" -s l -l list -d 'The list to work on: a named plan in .todos/NAME.json (default: the workspace\'s .todos.json) [env: TODOS_LIST]' -r
complete -c todos -n "__fish_todos_using_subcommand prompt" -l color -d 'When to color the output' -r -f -a "auto\t'Color into a terminal only; NO_COLOR turns it off, CLICOLOR_FORCE on'
always\t'Always color, even into a pipe'
never\t'Never color'"
complete -c todos -n "__fish_todos_using_subcommand prompt" -l lock-timeout -d 'Seconds to wait for another `todos` holding the store\'s lock' -r
complete -c todos -n "__fish_todos_using_subcommand prompt" -l json -d 'Print one JSON envelope on stdout, for success and failure alike'
complete -c todos -n "__fish_todos_using_subcommand prompt" -s q -l quiet -d 'Print nothing on success (errors and warnings still go to stderr)'
complete -c todos -n "__fish_todos_using_subcommand prompt" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c todos -n "__fish_todos_using_subcommand prompt" -s V -l version -d 'Print version'
complete -c todos -n "__fish_todos_using_subcommand check" -s C -l workspace -d 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: nearest with .todos.json, else with .git, else .]' -r -F
complete -c todos -n "__fish_todos_using_subcommand check" -s l -l list -d 'The list to work on: a named plan in .todos/NAME.json (default: the workspace\'s .todos.json) [env: TODOS_LIST]' -r
complete -c todos -n "__fish_todos_using_subcommand check" -l color -d 'When to color the output' -r -f -a "auto\t'Color into a terminal only; NO_COLOR turns it off, CLICOLOR_FORCE on'
always\t'Always color, even into a pipe'
never\t'Never color'"
complete -c todos -n "__fish_todos_using_subcommand check" -l lock-timeout -d 'Seconds to wait for another `todos` holding the store\'s lock' -r
complete -c todos -n "__fish_todos_using_subcommand check" -l stale -d 'Fail only when items are open and the plan has not changed for this many minutes' -r
complete -c todos -n "__fish_todos_using_subcommand check" -l json -d 'Print one JSON envelope on stdout, for success and failure alike'
complete -c todos -n "__fish_todos_using_subcommand check" -s q -l quiet -d 'Print nothing on success (errors and warnings still go to stderr)'
complete -c todos -n "__fish_todos_using_subcommand check" -l hook -d 'Run as an agent hook: exit 2 instead of 1, read the hook\'s JSON event on stdin'
complete -c todos -n "__fish_todos_using_subcommand check" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c todos -n "__fish_todos_using_subcommand check" -s V -l version -d 'Print version'
complete -c todos -n "__fish_todos_using_subcommand init" -s C -l workspace -d 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: nearest with .todos.json, else with .git, else .]' -r -F
complete -c todos -n "__fish_todos_using_subcommand init" -s l -l list -d 'The list to work on: a named plan in .todos/NAME.json (default: the workspace\'s .todos.json) [env: TODOS_LIST]' -r
complete -c todos -n "__fish_todos_using_subcommand init" -l color -d 'When to color the output' -r -f -a "auto\t'Color into a terminal only; NO_COLOR turns it off, CLICOLOR_FORCE on'
always\t'Always color, even into a pipe'
never\t'Never color'"
complete -c todos -n "__fish_todos_using_subcommand init" -l lock-timeout -d 'Seconds to wait for another `todos` holding the store\'s lock' -r
complete -c todos -n "__fish_todos_using_subcommand init" -l agent -d 'The agent to set up' -r -f -a "claude\t'Claude Code: CLAUDE.md (and .claude/settings.json with --hooks)'
codex\t'OpenAI Codex CLI: AGENTS.md (and .codex/hooks.json with --hooks)'
gemini\t'Gemini CLI: GEMINI.md (and .gemini/settings.json with --hooks)'
generic\t'Any other agent that reads AGENTS.md'"
complete -c todos -n "__fish_todos_using_subcommand init" -l json -d 'Print one JSON envelope on stdout, for success and failure alike'
complete -c todos -n "__fish_todos_using_subcommand init" -s q -l quiet -d 'Print nothing on success (errors and warnings still go to stderr)'
complete -c todos -n "__fish_todos_using_subcommand init" -l hooks -d 'Also install the agent\'s session-start and stop hooks (claude, codex, gemini)'
complete -c todos -n "__fish_todos_using_subcommand init" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c todos -n "__fish_todos_using_subcommand init" -s V -l version -d 'Print version'
complete -c todos -n "__fish_todos_using_subcommand hook" -s C -l workspace -d 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: nearest with .todos.json, else with .git, else .]' -r -F
complete -c todos -n "__fish_todos_using_subcommand hook" -s l -l list -d 'The list to work on: a named plan in .todos/NAME.json (default: the workspace\'s .todos.json) [env: TODOS_LIST]' -r
complete -c todos -n "__fish_todos_using_subcommand hook" -l color -d 'When to color the output' -r -f -a "auto\t'Color into a terminal only; NO_COLOR turns it off, CLICOLOR_FORCE on'
always\t'Always color, even into a pipe'
never\t'Never color'"
complete -c todos -n "__fish_todos_using_subcommand hook" -l lock-timeout -d 'Seconds to wait for another `todos` holding the store\'s lock' -r
complete -c todos -n "__fish_todos_using_subcommand hook" -l json -d 'Print one JSON envelope on stdout, for success and failure alike'
complete -c todos -n "__fish_todos_using_subcommand hook" -s q -l quiet -d 'Print nothing on success (errors and warnings still go to stderr)'
complete -c todos -n "__fish_todos_using_subcommand hook" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c todos -n "__fish_todos_using_subcommand hook" -s V -l version -d 'Print version'
complete -c todos -n "__fish_todos_using_subcommand completions" -s C -l workspace -d 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: nearest with .todos.json, else with .git, else .]' -r -F
complete -c todos -n "__fish_todos_using_subcommand completions" -s l -l list -d 'The list to work on: a named plan in .todos/NAME.json (default: the workspace\'s .todos.json) [env: TODOS_LIST]' -r
complete -c todos -n "__fish_todos_using_subcommand completions" -l color -d 'When to color the output' -r -f -a "auto\t'Color into a terminal only; NO_COLOR turns it off, CLICOLOR_FORCE on'
always\t'Always color, even into a pipe'
never\t'Never color'"
complete -c todos -n "__fish_todos_using_subcommand completions" -l lock-timeout -d 'Seconds to wait for another `todos` holding the store\'s lock' -r
complete -c todos -n "__fish_todos_using_subcommand completions" -l json -d 'Print one JSON envelope on stdout, for success and failure alike'
complete -c todos -n "__fish_todos_using_subcommand completions" -s q -l quiet -d 'Print nothing on success (errors and warnings still go to stderr)'
complete -c todos -n "__fish_todos_using_subcommand completions" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c todos -n "__fish_todos_using_subcommand completions" -s V -l version -d 'Print version'
complete -c todos -n "__fish_todos_using_subcommand man" -s C -l workspace -d 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: nearest with .todos.json, else with .git, else .]' -r -F
complete -c todos -n "__fish_todos_using_subcommand man" -s l -l list -d 'The list to work on: a named plan in .todos/NAME.json (default: the workspace\'s .todos.json) [env: TODOS_LIST]' -r
complete -c todos -n "__fish_todos_using_subcommand man" -l color -d 'When to color the output' -r -f -a "auto\t'Color into a terminal only; NO_COLOR turns it off, CLICOLOR_FORCE on'
always\t'Always color, even into a pipe'
never\t'Never color'"
complete -c todos -n "__fish_todos_using_subcommand man" -l lock-timeout -d 'Seconds to wait for another `todos` holding the store\'s lock' -r
complete -c todos -n "__fish_todos_using_subcommand man" -l json -d 'Print one JSON envelope on stdout, for success and failure alike'
complete -c todos -n "__fish_todos_using_subcommand man" -s q -l quiet -d 'Print nothing on success (errors and warnings still go to stderr)'
complete -c todos -n "__fish_todos_using_subcommand man" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c todos -n "__fish_todos_using_subcommand man" -s V -l version -d 'Print version'
complete -c todos -n "__fish_todos_using_subcommand help; and not __fish_seen_subcommand_from write create update remove next show recap undo history schema prompt check init hook completions man help" -f -a "write" -d 'Replace the whole list with a snapshot'
complete -c todos -n "__fish_todos_using_subcommand help; and not __fish_seen_subcommand_from write create update remove next show recap undo history schema prompt check init hook completions man help" -f -a "create" -d 'Append new pending items'
complete -c todos -n "__fish_todos_using_subcommand help; and not __fish_seen_subcommand_from write create update remove next show recap undo history schema prompt check init hook completions man help" -f -a "update" -d 'Change one item\'s status, content, owner or dependencies'
complete -c todos -n "__fish_todos_using_subcommand help; and not __fish_seen_subcommand_from write create update remove next show recap undo history schema prompt check init hook completions man help" -f -a "remove" -d 'Delete items by id'
complete -c todos -n "__fish_todos_using_subcommand help; and not __fish_seen_subcommand_from write create update remove next show recap undo history schema prompt check init hook completions man help" -f -a "next" -d 'Print the next ready item, or claim it with --claim'
complete -c todos -n "__fish_todos_using_subcommand help; and not __fish_seen_subcommand_from write create update remove next show recap undo history schema prompt check init hook completions man help" -f -a "show" -d 'Print the checklist'
complete -c todos -n "__fish_todos_using_subcommand help; and not __fish_seen_subcommand_from write create update remove next show recap undo history schema prompt check init hook completions man help" -f -a "recap" -d 'Print the one-line progress recap'
complete -c todos -n "__fish_todos_using_subcommand help; and not __fish_seen_subcommand_from write create update remove next show recap undo history schema prompt check init hook completions man help" -f -a "undo" -d 'Restore the plan as it was before the last change, or at any kept revision'
complete -c todos -n "__fish_todos_using_subcommand help; and not __fish_seen_subcommand_from write create update remove next show recap undo history schema prompt check init hook completions man help" -f -a "history" -d 'List the kept revisions of the plan, newest first, or print one of them'
complete -c todos -n "__fish_todos_using_subcommand help; and not __fish_seen_subcommand_from write create update remove next show recap undo history schema prompt check init hook completions man help" -f -a "schema" -d 'Print the JSON Schema of a command\'s input, or a function-tool definition for an LLM API'
complete -c todos -n "__fish_todos_using_subcommand help; and not __fish_seen_subcommand_from write create update remove next show recap undo history schema prompt check init hook completions man help" -f -a "prompt" -d 'Print a short guide to `todos` for an agent\'s system prompt, with the limits in force'
complete -c todos -n "__fish_todos_using_subcommand help; and not __fish_seen_subcommand_from write create update remove next show recap undo history schema prompt check init hook completions man help" -f -a "check" -d 'Exit 0 when the plan is empty or finished, 1 while items are open'
complete -c todos -n "__fish_todos_using_subcommand help; and not __fish_seen_subcommand_from write create update remove next show recap undo history schema prompt check init hook completions man help" -f -a "init" -d 'Set an agent up to use `todos`: write its instructions file, and with --hooks its hooks'
complete -c todos -n "__fish_todos_using_subcommand help; and not __fish_seen_subcommand_from write create update remove next show recap undo history schema prompt check init hook completions man help" -f -a "hook" -d 'The hook every agent runs: the plan at session start, a reminder at a stop'
complete -c todos -n "__fish_todos_using_subcommand help; and not __fish_seen_subcommand_from write create update remove next show recap undo history schema prompt check init hook completions man help" -f -a "completions" -d 'Print a shell completion script'
complete -c todos -n "__fish_todos_using_subcommand help; and not __fish_seen_subcommand_from write create update remove next show recap undo history schema prompt check init hook completions man help" -f -a "man" -d 'Print the man page'
complete -c todos -n "__fish_todos_using_subcommand help; and not __fish_seen_subcommand_from write create update remove next show recap undo history schema prompt check init hook completions man help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
