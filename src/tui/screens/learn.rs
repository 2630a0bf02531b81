//! "Learn a game": the chooser of a guided first deal (see `guide`).

use crate::tui::commands::{Command, DOWN, ENTER, ESC, LEFT, RIGHT, SPACE, UP, ch, find, step};
use crate::tui::guide::GUIDES;
use crate::tui::route::{Go, Hit, Hits};
use crate::tui::text::wrap;
use crate::tui::theme::Theme;
use crate::tui::widgets::block;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

const ABOUT: &str = "Play the first deal of a game against two bots, with a coach who says \
what to do, why, and which keys to press. After the first deal the game goes on as a \
normal game.";

/// The chooser: which game's guided deal the cursor is on.
#[derive(Default)]
pub struct LearnScreen {
    pub cursor: usize,
}

pub fn draw(screen: &LearnScreen, buf: &mut Buffer, area: Rect, theme: &Theme, hits: &mut Hits) {
    let outer = block(theme, "Learn a game");
    let inner = outer.inner(area);
    outer.render(area, buf);
    let mut lines: Vec<Line> = wrap(ABOUT, inner.width as usize)
        .into_iter()
        .map(|l| Line::from(Span::styled(l, theme.dim())))
        .collect();
    lines.push(Line::default());
    let top = inner.y + lines.len() as u16;
    for (i, g) in GUIDES.iter().enumerate() {
        let chosen = i == screen.cursor;
        let style = if chosen {
            theme.cursor()
        } else {
            Style::default()
        };
        let mark = if chosen { theme.turn_mark() } else { " " };
        lines.push(Line::from(Span::styled(
            format!("{mark} {}", g.variant.title()),
            style,
        )));
        hits.push((
            Rect::new(inner.x, top + i as u16, inner.width, 1),
            Hit::Row(i),
        ));
    }
    // What the chosen game is about.
    if let Some(g) = GUIDES.get(screen.cursor) {
        lines.push(Line::default());
        lines.extend(
            wrap(g.goal, inner.width as usize)
                .into_iter()
                .map(|l| Line::from(Span::styled(l, theme.dim()))),
        );
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

/// The chooser's keys.
pub fn commands() -> Vec<Command<Action>> {
    vec![
        Command::new(Action::Move, &[UP, ch('k'), LEFT, DOWN, ch('j'), RIGHT])
            .bar("↑↓ game")
            .help("← → or ↑ ↓", "choose a game"),
        Command::new(Action::Choose, &[ENTER, SPACE])
            .bar("Enter start")
            .help("Enter, space", "start its guided first deal"),
        Command::note("mouse", "click a game to start it"),
        Command::new(Action::Help, &[ch('?')]).bar("? help"),
        Command::new(Action::Back, &[ch('q'), ESC])
            .bar("Esc back")
            .help("q, Esc", "back to the title"),
    ]
}

impl LearnScreen {
    pub fn key(&mut self, key: KeyEvent) -> Go {
        let n = GUIDES.len();
        match find(&commands(), &key) {
            Some(Action::Move) => {
                // Left goes back as up does.
                let key = if key.code == KeyCode::Left {
                    KeyEvent::from(KeyCode::Up)
                } else {
                    key
                };
                self.cursor = step(self.cursor, n, &key);
                Go::Stay
            }
            Some(Action::Choose) => self.choose(),
            Some(Action::Help) => Go::Help,
            Some(Action::Back) => Go::Back(crate::tui::route::Screen::Title),
            None => Go::Stay,
        }
    }

    /// The guided deal under the cursor.
    pub fn choose(&self) -> Go {
        GUIDES
            .get(self.cursor)
            .map_or(Go::Stay, |g| Go::Learn(g.variant))
    }
}
