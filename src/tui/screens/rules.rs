//! "How to play": a page for each game, written for the players, opened
//! from the title menu (where ← → turn to another game) or with `r` from
//! the table (the page of the game on the table; Esc goes back to it).

use crate::tui::app::{App, Screen};
use crate::tui::commands::{Command, ESC, LEFT, RIGHT, ch, find, page_scroll, scrolled};
use crate::tui::draw::Ctx;
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

/// The title of the page of `v`.
pub fn title(v: VariantId) -> String {
    format!("How to play: {}", v.title())
}

pub fn draw(buf: &mut Buffer, area: Rect, ctx: &Ctx) {
    let (app, theme) = (ctx.app, ctx.theme);
    let mut outer = block(theme, &title(app.rules_variant));
    // On a big terminal the text keeps to a readable width.
    let inner = crate::tui::text::readable(outer.inner(area));
    // The key handler stops the scrolling where this page, as wrapped here,
    // ends.
    app.howto_view.set((inner.width, inner.height));
    let lines = page_lines(app.rules_variant, theme, inner.width);
    let max = max_scroll(lines.len(), inner.height);
    let top = app.rules_scroll.min(max) as usize;
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
/// first word.
pub fn page_lines(v: VariantId, theme: &Theme, width: u16) -> Vec<(String, bool)> {
    let width = usize::from(width.max(4));
    let mut out = Vec::new();
    for line in theme.plain(text::howto(v)).lines() {
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

/// The keys of the page. From the table only that game's page is shown,
/// and the way back is to the table.
pub fn commands(app: &App) -> Vec<Command<Action>> {
    let from_table = app.rules_back == Screen::Table;
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

impl App {
    /// Opens the page of `v`, to go back to `back` (the title or the table).
    pub(crate) fn open_howto(&mut self, v: VariantId, back: Screen) {
        self.rules_variant = v;
        self.rules_scroll = 0;
        self.rules_back = back;
        self.screen = Screen::Rules;
    }

    pub(crate) fn rules_key(&mut self, key: KeyEvent) {
        let all = VariantId::ALL;
        let i = all
            .iter()
            .position(|&v| v == self.rules_variant)
            .unwrap_or(0);
        let (width, height) = self.howto_view.get();
        let lines = page_lines(self.rules_variant, &self.config.theme, width).len();
        let max = max_scroll(lines, height);
        let scroll = self.rules_scroll.min(max);
        self.rules_scroll = match (find(&commands(self), &key), key.code) {
            (Some(Action::Scroll), _) => scrolled(scroll, max, &key),
            (Some(Action::Other), KeyCode::Left | KeyCode::Char('h')) => {
                self.rules_variant = all[(i + all.len() - 1) % all.len()];
                0
            }
            (Some(Action::Other), _) => {
                self.rules_variant = all[(i + 1) % all.len()];
                0
            }
            (Some(Action::Help), _) => {
                self.help = true;
                scroll
            }
            (Some(Action::Back), _) => {
                // Back where the page was opened: the table, as it was left
                // (its curtain too), or the title.
                self.screen = if self.rules_back == Screen::Table && self.table.is_some() {
                    Screen::Table
                } else {
                    Screen::Title
                };
                self.rules_back = Screen::Title;
                0
            }
            (None, _) => scroll,
        }
        .min(max);
    }
}
