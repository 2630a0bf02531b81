//! What a player's terminal sends over the connection, as the screen's
//! keys, clicks and wheel notches. The escape sequences are read by the
//! `terminput` crate; bytes that make no key are dropped, never an error.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use terminput::{Event, MouseButton, MouseEventKind, ScrollDirection};

/// One thing the player did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Input {
    Key(KeyEvent),
    Click { column: u16, row: u16 },
    Wheel { up: bool },
}

/// The longest escape sequence kept while waiting for its end: anything
/// longer is not a key, and is dropped.
const LONGEST: usize = 32;

/// Reads keys from the bytes of one connection, a chunk at a time: a
/// sequence cut between two chunks is finished by the next.
#[derive(Default)]
pub struct Keys {
    pending: Vec<u8>,
}

impl Keys {
    /// The inputs the bytes complete.
    pub fn feed(&mut self, bytes: &[u8]) -> Vec<Input> {
        let mut out = Vec::new();
        for (i, &b) in bytes.iter().enumerate() {
            self.pending.push(b);
            let more = i + 1 < bytes.len();
            while !self.pending.is_empty() {
                // Esc alone is the Esc key only when nothing follows it in
                // the same chunk: else it starts a sequence (an arrow, a
                // click).
                if self.pending == [0x1b] && more {
                    break;
                }
                match Event::parse_from(&self.pending) {
                    Ok(Some(event)) => {
                        self.pending.clear();
                        out.extend(convert(event));
                    }
                    Ok(None) if self.pending.len() < LONGEST => break,
                    // Not a key: its first byte goes, and what follows may
                    // still start one.
                    _ => {
                        self.pending.remove(0);
                    }
                }
            }
        }
        out
    }
}

fn convert(event: Event) -> Option<Input> {
    match event {
        Event::Key(k) if k.kind == terminput::KeyEventKind::Press => key(k),
        Event::Mouse(m) => match m.kind {
            MouseEventKind::Down(MouseButton::Left) => Some(Input::Click {
                column: m.column,
                row: m.row,
            }),
            MouseEventKind::Scroll(ScrollDirection::Up) => Some(Input::Wheel { up: true }),
            MouseEventKind::Scroll(ScrollDirection::Down) => Some(Input::Wheel { up: false }),
            _ => None,
        },
        _ => None,
    }
}

fn key(k: terminput::KeyEvent) -> Option<Input> {
    use terminput::KeyCode as T;
    let shift = k.modifiers.contains(terminput::KeyModifiers::SHIFT);
    let code = match k.code {
        T::Tab if shift => KeyCode::BackTab,
        T::Tab => KeyCode::Tab,
        T::Backspace => KeyCode::Backspace,
        T::Enter => KeyCode::Enter,
        T::Left => KeyCode::Left,
        T::Right => KeyCode::Right,
        T::Up => KeyCode::Up,
        T::Down => KeyCode::Down,
        T::Home => KeyCode::Home,
        T::End => KeyCode::End,
        T::PageUp => KeyCode::PageUp,
        T::PageDown => KeyCode::PageDown,
        T::Delete => KeyCode::Delete,
        T::Insert => KeyCode::Insert,
        T::F(n) => KeyCode::F(n),
        T::Char(c) => KeyCode::Char(c),
        T::Esc => KeyCode::Esc,
        _ => return None,
    };
    let mut modifiers = KeyModifiers::NONE;
    if k.modifiers.contains(terminput::KeyModifiers::CTRL) {
        modifiers |= KeyModifiers::CONTROL;
    }
    if k.modifiers.contains(terminput::KeyModifiers::ALT) {
        modifiers |= KeyModifiers::ALT;
    }
    if shift && code != KeyCode::BackTab {
        modifiers |= KeyModifiers::SHIFT;
    }
    Some(Input::Key(KeyEvent::new(code, modifiers)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(bytes: &[u8]) -> Vec<Input> {
        Keys::default().feed(bytes)
    }

    fn plain(code: KeyCode) -> Input {
        Input::Key(KeyEvent::new(code, KeyModifiers::NONE))
    }

    #[test]
    fn letters_arrows_and_enter() {
        assert_eq!(
            keys(b"h\x1b[C\r\x7f"),
            vec![
                plain(KeyCode::Char('h')),
                plain(KeyCode::Right),
                plain(KeyCode::Enter),
                plain(KeyCode::Backspace),
            ]
        );
        assert_eq!(
            keys(b"\x03"),
            vec![Input::Key(KeyEvent::new(
                KeyCode::Char('c'),
                KeyModifiers::CONTROL
            ))]
        );
        assert_eq!(keys("é".as_bytes()), vec![plain(KeyCode::Char('é'))]);
    }

    #[test]
    fn esc_alone_and_a_sequence_cut_in_two() {
        assert_eq!(keys(b"\x1b"), vec![plain(KeyCode::Esc)]);
        let mut k = Keys::default();
        assert_eq!(k.feed(b"\x1b["), vec![]);
        assert_eq!(k.feed(b"D"), vec![plain(KeyCode::Left)]);
    }

    #[test]
    fn clicks_and_the_wheel() {
        // SGR mouse reports count from 1; the screen counts from 0.
        assert_eq!(
            keys(b"\x1b[<0;5;3M\x1b[<0;5;3m\x1b[<64;1;1M"),
            vec![
                Input::Click { column: 4, row: 2 },
                Input::Wheel { up: true }
            ]
        );
    }

    #[test]
    fn garbage_makes_no_key_and_does_not_stop_the_next() {
        let mut k = Keys::default();
        let junk: Vec<u8> = (0..=255u8).cycle().take(4096).collect();
        let _ = k.feed(&junk);
        let _ = k.feed(b"\x1b[\x1b[\x1b[99999999999999999999;;;;;;M\xff\xfe");
        // Whatever was pending, the next whole key still comes through.
        let mut after = k.feed(b"\x1b");
        after.extend(k.feed(b"q"));
        assert_eq!(after.last(), Some(&plain(KeyCode::Char('q'))));
    }
}
