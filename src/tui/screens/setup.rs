//! The new-game form on screen.

use crate::tui::app::{App, Hit, Row, Screen};
use crate::tui::draw::{Ctx, Hits};
use crate::tui::widgets::block;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};
use rummy::seat::SeatKind;

pub fn draw(buf: &mut Buffer, area: Rect, ctx: &Ctx, hits: &mut Hits) {
    let (app, theme) = (ctx.app, ctx.theme);
    let form = &app.setup;
    let outer = block(theme, "New game");
    let inner = outer.inner(area);
    outer.render(area, buf);
    let rows = form.rows();
    let mut lines = Vec::new();
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
                (format!("Seat {}", s + 1), format!("< {kind} >  {name}"))
            }
            Row::Opt(o) => {
                let (k, v) = &form.options[o];
                let v = match v {
                    toml::Value::Boolean(b) => if *b { "< on >" } else { "< off >" }.to_string(),
                    toml::Value::String(s)
                        if rummy::variants::option_choices(form.variant, k).is_empty() =>
                    {
                        s.clone()
                    }
                    toml::Value::String(s) => format!("< {} >", s.replace('_', " ")),
                    other => format!("< {other} >"),
                };
                (k.replace('_', " "), v)
            }
            Row::Kids => (
                "Kids' mode".to_string(),
                if form.kids { "< on >" } else { "< off >" }.to_string(),
            ),
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
            Span::styled(format!("{label:<14}"), theme.dim()),
            Span::styled(value, style),
        ]));
        let y = inner.y + (i - skip) as u16;
        if y < inner.bottom() {
            hits.push((Rect::new(inner.x, y, inner.width, 1), Hit::Row(i)));
        }
    }
    Paragraph::new(lines).render(inner, buf);
}

impl App {
    pub(crate) fn setup_key(&mut self, key: KeyEvent) {
        let form = &mut self.setup;
        let row = form.row();
        if let Some(buf) = form.editing.as_mut() {
            match key.code {
                KeyCode::Enter => {
                    let text = buf.trim().to_string();
                    form.editing = None;
                    match row {
                        Row::Seat(i) if !text.is_empty() => form.seats[i].name = text,
                        Row::Seed => match text.parse::<u64>() {
                            Ok(s) => form.seed = Some(s),
                            Err(_) => {
                                self.message =
                                    Some(("A seed is a whole number, such as 1234.".into(), true))
                            }
                        },
                        _ => {}
                    }
                }
                KeyCode::Esc => form.editing = None,
                KeyCode::Backspace => {
                    buf.pop();
                }
                KeyCode::Char(c) if !c.is_control() && buf.chars().count() < 20 => {
                    let ok = match row {
                        Row::Seed => c.is_ascii_digit(),
                        _ => true,
                    };
                    if ok {
                        buf.push(c);
                    }
                }
                _ => {}
            }
            return;
        }
        let n = form.rows().len();
        match key.code {
            KeyCode::Up | KeyCode::Char('k') => form.cursor = (form.cursor + n - 1) % n,
            KeyCode::Down | KeyCode::Char('j') | KeyCode::Tab => {
                form.cursor = (form.cursor + 1) % n
            }
            KeyCode::Left | KeyCode::Char('h') => form.change(-1),
            KeyCode::Right | KeyCode::Char('l') => form.change(1),
            KeyCode::Char('r') => form.seed = None,
            KeyCode::Char('s') => self.start_game(),
            KeyCode::Enter | KeyCode::Char(' ') => match form.row() {
                Row::Seat(i) if form.seats[i].is_human() => {
                    form.editing = Some(form.seats[i].name.clone())
                }
                Row::Seed => form.editing = Some(String::new()),
                Row::Start => self.start_game(),
                _ => form.change(1),
            },
            KeyCode::Char('q') | KeyCode::Esc => self.screen = Screen::Title,
            _ => {}
        }
    }
}
