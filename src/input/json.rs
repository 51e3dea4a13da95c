//! Reading untrusted JSON: a size cap, UTF-8 checked up front, duplicate keys refused.
//!
//! `serde_json::Value` keeps the last of two equal keys silently; for a tool that must not let
//! `{"status":"pending","status":"completed"}` pass, that is a lost edit, so objects are built here
//! by a visitor that refuses the second key and says where it stood.

use std::fmt;
use std::io::Read;

use serde::de::{self, DeserializeSeed, MapAccess, SeqAccess, Visitor};
use serde_json::map::Entry;
use serde_json::{Map, Value};

use crate::policy::cap::Cap;
use crate::policy::error::{Disk, Input, Result};

/// The most input `todos` reads from stdin, a file or an argument.
pub const MAX_INPUT_BYTES: usize = Cap::InputBytes.chars();

/// Reads at most `MAX_INPUT_BYTES`, failing (without reading the rest) when there is more.
pub fn read_limited(reader: impl Read, source: &str) -> Result<Vec<u8>> {
    read_limited_sized(reader, source, 0)
}

/// `read_limited` of a reader expected to hold about `size` bytes (a file's `fstat`): the
/// buffer is made that large (never more than the cap) before the first read.
pub fn read_limited_sized(reader: impl Read, source: &str, size: u64) -> Result<Vec<u8>> {
    let room = usize::try_from(size).map_or(MAX_INPUT_BYTES, |size| size.min(MAX_INPUT_BYTES));
    let mut bytes = Vec::with_capacity(room.saturating_add(1));
    let limit = u64::try_from(MAX_INPUT_BYTES).unwrap_or(u64::MAX) + 1;
    reader
        .take(limit)
        .read_to_end(&mut bytes)
        .map_err(|err| Disk::Read {
            source: source.to_owned(),
            why: err.to_string(),
        })?;
    check_size(bytes.len(), source)?;
    Ok(bytes)
}

pub fn check_size(len: usize, source: &str) -> Result<()> {
    if len > MAX_INPUT_BYTES {
        return Input::TooLarge {
            source: source.to_owned(),
        }
        .into();
    }
    Ok(())
}

/// Serialized JSON with every character that could drive a terminal or hide text written as a
/// `\uXXXX` escape: serde escapes only C0 controls, and DEL, C1 controls (U+009B starts a
/// terminal command as ESC [ does), bidi overrides, line separators and a byte-order mark would
/// reach a terminal or a log raw. They can only stand inside JSON strings, where the escape
/// reads back as the same character, so the document means exactly what it meant.
pub fn escape_unsafe(text: String) -> String {
    let unsafe_char = |c: char| c != '\n' && crate::policy::text::forbidden_char(c);
    if text.is_ascii() && !text.contains('\u{7f}') || !text.chars().any(unsafe_char) {
        return text;
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        if unsafe_char(c) {
            let _ = std::fmt::Write::write_fmt(&mut out, format_args!("\\u{:04x}", u32::from(c)));
        } else {
            out.push(c);
        }
    }
    out
}

/// Checks that `bytes` are UTF-8 and returns them as text.
pub fn utf8<'a>(bytes: &'a [u8], source: &str) -> Result<&'a str> {
    std::str::from_utf8(bytes).map_err(|err| {
        Input::NotUtf8 {
            source: source.to_owned(),
            offset: err.valid_up_to(),
        }
        .into()
    })
}

/// Parses JSON text, refusing duplicate keys and anything after the value.
pub fn parse(text: &str, source: &str) -> Result<Value> {
    let mut deserializer = serde_json::Deserializer::from_str(text);
    let value = Node { at: At::Root }
        .deserialize(&mut deserializer)
        .and_then(|value| deserializer.end().map(|()| value))
        .map_err(|err| Input::NotJson {
            source: source.to_owned(),
            why: err.to_string(),
        })?;
    Ok(value)
}

/// Where a value stands (`todos[1].status`), as a chain of borrowed steps back to the root.
/// It is spelled out only when a duplicate key is found: building a path string for every
/// value would cost an allocation per value, more than the value itself on a large plan.
#[derive(Clone, Copy)]
enum At<'a> {
    Root,
    Key(&'a At<'a>, &'a str),
    Index(&'a At<'a>, usize),
}

impl fmt::Display for At<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            At::Root => Ok(()),
            At::Key(At::Root, key) => f.write_str(key),
            At::Key(parent, key) => write!(f, "{parent}.{key}"),
            At::Index(parent, index) => write!(f, "{parent}[{index}]"),
        }
    }
}

/// A value being read at `at`, so a duplicate key can be named where it is.
struct Node<'a> {
    at: At<'a>,
}

impl<'de> DeserializeSeed<'de> for Node<'_> {
    type Value = Value;

    fn deserialize<D: de::Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Node<'_> {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_owned()))
    }

    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut values = Vec::new();
        while let Some(value) = seq.next_element_seed(Node {
            at: At::Index(&self.at, values.len()),
        })? {
            values.push(value);
        }
        Ok(Value::Array(values))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut object = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            let value = map.next_value_seed(Node {
                at: At::Key(&self.at, &key),
            })?;
            match object.entry(key) {
                Entry::Vacant(entry) => {
                    entry.insert(value);
                }
                Entry::Occupied(entry) => {
                    let place = match self.at {
                        At::Root => String::new(),
                        at => format!(" in {at}"),
                    };
                    return Err(de::Error::custom(format!(
                        "duplicate key \"{}\"{place}",
                        entry.key()
                    )));
                }
            }
        }
        Ok(Value::Object(object))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refuses_duplicate_keys_with_their_place() {
        let err = parse(r#"{"todos":[{"status":"a","status":"b"}]}"#, "stdin").unwrap_err();
        assert!(
            err.to_string()
                .contains(r#"duplicate key "status" in todos[0]"#),
            "{err}"
        );
    }

    #[test]
    fn refuses_trailing_text_and_deep_nesting() {
        assert!(parse("{} {}", "stdin").is_err());
        let deep = format!("{}{}", "[".repeat(10_000), "]".repeat(10_000));
        assert!(
            parse(&deep, "stdin")
                .unwrap_err()
                .to_string()
                .contains("recursion limit")
        );
    }

    #[test]
    fn keeps_key_order() {
        let value = parse(r#"{"b":1,"a":2}"#, "stdin").unwrap();
        let keys: Vec<&String> = value.as_object().unwrap().keys().collect();
        assert_eq!(keys, ["b", "a"]);
    }

    #[test]
    fn unsafe_characters_leave_as_json_escapes() {
        let value = serde_json::json!({"a": "x\u{9b}31m\u{202e}\u{2028}\u{7f}\u{1b}é\n"});
        let text = escape_unsafe(value.to_string());
        assert_eq!(text, r#"{"a":"x\u009b31m\u202e\u2028\u007f\u001bé\n"}"#);
        assert_eq!(serde_json::from_str::<Value>(&text).unwrap(), value);
    }

    #[test]
    fn caps_the_size() {
        let big = vec![b' '; MAX_INPUT_BYTES + 5];
        assert!(read_limited(big.as_slice(), "stdin").is_err());
        assert_eq!(read_limited(&b"{}"[..], "stdin").unwrap(), b"{}");
    }
}
