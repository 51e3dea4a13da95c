//! "Did you mean …": the known word nearest a mistyped one, by edit distance, so a refusal can
//! name the fix instead of listing every spelling (statuses, field names, values).

/// Words longer than this are not compared: a 100 KB key is no typo of a field name, and the
/// distance costs the product of the two lengths.
const LONGEST_WORD: usize = 64;

/// The candidate closest to `word`, when it is close enough to be what was meant: case, `-`
/// against `_` and one swap of two neighbours are forgiven. Ties go to the earlier candidate.
pub fn closest<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let word = normalized(word)?;
    if word.is_empty() {
        return None;
    }
    // About one edit in three characters, at least one: `stauts` → `status`, `complet` →
    // `completed`, but `done` is never "corrected" to `todo`'s neighbours by two edits.
    let allowed = (word.len() / 3).clamp(1, 3);
    let mut best: Option<(usize, &str)> = None;
    for candidate in candidates {
        let Some(known) = normalized(candidate) else {
            continue;
        };
        let distance = distance(&word, &known);
        if distance == 0 || distance > allowed || distance >= known.len() {
            continue;
        }
        if best.is_none_or(|(least, _)| distance < least) {
            best = Some((distance, candidate));
        }
    }
    best.map(|(_, candidate)| candidate)
}

fn normalized(word: &str) -> Option<Vec<char>> {
    let word = word.trim();
    if word.chars().count() > LONGEST_WORD {
        return None;
    }
    Some(
        word.chars()
            .map(|c| {
                if c == '-' {
                    '_'
                } else {
                    c.to_ascii_lowercase()
                }
            })
            .collect(),
    )
}

/// The optimal-string-alignment distance: insertions, deletions, substitutions and swaps of
/// two neighbours, each one edit.
fn distance(a: &[char], b: &[char]) -> usize {
    let width = b.len() + 1;
    let mut rows = vec![0usize; (a.len() + 1) * width];
    for (j, cell) in rows.iter_mut().take(width).enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        rows[i * width] = i;
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (rows[(i - 1) * width + j] + 1)
                .min(rows[i * width + j - 1] + 1)
                .min(rows[(i - 1) * width + j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(rows[(i - 2) * width + j - 2] + 1);
            }
            rows[i * width + j] = best;
        }
    }
    rows[a.len() * width + b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_nearest_known_word() {
        let fields = ["content", "status", "activeForm", "priority"];
        assert_eq!(closest("stauts", fields), Some("status"));
        assert_eq!(closest("Statu", fields), Some("status"));
        assert_eq!(closest("active-form", fields), Some("activeForm"));
        assert_eq!(closest("contnet", fields), Some("content"));
        assert_eq!(closest("owner", fields), None);
        assert_eq!(closest("", fields), None);
        assert_eq!(closest("status", fields), None, "an exact word is no typo");
    }
}
