
use builtin;
use str;

set edit:completion:arg-completer[todos] = {|@words|
    fn spaces {|n|
        builtin:repeat $n ' ' | str:join ''
    }
    fn cand {|text desc|
        edit:complex-candidate $text &display=$text' '(spaces (- 14 (wcswidth $text)))$desc
    }
    var command = 'todos'
    for word $words[1..-1] {
        if (str:has-prefix $word '-') {
            break
        }
        set command = $command';'$word
    }
    var completions = [
        &'todos'= {
            cand -C 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]'
            cand --workspace 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]'
            cand --color 'When to color the output'
            cand --lock-timeout 'Seconds to wait for another `todos` holding the store''s lock'
            cand -l 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]'
            cand --list 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]'
            cand --json 'Print one JSON envelope on stdout, for success and failure alike'
            cand -q 'Print nothing on success, warnings included (errors still go to stderr)'
            cand --quiet 'Print nothing on success, warnings included (errors still go to stderr)'
            cand --offline 'With a remote: a claim made on this machine alone is enough when the remote cannot be reached'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
            cand write 'Replace the whole list with a snapshot'
            cand create 'Append new pending items'
            cand sync 'With a remote: fetch every list, push what waits here, and say what came in'
            cand update 'Change one item''s status, content, owner or dependencies'
            cand remove 'Delete items by id'
            cand next 'Print the next ready item, or claim it with --claim'
            cand show 'Print the checklist'
            cand recap 'Print the one-line progress recap'
            cand undo 'Restore the plan as it was before the last change, or at any kept revision'
            cand redo 'Put back what undo took back, one revision at a time'
            cand history 'List the kept revisions of the plan, newest first, or print one of them'
            cand schema 'Print the JSON Schema of a command''s input, or a function-tool definition for an LLM API'
            cand prompt 'Print a short guide to `todos` for an agent''s system prompt, with the limits in force'
            cand merge-file 'Merge three versions of a plan: git''s merge driver (`todos init --git` registers it)'
            cand resolve 'Merge a plan that git left with conflict markers, then `git add` it'
            cand check 'Exit 0 when the plan is empty or finished, 1 while items are open'
            cand init 'Set an agent up to use `todos`: write its instructions file, and with --hooks its hooks'
            cand hook 'The hook every agent runs: the plan after every reset, a reminder at a stop'
            cand mcp 'Serve the plan as tools to an MCP client (Claude Code, Codex, Gemini CLI, …) on stdio'
            cand board 'Serve every plan under the folders given, live, on one page in the browser'
            cand completions 'Print a shell completion script'
            cand man 'Print the man page'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'todos;write'= {
            cand --file 'Read the snapshot from a file'
            cand --summary 'The one line saying what the whole plan is for. It overrides the snapshot''s; given alone (nothing piped in, no -t), it changes only the summary; "" clears it'
            cand -t 'An item as STATUS:CONTENT (statuses below), e.g. `-t in_progress:"Patch the check"`, or CONTENT alone for a pending item (`-t "Fix bug: null deref"`); repeat in order'
            cand --todo 'An item as STATUS:CONTENT (statuses below), e.g. `-t in_progress:"Patch the check"`, or CONTENT alone for a pending item (`-t "Fix bug: null deref"`); repeat in order'
            cand --expect-revision 'Refuse (exit 3) unless the store is at this revision'
            cand -C 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]'
            cand --workspace 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]'
            cand -l 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]'
            cand --list 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]'
            cand --color 'When to color the output'
            cand --lock-timeout 'Seconds to wait for another `todos` holding the store''s lock'
            cand --new-session 'Start a new session: the next finished plan goes to a new completion log'
            cand --json 'Print one JSON envelope on stdout, for success and failure alike'
            cand -q 'Print nothing on success, warnings included (errors still go to stderr)'
            cand --quiet 'Print nothing on success, warnings included (errors still go to stderr)'
            cand --offline 'With a remote: a claim made on this machine alone is enough when the remote cannot be reached'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'todos;create'= {
            cand --blocked-by 'Each new item waits on this item (repeat for more)'
            cand --owner 'Who works on the new items: 1-64 letters, digits, ''.'', ''_'', ''-'' or ''@'''
            cand --description 'Longer detail for each new item (show --long and --json show it)'
            cand --priority 'The new items'' priority: critical, high, medium or low'
            cand --expect-revision 'Refuse (exit 3) unless the store is at this revision'
            cand -C 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]'
            cand --workspace 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]'
            cand -l 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]'
            cand --list 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]'
            cand --color 'When to color the output'
            cand --lock-timeout 'Seconds to wait for another `todos` holding the store''s lock'
            cand --json 'Print one JSON envelope on stdout, for success and failure alike'
            cand -q 'Print nothing on success, warnings included (errors still go to stderr)'
            cand --quiet 'Print nothing on success, warnings included (errors still go to stderr)'
            cand --offline 'With a remote: a claim made on this machine alone is enough when the remote cannot be reached'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'todos;sync'= {
            cand -C 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]'
            cand --workspace 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]'
            cand -l 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]'
            cand --list 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]'
            cand --color 'When to color the output'
            cand --lock-timeout 'Seconds to wait for another `todos` holding the store''s lock'
            cand --adopt 'Take the remote''s plan even when its ref moved backwards or to an unrelated history since this clone last saw it (the local plan stays in the history: `todos undo` brings it back)'
            cand --json 'Print one JSON envelope on stdout, for success and failure alike'
            cand -q 'Print nothing on success, warnings included (errors still go to stderr)'
            cand --quiet 'Print nothing on success, warnings included (errors still go to stderr)'
            cand --offline 'With a remote: a claim made on this machine alone is enough when the remote cannot be reached'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'todos;update'= {
            cand --content 'New text for the item'
            cand --description 'New longer detail (show --long and --json show it); the text stays'
            cand --priority 'New priority: critical, high, medium or low'
            cand --active-form 'New wording shown while the item is in progress'
            cand --owner 'Who works on the item: 1-64 letters, digits, ''.'', ''_'', ''-'' or ''@'''
            cand --blocked-by 'The item waits on this item too (repeat for more)'
            cand --unblock 'The item no longer waits on this item (repeat for more)'
            cand --expect-revision 'Refuse (exit 3) unless the store is at this revision'
            cand -C 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]'
            cand --workspace 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]'
            cand -l 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]'
            cand --list 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]'
            cand --color 'When to color the output'
            cand --lock-timeout 'Seconds to wait for another `todos` holding the store''s lock'
            cand --no-owner 'The item has no owner any more'
            cand --reopen 'Allow a finished item (completed, cancelled or failed) to become open again'
            cand --take 'Take another owner''s item over on purpose: it becomes --owner''s, else TODOS_OWNER''s'
            cand -h 'Print help'
            cand --help 'Print help'
            cand --json 'Print one JSON envelope on stdout, for success and failure alike'
            cand -q 'Print nothing on success, warnings included (errors still go to stderr)'
            cand --quiet 'Print nothing on success, warnings included (errors still go to stderr)'
            cand --offline 'With a remote: a claim made on this machine alone is enough when the remote cannot be reached'
        }
        &'todos;remove'= {
            cand --expect-revision 'Refuse (exit 3) unless the store is at this revision'
            cand -C 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]'
            cand --workspace 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]'
            cand -l 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]'
            cand --list 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]'
            cand --color 'When to color the output'
            cand --lock-timeout 'Seconds to wait for another `todos` holding the store''s lock'
            cand --json 'Print one JSON envelope on stdout, for success and failure alike'
            cand -q 'Print nothing on success, warnings included (errors still go to stderr)'
            cand --quiet 'Print nothing on success, warnings included (errors still go to stderr)'
            cand --offline 'With a remote: a claim made on this machine alone is enough when the remote cannot be reached'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'todos;next'= {
            cand --lease 'The claim ends after this long unless its owner works on the item (any change to it under the owner''s name, or `next --claim` again, renews it); then anyone''s `next --claim` takes it over: a number and a unit, s, m or h (90s, 15m, 2h; 1h30m adds up), or "none" [default: "claim_lease" in .todos.config.json] [env: TODOS_CLAIM_LEASE]'
            cand --owner 'Whose next item: items owned by someone else are skipped [env: TODOS_OWNER]'
            cand --expect-revision 'Refuse (exit 3) unless the store is at this revision'
            cand -C 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]'
            cand --workspace 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]'
            cand -l 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]'
            cand --list 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]'
            cand --color 'When to color the output'
            cand --lock-timeout 'Seconds to wait for another `todos` holding the store''s lock'
            cand --claim 'Mark the item in_progress and owned by --owner, in one locked change'
            cand --json 'Print one JSON envelope on stdout, for success and failure alike'
            cand -q 'Print nothing on success, warnings included (errors still go to stderr)'
            cand --quiet 'Print nothing on success, warnings included (errors still go to stderr)'
            cand --offline 'With a remote: a claim made on this machine alone is enough when the remote cannot be reached'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'todos;show'= {
            cand --format 'The output format'
            cand -C 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]'
            cand --workspace 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]'
            cand -l 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]'
            cand --list 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]'
            cand --color 'When to color the output'
            cand --lock-timeout 'Seconds to wait for another `todos` holding the store''s lock'
            cand -w 'Keep watching: redraw whenever the plan changes, until Ctrl-C (into a pipe, print each new state followed by a blank line)'
            cand --watch 'Keep watching: redraw whenever the plan changes, until Ctrl-C (into a pipe, print each new state followed by a blank line)'
            cand -a 'Every list of the workspace, the default one first, each under its name'
            cand --all 'Every list of the workspace, the default one first, each under its name'
            cand --long 'Also print each item''s description, under it'
            cand --json 'Print one JSON envelope on stdout, for success and failure alike'
            cand -q 'Print nothing on success, warnings included (errors still go to stderr)'
            cand --quiet 'Print nothing on success, warnings included (errors still go to stderr)'
            cand --offline 'With a remote: a claim made on this machine alone is enough when the remote cannot be reached'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'todos;recap'= {
            cand -C 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]'
            cand --workspace 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]'
            cand -l 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]'
            cand --list 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]'
            cand --color 'When to color the output'
            cand --lock-timeout 'Seconds to wait for another `todos` holding the store''s lock'
            cand --json 'Print one JSON envelope on stdout, for success and failure alike'
            cand -q 'Print nothing on success, warnings included (errors still go to stderr)'
            cand --quiet 'Print nothing on success, warnings included (errors still go to stderr)'
            cand --offline 'With a remote: a claim made on this machine alone is enough when the remote cannot be reached'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'todos;undo'= {
            cand --to 'Restore this revision (see `todos history`) instead of the one before the current'
            cand --expect-revision 'Refuse (exit 3) unless the store is at this revision'
            cand -C 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]'
            cand --workspace 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]'
            cand -l 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]'
            cand --list 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]'
            cand --color 'When to color the output'
            cand --lock-timeout 'Seconds to wait for another `todos` holding the store''s lock'
            cand --json 'Print one JSON envelope on stdout, for success and failure alike'
            cand -q 'Print nothing on success, warnings included (errors still go to stderr)'
            cand --quiet 'Print nothing on success, warnings included (errors still go to stderr)'
            cand --offline 'With a remote: a claim made on this machine alone is enough when the remote cannot be reached'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'todos;redo'= {
            cand --expect-revision 'Refuse (exit 3) unless the store is at this revision'
            cand -C 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]'
            cand --workspace 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]'
            cand -l 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]'
            cand --list 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]'
            cand --color 'When to color the output'
            cand --lock-timeout 'Seconds to wait for another `todos` holding the store''s lock'
            cand --json 'Print one JSON envelope on stdout, for success and failure alike'
            cand -q 'Print nothing on success, warnings included (errors still go to stderr)'
            cand --quiet 'Print nothing on success, warnings included (errors still go to stderr)'
            cand --offline 'With a remote: a claim made on this machine alone is enough when the remote cannot be reached'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'todos;history'= {
            cand --limit 'List at most this many revisions, the newest (with --follow: print at most this many of the kept ones before the new ones)'
            cand -C 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]'
            cand --workspace 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]'
            cand -l 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]'
            cand --list 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]'
            cand --color 'When to color the output'
            cand --lock-timeout 'Seconds to wait for another `todos` holding the store''s lock'
            cand -f 'Print the kept revisions, oldest first, then each new one as it lands, until Ctrl-C (with --json, one envelope a line). Takes no lock'
            cand --follow 'Print the kept revisions, oldest first, then each new one as it lands, until Ctrl-C (with --json, one envelope a line). Takes no lock'
            cand --json 'Print one JSON envelope on stdout, for success and failure alike'
            cand -q 'Print nothing on success, warnings included (errors still go to stderr)'
            cand --quiet 'Print nothing on success, warnings included (errors still go to stderr)'
            cand --offline 'With a remote: a claim made on this machine alone is enough when the remote cannot be reached'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'todos;schema'= {
            cand --tool 'Wrap the schema as this vendor''s function-tool definition'
            cand -C 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]'
            cand --workspace 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]'
            cand -l 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]'
            cand --list 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]'
            cand --color 'When to color the output'
            cand --lock-timeout 'Seconds to wait for another `todos` holding the store''s lock'
            cand --json 'Print one JSON envelope on stdout, for success and failure alike'
            cand -q 'Print nothing on success, warnings included (errors still go to stderr)'
            cand --quiet 'Print nothing on success, warnings included (errors still go to stderr)'
            cand --offline 'With a remote: a claim made on this machine alone is enough when the remote cannot be reached'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'todos;prompt'= {
            cand -C 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]'
            cand --workspace 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]'
            cand -l 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]'
            cand --list 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]'
            cand --color 'When to color the output'
            cand --lock-timeout 'Seconds to wait for another `todos` holding the store''s lock'
            cand --json 'Print one JSON envelope on stdout, for success and failure alike'
            cand -q 'Print nothing on success, warnings included (errors still go to stderr)'
            cand --quiet 'Print nothing on success, warnings included (errors still go to stderr)'
            cand --offline 'With a remote: a claim made on this machine alone is enough when the remote cannot be reached'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'todos;merge-file'= {
            cand -C 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]'
            cand --workspace 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]'
            cand -l 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]'
            cand --list 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]'
            cand --color 'When to color the output'
            cand --lock-timeout 'Seconds to wait for another `todos` holding the store''s lock'
            cand --json 'Print one JSON envelope on stdout, for success and failure alike'
            cand -q 'Print nothing on success, warnings included (errors still go to stderr)'
            cand --quiet 'Print nothing on success, warnings included (errors still go to stderr)'
            cand --offline 'With a remote: a claim made on this machine alone is enough when the remote cannot be reached'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'todos;resolve'= {
            cand -C 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]'
            cand --workspace 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]'
            cand -l 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]'
            cand --list 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]'
            cand --color 'When to color the output'
            cand --lock-timeout 'Seconds to wait for another `todos` holding the store''s lock'
            cand --json 'Print one JSON envelope on stdout, for success and failure alike'
            cand -q 'Print nothing on success, warnings included (errors still go to stderr)'
            cand --quiet 'Print nothing on success, warnings included (errors still go to stderr)'
            cand --offline 'With a remote: a claim made on this machine alone is enough when the remote cannot be reached'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'todos;check'= {
            cand --stale 'Fail only when items are open and the plan has not changed for this many minutes'
            cand --owner 'Whose check: items owned by someone else do not count [env: TODOS_OWNER]'
            cand -C 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]'
            cand --workspace 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]'
            cand -l 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]'
            cand --list 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]'
            cand --color 'When to color the output'
            cand --lock-timeout 'Seconds to wait for another `todos` holding the store''s lock'
            cand --hook 'Run as an agent hook: exit 2 instead of 1, read the hook''s JSON event on stdin'
            cand --json 'Print one JSON envelope on stdout, for success and failure alike'
            cand -q 'Print nothing on success, warnings included (errors still go to stderr)'
            cand --quiet 'Print nothing on success, warnings included (errors still go to stderr)'
            cand --offline 'With a remote: a claim made on this machine alone is enough when the remote cannot be reached'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'todos;init'= {
            cand --agent 'The agent to set up; without it, every agent the repository shows (CLAUDE.md or .claude/, .codex/, GEMINI.md or .gemini/), else AGENTS.md'
            cand --remote 'With --git: the git remote (such as origin) this clone''s plans also live on, as the refs refs/todos/LIST, so clones on other machines share them: `todos.remote` and the fetch refspec of refs/todos/* in .git/config'
            cand -C 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]'
            cand --workspace 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]'
            cand -l 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]'
            cand --list 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]'
            cand --color 'When to color the output'
            cand --lock-timeout 'Seconds to wait for another `todos` holding the store''s lock'
            cand --hooks 'Also install the agent''s hooks: the plan after every reset, a reminder at a stop (claude, codex, gemini)'
            cand --mcp 'Also register the MCP server (`todos mcp`), its tools allowed: .mcp.json for Claude Code, the mcpServers of .gemini/settings.json for Gemini CLI, .codex/config.toml for Codex'
            cand --git 'Let git merge plans across branches: `.todos.json merge=todos` in .gitattributes (commit it) and the `todos merge-file` driver in the repository''s .git/config. Alone, it writes git''s files only'
            cand --dry-run 'Say what init would write, each file and the lines it changes, and write nothing'
            cand --share 'With --remote: also suggest it to the repository''s other clones, in .todos.config.json (commit it); each clone joins with its own `todos init --git --remote NAME`'
            cand --json 'Print one JSON envelope on stdout, for success and failure alike'
            cand -q 'Print nothing on success, warnings included (errors still go to stderr)'
            cand --quiet 'Print nothing on success, warnings included (errors still go to stderr)'
            cand --offline 'With a remote: a claim made on this machine alone is enough when the remote cannot be reached'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'todos;hook'= {
            cand -C 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]'
            cand --workspace 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]'
            cand -l 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]'
            cand --list 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]'
            cand --color 'When to color the output'
            cand --lock-timeout 'Seconds to wait for another `todos` holding the store''s lock'
            cand --json 'Print one JSON envelope on stdout, for success and failure alike'
            cand -q 'Print nothing on success, warnings included (errors still go to stderr)'
            cand --quiet 'Print nothing on success, warnings included (errors still go to stderr)'
            cand --offline 'With a remote: a claim made on this machine alone is enough when the remote cannot be reached'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'todos;mcp'= {
            cand -C 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]'
            cand --workspace 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]'
            cand -l 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]'
            cand --list 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]'
            cand --color 'When to color the output'
            cand --lock-timeout 'Seconds to wait for another `todos` holding the store''s lock'
            cand --json 'Print one JSON envelope on stdout, for success and failure alike'
            cand -q 'Print nothing on success, warnings included (errors still go to stderr)'
            cand --quiet 'Print nothing on success, warnings included (errors still go to stderr)'
            cand --offline 'With a remote: a claim made on this machine alone is enough when the remote cannot be reached'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'todos;board'= {
            cand --port 'Listen on this port of 127.0.0.1 (default: a free one)'
            cand -C 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]'
            cand --workspace 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]'
            cand -l 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]'
            cand --list 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]'
            cand --color 'When to color the output'
            cand --lock-timeout 'Seconds to wait for another `todos` holding the store''s lock'
            cand --no-open 'Print the URL; do not open a browser'
            cand --read-only 'Serve the page without its actions: no change can be made from it'
            cand --json 'Print one JSON envelope on stdout, for success and failure alike'
            cand -q 'Print nothing on success, warnings included (errors still go to stderr)'
            cand --quiet 'Print nothing on success, warnings included (errors still go to stderr)'
            cand --offline 'With a remote: a claim made on this machine alone is enough when the remote cannot be reached'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'todos;completions'= {
            cand -C 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]'
            cand --workspace 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]'
            cand -l 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]'
            cand --list 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]'
            cand --color 'When to color the output'
            cand --lock-timeout 'Seconds to wait for another `todos` holding the store''s lock'
            cand --json 'Print one JSON envelope on stdout, for success and failure alike'
            cand -q 'Print nothing on success, warnings included (errors still go to stderr)'
            cand --quiet 'Print nothing on success, warnings included (errors still go to stderr)'
            cand --offline 'With a remote: a claim made on this machine alone is enough when the remote cannot be reached'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'todos;man'= {
            cand -C 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]'
            cand --workspace 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]'
            cand -l 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]'
            cand --list 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]'
            cand --color 'When to color the output'
            cand --lock-timeout 'Seconds to wait for another `todos` holding the store''s lock'
            cand --json 'Print one JSON envelope on stdout, for success and failure alike'
            cand -q 'Print nothing on success, warnings included (errors still go to stderr)'
            cand --quiet 'Print nothing on success, warnings included (errors still go to stderr)'
            cand --offline 'With a remote: a claim made on this machine alone is enough when the remote cannot be reached'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'todos;help'= {
            cand write 'Replace the whole list with a snapshot'
            cand create 'Append new pending items'
            cand sync 'With a remote: fetch every list, push what waits here, and say what came in'
            cand update 'Change one item''s status, content, owner or dependencies'
            cand remove 'Delete items by id'
            cand next 'Print the next ready item, or claim it with --claim'
            cand show 'Print the checklist'
            cand recap 'Print the one-line progress recap'
            cand undo 'Restore the plan as it was before the last change, or at any kept revision'
            cand redo 'Put back what undo took back, one revision at a time'
            cand history 'List the kept revisions of the plan, newest first, or print one of them'
            cand schema 'Print the JSON Schema of a command''s input, or a function-tool definition for an LLM API'
            cand prompt 'Print a short guide to `todos` for an agent''s system prompt, with the limits in force'
            cand merge-file 'Merge three versions of a plan: git''s merge driver (`todos init --git` registers it)'
            cand resolve 'Merge a plan that git left with conflict markers, then `git add` it'
            cand check 'Exit 0 when the plan is empty or finished, 1 while items are open'
            cand init 'Set an agent up to use `todos`: write its instructions file, and with --hooks its hooks'
            cand hook 'The hook every agent runs: the plan after every reset, a reminder at a stop'
            cand mcp 'Serve the plan as tools to an MCP client (Claude Code, Codex, Gemini CLI, …) on stdio'
            cand board 'Serve every plan under the folders given, live, on one page in the browser'
            cand completions 'Print a shell completion script'
            cand man 'Print the man page'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'todos;help;write'= {
        }
        &'todos;help;create'= {
        }
        &'todos;help;sync'= {
        }
        &'todos;help;update'= {
        }
        &'todos;help;remove'= {
        }
        &'todos;help;next'= {
        }
        &'todos;help;show'= {
        }
        &'todos;help;recap'= {
        }
        &'todos;help;undo'= {
        }
        &'todos;help;redo'= {
        }
        &'todos;help;history'= {
        }
        &'todos;help;schema'= {
        }
        &'todos;help;prompt'= {
        }
        &'todos;help;merge-file'= {
        }
        &'todos;help;resolve'= {
        }
        &'todos;help;check'= {
        }
        &'todos;help;init'= {
        }
        &'todos;help;hook'= {
        }
        &'todos;help;mcp'= {
        }
        &'todos;help;board'= {
        }
        &'todos;help;completions'= {
        }
        &'todos;help;man'= {
        }
        &'todos;help;help'= {
        }
    ]
    $completions[$command]
}
