//! The statistics of finished games: by game, by bot level faced and by
//! player, as `rummy stats` prints them (the figures are the engine's, in
//! `rummy::stats`).

use crate::tui::app::{App, Screen};
use crate::tui::commands::{Command, ESC, ch, find, page_scroll, scrolled};
use crate::tui::draw::Ctx;
use crate::tui::widgets::block;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::KeyEvent;
use ratatui::layout::Rect;
use ratatui::widgets::{Paragraph, Widget, Wrap};

pub fn draw(buf: &mut Buffer, area: Rect, ctx: &Ctx) {
    let (app, theme) = (ctx.app, ctx.theme);
    let text = match app.stats.as_ref() {
        Some(stats) => stats.table(),
        None => "There are no statistics without a data directory.".to_string(),
    };
    let outer = block(theme, "Statistics");
    let inner = outer.inner(area);
    app.stats_view.set((inner.width, inner.height));
    Paragraph::new(theme.plain(&text))
        .block(outer)
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

/// The keys of the statistics: scrolling only when `app`'s page is longer
/// than its screen.
pub fn commands(app: &App) -> Vec<Command<Action>> {
    vec![
        page_scroll(Action::Scroll)
            .enabled(app.stats_lines() > usize::from(app.stats_view.get().1)),
        Command::new(Action::Help, &[ch('?')]).bar("? help"),
        Command::new(Action::Back, &[ch('q'), ESC])
            .bar("Esc back")
            .help("q, Esc", "back to the title"),
        Command::note("Ctrl-C", "quit at once; Ctrl-Z suspends"),
    ]
}

/// What the help page says after the keys.
pub const NOTES: &str = "Every finished game is counted when it ends, in stats.jsonl in the \
data directory; deleting a save does not take it out. A draw is a shared win. An average \
score (-) is left out of a row whose games are of different kinds: their scores do not add up.";

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

    /// The lines of the Statistics page, wrapped as last drawn.
    pub(crate) fn stats_lines(&self) -> usize {
        let width = usize::from(self.stats_view.get().0.max(1));
        let text = self.stats.as_ref().map(|s| s.table()).unwrap_or_default();
        text.lines()
            .map(|l| l.chars().count().div_ceil(width).max(1))
            .sum::<usize>()
            .max(1)
    }

    pub(crate) fn stats_key(&mut self, key: KeyEvent) {
        let lines = self.stats_lines();
        let max = u16::try_from(lines.saturating_sub(1)).unwrap_or(u16::MAX);
        match find(&commands(self), &key) {
            Some(Action::Scroll) => self.stats_scroll = scrolled(self.stats_scroll, max, &key),
            Some(Action::Help) => self.help = true,
            Some(Action::Back) => {
                self.message = None;
                self.screen = Screen::Title;
            }
            None => {}
        }
    }
}
