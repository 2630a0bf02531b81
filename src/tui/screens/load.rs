//! The list of saved games.

use crate::tui::app::{App, Hit, Screen};
use crate::tui::commands::{Command, ENTER, ESC, Key, SPACE, ch, find, list_moves, step};
use crate::tui::draw::{Ctx, Hits};
use crate::tui::widgets::block;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
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
        let elsewhere = if s.open_elsewhere {
            format!(" {} open in another window", theme.dot())
        } else {
            String::new()
        };
        let line = Line::from(Span::styled(
            theme.plain(&format!(
                "{:>12}  {}{elsewhere}",
                ago(s.modified),
                s.summary
            )),
            style,
        ));
        lines.push(crate::tui::widgets::fit_line(
            line,
            inner.width as usize,
            theme,
        ));
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
    View,
    Delete,
    Help,
    Back,
}

/// The question before a save is deleted: yes, or no.
pub fn confirm_delete_commands() -> Vec<Command<bool>> {
    vec![
        Command::new(true, &[ch('y'), ch('Y')]).bar("y delete"),
        Command::new(false, &[Key::Any]).bar("n keep"),
    ]
}

/// The keys of the list of saves (`any`: whether there is one to load,
/// replay or delete).
pub fn commands(any: bool) -> Vec<Command<Action>> {
    vec![
        list_moves(Action::Move).enabled(any),
        Command::new(Action::Choose, &[ENTER, SPACE])
            .bar("Enter load")
            .help("Enter, space", "load the game")
            .enabled(any),
        Command::new(Action::View, &[ch('v')])
            .bar("v replay")
            .help("v", "replay the game move by move")
            .enabled(any),
        Command::new(Action::Delete, &[ch('d'), Key::Code(KeyCode::Delete)])
            .bar("d delete")
            .help("d, Delete", "delete the save (asks first)")
            .enabled(any),
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
        if let Some(i) = self.confirm_delete.take() {
            if find(&confirm_delete_commands(), &key) == Some(true) {
                self.delete_save(i);
            } else {
                self.say("The save is kept.", false);
            }
            return;
        }
        let n = self.saves.len().max(1);
        match find(&commands(!self.saves.is_empty()), &key) {
            Some(Action::Move) => self.load_cursor = step(self.load_cursor, n, &key),
            Some(Action::Choose) => self.load_choose(),
            Some(Action::View) => self.load_view(),
            Some(Action::Delete) => {
                if let Some(entry) = self.saves.get(self.load_cursor) {
                    let question = format!("Delete the save of {}? y/n", entry.summary);
                    self.confirm_delete = Some(self.load_cursor);
                    self.say(question, false);
                }
            }
            Some(Action::Help) => self.help = true,
            Some(Action::Back) => self.screen = Screen::Title,
            None => {}
        }
    }

    /// Opens the replay of the selected save.
    fn load_view(&mut self) {
        let Some(entry) = self.saves.get(self.load_cursor).cloned() else {
            return;
        };
        if let Err(e) = self.open_replay(&entry.path, Some(Screen::Load)) {
            self.say(e, true);
        }
    }

    /// Deletes the save at place `i` of the list, and lists the saves again.
    fn delete_save(&mut self, i: usize) {
        let (Some(entry), Some(store)) = (self.saves.get(i).cloned(), self.store.clone()) else {
            return;
        };
        match store.delete(&entry.path) {
            Ok(()) => {
                let (saves, problems) = store.list();
                self.saves = saves;
                self.load_cursor = i.min(self.saves.len().saturating_sub(1));
                let mut text = vec![format!("Deleted the save of {}.", entry.summary)];
                text.extend(problems);
                let error = text.len() > 1;
                self.say(text.join(" "), error);
            }
            Err(e) => self.say(e, true),
        }
    }

    pub(crate) fn load_choose(&mut self) {
        if let Some(entry) = self.saves.get(self.load_cursor).cloned() {
            self.resume(&entry.path);
        }
    }
}
