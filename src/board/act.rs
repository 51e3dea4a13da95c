//! What a person does from the page (SPEC §10): on a list the board shows, add an item; start,
//! complete, cancel, fail or reopen one; claim it or let it go; undo the list's last change.
//!
//! Each action is the command line's own command, typed as the CLI parses it
//! (`cli::PlanCommand`, never a command line) and run by `commands::run` in this process with an
//! in-memory host, as the MCP server runs its tools: the same rules, transaction, lock, history
//! and remote. It acts under the person's name (`TODOS_OWNER` of the board's process, else the
//! user's), so owners are respected as they are for that person at a shell, and the history
//! names the board and the person after the command (`policy::via`). What the command says,
//! refusals included, goes back to the page in the command line's words.
//!
//! Nothing here knows HTTP's types: the server hands over what it read (the `Origin`, the
//! token header, the content type, the body, read within `BODY_BYTES`) and sends the reply back.
//! A change is taken only from the board's own page: its `Origin` must be the board's own
//! (`http://127.0.0.1:PORT` or `http://localhost:PORT`), it must carry the token in its
//! header, and be JSON, which no form of another page can send without the browser asking
//! first (a CORS preflight, which the board never grants).

use std::path::PathBuf;

use serde::Deserialize;
use serde_json::json;

use super::shared::Shared;
use crate::commands::create::CreateArgs;
use crate::commands::undo::UndoArgs;
use crate::commands::update::UpdateArgs;
use crate::commands::{Lazy, PlanCommand};
use crate::context::global::{ColorChoice, GlobalArgs};
use crate::context::host::Host;
use crate::policy::board::{HOSTS, USER_VARS};
use crate::policy::error::Http;
use crate::policy::settings::Variable;
use crate::policy::via::Via;

/// What the board's process gives every action: its variables, folder, config folder and
/// global options, and the name it acts under.
pub struct Acting {
    /// `TODOS_OWNER`, else the user's name; `None` when neither is set (every action is then
    /// refused, saying so).
    person: Option<String>,
    vars: Vec<(String, String)>,
    config_dir: Option<PathBuf>,
    lock_timeout: f64,
    offline: bool,
}

impl Acting {
    pub fn new(global: &GlobalArgs, host: &Host) -> Self {
        let set = |name: &str| host.var(name).filter(|value| !value.trim().is_empty());
        let person =
            set(Variable::Owner.name()).or_else(|| USER_VARS.iter().find_map(|name| set(name)));
        Self {
            person,
            vars: host.vars(),
            config_dir: host.config_dir(),
            lock_timeout: global.lock_timeout,
            offline: global.offline,
        }
    }

    /// The name the page's changes are made under, for the page to show.
    pub fn person(&self) -> Option<&str> {
        self.person.as_deref()
    }
}

/// What the server read of one `POST` to `ACT_PATH`.
pub struct Asked<'a> {
    pub origin: Option<&'a [u8]>,
    pub token: Option<&'a [u8]>,
    pub content_type: Option<&'a [u8]>,
    /// `None` when it did not arrive whole within the board's time, or was too long.
    pub body: Option<&'a [u8]>,
}

/// The answer, for the server to send as it is.
#[derive(Debug)]
pub struct ActReply {
    pub status: u16,
    pub content_type: &'static str,
    pub body: String,
}

/// One of the page's actions, as it posts it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Posted {
    workspace: PathBuf,
    list: String,
    action: Kind,
    #[serde(default)]
    id: Option<String>,
    #[serde(default)]
    content: Option<String>,
    /// The revision the page showed, for `undo`: the change it undoes is the one the person
    /// saw last, or none.
    #[serde(default)]
    revision: Option<u64>,
}

#[derive(Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
enum Kind {
    Add,
    Start,
    Complete,
    Cancel,
    Fail,
    Reopen,
    Claim,
    LetGo,
    Undo,
}

/// Answers one action: the checks that it came from the board's own page, then the command.
pub fn act(shared: &Shared, asked: &Asked<'_>) -> ActReply {
    let Some(acting) = shared.acting() else {
        return refused(405, Http::ReadOnly);
    };
    if !asked
        .origin
        .is_some_and(|origin| own_origin(origin, shared.port))
    {
        return refused(403, Http::ForeignOrigin);
    }
    if !asked
        .token
        .is_some_and(|token| super::http::same(token, shared.token.as_bytes()))
    {
        return refused(403, Http::NoToken);
    }
    if !asked.content_type.is_some_and(is_json) {
        return refused(415, Http::NotJson);
    }
    let Some(body) = asked.body else {
        return refused(400, Http::ActionUnread);
    };
    let Ok(action) = serde_json::from_slice::<Posted>(body) else {
        return refused(400, Http::NotAnAction);
    };
    let Some(command) = command_of(&action) else {
        return refused(400, Http::NotAnAction);
    };
    if !shared.shows(&action.workspace, &action.list) {
        return refused(404, Http::NotShown);
    }
    let Some(person) = acting.person.clone() else {
        return refused(409, Http::NoPerson);
    };
    // A panic in the command is a bug, but only this action's: the board goes on.
    let ran = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        run(acting, &person, &action, command)
    }));
    ran.unwrap_or_else(|_| refused(500, Http::Broke))
}

/// The command the CLI parses for `action`: `todos create TEXT`, `todos update ID STATUS`
/// (`--reopen`, `--take`, `--no-owner` as each needs), `todos undo`. `None` when a field the
/// action needs is missing, or one it does not take is given.
fn command_of(action: &Posted) -> Option<PlanCommand> {
    let update = |status: &str| {
        let id = action.id.clone()?;
        Some(UpdateArgs {
            id: Some(id),
            status: Some(status.to_owned()),
            content: None,
            description: None,
            priority: None,
            active_form: None,
            owner: None,
            no_owner: false,
            blocked_by: Vec::new(),
            unblock: Vec::new(),
            reopen: false,
            take: false,
            expect_revision: action.revision,
            help: None,
            status_after_text: None,
        })
    };
    let (takes_id, takes_content) = match action.action {
        Kind::Add => (false, true),
        Kind::Undo => (false, false),
        _ => (true, false),
    };
    if (action.id.is_some() && !takes_id) || (action.content.is_some() && !takes_content) {
        return None;
    }
    let command = match action.action {
        Kind::Add => PlanCommand::Create(Lazy(CreateArgs {
            contents: vec![action.content.clone()?],
            blocked_by: Vec::new(),
            owner: None,
            description: None,
            priority: None,
            expect_revision: action.revision,
            after_description: 0,
        })),
        Kind::Start => PlanCommand::Update(Lazy(update("in_progress")?)),
        Kind::Complete => PlanCommand::Update(Lazy(update("completed")?)),
        Kind::Cancel => PlanCommand::Update(Lazy(update("cancelled")?)),
        Kind::Fail => PlanCommand::Update(Lazy(update("failed")?)),
        Kind::Reopen => PlanCommand::Update(Lazy(UpdateArgs {
            reopen: true,
            ..update("pending")?
        })),
        // `update ID in_progress --take`: the item becomes the person's, in progress, with a
        // new lease, as `next --claim` makes the next ready one.
        Kind::Claim => PlanCommand::Update(Lazy(UpdateArgs {
            take: true,
            ..update("in_progress")?
        })),
        // `update ID pending --no-owner`: pending again, and no one's.
        Kind::LetGo => PlanCommand::Update(Lazy(UpdateArgs {
            no_owner: true,
            ..update("pending")?
        })),
        Kind::Undo => PlanCommand::Undo(Lazy(UndoArgs {
            to: None,
            expect_revision: action.revision,
            named: crate::commands::named::Named::Typed,
        })),
    };
    Some(command)
}

/// Runs the command in the workspace and list, as `todos -C WORKSPACE -l LIST --color never`
/// run there with `TODOS_OWNER` set to the person, and says what it said.
fn run(acting: &Acting, person: &str, action: &Posted, command: PlanCommand) -> ActReply {
    let global = GlobalArgs {
        workspace: Some(action.workspace.clone()),
        list: Some(action.list.clone()),
        json: false,
        color: Some(ColorChoice::Never),
        quiet: false,
        lock_timeout: acting.lock_timeout,
        offline: acting.offline,
    };
    let owner = Variable::Owner.name();
    let mut vars: Vec<(String, String)> = acting
        .vars
        .iter()
        .filter(|(name, _)| name != owner)
        .cloned()
        .collect();
    vars.push((owner.to_owned(), person.to_owned()));
    let (mut host, stdout, stderr) = Host::in_memory(
        vars,
        action.workspace.clone(),
        acting.config_dir.clone(),
        None,
    );
    host.via = Some(Via::Board {
        person: person.to_owned(),
    });
    let reply = crate::commands::run(&global, &mut host, command);
    let (code, exit) = match &reply.result {
        Ok(outcome) => (None, outcome.exit_code),
        Err(err) => (Some(err.kind.info().code), err.kind.info().exit_code),
    };
    let _ = crate::view::output::Output::new(&global, &host).print(&mut host, reply);
    let body = json!({
        "refused": code.is_some(),
        "code": code,
        "exit": exit,
        "stdout": stdout.text(),
        "stderr": stderr.text(),
    });
    ActReply {
        status: if code.is_some() { 409 } else { 200 },
        content_type: "application/json",
        body: body.to_string(),
    }
}

/// Whether `origin` is the board's own page: `http://127.0.0.1:PORT` or
/// `http://localhost:PORT`, exactly.
fn own_origin(origin: &[u8], port: u16) -> bool {
    let Ok(origin) = std::str::from_utf8(origin) else {
        return false;
    };
    let Some((host, given)) = origin
        .strip_prefix("http://")
        .and_then(|rest| rest.rsplit_once(':'))
    else {
        return false;
    };
    given.parse::<u16>().ok() == Some(port)
        && !given.starts_with('+')
        && HOSTS
            .iter()
            .any(|allowed| host.eq_ignore_ascii_case(allowed))
}

/// `application/json`, with or without parameters (`; charset=utf-8`).
fn is_json(content_type: &[u8]) -> bool {
    let kind = content_type
        .split(|byte| *byte == b';')
        .next()
        .unwrap_or_default();
    kind.trim_ascii().eq_ignore_ascii_case(b"application/json")
}

fn refused(status: u16, why: Http) -> ActReply {
    ActReply {
        status,
        content_type: "text/plain; charset=utf-8",
        body: why.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_boards_own_origin_is_its_page() {
        for own in [
            "http://127.0.0.1:4242",
            "http://localhost:4242",
            "http://LOCALHOST:4242",
        ] {
            assert!(own_origin(own.as_bytes(), 4242), "{own}");
        }
        for foreign in [
            "null",
            "",
            "http://127.0.0.1:4243",
            "http://127.0.0.1",
            "https://127.0.0.1:4242",
            "http://127.0.0.1:4242/",
            "http://127.0.0.1:+4242",
            "http://evil.example:4242",
            "http://127.0.0.1.evil.example:4242",
            "http://user@127.0.0.1:4242",
        ] {
            assert!(!own_origin(foreign.as_bytes(), 4242), "{foreign}");
        }
    }

    #[test]
    fn json_alone_is_an_action() {
        assert!(is_json(b"application/json"));
        assert!(is_json(b"Application/JSON; charset=utf-8"));
        for other in [
            &b"text/plain"[..],
            b"application/x-www-form-urlencoded",
            b"multipart/form-data; boundary=x",
            b"application/jsonx",
        ] {
            assert!(!is_json(other));
        }
    }

    fn action(json: &str) -> Option<PlanCommand> {
        command_of(&serde_json::from_str(json).unwrap())
    }

    #[test]
    fn each_action_is_the_command_line_s_command() {
        let Some(PlanCommand::Update(Lazy(args))) =
            action(r#"{"workspace": "/w", "list": "default", "action": "claim", "id": "2"}"#)
        else {
            panic!("claim is an update");
        };
        assert_eq!(args.id.as_deref(), Some("2"));
        assert_eq!(args.status.as_deref(), Some("in_progress"));
        assert!(args.take && !args.no_owner && !args.reopen);
        let Some(PlanCommand::Update(Lazy(args))) =
            action(r#"{"workspace": "/w", "list": "default", "action": "let_go", "id": "2"}"#)
        else {
            panic!("let go is an update");
        };
        assert_eq!(args.status.as_deref(), Some("pending"));
        assert!(args.no_owner && !args.take);
        let Some(PlanCommand::Undo(Lazy(args))) =
            action(r#"{"workspace": "/w", "list": "default", "action": "undo", "revision": 7}"#)
        else {
            panic!("undo is undo");
        };
        assert_eq!((args.to, args.expect_revision), (None, Some(7)));
        let Some(PlanCommand::Create(Lazy(args))) = action(
            r#"{"workspace": "/w", "list": "default", "action": "add", "content": "Write it"}"#,
        ) else {
            panic!("add is create");
        };
        assert_eq!(args.contents, ["Write it"]);
    }

    #[test]
    fn an_action_without_what_it_needs_or_with_what_it_does_not_take_is_none() {
        for json in [
            r#"{"workspace": "/w", "list": "default", "action": "complete"}"#,
            r#"{"workspace": "/w", "list": "default", "action": "add"}"#,
            r#"{"workspace": "/w", "list": "default", "action": "add", "content": "A", "id": "1"}"#,
            r#"{"workspace": "/w", "list": "default", "action": "undo", "id": "1"}"#,
            r#"{"workspace": "/w", "list": "default", "action": "start", "id": "1", "content": "A"}"#,
        ] {
            assert!(action(json).is_none(), "{json}");
        }
        for json in [
            r#"{"workspace": "/w", "list": "default", "action": "remove", "id": "1"}"#,
            r#"{"workspace": "/w", "list": "default", "action": "start", "id": "1", "owner": "x"}"#,
        ] {
            assert!(serde_json::from_str::<Posted>(json).is_err(), "{json}");
        }
    }
}
