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
