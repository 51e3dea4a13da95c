#!/usr/bin/env bash
# What a change through a git remote costs (SPEC §11), side by side in one run:
#
#   floor   the same git work without todos: `git fetch` of the one ref, then
#           `git push --force-with-lease` of one commit (two prepared commits pushed in turn)
#   todos   `todos update 1 --content …` in a clone whose list lives on the remote: the fetch,
#           the plan brought up, the commit built, the push with its lease, the save
#
# on a bare repository by path and on the same repository served by `git daemon` on loopback;
# then claims per second: 8 clones claiming 40 items at once (5 each, every claim under its own
# owner), checked to end with 40 distinct owners-and-items and 41 commits on the ref.
#
#   apt-get install hyperfine jq   # once
#   benches/remote.sh              # about a minute
#
# Not part of CI: timings need a quiet machine. RUNS (default 30) sets hyperfine's runs.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
runs=${RUNS:-30}

cargo build --release --quiet
todos="$repo/target/release/todos"
work=$(mktemp -d)
daemon=
cleanup() {
    if [ -n "$daemon" ]; then kill "$daemon" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT

export GIT_CONFIG_NOSYSTEM=1 HOME="$work/home" TODOS_REMOTE=origin
export GIT_AUTHOR_NAME=bench GIT_AUTHOR_EMAIL=bench@localhost
export GIT_COMMITTER_NAME=bench GIT_COMMITTER_EMAIL=bench@localhost
mkdir -p "$HOME"
cd "$work"
git init -q --bare remote.git

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
# git's own daemon program: the `git daemon` wrapper would leave it running when killed.
"$(git --exec-path)/git-daemon" --reuseaddr --export-all --enable=receive-pack \
    --listen=127.0.0.1 --port="$port" --base-path="$work" "$work" >/dev/null 2>&1 &
daemon=$!
for _ in $(seq 50); do
    if git ls-remote "git://127.0.0.1:$port/remote.git" >/dev/null 2>&1; then break; fi
    sleep 0.1
done

# One clone per transport, each with its own list (ref) for todos and one ref for the floor.
setup() {
    local name=$1 url=$2
    git clone -q remote.git "$name" 2>/dev/null
    (
        cd "$name"
        git remote set-url origin "$url"
        "$todos" -q -l "$name" create a b c
        # Two commits of the floor's ref, pushed in turn.
        blob=$(git hash-object -w --stdin <<<'{}')
        tree=$(printf '100644 blob %s\tfloor.json\n' "$blob" | git mktree)
        first=$(git commit-tree "$tree" -m first)
        second=$(git commit-tree "$tree" -p "$first" -m second)
        git push -q origin "$first:refs/bench/floor-$name"
        echo "$first $second" >.floor
    )
}
setup path "$work/remote.git"
setup daemon "git://127.0.0.1:$port/remote.git"

cat >floor.sh <<'EOF'
#!/bin/sh
# The floor: fetch the one ref, push the other prepared commit with the lease.
set -e
read -r first second <.floor
ref=refs/bench/floor-$1
git fetch -q --no-tags --no-write-fetch-head origin "+$ref:$ref"
tip=$(git rev-parse "$ref")
if [ "$tip" = "$first" ]; then next=$second; else next=$first; fi
git push -q --porcelain --force-with-lease="$ref:$tip" origin "$next:$ref" >/dev/null
EOF
cat >change.sh <<EOF
#!/bin/sh
# A change through the remote: the same shell around it as the floor's.
set -e
exec "$todos" -q -l "\$1" update 1 --content "step \$(date +%N)"
EOF
chmod +x floor.sh change.sh

echo "== one change through a remote, against the floor of git fetch + git push --force-with-lease"
for name in path daemon; do
    (cd "$name" && hyperfine -N --warmup 3 --runs "$runs" --export-json "../$name.json" \
        -n "floor ($name)" "../floor.sh $name" \
        -n "todos ($name)" "../change.sh $name" >/dev/null)
    floor=$(jq '.results[0].median * 1000' "$name.json")
    change=$(jq '.results[1].median * 1000' "$name.json")
    printf '%-7s floor %6.1f ms   todos %6.1f ms   ratio %.2f (goal <= 1.30)\n' \
        "$name" "$floor" "$change" "$(echo "$change / $floor" | bc -l)"
done

echo "== claims per second: 8 clones, 40 items, one remote (by path)"
for n in $(seq 8); do git clone -q remote.git "c$n" 2>/dev/null; done
# shellcheck disable=SC2046 # one argument per item
(cd c1 && TODOS_MAX_ITEMS=40 "$todos" -q -l race create $(seq -f 'item%g' 40))
start=$(date +%s.%N)
racers=()
for n in $(seq 8); do
    (
        cd "c$n"
        for i in $(seq 5); do
            TODOS_MAX_ITEMS=40 TODOS_OWNER="w$n-$i" TODOS_REMOTE_TIMEOUT=60s \
                "$todos" -q -l race next --claim
        done
    ) &
    racers+=($!)
done
wait "${racers[@]}"
end=$(date +%s.%N)
(cd c1 && TODOS_MAX_ITEMS=40 "$todos" -q -l race sync)
pairs=$(jq -r '.todos[] | select(.status == "in_progress") | "\(.owner) \(.id)"' c1/.todos/race.json | sort -u)
owners=$(echo "$pairs" | cut -d' ' -f1 | sort -u | wc -l)
items=$(echo "$pairs" | cut -d' ' -f2 | sort -u | wc -l)
commits=$(git --git-dir=remote.git rev-list --count refs/todos/race)
seconds=$(echo "$end - $start" | bc -l)
printf '40 claims in %.2f s: %.1f claims/s; %s owners, %s items in progress, %s commits on the ref\n' \
    "$seconds" "$(echo "40 / $seconds" | bc -l)" "$owners" "$items" "$commits"
if [ "$owners" != 40 ] || [ "$items" != 40 ] || [ "$commits" != 41 ]; then
    echo "FAIL: expected 40 owners, 40 items and 41 commits" >&2
    exit 1
fi
uname -srm
nproc
git --version
