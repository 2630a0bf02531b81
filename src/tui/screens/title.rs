//! The title screen: the menu.

use crate::tui::commands::{Command, ENTER, ESC, SPACE, ch, find, list_moves, step};
use crate::tui::route::{Go, Hit, Hits};
use crate::tui::text::wrap;
use crate::tui::theme::Theme;
use crate::tui::widgets::block;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::KeyEvent;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

pub const TITLE_ITEMS: [&str; 9] = [
    "New game",
    "Continue",
    "Load a game",
    "How to play",
    "Statistics",
    "Learn a game",
    "Today's deal",
    "Practise your slips",
    "Quit",
];

/// The title's line for someone who has never played here.
pub const FIRST_RUN: &str =
    "New here? Choose Learn a game: a coach plays with you, a move at a time.";

/// The title: which item the cursor is on.
#[derive(Default)]
pub struct TitleScreen {
    pub cursor: usize,
}

/// The title with its menu, `items` (as [`crate::tui::app::App::title_items`]
/// gives them), and the line for a newcomer when `first_run`.
pub fn draw(
    screen: &TitleScreen,
    items: &[&str],
    first_run: bool,
    buf: &mut Buffer,
    area: Rect,
    theme: &Theme,
    hits: &mut Hits,
) {
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
    if first_run {
        lines.push(Line::default());
        lines.extend(
            wrap(FIRST_RUN, inner.width as usize)
                .into_iter()
                .map(|l| Line::from(Span::styled(l, theme.accent()))),
        );
    }
    lines.push(Line::default());
    let top = inner.y + lines.len() as u16;
    for (i, item) in items.iter().enumerate() {
        let style = if i == screen.cursor {
            theme.cursor()
        } else {
            Style::default()
        };
        let mark = if i == screen.cursor {
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

impl TitleScreen {
    /// A key on the title, whose menu is `items`.
    pub fn key(&mut self, key: KeyEvent, items: &[&'static str]) -> Go {
        match find(&commands(), &key) {
            Some(Action::Move) => {
                self.cursor = step(self.cursor, items.len(), &key);
                Go::Stay
            }
            Some(Action::Choose) => self.choose(items),
            Some(Action::Help) => Go::Help,
            Some(Action::Quit) => Go::Quit,
            Some(Action::AskQuit) => Go::AskQuit,
            None => Go::Stay,
        }
    }

    /// The item under the cursor (Quit if there is none).
    pub fn choose(&self, items: &[&'static str]) -> Go {
        Go::Menu(items.get(self.cursor).copied().unwrap_or("Quit"))
    }
}
