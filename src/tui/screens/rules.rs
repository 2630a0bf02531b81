//! "How to play": a page for each game, written for the players, opened
//! from the title menu (where ← → turn to another game) or with `r` from
//! the table (the page of the game on the table; Esc goes back to it).

use crate::tui::commands::{Command, ESC, LEFT, RIGHT, ch, find, page_scroll, scrolled};
use crate::tui::route::{Go, Screen};
use crate::tui::text;
use crate::tui::theme::Theme;
use crate::tui::widgets::block;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};
use rummy::variants::VariantId;
use std::cell::Cell;

/// The title of the page of `v`.
pub fn title(v: VariantId) -> String {
    format!("How to play: {}", v.title())
}

/// The How to play page: the game whose page it is, how far it is
/// scrolled, and where Esc goes back to.
pub struct RulesScreen {
    pub variant: VariantId,
    pub scroll: u16,
    /// The title, or the table it was opened from (`r`).
    pub back: Screen,
    /// The size of the text as last drawn (columns, rows): scrolling stops
    /// at the end of the text as wrapped there.
    pub view: Cell<(u16, u16)>,
    /// Read over the network, where a move stays made and a seat is kept.
    pub online: bool,
}

impl Default for RulesScreen {
    fn default() -> RulesScreen {
        RulesScreen {
            variant: VariantId::Wump,
            scroll: 0,
            back: Screen::Title,
            view: Cell::new((78, 18)),
            online: false,
        }
    }
}

/// The furthest the page can scroll: its last line at the bottom.
fn max_scroll(lines: usize, height: u16) -> u16 {
    let over = lines.saturating_sub(height as usize);
    u16::try_from(over).unwrap_or(u16::MAX)
}

/// A heading: a short line of its own that does not end a sentence ("The
/// deal", "Keys on the table").
fn is_heading(line: &str) -> bool {
    let line = line.trim_end();
    !line.is_empty()
        && line.chars().count() <= 40
        && !line.starts_with("- ")
        && !line.ends_with(['.', ':', '!', '?', ')', ','])
}

/// The page of `v` in lines of at most `width` columns, each with whether it
/// is a heading. Every line of the text is a paragraph, wrapped here; a line
/// starting "- " is an item of a list, its later lines indented under its
/// first word. Over the network (`online`) the page has no take-back, and
/// leaving keeps the seat.
pub fn page_lines(v: VariantId, theme: &Theme, width: u16, online: bool) -> Vec<(String, bool)> {
    let width = usize::from(width.max(4));
    let mut out = Vec::new();
    for line in theme.plain(&text::howto_for(v, online)).lines() {
        let line = line.trim_end();
        if line.is_empty() {
            out.push((String::new(), false));
            continue;
        }
        let heading = is_heading(line);
        match line.strip_prefix("- ") {
            Some(item) => {
                for (i, l) in text::wrap(item, width - 2).into_iter().enumerate() {
                    let mark = if i == 0 { "- " } else { "  " };
                    out.push((format!("{mark}{l}"), false));
                }
            }
            None => out.extend(text::wrap(line, width).into_iter().map(|l| (l, heading))),
        }
    }
    out
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    Scroll,
    Other,
    Help,
    Back,
}

impl RulesScreen {
    pub fn draw(&self, buf: &mut Buffer, area: Rect, theme: &Theme) {
        let mut outer = block(theme, &title(self.variant));
        // On a big terminal the text keeps to a readable width.
        let inner = crate::tui::text::readable(outer.inner(area));
        // The key handler stops the scrolling where this page, as wrapped here,
        // ends.
        self.view.set((inner.width, inner.height));
        let lines = page_lines(self.variant, theme, inner.width, self.online);
        let max = max_scroll(lines.len(), inner.height);
        let top = self.scroll.min(max) as usize;
        // Which lines show, so that nothing is cut without a word.
        if max > 0 {
            let last = (top + inner.height as usize).min(lines.len());
            let at = theme.plain(&format!(" {}–{last} of {} ", top + 1, lines.len()));
            outer = outer.title_bottom(Line::from(Span::styled(at, theme.dim())).right_aligned());
        }
        outer.render(area, buf);
        let shown: Vec<Line> = lines
            .into_iter()
            .skip(top)
            .take(inner.height as usize)
            .map(|(l, heading)| {
                if heading {
                    Line::from(Span::styled(
                        l,
                        Style::default().add_modifier(Modifier::BOLD),
                    ))
                } else {
                    Line::from(l)
                }
            })
            .collect();
        Paragraph::new(shown).render(inner, buf);
    }

    /// The keys of the page. From the table only that game's page is shown,
    /// and the way back is to the table.
    pub fn commands(&self) -> Vec<Command<Action>> {
        let from_table = self.back == Screen::Table;
        let back = if from_table {
            "back to the game"
        } else {
            "back to the title"
        };
        vec![
            page_scroll(Action::Scroll),
            Command::new(Action::Other, &[LEFT, ch('h'), RIGHT, ch('l')])
                .bar("←→ other game")
                .help("← → or h l", "how to play another game")
                .enabled(!from_table),
            Command::new(Action::Help, &[ch('?')]).bar("? help"),
            Command::new(Action::Back, &[ch('q'), ESC])
                .bar(if from_table {
                    "Esc back to the game"
                } else {
                    "Esc back"
                })
                .help("q, Esc", back),
            Command::note("Ctrl-C", "quit at once; Ctrl-Z suspends"),
        ]
    }

    /// Opens the page of `v`, to go back to `back` (the title or the table).
    pub fn open(&mut self, v: VariantId, back: Screen) {
        self.variant = v;
        self.scroll = 0;
        self.back = back;
    }

    pub fn key(&mut self, key: KeyEvent, theme: &Theme) -> Go {
        let all = VariantId::ALL;
        let i = all.iter().position(|&v| v == self.variant).unwrap_or(0);
        let (width, height) = self.view.get();
        let lines = page_lines(self.variant, theme, width, self.online).len();
        let max = max_scroll(lines, height);
        let scroll = self.scroll.min(max);
        let mut go = Go::Stay;
        self.scroll = match (find(&self.commands(), &key), key.code) {
            (Some(Action::Scroll), _) => scrolled(scroll, max, &key),
            (Some(Action::Other), KeyCode::Left | KeyCode::Char('h')) => {
                self.variant = all[(i + all.len() - 1) % all.len()];
                0
            }
            (Some(Action::Other), _) => {
                self.variant = all[(i + 1) % all.len()];
                0
            }
            (Some(Action::Help), _) => {
                go = Go::Help;
                scroll
            }
            (Some(Action::Back), _) => {
                // Back where the page was opened: the table, as it was left
                // (its curtain too), or the title.
                go = Go::Back(self.back);
                self.back = Screen::Title;
                0
            }
            (None, _) => scroll,
        }
        .min(max);
        go
    }
}
