//! The three objects of a change through a remote (the plan, its tree, its commit), written as
//! git's own loose objects by `todos` itself: a change then starts no git but its fetch and its
//! push, the floor SPEC §11 measures it against (`hash-object`, `mktree` and `commit-tree` were
//! three more processes; `fast-import` is one more and a pack it unpacks with another).
//!
//! Only where git would find them so: the repository's objects in `objects/` of its common git
//! folder, with nothing in the environment moving them (`GIT_DIR`, `GIT_COMMON_DIR`,
//! `GIT_OBJECT_DIRECTORY`), a hash git names by `extensions.objectFormat` (SHA-1 or SHA-256), no
//! second hash kept beside it (`extensions.compatObjectFormat`) and no shared permissions to
//! honour (`core.sharedRepository`). Anything else, or any failure to write, and the caller
//! asks git's plumbing instead. Each object is written whole or not at all, under its name only
//! if none has it (`disk::create_object`: unsynced, as git leaves its own), inside the git folder (`disk::folder`), its bytes
//! zlib's stored blocks: git reads any zlib stream, and a plan is small.

use std::path::{Path, PathBuf};

use sha1::Digest as _;

use crate::store::disk::{self, Links};

/// The hash a repository names its objects by.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Format {
    Sha1,
    Sha256,
}

/// Where a repository keeps its loose objects, and how it names them.
#[derive(Debug)]
pub struct Objects {
    /// The common git folder, links resolved: nothing is written outside it.
    root: PathBuf,
    format: Format,
}

/// The variables that move a repository's objects away from `objects/` of its git folder.
const MOVED_BY: [&str; 3] = ["GIT_DIR", "GIT_COMMON_DIR", "GIT_OBJECT_DIRECTORY"];

impl Objects {
    /// The objects of the repository whose common git folder is `common`, when `todos` may
    /// write them itself; `vars`: the environment git would run with.
    pub fn open<'v>(
        common: &Path,
        mut vars: impl Iterator<Item = (&'v str, &'v str)>,
    ) -> Option<Self> {
        if vars.any(|(name, _)| MOVED_BY.contains(&name)) {
            return None;
        }
        let bytes = disk::read(
            &common.join("config"),
            Links::Refuse,
            disk::Cap::Bytes(crate::policy::cap::Cap::InputBytes.value()),
        )
        .ok()??;
        let config = String::from_utf8(bytes).ok()?;
        let setting =
            |section: &str, key: &str| crate::store::git_config::value(&config, section, key);
        if setting("extensions", "compatObjectFormat").is_some()
            || setting("core", "sharedRepository").is_some()
        {
            return None;
        }
        let format = match setting("extensions", "objectFormat") {
            None => Format::Sha1,
            Some(name) if name.text().eq_ignore_ascii_case("sha1") => Format::Sha1,
            Some(name) if name.text().eq_ignore_ascii_case("sha256") => Format::Sha256,
            Some(_) => return None,
        };
        let root = disk::real_root(common).ok()?;
        Some(Self { root, format })
    }

    /// Writes one object (`blob`, `tree`, `commit`) unless the repository has it; its name.
    pub fn write(&self, kind: &str, body: &[u8]) -> Option<String> {
        let mut object = format!("{kind} {}\0", body.len()).into_bytes();
        object.extend_from_slice(body);
        let oid = hex(&self.digest(&object));
        let (fan, rest) = oid.split_at(2);
        let folder = disk::folder(&self.root, &Path::new("objects").join(fan), true).ok()?;
        disk::create_object(&folder.path.join(rest), &zlib_stored(&object)).ok()?;
        Some(oid)
    }

    /// The raw bytes of an object's name, for a tree entry.
    fn digest(&self, object: &[u8]) -> Vec<u8> {
        match self.format {
            Format::Sha1 => sha1::Sha1::digest(object).to_vec(),
            Format::Sha256 => sha2::Sha256::digest(object).to_vec(),
        }
    }

    /// A tree of one file, `name`, holding the blob `blob`.
    pub fn tree_of_one(name: &str, blob: &str) -> Option<Vec<u8>> {
        let mut tree = format!("100644 {name}\0").into_bytes();
        tree.extend(unhex(blob)?);
        Some(tree)
    }
}

fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write as _;
    bytes.iter().fold(String::new(), |mut text, byte| {
        let _ = write!(text, "{byte:02x}");
        text
    })
}

fn unhex(text: &str) -> Option<Vec<u8>> {
    (0..text.len())
        .step_by(2)
        .map(|at| u8::from_str_radix(text.get(at..at + 2)?, 16).ok())
        .collect()
}

/// `bytes` as a zlib stream of stored (uncompressed) blocks, with its Adler-32.
fn zlib_stored(bytes: &[u8]) -> Vec<u8> {
    const MOST: usize = 0xffff;
    let mut out = Vec::with_capacity(bytes.len() + bytes.len() / MOST * 5 + 16);
    out.extend_from_slice(&[0x78, 0x01]);
    let mut chunks = bytes.chunks(MOST).peekable();
    if chunks.peek().is_none() {
        out.extend_from_slice(&[1, 0, 0, 0xff, 0xff]);
    }
    while let Some(chunk) = chunks.next() {
        out.push(u8::from(chunks.peek().is_none()));
        let len = u16::try_from(chunk.len()).unwrap_or(u16::MAX);
        out.extend_from_slice(&len.to_le_bytes());
        out.extend_from_slice(&(!len).to_le_bytes());
        out.extend_from_slice(chunk);
    }
    let (mut a, mut b) = (1u32, 0u32);
    for &byte in bytes {
        a = (a + u32::from(byte)) % 65521;
        b = (b + a) % 65521;
    }
    out.extend_from_slice(&((b << 16) | a).to_be_bytes());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The names git gives the same objects (`git hash-object`, and its empty tree).
    #[test]
    fn names_objects_as_git_does() {
        let sha1 = Objects {
            root: PathBuf::new(),
            format: Format::Sha1,
        };
        assert_eq!(
            hex(&sha1.digest(b"blob 6\0hello\n")),
            "ce013625030ba8dba906f756967f9e9ca394464a"
        );
        assert_eq!(
            hex(&sha1.digest(b"tree 0\0")),
            "4b825dc642cb6eb9a060e54bf8d69288fbee4904"
        );
        let sha256 = Objects {
            root: PathBuf::new(),
            format: Format::Sha256,
        };
        assert_eq!(
            hex(&sha256.digest(b"tree 0\0")),
            "6ef19b41225c5369f1c104d45d8d85efa9b057b53b14b4b9b939dd74decc5321"
        );
    }

    #[test]
    fn stored_zlib_has_its_checksum_and_block_lengths() {
        // zlib's own answer for "abc" stored: header, one final block of 3, Adler-32 0x024d0127.
        assert_eq!(
            zlib_stored(b"abc"),
            [
                0x78, 0x01, 1, 3, 0, 0xfc, 0xff, b'a', b'b', b'c', 0x02, 0x4d, 0x01, 0x27
            ]
        );
        let big = vec![7u8; 0x1_0001];
        // A block of 65,535 bytes, then the final one of 2.
        let out = zlib_stored(&big);
        assert_eq!(&out[2..7], &[0, 0xff, 0xff, 0, 0]);
        assert_eq!(&out[7 + 0xffff..7 + 0xffff + 5], &[1, 2, 0, 0xfd, 0xff]);
    }
}
