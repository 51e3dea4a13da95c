#!/usr/bin/env bash
# Makes docs/checklist.png, the screenshot of README.md, from the real colored output of
# `todos show --color always` on a plan that holds every status `todos schema` knows (and a
# priority): the ANSI escapes become HTML (a small converter below), headless Chromium takes
# the picture. Run it by hand after a change to the checklist's look and commit the PNG; CI does
# not need Chromium.
#
# Needs python3 and Chromium (Debian: apt-get install chromium fonts-dejavu-core).
set -euo pipefail
cd "$(dirname "$0")/.."

chromium=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
if [[ -z $chromium ]]; then
    echo "error: Chromium is not installed" >&2
    echo "hint: apt-get install chromium fonts-dejavu-core (or set PATH to a chrome binary)" >&2
    exit 1
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/ws/.git" "$work/home" "$work/profile"

# Where cargo put the binary, in cargo's own answer (target/debug/, or under a CARGO_TARGET_DIR).
bin=$(cargo build --quiet --bin todos --message-format=json-render-diagnostics |
    sed -n 's/.*"executable":"\([^"]*\/todos\)".*/\1/p')
todos() {
    env -i PATH="$PATH" HOME="$work/home" TZ=UTC TODOS_NOW=2025-01-02T17:42:33Z \
        "$bin" -C "$work/ws" "$@"
}
# The sample plan, plus one item for each status `todos schema` knows that it leaves out (so
# a status added later, such as blocked, is in the next picture by itself).
known=$(todos schema | python3 -c 'import json, sys; s = json.load(sys.stdin); print(" ".join(s["properties"]["todos"]["items"]["properties"]["status"]["enum"]))')
python3 - "$known" > "$work/plan.json" <<'PY'
import json, sys
plan = {"summary": "Fix the login timeout and ship the patch", "todos": [
    {"content": "Reproduce the timeout with a slow token server", "status": "completed"},
    {"content": "Upgrade the vendor's token library", "status": "failed"},
    {"content": "Patch the token expiry check", "status": "in_progress",
     "activeForm": "Patching the token expiry check"},
    {"content": "Add a regression test for expired tokens", "status": "pending", "priority": "high"},
    {"content": "Update the changelog", "status": "pending"},
    {"content": "Benchmark the old retry loop", "status": "cancelled"},
]}
texts = {"blocked": "Ship it: waits for the security review"}
shown = {item["status"] for item in plan["todos"]}
for status in sys.argv[1].split():
    if status not in shown:
        plan["todos"].append({"content": texts.get(status, f"An item that is {status}"), "status": status})
json.dump(plan, sys.stdout)
PY
todos --quiet write --file "$work/plan.json"
todos show --color always > "$work/show.ansi"
# ANSI (SGR) → HTML: one span per run of text with the same style.
python3 - "$work/show.ansi" "$work/page.html" <<'PY'
import html, re, sys

COLORS = {  # One Dark-like terminal palette: 30–37 and their bright 90–97 twins
    0: "#3f4451", 1: "#e06c75", 2: "#98c379", 3: "#e5c07b",
    4: "#61afef", 5: "#c678dd", 6: "#56b6c2", 7: "#d7dae0",
}

def css(style):
    rules = []
    if "fg" in style:
        rules.append(f"color:{style['fg']}")
    if style.get("bold"):
        rules.append("font-weight:bold")
    if style.get("dim"):
        rules.append("opacity:.55")
    if style.get("italic"):
        rules.append("font-style:italic")
    lines = [name for name in ("underline", "line-through") if style.get(name)]
    if lines:
        rules.append("text-decoration:" + " ".join(lines))
    return ";".join(rules)

def apply(style, params):
    codes = [int(p) if p else 0 for p in params.split(";")]
    for code in codes:
        if code == 0:
            style.clear()
        elif code == 1:
            style["bold"] = True
        elif code == 2:
            style["dim"] = True
        elif code == 3:
            style["italic"] = True
        elif code == 4:
            style["underline"] = True
        elif code == 9:
            style["line-through"] = True
        elif code == 22:
            style.pop("bold", None); style.pop("dim", None)
        elif code == 23:
            style.pop("italic", None)
        elif code == 24:
            style.pop("underline", None)
        elif code == 29:
            style.pop("line-through", None)
        elif 30 <= code <= 37:
            style["fg"] = COLORS[code - 30]
        elif 90 <= code <= 97:
            style["fg"] = COLORS[code - 90]
        elif code == 39:
            style.pop("fg", None)

text = open(sys.argv[1], encoding="utf-8").read()
out, style = [], {}
for part in re.split(r"(\x1b\[[0-9;]*m)", text):
    if part.startswith("\x1b["):
        apply(style, part[2:-1])
    elif part:
        out.append(f'<span style="{css(style)}">{html.escape(part)}</span>' if style else html.escape(part))

page = f"""<!doctype html>
<meta charset="utf-8">
<style>
  html, body {{ margin: 0; background: transparent; }}
  #window {{ display: inline-block; margin: 0; background: #21252b; border-radius: 10px;
            box-shadow: inset 0 0 0 1px #3a3f4b; overflow: hidden; }}
  #bar {{ height: 30px; display: flex; align-items: center; gap: 8px; padding: 0 14px;
          background: #2c313a; }}
  #bar i {{ width: 12px; height: 12px; border-radius: 50%; display: block; }}
  pre {{ margin: 0; padding: 16px 22px 20px; color: #d7dae0;
         font: 15px/1.45 "DejaVu Sans Mono", monospace; }}
  .prompt {{ color: #7f848e; }}
</style>
<div id="window">
  <div id="bar"><i style="background:#ff5f57"></i><i style="background:#febc2e"></i><i style="background:#28c840"></i></div>
  <pre><span class="prompt">$</span> todos show
{''.join(out)}</pre>
</div>
<script>
  // Read back by the first Chromium run to size the window to the picture.
  const box = document.getElementById("window").getBoundingClientRect();
  document.title = Math.ceil(box.width) + "," + Math.ceil(box.height);
</script>
"""
open(sys.argv[2], "w", encoding="utf-8").write(page)
PY

shoot() {
    "$chromium" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
        --disable-background-networking --disable-component-update --disable-sync \
        --hide-scrollbars --user-data-dir="$work/profile" "$@" "file://$work/page.html" 2>/dev/null
}
size=$(shoot --dump-dom | sed -n 's:.*<title>\([0-9]*,[0-9]*\)</title>.*:\1:p')
if [[ -z $size ]]; then
    echo "error: could not measure the page" >&2
    exit 1
fi
shoot --force-device-scale-factor=2 --default-background-color=00000000 \
    --window-size="$size" --screenshot="$PWD/docs/checklist.png"
echo "wrote docs/checklist.png (${size/,/x} CSS pixels at 2x)"
