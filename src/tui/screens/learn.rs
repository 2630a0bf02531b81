//! "Learn a game": the chooser of a lesson (see `guide`), and the
//! learner's name.

use crate::tui::commands::{
    Command, DOWN, ENTER, ESC, Key, LEFT, RIGHT, SPACE, UP, ch, find, step,
};
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

const ABOUT: &str = "Play a game against two bots, with a coach who says what to do, why, \
and which keys to press. The lesson lasts until you have made every kind of move of the \
game; then you play on alone, or with the coach.";

/// What the chooser says of today's deal.
const DAILY_ABOUT: &str = "Today's deal of each game, the same for everyone: you against two \
hard bots. When it is over, the expert plays your cards again, and a line to share says how \
you did without giving a card away. The day's first try counts; later ones are replays.";

/// The chooser: which game's lesson the cursor is on, and the learner's
/// name once one is chosen; or, as Today's deal, which game's deal of the
/// day.
#[derive(Default)]
pub struct LearnScreen {
    pub cursor: usize,
    /// The chooser of today's deals, not of lessons.
    pub daily: bool,
    /// The learner's name as it is typed, once a game is chosen.
    pub naming: Option<String>,
    /// The name shown is the one offered: the first letter typed
    /// replaces it.
    pub fresh: bool,
    /// The name given, for the lesson about to start.
    pub name: Option<String>,
}

/// What the name field asks.
const ASK_NAME: &str = "Your name, for the coach and the score sheet:";

pub fn draw(screen: &LearnScreen, buf: &mut Buffer, area: Rect, theme: &Theme, hits: &mut Hits) {
    let (title, about) = if screen.daily {
        ("Today's deal", DAILY_ABOUT)
    } else {
        ("Learn a game", ABOUT)
    };
    let outer = block(theme, title);
    let inner = outer.inner(area);
    outer.render(area, buf);
    let mut lines: Vec<Line> = wrap(about, inner.width as usize)
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
    if let Some(text) = screen.naming.as_deref() {
        lines.push(Line::default());
        lines.push(Line::from(ASK_NAME));
        let shown = if screen.fresh {
            Span::styled(text.to_string(), theme.cursor())
        } else {
            Span::styled(format!("{text}_"), theme.accent())
        };
        lines.push(Line::from(vec![Span::raw("  "), shown]));
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
    Type,
    Erase,
    Done,
    Cancel,
}

/// The chooser's keys; while the name is typed, the typing keys.
pub fn commands(screen: &LearnScreen) -> Vec<Command<Action>> {
    if let Some(text) = screen.naming.as_deref() {
        return vec![
            Command::new(Action::Type, &[Key::Typed])
                .bar("letters type")
                .help("letters", "type your name"),
            Command::new(Action::Erase, &[Key::Code(KeyCode::Backspace)])
                .bar("Backspace erase")
                .help("Backspace", "erase the last letter")
                .enabled(!text.is_empty()),
            Command::new(Action::Done, &[ENTER])
                .bar("Enter start")
                .help("Enter", "start the lesson")
                .enabled(!text.trim().is_empty()),
            Command::new(Action::Cancel, &[ESC])
                .bar("Esc back")
                .help("Esc", "back to the list of games"),
        ];
    }
    vec![
        Command::new(Action::Move, &[UP, ch('k'), LEFT, DOWN, ch('j'), RIGHT])
            .bar("↑↓ game")
            .help("← → or ↑ ↓", "choose a game"),
        Command::new(Action::Choose, &[ENTER, SPACE])
            .bar("Enter start")
            .help(
                "Enter, space",
                if screen.daily {
                    "play its deal of today"
                } else {
                    "choose it: then your name starts its lesson"
                },
            ),
        Command::note("mouse", "click a game to start it"),
        Command::new(Action::Help, &[ch('?')]).bar("? help"),
        Command::new(Action::Back, &[ch('q'), ESC])
            .bar("Esc back")
            .help("q, Esc", "back to the title"),
    ]
}

impl LearnScreen {
    /// A key. `offered`: the name to offer when a game is chosen, if the
    /// learner is asked for one (not over the network, where the
    /// connection names the player).
    pub fn key(&mut self, key: KeyEvent, offered: Option<&str>) -> Go {
        let n = GUIDES.len();
        match find(&commands(self), &key) {
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
            Some(Action::Choose) => self.choose(offered),
            Some(Action::Help) => Go::Help,
            Some(Action::Back) => Go::Back(crate::tui::route::Screen::Title),
            Some(Action::Type) => {
                if let (KeyCode::Char(c), Some(text)) = (key.code, self.naming.as_mut()) {
                    if self.fresh {
                        text.clear();
                        self.fresh = false;
                    }
                    if text.chars().count() < rummy::seat::MAX_NAME {
                        text.push(c);
                    }
                }
                Go::Hush
            }
            Some(Action::Erase) => {
                if let Some(text) = self.naming.as_mut() {
                    if self.fresh {
                        text.clear();
                    } else {
                        text.pop();
                    }
                }
                self.fresh = false;
                Go::Hush
            }
            Some(Action::Cancel) => {
                self.naming = None;
                self.fresh = false;
                Go::Hush
            }
            Some(Action::Done) => {
                let name = self
                    .naming
                    .as_deref()
                    .unwrap_or_default()
                    .trim()
                    .to_string();
                if let Some(why) = rummy::seat::name_problem(&name) {
                    self.fresh = false;
                    return Go::Say(why, true);
                }
                self.naming = None;
                self.fresh = false;
                self.name = Some(name);
                GUIDES
                    .get(self.cursor)
                    .map_or(Go::Stay, |g| Go::Learn(g.variant))
            }
            None => Go::Stay,
        }
    }

    /// The lesson under the cursor: its name asked first when `offered`
    /// says which to offer ("" for none), else started.
    pub fn choose(&mut self, offered: Option<&str>) -> Go {
        let Some(g) = GUIDES.get(self.cursor) else {
            return Go::Stay;
        };
        if self.daily {
            return Go::Daily(g.variant);
        }
        match offered {
            Some(name) => {
                self.naming = Some(name.to_string());
                self.fresh = !name.is_empty();
                Go::Hush
            }
            None => Go::Learn(g.variant),
        }
    }
}
