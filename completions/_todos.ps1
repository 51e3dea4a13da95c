
using namespace System.Management.Automation
using namespace System.Management.Automation.Language

Register-ArgumentCompleter -Native -CommandName 'todos' -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)

    $commandElements = $commandAst.CommandElements
    $command = @(
        'todos'
        for ($i = 1; $i -lt $commandElements.Count; $i++) {
            $element = $commandElements[$i]
            if ($element -isnot [StringConstantExpressionAst] -or
                $element.StringConstantType -ne [StringConstantType]::BareWord -or
                $element.Value.StartsWith('-') -or
                $element.Value -eq $wordToComplete) {
                break
        }
        $element.Value
    }) -join ';'

    $completions = @(switch ($command) {
        'todos' {
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to color the output')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Seconds to wait for another `todos` holding the store''s lock')
            [CompletionResult]::new('-l', '-l', [CompletionResultType]::ParameterName, 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]')
            [CompletionResult]::new('--list', '--list', [CompletionResultType]::ParameterName, 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON envelope on stdout, for success and failure alike')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing on success, warnings included (errors still go to stderr)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing on success, warnings included (errors still go to stderr)')
            [CompletionResult]::new('--offline', '--offline', [CompletionResultType]::ParameterName, 'With a remote: a claim made on this machine alone is enough when the remote cannot be reached')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('write', 'write', [CompletionResultType]::ParameterValue, 'Replace the whole list with a snapshot')
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Append new pending items')
            [CompletionResult]::new('sync', 'sync', [CompletionResultType]::ParameterValue, 'With a remote: fetch every list, push what waits here, and say what came in')
            [CompletionResult]::new('update', 'update', [CompletionResultType]::ParameterValue, 'Change one item''s status, content, owner or dependencies')
            [CompletionResult]::new('remove', 'remove', [CompletionResultType]::ParameterValue, 'Delete items by id')
            [CompletionResult]::new('next', 'next', [CompletionResultType]::ParameterValue, 'Print the next ready item, or claim it with --claim')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Print the checklist')
            [CompletionResult]::new('recap', 'recap', [CompletionResultType]::ParameterValue, 'Print the one-line progress recap')
            [CompletionResult]::new('undo', 'undo', [CompletionResultType]::ParameterValue, 'Restore the plan as it was before the last change, or at any kept revision')
            [CompletionResult]::new('redo', 'redo', [CompletionResultType]::ParameterValue, 'Put back what undo took back, one revision at a time')
            [CompletionResult]::new('history', 'history', [CompletionResultType]::ParameterValue, 'List the kept revisions of the plan, newest first, or print one of them')
            [CompletionResult]::new('schema', 'schema', [CompletionResultType]::ParameterValue, 'Print the JSON Schema of a command''s input, or a function-tool definition for an LLM API')
            [CompletionResult]::new('prompt', 'prompt', [CompletionResultType]::ParameterValue, 'Print a short guide to `todos` for an agent''s system prompt, with the limits in force')
            [CompletionResult]::new('merge-file', 'merge-file', [CompletionResultType]::ParameterValue, 'Merge three versions of a plan: git''s merge driver (`todos init --git` registers it)')
            [CompletionResult]::new('resolve', 'resolve', [CompletionResultType]::ParameterValue, 'Merge a plan that git left with conflict markers, then `git add` it')
            [CompletionResult]::new('check', 'check', [CompletionResultType]::ParameterValue, 'Exit 0 when the plan is empty or finished, 1 while items are open')
            [CompletionResult]::new('init', 'init', [CompletionResultType]::ParameterValue, 'Set an agent up to use `todos`: write its instructions file, and with --hooks its hooks')
            [CompletionResult]::new('hook', 'hook', [CompletionResultType]::ParameterValue, 'The hook every agent runs: the plan after every reset, a reminder at a stop')
            [CompletionResult]::new('mcp', 'mcp', [CompletionResultType]::ParameterValue, 'Serve the plan as tools to an MCP client (Claude Code, Codex, Gemini CLI, …) on stdio')
            [CompletionResult]::new('board', 'board', [CompletionResultType]::ParameterValue, 'Serve every plan under the folders given, live, on one page in the browser')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print a shell completion script')
            [CompletionResult]::new('man', 'man', [CompletionResultType]::ParameterValue, 'Print the man page')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'todos;write' {
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Read the snapshot from a file')
            [CompletionResult]::new('--summary', '--summary', [CompletionResultType]::ParameterName, 'The one line saying what the whole plan is for. It overrides the snapshot''s; given alone (nothing piped in, no -t), it changes only the summary; "" clears it')
            [CompletionResult]::new('-t', '-t', [CompletionResultType]::ParameterName, 'An item as STATUS:CONTENT (statuses below), e.g. `-t in_progress:"Patch the check"`, or CONTENT alone for a pending item (`-t "Fix bug: null deref"`); repeat in order')
            [CompletionResult]::new('--todo', '--todo', [CompletionResultType]::ParameterName, 'An item as STATUS:CONTENT (statuses below), e.g. `-t in_progress:"Patch the check"`, or CONTENT alone for a pending item (`-t "Fix bug: null deref"`); repeat in order')
            [CompletionResult]::new('--expect-revision', '--expect-revision', [CompletionResultType]::ParameterName, 'Refuse (exit 3) unless the store is at this revision')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]')
            [CompletionResult]::new('-l', '-l', [CompletionResultType]::ParameterName, 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]')
            [CompletionResult]::new('--list', '--list', [CompletionResultType]::ParameterName, 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to color the output')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Seconds to wait for another `todos` holding the store''s lock')
            [CompletionResult]::new('--new-session', '--new-session', [CompletionResultType]::ParameterName, 'Start a new session: the next finished plan goes to a new completion log')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON envelope on stdout, for success and failure alike')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing on success, warnings included (errors still go to stderr)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing on success, warnings included (errors still go to stderr)')
            [CompletionResult]::new('--offline', '--offline', [CompletionResultType]::ParameterName, 'With a remote: a claim made on this machine alone is enough when the remote cannot be reached')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'todos;create' {
            [CompletionResult]::new('--blocked-by', '--blocked-by', [CompletionResultType]::ParameterName, 'Each new item waits on this item (repeat for more)')
            [CompletionResult]::new('--owner', '--owner', [CompletionResultType]::ParameterName, 'Who works on the new items: 1-64 letters, digits, ''.'', ''_'', ''-'' or ''@''')
            [CompletionResult]::new('--description', '--description', [CompletionResultType]::ParameterName, 'Longer detail for each new item (show --long and --json show it)')
            [CompletionResult]::new('--priority', '--priority', [CompletionResultType]::ParameterName, 'The new items'' priority: critical, high, medium or low')
            [CompletionResult]::new('--expect-revision', '--expect-revision', [CompletionResultType]::ParameterName, 'Refuse (exit 3) unless the store is at this revision')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]')
            [CompletionResult]::new('-l', '-l', [CompletionResultType]::ParameterName, 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]')
            [CompletionResult]::new('--list', '--list', [CompletionResultType]::ParameterName, 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to color the output')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Seconds to wait for another `todos` holding the store''s lock')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON envelope on stdout, for success and failure alike')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing on success, warnings included (errors still go to stderr)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing on success, warnings included (errors still go to stderr)')
            [CompletionResult]::new('--offline', '--offline', [CompletionResultType]::ParameterName, 'With a remote: a claim made on this machine alone is enough when the remote cannot be reached')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'todos;sync' {
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]')
            [CompletionResult]::new('-l', '-l', [CompletionResultType]::ParameterName, 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]')
            [CompletionResult]::new('--list', '--list', [CompletionResultType]::ParameterName, 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to color the output')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Seconds to wait for another `todos` holding the store''s lock')
            [CompletionResult]::new('--adopt', '--adopt', [CompletionResultType]::ParameterName, 'Take the remote''s plan even when its ref moved backwards or to an unrelated history since this clone last saw it (the local plan stays in the history: `todos undo` brings it back)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON envelope on stdout, for success and failure alike')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing on success, warnings included (errors still go to stderr)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing on success, warnings included (errors still go to stderr)')
            [CompletionResult]::new('--offline', '--offline', [CompletionResultType]::ParameterName, 'With a remote: a claim made on this machine alone is enough when the remote cannot be reached')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'todos;update' {
            [CompletionResult]::new('--content', '--content', [CompletionResultType]::ParameterName, 'New text for the item')
            [CompletionResult]::new('--description', '--description', [CompletionResultType]::ParameterName, 'New longer detail (show --long and --json show it); the text stays')
            [CompletionResult]::new('--priority', '--priority', [CompletionResultType]::ParameterName, 'New priority: critical, high, medium or low')
            [CompletionResult]::new('--active-form', '--active-form', [CompletionResultType]::ParameterName, 'New wording shown while the item is in progress')
            [CompletionResult]::new('--owner', '--owner', [CompletionResultType]::ParameterName, 'Who works on the item: 1-64 letters, digits, ''.'', ''_'', ''-'' or ''@''')
            [CompletionResult]::new('--blocked-by', '--blocked-by', [CompletionResultType]::ParameterName, 'The item waits on this item too (repeat for more)')
            [CompletionResult]::new('--unblock', '--unblock', [CompletionResultType]::ParameterName, 'The item no longer waits on this item (repeat for more)')
            [CompletionResult]::new('--expect-revision', '--expect-revision', [CompletionResultType]::ParameterName, 'Refuse (exit 3) unless the store is at this revision')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]')
            [CompletionResult]::new('-l', '-l', [CompletionResultType]::ParameterName, 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]')
            [CompletionResult]::new('--list', '--list', [CompletionResultType]::ParameterName, 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to color the output')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Seconds to wait for another `todos` holding the store''s lock')
            [CompletionResult]::new('--no-owner', '--no-owner', [CompletionResultType]::ParameterName, 'The item has no owner any more')
            [CompletionResult]::new('--reopen', '--reopen', [CompletionResultType]::ParameterName, 'Allow a finished item (completed, cancelled or failed) to become open again')
            [CompletionResult]::new('--take', '--take', [CompletionResultType]::ParameterName, 'Take another owner''s item over on purpose: it becomes --owner''s, else TODOS_OWNER''s')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON envelope on stdout, for success and failure alike')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing on success, warnings included (errors still go to stderr)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing on success, warnings included (errors still go to stderr)')
            [CompletionResult]::new('--offline', '--offline', [CompletionResultType]::ParameterName, 'With a remote: a claim made on this machine alone is enough when the remote cannot be reached')
            break
        }
        'todos;remove' {
            [CompletionResult]::new('--expect-revision', '--expect-revision', [CompletionResultType]::ParameterName, 'Refuse (exit 3) unless the store is at this revision')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]')
            [CompletionResult]::new('-l', '-l', [CompletionResultType]::ParameterName, 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]')
            [CompletionResult]::new('--list', '--list', [CompletionResultType]::ParameterName, 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to color the output')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Seconds to wait for another `todos` holding the store''s lock')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON envelope on stdout, for success and failure alike')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing on success, warnings included (errors still go to stderr)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing on success, warnings included (errors still go to stderr)')
            [CompletionResult]::new('--offline', '--offline', [CompletionResultType]::ParameterName, 'With a remote: a claim made on this machine alone is enough when the remote cannot be reached')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'todos;next' {
            [CompletionResult]::new('--lease', '--lease', [CompletionResultType]::ParameterName, 'The claim ends after this long unless its owner works on the item (any change to it under the owner''s name, or `next --claim` again, renews it); then anyone''s `next --claim` takes it over: a number and a unit, s, m or h (90s, 15m, 2h; 1h30m adds up), or "none" [default: "claim_lease" in .todos.config.json] [env: TODOS_CLAIM_LEASE]')
            [CompletionResult]::new('--owner', '--owner', [CompletionResultType]::ParameterName, 'Whose next item: items owned by someone else are skipped [env: TODOS_OWNER]')
            [CompletionResult]::new('--expect-revision', '--expect-revision', [CompletionResultType]::ParameterName, 'Refuse (exit 3) unless the store is at this revision')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]')
            [CompletionResult]::new('-l', '-l', [CompletionResultType]::ParameterName, 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]')
            [CompletionResult]::new('--list', '--list', [CompletionResultType]::ParameterName, 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to color the output')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Seconds to wait for another `todos` holding the store''s lock')
            [CompletionResult]::new('--claim', '--claim', [CompletionResultType]::ParameterName, 'Mark the item in_progress and owned by --owner, in one locked change')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON envelope on stdout, for success and failure alike')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing on success, warnings included (errors still go to stderr)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing on success, warnings included (errors still go to stderr)')
            [CompletionResult]::new('--offline', '--offline', [CompletionResultType]::ParameterName, 'With a remote: a claim made on this machine alone is enough when the remote cannot be reached')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'todos;show' {
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'The output format')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]')
            [CompletionResult]::new('-l', '-l', [CompletionResultType]::ParameterName, 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]')
            [CompletionResult]::new('--list', '--list', [CompletionResultType]::ParameterName, 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to color the output')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Seconds to wait for another `todos` holding the store''s lock')
            [CompletionResult]::new('-w', '-w', [CompletionResultType]::ParameterName, 'Keep watching: redraw whenever the plan changes, until Ctrl-C (into a pipe, print each new state followed by a blank line)')
            [CompletionResult]::new('--watch', '--watch', [CompletionResultType]::ParameterName, 'Keep watching: redraw whenever the plan changes, until Ctrl-C (into a pipe, print each new state followed by a blank line)')
            [CompletionResult]::new('-a', '-a', [CompletionResultType]::ParameterName, 'Every list of the workspace, the default one first, each under its name')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Every list of the workspace, the default one first, each under its name')
            [CompletionResult]::new('--long', '--long', [CompletionResultType]::ParameterName, 'Also print each item''s description, under it')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON envelope on stdout, for success and failure alike')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing on success, warnings included (errors still go to stderr)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing on success, warnings included (errors still go to stderr)')
            [CompletionResult]::new('--offline', '--offline', [CompletionResultType]::ParameterName, 'With a remote: a claim made on this machine alone is enough when the remote cannot be reached')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'todos;recap' {
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]')
            [CompletionResult]::new('-l', '-l', [CompletionResultType]::ParameterName, 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]')
            [CompletionResult]::new('--list', '--list', [CompletionResultType]::ParameterName, 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to color the output')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Seconds to wait for another `todos` holding the store''s lock')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON envelope on stdout, for success and failure alike')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing on success, warnings included (errors still go to stderr)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing on success, warnings included (errors still go to stderr)')
            [CompletionResult]::new('--offline', '--offline', [CompletionResultType]::ParameterName, 'With a remote: a claim made on this machine alone is enough when the remote cannot be reached')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'todos;undo' {
            [CompletionResult]::new('--to', '--to', [CompletionResultType]::ParameterName, 'Restore this revision (see `todos history`) instead of the one before the current')
            [CompletionResult]::new('--expect-revision', '--expect-revision', [CompletionResultType]::ParameterName, 'Refuse (exit 3) unless the store is at this revision')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]')
            [CompletionResult]::new('-l', '-l', [CompletionResultType]::ParameterName, 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]')
            [CompletionResult]::new('--list', '--list', [CompletionResultType]::ParameterName, 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to color the output')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Seconds to wait for another `todos` holding the store''s lock')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON envelope on stdout, for success and failure alike')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing on success, warnings included (errors still go to stderr)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing on success, warnings included (errors still go to stderr)')
            [CompletionResult]::new('--offline', '--offline', [CompletionResultType]::ParameterName, 'With a remote: a claim made on this machine alone is enough when the remote cannot be reached')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'todos;redo' {
            [CompletionResult]::new('--expect-revision', '--expect-revision', [CompletionResultType]::ParameterName, 'Refuse (exit 3) unless the store is at this revision')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]')
            [CompletionResult]::new('-l', '-l', [CompletionResultType]::ParameterName, 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]')
            [CompletionResult]::new('--list', '--list', [CompletionResultType]::ParameterName, 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to color the output')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Seconds to wait for another `todos` holding the store''s lock')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON envelope on stdout, for success and failure alike')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing on success, warnings included (errors still go to stderr)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing on success, warnings included (errors still go to stderr)')
            [CompletionResult]::new('--offline', '--offline', [CompletionResultType]::ParameterName, 'With a remote: a claim made on this machine alone is enough when the remote cannot be reached')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'todos;history' {
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'List at most this many revisions, the newest (with --follow: print at most this many of the kept ones before the new ones)')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]')
            [CompletionResult]::new('-l', '-l', [CompletionResultType]::ParameterName, 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]')
            [CompletionResult]::new('--list', '--list', [CompletionResultType]::ParameterName, 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to color the output')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Seconds to wait for another `todos` holding the store''s lock')
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'Print the kept revisions, oldest first, then each new one as it lands, until Ctrl-C (with --json, one envelope a line). Takes no lock')
            [CompletionResult]::new('--follow', '--follow', [CompletionResultType]::ParameterName, 'Print the kept revisions, oldest first, then each new one as it lands, until Ctrl-C (with --json, one envelope a line). Takes no lock')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON envelope on stdout, for success and failure alike')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing on success, warnings included (errors still go to stderr)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing on success, warnings included (errors still go to stderr)')
            [CompletionResult]::new('--offline', '--offline', [CompletionResultType]::ParameterName, 'With a remote: a claim made on this machine alone is enough when the remote cannot be reached')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'todos;schema' {
            [CompletionResult]::new('--tool', '--tool', [CompletionResultType]::ParameterName, 'Wrap the schema as this vendor''s function-tool definition')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]')
            [CompletionResult]::new('-l', '-l', [CompletionResultType]::ParameterName, 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]')
            [CompletionResult]::new('--list', '--list', [CompletionResultType]::ParameterName, 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to color the output')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Seconds to wait for another `todos` holding the store''s lock')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON envelope on stdout, for success and failure alike')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing on success, warnings included (errors still go to stderr)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing on success, warnings included (errors still go to stderr)')
            [CompletionResult]::new('--offline', '--offline', [CompletionResultType]::ParameterName, 'With a remote: a claim made on this machine alone is enough when the remote cannot be reached')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'todos;prompt' {
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]')
            [CompletionResult]::new('-l', '-l', [CompletionResultType]::ParameterName, 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]')
            [CompletionResult]::new('--list', '--list', [CompletionResultType]::ParameterName, 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to color the output')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Seconds to wait for another `todos` holding the store''s lock')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON envelope on stdout, for success and failure alike')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing on success, warnings included (errors still go to stderr)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing on success, warnings included (errors still go to stderr)')
            [CompletionResult]::new('--offline', '--offline', [CompletionResultType]::ParameterName, 'With a remote: a claim made on this machine alone is enough when the remote cannot be reached')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'todos;merge-file' {
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]')
            [CompletionResult]::new('-l', '-l', [CompletionResultType]::ParameterName, 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]')
            [CompletionResult]::new('--list', '--list', [CompletionResultType]::ParameterName, 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to color the output')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Seconds to wait for another `todos` holding the store''s lock')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON envelope on stdout, for success and failure alike')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing on success, warnings included (errors still go to stderr)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing on success, warnings included (errors still go to stderr)')
            [CompletionResult]::new('--offline', '--offline', [CompletionResultType]::ParameterName, 'With a remote: a claim made on this machine alone is enough when the remote cannot be reached')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'todos;resolve' {
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]')
            [CompletionResult]::new('-l', '-l', [CompletionResultType]::ParameterName, 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]')
            [CompletionResult]::new('--list', '--list', [CompletionResultType]::ParameterName, 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to color the output')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Seconds to wait for another `todos` holding the store''s lock')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON envelope on stdout, for success and failure alike')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing on success, warnings included (errors still go to stderr)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing on success, warnings included (errors still go to stderr)')
            [CompletionResult]::new('--offline', '--offline', [CompletionResultType]::ParameterName, 'With a remote: a claim made on this machine alone is enough when the remote cannot be reached')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'todos;check' {
            [CompletionResult]::new('--stale', '--stale', [CompletionResultType]::ParameterName, 'Fail only when items are open and the plan has not changed for this many minutes')
            [CompletionResult]::new('--owner', '--owner', [CompletionResultType]::ParameterName, 'Whose check: items owned by someone else do not count [env: TODOS_OWNER]')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]')
            [CompletionResult]::new('-l', '-l', [CompletionResultType]::ParameterName, 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]')
            [CompletionResult]::new('--list', '--list', [CompletionResultType]::ParameterName, 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to color the output')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Seconds to wait for another `todos` holding the store''s lock')
            [CompletionResult]::new('--hook', '--hook', [CompletionResultType]::ParameterName, 'Run as an agent hook: exit 2 instead of 1, read the hook''s JSON event on stdin')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON envelope on stdout, for success and failure alike')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing on success, warnings included (errors still go to stderr)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing on success, warnings included (errors still go to stderr)')
            [CompletionResult]::new('--offline', '--offline', [CompletionResultType]::ParameterName, 'With a remote: a claim made on this machine alone is enough when the remote cannot be reached')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'todos;init' {
            [CompletionResult]::new('--agent', '--agent', [CompletionResultType]::ParameterName, 'The agent to set up; without it, every agent the repository shows (CLAUDE.md or .claude/, .codex/, GEMINI.md or .gemini/), else AGENTS.md')
            [CompletionResult]::new('--remote', '--remote', [CompletionResultType]::ParameterName, 'With --git: the git remote (such as origin) this clone''s plans also live on, as the refs refs/todos/LIST, so clones on other machines share them: `todos.remote` and the fetch refspec of refs/todos/* in .git/config')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]')
            [CompletionResult]::new('-l', '-l', [CompletionResultType]::ParameterName, 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]')
            [CompletionResult]::new('--list', '--list', [CompletionResultType]::ParameterName, 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to color the output')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Seconds to wait for another `todos` holding the store''s lock')
            [CompletionResult]::new('--hooks', '--hooks', [CompletionResultType]::ParameterName, 'Also install the agent''s hooks: the plan after every reset, a reminder at a stop (claude, codex, gemini)')
            [CompletionResult]::new('--mcp', '--mcp', [CompletionResultType]::ParameterName, 'Also register the MCP server (`todos mcp`), its tools allowed: .mcp.json for Claude Code, the mcpServers of .gemini/settings.json for Gemini CLI, .codex/config.toml for Codex')
            [CompletionResult]::new('--git', '--git', [CompletionResultType]::ParameterName, 'Let git merge plans across branches: `.todos.json merge=todos` in .gitattributes (commit it) and the `todos merge-file` driver in the repository''s .git/config. Alone, it writes git''s files only')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Say what init would write, each file and the lines it changes, and write nothing')
            [CompletionResult]::new('--share', '--share', [CompletionResultType]::ParameterName, 'With --remote: also suggest it to the repository''s other clones, in .todos.config.json (commit it); each clone joins with its own `todos init --git --remote NAME`')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON envelope on stdout, for success and failure alike')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing on success, warnings included (errors still go to stderr)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing on success, warnings included (errors still go to stderr)')
            [CompletionResult]::new('--offline', '--offline', [CompletionResultType]::ParameterName, 'With a remote: a claim made on this machine alone is enough when the remote cannot be reached')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'todos;hook' {
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]')
            [CompletionResult]::new('-l', '-l', [CompletionResultType]::ParameterName, 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]')
            [CompletionResult]::new('--list', '--list', [CompletionResultType]::ParameterName, 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to color the output')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Seconds to wait for another `todos` holding the store''s lock')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON envelope on stdout, for success and failure alike')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing on success, warnings included (errors still go to stderr)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing on success, warnings included (errors still go to stderr)')
            [CompletionResult]::new('--offline', '--offline', [CompletionResultType]::ParameterName, 'With a remote: a claim made on this machine alone is enough when the remote cannot be reached')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'todos;mcp' {
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]')
            [CompletionResult]::new('-l', '-l', [CompletionResultType]::ParameterName, 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]')
            [CompletionResult]::new('--list', '--list', [CompletionResultType]::ParameterName, 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to color the output')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Seconds to wait for another `todos` holding the store''s lock')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON envelope on stdout, for success and failure alike')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing on success, warnings included (errors still go to stderr)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing on success, warnings included (errors still go to stderr)')
            [CompletionResult]::new('--offline', '--offline', [CompletionResultType]::ParameterName, 'With a remote: a claim made on this machine alone is enough when the remote cannot be reached')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'todos;board' {
            [CompletionResult]::new('--port', '--port', [CompletionResultType]::ParameterName, 'Listen on this port of 127.0.0.1 (default: a free one)')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]')
            [CompletionResult]::new('-l', '-l', [CompletionResultType]::ParameterName, 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]')
            [CompletionResult]::new('--list', '--list', [CompletionResultType]::ParameterName, 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to color the output')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Seconds to wait for another `todos` holding the store''s lock')
            [CompletionResult]::new('--no-open', '--no-open', [CompletionResultType]::ParameterName, 'Print the URL; do not open a browser')
            [CompletionResult]::new('--read-only', '--read-only', [CompletionResultType]::ParameterName, 'Serve the page without its actions: no change can be made from it')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON envelope on stdout, for success and failure alike')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing on success, warnings included (errors still go to stderr)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing on success, warnings included (errors still go to stderr)')
            [CompletionResult]::new('--offline', '--offline', [CompletionResultType]::ParameterName, 'With a remote: a claim made on this machine alone is enough when the remote cannot be reached')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'todos;completions' {
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]')
            [CompletionResult]::new('-l', '-l', [CompletionResultType]::ParameterName, 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]')
            [CompletionResult]::new('--list', '--list', [CompletionResultType]::ParameterName, 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to color the output')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Seconds to wait for another `todos` holding the store''s lock')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON envelope on stdout, for success and failure alike')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing on success, warnings included (errors still go to stderr)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing on success, warnings included (errors still go to stderr)')
            [CompletionResult]::new('--offline', '--offline', [CompletionResultType]::ParameterName, 'With a remote: a claim made on this machine alone is enough when the remote cannot be reached')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'todos;man' {
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'The folder that holds `.todos.json` [env: TODOS_WORKSPACE] [default: the nearest folder upwards with .todos.json, .todos/ or .git, whichever comes first; else .]')
            [CompletionResult]::new('-l', '-l', [CompletionResultType]::ParameterName, 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]')
            [CompletionResult]::new('--list', '--list', [CompletionResultType]::ParameterName, 'The list to work on: a named plan in .todos/NAME.json (default: the workspace''s .todos.json) [env: TODOS_LIST]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to color the output')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Seconds to wait for another `todos` holding the store''s lock')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON envelope on stdout, for success and failure alike')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing on success, warnings included (errors still go to stderr)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing on success, warnings included (errors still go to stderr)')
            [CompletionResult]::new('--offline', '--offline', [CompletionResultType]::ParameterName, 'With a remote: a claim made on this machine alone is enough when the remote cannot be reached')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'todos;help' {
            [CompletionResult]::new('write', 'write', [CompletionResultType]::ParameterValue, 'Replace the whole list with a snapshot')
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Append new pending items')
            [CompletionResult]::new('sync', 'sync', [CompletionResultType]::ParameterValue, 'With a remote: fetch every list, push what waits here, and say what came in')
            [CompletionResult]::new('update', 'update', [CompletionResultType]::ParameterValue, 'Change one item''s status, content, owner or dependencies')
            [CompletionResult]::new('remove', 'remove', [CompletionResultType]::ParameterValue, 'Delete items by id')
            [CompletionResult]::new('next', 'next', [CompletionResultType]::ParameterValue, 'Print the next ready item, or claim it with --claim')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Print the checklist')
            [CompletionResult]::new('recap', 'recap', [CompletionResultType]::ParameterValue, 'Print the one-line progress recap')
            [CompletionResult]::new('undo', 'undo', [CompletionResultType]::ParameterValue, 'Restore the plan as it was before the last change, or at any kept revision')
            [CompletionResult]::new('redo', 'redo', [CompletionResultType]::ParameterValue, 'Put back what undo took back, one revision at a time')
            [CompletionResult]::new('history', 'history', [CompletionResultType]::ParameterValue, 'List the kept revisions of the plan, newest first, or print one of them')
            [CompletionResult]::new('schema', 'schema', [CompletionResultType]::ParameterValue, 'Print the JSON Schema of a command''s input, or a function-tool definition for an LLM API')
            [CompletionResult]::new('prompt', 'prompt', [CompletionResultType]::ParameterValue, 'Print a short guide to `todos` for an agent''s system prompt, with the limits in force')
            [CompletionResult]::new('merge-file', 'merge-file', [CompletionResultType]::ParameterValue, 'Merge three versions of a plan: git''s merge driver (`todos init --git` registers it)')
            [CompletionResult]::new('resolve', 'resolve', [CompletionResultType]::ParameterValue, 'Merge a plan that git left with conflict markers, then `git add` it')
            [CompletionResult]::new('check', 'check', [CompletionResultType]::ParameterValue, 'Exit 0 when the plan is empty or finished, 1 while items are open')
            [CompletionResult]::new('init', 'init', [CompletionResultType]::ParameterValue, 'Set an agent up to use `todos`: write its instructions file, and with --hooks its hooks')
            [CompletionResult]::new('hook', 'hook', [CompletionResultType]::ParameterValue, 'The hook every agent runs: the plan after every reset, a reminder at a stop')
            [CompletionResult]::new('mcp', 'mcp', [CompletionResultType]::ParameterValue, 'Serve the plan as tools to an MCP client (Claude Code, Codex, Gemini CLI, …) on stdio')
            [CompletionResult]::new('board', 'board', [CompletionResultType]::ParameterValue, 'Serve every plan under the folders given, live, on one page in the browser')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print a shell completion script')
            [CompletionResult]::new('man', 'man', [CompletionResultType]::ParameterValue, 'Print the man page')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'todos;help;write' {
            break
        }
        'todos;help;create' {
            break
        }
        'todos;help;sync' {
            break
        }
        'todos;help;update' {
            break
        }
        'todos;help;remove' {
            break
        }
        'todos;help;next' {
            break
        }
        'todos;help;show' {
            break
        }
        'todos;help;recap' {
            break
        }
        'todos;help;undo' {
            break
        }
        'todos;help;redo' {
            break
        }
        'todos;help;history' {
            break
        }
        'todos;help;schema' {
            break
        }
        'todos;help;prompt' {
            break
        }
        'todos;help;merge-file' {
            break
        }
        'todos;help;resolve' {
            break
        }
        'todos;help;check' {
            break
        }
        'todos;help;init' {
            break
        }
        'todos;help;hook' {
            break
        }
        'todos;help;mcp' {
            break
        }
        'todos;help;board' {
            break
        }
        'todos;help;completions' {
            break
        }
        'todos;help;man' {
            break
        }
        'todos;help;help' {
            break
        }
    })

    $completions.Where{ $_.CompletionText -like "$wordToComplete*" } |
        Sort-Object -Property ListItemText
}
