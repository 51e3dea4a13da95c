#!/usr/bin/env bash
# Regenerates link/hot-code.ld: the functions that the command lines an agent and its hooks send
# after every step run, which the linker then places together in one place in the program's
# code (build.rs passes the script to the release link of `todos` on x86-64 Linux with glibc).
#
# A short command's start-up is mostly page faults, one per 64 KiB of code first touched: left
# where the linker puts them, the functions of a change are spread over nearly all of the
# program's 3.4 MiB. README, "Performance", has the numbers.
#
# How: a release build with its symbols, each command below run once under callgrind, and every
# function that ran named in the script. Rust functions by their v0-mangled name (the mangling
# .cargo/config.toml asks for), with each crate's build hash (`Cs…_`) and each back-reference
# (`B…_`) made a wildcard, so a new compiler or dependency does not turn the names stale; glibc's
# by the member of libc.a that holds them, as glibc is built without a section per function.
# Functions renamed since the last run are simply not grouped: the build never fails for it.
# Run it after changing what those commands run, and commit the result.
#
#   apt-get install valgrind   # once
#   scripts/hot-code.sh        # about two minutes on 2 cores
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
out=link/hot-code.ld

for tool in valgrind nm cc; do
    if ! command -v "$tool" >/dev/null; then
        echo "error: $tool is not installed; run: apt-get install valgrind binutils gcc" >&2
        exit 1
    fi
done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Its own target folder: the symbols must stay in (strip = false), and the usual build is left
# as it is. The names are the same as in the stripped build.
echo "== cargo build --release --bin todos, with symbols" >&2
built=$(CARGO_TARGET_DIR="$tmp/target" CARGO_PROFILE_RELEASE_STRIP=false \
    cargo build --release --quiet --bin todos --message-format=json-render-diagnostics)
bin=$(sed -n 's/.*"executable":"\([^"]*\/todos\)".*/\1/p' <<<"$built")
if [[ ! -x $bin ]]; then
    echo "error: cargo built no todos" >&2
    exit 1
fi

# Nothing of the caller's may change what runs: no TODOS_* variable, no user configuration.
while IFS= read -r var; do unset "$var"; done < <(compgen -e | grep '^TODOS_' || true)
export XDG_CONFIG_HOME="$tmp/config" NO_COLOR=1
mkdir -p "$XDG_CONFIG_HOME"

# The sample plan of the quick start, stored after a few changes, and the next snapshot an agent
# would send: the item in progress completed, the next one started.
ws=$tmp/ws
mkdir -p "$ws/.git"
sed -e 's/"in_progress", "activeForm": "Patching the token expiry check"/"completed"/' \
    -e '0,/"status": "pending"/s//"status": "in_progress"/' examples/plan.json >"$tmp/next.json"
(cd "$ws" && "$bin" --quiet write --file "$repo/examples/plan.json")
# A history of some length, as a session's is: its last line is then found past the first read.
for round in $(seq 1 20); do
    (cd "$ws" && "$bin" --quiet update 2 pending && "$bin" --quiet update 2 in_progress)
done
cp "$ws/.todos.json" "$tmp/store.json"

# profile [< INPUT] ARGS…: one run of `todos ARGS…` in the workspace, from the stored plan, under
# callgrind; the names of the functions it ran are appended to $tmp/names.
runs=0
profile() {
    runs=$((runs + 1))
    cp "$tmp/store.json" "$ws/.todos.json"
    (cd "$ws" && valgrind --tool=callgrind --demangle=no --callgrind-out-file="$tmp/callgrind.$runs" \
        "$bin" "$@" >/dev/null 2>"$tmp/valgrind.log") || true
    if [[ ! -s $tmp/callgrind.$runs ]]; then
        cat "$tmp/valgrind.log" >&2
        exit 1
    fi
    sed -n 's/^c\{0,1\}fn=([0-9]*) //p' "$tmp/callgrind.$runs" >>"$tmp/names"
}

echo "== callgrind" >&2
hooks=tests/fixtures/hooks/claude
for format in "" --quiet --json; do
    profile $format update 2 completed
    profile $format write --file "$tmp/next.json"
done
profile create "Write the release note"
profile remove 4
profile next
profile show
profile recap
profile check
profile check --hook
profile hook <"$hooks/session-start.json"
profile hook <"$hooks/stop.json"

# The names, each once, in the order first seen: Rust's as patterns, glibc's as libc.a members.
awk '!seen[$0]++' "$tmp/names" >"$tmp/unique"
if grep -q '^_ZN' "$tmp/unique"; then
    echo "error: legacy-mangled Rust names: build with -C symbol-mangling-version=v0, as .cargo/config.toml does" >&2
    exit 1
fi
# A Rust function is matched with or without the `.unlikely` prefix LLVM gives a cold function's
# section, and with or without the `.N` suffix LTO gives a local function whose name is taken.
# A generic function's instance ends with the crate that instantiated it: LTO keeps one of the
# identical instances several crates made, and which one can change from build to build (a
# stripped build kept `drop_in_place::<io::Error>` of another crate than the build with
# symbols), so that crate is a wildcard too. It ends the whole name: a crate root (`Cs…_`,
# then the name's length and the name), or a back-reference to one after the generic
# arguments' closing `E`.
sed -n -E 's/^(_R[0-9A-Za-z_]+)(\.[0-9]+)?$/\1/p' "$tmp/unique" |
    sed -E -e 's/Cs[0-9A-Za-z]+_/Cs*_/g' -e 's/B[0-9A-Za-z]*_/B*_/g' |
    awk '{
        at = 0
        for (i = 1; i <= length($0) - 3; i++) if (substr($0, i, 4) == "Cs*_") at = i
        if (at && match(substr($0, at + 4), /^[0-9]+/)) {
            name = substr($0, at + 4 + RLENGTH)
            if (length(name) == substr($0, at + 4, RLENGTH) + 0) $0 = substr($0, 1, at - 1) "*"
        }
        sub(/EB\*_$/, "E*")
    } !seen[$0]++ { print "    *(.text.*" $0 " .text.*" $0 ".*)" }' >"$tmp/rust"
# glibc picks a string function's variant for the processor when it starts (`memmove-avx2…`,
# `memmove-evex…`): valgrind's is not the machine's, so every variant of a hot one is named.
# At start-up glibc reads the vDSO the kernel maps into every process (for clock_gettime), which
# valgrind gives no program: these are the functions of that setup, which callgrind never sees
# and perf's page faults name on the machine itself.
printf '%s\n' _dl_new_object _dl_add_to_namespace_list _dl_setup_hash _dl_lookup_symbol_x \
    __pthread_mutex_lock __pthread_mutex_unlock __strcmp_evex >>"$tmp/unique"
libc=$(cc -print-file-name=libc.a)
if [[ ! -f $libc ]]; then
    echo "error: no static glibc (libc.a) for cc: install libc6-dev" >&2
    exit 1
fi
nm -A --defined-only "$libc" 2>/dev/null |
    awk '$2 ~ /^[TtWi]$/ { n = split($1, path, ":"); print $3, path[n - 1] }' |
    sed -E 's/ ([a-z0-9_]+)-(sse|ssse|avx|evex)[-a-z0-9_]*\.o$/ \1-*.o/' >"$tmp/members"
awk 'NR == FNR { if (!($1 in member)) member[$1] = $2; next }
    ($0 in member) && !done[member[$0]]++ { print "    *libc.a:" member[$0] "(.text .text.*)" }' \
    "$tmp/members" "$tmp/unique" >"$tmp/libc"

{
    cat <<'EOF'
/* Generated by scripts/hot-code.sh; do not edit: run it again.

   The functions that `update`, `write`, `create`, `remove`, `next`, `show`, `recap`, `check` and
   `hook` ran once each under callgrind, placed together at the end of the program's code (beside
   the start-up code the C library keeps there), so that a short command faults in a few 64 KiB
   windows of code instead of nearly all of them. build.rs passes this script to the release link
   of `todos` on x86-64 Linux with glibc; INSERT keeps the linker's own layout for everything
   else. A pattern that names no function matches nothing. */
SECTIONS
{
  .text.hot :
  {
EOF
    cat "$tmp/rust" "$tmp/libc"
    # _start, from the C runtime's start file (rcrt1.o for a static-pie executable).
    echo "    *crt1.o(.text .text.*)"
    cat <<'EOF'
  }
}
INSERT AFTER .text;
EOF
} >"$tmp/hot-code.ld"
mkdir -p link
mv "$tmp/hot-code.ld" "$out"
echo "wrote $out: $(wc -l <"$tmp/rust") Rust patterns and $(wc -l <"$tmp/libc") glibc members, from $runs runs" >&2
