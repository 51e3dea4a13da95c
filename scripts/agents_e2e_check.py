#!/usr/bin/env python3
"""Checks one run of scripts/agents-e2e.sh from what the stand-in recorded.

usage: agents_e2e_check.py AGENT SCENARIO RUN_FOLDER
Prints one line per check (PASS/FAIL) and exits 1 when any failed.
"""

import json
import os
import sys

# A line of the `todos prompt` block that `todos init` writes into CLAUDE.md/AGENTS.md/GEMINI.md.
INSTRUCTIONS = "This workspace keeps your plan in `.todos.json` through the `todos` command"
# What the session-start hook puts into the context, and what the stop hook sends back.
PLAN = "open items (update with `todos update ID STATUS`)"
REMINDER = "still open:"  # the stop reason's first line: "todos: 2 of 3 items are still open:"
OPEN_ITEM = "3 [ ] Add a test"


def main():
    agent, scenario, folder = sys.argv[1:4]
    if scenario == "resets":
        return resets(agent, folder)
    requests = []
    with open(f"{folder}/requests.jsonl", encoding="utf-8") as log:
        requests = [json.loads(line) for line in log if line.strip()]
    main_requests = [r for r in requests if r.get("main")]
    texts = [json.dumps(r["body"], ensure_ascii=False) for r in main_requests]
    with open(f"{folder}/agent.code", encoding="utf-8") as code_file:
        code = int(code_file.read().strip() or -1)
    with open(f"{folder}/plan.json", encoding="utf-8") as plan_file:
        plan = json.load(plan_file)["data"]["todos"]
    statuses = [item["status"] for item in plan]
    turns = [r.get("turn") for r in main_requests]
    reminded = [i for i, text in enumerate(texts) if REMINDER in text]
    # The reminder stays in the history once sent: the first request that carries it is the
    # one more turn the stop hook brought back.
    first_reminded = reminded[0] if reminded else None

    checks = []

    def check(name, ok, detail=""):
        checks.append((name, bool(ok), detail))

    check("agent exits 0", code == 0, f"exit {code}")
    if scenario in ("shell", "mcp"):
        default_mode(check, agent, scenario, main_requests, texts, plan)
        return report(checks, agent, scenario)
    check("requests reach the stand-in", bool(main_requests),
          f"{len(requests)} requests, {len(main_requests)} with the shell tool")
    if main_requests:
        first = texts[0]
        check("instructions file reaches the model", INSTRUCTIONS in first)
        if scenario == "none":
            check("no plan: nothing in the first request", PLAN not in first and "No todos" not in first)
        else:
            check("plan in the first request", PLAN in first and OPEN_ITEM in first)
    if scenario == "none":
        check("no plan: one turn, no reminder", turns == [0] and not reminded, f"turns {turns}")
    elif scenario == "stuck":
        check("stop with open items: exactly one more turn, carrying them",
              first_reminded == 1 and OPEN_ITEM in texts[1], f"turns {turns}")
        check("the reminder reaches the model once", len(texts) > 1
              and texts[1].count(REMINDER) == 1,
              f"{texts[1].count(REMINDER) if len(texts) > 1 else 0} times")
        check("second stop let through", turns == [0, 1] and code == 0, f"turns {turns}")
        check("plan still open", statuses.count("completed") == 1, f"{statuses}")
    elif scenario == "news":
        news(check, requests, main_requests, texts, turns)
    elif scenario == "retool":
        # Claude Code and Codex keep their flag set for the rest of the turn; Gemini CLI clears
        # it once the agent has run a tool, so its agent is reminded a second time.
        expected = [0, 1, 2, 3] if agent == "gemini" else [0, 1, 2]
        reminders = sum(text.count(REMINDER) for text in texts[-1:])
        check("a stop after more work: the agent's flag decides", turns == expected
              and code == 0 and reminders == (2 if agent == "gemini" else 1),
              f"turns {turns}, {reminders} reminders in the last request")
    else:
        check("stop with open items: exactly one more turn, carrying them",
              first_reminded == 2 and OPEN_ITEM in texts[2], f"turns {turns}")
        check("the agent finishes the plan, then stops", turns == [0, 1, 2, 3]
              and statuses == ["completed"] * 3, f"turns {turns}, {statuses}")
    report(checks, agent, scenario)


# What an agent answers a call it would have to ask about, in its default mode.
REFUSALS = ["requires approval", "This command requires approval", "approval policy is never",
            "denied", "not allowed", "Permission to use", "was blocked", "haven't granted",
            "Tool execution denied", "requires user confirmation"]


# The after-tool hook's note on what another process changed (scripts/agents_standin.py's
# "news" scenario: you@laptop adds item 4 while the agent runs `echo working`).
NEWS = "todos: the plan changed: "
OTHERS_NEWS = NEWS + "you@laptop added 4"


def news(check, requests, main_requests, texts, turns):
    changes = [r for r in requests if "others_change" in r]
    check("another process changed the plan once, during the agent's work",
          len(changes) == 1 and changes[0].get("code") == 0, f"{changes}")
    by_turn = {}
    for request, text in zip(main_requests, texts):
        by_turn.setdefault(request.get("turn"), text)
    own = by_turn.get(1, "")
    check("the agent's own todos call brings no note", bool(own) and NEWS not in own,
          f"{own.count(NEWS)} notes after `todos update 2 completed`")
    after = by_turn.get(2, "")
    check("the next request after the other change carries the note", OTHERS_NEWS in after,
          f"turns {turns}")
    last = texts[-1] if texts else ""
    check("the note reaches the model once, and no other follows", last.count(NEWS) == 1
          and last.count(OTHERS_NEWS) == 1, f"{last.count(NEWS)} notes in the last request")


def default_mode(check, agent, scenario, main_requests, texts, plan):
    """The default permission mode: every call ran, none was stopped by a permission prompt."""
    way = "the shell" if scenario == "shell" else "the MCP tools"
    check(f"{way} offered to the model", bool(main_requests),
          f"tools offered: {main_requests[0].get('tools') if main_requests else None}")
    turns = [r.get("turn") for r in main_requests]
    check(f"every step through {way} ran (4 turns)", turns[-1:] == [3], f"turns {turns}")
    results = tool_results(main_requests[-1]["body"]) if main_requests else []
    check(f"3 results of {way} came back to the model", len(results) == 3, f"{results}")
    refused = [word for word in REFUSALS for text in results if word in text]
    check("no permission prompt or refusal reached the model", not refused, f"{refused[:3]}")
    contents = [item["content"] for item in plan]
    statuses = [item["status"] for item in plan]
    check("the plan was written and finished", contents == ["Reproduce the bug", "Patch the check"]
          and statuses == ["completed", "completed"], f"{contents} {statuses}")
    if scenario == "mcp":
        # The write tool took Gemini CLI's own write_todos shape: no summary, `description`.
        check("Gemini CLI's write_todos shape taken by the MCP write tool",
              contents == ["Reproduce the bug", "Patch the check"], f"{contents}")
        check("the envelope came back to the model",
              results and all('"revision"' in text.replace('\\"', '"') for text in results),
              f"{results}")


# The session-start text's header: one per copy of the plan in a request.
PLAN_HEADER = "Plan (todos) ["
# Gemini CLI's reply to its own compression summary: a request after /compress holds it.
COMPRESSED = "Got it. Thanks for the additional context!"


def read_log(path):
    """A step's log: its records, split at the marks the script wrote between actions."""
    segments = [("start", [])]
    try:
        with open(path, encoding="utf-8") as log:
            for line in log:
                if not line.strip():
                    continue
                record = json.loads(line)
                if "mark" in record:
                    segments.append((record["mark"], []))
                else:
                    segments[-1][1].append(record)
    except FileNotFoundError:
        pass
    return segments


def body_text(request):
    """What the model reads in a request: everything but the tool list."""
    body = {k: v for k, v in (request.get("body") or {}).items() if k != "tools"}
    return json.dumps(body, ensure_ascii=False)


def resets(agent, folder):
    """Every reset the agent can be driven to offline brings the plan back once (SPEC §8)."""
    checks = []

    def check(name, ok, detail=""):
        checks.append((name, bool(ok), detail))

    steps = {}
    for name in sorted(os.listdir(f"{folder}/steps")):
        at = f"{folder}/steps/{name}"
        with open(f"{at}/agent.code", encoding="utf-8") as code_file:
            code = int(code_file.read().strip() or -1)
        steps[name.split("-", 1)[1]] = (code, read_log(f"{at}/requests.jsonl"))
    payloads = []
    for name in sorted(os.listdir(f"{folder}/payloads")):
        if name.endswith(".json"):
            with open(f"{folder}/payloads/{name}", encoding="utf-8") as file:
                payloads.append(json.load(file))
    sources = [p.get("source") for p in payloads if p.get("hook_event_name") == "SessionStart"]

    def first_main(records, after=None):
        """The first request of the agent's own turns (that holds `after`, when given)."""
        for record in records:
            if record.get("main") and (after is None or after in body_text(record)):
                return body_text(record)
        return ""

    def once(step, label, text, total=False):
        got = text.count(f"Reset: {label}")
        plans = text.count(PLAN_HEADER)
        ok = got == 1 and (not total or plans == 1)
        check(f"{step}: the plan from `{label}` reaches the model once"
              + (", the only copy" if total else ""), ok,
              f"{got} from {label}, {plans} in all")

    for step, (code, _) in steps.items():
        check(f"{step}: the agent exits 0", code == 0, f"exit {code}")
    # Claude Code's `-p "/compact" --resume` resumes first, then compacts; so does /clear.
    expected = {"claude": ["startup", "resume", "fork", "resume", "compact", "resume", "resume",
                           "clear", "resume"],
                # The interactive screens end with a /clear over a broken store.
                "codex": ["startup", "resume", "fork", "resume", "compact", "startup", "clear",
                          "clear"],
                "gemini": ["startup", "resume", "startup", "clear", "clear"]}[agent]
    check("SessionStart ran for every reset, with its source", sources == expected,
          f"{sources}")
    records = {step: segments[0][1] for step, (_, segments) in steps.items()}
    once("startup", "startup", first_main(records.get("startup", [])), total=True)
    once("resume", "resume", first_main(records.get("resume", [])))
    if agent in ("claude", "codex"):
        once("fork", "fork", first_main(records.get("fork", [])))
    if agent == "claude":
        # The compacted session, resumed: its history holds what the compaction's hook gave.
        once("after /compact", "compact", first_main(records.get("after-compact", [])))
        once("after /clear", "clear", first_main(records.get("after-clear", [])))
    if agent == "codex":
        text = first_main(records.get("compact", []), after="Reset: compact")
        once("after a compaction", "compact", text)
    segments = dict(steps.get("tui", (1, []))[1])
    if agent in ("codex", "gemini"):
        once("interactive startup", "startup", first_main(segments.get("start", [])),
             total=True)
        # Codex puts what SessionStart gives after /clear into the new context; Gemini CLI
        # drops it, and the next prompt's BeforeAgent brings the plan. Either way once, and the
        # turn after it does not bring it again.
        cleared = [r for r in segments.get("clear", []) if r.get("main")]
        once("interactive /clear, the next prompt",
             "clear" if agent == "codex" else "BeforeAgent",
             body_text(cleared[0]) if cleared else "", total=True)
        check("after /clear, no second copy later",
              all(body_text(r).count(PLAN_HEADER) == 1 for r in cleared) and len(cleared) == 2,
              f"{[body_text(r).count(PLAN_HEADER) for r in cleared]}")
    if agent in ("codex", "gemini"):
        broken = [r for r in segments.get("broken", []) if r.get("main")]
        try:
            with open(f"{folder}/steps/{tui_step(folder)}/screen-broken.txt",
                      encoding="utf-8") as screen_file:
                screen = screen_file.read()
        except (FileNotFoundError, TypeError):
            screen = ""
        check("a store that cannot be read at /clear: the agent goes on, its screen says why",
              broken and "todos hook:" in screen, f"{len(broken)} requests")
    if agent == "gemini":
        compressed = [r for r in segments.get("compress", []) if r.get("main")]
        text = body_text(compressed[0]) if compressed else ""
        check("after /compress, the history is compressed", COMPRESSED in text)
        once("after /compress, the next prompt", "BeforeAgent", text, total=True)
    report(checks, agent, "resets")


def tui_step(folder):
    """The folder of the interactive screen's step."""
    return next((name for name in os.listdir(f"{folder}/steps") if name.endswith("-tui")), None)


def tool_results(body):
    """The texts of the tool results in a request's history, in each API's own shape."""
    found = []

    def walk(value):
        if isinstance(value, dict):
            if value.get("type") == "tool_result":
                found.append(json.dumps(value.get("content"), ensure_ascii=False))
                return
            if value.get("type") == "function_call_output":
                found.append(json.dumps(value.get("output"), ensure_ascii=False))
                return
            if "functionResponse" in value:
                found.append(json.dumps(value["functionResponse"], ensure_ascii=False))
                return
            for inner in value.values():
                walk(inner)
        elif isinstance(value, list):
            for inner in value:
                walk(inner)

    walk(body.get("messages") or body.get("input") or body.get("contents"))
    return found


def report(checks, agent, scenario):
    failed = 0
    for name, ok, detail in checks:
        failed += not ok
        print(f"  {'PASS' if ok else 'FAIL'} {agent} {scenario}: {name}"
              + (f" ({detail})" if detail and not ok else ""))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
