//! The list of saved games.

use crate::tui::app::{App, Hit, Screen};
use crate::tui::commands::{Command, ENTER, ESC, SPACE, ch, find, list_moves, step};
use crate::tui::draw::{Ctx, Hits};
use crate::tui::widgets::block;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::KeyEvent;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};
use std::time::SystemTime;

fn ago(t: SystemTime) -> String {
    let secs = SystemTime::now()
        .duration_since(t)
        .map_or(0, |d| d.as_secs());
    match secs {
        0..60 => "just now".to_string(),
        60..3600 => format!("{} min ago", secs / 60),
        3600..86_400 => format!("{} h ago", secs / 3600),
        _ => format!("{} days ago", secs / 86_400),
    }
}

pub fn draw(buf: &mut Buffer, area: Rect, ctx: &Ctx, hits: &mut Hits) {
    let (app, theme) = (ctx.app, ctx.theme);
    let title = match app.store.as_ref() {
        Some(store) => format!("Load a game (from {})", store.dir().display()),
        None => "Load a game".to_string(),
    };
    let outer = block(theme, &title);
    let inner = outer.inner(area);
    outer.render(area, buf);
    if app.saves.is_empty() {
        Paragraph::new("No saved games yet.").render(inner, buf);
        return;
    }
    let skip = (app.load_cursor + 1).saturating_sub(inner.height as usize);
    let mut lines = Vec::new();
    for (i, s) in app.saves.iter().enumerate().skip(skip) {
        let style = if i == app.load_cursor {
            theme.cursor()
        } else {
            Style::default()
        };
        lines.push(Line::from(Span::styled(
            theme.plain(&format!("{:>12}  {}", ago(s.modified), s.summary)),
            style,
        )));
        let y = inner.y + (i - skip) as u16;
        if y < inner.bottom() {
            hits.push((Rect::new(inner.x, y, inner.width, 1), Hit::Row(i)));
        }
    }
    Paragraph::new(lines).render(inner, buf);
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    Move,
    Choose,
    Help,
    Back,
}

/// The keys of the list of saves.
pub fn commands() -> Vec<Command<Action>> {
    vec![
        list_moves(Action::Move),
        Command::new(Action::Choose, &[ENTER, SPACE])
            .bar("Enter load")
            .help("Enter, space", "load the game"),
        Command::note("mouse", "click a game to load it"),
        Command::new(Action::Help, &[ch('?')]),
        Command::new(Action::Back, &[ch('q'), ESC])
            .bar("Esc back")
            .help("q, Esc", "back to the title"),
        Command::note("Ctrl-C", "quit at once; Ctrl-Z suspends"),
    ]
}

impl App {
    pub(crate) fn load_key(&mut self, key: KeyEvent) {
        let n = self.saves.len().max(1);
        match find(&commands(), &key) {
            Some(Action::Move) => self.load_cursor = step(self.load_cursor, n, &key),
            Some(Action::Choose) => self.load_choose(),
            Some(Action::Help) => self.help = true,
            Some(Action::Back) => self.screen = Screen::Title,
            None => {}
        }
    }

    pub(crate) fn load_choose(&mut self) {
        if let Some(entry) = self.saves.get(self.load_cursor).cloned() {
            self.resume(&entry.path);
        }
    }
}
