//! The new-game form on screen.

use crate::tui::commands::{
    Command, DOWN, ENTER, ESC, Key, LEFT, RIGHT, Rank, SPACE, UP, ch, find,
};
use crate::tui::form::{Row, SetupForm};
use crate::tui::route::{Go, Hit, Hits, Screen};
use crate::tui::store::Store;
use crate::tui::theme::Theme;
use crate::tui::widgets::block;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};
use rummy::seat::SeatKind;

/// The width of the form's labels: the longest, and a space.
const LABEL_WIDTH: usize = 19;

/// The form (a table's, over the network, when `online`).
pub fn draw(
    form: &SetupForm,
    online: bool,
    buf: &mut Buffer,
    area: Rect,
    theme: &Theme,
    hits: &mut Hits,
) {
    let outer = block(theme, if online { "New table" } else { "New game" });
    let inner = outer.inner(area);
    outer.render(area, buf);
    let rows = form.rows();
    let mut lines = Vec::new();
    // The last lines say what the current row does; a blank line above them.
    let about = crate::tui::text::wrap(
        &theme.plain(&form.about()),
        inner.width.saturating_sub(2) as usize,
    );
    let about_height = (about.len() as u16 + 1).min(inner.height.saturating_sub(4));
    let (inner, about_area) = (
        Rect::new(inner.x, inner.y, inner.width, inner.height - about_height),
        Rect::new(
            inner.x + 2.min(inner.width),
            inner.bottom() - about_height,
            inner.width.saturating_sub(2),
            about_height,
        ),
    );
    let about: Vec<Line> = std::iter::once(Line::default())
        .chain(about.into_iter().map(|l| Line::styled(l, theme.dim())))
        .collect();
    Paragraph::new(about).render(about_area, buf);
    // Keep the cursor on screen when the rows do not fit.
    let skip = (form.cursor + 1).saturating_sub(inner.height as usize);
    for (i, row) in rows.iter().enumerate().skip(skip) {
        let here = i == form.cursor;
        let editing = here && form.editing.is_some();
        let (label, value) = match *row {
            Row::Game => ("Game".to_string(), format!("< {} >", form.variant.title())),
            Row::SeatCount => (
                "Seats".to_string(),
                format!(
                    "< {} >  ({}-{})",
                    form.seats.len(),
                    form.min_seats,
                    form.max_seats
                ),
            ),
            Row::Seat(s) => {
                let seat = &form.seats[s];
                let kind = match seat.kind {
                    SeatKind::Human => "human".to_string(),
                    SeatKind::Bot(l) => format!("bot, {l}"),
                };
                let name = match (&form.editing, editing) {
                    (Some(buf), true) => format!("{buf}_"),
                    _ => seat.name.clone(),
                };
                if editing && form.fresh {
                    // The old name, selected: what is typed replaces it.
                    let label = format!("{label:<LABEL_WIDTH$}", label = format!("Seat {}", s + 1));
                    lines.push(Line::from(vec![
                        Span::raw(format!("{} ", theme.turn_mark())),
                        Span::styled(label, theme.dim()),
                        Span::styled(theme.plain(&format!("< {kind} >  ")), theme.cursor()),
                        Span::styled(
                            seat.name.clone(),
                            theme.cursor().add_modifier(Modifier::REVERSED),
                        ),
                        Span::styled("_", theme.cursor()),
                    ]));
                    let y = inner.y + (i - skip) as u16;
                    if y < inner.bottom() {
                        hits.push((Rect::new(inner.x, y, inner.width, 1), Hit::Row(i)));
                    }
                    continue;
                }
                (format!("Seat {}", s + 1), format!("< {kind} >  {name}"))
            }
            Row::Opt(o) => {
                let (k, v) = &form.options[o];
                let v = match v {
                    _ if editing => format!("{}_", form.editing.as_deref().unwrap_or("")),
                    toml::Value::Boolean(b) => if *b { "< on >" } else { "< off >" }.to_string(),
                    toml::Value::String(s)
                        if rummy::variants::option_choices(form.variant, k).is_empty() =>
                    {
                        s.clone()
                    }
                    toml::Value::String(s) => format!("< {} >", s.replace('_', " ")),
                    other => format!("< {other} >"),
                };
                (
                    rummy::variants::option_label(form.variant, k).to_string(),
                    v,
                )
            }
            Row::Kids => (
                "Kids' mode".to_string(),
                if form.kids { "< on >" } else { "< off >" }.to_string(),
            ),
            Row::BotSpeed => (
                "Bot speed".to_string(),
                format!("< {} >", crate::tui::form::speed_label(form.bot_pause)),
            ),
            Row::Theme => ("Theme".to_string(), format!("< {} >", form.palette.name())),
            Row::Seed => (
                "Seed".to_string(),
                match (&form.editing, editing) {
                    (Some(buf), true) => format!("{buf}_"),
                    _ => form.seed.map_or("random".to_string(), |s| s.to_string()),
                },
            ),
            Row::Start => ("".to_string(), "[ Start ]".to_string()),
        };
        let style = if here {
            theme.cursor()
        } else {
            Style::default()
        };
        let mark = if here { theme.turn_mark() } else { " " };
        lines.push(Line::from(vec![
            Span::raw(format!("{mark} ")),
            Span::styled(format!("{label:<LABEL_WIDTH$}"), theme.dim()),
            Span::styled(theme.plain(&value), style),
        ]));
        let y = inner.y + (i - skip) as u16;
        if y < inner.bottom() {
            hits.push((Rect::new(inner.x, y, inner.width, 1), Hit::Row(i)));
        }
    }
    Paragraph::new(lines).render(inner, buf);
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    Row,
    Change,
    Enter,
    Start,
    RandomSeed,
    Forget,
    Help,
    Back,
    /// While a name or the seed is typed.
    Type,
    Erase,
    Done,
    Cancel,
}

/// The form's keys; while a name or the seed is typed, the typing keys.
pub fn commands(form: &SetupForm) -> Vec<Command<Action>> {
    if form.editing.is_some() {
        let what = if matches!(form.row(), Row::Seat(_)) {
            "letters"
        } else {
            "digits"
        };
        // With nothing typed, there is nothing to erase, and Enter would
        // only be refused: Esc keeps the value as it was.
        let typed = form
            .editing
            .as_deref()
            .is_some_and(|t| !t.trim().is_empty());
        return vec![
            Command::new(Action::Type, &[Key::Typed]).bar(format!("{what} type")),
            Command::new(Action::Erase, &[Key::Code(KeyCode::Backspace)])
                .bar("Backspace erase")
                .enabled(form.editing.as_deref().is_some_and(|t| !t.is_empty())),
            Command::new(Action::Done, &[ENTER])
                .bar("Enter done")
                .enabled(typed),
            Command::new(Action::Cancel, &[ESC]).bar("Esc cancel"),
        ];
    }
    vec![
        Command::new(Action::Row, &[UP, ch('k'), DOWN, ch('j'), Key::Code(KeyCode::Tab)])
            .bar("↑↓ row")
            .help("↑ ↓ (k j)", "move between rows"),
        Command::new(Action::Change, &[LEFT, ch('h'), RIGHT, ch('l')])
            .bar("←→ change")
            .help(
                "← → (h l)",
                "change the value: the game, the number of seats,\nhuman or bot level, an option, kids' mode,\nthe bots' speed",
            ),
        Command::new(Action::Enter, &[ENTER, SPACE])
            .bar(match form.row() {
                Row::Seat(i) if !form.online && form.seats.get(i).is_some_and(|s| s.is_human()) => {
                    "Enter type name"
                }
                Row::Opt(i) if matches!(form.options.get(i), Some((_, toml::Value::Integer(_)))) => {
                    "Enter type number"
                }
                Row::Seed => "Enter type seed",
                Row::Start => "Enter start",
                _ => "Enter change",
            })
            .help("Enter", "type a name, number or seed; on Start, start"),
        Command::new(Action::Start, &[ch('s')])
            .bar("s start")
            .help("s", "start now"),
        Command::new(Action::RandomSeed, &[ch('r')])
            .bar("r random")
            .help("r", "a random seed (the default)")
            .enabled(!form.online),
        Command::new(Action::Forget, &[ch('x')])
            .bar("x forget")
            .rank(Rank::Extra)
            .help("x", "forget the names, game and options remembered: the form as it first was")
            .enabled(!form.online),
        Command::new(Action::Help, &[ch('?')]).bar("? help"),
        Command::new(Action::Back, &[ch('q'), ESC])
            .bar("Esc back")
            .help("Esc, q", "back to the title"),
    ]
}

/// What the form's help page says beyond its keys.
pub const NOTES: &str = "The seed decides the shuffle: the same seed and seats deal the\n\
    same game again. The random seed of a game with hidden hands\n\
    is shown only when the game is over, so nobody can deal it\n\
    again to see another player's hand.";

/// A key on the form: what the app is to do, in order (the status line
/// cleared, then what the key said).
pub fn key(form: &mut SetupForm, key: KeyEvent, store: Option<&Store>) -> Vec<Go> {
    let Some(action) = find(&commands(form), &key) else {
        return Vec::new();
    };
    // A refusal is about the key before: the next says its own.
    let mut out = Vec::new();
    if form.editing.is_none() {
        out.push(Go::Hush);
    }
    let row = form.row();
    let n = form.rows().len();
    match action {
        Action::Row if matches!(key.code, KeyCode::Up | KeyCode::Char('k')) => {
            form.cursor = (form.cursor + n - 1) % n
        }
        Action::Row => form.cursor = (form.cursor + 1) % n,
        Action::Change => {
            let step = if matches!(key.code, KeyCode::Left | KeyCode::Char('h')) {
                -1
            } else {
                1
            };
            match form.change(step) {
                Ok(()) => out.push(Go::Hush),
                Err(why) => say(&mut out, why, true),
            }
        }
        Action::RandomSeed => form.seed = None,
        Action::Forget => {
            form.forget();
            let forgot = store.map_or(Ok(()), |s| s.forget_form());
            match forgot {
                Ok(()) => say(
                    &mut out,
                    "Forgotten: the form is as it first was, and nothing is remembered.",
                    false,
                ),
                Err(why) => say(&mut out, why, true),
            }
        }
        Action::Start => out.push(Go::Start),
        Action::Enter => match row {
            Row::Seat(i) if form.seats[i].is_human() && !form.online => {
                form.editing = Some(form.seats[i].name.clone());
                form.fresh = true;
            }
            Row::Seed => form.editing = Some(String::new()),
            Row::Opt(i) if matches!(form.options[i].1, toml::Value::Integer(_)) => {
                form.editing = Some(String::new())
            }
            Row::Start => out.push(Go::Start),
            _ => {
                if let Err(why) = form.change(1) {
                    say(&mut out, why, true);
                }
            }
        },
        Action::Help => out.push(Go::Help),
        Action::Back => out.push(Go::Back(Screen::Title)),
        Action::Type => {
            if form.fresh && matches!(key.code, KeyCode::Char(_)) {
                form.editing = Some(String::new());
            }
            form.fresh = false;
            if let (KeyCode::Char(c), Some(buf)) = (key.code, form.editing.as_mut())
                && buf.chars().count() < rummy::seat::MAX_NAME
                && (matches!(row, Row::Seat(_)) || c.is_ascii_digit())
            {
                buf.push(c);
            }
        }
        Action::Erase if form.fresh => {
            form.editing = Some(String::new());
            form.fresh = false;
        }
        Action::Erase => {
            form.editing.as_mut().map(String::pop);
        }
        Action::Cancel => {
            form.editing = None;
            form.fresh = false;
        }
        Action::Done => {
            form.fresh = false;
            let text = form.editing.take().unwrap_or_default().trim().to_string();
            match row {
                Row::Seat(i) => match rummy::seat::name_problem(&text) {
                    None => {
                        form.seats[i].name = text;
                        out.push(Go::Hush);
                    }
                    // Typing goes on, so the name can be put right.
                    Some(why) => {
                        form.editing = Some(text);
                        say(&mut out, why, true);
                    }
                },
                Row::Opt(i) => {
                    // Digits only: a number too big to read is out of
                    // range, and the rules say which range.
                    let set = match text.parse::<i64>() {
                        Ok(n) => form.set_number(i, n),
                        Err(_) if !text.is_empty() => form.set_number(i, i64::MAX),

                        Err(_) => Err("Type a whole number, such as 3.".to_string()),
                    };
                    match set {
                        Ok(()) => out.push(Go::Hush),
                        // Typing goes on, so the number can be put right.
                        Err(why) => {
                            form.editing = Some(text);
                            say(&mut out, why, true);
                        }
                    }
                }
                Row::Seed => match text.parse::<u64>() {
                    Ok(s) => form.seed = Some(s),
                    Err(_) => say(&mut out, "A seed is a whole number, such as 1234.", true),
                },
                _ => {}
            }
        }
    }
    out
}

fn say(out: &mut Vec<Go>, text: impl Into<String>, error: bool) {
    out.push(Go::Say(text.into(), error));
}
