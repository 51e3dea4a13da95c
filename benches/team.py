#!/usr/bin/env python3
"""A team under load: 8 workers in 8 git worktrees share one plan (`worktrees: shared`) and
claim 200 items with leases, while some of their processes are killed with SIGKILL mid-command
and some workers die holding an item. Reports claims per second, and checks, from every reply
and the plan's whole history:

- no double claim: an item is claimed again only by its own claimant, or by a take-over once
  the previous claimant's lease had ended;
- no lost update: every change a worker saw succeed has its own revision, the history holds
  every revision from the first to the last, and every item ends completed;
- no item held by a dead worker after its lease: every item a dead worker held was taken over
  and finished by a live one.

    benches/team.py                     # the release binary (cargo build --release)
    benches/team.py --bin target/debug/todos --workers 8 --items 200 --lease 1

Not part of CI: it runs real processes on the real clock (leases of a second) for a few
seconds. Exits 1 when a check fails.
"""

import argparse
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time
from datetime import datetime, timezone


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser.add_argument("--bin", default=os.path.join(root, "target/release/todos"))
    parser.add_argument("--workers", type=int, default=8)
    parser.add_argument("--items", type=int, default=200)
    parser.add_argument("--lease", type=int, default=1, help="lease in seconds")
    parser.add_argument("--kill-rate", type=float, default=0.04,
                        help="share of claims whose process is killed mid-command")
    parser.add_argument("--die-rate", type=float, default=0.03,
                        help="share of claims after which the worker dies holding its item")
    parser.add_argument("--seed", type=int, default=23)
    args = parser.parse_args()
    binary = os.path.abspath(args.bin)
    if not os.access(binary, os.X_OK):
        sys.exit(f"no todos binary at {binary}: cargo build --release, or pass --bin")
    random.seed(args.seed)

    with tempfile.TemporaryDirectory(prefix="todos-team-") as tmp:
        main_wt = os.path.join(tmp, "main")
        os.makedirs(main_wt)
        git(main_wt, "init", "-q")
        git(main_wt, "commit", "-q", "--allow-empty", "-m", "start")
        trees = []
        for n in range(1, args.workers + 1):
            tree = os.path.join(tmp, f"w{n}")
            git(main_wt, "worktree", "add", "-q", tree, "-b", f"w{n}")
            trees.append(tree)
        env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "HOME": tmp,
            "TODOS_WORKTREES": "shared",
            "TODOS_MAX_ITEMS": str(args.items),
            "TODOS_HISTORY_LIMIT": str(args.items * 20),
        }
        items = "\n".join(f"Item {n}" for n in range(1, args.items + 1))
        run(binary, main_wt, env, ["-q", "write", "--summary", "Load"])
        run(binary, main_wt, env, ["-q", "create"], stdin=items)

        log = Log()
        start = time.monotonic()
        threads = [
            threading.Thread(target=worker, args=(binary, tree, env, n, args, log))
            for n, tree in enumerate(trees, 1)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        elapsed = time.monotonic() - start

        store = json.loads(run(binary, main_wt, env, ["--json", "show"]).stdout)["data"]
        # The default list's history, where todos keeps it (SPEC §6: `.todos/NAME.history.jsonl`).
        history = read_history(os.path.join(main_wt, ".todos", "default.history.jsonl"))
        failures = check(store, history, log, args.items)

        claims = len(log.claims)
        print(f"workers {args.workers} in {args.workers} worktrees, {args.items} items, "
              f"lease {args.lease}s, binary {binary}")
        print(f"claims {claims} in {elapsed:.2f} s: {claims / elapsed:.1f} claims/s "
              f"({len(log.take_overs)} take-overs after an ended lease)")
        print(f"changes seen to succeed {len(log.revisions)}, revisions {store['revision']}, "
              f"processes killed mid-command {log.killed}, workers died holding an item "
              f"{sum(1 for held in log.dead.values() if held)}, refused (CONFLICT) late changes {log.refused}")
        for failure in failures:
            print(f"FAIL: {failure}")
        if failures:
            sys.exit(1)
        print("PASS: no double claim, no lost update, no item held by a dead worker after its lease")


def git(cwd, *args):
    subprocess.run(["git", "-c", "user.name=bench", "-c", "user.email=bench@example.com", *args],
                   cwd=cwd, check=True, stdin=subprocess.DEVNULL)


class Done:
    def __init__(self, code, stdout, stderr):
        self.code, self.stdout, self.stderr = code, stdout, stderr


def run(binary, cwd, env, argv, stdin=None, owner=None, kill_after=None):
    """Runs todos; with `kill_after` (seconds), SIGKILLs it then if it is still running."""
    proc_env = dict(env)
    if owner:
        proc_env["TODOS_OWNER"] = owner
    proc = subprocess.Popen([binary, "--color", "never", *argv], cwd=cwd, env=proc_env,
                            stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if kill_after is not None:
        timer = threading.Timer(kill_after, lambda: proc.send_signal(signal.SIGKILL))
        timer.start()
        out, err = proc.communicate(stdin)
        timer.cancel()
    else:
        out, err = proc.communicate(stdin)
    return Done(proc.returncode, out, err)


class Log:
    """What the workers saw, under one lock."""

    def __init__(self):
        self.lock = threading.Lock()
        self.claims = []        # (revision, id, owner, lease_until, taken_over_from)
        self.take_overs = []
        self.revisions = []     # revisions of changes seen to succeed
        self.completed = {}     # id -> owner that completed it
        self.dead = {}          # dead owner -> item id it held
        self.killed = 0
        self.refused = 0

    def add(self, field, value):
        with self.lock:
            getattr(self, field).append(value)


def worker(binary, tree, env, number, args, log):
    incarnation = 1
    rng = random.Random(args.seed * 100 + number)
    while True:
        owner = f"w{number}.{incarnation}"
        argv = ["--json", "next", "--claim", "--lease", f"{args.lease}s"]
        kill = rng.random() < args.kill_rate
        done = run(binary, tree, env, argv, owner=owner,
                   kill_after=rng.uniform(0.0, 0.01) if kill else None)
        if done.code == -signal.SIGKILL:
            with log.lock:
                log.killed += 1
            # Whether the claim landed or not, this worker is gone; a new one takes its place.
            log.dead[owner] = None
            incarnation += 1
            continue
        if done.code != 0:
            raise SystemExit(f"{owner}: next --claim exited {done.code}: {done.stderr}")
        data = json.loads(done.stdout)["data"]
        item = data["next"]
        if item is None:
            if "Nothing to do" in data["reason"]:
                return
            time.sleep(0.05)  # everything left is claimed: wait for a lease to end
            continue
        claim = data["claim"]
        if data["claimed"]:
            log.add("claims", (claim["revision"], item["id"], owner, claim["lease_until"],
                               claim["taken_over_from"]))
            log.add("revisions", claim["revision"])
            if claim["taken_over_from"]:
                log.add("take_overs", (item["id"], claim["taken_over_from"], owner))
        if rng.random() < args.die_rate:
            log.dead[owner] = item["id"]
            incarnation += 1
            continue
        done = run(binary, tree, env, ["--json", "update", item["id"], "completed"], owner=owner)
        if done.code == 3:
            with log.lock:
                log.refused += 1
            continue
        if done.code != 0:
            raise SystemExit(f"{owner}: update exited {done.code}: {done.stderr}")
        reply = json.loads(done.stdout)["data"]
        if reply.get("changed", True):
            log.add("revisions", reply["revision"])
            with log.lock:
                log.completed[item["id"]] = owner


def read_history(path):
    with open(path, encoding="utf-8") as file:
        return [json.loads(line) for line in file if line.strip()]


def at(text):
    return datetime.fromisoformat(text).astimezone(timezone.utc)


def check(store, history, log, count):
    failures = []
    # No lost update: every change seen to succeed has a revision of its own, and every
    # revision from the first to the last is in the history.
    if len(set(log.revisions)) != len(log.revisions):
        failures.append("two changes seen to succeed share a revision")
    revisions = [entry["revision"] for entry in history]
    if revisions != list(range(revisions[0], revisions[-1] + 1)):
        failures.append("the history misses or repeats a revision")
    missing = set(log.revisions) - set(revisions)
    if missing:
        failures.append(f"revisions of successful changes not in the history: {sorted(missing)[:5]}")
    todos = store["todos"]
    open_items = [item["id"] for item in todos if item["status"] != "completed"]
    if len(todos) != count or open_items:
        failures.append(f"{len(todos)} items, not completed: {open_items[:10]}")
    for item in todos:
        who = log.completed.get(item["id"])
        if who is not None and item.get("owner") != who:
            failures.append(f"item {item['id']} was completed by {who} but is owned by {item.get('owner')}")
    # No double claim, read from the history: whenever an in-progress item changes owner, the
    # previous owner's lease had ended at the time of that revision.
    holder = {}
    for entry in history:
        now = at(entry["at"]) if entry.get("at") else None
        for item in entry["todos"]:
            was = holder.get(item["id"])
            if item["status"] == "in_progress":
                owner = item.get("owner")
                if was and was[0] != owner and now is not None:
                    until = was[1]
                    if until is None or at(until) > now:
                        failures.append(
                            f"item {item['id']} claimed by {owner} at revision {entry['revision']} "
                            f"while {was[0]}'s lease ran until {until}")
                holder[item["id"]] = (owner, item.get("lease_until"))
            else:
                holder.pop(item["id"], None)
    # No item held by a dead worker after its lease: each item a dead worker held was finished
    # by a live one (the checks above: every item completed, by its owner).
    for owner, item_id in log.dead.items():
        if item_id is None:
            continue
        final = next((item for item in todos if item["id"] == item_id), None)
        if final is None or final.get("owner") == owner:
            failures.append(f"item {item_id} of dead worker {owner} was never taken over")
    return failures


if __name__ == "__main__":
    main()
