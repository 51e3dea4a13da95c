//! The client's roots as a folder: the first `file://` root, percent-decoded.

use std::path::PathBuf;

use serde_json::Value;

/// The folder of the first root that is a local `file://` URI, in a `roots/list` result
/// (`{"roots": [{"uri": …, "name": …}, …]}`).
pub fn first(result: &Value) -> Option<PathBuf> {
    result
        .get("roots")?
        .as_array()?
        .iter()
        .filter_map(|root| root.get("uri").and_then(Value::as_str))
        .find_map(folder)
}

/// `file:///home/me/my%20project` → `/home/me/my project`. Another scheme or a remote host is
/// not a folder here.
pub fn folder(uri: &str) -> Option<PathBuf> {
    let rest = uri.strip_prefix("file://")?;
    let path = rest.strip_prefix("localhost").unwrap_or(rest);
    if !path.starts_with('/') {
        return None;
    }
    let bytes = percent_decode(path)?;
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStringExt;
        Some(PathBuf::from(std::ffi::OsString::from_vec(bytes)))
    }
    #[cfg(not(unix))]
    {
        // `file:///C:/work` names `C:/work`.
        let text = String::from_utf8(bytes).ok()?;
        let text = text
            .strip_prefix('/')
            .filter(|t| t.get(1..2) == Some(":"))
            .unwrap_or(&text);
        Some(PathBuf::from(text))
    }
}

fn percent_decode(text: &str) -> Option<Vec<u8>> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut index = 0;
    while let Some(&byte) = bytes.get(index) {
        if byte == b'%' {
            let hex = text.get(index + 1..index + 3)?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            index += 3;
        } else {
            out.push(byte);
            index += 1;
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_uris_become_folders() {
        assert_eq!(
            folder("file:///home/me/my%20project"),
            Some(PathBuf::from("/home/me/my project"))
        );
        assert_eq!(
            folder("file://localhost/srv/x"),
            Some(PathBuf::from("/srv/x"))
        );
        for other in [
            "https://example.com/x",
            "file://host/x",
            "file:///bad%zz",
            "file:///x%2",
        ] {
            assert_eq!(folder(other), None, "{other}");
        }
    }
}
