//! Drawing: reads the `App` and paints one frame. It returns where it drew
//! what a click can hit; it changes nothing else.

use super::app::{App, Hit, Row, Screen, TITLE_ITEMS, TableState};
use super::table::{ShownWord, Snapshot};
use super::text;
use super::theme::Theme;
use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span, Text};
use ratatui::widgets::{Block, Clear, Paragraph, Widget, Wrap};
use rummy::card::{Card, CardId, Face, count_cards};
use rummy::seat::SeatKind;
use rummy::variants::VariantId;
use std::time::SystemTime;

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
    fn push(&mut self, hit: (Rect, Hit)) {
        self.hits.push(hit);
    }
}

type Hits = Drawn;

pub fn draw(frame: &mut Frame, app: &App) -> Drawn {
    let area = frame.area();
    let mut hits = Drawn::default();
    let theme = app.config.theme;
    let need_height = match app.table.as_ref() {
        // Heading, center label and two rows, two lines a seat, status, keys.
        Some(t) if app.screen == Screen::Table => {
            // A word game has a line of words under each seat.
            let per_seat = if t.snapshot().word_game { 3 } else { 2 };
            MIN_HEIGHT.max(8 + per_seat * t.game.seats().len() as u16)
        }
        _ => MIN_HEIGHT,
    };
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
        Screen::Title => title(buf, body, app, &mut hits),
        Screen::Setup => setup(buf, body, app, &mut hits),
        Screen::Load => load(buf, body, app, &mut hits),
        Screen::Rules => rules(buf, body, app),
        Screen::Table => {
            if let Some(t) = app.table.as_ref() {
                picking = t.picking.is_some();
                note = table(buf, body, t, &theme, &mut hits);
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
        Some(t) if app.screen == Screen::Table && t.snapshot().word_game => &word_keys(t),
        _ => text::key_bar(app.screen, picking),
    };
    let keys = text::fit_key_bar(&theme.plain(keys), bar.width as usize);
    Paragraph::new(Span::styled(keys, theme.dim())).render(bar, buf);
    if let Some(t) = app.table.as_ref().filter(|_| app.screen == Screen::Table) {
        if app.confirm_exit {
            let lost = t.unsaved_text().unwrap_or_default();
            let body = format!("{lost}\nQuit anyway?\n\ny  quit      n  stay");
            popup(buf, area, "Quit?", &body, &theme, 46);
        } else if t.confirm_quit {
            confirm_popup(buf, area, t.unsaved_text().as_deref(), &theme);
        } else if t.end.is_some() {
            end_popup(buf, area, t, &theme);
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
        popup(buf, area, "Help", page, &theme, 66);
    }
    hits
}

/// The key bar of a word game: the keys that do something now.
fn word_keys(t: &TableState) -> String {
    let mut keys: Vec<String> = Vec::new();
    if let Some(me) = t.actor() {
        if t.game.drawing(me).is_some() {
            keys.push("s stock  d top  ←→ train card  Enter take".into());
        }
        if let Some(entry) = t.game.typing(me) {
            keys.push(format!("w {}", entry.key));
        }
        if !t.my_moves().is_empty() {
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

fn block(theme: &Theme, title: &str) -> Block<'static> {
    Block::bordered()
        .border_set(theme.border())
        .title(Span::styled(format!(" {title} "), theme.title()))
}

fn popup(buf: &mut Buffer, area: Rect, title: &str, body: &str, theme: &Theme, width: u16) {
    let w = width.min(area.width);
    let inner = w.saturating_sub(2).max(1) as usize;
    let lines = body
        .lines()
        .map(|l| l.chars().count().div_ceil(inner).max(1))
        .sum::<usize>() as u16;
    let h = (lines + 2).min(area.height);
    let r = Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height - h) / 2,
        w,
        h,
    );
    Clear.render(r, buf);
    Paragraph::new(theme.plain(body))
        .block(block(theme, title))
        .wrap(Wrap { trim: false })
        .render(r, buf);
}

fn title(buf: &mut Buffer, area: Rect, app: &App, hits: &mut Hits) {
    let theme = &app.config.theme;
    let outer = block(theme, "rummy");
    let inner = outer.inner(area);
    outer.render(area, buf);
    let mut lines = vec![
        Line::from(Span::styled(
            "Five rummy games for the family",
            theme.accent(),
        )),
        Line::from(Span::styled(
            "Ready: Wump Rummy, 5 Suited Rummy and Wrummy 3-4-5.",
            theme.dim(),
        )),
        Line::default(),
    ];
    let top = inner.y + lines.len() as u16;
    for (i, item) in TITLE_ITEMS.iter().enumerate() {
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

fn setup(buf: &mut Buffer, area: Rect, app: &App, hits: &mut Hits) {
    let theme = &app.config.theme;
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

fn load(buf: &mut Buffer, area: Rect, app: &App, hits: &mut Hits) {
    let theme = &app.config.theme;
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
        lines.push(Line::from(Span::styled(
            format!("{:>12}  {}", ago(s.modified), s.summary),
            style,
        )));
        let y = inner.y + (i - skip) as u16;
        if y < inner.bottom() {
            hits.push((Rect::new(inner.x, y, inner.width, 1), Hit::Row(i)));
        }
    }
    Paragraph::new(lines).render(inner, buf);
}

fn rules(buf: &mut Buffer, area: Rect, app: &App) {
    let theme = &app.config.theme;
    let title = format!("Rules: {} (←→ other games)", app.rules_variant.title());
    Paragraph::new(theme.plain(&text::rules_text(app.rules_variant)))
        .block(block(theme, &title))
        .wrap(Wrap { trim: false })
        .scroll((app.rules_scroll, 0))
        .render(area, buf);
}

/// How cards are drawn: width and height of one card.
#[derive(Clone, Copy, PartialEq, Eq)]
enum CardSize {
    Big,
    Boxed,
    Inline,
}

impl CardSize {
    fn height(self) -> u16 {
        match self {
            CardSize::Big => 5,
            CardSize::Boxed => 3,
            CardSize::Inline => 1,
        }
    }
    /// How many cards fit side by side in `width` columns (at least one).
    fn per_row(self, width: u16) -> usize {
        (width.saturating_add(1) / (self.width() + 1)).max(1) as usize
    }

    fn width(self) -> u16 {
        match self {
            CardSize::Big => 7,
            CardSize::Boxed | CardSize::Inline => 5,
        }
    }
}

/// How a card is marked.
#[derive(Clone, Copy, Default)]
struct Marks {
    selected: bool,
    lit: bool,
    /// A wild card: marked with a W, not by colour alone.
    wild: bool,
    /// A number on the top edge: a center card's position.
    tag: Option<usize>,
}

fn draw_card(
    buf: &mut Buffer,
    r: Rect,
    card: Option<&Card>,
    size: CardSize,
    m: Marks,
    theme: &Theme,
) {
    let face = card.map_or_else(
        || {
            if theme.ascii {
                "##".to_string()
            } else {
                "░░".to_string()
            }
        },
        |c| theme.face(c),
    );
    let style = card.map_or_else(|| theme.dim(), |c| theme.card_style(c));
    let lit_style = if m.lit { theme.lit() } else { Style::default() };
    // Letter cards show their value as well as their colour.
    let value = card
        .filter(|c| {
            matches!(
                c.face,
                Face::Letter(_) | Face::Combo(..) | Face::Flip(..) | Face::Wild
            )
        })
        .map(|c| c.value.to_string());
    let face = match (&value, size) {
        // Inline, the value fits beside a one-letter face only.
        (Some(v), CardSize::Inline) if face.chars().count() + v.len() <= 3 => {
            format!("{face}{v}")
        }
        (Some(_), CardSize::Boxed) => format!("{face:^3}"),
        _ => face,
    };
    if size == CardSize::Inline {
        let text = format!(
            "{}{face:>3}{}",
            if m.selected {
                ">"
            } else if m.wild {
                "W"
            } else {
                "["
            },
            if m.lit {
                theme.lit_mark()
            } else if m.selected {
                "<"
            } else {
                "]"
            }
        );
        let s = if m.selected {
            style.add_modifier(Modifier::REVERSED)
        } else {
            style
        };
        buf.set_stringn(r.x, r.y, text, r.width as usize, s);
        return;
    }
    let set = if m.selected {
        theme.selected_border()
    } else {
        theme.border()
    };
    let b = Block::bordered()
        .border_set(set)
        .border_style(if m.selected {
            theme.accent()
        } else {
            lit_style
        });
    let inner = b.inner(r);
    b.render(r, buf);
    if m.lit {
        buf.set_string(r.x + 1, r.y, theme.lit_mark(), theme.lit());
    }
    if let Some(n) = m.tag {
        let n = n.to_string();
        let x = r.right().saturating_sub(1 + n.len() as u16);
        buf.set_string(x, r.y, n, theme.dim());
    }
    if m.wild {
        buf.set_string(r.x + 1, r.bottom().saturating_sub(1), "W", theme.accent());
    }
    if let Some(v) = &value {
        let x = r.right().saturating_sub(1 + v.len() as u16);
        buf.set_string(x, r.bottom().saturating_sub(1), v, style);
    }
    if size == CardSize::Boxed {
        buf.set_stringn(inner.x, inner.y, format!("{face:>3}"), 3, style);
    } else if value.is_some() {
        buf.set_stringn(inner.x + 2, inner.y + 1, &face, 3, style);
    } else {
        let (rank, suit) = card.map_or((face.clone(), String::new()), |c| split_face(c, theme));
        buf.set_stringn(inner.x, inner.y, &rank, 5, style);
        buf.set_stringn(inner.x + 2, inner.y + 1, &suit, 3, style);
        buf.set_stringn(inner.x, inner.y + 2, format!("{rank:>5}"), 5, style);
    }
}

/// "10♥" as ("10", "♥").
fn split_face(card: &Card, theme: &Theme) -> (String, String) {
    let face = theme.face(card);
    match (card.face.rank(), card.face.suit()) {
        (Some(r), Some(s)) => (
            r.label().to_string(),
            if theme.ascii {
                s.ascii().to_string()
            } else {
                s.symbol().to_string()
            },
        ),
        _ => (face, String::new()),
    }
}

/// The gaps that fall between cards.
fn inner_gaps(gaps: &[usize], len: usize) -> Vec<usize> {
    gaps.iter().copied().filter(|&g| g > 0 && g < len).collect()
}

/// Whether `len` cards with two extra columns per gap fit on one row.
fn spreads(len: usize, gaps: &[usize], size: CardSize, width: u16) -> bool {
    len * (size.width() as usize + 1) + gaps.len() * 2 <= width as usize + 1
}

/// Lays a row of cards from `x`, wrapping into `rows` rows; returns how
/// many did not fit. `gaps` are the indices before which a group starts: on
/// a single row with room to spare, groups stand apart.
#[allow(clippy::too_many_arguments)]
fn lay_cards(
    buf: &mut Buffer,
    area: Rect,
    cards: &[Option<Card>],
    gaps: &[usize],
    size: CardSize,
    marks: &dyn Fn(usize, Option<&Card>) -> Marks,
    theme: &Theme,
    hit: &dyn Fn(usize, Option<&Card>) -> Option<Hit>,
    hits: &mut Hits,
) -> usize {
    let per_row = size.per_row(area.width);
    let rows = (area.height / size.height()).max(1) as usize;
    let room = per_row * rows;
    let inner = inner_gaps(gaps, cards.len());
    let spread = spreads(cards.len(), &inner, size, area.width);
    for (i, card) in cards.iter().take(room).enumerate() {
        let shift = if spread {
            2 * inner.iter().filter(|&&g| g <= i).count() as u16
        } else {
            0
        };
        let x = area.x + (i % per_row) as u16 * (size.width() + 1) + shift;
        let y = area.y + (i / per_row) as u16 * size.height();
        if y + size.height() > area.bottom() {
            break;
        }
        let r = Rect::new(x, y, size.width(), size.height());
        draw_card(buf, r, card.as_ref(), size, marks(i, card.as_ref()), theme);
        if let Some(c) = card {
            hits.face_up.push(c.id);
        }
        if let Some(h) = hit(i, card.as_ref()) {
            hits.push((r, h));
        }
    }
    cards.len().saturating_sub(room)
}

/// The table; returns the status line it wants.
fn table(
    buf: &mut Buffer,
    area: Rect,
    t: &TableState,
    theme: &Theme,
    hits: &mut Hits,
) -> Option<(String, bool)> {
    if let Some(seat) = t.curtain() {
        // Nothing of the table is drawn behind the curtain.
        let name = t.game.seats()[seat.index()].name.clone();
        let outer = block(theme, "Hand-off");
        let inner = outer.inner(area);
        outer.render(area, buf);
        let dash = if theme.ascii { "-" } else { "—" };
        let lines = vec![
            Line::default(),
            Line::from(Span::styled(
                format!("Pass to {name} {dash} press Enter"),
                theme.accent(),
            )),
            Line::default(),
            Line::from("Everyone else, please look away."),
        ];
        Paragraph::new(lines)
            .alignment(ratatui::layout::Alignment::Center)
            .render(inner, buf);
        return None;
    }
    let snap = t.snapshot();
    let [head, main] = Layout::vertical([Constraint::Length(1), Constraint::Min(1)]).areas(area);
    Paragraph::new(Line::from(vec![
        Span::styled(format!("{} ", snap.title), theme.title()),
        Span::styled(theme.plain(&format!("· {}", snap.heading)), theme.dim()),
        Span::styled(
            t.game
                .seed_shown()
                .map_or(String::new(), |s| format!(" {} seed {s}", theme.dot())),
            theme.dim(),
        ),
    ]))
    .render(head, buf);
    let log_w = if main.width >= 100 { 36 } else { 26 };
    let [left, right] =
        Layout::horizontal([Constraint::Min(30), Constraint::Length(log_w)]).areas(main);
    log_panel(buf, right, t, theme);
    cards_panel(buf, left, t, &snap, theme, hits);
    status(t, &snap)
}

fn log_panel(buf: &mut Buffer, area: Rect, t: &TableState, theme: &Theme) {
    let outer = block(theme, "Moves");
    let inner = outer.inner(area);
    outer.render(area, buf);
    // The newest lines that fit, wrapped.
    let width = inner.width.max(1) as usize;
    let mut lines: Vec<Line> = Vec::new();
    let mut used = 0usize;
    for entry in t.log.iter().rev() {
        let h = entry.chars().count().div_ceil(width).max(1);
        if used + h > inner.height as usize {
            break;
        }
        used += h;
        lines.push(Line::from(theme.plain(entry)));
    }
    lines.reverse();
    Paragraph::new(Text::from(lines))
        .wrap(Wrap { trim: true })
        .render(inner, buf);
}

fn cards_panel(
    buf: &mut Buffer,
    area: Rect,
    t: &TableState,
    snap: &Snapshot,
    theme: &Theme,
    hits: &mut Hits,
) {
    let viewer = t.viewer();
    let plan = t.plan();
    let mut lit_hand = if t.kids { t.lit_hand() } else { Vec::new() };
    lit_hand.extend(plan.iter().flat_map(|p| p.cards.iter().copied()));
    let grows = plan.as_ref().and_then(|p| p.grows);
    let lit_center = t.lit_center();
    let center_pick = t.center_pick();
    let targets = t.lit_targets();
    let picked = t
        .picking
        .and_then(|p| t.targets().get(p).and_then(|m| m.target))
        .or(center_pick);
    let show_targets = t.kids || t.picking.is_some();
    let selected = t.selected();
    let hint = t.hint.as_ref();
    let is_wild = |c: &Card| snap.wilds.contains(&c.id);

    // The biggest card size that fits every seat and two rows of center.
    let seats = snap.seats.len() as u16;
    let words: Vec<Vec<Line>> = snap
        .seats
        .iter()
        .map(|p| {
            if snap.word_game {
                word_lines(&p.words, grows, area.width.saturating_sub(2), theme)
            } else {
                Vec::new()
            }
        })
        .collect();
    let word_rows = words.iter().map(|w| w.len() as u16).sum::<u16>();
    let sizes: &[CardSize] = if t.kids {
        &[CardSize::Big, CardSize::Boxed, CardSize::Inline]
    } else {
        &[CardSize::Boxed, CardSize::Inline]
    };
    // A hand in view takes as many rows as it needs at a size: grown past
    // one row, it wraps rather than losing cards. Face-down hands keep to
    // one row and say how many more they hold.
    let hand_rows = |s: CardSize| -> Vec<u16> {
        let per_row = s.per_row(area.width.saturating_sub(2));
        snap.seats
            .iter()
            .map(|p| match p.cards {
                Some(_) => p.card_count.max(1).div_ceil(per_row) as u16,
                None => 1,
            })
            .collect()
    };
    let size = sizes
        .iter()
        .copied()
        .find(|s| {
            let per_row = s.per_row(area.width);
            let center_rows = snap.center.len().div_ceil(per_row).clamp(1, 2) as u16;
            let preview = u16::from(!snap.preview.is_empty());
            let hands: u16 = hand_rows(*s).iter().sum();
            let need =
                1 + center_rows * s.height() + seats + hands * s.height() + 1 + preview + word_rows;
            need <= area.height
        })
        .unwrap_or(CardSize::Inline);
    let rows_of = hand_rows(size);
    let per_row = size.per_row(area.width);
    // The center may use every row the seats leave.
    let preview = u16::from(!snap.preview.is_empty());
    let hands: u16 = rows_of.iter().sum();
    let spare = area
        .height
        .saturating_sub(2 + preview + word_rows + seats + hands * size.height())
        / size.height();
    let center_rows = snap
        .center
        .len()
        .div_ceil(per_row)
        .clamp(1, spare.max(1) as usize) as u16;

    let mut y = area.y;
    // The center.
    let center: Vec<Option<Card>> = snap.center.iter().copied().map(Some).collect();
    let label_area = Rect::new(area.x, y, area.width, 1);
    y += 1;
    let center_area = Rect::new(
        area.x,
        y,
        area.width,
        (center_rows * size.height()).min(area.bottom().saturating_sub(y)),
    );
    let hidden = lay_cards(
        buf,
        center_area,
        &center,
        &[],
        size,
        &|k, c| {
            let id = c.map(|c| c.id);
            Marks {
                selected: id.is_some() && id == picked,
                lit: id.is_some_and(|id| {
                    (show_targets && targets.contains(&id))
                        || lit_center.contains(&id)
                        || hint.is_some_and(|h| h.target == Some(id))
                }),
                wild: c.is_some_and(&is_wild),
                tag: snap.center_numbered.then_some(k + 1),
            }
        },
        theme,
        &|_, c| c.map(|c| Hit::Center(c.id)),
        hits,
    );
    let more = if hidden > 0 {
        format!(" (+{hidden} more not shown)")
    } else {
        String::new()
    };
    let label = if let Some(note) = &snap.center_note {
        theme.plain(&format!("{note}{more}"))
    } else if snap.center.is_empty() {
        format!("{}: empty", snap.center_label)
    } else {
        format!(
            "{}: {}{more}",
            snap.center_label,
            count_cards(snap.center.len())
        )
    };
    Paragraph::new(Span::styled(label, theme.accent())).render(label_area, buf);
    y += center_area.height;

    // The seats.
    for (i, seat) in snap.seats.iter().enumerate() {
        if y >= area.bottom() {
            break;
        }
        let mark = if seat.to_move { theme.turn_mark() } else { " " };
        let you = if seat.is_viewer && t.game.seats()[i].is_human() && seat.name != "You" {
            " (you)"
        } else {
            ""
        };
        let mut spans = vec![
            Span::styled(format!("{mark} "), theme.accent()),
            Span::styled(
                format!("{}{you}", seat.name),
                Style::default().add_modifier(Modifier::BOLD),
            ),
        ];
        // A word game's note (the credit) is what matters most: it comes first.
        let note = seat.note.as_ref().map(|note| {
            Span::styled(
                theme.plain(&format!(" {} {note}", theme.dot())),
                theme.accent(),
            )
        });
        if snap.word_game {
            spans.extend(note.clone());
        }
        spans.push(Span::styled(
            format!(" {} {}", theme.dot(), seat.who),
            theme.dim(),
        ));
        if let Some(c) = seat.claimed {
            spans.push(Span::raw(format!(" {} claimed {c}", theme.dot())));
        }
        spans.push(Span::raw(format!(
            " {} {} {}",
            theme.dot(),
            snap.score_label,
            seat.score
        )));
        if !snap.word_game {
            spans.extend(note);
        }
        Paragraph::new(Line::from(spans)).render(Rect::new(area.x, y, area.width, 1), buf);
        y += 1;
        let rows = rows_of.get(i).copied().unwrap_or(1);
        let h = (rows * size.height()).min(area.bottom().saturating_sub(y));
        if h == 0 {
            break;
        }
        let row = Rect::new(area.x + 2, y, area.width.saturating_sub(2), h);
        let is_mine = viewer == Some(rummy::seat::SeatId(i as u8)) && seat.to_move;
        // A face-down hand longer than its row shows what fits and "+N".
        let fit = size.per_row(row.width);
        let shown: Vec<Option<Card>> = match &seat.cards {
            Some(cs) => cs.iter().copied().map(Some).collect(),
            None if seat.card_count > fit => vec![None; fit - 1],
            None => vec![None; seat.card_count],
        };
        if seat.cards.is_none() && seat.card_count > fit {
            let x = row.x + (fit as u16 - 1) * (size.width() + 1);
            let more = format!("+{}", seat.card_count - shown.len());
            buf.set_stringn(
                x,
                row.y + size.height() / 2,
                more,
                row.width as usize,
                theme.dim(),
            );
        }
        if shown.is_empty() {
            Paragraph::new(Span::styled("(no cards)", theme.dim())).render(row, buf);
        }
        // While a center card is picked or a word typed, the hand has no cursor.
        let cursor_card: Option<CardId> = if is_mine && center_pick.is_none() && t.typing.is_none()
        {
            selected
        } else {
            None
        };
        lay_cards(
            buf,
            row,
            &shown,
            &seat.gaps,
            size,
            &|_, c| {
                let id = c.map(|c| c.id);
                Marks {
                    selected: id.is_some() && id == cursor_card,
                    lit: is_mine
                        && id.is_some_and(|id| {
                            lit_hand.contains(&id) || hint.is_some_and(|h| h.card == Some(id))
                        }),
                    wild: c.is_some_and(&is_wild),
                    tag: None,
                }
            },
            theme,
            &|k, _| if is_mine { Some(Hit::Hand(k)) } else { None },
            hits,
        );
        y += h;
        // Under a hand on one row: the points each discard would leave.
        if is_mine
            && !snap.preview.is_empty()
            && shown.len() <= size.per_row(row.width)
            && y < area.bottom()
        {
            let mut line = String::new();
            let inner = inner_gaps(&seat.gaps, shown.len());
            let spread = spreads(shown.len(), &inner, size, row.width);
            for (k, c) in shown.iter().flatten().enumerate() {
                if spread && inner.contains(&k) {
                    line.push_str("  ");
                }
                let cell = snap
                    .preview
                    .iter()
                    .find(|(id, _)| *id == c.id)
                    .map_or("-".to_string(), |(_, p)| p.to_string());
                line.push_str(&format!("{cell:>w$} ", w = size.width() as usize));
            }
            Paragraph::new(Span::styled(line, theme.dim()))
                .render(Rect::new(row.x, y, row.width, 1), buf);
            y += 1;
        }
        // In a word game: the seat's words on the table.
        for line in words.get(i).into_iter().flatten() {
            if y >= area.bottom() {
                break;
            }
            Paragraph::new(line.clone()).render(Rect::new(row.x, y, row.width, 1), buf);
            y += 1;
        }
    }
}

/// A seat's words on the table as lines of at most `width` columns, a word
/// never split: each letter in its card's colour, a wild's letter in lower
/// case, and the word a typed word would grow marked.
fn word_lines(
    words: &[ShownWord],
    grows: Option<u32>,
    width: u16,
    theme: &Theme,
) -> Vec<Line<'static>> {
    if words.is_empty() {
        return vec![Line::from(Span::styled("no words yet", theme.dim()))];
    }
    let width = width.max(1) as usize;
    let mut lines: Vec<Line> = Vec::new();
    let mut line: Vec<Span> = Vec::new();
    let mut used = 0usize;
    for w in words {
        let marked = grows == Some(w.id);
        let len = w.cards.len() + if marked { 2 } else { 0 };
        if used > 0 && used + 2 + len > width {
            lines.push(Line::from(std::mem::take(&mut line)));
            used = 0;
        }
        if used > 0 {
            line.push(Span::raw("  "));
            used += 2;
        }
        if marked {
            line.push(Span::styled(theme.lit_mark(), theme.lit()));
        }
        for (card, letter) in &w.cards {
            let (text, style) = if card.face == Face::Wild {
                (letter.to_ascii_lowercase(), theme.accent())
            } else {
                (*letter, theme.card_style(card))
            };
            let style = if marked {
                style.add_modifier(Modifier::REVERSED)
            } else {
                style
            };
            line.push(Span::styled(text.to_string(), style));
        }
        if marked {
            line.push(Span::styled(theme.lit_mark(), theme.lit()));
        }
        used += len;
    }
    if !line.is_empty() {
        lines.push(Line::from(line));
    }
    lines
}

/// The status line: a note, the hint, or whose turn it is.
fn status(t: &TableState, snap: &Snapshot) -> Option<(String, bool)> {
    if let (Some((text, way)), Some(plan)) = (t.typing.as_ref(), t.plan()) {
        let cursor = if text.is_empty() { "_" } else { "" };
        let more = if plan.ways > 1 {
            format!(
                " (way {} of {}: Tab for another)",
                way % plan.ways + 1,
                plan.ways
            )
        } else {
            String::new()
        };
        let what = match t.actor().and_then(|me| t.game.typing(me)) {
            Some(entry) if text.is_empty() => entry.what,
            _ => format!("{}{more}", plan.line),
        };
        let mut line = format!("Word: {text}{cursor}  → {what}");
        let mut error = plan.error && !text.is_empty();
        // A refusal of Enter shows under the word, which stays in view.
        if let Some((note, bad)) = t.note.as_ref().filter(|(n, _)| *n != plan.line) {
            line.push('\n');
            line.push_str(note);
            error |= *bad;
        }
        return Some((line, error));
    }
    if let Some(n) = t.note.clone() {
        return Some(n);
    }
    if let Some(h) = t.hint.as_ref() {
        let text = if t.explain {
            h.long.clone()
        } else {
            format!("{} Press h again for why.", h.short)
        };
        return Some((text, false));
    }
    if t.game.is_over() {
        return Some((
            "The match is over. Press q to go back to the title.".into(),
            false,
        ));
    }
    let seat = t.game.to_move()?;
    let name = &snap.seats.get(seat.index())?.name;
    if t.human_to_move() == Some(seat) {
        let mut line = t.game.prompt(seat, t.kids);
        let focus = t.center_pick().or(t.selected());
        if let Some(p) = focus.and_then(|c| t.game.preview(seat, c))
            && t.viewer() == Some(seat)
        {
            line.push(' ');
            line.push_str(&p);
        }
        Some((line, false))
    } else {
        Some((format!("{name} is playing..."), false))
    }
}

/// The end of a game or match, over the table.
pub fn end_popup(buf: &mut Buffer, area: Rect, t: &TableState, theme: &Theme) {
    let Some(end) = t.end.as_ref() else { return };
    let mut body = String::new();
    if t.kids {
        body.push_str(&end.friendly);
        body.push_str("\n\n");
    } else {
        body.push_str(&end.summary);
        body.push_str("\n\n");
    }
    let mut width = 56;
    if end.sheet.is_empty() {
        body.push_str(&format!(
            "{:<16} {:>5} {:>9}\n",
            "", end.count_label, end.total_label
        ));
        for ((name, n), (_, won)) in end.counts.iter().zip(&end.totals) {
            body.push_str(&format!("{name:<16} {n:>5} {won:>9}\n"));
        }
    } else {
        // The score sheet: one column per seat, one row per round.
        let col = 8usize;
        let short = |n: &str| n.chars().take(col - 1).collect::<String>();
        body.push_str(&format!("{:<20}", ""));
        for n in &end.sheet_names {
            body.push_str(&format!("{:>col$}", short(n)));
        }
        body.push('\n');
        for (label, row) in &end.sheet {
            body.push_str(&format!(
                "{:<20}",
                label.chars().take(19).collect::<String>()
            ));
            for v in row {
                body.push_str(&format!("{v:>col$}"));
            }
            body.push('\n');
        }
        body.push_str(&format!("{:<20}", "Total"));
        for (_, v) in &end.totals {
            body.push_str(&format!("{v:>col$}"));
        }
        body.push('\n');
        let room = area.height as usize;
        let used = body.lines().count() + 6;
        for d in end
            .details
            .iter()
            .filter(|_| used + end.details.len() <= room)
        {
            body.push('\n');
            body.push_str(&theme.plain(d));
        }
        body.push('\n');
        width = (22 + col * end.sheet_names.len()).clamp(56, 78) as u16;
    }
    if end.match_over {
        if let Some(seed) = t.game.seed_shown() {
            body.push_str(&format!("\nDeal this game again with seed {seed}."));
        }
        body.push_str("\nPress Enter to go back to the title.");
    } else {
        body.push_str(&format!("\nPress Enter for the next {}.", end.next));
    }
    popup(buf, area, &end.heading, &body, theme, width);
}

/// Asks before leaving a game in progress.
/// "Leave the game?", saying what is not saved when saves are failing.
pub fn confirm_popup(buf: &mut Buffer, area: Rect, unsaved: Option<&str>, theme: &Theme) {
    let body = match unsaved {
        None => "The game is saved after every move;\nContinue on the title screen picks it up.\n\ny  leave      n  stay".to_string(),
        Some(lost) => format!("{lost}\nLeave anyway?\n\ny  leave      n  stay"),
    };
    popup(buf, area, "Leave the game?", &body, theme, 46);
}
