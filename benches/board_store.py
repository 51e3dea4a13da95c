#!/usr/bin/env python3
"""Writes a large, valid store for `todos board` load measurements (docs/performance.md).

    benches/board_store.py FOLDER ITEMS [--description CHARS] [--lease-every MS]

FOLDER gets a `.todos.json` of ITEMS items (each with a 60-character text and a description of
CHARS characters, 1,000 by default). With --lease-every, the open items are claimed with leases
that end MS milliseconds apart from now on, so a board re-reads the list as each one ends.
"""

import argparse
import datetime
import json
import os

parser = argparse.ArgumentParser()
parser.add_argument("folder")
parser.add_argument("items", type=int)
parser.add_argument("--description", type=int, default=1000)
parser.add_argument("--lease-every", type=int, default=0)
args = parser.parse_args()

now = datetime.datetime.now(datetime.timezone.utc)
stamp = now.strftime("%Y-%m-%dT%H:%M:%S+00:00")
todos = []
leased = 0
for n in range(1, args.items + 1):
    item = {
        "id": str(n),
        "content": f"Step {n:08d} of the long plan, written for the load test ok",
        "status": "completed" if n % 3 == 0 else "pending",
    }
    if args.description:
        item["description"] = ("lorem ipsum " * (args.description // 12 + 1))[: args.description]
    if args.lease_every and item["status"] == "pending":
        leased += 1
        end = now + datetime.timedelta(milliseconds=args.lease_every * leased)
        item["owner"] = f"w{n % 7}"
        item["lease_until"] = end.strftime("%Y-%m-%dT%H:%M:%S.%f+00:00")
    todos.append(item)
store = {
    "version": 1,
    "revision": 1,
    "updated_at": stamp,
    "next_id": args.items + 1,
    "todos": todos,
}
os.makedirs(args.folder, exist_ok=True)
with open(os.path.join(args.folder, ".todos.json"), "w") as out:
    json.dump(store, out, indent=2)
