//! The rule texts, one game at a time.

use crate::tui::app::{App, Screen};
use crate::tui::commands::{Command, DOWN, ESC, Key, LEFT, RIGHT, SPACE, UP, ch, find};
use crate::tui::draw::Ctx;
use crate::tui::text;
use crate::tui::widgets::block;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::layout::Rect;
use ratatui::widgets::{Paragraph, Widget, Wrap};
use rummy::variants::VariantId;

pub fn draw(buf: &mut Buffer, area: Rect, ctx: &Ctx) {
    let (app, theme) = (ctx.app, ctx.theme);
    let title = format!("Rules: {} (←→ other games)", app.rules_variant.title());
    Paragraph::new(theme.plain(&text::rules_text(app.rules_variant)))
        .block(block(theme, &title))
        .wrap(Wrap { trim: false })
        .scroll((app.rules_scroll, 0))
        .render(area, buf);
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    Scroll,
    Other,
    Help,
    Back,
}

/// The keys of the rules.
pub fn commands() -> Vec<Command<Action>> {
    let page = [
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
        Command::new(Action::Scroll, &page)
            .bar("↑↓ PgUp PgDn scroll")
            .help(
                "↑ ↓ or k j",
                "scroll; PgUp, PgDn (space) a page, Home the top",
            ),
        Command::new(Action::Other, &[LEFT, ch('h'), RIGHT, ch('l')])
            .bar("←→ other game")
            .help("← → or h l", "the rules of another game"),
        Command::new(Action::Help, &[ch('?')]),
        Command::new(Action::Back, &[ch('q'), ESC])
            .bar("Esc back")
            .help("q, Esc", "back to the title"),
        Command::note("Ctrl-C", "quit at once; Ctrl-Z suspends"),
    ]
}

impl App {
    pub(crate) fn rules_key(&mut self, key: KeyEvent) {
        let all = VariantId::ALL;
        let i = all
            .iter()
            .position(|&v| v == self.rules_variant)
            .unwrap_or(0);
        match (find(&commands(), &key), key.code) {
            (Some(Action::Scroll), KeyCode::Up | KeyCode::Char('k')) => {
                self.rules_scroll = self.rules_scroll.saturating_sub(1)
            }
            (Some(Action::Scroll), KeyCode::Down | KeyCode::Char('j')) => {
                self.rules_scroll = self.rules_scroll.saturating_add(1)
            }
            (Some(Action::Scroll), KeyCode::PageUp) => {
                self.rules_scroll = self.rules_scroll.saturating_sub(10)
            }
            (Some(Action::Scroll), KeyCode::Home) => self.rules_scroll = 0,
            (Some(Action::Scroll), _) => self.rules_scroll = self.rules_scroll.saturating_add(10),
            (Some(Action::Other), KeyCode::Left | KeyCode::Char('h')) => {
                self.rules_variant = all[(i + all.len() - 1) % all.len()];
                self.rules_scroll = 0;
            }
            (Some(Action::Other), _) => {
                self.rules_variant = all[(i + 1) % all.len()];
                self.rules_scroll = 0;
            }
            (Some(Action::Help), _) => self.help = true,
            (Some(Action::Back), _) => self.screen = Screen::Title,
            (None, _) => {}
        }
        let max = text::rules_text(self.rules_variant).lines().count() as u16;
        self.rules_scroll = self.rules_scroll.min(max.saturating_sub(1));
    }
}
