//! Feeds arbitrary bytes to every input parser `todos` has: the strict JSON reader, the
//! snapshot shapes of `write`, the item lists of `create` and the requests of `update`.
//! Any panic is a bug; errors are the expected answer to most inputs.

#![no_main]

use libfuzzer_sys::fuzz_target;
use todos::plan::model::Limits;

fuzz_target!(|bytes: &[u8]| {
    let limits = Limits::default();
    if todos::input::json::check_size(bytes.len(), "fuzz").is_err() {
        return;
    }
    let Ok(text) = todos::input::json::utf8(bytes, "fuzz") else { return };
    let _ = todos::input::new_items(text, &limits);
    if let Ok(value) = todos::input::json::parse(text, "fuzz") {
        if let Ok(snapshot) = todos::input::snapshot(&value, &limits) {
            let items: Vec<_> = snapshot.items.unwrap_or_default().into_iter().map(|draft| draft.item).collect();
            let recap = todos::view::render::recap(&items);
            assert!(recap.chars().count() <= todos::view::render::RECAP_MAX_CHARS);
            let _ = todos::view::render::checklist(snapshot.summary.as_deref(), &items, todos::context::Palette::plain());
        }
        let _ = todos::input::item_change(&value, &limits);
    }
});
