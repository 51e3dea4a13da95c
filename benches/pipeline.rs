//! In-process benchmarks: what `todos` does with a plan once it is running, at 10 to 100,000
//! items, next to the floor of parsing and pretty-writing the same JSON with `serde_json` alone.
//!
//! - `show/N`: load the store (read, decode, check) and render the checklist.
//! - `recap/N`: load the store and render the one-line recap.
//! - `write/N`: parse a snapshot (duplicate keys refused), validate it, give its items ids, encode
//!   the store as it is saved and render the checklist that is printed.
//! - `serde_floor_store/N` and `serde_floor_snapshot/N`: `serde_json::Value` from the same bytes
//!   and `to_vec_pretty` of it; the store's bytes for `show`, the snapshot's for `write`.
//!
//! Run with `cargo bench --bench pipeline`; `benches/cli.sh` runs it and checks the targets
//! (`show` and `write` ≤ 2× their floor at 10,000 items, time per item at 100,000 ≤ 1.5× that
//! at 10,000) from `target/criterion/*/N/new/estimates.json`.

// A test or a benchmark that cannot set up panics, as a failed test should: the crate-wide
// denial of unwrap/expect (Cargo.toml) is for the program.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::fmt::Write as _;
use std::hint::black_box;
use std::path::Path;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use serde_json::Value;
use todos::context::Palette;
use todos::input;
use todos::plan::list::{DEFAULT_STORE, ListName};
use todos::plan::model::{Item, Limits};
use todos::store::{Document, Store};
use todos::view::render;

const SIZES: [usize; 4] = [10, 1_000, 10_000, 100_000];

/// A snapshot as an agent sends it: a summary, then items of every status, one in progress
/// with its active form. Contents are distinct and within the default 60 characters.
fn snapshot_text(items: usize) -> String {
    let mut text = String::from(r#"{"summary": "Migrate every record of the archive", "todos": ["#);
    let started = items * 3 / 10;
    for i in 0..items {
        let status = match i {
            _ if i == started => "in_progress",
            _ if i < started && i % 7 == 6 => "cancelled",
            _ if i < started => "completed",
            _ => "pending",
        };
        let comma = if i + 1 < items { "," } else { "" };
        let _ = write!(
            text,
            "\n  {{\"content\": \"Migrate record {i} of the archive\", \"status\": \"{status}\""
        );
        if i == started {
            let _ = write!(text, ", \"activeForm\": \"Migrating record {i}\"");
        }
        let _ = write!(text, "}}{comma}");
    }
    text.push_str("\n]}\n");
    text
}

/// The default limits with room for `items` items, as `TODOS_MAX_ITEMS` would give.
fn limits(items: usize) -> Limits {
    Limits {
        max_items: items,
        ..Limits::default()
    }
}

/// Parse + validate + render of `write` into an empty store: the bytes saved and the text printed.
fn write_pipeline(text: &str, limits: &Limits) -> (Vec<u8>, String) {
    let value = todos::input::json::parse(text, "the snapshot").expect("the snapshot is JSON");
    let snapshot = input::snapshot(&value, limits).expect("the snapshot is valid");
    // Freed once checked, as `todos write` does unless `--json` must report it.
    drop(value);
    let mut document = Document {
        summary: snapshot.summary,
        ..Document::default()
    };
    let drafts = snapshot.items.unwrap_or_default();
    document.todos.reserve(drafts.len());
    for draft in drafts {
        let id = document.allocate_id().expect("ids left");
        document.todos.push(Item { id, ..draft.item });
    }
    let bytes = document.to_bytes().expect("the store encodes");
    let shown = render::checklist(
        document.summary.as_deref(),
        &document.todos,
        Palette::plain(),
    );
    (bytes, shown)
}

fn show_pipeline(store: &Store) -> String {
    let document = store.load().expect("the store loads");
    render::checklist(
        document.summary.as_deref(),
        &document.todos,
        Palette::plain(),
    )
}

fn recap_pipeline(store: &Store) -> String {
    render::recap(&store.load().expect("the store loads").todos)
}

fn serde_floor(bytes: &[u8]) -> Vec<u8> {
    let value: Value = serde_json::from_slice(bytes).expect("JSON");
    serde_json::to_vec_pretty(&value).expect("encodes")
}

/// Fewer samples for the large plans, so a run takes minutes, not hours.
fn sample_size(items: usize) -> usize {
    match items {
        0..=1_000 => 100,
        1_001..=10_000 => 30,
        _ => 10,
    }
}

fn pipelines(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let workspaces: Vec<(usize, String, Store)> = SIZES
        .iter()
        .map(|&items| {
            let workspace = dir.path().join(items.to_string());
            std::fs::create_dir(&workspace).expect("a workspace folder");
            let text = snapshot_text(items);
            let (bytes, _) = write_pipeline(&text, &limits(items));
            std::fs::write(workspace.join(DEFAULT_STORE), &bytes).expect("the store is written");
            (
                items,
                text,
                Store::new(Path::new(&workspace), &ListName::default_list()),
            )
        })
        .collect();

    let mut group = c.benchmark_group("show");
    for (items, _, store) in &workspaces {
        group.throughput(Throughput::Elements(*items as u64));
        group.sample_size(sample_size(*items));
        group.bench_with_input(BenchmarkId::from_parameter(items), store, |b, store| {
            b.iter(|| black_box(show_pipeline(store)));
        });
    }
    group.finish();

    let mut group = c.benchmark_group("recap");
    for (items, _, store) in &workspaces {
        group.throughput(Throughput::Elements(*items as u64));
        group.sample_size(sample_size(*items));
        group.bench_with_input(BenchmarkId::from_parameter(items), store, |b, store| {
            b.iter(|| black_box(recap_pipeline(store)));
        });
    }
    group.finish();

    let mut group = c.benchmark_group("write");
    for (items, text, _) in &workspaces {
        let limits = limits(*items);
        group.throughput(Throughput::Elements(*items as u64));
        group.sample_size(sample_size(*items));
        group.bench_with_input(BenchmarkId::from_parameter(items), text, |b, text| {
            b.iter(|| black_box(write_pipeline(text, &limits)));
        });
    }
    group.finish();

    let mut group = c.benchmark_group("serde_floor_store");
    for (items, _, store) in &workspaces {
        group.throughput(Throughput::Elements(*items as u64));
        group.sample_size(sample_size(*items));
        group.bench_with_input(BenchmarkId::from_parameter(items), store, |b, store| {
            b.iter(|| {
                let bytes = std::fs::read(store.path()).expect("the store reads");
                black_box(serde_floor(&bytes))
            });
        });
    }
    group.finish();

    let mut group = c.benchmark_group("serde_floor_snapshot");
    for (items, text, _) in &workspaces {
        group.throughput(Throughput::Elements(*items as u64));
        group.sample_size(sample_size(*items));
        group.bench_with_input(BenchmarkId::from_parameter(items), text, |b, text| {
            b.iter(|| black_box(serde_floor(text.as_bytes())));
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    targets = pipelines
}
criterion_main!(benches);
