//! The key bar's offers pressed for real: the binary in a pseudo-terminal,
//! read back through a terminal emulator, in every game at 80×24 and
//! 64×18. At each moment of play every key the bar (the bottom row)
//! offers is pressed, the keys that look first and the moves last, and
//! every key a press brings onto the bar too; a move is taken back with
//! `u` where the table allows it, so the moment's other offers are pressed
//! as well. A key counts as refused if the frame does not change or the
//! status line turns to the error style. The keys that leave the table
//! (q, ?, r, Esc outside a typed word) are left to their own tests.

use crate::kit::{self, DOWN, LEFT, RIGHT, Screen};
use rummy::{GameRng, VariantId};
use std::time::{Duration, Instant};

/// Moments of play in each game at each size at which every offer is
/// pressed: 2 in `cargo test`, 9 in the full run (`RUMMY_FULL_TESTS=1`:
/// 90 moments over the five games and two sizes); `RUMMY_PTY_MOMENTS`
/// sets the count.
fn moments() -> u64 {
    rummy::test_support::count("RUMMY_PTY_MOMENTS", 2, 9)
}

/// At most this many presses at one moment (the keys a press brings onto
/// the bar included).
const MOST_AT_A_MOMENT: usize = 30;

/// The bytes a terminal sends for a bar entry's key (`key`, labelled
/// `label`); `None` for a key the test leaves alone: those that leave the
/// table or the game (q, ?, r, Esc but to step back, n but to keep a card,
/// the page keys).
fn bytes_of(key: &str, label: &str, typing: bool) -> Option<String> {
    let back = typing || ["back", "cancel"].iter().any(|w| label.starts_with(w));
    Some(match key {
        "Enter" => "\r".into(),
        "←→" | "→" => RIGHT.into(),
        "←" => LEFT.into(),
        "↑↓" | "↓" => DOWN.into(),
        "1-9" => "1".into(),
        "Tab" => "\t".into(),
        "Backspace" => "\x7f".into(),
        "a-z" | "A-Z" | "letters" => "e".into(),
        "Esc" if back => "\x1b".into(),
        "n" if label.starts_with("keep") => "n".into(),
        "q" | "?" | "r" | "Esc" | "n" | "PgUp" | "PgDn" => return None,
        k if k.contains('/') => return bytes_of(k.split('/').next()?, label, typing),
        k if k.chars().count() == 1 => k.into(),
        _ => return None,
    })
}

/// The bar's entries (the bottom row): each entry's key and label.
fn entries(text: &str) -> Vec<(String, String)> {
    let bar = text.lines().last().unwrap_or_default();
    bar.split("  ")
        .filter_map(|entry| {
            let entry = entry.trim();
            let (key, label) = entry.split_once(' ').unwrap_or((entry, ""));
            (!key.is_empty()).then(|| (key.to_string(), label.trim().to_string()))
        })
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

/// How long a person looks at a popup or curtain before pressing, beyond
/// the time the frame took to settle.
const GATE_LOOK: Duration = Duration::from_millis(400);

/// When a key is pressed at a moment: the keys that only look (the
/// arrows, the hint, keeping a card, sorting the hand) first, then typing, then the moves,
/// the draw from the stock (which cannot be taken back) last, Esc to
/// step back after the keys of what it steps back from, and `u` (which
/// leaves the moment) after all.
fn order(key: &str, label: &str) -> u8 {
    match key {
        "←→" | "→" | "←" | "↑↓" | "↓" | "Tab" | "h" | "n" => 0,
        // 5 Suited's sorting of the hand (AlphaRummy's `o` goes out).
        "o" | "g" if label == "sort" || label == "group" => 0,
        "a-z" | "A-Z" | "letters" | "Backspace" | "w" => 1,
        "Enter" | "Space" => 3,
        "s" => 4,
        "Esc" => 5,
        // Taking back a move leaves the moment for good.
        "u" => 6,
        _ => 2,
    }
}

/// One offer of the bar that the test presses.
#[derive(Clone, PartialEq)]
struct Offer {
    key: String,
    label: String,
    bytes: String,
}

impl Offer {
    fn name(&self) -> String {
        format!("{} {}", self.key, self.label)
    }
}

/// The offers of the bar now that the test presses, in [`order`].
fn offers(text: &str) -> Vec<Offer> {
    let typing = text.contains("Word: ");
    let mut keys: Vec<Offer> = entries(text)
        .into_iter()
        .filter_map(|(key, label)| {
            let bytes = bytes_of(&key, &label, typing)?;
            Some(Offer { key, label, bytes })
        })
        .collect();
    keys.sort_by_key(|o| order(&o.key, &o.label));
    keys
}

/// Whether the frame is in the middle of a move (a take's target being
/// picked, a question asked): the bar offers to step back or keep.
fn mid_move(text: &str) -> bool {
    entries(text)
        .iter()
        .any(|(k, l)| (k == "Esc" && l.starts_with("back")) || (k == "n" && l.starts_with("keep")))
}

/// A gate where a key less than a second after the last is taken for one
/// of a burst and dropped: a curtain or a popup.
fn at_a_gate(text: &str) -> bool {
    let bar = text.lines().last().unwrap_or_default();
    ["go on", "show the table", "title"]
        .iter()
        .any(|g| bar.contains(g))
}

/// The binary at one size, with what it pressed and what it found.
struct Presser {
    screen: Screen,
    rows: u16,
    last: Instant,
    pressed: usize,
    refused: Vec<String>,
}

impl Presser {
    /// Presses `bytes` (the bar's `name`) on the settled frame `text`, at a
    /// person's pace at a gate; the frame after it, and whether the key
    /// was refused (recorded).
    fn press(&mut self, text: &str, bytes: &str, name: &str) -> (String, bool) {
        let was_error = self.screen.error_in_rows(self.rows - 3..self.rows - 1);
        if at_a_gate(text) {
            // A second after the last key, and half a second after the
            // gate came down (the frame settled a little before now).
            let wait = KEY_PACE.saturating_sub(self.last.elapsed());
            std::thread::sleep(wait.max(GATE_LOOK));
        }
        self.screen.send(bytes);
        self.last = Instant::now();
        self.pressed += 1;
        let mut after = settled(&self.screen);
        // A slow answer (a hint worked out while the machine is busy) is
        // not a dead key: it gets a few seconds more.
        let slow = Instant::now();
        while after == text && slow.elapsed() < Duration::from_secs(3) {
            std::thread::sleep(Duration::from_millis(100));
            if self.screen.text() != text {
                after = settled(&self.screen);
            }
        }
        let error = !was_error && self.screen.error_in_rows(self.rows - 3..self.rows - 1);
        let refused = after == text || error;
        if refused {
            let bar = text.lines().last().unwrap_or_default().to_string();
            self.refused.push(format!("{name} (bar: {bar})\n{after}"));
        }
        (after, refused)
    }
}

fn press_every_offer(variant: VariantId, size: (u16, u16)) {
    let dir = kit::fresh_dir(&format!("pty-keys-{}", size.0));
    let mut screen = kit::spawn(&["--fast", "--seed", "17"], &[], size, dir.path());
    screen.wait_for("New game");
    screen.send("\r");
    // The form (its first row: on a short screen the rows under the
    // cursor scroll out of sight).
    screen.wait_for("< Wump Rummy >");
    screen.start_variant(variant);
    let mut p = Presser {
        screen,
        rows: size.1,
        last: Instant::now(),
        pressed: 0,
        refused: Vec::new(),
    };
    let trace = std::env::var("RUMMY_PTY_TRACE").is_ok();
    let mut rng = GameRng::new(size.0 as u64, variant as u64);
    // Every offer pressed in this game, at any moment.
    let mut ever = std::collections::HashSet::new();
    let (mut moments_seen, mut taken_back, mut left) = (0, 0, 0);
    for _ in 0..moments() {
        let mut text = settled(&p.screen);
        if text.contains("New game") && text.contains("Learn a game") {
            break; // back at the title: the game is over
        }
        let start = offers(&text);
        if start.is_empty() {
            continue;
        }
        moments_seen += 1;
        // Every offer of the moment, and every offer a press brings: the
        // first in order not yet pressed, until none is left or a move
        // that cannot be taken back has left the moment.
        let mut done: Vec<Offer> = Vec::new();
        let mut moved_on = false;
        while done.len() < MOST_AT_A_MOMENT {
            // The keys that only look first; then the moves this game has
            // not pressed yet (one that cannot be taken back ends the
            // moment, so a move left at one moment goes first at the next).
            let Some(offer) = offers(&text)
                .into_iter()
                .filter(|o| !done.contains(o))
                .min_by_key(|o| match order(&o.key, &o.label) {
                    n if n < 2 => (0, false, n),
                    n => (1, ever.contains(&o.key), n),
                })
            else {
                break;
            };
            let (after, refused) = p.press(&text, &offer.bytes, &offer.name());
            ever.insert(offer.key.clone());
            done.push(offer.clone());
            text = after;
            if refused || text.contains("Learn a game") {
                moved_on = !refused;
                break;
            }
            if offer.key == "u" {
                moved_on = true;
                break;
            }
            let is_move =
                order(&offer.key, &offer.label) >= 2 && offer.key != "Esc" && !mid_move(&text);
            if is_move {
                // Back to the moment with `u` (on the bar or, where the
                // bar has no room for it, in the help's keys), where the
                // table allows it.
                let before = text.clone();
                p.screen.send("u");
                let mut after = settled(&p.screen);
                if after.contains("y take it back") {
                    p.screen.send("y");
                    after = settled(&p.screen);
                }
                let error = p.screen.error_in_rows(p.rows - 3..p.rows - 1);
                if after == before || error {
                    moved_on = true;
                    text = after;
                    break;
                }
                text = after;
                taken_back += 1;
            }
        }
        let unpressed = start.iter().filter(|o| !done.contains(o)).count();
        left += unpressed;
        if trace {
            let names = |v: &[Offer]| v.iter().map(Offer::name).collect::<Vec<_>>().join(", ");
            eprintln!(
                "{variant}: offered [{}]; pressed [{}]; {unpressed} left",
                names(&start),
                names(&done)
            );
        }
        if !moved_on {
            // Every offer pressed and the moment still here: one move, at
            // random, goes on.
            let moves: Vec<Offer> = offers(&text)
                .into_iter()
                .filter(|o| order(&o.key, &o.label) >= 2 && o.key != "Esc" && o.key != "u")
                .collect();
            if let Some(o) =
                (!moves.is_empty()).then(|| &moves[rng.below(moves.len() as u64) as usize])
            {
                let o = o.clone();
                p.press(&text, &o.bytes, &o.name());
            }
        }
    }
    eprintln!(
        "{variant} at {}x{}: {moments_seen} moments, {} keys pressed ({taken_back} moves taken back with u), {left} of the moments' first offers not pressed there, {} refused",
        size.0,
        size.1,
        p.pressed,
        p.refused.len()
    );
    assert!(
        moments_seen > 0 && p.pressed > 2,
        "{variant}: keys were pressed"
    );
    assert!(
        p.refused.is_empty(),
        "{variant} at {size:?}: offered keys did nothing or were refused:\n{}",
        p.refused.join("\n----\n")
    );
}

macro_rules! pty_key_tests {
    ($($id:ident => $game:ty),* $(,)?) => {
        $(
            #[test]
            #[allow(non_snake_case)]
            fn $id() {
                press_every_offer(VariantId::$id, (80, 24));
                press_every_offer(VariantId::$id, (64, 18));
            }
        )*
    };
}
rummy::games!(pty_key_tests);
