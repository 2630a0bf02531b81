//! The statistics of finished games: by game, by bot level faced and by
//! player, as `rummy stats` prints them (the figures are the engine's, in
//! `rummy::stats`).

use crate::tui::app::{App, Screen};
use crate::tui::commands::{Command, DOWN, ESC, Key, SPACE, UP, ch, find};
use crate::tui::draw::Ctx;
use crate::tui::widgets::block;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::layout::Rect;
use ratatui::widgets::{Paragraph, Widget, Wrap};

pub fn draw(buf: &mut Buffer, area: Rect, ctx: &Ctx) {
    let (app, theme) = (ctx.app, ctx.theme);
    let text = match app.stats.as_ref() {
        Some(stats) => stats.table(),
        None => "There are no statistics without a data directory.".to_string(),
    };
    Paragraph::new(theme.plain(&text))
        .block(block(theme, "Statistics"))
        .wrap(Wrap { trim: false })
        .scroll((app.stats_scroll, 0))
        .render(area, buf);
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    Scroll,
    Help,
    Back,
}

/// The keys of the statistics.
pub fn commands() -> Vec<Command<Action>> {
    let keys = [
        UP,
        ch('k'),
        DOWN,
        ch('j'),
        Key::Code(KeyCode::PageUp),
        Key::Code(KeyCode::PageDown),
        SPACE,
        Key::Code(KeyCode::Home),
    ];
    vec![
        Command::new(Action::Scroll, &keys).bar("↑↓ scroll").help(
            "↑ ↓ or k j",
            "scroll; PgUp, PgDn (space) a page, Home the top",
        ),
        Command::new(Action::Help, &[ch('?')]).bar("? help"),
        Command::new(Action::Back, &[ch('q'), ESC])
            .bar("Esc back")
            .help("q, Esc", "back to the title"),
        Command::note("Ctrl-C", "quit at once; Ctrl-Z suspends"),
    ]
}

/// What the help page says after the keys.
pub const NOTES: &str = "Every finished game is counted when it ends, in stats.jsonl in the \
data directory; deleting a save does not take it out. A draw is a shared win.";

impl App {
    /// Opens the Statistics screen, reading the figures afresh.
    pub(crate) fn open_stats(&mut self) {
        self.stats_scroll = 0;
        self.stats = None;
        if let Some(store) = self.store.clone() {
            match store.stats() {
                Ok(stats) => {
                    let notes = stats.notes(rummy::stats::STATS_FILE);
                    if !notes.is_empty() {
                        self.say(notes.join(" "), true);
                    }
                    self.stats = Some(stats);
                }
                Err(e) => self.say(e, true),
            }
        }
        self.screen = Screen::Stats;
    }

    pub(crate) fn stats_key(&mut self, key: KeyEvent) {
        match (find(&commands(), &key), key.code) {
            (Some(Action::Scroll), KeyCode::Up | KeyCode::Char('k')) => {
                self.stats_scroll = self.stats_scroll.saturating_sub(1)
            }
            (Some(Action::Scroll), KeyCode::Down | KeyCode::Char('j')) => {
                self.stats_scroll = self.stats_scroll.saturating_add(1)
            }
            (Some(Action::Scroll), KeyCode::PageUp) => {
                self.stats_scroll = self.stats_scroll.saturating_sub(10)
            }
            (Some(Action::Scroll), KeyCode::Home) => self.stats_scroll = 0,
            (Some(Action::Scroll), _) => self.stats_scroll = self.stats_scroll.saturating_add(10),
            (Some(Action::Help), _) => self.help = true,
            (Some(Action::Back), _) => {
                self.message = None;
                self.screen = Screen::Title;
            }
            (None, _) => {}
        }
        let lines = self.stats.as_ref().map_or(1, |s| s.table().lines().count());
        self.stats_scroll = self
            .stats_scroll
            .min(u16::try_from(lines.saturating_sub(1)).unwrap_or(u16::MAX));
    }
}
