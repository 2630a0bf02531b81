//! Drawing: reads the `App` and paints one frame. It returns where it drew
//! what a click can hit; it changes nothing else.

use super::app::{App, Hit, Screen, TableState};
use super::screens;
use super::table_state::TableView;
use super::text;
use super::theme::Theme;
use super::widgets::popup;
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};
use rummy::card::CardId;
use rummy::variants::VariantId;

pub const MIN_WIDTH: u16 = 64;
pub const MIN_HEIGHT: u16 = 18;

/// What a frame drew that matters once it is on screen: where a click can
/// hit, and every card it showed face up.
#[derive(Default)]
pub struct Drawn {
    pub hits: Vec<(Rect, Hit)>,
    pub face_up: Vec<CardId>,
}

impl Drawn {
    pub fn push(&mut self, hit: (Rect, Hit)) {
        self.hits.push(hit);
    }
}

pub type Hits = Drawn;

/// What one frame needs, worked out once at its top and passed down.
pub struct Ctx<'a> {
    pub app: &'a App,
    pub theme: &'a Theme,
    /// The game on the table, when the table is on screen.
    pub table: Option<TableFrame<'a>>,
}

/// The table for one frame: its state and the view of it (the snapshot).
pub struct TableFrame<'a> {
    pub t: &'a TableState,
    pub view: TableView,
}

impl<'a> Ctx<'a> {
    pub fn new(app: &'a App) -> Ctx<'a> {
        let table = app
            .table
            .as_ref()
            .filter(|_| app.screen == Screen::Table)
            .map(|t| TableFrame { t, view: t.view() });
        Ctx {
            app,
            theme: &app.config.theme,
            table,
        }
    }

    /// The rows the screen needs: a table needs a heading, a center label
    /// and two rows, two lines a seat (three in a word game: its words),
    /// the status and the keys.
    fn min_height(&self) -> u16 {
        match &self.table {
            Some(f) => {
                let per_seat = if f.view.snap.word_game { 3 } else { 2 };
                MIN_HEIGHT.max(8 + per_seat * f.t.game.seats().len() as u16)
            }
            None => MIN_HEIGHT,
        }
    }
}

pub fn draw(frame: &mut Frame, app: &App) -> Drawn {
    let ctx = Ctx::new(app);
    let area = frame.area();
    let mut hits = Drawn::default();
    let theme = ctx.theme;
    let need_height = ctx.min_height();
    if area.width < MIN_WIDTH || area.height < need_height {
        let text = format!(
            "Terminal too small: have {}×{}, need {MIN_WIDTH}×{need_height}",
            area.width, area.height
        );
        frame.render_widget(
            Paragraph::new(theme.plain(&text)).wrap(Wrap { trim: true }),
            area,
        );
        return hits;
    }
    let [body, status, bar] = Layout::vertical([
        Constraint::Min(1),
        Constraint::Length(3),
        Constraint::Length(1),
    ])
    .areas(area);
    let buf = frame.buffer_mut();
    let mut picking = false;
    let mut note = app.message.clone();
    match app.screen {
        Screen::Title => screens::title::draw(buf, body, &ctx, &mut hits),
        Screen::Setup => screens::setup::draw(buf, body, &ctx, &mut hits),
        Screen::Load => screens::load::draw(buf, body, &ctx, &mut hits),
        Screen::Rules => screens::rules::draw(buf, body, &ctx),
        Screen::Table => {
            if let Some(f) = ctx.table.as_ref() {
                picking = f.t.picking.is_some();
                note = screens::table::draw(buf, body, f, theme, &mut hits);
            }
        }
    }
    if let Some((text, error)) = note {
        let style = if error {
            theme.error()
        } else {
            Style::default()
        };
        let lines: Vec<Line> = theme
            .plain(&text)
            .lines()
            .map(|l| Line::from(Span::styled(l.to_string(), style)))
            .collect();
        Paragraph::new(lines)
            .wrap(Wrap { trim: true })
            .render(status, buf);
    }
    let keys = match app.table.as_ref() {
        _ if app.confirm_exit => "y quit  n stay",
        Some(t) if app.screen == Screen::Table && t.confirm_quit => "y leave  n stay",
        Some(t) if app.screen == Screen::Table && t.curtain().is_some() => {
            "Enter show the table  q leave"
        }
        Some(t) if app.screen == Screen::Table && t.end.is_some() => "Enter go on",
        Some(t) if app.screen == Screen::Table && t.typing.is_some() => text::TYPING_KEYS,
        Some(t) if app.screen == Screen::Table && t.game.variant() == VariantId::FiveSuited => {
            text::FIVE_SUITED_KEYS
        }
        // A word game's keys depend on where play stands: built from the game.
        Some(_) if ctx.table.as_ref().is_some_and(|f| f.view.snap.word_game) => {
            &word_keys(ctx.table.as_ref().expect("a table"))
        }
        _ => text::key_bar(app.screen, picking),
    };
    let keys = text::fit_key_bar(&theme.plain(keys), bar.width as usize);
    Paragraph::new(Span::styled(keys, theme.dim())).render(bar, buf);
    if let Some(t) = app.table.as_ref().filter(|_| app.screen == Screen::Table) {
        if app.confirm_exit {
            let lost = t.unsaved_text().unwrap_or_default();
            let body = format!("{lost}\nQuit anyway?\n\ny  quit      n  stay");
            popup(buf, area, "Quit?", &body, theme, 46);
        } else if t.confirm_quit {
            screens::table::confirm_popup(buf, area, t.unsaved_text().as_deref(), theme);
        } else if t.end.is_some() {
            screens::table::end_popup(buf, area, t, theme);
        }
    }
    if app.help {
        let page = match app.table.as_ref() {
            Some(t) if app.screen == Screen::Table && t.game.variant() == VariantId::FiveSuited => {
                text::FIVE_SUITED_HELP
            }
            Some(t) if app.screen == Screen::Table && t.game.variant() == VariantId::Wrummy => {
                text::WRUMMY_HELP
            }
            _ => text::help(app.screen),
        };
        popup(buf, area, "Help", page, theme, 66);
    }
    hits
}

/// The key bar of a word game: the keys that do something now.
fn word_keys(f: &TableFrame) -> String {
    let t = f.t;
    let mut keys: Vec<String> = Vec::new();
    if let Some(me) = f.view.actor {
        if t.game.drawing(me).is_some() {
            keys.push("s stock  d top  ←→ train card  Enter take".into());
        }
        if let Some(entry) = t.game.typing(me) {
            keys.push(format!("w {}", entry.key));
        }
        if !f.view.moves.is_empty() {
            keys.push("←→ card  Enter discard".into());
        }
        let enter = t.game.enter_key(me);
        keys.extend(t.game.game_keys(me).into_iter().map(|(k, what)| {
            if Some(k) == enter {
                format!("{k}/Enter {what}")
            } else {
                format!("{k} {what}")
            }
        }));
        keys.push("h hint".into());
    }
    keys.push("u undo  ? help  q leave".into());
    keys.join("  ")
}
