#!/usr/bin/env bash
# `todos mcp` under the official SDKs' clients, as a new user would meet it: in a fresh folder,
# `todos init --agent claude --mcp`, then each client starts the server as .mcp.json says, lists
# the tools, writes a plan, updates it, sees each change in `todos show`, and sees a refusal
# return the paths. The clients offer the folder as their root and start the server elsewhere,
# so the plan landing in the folder also shows the roots at work.
#
#   scripts/mcp-e2e.sh            # Python `mcp` (PyPI) and TypeScript `@modelcontextprotocol/sdk` (npm)
#   scripts/mcp-e2e.sh python     # one of them
#
# The SDKs are installed once under ${XDG_CACHE_HOME:-~/.cache}/todos-mcp-e2e (a venv and an
# npm folder); delete it to take their newest releases. Not part of CI: it needs the network.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)

which=${1:-all}
case "$which" in
all | python | typescript) ;;
*)
    echo "usage: scripts/mcp-e2e.sh [python|typescript]" >&2
    exit 2
    ;;
esac

cache=${XDG_CACHE_HOME:-$HOME/.cache}/todos-mcp-e2e
mkdir -p "$cache"

# TODOS_E2E_PROFILE=debug uses the debug build (minutes faster to build than the release one).
profile=${TODOS_E2E_PROFILE:-release}
if [[ $profile == release ]]; then
    echo "== cargo build --release" >&2
    flags=(--release)
else
    echo "== cargo build" >&2
    flags=()
fi
# Where cargo put the binary, in cargo's own answer (target/$profile/, or under a
# CARGO_TARGET_DIR of the caller's). One binary: `todos mcp` serves in it.
bin_dir=$(cargo build "${flags[@]}" --quiet --bin todos --message-format=json-render-diagnostics |
    sed -n 's/.*"executable":"\([^"]*\)\/todos".*/\1/p')
export PATH="$bin_dir:$PATH"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# No TODOS_* of the caller's, no user configuration, a fixed clock.
while IFS= read -r var; do unset "$var"; done < <(compgen -e | grep '^TODOS_' || true)
export XDG_CONFIG_HOME="$tmp/config" NO_COLOR=1

# A fresh project, set up as docs/mcp.md says, and a folder elsewhere to start the server in.
project() {
    local dir="$tmp/$1"
    mkdir -p "$dir/.git" "$tmp/elsewhere-$1/.git"
    (cd "$dir" && todos init --agent claude --mcp) >&2
    echo "$dir"
}

python_client() {
    if [[ ! -x $cache/venv/bin/python ]]; then
        echo "== installing mcp from PyPI into $cache/venv" >&2
        python3 -m venv "$cache/venv"
        "$cache/venv/bin/pip" install --quiet mcp
    fi
    echo "== Python SDK: mcp $("$cache/venv/bin/pip" show mcp | sed -n 's/^Version: //p')"
    local dir
    dir=$(project python)
    "$cache/venv/bin/python" - "$dir" "$tmp/elsewhere-python" <<'PY'
import asyncio, json, os, subprocess, sys
from pathlib import Path

import mcp_types as types
from mcp import Client, StdioServerParameters

project, elsewhere = sys.argv[1], sys.argv[2]
server = json.loads(Path(project, ".mcp.json").read_text())["mcpServers"]["todos"]


def todos_show():
    out = subprocess.run(["todos", "-C", project, "show"], capture_output=True, text=True, check=True)
    print("   todos show:", out.stdout.strip().replace("\n", "\n              "))


async def roots(_context):
    return types.ListRootsResult(roots=[types.Root(uri=Path(project).as_uri(), name="project")])


async def main():
    params = StdioServerParameters(
        command=server["command"], args=server["args"], cwd=elsewhere,
        env={"PATH": os.environ["PATH"], "HOME": os.environ["HOME"],
             "XDG_CONFIG_HOME": os.environ["XDG_CONFIG_HOME"]},
    )
    async with Client(params, list_roots_callback=roots) as client:
        print("   protocol:", client.protocol_version, "| server:", client.server_info.name)
        tools = await client.list_tools()
        print("   tools:", ", ".join(tool.name for tool in tools.tools))
        written = await client.call_tool("write", {"summary": "Ship the login fix", "todos": [
            {"content": "Reproduce the timeout", "status": "completed"},
            {"content": "Patch the token check", "status": "in_progress"},
            {"content": "Add a regression test", "status": "pending"}]})
        assert not written.is_error, written
        envelope = written.structured_content
        assert envelope["context"]["workspace"] == project, envelope["context"]
        print("   write:", envelope["text"], "| revision", envelope["data"]["revision"])
        todos_show()
        updated = await client.call_tool("update", {"id": "2", "status": "completed"})
        assert not updated.is_error, updated
        print("   update:", updated.structured_content["data"]["recap"])
        todos_show()
        refused = await client.call_tool("write", {"summary": "S", "todos": [
            {"content": "x" * 61, "stauts": "pending"}]})
        assert refused.is_error, refused
        error = json.loads(refused.content[0].text)["error"]
        paths = [detail["path"] for detail in error["details"]]
        print("   refusal:", error["code"], "at", ", ".join(paths))
        assert "todos[0].content" in paths and "todos[0].stauts" in paths, paths

        # Gemini CLI's own write_todos shape passes a strict check of the tool's schema.
        import jsonschema
        schema = next(tool.input_schema for tool in tools.tools if tool.name == "write")
        gemini = {"todos": [{"description": "Reproduce the timeout", "status": "completed"},
                            {"description": "Patch the token check", "status": "in_progress"}]}
        jsonschema.Draft202012Validator(schema).validate(gemini)
        written = await client.call_tool("write", gemini)
        assert not written.is_error, written
        revision = written.structured_content["data"]["revision"]
        print("   Gemini CLI's shape: passes the schema, written at revision", revision)

        # Twenty updates sent at once, none waiting for the one before: they land in order.
        results = await asyncio.gather(*(
            client.call_tool("update", {"id": "2", "content": f"Patch, take {n}"})
            for n in range(1, 21)))
        revisions = [result.structured_content["data"]["revision"] for result in results]
        assert revisions == list(range(revision + 1, revision + 21)), revisions
        shown = await client.call_tool("show", {})
        content = shown.structured_content["data"]["todos"][1]["content"]
        assert content == "Patch, take 20", content
        print("   20 pipelined updates: revisions", revisions[0], "to", revisions[-1], "in order; last:", content)

        # Compare-and-swap: a change based on an old revision is refused, nothing changes.
        stale = await client.call_tool("update", {"id": "2", "status": "completed",
                                                  "expect_revision": revision})
        assert stale.is_error, stale
        code = json.loads(stale.content[0].text)["error"]["code"]
        assert code == "CONFLICT", code
        print("   expect_revision", revision, "after the updates:", code)


asyncio.run(main())
print("   python: OK")
PY
}

typescript_client() {
    if [[ ! -d $cache/node/node_modules/@modelcontextprotocol/sdk ]]; then
        echo "== installing @modelcontextprotocol/sdk from npm into $cache/node" >&2
        mkdir -p "$cache/node"
        (cd "$cache/node" && { [[ -f package.json ]] || npm init -y >/dev/null; } &&
            npm install --silent @modelcontextprotocol/sdk)
    fi
    local version
    version=$(sed -n 's/^ *"version": "\(.*\)",$/\1/p' \
        "$cache/node/node_modules/@modelcontextprotocol/sdk/package.json" | head -1)
    echo "== TypeScript SDK: @modelcontextprotocol/sdk $version"
    local dir
    dir=$(project typescript)
    cat >"$cache/node/e2e.mjs" <<'JS'
import { readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { pathToFileURL } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ListRootsRequestSchema } from "@modelcontextprotocol/sdk/types.js";

const [project, elsewhere] = process.argv.slice(2);
const server = JSON.parse(readFileSync(`${project}/.mcp.json`, "utf8")).mcpServers.todos;
const show = () => {
  const out = execFileSync("todos", ["-C", project, "show"], { encoding: "utf8" });
  console.log("   todos show:", out.trim().replaceAll("\n", "\n              "));
};
const check = (ok, what) => { if (!ok) { throw new Error(`failed: ${JSON.stringify(what)}`); } };

const transport = new StdioClientTransport({
  command: server.command, args: server.args, cwd: elsewhere,
  env: { PATH: process.env.PATH, HOME: process.env.HOME, XDG_CONFIG_HOME: process.env.XDG_CONFIG_HOME },
});
// The client hands the negotiated revision to a transport that wants it: keep it to print.
let negotiated = "(not told)";
transport.setProtocolVersion = (version) => { negotiated = version; };
const client = new Client({ name: "todos-e2e", version: "1" }, { capabilities: { roots: {} } });
client.setRequestHandler(ListRootsRequestSchema, async () => ({
  roots: [{ uri: pathToFileURL(project).href, name: "project" }],
}));
await client.connect(transport);
console.log("   protocol:", negotiated, "| server:", client.getServerVersion().name);
const { tools } = await client.listTools();
console.log("   tools:", tools.map((tool) => tool.name).join(", "));
const written = await client.callTool({ name: "write", arguments: { summary: "Ship the login fix", todos: [
  { content: "Reproduce the timeout", status: "completed" },
  { content: "Patch the token check", status: "in_progress" },
  { content: "Add a regression test", status: "pending" }] } });
check(!written.isError && written.structuredContent.context.workspace === project, written);
console.log("   write:", written.structuredContent.text, "| revision", written.structuredContent.data.revision);
show();
const updated = await client.callTool({ name: "update", arguments: { id: "2", status: "completed" } });
check(!updated.isError, updated);
console.log("   update:", updated.structuredContent.data.recap);
show();
const refused = await client.callTool({ name: "write", arguments: { summary: "S", todos: [
  { content: "x".repeat(61), stauts: "pending" }] } });
check(refused.isError, refused);
const error = JSON.parse(refused.content[0].text).error;
const paths = error.details.map((detail) => detail.path);
console.log("   refusal:", error.code, "at", paths.join(", "));
check(paths.includes("todos[0].content") && paths.includes("todos[0].stauts"), paths);

// Gemini CLI's own write_todos shape passes a strict check of the tool's schema (Ajv, the
// validator the SDK itself uses).
const { default: Ajv2020 } = await import("ajv/dist/2020.js");
const ajv = new Ajv2020({ strict: false, allErrors: true });
const validate = ajv.compile(tools.find((tool) => tool.name === "write").inputSchema);
const gemini = { todos: [{ description: "Reproduce the timeout", status: "completed" },
                         { description: "Patch the token check", status: "in_progress" }] };
check(validate(gemini), validate.errors);
const geminiWritten = await client.callTool({ name: "write", arguments: gemini });
check(!geminiWritten.isError, geminiWritten);
const revision = geminiWritten.structuredContent.data.revision;
console.log("   Gemini CLI's shape: passes the schema, written at revision", revision);

// Twenty updates sent at once, none waiting for the one before: they land in order.
const results = await Promise.all(Array.from({ length: 20 }, (_, n) =>
  client.callTool({ name: "update", arguments: { id: "2", content: `Patch, take ${n + 1}` } })));
const revisions = results.map((result) => result.structuredContent.data.revision);
check(revisions.every((rev, n) => rev === revision + n + 1), revisions);
const shown = await client.callTool({ name: "show", arguments: {} });
const last = shown.structuredContent.data.todos[1].content;
check(last === "Patch, take 20", last);
console.log("   20 pipelined updates: revisions", revisions[0], "to", revisions.at(-1), "in order; last:", last);

const stale = await client.callTool({ name: "update", arguments: { id: "2", status: "completed", expect_revision: revision } });
check(stale.isError && JSON.parse(stale.content[0].text).error.code === "CONFLICT", stale);
console.log("   expect_revision", revision, "after the updates: CONFLICT");
await client.close();
console.log("   typescript: OK");
JS
    (cd "$cache/node" && node e2e.mjs "$dir" "$tmp/elsewhere-typescript")
}

if [[ $which == all || $which == python ]]; then python_client; fi
if [[ $which == all || $which == typescript ]]; then typescript_client; fi
