
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
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'The folder that holds `.todos.json` [default: nearest with .todos.json, else with .git, else .]')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'The folder that holds `.todos.json` [default: nearest with .todos.json, else with .git, else .]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to color the output')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Seconds to wait for another `todos` holding the store''s lock')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON envelope on stdout, for success and failure alike')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing on success (errors and warnings still go to stderr)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing on success (errors and warnings still go to stderr)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('write', 'write', [CompletionResultType]::ParameterValue, 'Replace the whole list with a snapshot')
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Append new pending items')
            [CompletionResult]::new('update', 'update', [CompletionResultType]::ParameterValue, 'Change one item''s status and/or content')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Print the checklist')
            [CompletionResult]::new('recap', 'recap', [CompletionResultType]::ParameterValue, 'Print the one-line progress recap')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print a shell completion script')
            [CompletionResult]::new('man', 'man', [CompletionResultType]::ParameterValue, 'Print the man page')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'todos;write' {
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Read the snapshot from a file')
            [CompletionResult]::new('--summary', '--summary', [CompletionResultType]::ParameterName, 'The one line saying what the whole plan is for (overrides the snapshot''s)')
            [CompletionResult]::new('-t', '-t', [CompletionResultType]::ParameterName, 'An item as STATUS:CONTENT (statuses below), e.g. `-t in_progress:"Patch the check"`; repeat in order')
            [CompletionResult]::new('--todo', '--todo', [CompletionResultType]::ParameterName, 'An item as STATUS:CONTENT (statuses below), e.g. `-t in_progress:"Patch the check"`; repeat in order')
            [CompletionResult]::new('--expect-revision', '--expect-revision', [CompletionResultType]::ParameterName, 'Refuse (exit 3) unless the store is at this revision')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'The folder that holds `.todos.json` [default: nearest with .todos.json, else with .git, else .]')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'The folder that holds `.todos.json` [default: nearest with .todos.json, else with .git, else .]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to color the output')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Seconds to wait for another `todos` holding the store''s lock')
            [CompletionResult]::new('--new-session', '--new-session', [CompletionResultType]::ParameterName, 'Start a new session: the next finished plan goes to a new completion log')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON envelope on stdout, for success and failure alike')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing on success (errors and warnings still go to stderr)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing on success (errors and warnings still go to stderr)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'todos;create' {
            [CompletionResult]::new('--expect-revision', '--expect-revision', [CompletionResultType]::ParameterName, 'Refuse (exit 3) unless the store is at this revision')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'The folder that holds `.todos.json` [default: nearest with .todos.json, else with .git, else .]')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'The folder that holds `.todos.json` [default: nearest with .todos.json, else with .git, else .]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to color the output')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Seconds to wait for another `todos` holding the store''s lock')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON envelope on stdout, for success and failure alike')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing on success (errors and warnings still go to stderr)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing on success (errors and warnings still go to stderr)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'todos;update' {
            [CompletionResult]::new('--content', '--content', [CompletionResultType]::ParameterName, 'New text for the item')
            [CompletionResult]::new('--expect-revision', '--expect-revision', [CompletionResultType]::ParameterName, 'Refuse (exit 3) unless the store is at this revision')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'The folder that holds `.todos.json` [default: nearest with .todos.json, else with .git, else .]')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'The folder that holds `.todos.json` [default: nearest with .todos.json, else with .git, else .]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to color the output')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Seconds to wait for another `todos` holding the store''s lock')
            [CompletionResult]::new('--reopen', '--reopen', [CompletionResultType]::ParameterName, 'Allow a finished item (completed, cancelled, failed) to become open again')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON envelope on stdout, for success and failure alike')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing on success (errors and warnings still go to stderr)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing on success (errors and warnings still go to stderr)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'todos;show' {
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'The output format')
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'The folder that holds `.todos.json` [default: nearest with .todos.json, else with .git, else .]')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'The folder that holds `.todos.json` [default: nearest with .todos.json, else with .git, else .]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to color the output')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Seconds to wait for another `todos` holding the store''s lock')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON envelope on stdout, for success and failure alike')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing on success (errors and warnings still go to stderr)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing on success (errors and warnings still go to stderr)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'todos;recap' {
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'The folder that holds `.todos.json` [default: nearest with .todos.json, else with .git, else .]')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'The folder that holds `.todos.json` [default: nearest with .todos.json, else with .git, else .]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to color the output')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Seconds to wait for another `todos` holding the store''s lock')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON envelope on stdout, for success and failure alike')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing on success (errors and warnings still go to stderr)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing on success (errors and warnings still go to stderr)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'todos;completions' {
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'The folder that holds `.todos.json` [default: nearest with .todos.json, else with .git, else .]')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'The folder that holds `.todos.json` [default: nearest with .todos.json, else with .git, else .]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to color the output')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Seconds to wait for another `todos` holding the store''s lock')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON envelope on stdout, for success and failure alike')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing on success (errors and warnings still go to stderr)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing on success (errors and warnings still go to stderr)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'todos;man' {
            [CompletionResult]::new('-C', '-C ', [CompletionResultType]::ParameterName, 'The folder that holds `.todos.json` [default: nearest with .todos.json, else with .git, else .]')
            [CompletionResult]::new('--workspace', '--workspace', [CompletionResultType]::ParameterName, 'The folder that holds `.todos.json` [default: nearest with .todos.json, else with .git, else .]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to color the output')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Seconds to wait for another `todos` holding the store''s lock')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON envelope on stdout, for success and failure alike')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing on success (errors and warnings still go to stderr)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing on success (errors and warnings still go to stderr)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'todos;help' {
            [CompletionResult]::new('write', 'write', [CompletionResultType]::ParameterValue, 'Replace the whole list with a snapshot')
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Append new pending items')
            [CompletionResult]::new('update', 'update', [CompletionResultType]::ParameterValue, 'Change one item''s status and/or content')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Print the checklist')
            [CompletionResult]::new('recap', 'recap', [CompletionResultType]::ParameterValue, 'Print the one-line progress recap')
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
        'todos;help;update' {
            break
        }
        'todos;help;show' {
            break
        }
        'todos;help;recap' {
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
