//! The list of saved games.

use crate::tui::commands::{Command, ENTER, ESC, Key, SPACE, ch, find, list_moves, step};
use crate::tui::route::{Go, Hit, Hits, Screen};
use crate::tui::store::{SaveEntry, Store};
use crate::tui::theme::Theme;
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

/// The list of saves as last read, the one under the cursor, and the one
/// whose deletion is being asked about.
#[derive(Default)]
pub struct LoadScreen {
    pub saves: Vec<SaveEntry>,
    pub cursor: usize,
    pub confirm_delete: Option<usize>,
}

/// The list of saves in `store` (whose folder the title names).
pub fn draw(
    screen: &LoadScreen,
    store: Option<&Store>,
    buf: &mut Buffer,
    area: Rect,
    theme: &Theme,
    hits: &mut Hits,
) {
    let app = screen;
    let title = match store {
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
    let skip = (app.cursor + 1).saturating_sub(inner.height as usize);
    let mut lines = Vec::new();
    for (i, s) in app.saves.iter().enumerate().skip(skip) {
        let style = if i == app.cursor {
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

impl LoadScreen {
    /// The screen listing the saves of `store`, and what the status line is
    /// to say of the files it could not read.
    pub fn open(store: &Store) -> (LoadScreen, Option<String>) {
        let (saves, problems) = store.list();
        let screen = LoadScreen {
            saves,
            ..LoadScreen::default()
        };
        (screen, (!problems.is_empty()).then(|| problems.join(" ")))
    }

    pub fn key(&mut self, key: KeyEvent, store: Option<&Store>) -> Go {
        if let Some(i) = self.confirm_delete.take() {
            return if find(&confirm_delete_commands(), &key) == Some(true) {
                self.delete_save(i, store)
            } else {
                Go::Say("The save is kept.".to_string(), false)
            };
        }
        let n = self.saves.len().max(1);
        match find(&commands(!self.saves.is_empty()), &key) {
            Some(Action::Move) => self.cursor = step(self.cursor, n, &key),
            Some(Action::Choose) => return self.choose(),
            // The replay of the selected save.
            Some(Action::View) => {
                if let Some(entry) = self.saves.get(self.cursor) {
                    return Go::Replay(entry.path.clone(), Screen::Load);
                }
            }
            Some(Action::Delete) => {
                if let Some(entry) = self.saves.get(self.cursor) {
                    let question = format!("Delete the save of {}? y/n", entry.summary);
                    self.confirm_delete = Some(self.cursor);
                    return Go::Say(question, false);
                }
            }
            Some(Action::Help) => return Go::Help,
            Some(Action::Back) => return Go::Back(Screen::Title),
            None => {}
        }
        Go::Stay
    }

    /// Deletes the save at place `i` of the list, and lists the saves again.
    fn delete_save(&mut self, i: usize, store: Option<&Store>) -> Go {
        let (Some(entry), Some(store)) = (self.saves.get(i).cloned(), store) else {
            return Go::Stay;
        };
        match store.delete(&entry.path) {
            Ok(()) => {
                let (saves, problems) = store.list();
                self.saves = saves;
                self.cursor = i.min(self.saves.len().saturating_sub(1));
                let mut text = vec![format!("Deleted the save of {}.", entry.summary)];
                text.extend(problems);
                let error = text.len() > 1;
                Go::Say(text.join(" "), error)
            }
            Err(e) => Go::Say(e, true),
        }
    }

    /// The game under the cursor, loaded.
    pub fn choose(&self) -> Go {
        self.saves
            .get(self.cursor)
            .map_or(Go::Stay, |entry| Go::Resume(entry.path.clone()))
    }
}
