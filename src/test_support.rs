//! How much the tests' heavy runs check: the oracle and brute-force
//! comparisons, the random-play and bot-game runs, the hint checkers.
//!
//! `cargo test` checks a share sized for a debug build on a small machine;
//! `RUMMY_FULL_TESTS=1 cargo test --release` checks the full counts each
//! test's comment gives. A test's own variable (such as `RUMMY_DEALS`)
//! still sets its count outright. For the library's tests and the
//! integration tests alike, hence public (and out of the documentation).

/// The variable that asks for the full counts.
pub const FULL: &str = "RUMMY_FULL_TESTS";

/// Whether this run asks for the full counts: [`FULL`] set to anything but
/// empty or `0`.
pub fn full() -> bool {
    std::env::var(FULL).is_ok_and(|v| !v.is_empty() && v != "0")
}

/// How many a heavy test checks: the number in the variable `own` if it
/// holds one, else `full` when [`full`] asks for the full counts, else
/// `quick`.
pub fn count(own: &str, quick: u64, full: u64) -> u64 {
    std::env::var(own)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(if self::full() { full } else { quick })
}

/// [`count`] with no variable of its own: `full` or `quick`.
pub fn scaled(quick: u64, full: u64) -> u64 {
    if self::full() { full } else { quick }
}

/// The game options a release run reads from the variable `name`, such as
/// `target=200,words=strict` (none when it is unset).
pub fn options_from(name: &str) -> Vec<(String, String)> {
    std::env::var(name)
        .unwrap_or_default()
        .split(',')
        .filter_map(|kv| kv.split_once('='))
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

/// Whether a screen's text shows a card whose face reads `face` ("Q♥",
/// "10♣", "JK"): on one line or in a small box (the face in one piece), or
/// as a big card, its rank in the top left corner ("│Q") and its suit two
/// cells in on the row below. For the tests that a hand is on its own
/// screen and on no other.
pub fn face_on_screen(screen: &str, face: &str) -> bool {
    screen.contains(face) || big_face_on_screen(screen, face)
}

/// Whether a screen's text shows a big card whose face reads `face`: its
/// rank in the top left corner ("│Q") and its suit two cells in on the
/// row below.
pub fn big_face_on_screen(screen: &str, face: &str) -> bool {
    let Some(suit) = face.chars().last() else {
        return false;
    };
    let rank: Vec<char> = face.chars().take(face.chars().count() - 1).collect();
    let lines: Vec<Vec<char>> = screen.lines().map(|l| l.chars().collect()).collect();
    lines.windows(2).any(|w| {
        (0..w[0].len().saturating_sub(rank.len())).any(|c| {
            // A box's left edge (a selected card's is double), the rank
            // alone in its corner, and the suit two cells in below it.
            matches!(w[0][c], '│' | '║')
                && w[0][c + 1..c + 1 + rank.len()] == rank[..]
                && w[0].get(c + 1 + rank.len()) == Some(&' ')
                && w[1].get(c + 3) == Some(&suit)
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_big_card_is_read_by_its_corner_and_its_suit() {
        let big = [
            "┌─────┐ ┌─────┐",
            "│10   │ │JK   │",
            "│  ♥  │ │     │",
            "│   10│ │   JK│",
            "└─────┘ └─────┘",
        ]
        .join("\n");
        assert!(big_face_on_screen(&big, "10♥"));
        assert!(!big_face_on_screen(&big, "10♣"));
        assert!(!big_face_on_screen(&big, "1♥"), "not the start of 10");
        assert!(face_on_screen(&big, "JK"));
        assert!(face_on_screen("[ Q♥ ]", "Q♥"));
    }
}
