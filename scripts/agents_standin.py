#!/usr/bin/env python3
"""A scripted stand-in for three model APIs, on 127.0.0.1 only, for scripts/agents-e2e.sh.

It speaks just enough of each streaming format for the real agent to run one scripted
conversation offline:
  - Anthropic Messages (POST /v1/messages, SSE) for Claude Code;
  - OpenAI Responses (POST .../responses, SSE) for Codex;
  - Gemini (POST .../models/M:streamGenerateContent?alt=sse, and :generateContent) for Gemini CLI.

The answer to a request is the next step of the scenario, where "next" is the number of model
turns already in the request's history: a request carries the whole conversation, so no state
is kept between requests and a side request (a title, a classifier) changes nothing. A step is
a shell command (the stand-in calls whatever shell tool the agent offers) or a text that ends
the turn. Every request is appended to the log, one JSON object a line.

usage: agents_standin.py SCENARIO LOG_FILE PORT_FILE
"""

import json
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

SCENARIOS = {
    # A plan with open items: work one, stop, get sent back, finish the plan, stop.
    "finish": [
        ("shell", "todos update 2 completed"),
        ("text", "Item 2 is done."),
        ("shell", "todos update 3 completed"),
        ("text", "All done."),
    ],
    # A plan with open items: stop, get sent back, stop again (needs the user).
    "stuck": [
        ("text", "Stopping here for now."),
        ("text", "I need your answer before I go on."),
    ],
    # A plan with open items: stop, get sent back, run a tool that finishes nothing, stop, stop.
    # Measures what each agent's loop flag says after the agent has worked again.
    "retool": [
        ("text", "Stopping here for now."),
        ("shell", "todos show"),
        ("text", "I need your answer before I go on."),
        ("text", "I still need your answer."),
    ],
    # No plan at all.
    "none": [
        ("text", "There is nothing to plan."),
    ],
    # Default permission mode, the shell: plan, work, finish, with nothing allowed up front but
    # what `todos init` wrote.
    "shell": [
        ("shell", 'todos write --summary "Fix login" -t in_progress:"Reproduce the bug" '
                  '-t pending:"Patch the check"'),
        ("shell", "todos update 1 completed"),
        ("shell", "todos update 2 completed"),
        ("text", "All done."),
    ],
    # Default permission mode, the MCP tools: Gemini CLI's own write_todos shape (no summary,
    # items with `description`) through the write tool, then updates.
    "mcp": [
        ("mcp", "write", {"todos": [
            {"description": "Reproduce the bug", "status": "in_progress"},
            {"description": "Patch the check", "status": "pending"},
        ]}),
        ("mcp", "update", {"id": "1", "status": "completed"}),
        ("mcp", "update", {"id": "2", "status": "completed", "expect_revision": 2}),
        ("text", "All done."),
    ],
    # What others change reaches the working agent (the after-tool hook): the agent changes
    # the plan itself (no news), then, while it runs a command that is not todos, another
    # process (a person, as `you@laptop`) adds an item; the request after that command must
    # carry the hook's one note, and no later request a second one.
    "news": [
        ("shell", "todos update 2 completed"),
        ("change", "echo working"),
        ("shell", "echo again"),
        ("text", "Stopping here for now."),
        ("text", "I need your answer before I go on."),
    ],
}
OVER = ("text", "(stand-in: the script is over)")
# The change another process makes at a "change" step: run once, in the agent's repository
# (STANDIN_REPO) with the todos binary (STANDIN_TODOS), before the step's command is answered.
OTHERS_CHANGE = ["create", "Check the Windows build"]
OTHERS_NAME = "you@laptop"
# The prompt size the stand-in reports for Gemini CLI's requests: large enough that a
# compression (`/compress`) shrinks the history, so Gemini CLI keeps its result.
PROMPT_TOKENS = 200_000


class Recorder:
    def __init__(self, path):
        self.path = path
        self.lock = threading.Lock()

    def write(self, entry):
        with self.lock, open(self.path, "a", encoding="utf-8") as log:
            log.write(json.dumps(entry) + "\n")


def flat_tools(tools):
    """Every tool of a request's tool list, namespaces and groups opened."""
    for tool in tools or []:
        if not isinstance(tool, dict):
            continue
        yield tool
        yield from flat_tools(tool.get("tools"))
        yield from flat_tools(tool.get("functionDeclarations"))


def mcp_tool(names, suffix):
    """The agent's name for the todos MCP tool `suffix` (mcp__todos__write, mcp_todos_write…)."""
    for name in names:
        if name and "todos" in name and name.endswith(suffix) and name != suffix:
            return name
    return None


def tool_names_anthropic(body):
    return [tool.get("name") for tool in body.get("tools") or []]


def tool_names_openai(body):
    return [tool.get("name") or tool.get("type") for tool in flat_tools(body.get("tools"))]


def tool_names_gemini(body):
    return [tool.get("name") for tool in flat_tools(body.get("tools")) if "name" in tool]


def turns_anthropic(body):
    return sum(1 for m in body.get("messages") or [] if m.get("role") == "assistant")


def turns_openai(body):
    items = body.get("input") or []
    return sum(
        1
        for item in items
        if isinstance(item, dict)
        and (
            item.get("type") in ("function_call", "custom_tool_call", "local_shell_call")
            or (item.get("type") == "message" and item.get("role") == "assistant")
        )
    )


def turns_gemini(body):
    return sum(1 for c in body.get("contents") or [] if c.get("role") == "model")


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    scenario = []
    recorder = None
    counter = 0
    counter_lock = threading.Lock()

    def log_message(self, *args):
        pass

    def next_id(self):
        with Handler.counter_lock:
            Handler.counter += 1
            return Handler.counter

    def read_body(self):
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        if self.headers.get("Content-Encoding") == "zstd":
            return {"_undecoded": len(raw)}
        if self.headers.get("Content-Encoding") == "gzip":
            import gzip

            raw = gzip.decompress(raw)
        try:
            return json.loads(raw or b"{}")
        except ValueError:
            return {"_unparsed": raw.decode("utf-8", "replace")}

    def send_json(self, value, status=200):
        data = json.dumps(value).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def send_sse(self, events):
        chunks = []
        for name, data in events:
            line = f"event: {name}\n" if name else ""
            chunks.append(f"{line}data: {json.dumps(data)}\n\n")
        body = "".join(chunks).encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    changed = False

    def step(self, turns):
        step = self.scenario[turns] if turns < len(self.scenario) else OVER
        if step[0] == "mcp":
            return "mcp", (step[1], step[2])
        if step[0] == "change":
            with Handler.counter_lock:
                if not Handler.changed:
                    Handler.changed = True
                    others_change()
            return "shell", step[1]
        return step

    def main_request(self, names, shell):
        """Whether a request is the agent's own turn: it offers the shell or the todos tools."""
        return shell in names or mcp_tool(names, "write") is not None

    def do_GET(self):
        Handler.recorder.write({"method": "GET", "path": self.path})
        if "/models" in self.path:
            self.send_json({"data": [], "models": []})
        else:
            self.send_json({}, 404)

    def do_HEAD(self):
        self.send_response(200)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def do_POST(self):
        body = self.read_body()
        path = self.path
        entry = {"method": "POST", "path": path, "body": body}
        if path.startswith("/v1/messages/count_tokens"):
            Handler.recorder.write({**entry, "api": "anthropic", "main": False})
            self.send_json({"input_tokens": 100})
        elif path.startswith("/v1/messages"):
            self.anthropic(body, entry)
        elif path.rstrip("/").endswith("/responses"):
            self.openai(body, entry)
        elif ":streamGenerateContent" in path or ":generateContent" in path:
            self.gemini(body, entry, stream=":streamGenerateContent" in path)
        elif ":countTokens" in path:
            Handler.recorder.write({**entry, "api": "gemini", "main": False})
            self.send_json({"totalTokens": 100})
        else:
            Handler.recorder.write({**entry, "api": None, "main": False})
            self.send_json({"error": {"message": "not in the stand-in"}}, 404)

    # Anthropic Messages, for Claude Code.
    def anthropic(self, body, entry):
        names = tool_names_anthropic(body)
        main = self.main_request(names, "Bash")
        turns = turns_anthropic(body)
        kind, value = self.step(turns) if main else ("text", "Stand-in title")
        Handler.recorder.write({**entry, "api": "anthropic", "main": main, "turn": turns,
                                "answer": [kind, value], "tools": names})
        n = self.next_id()
        if kind == "mcp":
            name = mcp_tool(names, value[0]) or f"mcp__todos__{value[0]}"
            block = {"type": "tool_use", "id": f"toolu_{n:04d}", "name": name, "input": value[1]}
            stop = "tool_use"
        elif kind == "shell":
            block = {"type": "tool_use", "id": f"toolu_{n:04d}", "name": "Bash",
                     "input": {"command": value, "description": "Update the plan"}}
            stop = "tool_use"
        else:
            block = {"type": "text", "text": value}
            stop = "end_turn"
        usage = {"input_tokens": 100, "output_tokens": 10,
                 "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0}
        message = {"id": f"msg_{n:04d}", "type": "message", "role": "assistant",
                   "model": body.get("model", "stand-in"), "content": [],
                   "stop_reason": None, "stop_sequence": None, "usage": usage}
        if not body.get("stream"):
            self.send_json({**message, "content": [block], "stop_reason": stop})
            return
        if kind in ("shell", "mcp"):
            start = {**block, "input": {}}
            delta = {"type": "input_json_delta", "partial_json": json.dumps(block["input"])}
        else:
            start = {"type": "text", "text": ""}
            delta = {"type": "text_delta", "text": value}
        self.send_sse([
            ("message_start", {"type": "message_start", "message": message}),
            ("content_block_start", {"type": "content_block_start", "index": 0,
                                     "content_block": start}),
            ("content_block_delta", {"type": "content_block_delta", "index": 0, "delta": delta}),
            ("content_block_stop", {"type": "content_block_stop", "index": 0}),
            ("message_delta", {"type": "message_delta",
                               "delta": {"stop_reason": stop, "stop_sequence": None},
                               "usage": {"output_tokens": 10}}),
            ("message_stop", {"type": "message_stop"}),
        ])

    # OpenAI Responses, for Codex.
    def openai(self, body, entry):
        tools = tool_names_openai(body)
        shell = next((name for name in ("exec_command", "shell_command", "shell") if name in tools),
                     None)
        main = shell is not None or "mcp__todos" in tools or mcp_tool(tools, "write") is not None
        turns = turns_openai(body)
        kind, value = self.step(turns) if main else ("text", "Stand-in")
        Handler.recorder.write({**entry, "api": "openai", "main": main, "turn": turns,
                                "answer": [kind, value], "shell_tool": shell, "tools": tools})
        n = self.next_id()
        if kind == "mcp":
            # Codex 0.169 offers an MCP server's tools in a namespace (`mcp__todos`) under their
            # own names, and expects the call to name both.
            namespace = next((t.get("name") for t in flat_tools(body.get("tools"))
                              if t.get("type") == "namespace" and "todos" in (t.get("name") or "")
                              and any(c.get("name") == value[0] for c in t.get("tools") or [])),
                             None)
            name = value[0] if namespace else (mcp_tool(tools, value[0])
                                               or f"mcp__todos__{value[0]}")
            item = {"type": "function_call", "id": f"fc_{n:04d}", "call_id": f"call_{n:04d}",
                    "name": name, "arguments": json.dumps(value[1]), "status": "completed"}
            if namespace:
                item["namespace"] = namespace
        elif kind == "shell":
            if shell == "exec_command":
                arguments = {"cmd": value}
            elif shell == "shell_command":
                arguments = {"command": value}
            else:
                arguments = {"command": ["bash", "-lc", value]}
            item = {"type": "function_call", "id": f"fc_{n:04d}", "call_id": f"call_{n:04d}",
                    "name": shell, "arguments": json.dumps(arguments), "status": "completed"}
        else:
            item = {"type": "message", "id": f"msg_{n:04d}", "role": "assistant",
                    "status": "completed",
                    "content": [{"type": "output_text", "text": value, "annotations": []}]}
        response = {"id": f"resp_{n:04d}", "object": "response", "status": "in_progress",
                    "model": body.get("model", "stand-in"), "output": []}
        usage = {"input_tokens": 100, "input_tokens_details": {"cached_tokens": 0},
                 "output_tokens": 10, "output_tokens_details": {"reasoning_tokens": 0},
                 "total_tokens": 110}
        events = [
            ("response.created", {"type": "response.created", "response": response}),
            ("response.output_item.added", {"type": "response.output_item.added",
                                            "output_index": 0, "item": item}),
        ]
        if kind == "text":
            events.append(("response.output_text.delta", {
                "type": "response.output_text.delta", "item_id": item["id"],
                "output_index": 0, "content_index": 0, "delta": value}))
        events += [
            ("response.output_item.done", {"type": "response.output_item.done",
                                           "output_index": 0, "item": item}),
            ("response.completed", {"type": "response.completed",
                                    "response": {**response, "status": "completed",
                                                 "output": [item], "usage": usage}}),
        ]
        self.send_sse(events)

    # Gemini generateContent, for Gemini CLI.
    def gemini(self, body, entry, stream):
        names = tool_names_gemini(body)
        main = self.main_request(names, "run_shell_command")
        turns = turns_gemini(body)
        if main:
            kind, value = self.step(turns)
        else:
            # Side calls (routing, next-speaker checks) ask for JSON; an empty object makes
            # each fall back to its default.
            kind, value = ("text", "{}")
        Handler.recorder.write({**entry, "api": "gemini", "main": main, "turn": turns,
                                "answer": [kind, value], "tools": names})
        if kind == "mcp":
            name = mcp_tool(names, value[0]) or value[0]
            part = {"functionCall": {"name": name, "args": value[1]}}
        elif kind == "shell":
            part = {"functionCall": {"name": "run_shell_command",
                                     "args": {"command": value, "description": "Update the plan"}}}
        else:
            part = {"text": value}
        chunk = {"candidates": [{"content": {"role": "model", "parts": [part]},
                                 "finishReason": "STOP", "index": 0}],
                 "usageMetadata": {"promptTokenCount": PROMPT_TOKENS, "candidatesTokenCount": 10,
                                   "totalTokenCount": PROMPT_TOKENS + 10},
                 "modelVersion": "stand-in"}
        if stream:
            self.send_sse([(None, chunk)])
        else:
            self.send_json(chunk)


def others_change():
    """Another process changes the plan while the agent works: `todos create` as OTHERS_NAME."""
    import os
    import subprocess

    env = {**os.environ, "TODOS_OWNER": OTHERS_NAME}
    env.pop("TODOS_SESSION", None)
    done = subprocess.run([os.environ["STANDIN_TODOS"], "--quiet", *OTHERS_CHANGE],
                          cwd=os.environ["STANDIN_REPO"], env=env, capture_output=True,
                          text=True, check=False)
    Handler.recorder.write({"others_change": OTHERS_CHANGE, "by": OTHERS_NAME,
                            "code": done.returncode, "stderr": done.stderr})


def main():
    scenario, log_file, port_file = sys.argv[1:4]
    Handler.scenario = SCENARIOS[scenario]
    Handler.recorder = Recorder(log_file)
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    with open(port_file + ".tmp", "w", encoding="utf-8") as out:
        out.write(str(server.server_address[1]))
    import os

    os.replace(port_file + ".tmp", port_file)
    server.serve_forever()


if __name__ == "__main__":
    main()
