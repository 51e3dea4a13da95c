#!/usr/bin/env bash
# Regenerates completions/ from the binary itself (`todos completions SHELL`), so the committed
# scripts match the command line. tests/cli/completions.rs fails, naming this script, when they
# do not: run it after changing src/cli.rs, and commit the result.
set -euo pipefail
cd "$(dirname "$0")/.."

for pair in bash:todos.bash zsh:_todos fish:todos.fish powershell:_todos.ps1 elvish:todos.elv; do
    shell=${pair%%:*}
    file=completions/${pair#*:}
    cargo run --quiet -- completions "$shell" > "$file"
    echo "wrote $file"
done
