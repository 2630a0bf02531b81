//! Drawing: reads the `App` and paints one frame. It returns where it drew
//! what a click can hit; it changes nothing else.

use super::app::{App, confirm_exit_commands};
use super::commands::{KeyBar, help_commands, key_bar};
pub use super::route::Drawn;
use super::route::Screen;
use super::screens;
use super::screens::table::state::TableFrame;
use super::text;
use super::theme::Theme;
use super::widgets::{PagePopup, popup};
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

pub const MIN_WIDTH: u16 = 64;
pub const MIN_HEIGHT: u16 = 18;
/// The width of the help popup (at most the screen's).
pub const HELP_WIDTH: u16 = 66;
/// The widest the screen is drawn: on a wider terminal it is centred, as
/// lines much longer than this are hard to follow.
pub const MAX_WIDTH: u16 = 160;

/// The part of the terminal the screen is drawn in: all of it up to
/// [`MAX_WIDTH`] columns, centred beyond.
pub fn screen_area(area: Rect) -> Rect {
    let width = area.width.min(MAX_WIDTH);
    Rect::new(
        area.x + (area.width - width) / 2,
        area.y,
        width,
        area.height,
    )
}

/// What one frame needs, worked out once at its top and passed down.
pub struct Ctx<'a> {
    pub app: &'a App,
    pub theme: &'a Theme,
    /// The game on the table, when the table is on screen.
    pub table: Option<TableFrame<'a>>,
}

impl<'a> Ctx<'a> {
    pub fn new(app: &'a App) -> Ctx<'a> {
        let table = match app.screen {
            Screen::Table => app.table.as_ref().map(|t| TableFrame { t, view: t.view() }),
            // A replay draws its table as the table screen does.
            Screen::Replay => app.replay.as_ref().map(|r| TableFrame {
                t: &r.table,
                view: r.view(),
            }),
            _ => None,
        };
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

    /// The rows the screen's body needs (without the status and the keys):
    /// the status line may grow into the rest.
    fn min_body_height(&self) -> u16 {
        match &self.table {
            Some(f) => {
                let per_seat = if f.view.snap.word_game { 3 } else { 2 };
                4 + per_seat * f.t.game.seats().len() as u16
            }
            None => MIN_HEIGHT - 4,
        }
    }
}

pub fn draw(frame: &mut Frame, app: &App) -> Drawn {
    let ctx = Ctx::new(app);
    let area = screen_area(frame.area());
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
    let note = match (app.screen, ctx.table.as_ref()) {
        (Screen::Table, Some(f)) => screens::table::status(f.t, &f.view),
        (Screen::Replay, _) => app
            .message
            .clone()
            .or_else(|| app.replay.as_ref().map(|r| (r.status(), false))),
        _ => app.message.clone(),
    };
    // The status line grows to show its whole text (a hint's reason is
    // often several lines), as far as the screen's body can give up rows.
    let lines: Vec<String> = note.as_ref().map_or_else(Vec::new, |(text, _)| {
        theme
            .plain(text)
            .lines()
            .flat_map(|l| {
                // A line that fits keeps its spacing ("Word: CAT  → ...").
                if Line::from(l).width() <= area.width as usize {
                    vec![l.to_string()]
                } else {
                    text::wrap(l, area.width as usize)
                }
            })
            .collect()
    });
    let room = area.height.saturating_sub(1 + ctx.min_body_height()).max(3);
    let status_rows = (lines.len() as u16).clamp(3, room);
    let [body, status, bar] = Layout::vertical([
        Constraint::Min(1),
        Constraint::Length(status_rows),
        Constraint::Length(1),
    ])
    .areas(area);
    let buf = frame.buffer_mut();
    match app.screen {
        Screen::Title => screens::title::draw(
            &app.title,
            &app.title_items(),
            app.first_run && !app.is_online(),
            buf,
            body,
            ctx.theme,
            &mut hits,
        ),
        Screen::Setup => {
            screens::setup::draw(&app.setup, app.is_online(), buf, body, ctx.theme, &mut hits)
        }
        Screen::Load => screens::load::draw(
            &app.load,
            app.store.as_ref(),
            buf,
            body,
            ctx.theme,
            &mut hits,
        ),
        Screen::Rules => app.rules.draw(buf, body, ctx.theme),
        Screen::Learn => screens::learn::draw(&app.learn, buf, body, ctx.theme, &mut hits),
        Screen::Stats => app.stats.draw(buf, body, ctx.theme),
        Screen::Join => {
            if let Some(o) = app.online.as_ref() {
                super::online::screens::draw_join(buf, body, o, ctx.theme, &mut hits);
            }
        }
        Screen::Waiting => {
            if let Some(o) = app.online.as_ref() {
                super::online::screens::draw_waiting(buf, body, o, ctx.theme);
            }
        }
        Screen::Table | Screen::Replay => {
            if let Some(f) = ctx.table.as_ref() {
                screens::table::draw(buf, body, f, theme, &mut hits);
            }
        }
    }
    if let Some((_, error)) = note {
        let style = if error {
            theme.error()
        } else {
            Style::default()
        };
        let lines: Vec<Line> = lines
            .into_iter()
            .map(|l| Line::from(Span::styled(l, style)))
            .collect();
        Paragraph::new(lines).render(status, buf);
    }
    let (keys, page) = keys_and_help(&ctx);
    // The help, when it is open, is laid out first: its keys are the bar's,
    // so it stays above the bar, never over it.
    let above_bar = Rect {
        height: area.height.saturating_sub(bar.height),
        ..area
    };
    let help = app
        .help
        .then(|| PagePopup::new(above_bar, &page, theme, HELP_WIDTH));
    let help_keys = help
        .as_ref()
        .map(|p| key_bar(&help_commands(p.max_scroll() > 0)));
    let keys = help_keys.as_ref().unwrap_or(&keys);
    let keys = keys.map(|e| theme.plain(e)).fit(bar.width as usize);
    Paragraph::new(Span::styled(keys, theme.dim())).render(bar, buf);
    if let Some(t) = app.table.as_ref().filter(|_| app.screen == Screen::Table) {
        if app.confirm_exit {
            let lost = t.unsaved_text().unwrap_or_default();
            let body = format!("{lost}\nQuit anyway?\n\ny  quit      n  stay");
            popup(buf, area, "Quit?", &body, theme, 46);
        } else if t.confirm_quit {
            // Over the network: the table's code, and whether this screen
            // only watches it.
            let code = t
                .online
                .as_ref()
                .map(|at| (at.code.as_str(), at.me.is_none()));
            let kept = t.save.is_some();
            let unsaved = t.unsaved_text();
            screens::table::confirm_popup(buf, area, unsaved.as_deref(), code, kept, theme);
        } else if t.end.is_some() {
            screens::table::end_popup(buf, area, t, theme);
        } else if t.offering() {
            screens::table::coach::offer_popup(buf, area, t, theme);
        }
    } else if app.confirm_exit {
        let body = "Quit rummy? Every game is saved.\n\ny  quit      n  stay";
        popup(buf, area, "Quit?", body, theme, 46);
    }
    if let Some(o) = app.online.as_ref() {
        super::online::screens::draw_popups(buf, area, o, theme);
    }
    if let (Some(help), Some(keys)) = (help, help_keys) {
        help.render(buf, "Help", &keys, app.help_scroll, theme);
        app.help_max.set(help.max_scroll());
    }
    hits
}

/// The key bar and the help page of the screen now: both read from the
/// screen's list of commands, as its keys are.
fn keys_and_help(ctx: &Ctx) -> (KeyBar, String) {
    use super::commands::help_page;
    let app = ctx.app;
    if app.confirm_exit {
        return (key_bar(&confirm_exit_commands()), String::new());
    }
    if let Some(both) = app
        .online
        .as_ref()
        .and_then(|o| super::online::screens::keys_and_help(o, app.screen))
    {
        return both;
    }
    match (app.screen, ctx.table.as_ref()) {
        (Screen::Table, Some(f)) => {
            let list = screens::table::commands::commands(f.t, &f.view);
            (
                key_bar(&list),
                screens::table::commands::help_page(f.t, &list),
            )
        }
        (Screen::Setup, _) => {
            let list = screens::setup::commands(&app.setup);
            (
                key_bar(&list),
                help_page("New game", &list, 15, screens::setup::NOTES),
            )
        }
        (Screen::Load, _) if app.load.confirm_delete.is_some() => (
            key_bar(&screens::load::confirm_delete_commands()),
            String::new(),
        ),
        (Screen::Stats, _) => {
            let list = app.stats.commands();
            (
                key_bar(&list),
                help_page("Statistics", &list, 15, screens::stats::NOTES),
            )
        }
        (Screen::Replay, _) => {
            let list = screens::replay::commands(app.replay.as_ref().and_then(|r| r.back));
            (
                key_bar(&list),
                help_page("Replay", &list, 15, screens::replay::NOTES),
            )
        }
        (Screen::Load, _) => {
            let list = screens::load::commands(!app.load.saves.is_empty());
            (key_bar(&list), help_page("Load a game", &list, 15, ""))
        }
        (Screen::Learn, _) => {
            let list = screens::learn::commands(&app.learn);
            (key_bar(&list), help_page("Learn a game", &list, 15, ""))
        }
        (Screen::Rules, _) => {
            let list = app.rules.commands();
            (key_bar(&list), help_page("How to play", &list, 15, ""))
        }
        _ => {
            let list = screens::title::commands();
            (key_bar(&list), help_page("Keys", &list, 15, ""))
        }
    }
}
