#!/usr/bin/env bash
# What `todos history --follow` costs while a history grows: the CPU time of the follower
# process (user + system, from /proc/PID/stat) while another process appends to the history it
# follows, so the table shows whether the cost follows what is appended (SPEC §9) or what the
# file holds. Measured from the moment the follower has printed what was there. Two cases:
#
#   tail     1,000 one-byte appends, 2 ms apart, to an unfinished last line of 0 or 40 MB (a
#            writer caught mid-line, or a planted runaway line): nothing to print, only bytes
#            to take in;
#   changes  200 `todos update` runs, each a revision the follower prints, on a history of 0 or
#            40 MB of whole lines (the first change trims it).
#
#   benches/follow.sh                 # builds the release todos, about a minute once built
#   TODOS_BIN=path/to/todos benches/follow.sh   # another build (an older one, to compare)
#
# Linux only (/proc). Not part of CI: CPU time is the follower's own, so a loaded machine
# changes it little, but wall-clock pacing of the appends does.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ -z "${TODOS_BIN:-}" ]; then
    cargo build --release --quiet --bin todos
    TODOS_BIN=$(pwd)/target/release/todos
fi
tmp=$(mktemp -d)
follower=
cleanup() {
    if [ -n "$follower" ]; then kill "$follower" 2>/dev/null || true; fi
    rm -rf "$tmp"
}
trap cleanup EXIT
hz=$(getconf CLK_TCK)
export TODOS_NOW=2025-01-02T17:42:33Z TZ=UTC

# cpu PID: the process's CPU time so far, in clock ticks.
cpu() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }

# run KIND SIZE_MB: one row of the table.
run() {
    local kind=$1 size=$2 ws="$tmp/$1-$2"
    mkdir -p "$ws/.git"
    cd "$ws"
    "$TODOS_BIN" -q write --summary Bench -t pending:A
    if [ "$kind" = changes ] && [ "$size" -gt 0 ]; then
        # Whole lines todos could have written, the last at the store's revision.
        python3 - "$size" <<'EOF'
import json, sys
line = json.loads(open(".todos/default.history.jsonl").read())
size, revision, out = int(sys.argv[1]) << 20, 0, []
written = 0
while written < size:
    revision += 1
    line["revision"] = revision
    line["todos"] = [{"id": str(i), "content": f"Step {i} of revision {revision}, padded to fifty",
                      "status": "pending"}
                     for i in range(1, 11)]
    line["next_id"] = 11
    text = json.dumps(line, separators=(",", ":")) + "\n"
    out.append(text)
    written += len(text)
open(".todos/default.history.jsonl", "w").write("".join(out))
store = json.load(open(".todos.json"))
store["revision"] = revision
json.dump(store, open(".todos.json", "w"), indent=2)
EOF
    fi
    if [ "$kind" = tail ]; then
        printf '{"pad":"' >>.todos/default.history.jsonl
        head -c "$((size << 20))" /dev/zero | tr '\0' x >>.todos/default.history.jsonl
    fi
    local out="$tmp/$kind-$size.out"
    "$TODOS_BIN" history --follow --limit 1 >"$out" 2>/dev/null &
    follower=$!
    # The follower has read what was there once its first revision is out.
    until [ -s "$out" ]; do sleep 0.01; done
    local start end appends
    start=$(cpu "$follower")
    if [ "$kind" = tail ]; then
        appends=1000
        for _ in $(seq "$appends"); do
            printf x >>.todos/default.history.jsonl
            sleep 0.002
        done
    else
        appends=200
        for i in $(seq "$appends"); do
            "$TODOS_BIN" -q update 1 --content "A $i" --lock-timeout 30
        done
    fi
    sleep 0.2
    end=$(cpu "$follower")
    kill "$follower"
    wait "$follower" 2>/dev/null || true
    follower=
    cd - >/dev/null
    awk -v kind="$kind" -v size="$size" -v n="$appends" -v ticks=$((end - start)) -v hz="$hz" \
        'BEGIN { printf "| %-7s | %9s MB | %5s | %10.2f s |\n", kind, size, n, ticks / hz }'

}

echo "| appends | to a file of | count | follower CPU |"
echo "| ---     | ---          | ---   | ---          |"
for kind in tail changes; do
    for size in 0 40; do
        run "$kind" "$size"
    done
done
