//! The statistics of finished games: by game, by bot level faced and by
//! player, as `rummy stats` prints them (the figures are the engine's, in
//! `rummy::stats`).

use crate::tui::commands::{Command, ESC, ch, find, page_scroll, scrolled};
use crate::tui::route::Go;
use crate::tui::store::Store;
use crate::tui::theme::Theme;
use crate::tui::widgets::block;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::KeyEvent;
use ratatui::layout::Rect;
use ratatui::widgets::{Paragraph, Widget, Wrap};
use std::cell::Cell;

/// The Statistics screen: the figures as read when it was opened, and how
/// far they are scrolled.
pub struct StatsScreen {
    pub stats: Option<rummy::stats::Stats>,
    pub scroll: u16,
    /// The size of the text as last drawn (columns, rows): it scrolls only
    /// if its wrapped lines are more than the rows.
    pub view: Cell<(u16, u16)>,
}

impl Default for StatsScreen {
    fn default() -> StatsScreen {
        StatsScreen {
            stats: None,
            scroll: 0,
            view: Cell::new((78, 18)),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    Scroll,
    Help,
    Back,
}

/// What the help page says after the keys.
pub const NOTES: &str = "Every finished game is counted when it ends, in stats.jsonl in the \
data directory; deleting a save does not take it out. A draw is a shared win. An average \
score (-) is left out of a row whose games are of different kinds: their scores do not add up.";

impl StatsScreen {
    /// The screen with the figures read afresh from `store`, and what the
    /// status line is to say of them (a damaged line, a file unread).
    pub fn open(store: Option<&Store>) -> (StatsScreen, Option<String>) {
        let mut screen = StatsScreen::default();
        let Some(store) = store else {
            return (screen, None);
        };
        match store.stats() {
            Ok(stats) => {
                let notes = stats.notes(rummy::stats::STATS_FILE);
                screen.stats = Some(stats);
                (screen, (!notes.is_empty()).then(|| notes.join(" ")))
            }
            Err(e) => (screen, Some(e)),
        }
    }

    pub fn draw(&self, buf: &mut Buffer, area: Rect, theme: &Theme) {
        let text = match self.stats.as_ref() {
            Some(stats) => stats.table(),
            None => "There are no statistics without a data directory.".to_string(),
        };
        let outer = block(theme, "Statistics");
        let inner = outer.inner(area);
        self.view.set((inner.width, inner.height));
        Paragraph::new(theme.plain(&text))
            .block(outer)
            .wrap(Wrap { trim: false })
            .scroll((self.scroll, 0))
            .render(area, buf);
    }

    /// The keys of the statistics: scrolling only when the page is longer
    /// than its screen.
    pub fn commands(&self) -> Vec<Command<Action>> {
        vec![
            page_scroll(Action::Scroll).enabled(self.lines() > usize::from(self.view.get().1)),
            Command::new(Action::Help, &[ch('?')]).bar("? help"),
            Command::new(Action::Back, &[ch('q'), ESC])
                .bar("Esc back")
                .help("q, Esc", "back to the title"),
            Command::note("Ctrl-C", "quit at once; Ctrl-Z suspends"),
        ]
    }

    /// The lines of the page, wrapped as last drawn.
    pub fn lines(&self) -> usize {
        let width = usize::from(self.view.get().0.max(1));
        let text = self.stats.as_ref().map(|s| s.table()).unwrap_or_default();
        text.lines()
            .map(|l| l.chars().count().div_ceil(width).max(1))
            .sum::<usize>()
            .max(1)
    }

    pub fn key(&mut self, key: KeyEvent) -> Go {
        let max = u16::try_from(self.lines().saturating_sub(1)).unwrap_or(u16::MAX);
        match find(&self.commands(), &key) {
            Some(Action::Scroll) => self.scroll = scrolled(self.scroll, max, &key),
            Some(Action::Help) => return Go::Help,
            Some(Action::Back) => return Go::Title,
            None => {}
        }
        Go::Stay
    }
}
