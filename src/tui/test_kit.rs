//! Compiled only under #[cfg(test)] (see `mod.rs`).
//!
//! What the screen's tests share: the settings they start from, keys
//! pressed as a person would press them, and frames drawn on ratatui's
//! `TestBackend`.

use super::app::{App, Config, TableState};
use super::draw::draw;
use super::theme::{Palette, Theme};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use rummy::card::CardId;
use rummy::dict::Dictionary;
use std::time::{Duration, Instant};

/// Settings with seed 7, no pause, no colour unless asked.
pub fn config_with(ascii: bool, palette: Palette, color: bool) -> Config {
    Config {
        theme: Theme {
            ascii,
            color,
            palette,
        },
        pause: Duration::ZERO,
        dict: Dictionary::shipped(),
        dict_path: None,
        seed: Some(7),
        names: Vec::new(),
        kids: None,
        pause_given: false,
        theme_given: false,
        // Off in the screen's tests: a whole game played again by the
        // expert would take the cores from the tests beside it.
        same_cards: false,
    }
}

pub fn config(ascii: bool) -> Config {
    config_with(ascii, Palette::default(), false)
}

/// A deliberate key: pressed a second after the last key and after any
/// curtain or popup came down, as a person at the keyboard would.
pub fn press(app: &mut App, code: KeyCode) {
    let second = Duration::from_millis(1_100);
    let gate = app.table.as_ref().and_then(|t| t.gate_since);
    let at = [
        Some(Instant::now()),
        app.keys.last().map(|k| k + second),
        gate.map(|(_, c)| c + second),
    ]
    .into_iter()
    .flatten()
    .max()
    .unwrap_or_else(Instant::now);
    app.key_at(KeyEvent::new(code, KeyModifiers::NONE), at);
}

pub fn keys(app: &mut App, text: &str) {
    for c in text.chars() {
        press(app, KeyCode::Char(c));
    }
}

/// The frame as drawn, with its styles.
pub fn frame(app: &mut App, w: u16, h: u16) -> Buffer {
    drawn(app, w, h).0.backend().buffer().clone()
}

pub fn render(app: &mut App, w: u16, h: u16) -> String {
    render_cards(app, w, h).0
}

/// The frame, and every card it showed face up.
pub fn render_cards(app: &mut App, w: u16, h: u16) -> (String, Vec<CardId>) {
    let (term, face_up) = drawn(app, w, h);
    (term.backend().to_string(), face_up)
}

/// A terminal of `w`×`h` with one frame drawn, and the cards it showed.
fn drawn(app: &mut App, w: u16, h: u16) -> (Terminal<TestBackend>, Vec<CardId>) {
    let mut term = Terminal::new(TestBackend::new(w, h)).expect("test terminal");
    let mut drawn = None;
    term.draw(|f| drawn = Some(draw(f, app))).expect("draw");
    let drawn = drawn.unwrap_or_default();
    app.hits = drawn.hits;
    (term, drawn.face_up)
}

/// A fresh folder named after `name`, removed when dropped.
pub fn temp_dir(name: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(&format!("rummy-tui-{name}-"))
        .tempdir()
        .expect("temp dir")
}

/// Seat 1 (on its turn in a game with draws) plays the hint: `h`, then
/// the draw or take it names, or `Enter` for its discard.
pub fn play_the_hint(app: &mut App) {
    press(app, KeyCode::Char('h'));
    let hint = table(app).hint.clone().expect("a hint on seat 1's turn");
    if table(app).game.drawing(rummy::seat::SeatId(0)).is_some() {
        keys(app, if hint.target.is_some() { "d" } else { "s" });
    } else {
        press(app, KeyCode::Enter);
    }
}

pub fn table(app: &App) -> &TableState {
    app.table.as_ref().expect("a game on the table")
}
