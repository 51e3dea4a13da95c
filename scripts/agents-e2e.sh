#!/usr/bin/env bash
# Proves `todos init --agent X` on the real agents, offline. Not part of CI.
#
# usage: scripts/agents-e2e.sh [claude] [codex] [gemini]      (default: all three)
#
# It installs Claude Code, Codex and Gemini CLI from the npm registry (the releases below) into a
# cache folder, builds todos, and for each agent runs two sets of scenarios, each in a fresh git
# repository, the agent non-interactively against scripts/agents_standin.py, a scripted stand-in
# for its model API on 127.0.0.1. The stand-in records every request; the checks read them.
# HOME and every config folder point into the run's own folder, so nothing of this machine's
# user configuration is read or touched.
#
# - The hooks (finish, stuck, retool, none), after `todos init --agent X --hooks`, with every
#   permission granted up front: they measure the hooks' protocol alone.
# - The default permission mode (shell, mcp), after one `todos init --agent X --hooks --mcp`,
#   the folder trusted the way that agent's user trusts it and nothing else granted: Claude
#   Code with `projects.<path>.hasTrustDialogAccepted` in ~/.claude.json and no --allowedTools;
#   Gemini CLI in a trusted folder with no --approval-mode; Codex with --trust and
#   --sandbox workspace-write. The agent plans and finishes through the shell, then through the
#   MCP tools (Gemini CLI's own write_todos shape sent to the write tool).
#
# Environment: TODOS_E2E_CACHE (the npm cache folder), TODOS_E2E_OUT (where runs are kept;
# default a new temp folder), TODOS_E2E_TIMEOUT (seconds an agent may run, default 180),
# TODOS_E2E_SCENARIOS (default: all six), TODOS_E2E_CONTROL=1 (the default-mode runs without
# the allow rules init adds: they must fail), TODOS_E2E_RECORD=1 (copy the hook payloads of passing
# runs into tests/fixtures/hooks/).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cache=${TODOS_E2E_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/todos-agents-e2e}
out=${TODOS_E2E_OUT:-$(mktemp -d "${TMPDIR:-/tmp}/todos-agents-e2e.XXXXXX")}
limit=${TODOS_E2E_TIMEOUT:-180}
agents=${*:-claude codex gemini}
scenarios=${TODOS_E2E_SCENARIOS:-finish stuck retool none shell mcp}
# The releases measured (docs/agents.md, "Proof on the real agents").
CLAUDE_VERSION=2.1.330
CODEX_VERSION=0.169.0
GEMINI_VERSION=0.61.0

mkdir -p "$cache/npm" "$out"
echo "== installing the agents into $cache/npm"
npm install --prefix "$cache/npm" --no-audit --no-fund --loglevel=error \
    "@anthropic-ai/claude-code@$CLAUDE_VERSION" "@openai/codex@$CODEX_VERSION" \
    "@google/gemini-cli@$GEMINI_VERSION" >/dev/null
bin="$cache/npm/node_modules/.bin"
echo "== building todos"
# cargo's own answer for where the binary is: .cargo/config.toml names the target, so it is
# under target/<host-tuple>/, not target/debug/.
todos=$(cd "$root" && cargo build --quiet --bin todos --message-format=json-render-diagnostics |
    sed -n 's/.*"executable":"\([^"]*\/todos\)".*/\1/p')
# The repository's folder name holds a space: a hook command that quotes the project folder
# wrongly (Gemini CLI rewrites $CLAUDE_PROJECT_DIR into an already-quoted path) fails here.
repo="the repo"

version() {
    "$bin/$1" --version 2>/dev/null | head -n 1
}

# A `todos` first on the agent's PATH that keeps a copy of each hook payload, then runs the
# real one: the payloads become tests/fixtures/hooks/<agent>/.
write_shim() {
    local dir=$1
    mkdir -p "$dir/bin" "$dir/payloads"
    cat >"$dir/bin/todos" <<EOF
#!/bin/sh
if [ "\$1" = hook ]; then
    n=\$(ls "$dir/payloads" | wc -l)
    file="$dir/payloads/\$(printf %02d "\$n").json"
    cat >"\$file"
    exec "$todos" "\$@" <"\$file"
fi
exec "$todos" "\$@"
EOF
    chmod +x "$dir/bin/todos"
}

start_standin() {
    local dir=$1 scenario=$2
    python3 "$root/scripts/agents_standin.py" "$scenario" "$dir/requests.jsonl" "$dir/port" \
        2>"$dir/standin.err" &
    echo $! >"$dir/standin.pid"
    for _ in $(seq 100); do
        [ -s "$dir/port" ] && return 0
        sleep 0.1
    done
    echo "the stand-in did not start: $(cat "$dir/standin.err")" >&2
    return 1
}

stop_standin() {
    local dir=$1
    kill "$(cat "$dir/standin.pid")" 2>/dev/null || true
    wait "$(cat "$dir/standin.pid")" 2>/dev/null || true
}

# The environment every agent runs in: nothing of the caller's but PATH's system folders.
base_env() {
    local dir=$1
    echo "PATH=$dir/bin:$bin:/usr/local/bin:/usr/bin:/bin HOME=$dir/home \
XDG_CONFIG_HOME=$dir/home/.config XDG_CACHE_HOME=$dir/home/.cache \
XDG_DATA_HOME=$dir/home/.local/share XDG_STATE_HOME=$dir/home/.local/state TERM=dumb \
LANG=C.UTF-8 TZ=UTC NO_COLOR=1 CI=1 DO_NOT_TRACK=1"
}

# Which runs grant everything up front (the hooks' runs) and which run in the default mode.
default_mode() {
    case $1 in shell | mcp) return 0 ;; *) return 1 ;; esac
}

run_claude() {
    local dir=$1 port=$2 scenario=$3
    local grant=(--allowedTools "Bash(todos:*)")
    mkdir -p "$dir/home/.claude"
    if default_mode "$scenario"; then
        grant=()
        # The user's part: the folder trust dialog accepted, as Claude Code records it.
        local trust
        trust=$(printf '{"projects": {"%s": {"hasTrustDialogAccepted": true}}}' "$dir/$repo")
        echo "$trust" >"$dir/home/.claude.json"
        echo "$trust" >"$dir/home/.claude/.claude.json"
    fi
    # shellcheck disable=SC2046
    (cd "$dir/$repo" && env -i $(base_env "$dir") \
        ANTHROPIC_BASE_URL="http://127.0.0.1:$port" ANTHROPIC_API_KEY=stand-in \
        CLAUDE_CONFIG_DIR="$dir/home/.claude" DISABLE_AUTOUPDATER=1 DISABLE_TELEMETRY=1 \
        DISABLE_ERROR_REPORTING=1 CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1 \
        DISABLE_NON_ESSENTIAL_MODEL_CALLS=1 \
        timeout "$limit" "$bin/claude" -p "Work on the plan." "${grant[@]}" \
        --output-format text)
}

run_codex() {
    local dir=$1 port=$2 scenario=$3
    mkdir -p "$dir/home/.codex"
    # Codex runs commands in a login shell, whose /etc/profile resets PATH: a user has todos on
    # PATH through their own ~/.profile, and so does this run's HOME.
    # shellcheck disable=SC2016 # $PATH is for the login shell to expand, not this one
    printf 'export PATH="%s:$PATH"\n' "$dir/bin" >"$dir/home/.profile"
    # The user's part, done here in the run's own CODEX_HOME: the project is trusted. The
    # second part, reviewing each hook in /hooks, needs the interactive TUI; for this run
    # --dangerously-bypass-hook-trust stands in for it.
    cat >"$dir/home/.codex/config.toml" <<EOF
model = "stand-in"
model_provider = "standin"
check_for_update_on_startup = false

[model_providers.standin]
name = "Stand-in"
base_url = "http://127.0.0.1:$port/v1"
wire_api = "responses"
env_key = "STANDIN_API_KEY"
request_max_retries = 0
stream_max_retries = 0

[analytics]
enabled = false

[feedback]
enabled = false
EOF
    local grant=(--dangerously-bypass-hook-trust -s danger-full-access)
    if default_mode "$scenario"; then
        # The user's part, as `codex exec` takes it: --trust records the project as trusted
        # (its .codex/config.toml is read then); the sandbox is Codex's default for a trusted
        # project, workspace-write.
        grant=(--trust --sandbox workspace-write)
    else
        printf '\n[projects."%s"]\ntrust_level = "trusted"\n' "$dir/$repo" \
            >>"$dir/home/.codex/config.toml"
    fi
    # shellcheck disable=SC2046
    (cd "$dir/$repo" && env -i $(base_env "$dir") CODEX_HOME="$dir/home/.codex" \
        STANDIN_API_KEY=stand-in \
        timeout "$limit" "$bin/codex" exec "${grant[@]}" "Work on the plan." </dev/null)
}

run_gemini() {
    local dir=$1 port=$2 scenario=$3
    local grant=(--approval-mode yolo)
    default_mode "$scenario" && grant=()
    mkdir -p "$dir/home/.gemini"
    cat >"$dir/home/.gemini/settings.json" <<EOF
{
  "security": {"auth": {"selectedType": "gemini-api-key"}},
  "general": {"disableAutoUpdate": true, "disableUpdateNag": true},
  "privacy": {"usageStatisticsEnabled": false},
  "telemetry": {"enabled": false}
}
EOF
    # The user's part, done here in the run's own HOME: the folder is trusted.
    printf '{"%s": "TRUST_FOLDER"}\n' "$dir/$repo" >"$dir/home/.gemini/trustedFolders.json"
    # shellcheck disable=SC2046
    (cd "$dir/$repo" && env -i $(base_env "$dir") GEMINI_API_KEY=stand-in \
        GOOGLE_GEMINI_BASE_URL="http://127.0.0.1:$port" GEMINI_CLI_NO_RELAUNCH=true \
        timeout "$limit" "$bin/gemini" -p "Work on the plan." "${grant[@]}" </dev/null)
}

# The payloads the CI tests feed to `todos hook`: from the run where the agent stops twice,
# and the stop after work that followed a reminder (Gemini CLI clears its flag there).
record_fixtures() {
    local agent=$1 fixtures="$root/tests/fixtures/hooks/$1"
    mkdir -p "$fixtures"
    cp "$out/$agent-stuck/payloads/00.json" "$fixtures/session-start.json"
    cp "$out/$agent-stuck/payloads/01.json" "$fixtures/stop.json"
    cp "$out/$agent-stuck/payloads/02.json" "$fixtures/stop-again.json"
    cp "$out/$agent-finish/payloads/02.json" "$fixtures/stop-after-work.json"
    echo "   recorded $fixtures"
}

strip_rules() {
    python3 - "$1" <<'PY'
import json, os, re, sys
root = sys.argv[1]
for name, path in ((".claude/settings.json", ("permissions",)), (".gemini/settings.json", ("tools",))):
    file = os.path.join(root, name)
    if os.path.exists(file):
        settings = json.load(open(file))
        settings.pop(path[0], None)
        for server in (settings.get("mcpServers") or {}).values():
            server.pop("trust", None)
        json.dump(settings, open(file, "w"), indent=2)
file = os.path.join(root, ".codex/config.toml")
if os.path.exists(file):
    text = open(file).read()
    open(file, "w").write(re.sub(r'default_tools_approval_mode = "approve"\n', "", text))
PY
}

failures=0
for agent in $agents; do
    agent_failures=$failures
    echo "== $agent $(version "$agent")"
    for scenario in $scenarios; do
        dir="$out/$agent-$scenario"
        rm -rf "$dir"
        mkdir -p "$dir/$repo" "$dir/home"
        git -C "$dir/$repo" init --quiet
        write_shim "$dir"
        if default_mode "$scenario"; then
            (cd "$dir/$repo" && "$todos" init --agent "$agent" --hooks --mcp >"$dir/init.txt")
            # The control: the same run without the allow rules init added, which must fail.
            [ "${TODOS_E2E_CONTROL:-}" = 1 ] && strip_rules "$dir/$repo"
        else
            (cd "$dir/$repo" && "$todos" init --agent "$agent" --hooks >"$dir/init.txt")
        fi
        if [ "$scenario" != none ] && ! default_mode "$scenario"; then
            (cd "$dir/$repo" && TODOS_NOW=2026-01-02T10:00:00Z "$todos" write --quiet \
                --summary "Fix login" -t completed:"Reproduce the bug" \
                -t in_progress:"Patch the check" -t pending:"Add a test")
        fi
        start_standin "$dir" "$scenario"
        port=$(cat "$dir/port")
        set +e
        "run_$agent" "$dir" "$port" "$scenario" >"$dir/agent.out" 2>"$dir/agent.err"
        echo $? >"$dir/agent.code"
        set -e
        stop_standin "$dir"
        (cd "$dir/$repo" && "$todos" --json show >"$dir/plan.json")
        if ! python3 "$root/scripts/agents_e2e_check.py" "$agent" "$scenario" "$dir"; then
            failures=$((failures + 1))
        fi
    done
    if [ "${TODOS_E2E_RECORD:-}" = 1 ] && [ "$failures" = "$agent_failures" ]; then
        record_fixtures "$agent"
    fi
done
echo "== runs kept in $out"
if [ "$failures" -gt 0 ]; then
    echo "FAILED: $failures run(s)"
    exit 1
fi
echo "all runs passed"
