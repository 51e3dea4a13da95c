#!/usr/bin/env python3
"""The board under load, beside `history --follow` on the same load (README, "Performance").

    python3 benches/board.py [--todos target/release/todos] [--seconds 20]

50 workspaces of 3 lists each (the default one and two named ones, 6 items each); 20 writer
threads, each running `todos update` on a list picked at random, one change every 100 ms
(200 changes a second in all). A reader on the board's event stream notes when each change
shows; the writers note when each change was saved. Then the same load again, watched by
`todos --json history --follow` (one process per list, 150 in all: it follows one list), with a
reader on each. Printed: how long each change took to show (median, 99th percentile, worst, and
how many took more than a second), the watchers' CPU time over the run and their memory (the
largest resident set, VmHWM, summed over the processes). Needs Linux (/proc) and python3.
"""

import argparse
import json
import os
import random
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time

WORKSPACES = 50
LISTS = ("default", "api", "docs")
ITEMS = 6
WRITERS = 20
PAUSE = 0.1
STATUSES = ("pending", "in_progress", "completed")


def clk_tck():
    return os.sysconf(os.sysconf_names["SC_CLK_TCK"])


def cpu_seconds(pid):
    """User and system time of a process and its reaped children, in seconds."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    # utime, stime are fields 14 and 15 of stat(5), here 11 and 12 after the name.
    return (int(fields[11]) + int(fields[12])) / clk_tck()


def memory_kib(pid, key):
    """A field of /proc/PID/status (VmHWM, VmRSS) or, for Pss, of smaps_rollup: the resident
    memory with each page shared by N processes counted 1/N, so a sum over processes that
    share the binary's pages is what they cost together."""
    source = f"/proc/{pid}/smaps_rollup" if key == "Pss" else f"/proc/{pid}/status"
    with open(source) as status:
        for line in status:
            if line.startswith(key + ":"):
                return int(line.split()[1])
    return 0


class Load:
    def __init__(self, todos, root):
        self.todos = todos
        self.root = root
        self.env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": os.path.join(root, "home")}
        os.makedirs(self.env["HOME"], exist_ok=True)
        self.workspaces = [os.path.join(root, "code", f"repo-{n:02}") for n in range(WORKSPACES)]

    def run(self, workspace, *args, stdin=None):
        return subprocess.run([self.todos, "-q", "-C", workspace, *args], env=self.env, input=stdin,
                              capture_output=True, text=True, check=True)

    def make(self):
        for workspace in self.workspaces:
            os.makedirs(os.path.join(workspace, ".git"))
            for list_name in LISTS:
                items = [f"pending:Step {n} of {list_name}" for n in range(1, ITEMS + 1)]
                args = ["-l", list_name, "write", "--summary", f"Plan {list_name}"]
                for item in items:
                    args += ["-t", item]
                self.run(workspace, *args)

    def write(self, seconds, saved):
        """WRITERS threads, each changing a random list every PAUSE seconds, for `seconds`."""
        stop = time.monotonic() + seconds
        lock = threading.Lock()

        def writer(seed):
            rng = random.Random(seed)
            while time.monotonic() < stop:
                workspace = rng.choice(self.workspaces)
                list_name = rng.choice(LISTS)
                item = str(rng.randint(1, ITEMS))
                done = subprocess.run(
                    [self.todos, "--json", "-C", workspace, "-l", list_name, "update", item,
                     "--content", f"Step {item}, change {rng.randint(0, 10**9)}"],
                    env=self.env, capture_output=True, text=True)
                at = time.monotonic()
                if done.returncode == 0:
                    revision = json.loads(done.stdout)["data"]["revision"]
                    with lock:
                        saved.append((workspace, list_name, revision, at))
                time.sleep(PAUSE)

        threads = [threading.Thread(target=writer, args=(n,)) for n in range(WRITERS)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()


def latencies(saved, shown):
    """For each saved change, how long until a watcher showed its list at that revision."""
    late = []
    missing = 0
    for workspace, list_name, revision, at in saved:
        times = shown.get((workspace, list_name), [])
        seen = next((when for rev, when in times if rev >= revision), None)
        if seen is None:
            missing += 1
        else:
            late.append(max(0.0, seen - at))
    return late, missing


def summary(name, late, missing, cpu, hwm, pss, processes, seconds, changes):
    late.sort()
    p99 = late[int(len(late) * 0.99) - 1] if late else float("nan")
    over = sum(1 for t in late if t > 1.0)
    print(f"{name}: {processes} process(es), {changes} changes in {seconds:.0f} s")
    print(f"  shown after: median {statistics.median(late) * 1000:.0f} ms, p99 {p99 * 1000:.0f} ms, "
          f"worst {late[-1] * 1000:.0f} ms; over 1 s: {over}; never shown: {missing}")
    print(f"  CPU: {cpu:.2f} s over the run ({cpu / seconds * 100:.1f}% of one core); "
          f"memory: {pss / 1024:.1f} MiB proportional (Pss) at the end, "
          f"{hwm / 1024:.1f} MiB peak resident (VmHWM) summed")
    return {"processes": processes, "changes": changes, "median_ms": statistics.median(late) * 1000,
            "p99_ms": p99 * 1000, "worst_ms": late[-1] * 1000, "over_1s": over, "missing": missing,
            "cpu_s": cpu, "cpu_percent": cpu / seconds * 100, "hwm_mib": hwm / 1024, "pss_mib": pss / 1024}


def board_run(load, seconds):
    process = subprocess.Popen([load.todos, "board", "--no-open", os.path.join(load.root, "code")],
                               env=load.env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    url = re.search(r"http://127\.0\.0\.1:(\d+)/#(\w+)", process.stdout.readline())
    port, token = int(url.group(1)), url.group(2)
    shown = {}
    first = threading.Event()

    def reader():
        sock = socket.create_connection(("127.0.0.1", port))
        sock.sendall(f"GET /events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                     f"x-todos-token: {token}\r\n\r\n".encode())
        stream = sock.makefile("rb")
        name = None
        for raw in stream:
            line = raw.decode()
            if line.startswith("event: "):
                name = line[7:].strip()
            elif line.startswith("data: "):
                at = time.monotonic()
                data = json.loads(line[6:])
                envelopes = data["workspaces"] if name == "board" else [data]
                for envelope in envelopes:
                    workspace = envelope["data"]["workspace"]
                    for list_ in envelope["data"]["lists"]:
                        shown.setdefault((workspace, list_["list"]), []).append((list_.get("revision", 0), at))
                first.set()

    threading.Thread(target=reader, daemon=True).start()
    first.wait(30)
    cpu_before = cpu_seconds(process.pid)
    saved = []
    start = time.monotonic()
    load.write(seconds, saved)
    time.sleep(1.5)
    took = time.monotonic() - start
    cpu = cpu_seconds(process.pid) - cpu_before
    hwm, pss = memory_kib(process.pid, "VmHWM"), memory_kib(process.pid, "Pss")
    process.send_signal(signal.SIGINT)
    process.wait(10)
    late, missing = latencies(saved, shown)
    return summary("todos board", late, missing, cpu, hwm, pss, 1, took, len(saved))


def follow_run(load, seconds):
    processes = []
    shown = {}
    lock = threading.Lock()
    for workspace in load.workspaces:
        for list_name in LISTS:
            process = subprocess.Popen([load.todos, "--json", "-C", workspace, "-l", list_name,
                                        "history", "--follow", "--limit", "1"],
                                       env=load.env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
            processes.append(process)

            def reader(process=process, key=(workspace, list_name)):
                for line in process.stdout:
                    at = time.monotonic()
                    # The last line, at Ctrl-C, counts the revisions; every other is one.
                    revision = json.loads(line)["data"].get("revision")
                    if revision is None:
                        continue
                    with lock:
                        shown.setdefault(key, []).append((revision, at))

            threading.Thread(target=reader, daemon=True).start()
    time.sleep(3)
    cpu_before = sum(cpu_seconds(p.pid) for p in processes)
    saved = []
    start = time.monotonic()
    load.write(seconds, saved)
    time.sleep(1.5)
    took = time.monotonic() - start
    cpu = sum(cpu_seconds(p.pid) for p in processes) - cpu_before
    hwm = sum(memory_kib(p.pid, "VmHWM") for p in processes)
    pss = sum(memory_kib(p.pid, "Pss") for p in processes)
    for process in processes:
        process.send_signal(signal.SIGINT)
    for process in processes:
        process.wait(10)
    late, missing = latencies(saved, shown)
    return summary("todos history --follow", late, missing, cpu, hwm, pss, len(processes), took, len(saved))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--todos", default="target/release/todos")
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--json", help="also write the numbers to this file")
    args = parser.parse_args()
    todos = os.path.abspath(args.todos)
    with tempfile.TemporaryDirectory(prefix="todos-board-bench-") as root:
        load = Load(todos, root)
        load.make()
        print(f"{WORKSPACES} workspaces x {len(LISTS)} lists, {WRITERS} writers, one change each "
              f"every {PAUSE * 1000:.0f} ms, {args.seconds:.0f} s; {os.cpu_count()} cores", flush=True)
        board = board_run(load, args.seconds)
        follow = follow_run(load, args.seconds)
    if args.json:
        with open(args.json, "w") as out:
            json.dump({"board": board, "history_follow": follow}, out, indent=2)
    return 0 if board["over_1s"] == 0 and board["missing"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
