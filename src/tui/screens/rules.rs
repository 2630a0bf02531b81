//! The rule texts, one game at a time.

use crate::tui::app::{App, Screen};
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

impl App {
    pub(crate) fn rules_key(&mut self, key: KeyEvent) {
        let all = VariantId::ALL;
        let i = all
            .iter()
            .position(|&v| v == self.rules_variant)
            .unwrap_or(0);
        match key.code {
            KeyCode::Up | KeyCode::Char('k') => {
                self.rules_scroll = self.rules_scroll.saturating_sub(1)
            }
            KeyCode::Down | KeyCode::Char('j') => {
                self.rules_scroll = self.rules_scroll.saturating_add(1)
            }
            KeyCode::PageUp => self.rules_scroll = self.rules_scroll.saturating_sub(10),
            KeyCode::PageDown | KeyCode::Char(' ') => {
                self.rules_scroll = self.rules_scroll.saturating_add(10)
            }
            KeyCode::Home => self.rules_scroll = 0,
            KeyCode::Left | KeyCode::Char('h') => {
                self.rules_variant = all[(i + all.len() - 1) % all.len()];
                self.rules_scroll = 0;
            }
            KeyCode::Right | KeyCode::Char('l') => {
                self.rules_variant = all[(i + 1) % all.len()];
                self.rules_scroll = 0;
            }
            KeyCode::Char('q') | KeyCode::Esc => self.screen = Screen::Title,
            _ => {}
        }
        let max = text::rules_text(self.rules_variant).lines().count() as u16;
        self.rules_scroll = self.rules_scroll.min(max.saturating_sub(1));
    }
}
