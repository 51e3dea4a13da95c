// todos board: draws every plan the server sends, and follows each change it pushes.
//
// The server sends one `board` event (the status table and every workspace) when the page
// connects, and one `workspace` event (that workspace's envelope, as `todos board --json`
// prints it) each time a plan changes.
//
// The board's data needs its token, sent in a header, never in the URL. The page gets it once:
// in the page the hand-over file's form brought back, or after `#` in the address the board
// printed; it keeps it in this tab's sessionStorage (this origin's, port included) and removes
// it from the page and the address bar. The stream is read with fetch, which can send the
// header (EventSource cannot). Text from a store reaches the page only through
// `textContent` and attribute values, never as HTML: an item that reads `<img onerror=…>` is
// shown as those characters.
"use strict";

(() => {
  const board = document.getElementById("board");
  const totals = document.getElementById("totals");
  const link = document.getElementById("link");
  const linkText = document.getElementById("link-text");
  const notices = document.getElementById("notices");
  const TOKEN_HEADER = "x-todos-token";
  const TOKEN_KEY = "todos-board-token";
  // How long the page waits before it connects again after the stream broke.
  const RETRY_MS = 1000;

  function takeToken() {
    const meta = document.querySelector('meta[name="todos-token"]');
    let token = meta ? meta.content : "";
    if (meta) meta.remove();
    if (!token && location.hash.length > 1) token = decodeURIComponent(location.hash.slice(1));
    if (token) {
      try { sessionStorage.setItem(TOKEN_KEY, token); } catch (_) { /* kept in memory only */ }
      // The address bar, the history and a reload keep no token.
      history.replaceState(null, "", "/");
      return token;
    }
    try { return sessionStorage.getItem(TOKEN_KEY) || ""; } catch (_) { return ""; }
  }
  const token = takeToken();

  // name → {name, marker, label, terminal, resolves}, in the table's order.
  let statuses = new Map();
  let marks = { waits: "⧗", lease_ended: "lease ended" };
  // workspace path → its latest data, and its card.
  const known = new Map();
  const cards = new Map();
  let firstDrawn = false;

  // Builds an element; `text` goes in as text, never parsed.
  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  function statusOf(name) {
    return statuses.get(name) || { name, marker: "[?]", label: name, terminal: false, resolves: false };
  }

  function localTime(at) {
    const time = new Date(at);
    if (Number.isNaN(time.getTime())) return at || "";
    const now = new Date();
    const clock = time.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", second: "2-digit", hour12: false });
    if (time.toDateString() === now.toDateString()) return clock;
    return time.toLocaleDateString([], { month: "short", day: "numeric" }) + " " + clock;
  }

  // `~/code/api` for a folder in the user's home, as a shell would show it.
  let home = "";
  function shortPath(path) {
    if (home && (path === home || path.startsWith(home + "/"))) return "~" + path.slice(home.length);
    return path;
  }

  function counts(todos) {
    const count = new Map();
    for (const item of todos) count.set(item.status, (count.get(item.status) || 0) + 1);
    return count;
  }

  // What changed in an item since the page last drew it: "new", "→ completed", "changed", or null.
  function itemChange(before, item) {
    if (!before) return "new";
    if (before.status !== item.status) return "→ " + statusOf(item.status).label.toLowerCase();
    const fields = ["content", "active_form", "priority", "description", "owner", "lease_until", "lease_ended"];
    if (fields.some((field) => before[field] !== item[field])) return "changed";
    if (String(before.blocked_by || []) !== String(item.blocked_by || [])) return "changed";
    if (String(before.waiting_on || []) !== String(item.waiting_on || [])) return "changed";
    return null;
  }

  // `stats`: the whole list's counts, when the page has only some of its items.
  function progress(todos, stats) {
    const bar = el("div", "progress");
    bar.setAttribute("role", "img");
    const count = stats ? new Map(Object.entries(stats)) : counts(todos);
    const parts = [];
    // Done first (the terminal statuses), then what is open, each in the table's order.
    const order = [...statuses.values()].sort((a, b) => Number(b.terminal) - Number(a.terminal));
    for (const info of order) {
      const n = count.get(info.name) || 0;
      if (!n) continue;
      const segment = el("span", "segment status-" + info.name);
      segment.style.flexGrow = String(n);
      bar.append(segment);
      parts.push(n + " " + info.label.toLowerCase());
    }
    bar.setAttribute("aria-label", parts.length ? parts.join(", ") : "no items");
    bar.title = bar.getAttribute("aria-label");
    return bar;
  }

  function itemRow(item, change) {
    const info = statusOf(item.status);
    const row = el("li", "item status-" + info.name);
    row.dataset.item = item.id;
    row.dataset.status = info.name;
    row.append(el("span", "id", item.id), el("span", "marker", info.marker));
    const body = el("span", "body");
    body.append(el("span", "content", item.content));
    if (item.status === "in_progress" && item.active_form) {
      body.append(" ", el("span", "active", "— " + item.active_form));
    }
    // A space before each tag, so a long text wraps before a tag rather than inside a word.
    const tag = (className, text) => body.append(" ", el("span", "tag " + className, text));
    if (item.priority) tag("priority " + item.priority, "(" + item.priority + " priority)");
    if (item.waiting_on && item.waiting_on.length && !info.terminal) {
      tag("waits", marks.waits + " " + item.waiting_on.join(", "));
    }
    if (item.owner) {
      tag("owner" + (item.lease_ended ? " ended" : ""), "@" + item.owner);
      if (item.lease_ended) tag("lease-ended", marks.lease_ended);
      if (item.lease_until && !item.lease_ended && !info.terminal) {
        tag("until", "lease until " + localTime(item.lease_until));
      }
    }
    if (change) {
      row.classList.add("changed");
      body.append(" ", el("span", "what", change));
    }
    row.append(body);
    if (item.description) {
      row.append(el("span", "id"), el("span"), el("div", "description", item.description));
    }
    return row;
  }

  function unreadable(error, what) {
    const box = el("div", "unreadable");
    box.append(el("span", "code", error.code || "UNREADABLE"), el("span", "message", what + ": " + (error.message || "cannot be read")));
    if (error.hint) box.append(el("span", "hint", error.hint));
    return box;
  }

  // Where a list with a git remote stands against it, from this clone's files (SPEC §11).
  function remoteLine(remote) {
    const ahead = remote.ahead || 0;
    const parts = [];
    if (ahead) parts.push(ahead + " revision" + (ahead === 1 ? "" : "s") + " ahead of " + remote.name);
    if (remote.behind) parts.push("behind " + remote.name + " (a fetch brought more)");
    if (!parts.length) parts.push("in step with " + remote.name);
    return el("p", "remote" + (ahead || remote.behind ? " apart" : ""),
      parts.join("; ") + " · since " + localTime(remote.since));
  }

  function listSection(list, before, several) {
    const section = el("section", "list");
    section.dataset.list = list.list;
    if (list.error) {
      const head = el("div", "list-head");
      head.append(el("span", "list-name", list.list));
      section.append(head, unreadable(list.error, "this list is shown as unreadable"));
      return section;
    }
    const todos = list.todos || [];
    // The server sends a long list's first items only: its counts are the whole list's.
    const stats = list.stats || {};
    const total = typeof stats.total === "number" ? stats.total : todos.length;
    const done = typeof stats.total === "number"
      ? [...statuses.values()].filter((info) => info.terminal).reduce((sum, info) => sum + (stats[info.name] || 0), 0)
      : todos.filter((item) => statusOf(item.status).terminal).length;
    const head = el("div", "list-head");
    if (several || list.list !== "default") head.append(el("span", "list-name", list.list));
    head.append(el("span", list.summary ? "summary" : "summary none", list.summary || "(no summary)"));
    head.append(el("span", "fraction", "[" + done + "/" + total + "]"));
    section.append(head, progress(todos, list.not_shown ? stats : null));
    if (list.remote) section.append(remoteLine(list.remote));
    const old = new Map(((before && before.todos) || []).map((item) => [item.id, item]));
    if (todos.length) {
      const items = el("ol", "items");
      for (const item of todos) {
        items.append(itemRow(item, before ? itemChange(old.get(item.id), item) : null));
      }
      section.append(items);
      if (list.not_shown) {
        section.append(el("p", "not-shown", "… and " + list.not_shown + " more item" + (list.not_shown === 1 ? "" : "s") +
          " not shown here: `todos show` lists them all."));
      }
    } else {
      section.append(el("p", "empty", "No todos."));
    }
    const revisions = list.revisions || [];
    if (revisions.length) {
      const latest = before ? Math.max(0, ...(before.revisions || []).map((r) => r.revision)) : Infinity;
      const rows = el("ol", "revisions");
      rows.setAttribute("aria-label", "latest revisions");
      for (const revision of revisions) {
        const row = el("li");
        row.dataset.revision = String(revision.revision);
        if (revision.revision > latest) row.classList.add("changed");
        let changes = revision.changes || "";
        if (revision.note) changes += " · " + revision.note;
        row.append(
          el("span", "rev", "r" + revision.revision),
          el("span", "at", localTime(revision.at)),
          el("span", "command", revision.command),
          el("span", "changes", changes),
        );
        rows.append(row);
      }
      section.append(rows);
    }
    return section;
  }

  function card(envelope, before) {
    const data = envelope.data || {};
    const path = data.workspace || (envelope.context && envelope.context.workspace) || "";
    const node = el("article", "workspace");
    node.dataset.workspace = path;
    const header = el("header");
    header.append(el("h2", null, data.name || path), el("span", "path", shortPath(path)));
    node.append(header);
    if (envelope.status !== "success") {
      node.append(unreadable(envelope.error || {}, "this workspace cannot be read"));
      return node;
    }
    for (const warning of data.warnings || []) node.append(el("p", "warning", "warning: " + warning));
    if (data.error) node.append(unreadable(data.error, "its named lists cannot be read"));
    const lists = data.lists || [];
    const old = new Map((((before && before.data) || {}).lists || []).map((list) => [list.list, list]));
    for (const list of lists) {
      node.append(listSection(list, before ? old.get(list.list) || { todos: [], revisions: [] } : null, lists.length > 1));
    }
    addActions(node, path, lists);
    if (data.lists_not_shown) {
      node.append(el("p", "not-shown", "… and " + data.lists_not_shown + " more list" + (data.lists_not_shown === 1 ? "" : "s") +
        " not shown here: `todos -l NAME show` shows one."));
    }
    return node;
  }

  function pathOf(envelope) {
    return (envelope.data && envelope.data.workspace) || (envelope.context && envelope.context.workspace) || "";
  }

  function updateTotals() {
    // A failure is never called done in words (SPEC §4): a finished item that resolves no
    // blocker (failed) is counted apart from the done ones.
    let lists = 0, open = 0, done = 0, failed = 0, unreadableCount = 0;
    for (const envelope of known.values()) {
      for (const list of (envelope.data && envelope.data.lists) || []) {
        lists += 1;
        if (list.error) { unreadableCount += 1; continue; }
        // A list cut to its first items (`not_shown`) is counted whole, from its stats.
        const stats = list.stats;
        const tally = (status, n) => {
          if (!status.terminal) open += n;
          else if (status.resolves) done += n;
          else failed += n;
        };
        if (stats && typeof stats.total === "number") {
          for (const status of statuses.values()) tally(status, stats[status.name] || 0);
        } else {
          for (const item of list.todos || []) tally(statusOf(item.status), 1);
        }
      }
      if (envelope.status !== "success") unreadableCount += 1;
    }
    const plural = (n, word) => n + " " + word + (n === 1 ? "" : "s");
    const parts = [plural(known.size, "workspace"), plural(lists, "list"), open + " open", done + " done"];
    if (failed) parts.push(failed + " failed");
    if (unreadableCount) parts.push(unreadableCount + " unreadable");
    totals.textContent = parts.join(" · ");
    document.title = (open ? open + " open · " : "") + "todos board";
  }

  function draw(envelope, mark) {
    const path = pathOf(envelope);
    const before = mark ? known.get(path) : null;
    const node = card(envelope, before || (mark ? { data: { lists: [] } } : null));
    const old = cards.get(path);
    const kept = keepTyping(old);
    if (old) old.replaceWith(node); else board.append(node);
    restoreTyping(node, kept);
    if (mark) {
      node.classList.add("changed");
      setTimeout(() => node.classList.remove("changed"), 3000);
    }
    cards.set(path, node);
    known.set(path, envelope);
  }

  // What the board says of itself: the workspaces it left out, a folder it no longer searches.
  function drawNotices(warnings) {
    notices.replaceChildren(...(warnings || []).map((warning) => el("p", "warning", "warning: " + warning)));
  }

  function drawBoard(state) {
    drawNotices(state.warnings);
    setActions(state.actions);
    statuses = new Map((state.statuses || []).map((info) => [info.name, info]));
    if (state.marks) marks = state.marks;
    home = state.home || "";
    const seen = new Set();
    for (const envelope of state.workspaces || []) {
      const path = pathOf(envelope);
      seen.add(path);
      // A reconnect redraws everything; only what differs from the page is marked.
      const before = known.get(path);
      const same = before && JSON.stringify(before) === JSON.stringify(envelope);
      draw(envelope, firstDrawn && !same);
    }
    for (const [path, node] of cards) {
      if (!seen.has(path)) { node.remove(); cards.delete(path); known.delete(path); }
    }
    // The server's order: workspaces sorted by path.
    for (const envelope of state.workspaces || []) board.append(cards.get(pathOf(envelope)));
    if (!(state.workspaces || []).length) {
      board.replaceChildren(el("p", "notice", "No workspace found: a folder holds a plan once `todos write` or `todos create` has run in it."));
    }
    firstDrawn = true;
    board.setAttribute("aria-busy", "false");
    updateTotals();
  }

  function setLink(state, text) {
    link.dataset.state = state;
    linkText.textContent = text;
  }

  function handle(name, data) {
    if (name === "board") {
      drawBoard(JSON.parse(data));
      setLink("live", "live");
    } else if (name === "workspace") {
      draw(JSON.parse(data), true);
      updateTotals();
    }
  }

  // Reads the event stream (`event:` and `data:` lines, a blank line after each event) until
  // it ends; "refused" when the board does not take the token.
  async function stream() {
    const response = await fetch("events", { headers: { [TOKEN_HEADER]: token }, cache: "no-store" });
    if (response.status === 403) return "refused";
    if (!response.ok || !response.body) throw new Error("HTTP " + response.status);
    setLink("live", "live");
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    let searched = 0;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return "ended";
      buffer += value;
      let end;
      // Only what arrived since is searched for the blank line: a large event costs its length.
      while ((end = buffer.indexOf("\n\n", Math.max(0, searched - 1))) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        searched = 0;
        let name = "message";
        const data = [];
        for (const line of block.split("\n")) {
          if (line.startsWith("event: ")) name = line.slice(7);
          else if (line.startsWith("data: ")) data.push(line.slice(6));
        }
        if (data.length) handle(name, data.join("\n"));
      }
      searched = buffer.length;
    }
  }

  // ---- What a person does from the page (SPEC §10). ----
  // Each button posts one action to the board, which makes the command line's own change
  // (`create`, `update`, `undo`) under the person's name; what the command said comes back,
  // and a refusal is shown in its words. The page redraws from the event stream as for any
  // change. With `todos board --read-only`, the board sends no `actions` and nothing is drawn.
  const ACT_PATH = "act";
  // {person} while the board takes actions; null when it is read-only.
  let actions = null;
  // "workspace\nlist" → what the last action on that list said: {refused, text}.
  const said = new Map();
  const busy = new Set();

  function setActions(given) {
    actions = given || null;
    const footer = document.querySelector("#bottom p");
    if (!footer) return;
    if (actions) {
      footer.textContent = "Changes made here are the command line's own, made as " +
        (actions.person || "(no name: set TODOS_OWNER)") +
        "; each list's history names the board and you. `todos board --read-only` shows the page without them.";
    }
  }

  // The buttons an item gets, by its status and owner: [action, label].
  function itemActions(item) {
    const info = statusOf(item.status);
    if (info.terminal) return [["reopen", "Reopen"]];
    const mine = actions && item.owner && item.owner === actions.person;
    const acts = [];
    if (item.status !== "in_progress") acts.push(["start", "Start"]);
    // Another owner's item is taken over on purpose, as `update --take` does: said so.
    if (item.owner && !mine) acts.push(["claim", "Take over"]);
    else if (!mine || item.status !== "in_progress") acts.push(["claim", "Claim"]);
    if (item.owner) acts.push(["let_go", "Let go"]);
    acts.push(["complete", "Complete"], ["cancel", "Cancel"], ["fail", "Fail"]);
    return acts;
  }

  function actButton(action, label, describe, send) {
    const button = el("button", "act act-" + action, label);
    button.type = "button";
    button.dataset.act = action;
    button.setAttribute("aria-label", label + " " + describe);
    button.addEventListener("click", () => send(button));
    return button;
  }

  // Adds the controls to each list of a workspace's card: buttons on each item, a field to
  // add an item, an undo, and what the last action said.
  function addActions(node, path, lists) {
    if (!actions) return;
    for (const list of lists) {
      const section = [...node.querySelectorAll("section.list")].find((s) => s.dataset.list === list.list);
      if (!section || list.error) continue;
      const key = path + "\n" + list.list;
      const byId = new Map((list.todos || []).map((item) => [item.id, item]));
      for (const row of section.querySelectorAll("li.item")) {
        const item = byId.get(row.dataset.item);
        if (!item) continue;
        const bar = el("span", "acts");
        for (const [action, label] of itemActions(item)) {
          bar.append(actButton(action, label, "item " + item.id, (button) =>
            act(key, { workspace: path, list: list.list, action, id: item.id }, button)));
        }
        row.append(bar);
      }
      const form = el("form", "list-acts");
      form.dataset.list = list.list;
      const field = el("input", "add-field");
      field.type = "text";
      field.name = "content";
      field.placeholder = "Add an item…";
      field.setAttribute("aria-label", "New item's text, for the list " + list.list);
      field.autocomplete = "off";
      const add = el("button", "act act-add", "Add");
      add.type = "submit";
      add.dataset.act = "add";
      form.addEventListener("submit", (event) => {
        event.preventDefault();
        if (!field.value.trim()) { field.focus(); return; }
        act(key, { workspace: path, list: list.list, action: "add", content: field.value }, add, field);
      });
      const undo = actButton("undo", "Undo last change", "on the list " + list.list, (button) =>
        act(key, { workspace: path, list: list.list, action: "undo", revision: list.revision }, button));
      // Nothing to undo yet: the button stays off, busy or not.
      if (!(list.revisions || []).length) undo.dataset.never = "1";
      undo.disabled = Boolean(undo.dataset.never);
      form.append(field, add, undo);
      const note = el("p", "said");
      note.setAttribute("role", "status");
      const last = said.get(key);
      if (last) {
        note.textContent = last.text;
        note.classList.add(last.refused ? "refused" : "done");
      }
      const revisions = section.querySelector(".revisions");
      section.insertBefore(form, revisions);
      section.insertBefore(note, revisions);
      markBusy(section, busy.has(key));
    }
  }

  // While one of its actions is under way, a list's buttons are off and it says it is busy:
  // a second click waits for the first to be answered.
  function markBusy(section, on) {
    section.toggleAttribute("data-busy", on);
    section.setAttribute("aria-busy", on ? "true" : "false");
    for (const button of section.querySelectorAll("button.act")) {
      button.disabled = on || Boolean(button.dataset.never);
    }
  }

  function sectionOf(key) {
    const [path, list] = key.split("\n");
    const card = cards.get(path);
    return card && [...card.querySelectorAll("section.list")].find((s) => s.dataset.list === list);
  }

  // Posts one action and shows what the command said; the page redraws from the stream.
  async function act(key, body, button, field) {
    if (busy.has(key)) return;
    busy.add(key);
    const before = sectionOf(key);
    if (before) markBusy(before, true);
    let shown;
    try {
      const response = await fetch(ACT_PATH, {
        method: "POST",
        headers: { [TOKEN_HEADER]: token, "content-type": "application/json" },
        body: JSON.stringify(body),
        cache: "no-store",
      });
      const type = response.headers.get("content-type") || "";
      if (type.startsWith("application/json")) {
        const answer = await response.json();
        const text = answer.refused ? answer.stderr : (answer.stderr || "Done.");
        shown = { refused: Boolean(answer.refused), text: text.trim() };
      } else {
        shown = { refused: true, text: (await response.text()).trim() };
      }
      if (!shown.refused && field) field.value = "";
    } catch (err) {
      shown = { refused: true, text: "The board could not be reached: " + err.message };
    }
    busy.delete(key);
    said.set(key, shown);
    // The card may have been redrawn meanwhile: the message goes to the list as it is now.
    const section = sectionOf(key);
    if (section) markBusy(section, false);
    const note = section && section.querySelector(".said");
    if (note) {
      note.textContent = shown.text;
      note.classList.toggle("refused", shown.refused);
      note.classList.toggle("done", !shown.refused);
      note.setAttribute("role", shown.refused ? "alert" : "status");
    }
    if (button.isConnected && document.activeElement === document.body) button.focus({ preventScroll: true });
  }

  // What a person was typing and where the focus was, kept across a redraw of a card.
  function keepTyping(old) {
    if (!old) return null;
    const typed = new Map();
    for (const form of old.querySelectorAll("form.list-acts")) {
      const field = form.querySelector(".add-field");
      if (field && field.value) typed.set(form.dataset.list, field.value);
    }
    const focus = document.activeElement;
    let focused = null;
    if (focus && old.contains(focus)) {
      const section = focus.closest("section.list");
      const row = focus.closest("li.item");
      focused = {
        list: section ? section.dataset.list : null,
        item: row ? row.dataset.item : null,
        act: focus.dataset.act || (focus.classList.contains("add-field") ? "field" : null),
        at: focus.selectionStart,
      };
    }
    return { typed, focused };
  }

  function restoreTyping(node, kept) {
    if (!kept) return;
    for (const form of node.querySelectorAll("form.list-acts")) {
      const value = kept.typed.get(form.dataset.list);
      if (value) form.querySelector(".add-field").value = value;
    }
    const want = kept.focused;
    if (!want || !want.list) return;
    const section = [...node.querySelectorAll("section.list")].find((s) => s.dataset.list === want.list);
    if (!section) return;
    let target = null;
    if (want.act === "field") target = section.querySelector(".add-field");
    else if (want.item) {
      const row = [...section.querySelectorAll("li.item")].find((r) => r.dataset.item === want.item);
      if (row) target = [...row.querySelectorAll("button")].find((b) => b.dataset.act === want.act) || row.querySelector("button");
    } else if (want.act) target = [...section.querySelectorAll("form button")].find((b) => b.dataset.act === want.act);
    if (!target) target = section.querySelector(".add-field");
    if (target) {
      target.focus({ preventScroll: true });
      if (want.act === "field" && typeof want.at === "number") target.setSelectionRange(want.at, want.at);
    }
  }

  function connect() {
    if (!token) {
      setLink("lost", "no token: open the address todos board printed, or the page it opened");
      board.setAttribute("aria-busy", "false");
      return;
    }
    const again = () => {
      setLink("connecting", "reconnecting…");
      setTimeout(connect, RETRY_MS);
    };
    stream().then((how) => {
      if (how === "refused") setLink("lost", "the board refused this page's token: open the address todos board printed");
      else again();
    }, again);
  }

  connect();
})();
