use std::collections::{HashMap, HashSet};

use serde_json::{Value, json};

use crate::plan::claims::Actor;

mod args;
mod matching;

use crate::commands::lazy::Summary;
use crate::commands::named::Named;
use crate::commands::source;
use crate::commands::transaction;
use crate::commands::with_statuses;
use crate::commands::{ListUse, Run};
use crate::context::Context;
use crate::context::host::{Host, Stdin};
use crate::input::{self, Draft, Snapshot, fence};
use crate::plan::dependencies;
use crate::plan::model::{self, Item, Limits};
use crate::policy::error::{
    At, Caller, Error, Hint, Path, Problem, Refused, Result, StdinCommand, Warning,
};
use crate::policy::sentences;
use crate::store::Document;
use crate::view::outcome::Outcome;
use args::todo_flag;
use clap::{Args, ValueHint};
use clap_complete::ArgValueCandidates;
use matching::{match_ids, merged, replaced};
use std::path::PathBuf;

const STDIN_HINT: Hint = Hint::Stdin(StdinCommand::Write);

pub struct Request {
    args: WriteArgs,
    /// Whose name the change is made under (`TODOS_OWNER`): another owner's item is refused.
    actor: Option<Actor>,
    /// The snapshot as JSON; `None` for the args form (`-t`) and for `--summary` alone.
    input: Option<Value>,
    /// How a refusal names the claim and the lease: the flags, or a tool call's arguments.
    named: Named,
}

/// Reads the snapshot from wherever it was given.
pub fn read(host: &mut Host, args: WriteArgs) -> Result<Request> {
    let input = input_value(host, &args)?;
    let actor = super::actor(host)?;
    Ok(Request {
        args,
        actor,
        input,
        named: Named::Typed,
    })
}

#[cfg(feature = "mcp")]
impl Request {
    /// The request of a snapshot already parsed (the MCP server's `write` tool): as
    /// `todos write` reads it from stdin, with no command line and no stdin.
    pub fn of_input(
        host: &Host,
        input: Value,
        expect_revision: Option<u64>,
        named: Named,
    ) -> Result<Self> {
        Ok(Self {
            args: WriteArgs {
                snapshot: None,
                file: None,
                summary: None,
                todos: Vec::new(),
                expect_revision,
                new_session: false,
            },
            actor: super::actor(host)?,
            input: Some(input),
            named,
        })
    }
}

/// Replaces the whole list with the snapshot.
pub fn execute(ctx: &Context, host: &mut Host, request: Request) -> Result<Outcome> {
    let limits = ctx.config.limits;
    let Request {
        args,
        actor,
        input,
        named,
    } = request;
    let in_words = |err: Error| {
        if args.todos.is_empty() {
            err
        } else {
            err.renamed(|problem| todo_flag(&problem.path))
        }
    };
    let mut snapshot = match &input {
        None if !args.todos.is_empty() => {
            let (snapshot, problems) = args::snapshot(&args, &limits);
            Error::if_any(problems)?;
            snapshot
        }
        Some(value) => {
            let (snapshot, mut problems) =
                input::snapshot_and_problems(value, &limits).map_err(in_words)?;
            if !problems.is_empty() {
                let given = input::given_ids(value, &snapshot.list_path);
                let blockers = input::given_blockers(value, &snapshot.list_path);
                problems.extend(dependency_problems(ctx, snapshot, &given, &blockers));
                return Err(in_words(Error::problems(problems)));
            }
            snapshot
        }
        None => Snapshot::default(),
    };
    // Checked and copied out: the parsed JSON is not needed while the store is changed.
    drop(input);
    if let Some(text) = &args.summary {
        // `--summary ""` clears the summary on purpose (SPEC §3).
        let mut problems = Vec::new();
        snapshot.summary = input::summary(text, &At::Typed("--summary"), &limits, &mut problems);
        snapshot.clear_summary = text.trim().is_empty();
        Error::if_any(problems)?;
    }
    transaction::change(
        ctx,
        host,
        "write",
        args.expect_revision,
        args.new_session,
        |document| {
            let before = document.todos.clone();
            let warnings = apply(document, snapshot.clone(), &limits)?;
            super::owner::hold(
                ctx,
                named,
                &before,
                &mut document.todos,
                actor.as_ref(),
                None,
                None,
            )?;
            Ok(warnings)
        },
    )
    .map(Outcome::changed)
    .map_err(in_words)
}

/// The dependency problems of a snapshot refused for other problems, against the stored plan as
/// it is now (read without the lock: the refusal changes nothing either way). A `blocked_by`
/// naming an item the snapshot gives an id to (`given`), one with problems included, is no
/// problem of its own. A blocker of an item refused for other problems (`blockers`, every one
/// as given) that names neither an item of the snapshot nor a stored one is a problem too.
fn dependency_problems(
    ctx: &Context,
    snapshot: Snapshot,
    given: &[String],
    blockers: &[(Path, String)],
) -> Vec<Problem> {
    let Some(mut drafts) = snapshot.items else {
        return Vec::new();
    };
    let Ok(mut document) = crate::store::Store::new(&ctx.workspace, &ctx.list).load() else {
        return Vec::new();
    };
    let old = std::mem::take(&mut document.todos);
    let mut problems: Vec<Problem> = blockers
        .iter()
        .filter(|(_, id)| !given.contains(id) && !old.iter().any(|item| item.id == *id))
        .map(|(path, id)| Problem::new(path.clone(), Refused::NoSuchBlocker { value: id.clone() }))
        .collect();
    let matches = match_ids(&old, &drafts);
    let mut ids = Vec::with_capacity(drafts.len());
    for index in &matches {
        match index {
            Some(index) => ids.push(old[*index].id.clone()),
            None => match document.allocate_id() {
                Ok(id) => ids.push(id),
                Err(_) => return problems,
            },
        }
    }
    if let Err(err) = resolve_dependencies(&mut drafts, &ids, &old, &matches, snapshot.merge, given)
    {
        for problem in err.problems {
            if let Some(same) = problems.iter_mut().find(|seen| seen.path == problem.path) {
                *same = problem;
            } else {
                problems.push(problem);
            }
        }
    }
    problems
}

/// The snapshot as JSON, from wherever it was given; `None` for `--summary` alone.
fn input_value(host: &mut Host, args: &WriteArgs) -> Result<Option<Value>> {
    let text = match (&args.snapshot, &args.file) {
        (Some(dash), _) if dash == "-" => source::stdin(host, STDIN_HINT)?,
        (Some(text), _) => {
            crate::input::json::check_size(text.len(), "the snapshot argument")?;
            text.clone()
        }
        (None, Some(path)) => source::file(path)?,
        (None, None) if !args.todos.is_empty() => return Ok(None),
        // `--summary` alone changes only the summary, unless a snapshot is piped in with it.
        (None, None) if args.summary.is_some() => match host.stdin_kind() {
            // A stdin left open and silent is no input: never a hang.
            Stdin::Data => {
                let bytes = host.read_stdin_within(crate::context::host::STDIN_GRACE)?;
                let text = crate::input::json::utf8(&bytes, "stdin")?;
                if text.trim().is_empty() {
                    return Ok(None);
                }
                text.to_owned()
            }
            Stdin::Terminal | Stdin::Device => return Ok(None),
        },
        (None, None) => source::stdin(host, STDIN_HINT)?,
    };
    let source = match (&args.snapshot, &args.file) {
        (Some(dash), _) if dash != "-" => "the snapshot argument".to_owned(),
        (_, Some(path)) => path.display().to_string(),
        _ => "stdin".to_owned(),
    };
    let text = fence::payload(&text);
    // A Markdown checklist as plain text is Roo Code's list outside its JSON string: read as
    // that shape, so one validator sees every input.
    // `show --format markdown` read back: its heading is the summary (SPEC §4).
    if input::checklist::looks_like(text) {
        let (summary, body) = input::checklist::document(text);
        let mut value = json!({"todos": body});
        if let Some(summary) = summary {
            value["summary"] = json!(summary);
        }
        return Ok(Some(value));
    }
    crate::input::json::parse(text, &source).map(Some)
}

/// Applies a validated snapshot to the stored plan: ids are kept by a matching input id, then
/// by equal content; every open item the snapshot drops is named in a warning, and so is every
/// kept item it moves from a finished status back to an open one. With `merge` (Cursor), the
/// items the snapshot does not name are kept as they are, and its new items are appended.
/// Dependencies are resolved to the ids the items end up with (SPEC §3a).
fn apply(document: &mut Document, snapshot: Snapshot, limits: &Limits) -> Result<Vec<Warning>> {
    let mut warnings = Vec::new();
    document.note = snapshot.note;
    let summary_given = snapshot.summary.is_some() || snapshot.clear_summary;
    if summary_given {
        document.summary = snapshot.summary;
    }
    let list_path = snapshot.list_path;
    let Some(mut drafts) = snapshot.items else {
        return Ok(warnings);
    };
    let old = std::mem::take(&mut document.todos);
    let matches = match_ids(&old, &drafts);
    // A plan has a beginning (SPEC §3): a snapshot that keeps none of the stored items is a
    // new task, and the summary of the one before does not carry over to it; an empty list
    // clears the plan and its summary alike. The snapshot's own summary, if any, is set above.
    let new_plan = !snapshot.merge
        && (drafts.is_empty() || (!old.is_empty() && matches.iter().all(Option::is_none)));
    if new_plan && !summary_given {
        document.summary = None;
    }
    if document.summary.is_none()
        && !summary_given
        && !drafts.is_empty()
        && (old.is_empty() || new_plan)
    {
        // Said once, when a plan without a summary is first written: Claude Code's and Gemini
        // CLI's shapes carry none, and a warning on every later write would be noise.
        warnings.push(Warning::NoSummary {
            caller: Caller::CommandLine,
        });
    }
    // Every draft's final id first: a dependency may name an item further down the snapshot.
    let mut ids = Vec::with_capacity(drafts.len());
    for index in &matches {
        ids.push(match index {
            Some(index) => old[*index].id.clone(),
            None => document.allocate_id()?,
        });
    }
    resolve_dependencies(&mut drafts, &ids, &old, &matches, snapshot.merge, &[])?;
    // Each draft as an item, in the snapshot's order, with the stored item it keeps (if any).
    let mut given: Vec<(Option<usize>, Item)> = Vec::with_capacity(drafts.len());
    let mut paths: HashMap<String, Path> = HashMap::new();
    for ((mut draft, index), id) in drafts.into_iter().zip(matches).zip(ids) {
        if let Some(index) = index {
            let before = &old[index];
            draft.left_out.keep(&mut draft.item, before);
            if before.status.is_terminal() && !draft.item.status.is_terminal() {
                warnings.push(Warning::Reopened {
                    id: before.id.clone(),
                    content: before.content.clone(),
                    from: before.status,
                    to: draft.item.status,
                });
            }
        }
        if !draft.item.blocked_by.is_empty() {
            paths.insert(id.clone(), draft.blocked_by_path);
        }
        given.push((index, Item { id, ..draft.item }));
    }
    document.todos = if snapshot.merge {
        merged(&old, given)
    } else {
        replaced(&old, given, &mut warnings)
    };
    // The snapshot alone was checked; with the owners and items it keeps, the plan must fit
    // too (a kept owner the snapshot left out counts).
    let mut problems = Vec::new();
    model::check_list(
        &model::slots(&document.todos),
        &list_path,
        limits,
        &mut problems,
    );
    Error::if_any(problems)?;
    if let Some(cycle) = dependencies::cycle(&document.todos) {
        // Placed at the first dependency on the cycle that the snapshot gave.
        let todos = &document.todos;
        let placed = (0..cycle.len()).find_map(|n| {
            let item = &todos[cycle[n]];
            let path = paths.get(&item.id)?;
            let next = &todos[cycle[(n + 1) % cycle.len()]].id;
            let at = item.blocked_by.iter().position(|id| id == next)?;
            Some(path.clone().index(at))
        });
        let path = placed.unwrap_or_else(|| Path::field("todos"));
        return Err(Error::problems(vec![Problem::new(
            path,
            Refused::MakesCycle {
                described: dependencies::describe_cycle(&document.todos, &cycle),
            },
        )]));
    }
    warnings.extend(dependencies::started_early(&old, &document.todos));
    Ok(warnings)
}

/// Turns each given `blocked_by` value into the id todos gave the item it names: first an item
/// of the same snapshot by the id the snapshot gave it, then a stored item the snapshot keeps.
/// Anything else (an unknown id, the item itself) is refused at its path, all at once.
fn resolve_dependencies(
    drafts: &mut [Draft],
    ids: &[String],
    old: &[Item],
    matches: &[Option<usize>],
    merge: bool,
    given: &[String],
) -> Result<()> {
    // A snapshot that names no dependency has none to resolve: a plan without them pays
    // nothing for them (the write benchmark at 10,000 items).
    if drafts.iter().all(|draft| draft.item.blocked_by.is_empty()) {
        return Ok(());
    }
    let mut own: HashMap<&str, &str> = HashMap::new();
    for (draft, id) in drafts.iter().zip(ids) {
        if let Some(requested) = draft.requested_id.as_deref() {
            own.entry(requested).or_insert(id.as_str());
        }
    }
    // Ids of items refused for problems of their own: known, but with no id of todos yet.
    for requested in given {
        own.entry(requested.as_str()).or_insert("");
    }
    let mut kept: HashSet<&str> = ids.iter().map(String::as_str).collect();
    if merge {
        kept.extend(old.iter().map(|item| item.id.as_str()));
    }
    let mut problems = Vec::new();
    let mut resolved: Vec<Vec<String>> = Vec::with_capacity(drafts.len());
    for (draft, id) in drafts.iter().zip(ids) {
        let mut list: Vec<String> = Vec::with_capacity(draft.item.blocked_by.len());
        let mut seen: HashSet<&str> = HashSet::new();
        if draft.left_out.blocked_by {
            resolved.push(list);
            continue;
        }
        for (at, value) in draft.item.blocked_by.iter().enumerate() {
            let path = draft.blocked_by_path.clone().index(at);
            let target = own
                .get(value.as_str())
                .copied()
                .or_else(|| kept.contains(value.as_str()).then_some(value.as_str()));
            match target {
                Some("") => {}
                Some(target) if target == id => problems.push(Problem::new(
                    path,
                    Refused::WaitsOnItself { id: value.clone() },
                )),
                Some(target) => {
                    if seen.insert(target) {
                        list.push(target.to_owned());
                    }
                }
                None => problems.push(unknown_blocker(value, &path, drafts, old, matches, merge)),
            }
        }
        resolved.push(list);
    }
    Error::if_any(problems)?;
    for (draft, list) in drafts.iter_mut().zip(resolved) {
        if !draft.left_out.blocked_by {
            draft.item.blocked_by = list;
        }
    }
    Ok(())
}

/// The problem of a dependency that names no item: what it may name instead.
fn unknown_blocker(
    value: &str,
    path: &Path,
    drafts: &[Draft],
    old: &[Item],
    matches: &[Option<usize>],
    merge: bool,
) -> Problem {
    let dropped = !merge
        && old
            .iter()
            .enumerate()
            .any(|(index, item)| item.id == value && !matches.contains(&Some(index)));
    let own = drafts
        .iter()
        .filter_map(|draft| draft.requested_id.clone())
        .take(20)
        .collect();
    Problem::new(
        path.clone(),
        Refused::UnknownBlocker {
            value: value.to_owned(),
            dropped,
            own,
            caller: Caller::CommandLine,
        },
    )
}

/// Replace the whole list with a snapshot.
///
/// The snapshot is JSON from the argument, `-` or piped stdin, or `--file`; or it is built
/// from `--summary` and `-t STATUS:CONTENT` flags. What the snapshot leaves out is gone (a
/// warning names each open item dropped). Items keep their ids when the snapshot names the
/// same id or the same content. Accepted shapes: TodoWrite / Claude Code / OpenCode / Amp /
/// Qwen `{"summary", "todos"}`, Kimi `{"todos": [{"title", "status"}]}`, WeKnora `{"task",
/// "steps"}`, Codex `{"explanation", "plan": [{"step", "status"}]}`, Gemini `{"todos":
/// [{"description"}]}`, Cursor `{"merge": true, "todos"}` (changes only the items it names),
/// VS Code `{"operation": "write", "todoList"}` (`"read"` only prints), Roo Code's Markdown
/// checklist (`{"todos": "[x] A\n[-] B\n[ ] C"}`, or the lines themselves on stdin), a bare
/// array of items, and any of them in a ```json fence. A list that is absent or null changes
/// only the summary. An item's `blocked_by` names the items it waits on, by the ids the
/// snapshot gave them or by todos' own ids; a kept item's `owner`, `blocked_by` and other
/// optional fields that the snapshot leaves out keep their stored values (null clears them).
// The doc comments are help text users read: backticks would show up literally.
#[allow(clippy::doc_markdown)]
#[derive(Debug, Args)]
#[command(after_help = with_statuses("Examples:\n  \
    todos write --summary \"Fix login\" -t completed:\"Reproduce\" -t in_progress:\"Patch the check\"\n  \
    todos write --file examples/plan.json\n  \
    echo '{\"summary\":\"Ship\",\"todos\":[{\"content\":\"Tag\",\"status\":\"pending\"}]}' | todos write"))]
pub struct WriteArgs {
    /// The snapshot as JSON text, or `-` to read it from stdin.
    #[arg(value_name = "SNAPSHOT_JSON", conflicts_with = "file")]
    pub snapshot: Option<String>,

    /// Read the snapshot from a file.
    #[arg(long, value_name = "PATH", value_hint = ValueHint::FilePath)]
    pub file: Option<PathBuf>,

    /// The one line saying what the whole plan is for. It overrides the snapshot's; given
    /// alone (nothing piped in, no -t), it changes only the summary; "" clears it.
    #[arg(long, value_name = "TEXT")]
    pub summary: Option<String>,

    /// An item as STATUS:CONTENT (statuses below), e.g. `-t in_progress:"Patch the check"`, or
    /// CONTENT alone for a pending item (`-t "Fix bug: null deref"`); repeat in order.
    #[arg(short = 't', long = "todo", value_name = "STATUS:CONTENT", conflicts_with_all = ["snapshot", "file"],
          add = ArgValueCandidates::new(crate::agents::candidates::status_prefixes))]
    pub todos: Vec<String>,

    #[arg(long, value_name = "N", help = sentences::expect_revision_help())]
    pub expect_revision: Option<u64>,

    /// Start a new session: the next finished plan goes to a new completion log.
    #[arg(long)]
    pub new_session: bool,
}

impl Summary for WriteArgs {
    const SUMMARY: &str = "Replace the whole list with a snapshot";
}

impl Run for WriteArgs {
    type Request = Request;

    fn read(self, _ctx: &Context, host: &mut Host) -> Result<Request> {
        read(host, self)
    }

    fn execute(ctx: &Context, host: &mut Host, request: Request) -> Result<Outcome> {
        execute(ctx, host, request)
    }

    fn list_use(_request: &Request) -> ListUse {
        ListUse::Makes
    }

    fn params_input(request: &Request) -> Option<Value> {
        match &request.input {
            None if !request.args.todos.is_empty() => Some(args::params(&request.args)),
            input => input.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::model::Status;

    fn apply_ok(document: &mut Document, snapshot: Snapshot) -> Vec<String> {
        let warnings = apply(document, snapshot, &Limits::default()).expect("ids left");
        warnings.iter().map(ToString::to_string).collect()
    }

    fn draft(id: Option<&str>, content: &str) -> Draft {
        Draft {
            left_out: crate::input::LeftOut::default(),
            requested_id: id.map(str::to_owned),
            item: Item::new(content, Status::Pending),
            blocked_by_path: Path::field("todos").index(0).key("blocked_by"),
        }
    }

    fn stored(contents: &[&str]) -> Document {
        let mut document = Document::default();
        let drafts = contents.iter().map(|c| draft(None, c)).collect();
        apply_ok(
            &mut document,
            Snapshot {
                summary: Some("S".into()),
                clear_summary: false,
                items: Some(drafts),
                merge: false,
                list_path: Path::field("todos"),
                note: None,
            },
        );
        document
    }

    /// A snapshot of `items`, without a summary.
    fn plan(items: Vec<Draft>) -> Snapshot {
        Snapshot {
            summary: None,
            clear_summary: false,
            items: Some(items),
            merge: false,
            list_path: Path::field("todos"),
            note: None,
        }
    }

    #[test]
    fn resending_a_list_keeps_every_id() {
        let mut document = stored(&["a", "b", "c"]);
        let drafts = vec![
            draft(Some("9"), "c"),
            draft(Some("1"), "renamed a"),
            draft(None, "b"),
            draft(None, "new"),
        ];
        let warnings = apply_ok(
            &mut document,
            Snapshot {
                summary: None,
                clear_summary: false,
                items: Some(drafts),
                merge: false,
                list_path: Path::field("todos"),
                note: None,
            },
        );
        let ids: Vec<&str> = document.todos.iter().map(|item| item.id.as_str()).collect();
        assert_eq!(ids, ["3", "1", "2", "4"]);
        assert!(warnings.is_empty(), "{warnings:?}");
    }

    #[test]
    fn dropping_an_open_item_warns_by_name() {
        let mut document = stored(&["a", "b"]);
        let warnings = apply_ok(&mut document, plan(vec![draft(None, "a")]));
        assert_eq!(warnings.len(), 1);
        assert!(
            warnings[0].contains("dropped open item 2 \"b\" (pending)"),
            "{warnings:?}"
        );
        // Ids never go back: a later item does not reuse 2.
        apply_ok(
            &mut document,
            plan(vec![draft(None, "a"), draft(None, "c")]),
        );
        assert_eq!(document.todos[1].id, "3");
    }

    #[test]
    fn duplicate_contents_each_keep_their_own_id() {
        let mut document = stored(&["same", "same"]);
        apply_ok(
            &mut document,
            plan(vec![draft(None, "same"), draft(None, "same")]),
        );
        let ids: Vec<&str> = document.todos.iter().map(|item| item.id.as_str()).collect();
        assert_eq!(ids, ["1", "2"]);
    }

    #[test]
    fn no_summary_anywhere_warns() {
        let mut document = Document::default();
        let warnings = apply_ok(&mut document, plan(vec![draft(None, "a")]));
        assert!(warnings[0].contains("no summary"));
    }
}
