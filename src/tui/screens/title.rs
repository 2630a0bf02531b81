//! The title screen: the menu.

use crate::tui::app::{App, Hit, Screen};
use crate::tui::commands::{Command, ENTER, ESC, SPACE, ch, find, list_moves, step};
use crate::tui::draw::{Ctx, Hits};
use crate::tui::text::wrap;
use crate::tui::widgets::block;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::KeyEvent;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

pub const TITLE_ITEMS: [&str; 7] = [
    "New game",
    "Continue",
    "Load a game",
    "How to play",
    "Statistics",
    "Learn a game",
    "Quit",
];

/// The title's line for someone who has never played here.
pub const FIRST_RUN: &str =
    "New here? Choose Learn a game: a coach plays your first deal with you, a move at a time.";

pub fn draw(buf: &mut Buffer, area: Rect, ctx: &Ctx, hits: &mut Hits) {
    let (app, theme) = (ctx.app, ctx.theme);
    let outer = block(theme, "rummy");
    let inner = outer.inner(area);
    outer.render(area, buf);
    let mut lines = vec![Line::from(Span::styled(
        "Five rummy games for the family",
        theme.accent(),
    ))];
    lines.extend(
        wrap(&ready(), inner.width as usize)
            .into_iter()
            .map(|l| Line::from(Span::styled(l, theme.dim()))),
    );
    if app.first_run && !app.is_online() {
        lines.push(Line::default());
        lines.extend(
            wrap(FIRST_RUN, inner.width as usize)
                .into_iter()
                .map(|l| Line::from(Span::styled(l, theme.accent()))),
        );
    }
    lines.push(Line::default());
    let top = inner.y + lines.len() as u16;
    for (i, item) in items(app).iter().enumerate() {
        let style = if i == app.title_cursor {
            theme.cursor()
        } else {
            Style::default()
        };
        let mark = if i == app.title_cursor {
            theme.turn_mark()
        } else {
            " "
        };
        lines.push(Line::from(Span::styled(format!("{mark} {item}"), style)));
        hits.push((
            Rect::new(inner.x, top + i as u16, inner.width, 1),
            Hit::Row(i),
        ));
    }
    Paragraph::new(lines).render(inner, buf);
}

/// The title's items: over the network, tables take the place of saves;
/// Continue only with a saved game to continue.
pub fn items(app: &App) -> Vec<&'static str> {
    if app.is_online() {
        return crate::tui::online::TITLE_ITEMS.to_vec();
    }
    let continuable = app.can_continue();
    TITLE_ITEMS
        .into_iter()
        .filter(|&item| item != "Continue" || continuable)
        .collect()
}

/// Where `item` stands on the title now (0 when it is not there).
#[cfg(test)]
pub fn index_of(app: &App, item: &str) -> usize {
    items(app).iter().position(|&i| i == item).unwrap_or(0)
}

/// "Ready: Wrummy 3-4-5, ... and Wump Rummy.": the games this build plays.
fn ready() -> String {
    let titles: Vec<&str> = rummy::variants::registered()
        .into_iter()
        .map(|v| v.title())
        .collect();
    match titles.as_slice() {
        [] => "No game is ready.".to_string(),
        [one] => format!("Ready: {one}."),
        [rest @ .., last] => format!("Ready: {} and {last}.", rest.join(", ")),
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    Move,
    Choose,
    Help,
    Quit,
    AskQuit,
}

/// The title screen's keys.
pub fn commands() -> Vec<Command<Action>> {
    vec![
        list_moves(Action::Move),
        Command::new(Action::Choose, &[ENTER, SPACE])
            .bar("Enter choose")
            .help("Enter, space", "choose"),
        Command::note("mouse", "click an item"),
        Command::new(Action::Help, &[ch('?')]).bar("? help"),
        Command::new(Action::Quit, &[ch('q')]).bar("q quit"),
        Command::new(Action::AskQuit, &[ESC]).help("Esc", "asks before quitting"),
        Command::note("Ctrl-C", "quit at once; Ctrl-Z suspends"),
    ]
}

impl App {
    pub(crate) fn title_key(&mut self, key: KeyEvent) {
        let n = items(self).len();
        match find(&commands(), &key) {
            Some(Action::Move) => self.title_cursor = step(self.title_cursor, n, &key),
            Some(Action::Choose) => self.title_choose(),
            Some(Action::Help) => self.help = true,
            // Over the network, q and Esc ask first: Esc is "back"
            // everywhere else, and pressed once too often it would
            // disconnect.
            Some(Action::Quit) => self.ask_leave(),
            // Esc is "back" on every other screen: pressed once too often
            // here, it asks instead of closing the program.
            Some(Action::AskQuit) if self.is_online() => self.ask_leave(),
            Some(Action::AskQuit) => self.confirm_exit = true,
            None => {}
        }
    }

    pub(crate) fn title_choose(&mut self) {
        self.message = None;
        if self.is_online() {
            let item = items(self).get(self.title_cursor).copied();
            match item {
                Some("New table") => {
                    let refusal = self.online.as_ref().and_then(|o| o.refusal.clone());
                    match refusal {
                        Some(why) => self.say(why, true),
                        None => {
                            self.setup.cursor = 0;
                            self.screen = Screen::Setup;
                        }
                    }
                }
                Some("Join a table") => self.open_join(),
                Some("How to play") => {
                    self.rules_scroll = 0;
                    self.screen = Screen::Rules;
                }
                Some("Learn a game") => self.screen = Screen::Learn,
                _ => self.quit = true,
            }
            return;
        }
        let item = items(self).get(self.title_cursor).copied();
        match item {
            Some("New game") => {
                self.setup.seed = self.config.seed;
                self.setup.cursor = 0;
                self.screen = Screen::Setup;
            }
            Some("Continue") => self.continue_game(),
            Some("Load a game") => self.open_load(),
            Some("How to play") => {
                self.rules_scroll = 0;
                self.screen = Screen::Rules;
            }
            Some("Statistics") => self.open_stats(),
            Some("Learn a game") => self.screen = Screen::Learn,
            _ => self.quit = true,
        }
    }
}
