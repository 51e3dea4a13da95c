#!/usr/bin/env bash
# Proves `todos init --agent X` on the real agents, offline. Not part of CI.
#
# usage: scripts/agents-e2e.sh [claude] [codex] [gemini]      (default: all three)
#
# It installs Claude Code, Codex and Gemini CLI from the npm registry (the releases below) into a
# cache folder, builds todos, and for each agent runs three sets of scenarios, each in a fresh
# git repository, the agent against scripts/agents_standin.py, a scripted stand-in for its model
# API on 127.0.0.1 (non-interactively, but where an event needs the agent's own screen: that
# screen in a tmux server of the script's own). The stand-in records every request; the checks read them.
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
# - Every reset (resets), after `todos init --agent X --hooks`: a resume, a fork, a compaction
#   and /clear, as far as each agent can be driven to them offline (resets_claude, …), each
#   checked to bring the plan into the model's context once.
# - What others change (news), after `todos init --agent X --hooks`: between two of the
#   agent's tool calls another process (the stand-in, as `you@laptop`) adds an item; the
#   after-tool hook's note must reach the agent's next model request, once, and the agent's
#   own `todos` call before it must bring none.
#
# Environment: TODOS_E2E_CACHE (the npm cache folder), TODOS_E2E_OUT (where runs are kept;
# default a new temp folder), TODOS_E2E_TIMEOUT (seconds an agent may run, default 180),
# TODOS_E2E_SCENARIOS (default: all eight), TODOS_E2E_CONTROL=1 (the default-mode runs without
# the allow rules init adds: they must fail), TODOS_E2E_RECORD=1 (copy the hook payloads of passing
# runs into tests/fixtures/hooks/).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cache=${TODOS_E2E_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/todos-agents-e2e}
out=${TODOS_E2E_OUT:-$(mktemp -d "${TMPDIR:-/tmp}/todos-agents-e2e.XXXXXX")}
limit=${TODOS_E2E_TIMEOUT:-180}
agents=${*:-claude codex gemini}
scenarios=${TODOS_E2E_SCENARIOS:-finish stuck retool none shell mcp resets news}
# The releases measured (docs/agents.md, "Proof on the real agents").
CLAUDE_VERSION=2.1.332
CODEX_VERSION=0.171.0
GEMINI_VERSION=0.61.0

mkdir -p "$cache/npm" "$out"
echo "== installing the agents into $cache/npm"
npm install --prefix "$cache/npm" --no-audit --no-fund --loglevel=error \
    "@anthropic-ai/claude-code@$CLAUDE_VERSION" "@openai/codex@$CODEX_VERSION" \
    "@google/gemini-cli@$GEMINI_VERSION" >/dev/null
bin="$cache/npm/node_modules/.bin"
echo "== building todos"
# cargo's own answer for where the binary is: target/debug/, or under a CARGO_TARGET_DIR of the
# caller's.
todos=$(cd "$root" && cargo build --quiet --bin todos --message-format=json-render-diagnostics |
    sed -n 's/.*"executable":"\([^"]*\/todos\)".*/\1/p')
# The repository's folder name holds a space: a hook command that quotes the project folder
# wrongly (Gemini CLI rewrites $CLAUDE_PROJECT_DIR into an already-quoted path) fails here.
repo="the repo"

version() {
    "$bin/$1" --version 2>/dev/null | head -n 1
}

# A `todos` first on the agent's PATH that keeps a copy of each hook payload, then runs the
# real one: the payloads become tests/fixtures/hooks/<agent>/. With `label`, it first sets the
# plan's summary to the event that runs the hook (`Reset: compact`, `Reset: BeforeAgent`), so
# the checks can tell which reset put each copy of the plan into the model's context.
write_shim() {
    local dir=$1 label=${2:-}
    mkdir -p "$dir/bin" "$dir/payloads"
    cat >"$dir/bin/todos" <<EOF
#!/bin/sh
if [ "\$1" = hook ]; then
    n=\$(ls "$dir/payloads" | grep -c '\.json\$')
    file="$dir/payloads/\$(printf %02d "\$n").json"
    cat >"\$file"
    # Gemini CLI's transcript as the hook saw it: \`todos hook\` reads it at BeforeAgent.
    transcript=\$(sed -n 's/.*"transcript_path": *"\([^"]*\)".*/\1/p' "\$file")
    if grep -q '"hook_event_name": *"BeforeAgent"' "\$file" && [ -f "\$transcript" ]; then
        cp "\$transcript" "$dir/payloads/\$(printf %02d "\$n").transcript.jsonl"
    fi
    if [ -n "$label" ]; then
        event=\$(sed -n 's/.*"hook_event_name": *"\([A-Za-z]*\)".*/\1/p' "\$file")
        source=\$(sed -n 's/.*"source": *"\([a-z]*\)".*/\1/p' "\$file")
        case \$event in
        SessionStart) "$todos" write --quiet --summary "Reset: \$source" </dev/null ;;
        BeforeAgent) "$todos" write --quiet --summary "Reset: \$event" </dev/null ;;
        esac
    fi
    exec "$todos" "\$@" <"\$file"
fi
exec "$todos" "\$@"
EOF
    chmod +x "$dir/bin/todos"
}

# The stand-in for one run, its requests logged to `log` (default: the run's requests.jsonl).
start_standin() {
    local dir=$1 scenario=$2 log=${3:-$1/requests.jsonl}
    rm -f "$dir/port"
    STANDIN_REPO="$dir/$repo" STANDIN_TODOS="$todos" \
        python3 "$root/scripts/agents_standin.py" "$scenario" "$log" "$dir/port" \
        2>>"$dir/standin.err" &
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
    shift 3
    local prompt=(-p "Work on the plan.")
    [ $# -gt 0 ] && prompt=("$@")
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
        timeout "$limit" "$bin/claude" "${prompt[@]}" "${grant[@]}" \
        --output-format text)
}

# The run's CODEX_HOME: the stand-in as the model provider, and (but in the default mode) the
# project trusted.
codex_home() {
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
    if ! default_mode "$scenario"; then
        printf '\n[projects."%s"]\ntrust_level = "trusted"\n' "$dir/$repo" \
            >>"$dir/home/.codex/config.toml"
    fi
}

run_codex() {
    local dir=$1 port=$2 scenario=$3
    shift 3
    local prompt=("Work on the plan.")
    [ $# -gt 0 ] && prompt=("$@")
    codex_home "$dir" "$port" "$scenario"
    local grant=(--dangerously-bypass-hook-trust -s danger-full-access)
    if default_mode "$scenario"; then
        # The user's part, as `codex exec` takes it: --trust records the project as trusted
        # (its .codex/config.toml is read then); the sandbox is Codex's default for a trusted
        # project, workspace-write.
        grant=(--trust --sandbox workspace-write)
    fi
    # shellcheck disable=SC2046
    (cd "$dir/$repo" && env -i $(base_env "$dir") CODEX_HOME="$dir/home/.codex" \
        STANDIN_API_KEY=stand-in \
        timeout "$limit" "$bin/codex" exec "${grant[@]}" "${prompt[@]}" </dev/null)
}

gemini_home() {
    local dir=$1
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
}

run_gemini() {
    local dir=$1 port=$2 scenario=$3
    shift 3
    local prompt=(-p "Work on the plan.")
    [ $# -gt 0 ] && prompt=("$@")
    local grant=(--approval-mode yolo)
    default_mode "$scenario" && grant=()
    gemini_home "$dir"
    # shellcheck disable=SC2046
    (cd "$dir/$repo" && env -i $(base_env "$dir") GEMINI_API_KEY=stand-in \
        GOOGLE_GEMINI_BASE_URL="http://127.0.0.1:$port" GEMINI_CLI_NO_RELAUNCH=true \
        timeout "$limit" "$bin/gemini" "${prompt[@]}" "${grant[@]}" </dev/null)
}

# The resets scenario: one plan, then every reset each agent can be driven to offline, each
# step a run of its own (steps/NN-NAME/, with a fresh stand-in), the plan's summary set by the
# shim to the event whose hook printed it.
step() {
    local agent=$1 dir=$2 name=$3
    shift 3
    local at
    at="$dir/steps/$(printf %02d "$(find "$dir/steps" -mindepth 1 -maxdepth 1 | wc -l)")-$name"
    mkdir -p "$at"
    start_standin "$dir" stuck "$at/requests.jsonl"
    set +e
    "run_$agent" "$dir" "$(cat "$dir/port")" resets "$@" >"$at/agent.out" 2>"$at/agent.err"
    echo $? >"$at/agent.code"
    set -e
    stop_standin "$dir"
}

# The session id of the last SessionStart payload with this source.
session_of() {
    python3 - "$1/payloads" "$2" <<'PY'
import json, os, sys
found = ""
for name in sorted(n for n in os.listdir(sys.argv[1]) if n.endswith(".json")):
    with open(os.path.join(sys.argv[1], name), encoding="utf-8") as file:
        payload = json.load(file)
    if payload.get("hook_event_name") == "SessionStart" and payload.get("source") == sys.argv[2]:
        found = payload["session_id"]
print(found)
PY
}

# Claude Code runs each reset from `-p`: a resume, a fork, `/compact` and `/clear` (the
# cleared session resumed to see what it holds).
resets_claude() {
    local dir=$1 sid
    step claude "$dir" startup -p "Work on the plan."
    sid=$(session_of "$dir" startup)
    step claude "$dir" resume -p "Go on." --resume "$sid"
    step claude "$dir" fork -p "Go on." --resume "$sid" --fork-session
    step claude "$dir" compact -p "/compact" --resume "$sid"
    step claude "$dir" after-compact -p "Go on." --resume "$sid"
    step claude "$dir" clear -p "/clear" --resume "$sid"
    step claude "$dir" after-clear -p "Go on." --resume "$(session_of "$dir" clear)"
}

# Codex: `exec resume`, `exec fork`, and a compaction forced by a token limit below what the
# stand-in reports. Its /clear needs the interactive screen (see resets_codex_tui).
resets_codex() {
    local dir=$1 sid
    step codex "$dir" startup "Work on the plan."
    sid=$(session_of "$dir" startup)
    step codex "$dir" resume resume "$sid" "Go on."
    step codex "$dir" fork fork "$sid" "Go on."
    step codex "$dir" compact -c model_auto_compact_token_limit=100 resume "$sid" "Go on."
    tui codex "$dir"
}

# Gemini CLI: `--resume`, and in its interactive screen (tmux) /clear and /compress, each
# followed by a prompt.
resets_gemini() {
    local dir=$1
    step gemini "$dir" startup -p "Work on the plan."
    step gemini "$dir" resume --resume latest -p "Go on."
    tui gemini "$dir"
}

# How many requests of the agent's own turns a stand-in's log holds.
main_requests() {
    local count
    count=$(grep -c '"main": true' "$1" 2>/dev/null || true)
    echo "${count:-0}"
}

# Waits until the log holds `count` main requests (and the agent has answered the last), at
# most `tries` fifths of a second.
wait_requests() {
    local log=$1 count=$2 tries=${3:-600}
    for _ in $(seq "$tries"); do
        [ "$(main_requests "$log")" -ge "$count" ] && sleep 2 && return 0
        sleep 0.2
    done
    echo "   timed out waiting for request $count in $log" >&2
    return 1
}

# Waits until the screen of tmux session `name` shows `text`.
wait_screen() {
    local name=$1 text=$2
    for _ in $(seq 300); do
        tmux -L todos-e2e capture-pane -p -t "$name" 2>/dev/null | grep -qF "$text" && return 0
        sleep 0.2
    done
    echo "   timed out waiting for \"$text\" on the screen" >&2
    return 1
}

type_line() {
    tmux -L todos-e2e send-keys -t "$1" -l "$2"
    sleep 1
    tmux -L todos-e2e send-keys -t "$1" Enter
}

# Types a prompt and waits for the turn it starts to reach `count` requests. A screen that
# was still starting may have taken the line without the Enter: it gets one more.
prompt_line() {
    local name=$1 text=$2 log=$3 count=$4
    type_line "$name" "$text"
    wait_requests "$log" "$count" 100 2>/dev/null && return 0
    tmux -L todos-e2e send-keys -t "$name" Enter
    wait_requests "$log" "$count"
}

# The agent's interactive screen in tmux (a server of this script's own): a prompt, /clear and
# a prompt, and for Gemini CLI /compress and a prompt. The stand-in's log is marked between them.
tui() {
    local agent=$1 dir=$2 at log name port ready program
    at="$dir/steps/$(printf %02d "$(find "$dir/steps" -mindepth 1 -maxdepth 1 | wc -l)")-tui"
    log="$at/requests.jsonl"
    name="$agent-$$"
    mkdir -p "$at"
    start_standin "$dir" stuck "$log"
    port=$(cat "$dir/port")
    if [ "$agent" = codex ]; then
        codex_home "$dir" "$port" resets
        ready="Ask Codex to do anything"
        program="CODEX_HOME='$dir/home/.codex' STANDIN_API_KEY=stand-in '$bin/codex' \
            --dangerously-bypass-hook-trust -s danger-full-access"
    else
        gemini_home "$dir"
        ready="Type your message"
        program="GEMINI_API_KEY=stand-in GOOGLE_GEMINI_BASE_URL='http://127.0.0.1:$port' \
            GEMINI_CLI_NO_RELAUNCH=true '$bin/gemini' --approval-mode yolo"
    fi
    # Not base_env: with CI set, Gemini CLI's screen takes no input.
    cat >"$at/start.sh" <<EOF
cd "$dir/$repo" || exit 1
exec env -i PATH="$dir/bin:$bin:/usr/local/bin:/usr/bin:/bin" HOME="$dir/home" \\
    XDG_CONFIG_HOME="$dir/home/.config" XDG_CACHE_HOME="$dir/home/.cache" TERM=xterm-256color \\
    LANG=C.UTF-8 TZ=UTC NO_COLOR=1 DO_NOT_TRACK=1 $program 2>"$at/agent.err"
EOF
    tmux -L todos-e2e new-session -d -s "$name" -x 150 -y 45 "bash '$at/start.sh'"
    local code=0
    {
        wait_screen "$name" "$ready" && sleep 3 &&
            prompt_line "$name" "Work on the plan." "$log" 2 &&
            echo '{"mark": "clear"}' >>"$log" && type_line "$name" "/clear" && sleep 3 &&
            prompt_line "$name" "Go on." "$log" 4 &&
            if [ "$agent" = gemini ]; then
                echo '{"mark": "compress"}' >>"$log" && type_line "$name" "/compress" &&
                    wait_screen "$name" "Chat history compressed" &&
                    prompt_line "$name" "Go on." "$log" 6
            fi &&
            # A store that cannot be read at a reset: the agent goes on, and its screen says why.
            cp "$dir/$repo/.todos.json" "$at/store.json" &&
            echo '{"mark": "broken"}' >>"$log" && echo '{not json' >"$dir/$repo/.todos.json" &&
            type_line "$name" "/clear" && sleep 3 &&
            prompt_line "$name" "Go on." "$log" "$(($(main_requests "$log") + 1))" &&
            tmux -L todos-e2e capture-pane -p -J -t "$name" >"$at/screen-broken.txt" &&
            cp "$at/store.json" "$dir/$repo/.todos.json"
    } || code=1
    tmux -L todos-e2e capture-pane -p -t "$name" >"$at/screen.txt" 2>/dev/null || true
    tmux -L todos-e2e kill-session -t "$name" 2>/dev/null || true
    echo "$code" >"$at/agent.code"
    stop_standin "$dir"
}

# The payloads the CI tests feed to `todos hook`: from the run where the agent stops twice,
# and the stop after work that followed a reminder (Gemini CLI clears its flag there).
# The path of a run's `n`th payload of `event` (`stop`: Stop or Gemini CLI's AfterAgent).
nth_payload() {
    python3 - "$1/payloads" "$2" "$3" <<'PY'
import json, os, sys
folder, event, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
events = ("Stop", "AfterAgent") if event == "stop" else (event,)
for name in sorted(n for n in os.listdir(folder) if n.endswith(".json")):
    with open(os.path.join(folder, name), encoding="utf-8") as file:
        if json.load(file).get("hook_event_name") in events:
            n -= 1
            if n == 0:
                print(os.path.join(folder, name))
PY
}

# From the resets scenario: the first SessionStart of each other source
# (session-start-resume.json, …), and Gemini CLI's BeforeAgent payloads with the transcript as
# the hook saw it: the first prompt after /clear and after /compress (the plan is owed), the
# first interactive prompt (the plan is in the history) and the -p prompt (the plan is in it).
record_fixtures() {
    local agent=$1 fixtures="$root/tests/fixtures/hooks/$1"
    mkdir -p "$fixtures"
    if [ -d "$out/$agent-stuck" ] && [ -d "$out/$agent-finish" ]; then
        cp "$(nth_payload "$out/$agent-stuck" SessionStart 1)" "$fixtures/session-start.json"
        cp "$(nth_payload "$out/$agent-stuck" stop 1)" "$fixtures/stop.json"
        cp "$(nth_payload "$out/$agent-stuck" stop 2)" "$fixtures/stop-again.json"
        cp "$(nth_payload "$out/$agent-finish" stop 2)" "$fixtures/stop-after-work.json"
    fi
    [ -d "$out/$agent-resets" ] && python3 - "$out/$agent-resets/payloads" "$fixtures" <<'PY'
import json, os, shutil, sys
folder, fixtures = sys.argv[1:3]
names = sorted(n for n in os.listdir(folder) if n.endswith(".json"))
last_source, seen, before_agent = None, set(), set()
for name in names:
    path = os.path.join(folder, name)
    with open(path, encoding="utf-8") as file:
        payload = json.load(file)
    event = payload.get("hook_event_name")
    if event == "SessionStart":
        source = payload.get("source")
        if source != "startup" and source not in seen:
            shutil.copy(path, os.path.join(fixtures, f"session-start-{source}.json"))
        seen.add(source)
        last_source = source
        continue
    if event != "BeforeAgent":
        continue
    transcript = path[: -len(".json")] + ".transcript.jsonl"
    text = open(transcript, encoding="utf-8").read() if os.path.exists(transcript) else ""
    if "Plan (todos) [" in payload.get("prompt", ""):
        kind = "in-prompt"
    elif "Got it. Thanks for the additional context!" in text:
        kind = "after-compress"
    elif last_source == "clear":
        kind = "after-clear"
    else:
        kind = "in-history"
    last_source = None
    if kind in before_agent or not os.path.exists(transcript):
        continue
    before_agent.add(kind)
    shutil.copy(path, os.path.join(fixtures, f"before-agent-{kind}.json"))
    shutil.copy(transcript, os.path.join(fixtures, f"before-agent-{kind}.transcript.jsonl"))
PY
    # From the news scenario: the after-tool payload of the agent's own `todos` call, and of
    # the command during which another process changed the plan.
    [ -d "$out/$agent-news" ] && python3 - "$out/$agent-news/payloads" "$fixtures" <<'PY'
import json, os, shutil, sys
folder, fixtures = sys.argv[1:3]
for name in sorted(n for n in os.listdir(folder) if n.endswith(".json")):
    path = os.path.join(folder, name)
    with open(path, encoding="utf-8") as file:
        payload = json.load(file)
    if payload.get("hook_event_name") not in ("PostToolUse", "AfterTool"):
        continue
    command = json.dumps(payload.get("tool_input"))
    for part, fixture in (("todos update 2", "after-tool-todos"), ("echo working", "after-tool")):
        target = os.path.join(fixtures, f"{fixture}.json")
        if part in command and not os.path.exists(target + ".new"):
            shutil.copy(path, target)
            open(target + ".new", "w").close()
for name in os.listdir(fixtures):
    if name.endswith(".json.new"):
        os.remove(os.path.join(fixtures, name))
PY
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
        if [ "$scenario" = resets ]; then write_shim "$dir" label; else write_shim "$dir"; fi
        if default_mode "$scenario"; then
            (cd "$dir/$repo" && "$todos" init --agent "$agent" --hooks --mcp >"$dir/init.txt")
            # The control: the same run without the allow rules init added, which must fail.
            [ "${TODOS_E2E_CONTROL:-}" = 1 ] && strip_rules "$dir/$repo"
        else
            (cd "$dir/$repo" && "$todos" init --agent "$agent" --hooks >"$dir/init.txt")
        fi
        if [ "$scenario" = news ] && [ "$agent" = gemini ]; then
            # Gemini CLI's policy denies a shell command outside tools.allowed even in yolo
            # mode once that list exists: the news run's `echo` is allowed as a user would.
            python3 - "$dir/$repo/.gemini/settings.json" <<'PY'
import json, sys
settings = json.load(open(sys.argv[1]))
settings.setdefault("tools", {}).setdefault("allowed", []).append("run_shell_command(echo)")
json.dump(settings, open(sys.argv[1], "w"), indent=2)
PY
        fi
        if [ "$scenario" != none ] && ! default_mode "$scenario"; then
            (cd "$dir/$repo" && TODOS_NOW=2026-01-02T10:00:00Z "$todos" write --quiet \
                --summary "Fix login" -t completed:"Reproduce the bug" \
                -t in_progress:"Patch the check" -t pending:"Add a test")
        fi
        if [ "$scenario" = resets ]; then
            mkdir -p "$dir/steps"
            "resets_$agent" "$dir"
        else
            start_standin "$dir" "$scenario"
            port=$(cat "$dir/port")
            set +e
            "run_$agent" "$dir" "$port" "$scenario" >"$dir/agent.out" 2>"$dir/agent.err"
            echo $? >"$dir/agent.code"
            set -e
            stop_standin "$dir"
        fi
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
