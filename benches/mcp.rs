//! In-process latency of an MCP tool call on a 10-item plan (the target: well under 1 ms per
//! `show`).
//!
//! - `mcp/engine/show` and `mcp/engine/recap`: the adapter alone, as the server calls it: a
//!   fresh context, the store read from disk, the envelope built.
//! - `mcp/protocol/show`: a whole `tools/call` JSON-RPC line through the server, on pipes in
//!   this process, until its answer line is read back: the reading thread, parsing, dispatch,
//!   the call and the encoding of text and structured content.
//! - `mcp/protocol/update`: the same for a change (lock, save with fsync), toggling one item.
//!
//! Run with `cargo bench --bench mcp`; the medians are in
//! `target/criterion/mcp_*/new/estimates.json`.

// A test or a benchmark that cannot set up panics, as a failed test should: the crate-wide
// denial of unwrap/expect (Cargo.toml) is for the program.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::hint::black_box;
use std::io::{BufRead, BufReader, PipeReader, PipeWriter, Write};
use std::path::Path;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use serde_json::{Map, Value, json};
use todos::cli::GlobalArgs;
use todos::mcp::{Engine, serve_io};

fn workspace() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    let todos: Vec<Value> = (1..=10)
        .map(|i| {
            let status = match i {
                1..=3 => "completed",
                4 => "in_progress",
                _ => "pending",
            };
            json!({"content": format!("Step {i} of the migration"), "status": status})
        })
        .collect();
    let global = global(dir.path());
    let engine = Engine::new(&global, &host(dir.path()));
    let mut arguments = Map::new();
    arguments.insert("summary".into(), json!("Migrate the archive"));
    arguments.insert("todos".into(), Value::Array(todos));
    let written = engine
        .call(None, "write", arguments)
        .expect("the write tool");
    assert!(!written.refused, "{}", written.envelope);
    dir
}

/// A host with no environment, in the workspace: nothing of the machine's user is read.
fn host(dir: &Path) -> todos::context::host::Host {
    todos::context::host::Host::in_memory(Vec::new(), dir.to_path_buf(), None, None).0
}

fn global(dir: &Path) -> GlobalArgs {
    GlobalArgs {
        workspace: Some(dir.to_path_buf()),
        list: None,
        json: false,
        color: None,
        quiet: false,
        lock_timeout: 10.0,
        offline: false,
    }
}

fn engine(c: &mut Criterion) {
    let dir = workspace();
    let engine = Engine::new(&global(dir.path()), &host(dir.path()));
    let mut group = c.benchmark_group("mcp_engine");
    for tool in ["show", "recap"] {
        group.bench_function(tool, |b| {
            b.iter(|| {
                let outcome = engine.call(None, tool, Map::new());
                black_box(outcome.map(|outcome| outcome.refused))
            });
        });
    }
    group.finish();
}

/// The client's ends of the two pipes to an in-process server.
struct Client {
    writer: PipeWriter,
    lines: BufReader<PipeReader>,
    next_id: u64,
}

impl Client {
    fn call(&mut self, tool: &str, arguments: &Value) -> Value {
        self.next_id += 1;
        let request = json!({
            "jsonrpc": "2.0", "id": self.next_id, "method": "tools/call",
            "params": {"name": tool, "arguments": arguments},
        });
        self.send(&request);
        self.line()
    }

    fn send(&mut self, message: &Value) {
        let mut line = message.to_string();
        line.push('\n');
        self.writer.write_all(line.as_bytes()).expect("write");
    }

    fn line(&mut self) -> Value {
        let mut line = String::new();
        self.lines.read_line(&mut line).expect("read");
        serde_json::from_str(&line).expect("JSON")
    }
}

fn protocol(c: &mut Criterion) {
    let dir = workspace();
    let mut client = start(dir.path());
    let mut group = c.benchmark_group("mcp_protocol");
    group.bench_function("show", |b| {
        b.iter(|| {
            let answer = client.call("show", &json!({}));
            assert_eq!(answer["result"]["isError"], false);
            black_box(answer)
        });
    });
    let mut done = false;
    group.bench_function("update", |b| {
        b.iter(|| {
            done = !done;
            let status = if done { "cancelled" } else { "pending" };
            let answer = client.call(
                "update",
                &json!({"id": "10", "status": status, "reopen": true}),
            );
            assert_eq!(answer["result"]["isError"], false, "{answer}");
            black_box(answer)
        });
    });
    group.finish();
}

fn start(dir: &Path) -> Client {
    let (server_reader, client_writer) = std::io::pipe().expect("pipe");
    let (client_reader, server_writer) = std::io::pipe().expect("pipe");
    let engine = Engine::new(&global(dir), &host(dir));
    std::thread::spawn(move || serve_io(engine, server_reader, server_writer));
    let mut client = Client {
        writer: client_writer,
        lines: BufReader::new(client_reader),
        next_id: 0,
    };
    client.send(
        &json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
            "protocolVersion": "2025-11-25", "capabilities": {},
            "clientInfo": {"name": "bench", "version": "1"},
        }}),
    );
    client.line();
    client.send(&json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
    client
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    targets = engine, protocol
}
criterion_main!(benches);
