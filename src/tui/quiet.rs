//! The key-stream quiet guard: keys that were coming before a decision
//! changed hands are not taken as that decision.
//!
//! When a curtain lifts, or a move opens a decision for another person at
//! the same keyboard (a "Wrummy!" call, a challenge, the next turn in a
//! game without hidden hands), the keys still arriving may be the tail of
//! what came before: a held key repeating, or a key pressed twice. A held
//! key sends its first repeat after the keyboard's delay (about 250 to
//! 660 ms, 500 or more on most systems) and then one every 30 to 50 ms, and
//! a terminal does not say which keys are repeats. So once armed, the guard
//! takes no key until the stream has been quiet:
//!
//! - a key that follows the one before it within [`QUIET`] is part of a
//!   burst, and is dropped;
//! - a key after [`KEY_GAP`] of silence is a press no held key could have
//!   sent (no keyboard waits that long to repeat), and is taken at once;
//! - a key after a shorter silence may be a held key's first repeat: it is
//!   held back. If the same key follows within [`QUIET`], it was one, and
//!   both are dropped. If [`QUIET`] passes with no key, or a different key
//!   follows (a person typing), it was pressed on purpose, and is taken.
//!
//! Taking a key disarms the guard. Nothing here knows the game: the table
//! says when to arm it (see `App::settle`).

use ratatui::crossterm::event::KeyEvent;
use std::time::{Duration, Instant};

/// The silence that ends a burst of keys: longer than the gap between a
/// held key's repeats (30 to 50 ms on common settings, 100 ms on the
/// slowest), shorter than the gap between a person's own presses of one key
/// when they tap it fast (about 200 ms; a person who taps a key over and
/// over at that pace, because a screen seems slow, would otherwise never be
/// heard).
pub const QUIET: Duration = Duration::from_millis(150);

/// The silence after which a key cannot be a held key's repeat: longer than
/// any common keyboard's delay before the first repeat. A hand-off curtain
/// also lifts only for a key after this much silence.
pub const KEY_GAP: Duration = Duration::from_secs(1);

/// A key to act on: the key, when it came, and when the key before it came.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Taken {
    pub key: KeyEvent,
    pub at: Instant,
    pub previous: Option<Instant>,
}

/// The guard over one keyboard's keys (see the module's comment).
#[derive(Clone, Debug, Default)]
pub struct QuietGuard {
    /// When the last key came, taken or not.
    last: Option<Instant>,
    armed: bool,
    /// A key after a short silence, waiting to be known for a press.
    held: Option<Taken>,
}

impl QuietGuard {
    /// From now on, keys wait for the stream to be quiet.
    pub fn arm(&mut self) {
        self.armed = true;
        self.held = None;
    }

    pub fn armed(&self) -> bool {
        self.armed
    }

    /// When the last key came.
    #[cfg(test)]
    pub fn last(&self) -> Option<Instant> {
        self.last
    }

    /// A key that is read but never acted on (typed ahead of a curtain):
    /// it still counts as part of the stream.
    pub fn seen(&mut self, at: Instant) -> Option<Instant> {
        self.held = None;
        self.last.replace(at)
    }

    /// A key at `at`: the keys to act on now, in order (none, this one, or
    /// a key held back and then this one).
    pub fn key(&mut self, key: KeyEvent, at: Instant) -> Vec<Taken> {
        let previous = self.last.replace(at);
        let this = Taken { key, at, previous };
        if !self.armed {
            return vec![this];
        }
        let gap = previous.map(|p| at.saturating_duration_since(p));
        match gap {
            // Nothing was typed before, or nothing for so long that this is
            // a fresh press; a held key is long due.
            None => self.release(this),
            Some(gap) if gap >= KEY_GAP => self.release(this),
            Some(gap) if gap < QUIET => match self.held.take() {
                // A different key right after the held one: someone typing.
                Some(held) if held.key.code != key.code || held.key.modifiers != key.modifiers => {
                    self.armed = false;
                    vec![held, this]
                }
                // A held key's repeats, or the tail of a burst.
                _ => Vec::new(),
            },
            Some(_) => match self.held.take() {
                // The held key had its quiet: it stands, and so does this.
                Some(held) => {
                    self.armed = false;
                    vec![held, this]
                }
                None => {
                    self.held = Some(this);
                    Vec::new()
                }
            },
        }
    }

    /// The key held back, once [`QUIET`] has passed after it with no other.
    pub fn due(&mut self, now: Instant) -> Option<Taken> {
        let held = self.held?;
        if now.saturating_duration_since(held.at) < QUIET {
            return None;
        }
        self.held = None;
        self.armed = false;
        Some(held)
    }

    /// This key, and any held one before it; the guard is disarmed.
    fn release(&mut self, this: Taken) -> Vec<Taken> {
        self.armed = false;
        let mut out: Vec<Taken> = self.held.take().into_iter().collect();
        out.push(this);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::crossterm::event::{KeyCode, KeyModifiers};

    fn key(c: char) -> KeyEvent {
        let code = if c == '\n' {
            KeyCode::Enter
        } else {
            KeyCode::Char(c)
        };
        KeyEvent::new(code, KeyModifiers::NONE)
    }

    /// Feeds `keys` (each a key and its time in ms after `start`) to the
    /// guard, checking what is due every 10 ms of the way as a run loop
    /// would; the keys acted on, and when.
    fn feed(
        guard: &mut QuietGuard,
        start: Instant,
        keys: &[(char, u64)],
        until: u64,
    ) -> Vec<(char, u64)> {
        let ms = |t: Instant| t.duration_since(start).as_millis() as u64;
        let name = |k: &Taken| match k.key.code {
            KeyCode::Char(c) => c,
            _ => '\n',
        };
        let mut out = Vec::new();
        let mut next = keys.iter().peekable();
        for now in (0..=until).step_by(10) {
            while let Some(&&(c, at)) = next.peek() {
                if at > now {
                    break;
                }
                next.next();
                for k in guard.key(key(c), start + Duration::from_millis(at)) {
                    out.push((name(&k), ms(k.at)));
                }
            }
            if let Some(k) = guard.due(start + Duration::from_millis(now)) {
                out.push((name(&k), ms(k.at)));
            }
        }
        out
    }

    /// A held Enter: pressed at `from`, its first repeat `delay` later, then
    /// one every `every` ms, `n` keys in all.
    fn held(from: u64, delay: u64, every: u64, n: u64) -> Vec<(char, u64)> {
        (0..n)
            .map(|i| {
                (
                    '\n',
                    if i == 0 {
                        from
                    } else {
                        from + delay + every * (i - 1)
                    },
                )
            })
            .collect()
    }

    #[test]
    fn unarmed_every_key_is_taken_at_once() {
        let mut g = QuietGuard::default();
        let start = Instant::now();
        let keys = held(0, 500, 33, 10);
        assert_eq!(feed(&mut g, start, &keys, 2_000), keys);
    }

    #[test]
    fn a_burst_that_began_before_the_guard_is_dropped_until_quiet() {
        for (delay, every) in [(250, 30), (500, 33), (660, 25), (600, 50), (400, 100)] {
            let mut g = QuietGuard::default();
            let start = Instant::now();
            // The key that armed the guard (a discard), held down for 2 s.
            let mut keys = held(0, delay, every, 1 + (2_000 - delay) / every);
            assert!(g.key(key('\n'), start).len() == 1);
            keys.remove(0);
            g.arm();
            let mut taken = feed(&mut g, start, &keys, 3_000);
            assert_eq!(taken, [], "delay {delay} ms, every {every} ms");
            // Then, after a moment's quiet, a press is taken.
            let later = [('p', 2_400)];
            taken = feed(&mut g, start, &later, 3_000);
            assert_eq!(taken, [('p', 2_400)], "delay {delay} ms, every {every} ms");
        }
    }

    #[test]
    fn a_press_after_a_short_silence_waits_for_quiet_and_then_stands() {
        let mut g = QuietGuard::default();
        let start = Instant::now();
        g.key(key('d'), start);
        g.arm();
        // 400 ms after the last key: perhaps a repeat, so it waits...
        let at = start + Duration::from_millis(400);
        assert_eq!(g.key(key('\n'), at), []);
        assert_eq!(g.due(at + QUIET - Duration::from_millis(10)), None);
        // ...and with nothing after it for the quiet, it is taken.
        let due = g.due(at + QUIET).expect("taken");
        assert_eq!(due.key, key('\n'));
        assert!(!g.armed());
        // From then on keys come through at once, however fast.
        assert_eq!(g.key(key('x'), start + Duration::from_millis(700)).len(), 1);
    }

    #[test]
    fn a_person_tapping_one_key_fast_after_the_guard_is_heard() {
        // A result closed with Enter; then s, tapped every 200 ms (as a
        // person does when the screen seems slow), from 200 ms on.
        for first in [200, 400, 700] {
            let mut g = QuietGuard::default();
            let start = Instant::now();
            g.key(key('\n'), start);
            g.arm();
            let taps: Vec<(char, u64)> = (0..10).map(|i| ('s', first + 200 * i)).collect();
            let taken = feed(&mut g, start, &taps, 3_000);
            assert_eq!(taken, taps, "tapping from {first} ms");
        }
    }

    #[test]
    fn typing_after_the_guard_is_not_taken_for_a_held_key() {
        let mut g = QuietGuard::default();
        let start = Instant::now();
        g.key(key('\n'), start);
        g.arm();
        // A word typed 600 ms later, a key every 90 ms: every letter stands.
        let word: Vec<(char, u64)> = "brat".chars().zip([600, 690, 780, 870]).collect();
        assert_eq!(feed(&mut g, start, &word, 2_000), word);
    }

    #[test]
    fn a_key_after_a_long_silence_is_taken_at_once() {
        let mut g = QuietGuard::default();
        let start = Instant::now();
        g.key(key('\n'), start);
        g.arm();
        let taken = g.key(key('s'), start + KEY_GAP);
        assert_eq!(taken.len(), 1);
        assert!(!g.armed());
        // The first key ever, armed, is taken too: no burst came before it.
        let mut fresh = QuietGuard::default();
        fresh.arm();
        assert_eq!(fresh.key(key('s'), start).len(), 1);
    }

    #[test]
    fn keys_dropped_unread_still_count_as_the_stream() {
        let mut g = QuietGuard::default();
        let start = Instant::now();
        g.arm();
        g.seen(start);
        assert_eq!(g.key(key('\n'), start + Duration::from_millis(30)), []);
        assert_eq!(g.last(), Some(start + Duration::from_millis(30)));
    }
}
