//! The key bar's offers pressed for real: the binary in a pseudo-terminal,
//! read back through a terminal emulator, in every game at 80×24 and
//! 64×18. At each moment of play one key the bar shows is pressed, at
//! random; it counts as refused if the frame does not change or the
//! status line turns to the error style. The keys that leave the table
//! (q, ?, r, Esc outside a typed word) are left to their own tests.

use crate::kit::{self, DOWN, LEFT, RIGHT, Screen};
use rummy::{GameRng, VariantId};
use std::time::{Duration, Instant};

/// Keys pressed in each game at each size: 6 in `cargo test`, 150 in
/// the full run (`RUMMY_FULL_TESTS=1`); `RUMMY_PTY_KEYS` sets the count.
fn presses() -> u64 {
    rummy::test_support::count("RUMMY_PTY_KEYS", 6, 150)
}

/// The bytes a terminal sends for a key as the bar names it; `None` for a
/// key the test leaves alone.
fn bytes_of(key: &str, typing: bool) -> Option<String> {
    Some(match key {
        "Enter" => "\r".into(),
        "←→" | "→" => RIGHT.into(),
        "←" => LEFT.into(),
        "↑↓" | "↓" => DOWN.into(),
        "1-9" => "1".into(),
        "Tab" => "\t".into(),
        "Backspace" => "\x7f".into(),
        "a-z" | "A-Z" | "letters" => "e".into(),
        "Esc" if typing => "\x1b".into(),
        "q" | "?" | "r" | "Esc" | "n" | "PgUp" | "PgDn" => return None,
        k if k.contains('/') => return bytes_of(k.split('/').next()?, typing),
        k if k.chars().count() == 1 => k.into(),
        _ => return None,
    })
}

/// The keys the bar (the bottom row) offers: each entry's first word.
fn offered(text: &str) -> Vec<String> {
    let bar = text.lines().last().unwrap_or_default();
    bar.split("  ")
        .filter_map(|entry| entry.split_whitespace().next())
        .map(str::to_string)
        .collect()
}

/// Waits until the screen has not changed for a while (the bots have
/// moved); the screen.
fn settled(screen: &Screen) -> String {
    let start = Instant::now();
    let mut last = screen.text();
    let mut since = Instant::now();
    while start.elapsed() < Duration::from_secs(20) {
        std::thread::sleep(Duration::from_millis(40));
        let now = screen.text();
        if now != last {
            last = now;
            since = Instant::now();
        } else if since.elapsed() > Duration::from_millis(350) {
            break;
        }
    }
    last
}

/// The least time between two keys, as a person presses them.
const KEY_PACE: Duration = Duration::from_millis(1_050);

fn press_at_random(variant: VariantId, size: (u16, u16)) {
    let dir = kit::fresh_dir(&format!("pty-keys-{}", size.0));
    let mut screen = kit::spawn(&["--fast", "--seed", "17"], &[], size, dir.path());
    screen.wait_for("New game");
    screen.send("\r");
    screen.wait_for("Start");
    screen.start_variant(variant);
    let mut rng = GameRng::new(size.0 as u64, variant as u64);
    let (mut pressed, mut refused) = (0, Vec::new());
    let rows = size.1;
    let mut last = Instant::now();
    for _ in 0..presses() {
        let text = settled(&screen);
        if text.contains("New game") && text.contains("Learn a game") {
            break; // back at the title: the game is over
        }
        let typing = text.contains("Word: ");
        let keys: Vec<(String, String)> = offered(&text)
            .into_iter()
            .filter_map(|k| Some((bytes_of(&k, typing)?, k)))
            .collect();
        if keys.is_empty() {
            continue;
        }
        let (bytes, name) = keys[rng.below(keys.len() as u64) as usize].clone();
        let was_error = screen.error_in_rows(rows - 3..rows - 1);
        // At a person's pace at a curtain or a popup: there a key less
        // than a second after the last is taken for one of a burst, and
        // dropped.
        let bar = text.lines().last().unwrap_or_default();
        let gate = ["go on", "show the table", "title"]
            .iter()
            .any(|g| bar.contains(g));
        if let Some(wait) = KEY_PACE.checked_sub(last.elapsed()).filter(|_| gate) {
            std::thread::sleep(wait);
        }
        screen.send(&bytes);
        last = Instant::now();
        pressed += 1;
        let after = settled(&screen);
        let error = !was_error && screen.error_in_rows(rows - 3..rows - 1);
        if after == text || error {
            let bar = text.lines().last().unwrap_or_default().to_string();
            refused.push(format!("{name} (bar: {bar})\n{after}"));
        }
    }
    eprintln!(
        "{variant} at {}x{}: {pressed} keys pressed, {} refused",
        size.0,
        size.1,
        refused.len()
    );
    assert!(pressed > 5, "{variant}: keys were pressed");
    assert!(
        refused.is_empty(),
        "{variant} at {size:?}: offered keys did nothing or were refused:\n{}",
        refused.join("\n----\n")
    );
}

macro_rules! pty_key_tests {
    ($($id:ident => $game:ty),* $(,)?) => {
        $(
            #[test]
            #[allow(non_snake_case)]
            fn $id() {
                press_at_random(VariantId::$id, (80, 24));
                press_at_random(VariantId::$id, (64, 18));
            }
        )*
    };
}
rummy::games!(pty_key_tests);
