#!/usr/bin/env python3
"""The board under load, measured (docs/performance.md): connections held, memory at the
budget, CPU while leases tick, and a rescan of 90,000 folders.

    benches/board_load.py TODOS_BINARY [--only NAME]

Each case starts `todos board --no-open` on files it makes in a temporary folder, measures the
board's process from /proc (CPU ticks, peak memory, sockets), and stops it with Ctrl-C.
Linux only; the standard library only.
"""

import argparse
import json
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
TICK = os.sysconf("SC_CLK_TCK")


def cpu(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def status(pid, key):
    for line in open(f"/proc/{pid}/status"):
        if line.startswith(key + ":"):
            return int(line.split()[1])  # kB
    return 0


def sockets(pid):
    count = 0
    for fd in os.listdir(f"/proc/{pid}/fd"):
        try:
            if os.readlink(f"/proc/{pid}/fd/{fd}").startswith("socket:"):
                count += 1
        except OSError:
            pass
    return count


class Board:
    def __init__(self, todos, *paths):
        env = {"PATH": os.environ["PATH"], "HOME": os.environ.get("HOME", "/tmp")}
        self.process = subprocess.Popen([todos, "board", "--no-open", *paths], env=env,
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        started = time.monotonic()
        line = self.process.stdout.readline()
        self.start_s = time.monotonic() - started
        found = re.search(r"http://127\.0\.0\.1:(\d+)/#(\w+)", line)
        if not found:
            raise SystemExit(f"no URL: {line!r}")
        self.port, self.token = int(found.group(1)), found.group(2)
        self.pid = self.process.pid

    def get(self, path, timeout=30):
        with socket.create_connection(("127.0.0.1", self.port), timeout=timeout) as sock:
            sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\n"
                         f"x-todos-token: {self.token}\r\nConnection: close\r\n\r\n".encode())
            data = b""
            while chunk := sock.recv(1 << 16):
                data += chunk
        return data

    def stop(self):
        self.process.send_signal(signal.SIGINT)
        self.process.wait(timeout=30)


def connections(todos, root):
    ws = os.path.join(root, "conn")
    subprocess.run([sys.executable, os.path.join(HERE, "board_store.py"), ws, "10"], check=True)
    board = Board(todos, ws)
    held = []
    for _ in range(1019):
        sock = socket.create_connection(("127.0.0.1", board.port))
        sock.sendall(f"GET /board.json HTTP/1.1\r\nHost: 127.0.0.1:{board.port}\r\n".encode())
        held.append(sock)
    before = cpu(board.pid)
    begun = time.monotonic()
    board.get("/board.json")
    answered = time.monotonic() - begun
    time.sleep(0.5)
    peak = sockets(board.pid)
    time.sleep(4.5)
    used = cpu(board.pid) - before
    print(f"connections: 1019 half-sent requests held open by a client; the board held "
          f"{peak - 1} connections (+ its listener), answered the page in {answered * 1000:.0f} ms, "
          f"and used {used:.2f} s of CPU in 5 s ({used / 5 * 100:.1f}% of a core); after "
          f"5 s it held {sockets(board.pid) - 1}")
    for sock in held:
        sock.close()
    board.stop()


def memory(todos, root):
    # 150 workspaces of 200 items with 1,000-character descriptions: past the 32 MiB budget.
    many = os.path.join(root, "many")
    for n in range(150):
        subprocess.run([sys.executable, os.path.join(HERE, "board_store.py"),
                        os.path.join(many, f"ws{n:03}"), "200"], check=True)
    # Four stores of 15 MB each (just under the 16 MiB the board reads of one list), and four
    # of 63 MB (the issue's), larger than it reads.
    for n in range(4):
        subprocess.run([sys.executable, os.path.join(HERE, "board_store.py"),
                        os.path.join(many, f"big15-{n}"), "13000"], check=True)
        subprocess.run([sys.executable, os.path.join(HERE, "board_store.py"),
                        os.path.join(many, f"huge63-{n}"), "54000"], check=True)
    board = Board(todos, many)
    state = json.loads(board.get("/board.json").split(b"\r\n\r\n", 1)[1])
    lists = [list_ for ws in state["workspaces"] for list_ in ws["data"].get("lists", [])]
    too_large = sum(1 for list_ in lists if "error" in list_)
    time.sleep(1)
    peak = status(board.pid, "VmHWM")
    rss = status(board.pid, "VmRSS")
    print(f"memory: {len(state['workspaces'])} workspaces, {len(lists)} lists of which "
          f"{too_large} named too large; started in {board.start_s:.1f} s; peak "
          f"{peak / 1024:.0f} MiB, now {rss / 1024:.0f} MiB")
    board.stop()


def leases(todos, root):
    ws = os.path.join(root, "leases")
    # About 11 MB, leases ending every 200 ms.
    subprocess.run([sys.executable, os.path.join(HERE, "board_store.py"), ws, "9500",
                    "--lease-every", "200"], check=True)
    size = os.path.getsize(os.path.join(ws, ".todos.json"))
    board = Board(todos, ws)
    with socket.create_connection(("127.0.0.1", board.port)) as sock:
        sock.sendall(f"GET /events HTTP/1.1\r\nHost: 127.0.0.1:{board.port}\r\n"
                     f"x-todos-token: {board.token}\r\n\r\n".encode())
        sock.settimeout(0.2)
        first = b""
        deadline = time.monotonic() + 30
        while b"\n\n" not in first and time.monotonic() < deadline:
            try:
                first += sock.recv(1 << 16)
            except socket.timeout:
                pass
        before = cpu(board.pid)
        pushed = 0
        end = time.monotonic() + 10
        while time.monotonic() < end:
            try:
                pushed += len(sock.recv(1 << 16))
            except socket.timeout:
                pass
        used = cpu(board.pid) - before
    print(f"leases: a {size / 1e6:.1f} MB store whose leases end every 200 ms: "
          f"{used / 10 * 100:.1f}% of a core, {pushed / 1e3:.0f} kB pushed to a tab in 10 s")
    board.stop()


def rescan(todos, root):
    tree = os.path.join(root, "tree")
    for a in range(30):
        for b in range(30):
            for c in range(100):
                os.makedirs(os.path.join(tree, f"a{a}", f"b{b}", f"c{c}"))
    subprocess.run([sys.executable, os.path.join(HERE, "board_store.py"),
                    os.path.join(tree, "a0", "mine"), "3"], check=True)
    board = Board(todos, tree)
    time.sleep(1)
    before = cpu(board.pid)
    time.sleep(20)
    used = cpu(board.pid) - before
    print(f"rescan: 90,900 folders, searched again while the board runs: "
          f"{used / 20 * 100:.1f}% of a core over 20 s (start {board.start_s:.1f} s)")
    board.stop()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("todos")
    parser.add_argument("--only")
    args = parser.parse_args()
    cases = {"connections": connections, "memory": memory, "leases": leases, "rescan": rescan}
    with tempfile.TemporaryDirectory(prefix="todos-board-load-") as root:
        for name, case in cases.items():
            if args.only in (None, name):
                case(os.path.abspath(args.todos), root)


if __name__ == "__main__":
    main()
