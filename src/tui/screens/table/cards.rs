//! The cards of the table: the center and each seat's panel (its line, its
//! hand, the points each discard would leave, its words).

use crate::tui::adapter::{HintInfo, LastMove, SeatPanel, Snapshot};
use crate::tui::route::Hit;
use crate::tui::route::Hits;
use crate::tui::screens::table::state::TableFrame;
use crate::tui::theme::Theme;
use crate::tui::widgets::cards::{CardSize, Marks, inner_gaps, lay_cards, spreads};
use crate::tui::widgets::fit_line;
use crate::tui::widgets::words::word_lines;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};
use rummy::card::{Card, CardId, count_cards};
use rummy::seat::SeatId;

/// What the cards of one frame are marked with, worked out once.
struct Lights<'a> {
    snap: &'a Snapshot,
    viewer: Option<SeatId>,
    /// Hand cards lit: those that can take (kids' mode), those a typed word uses.
    hand: Vec<CardId>,
    /// Center cards lit: what a take brings along, what a typed word uses.
    center: Vec<CardId>,
    /// Center cards to mark as takeable (in kids' mode every one a hand card
    /// could take, else the selected card's), and whether they show.
    targets: Vec<CardId>,
    show_targets: bool,
    /// The center card chosen now.
    picked: Option<CardId>,
    /// The hand's cursor, when the hand has one.
    cursor: Option<CardId>,
    hint: Option<&'a HintInfo>,
    /// The table word a typed word would grow.
    grows: Option<u32>,
    /// The last move: its words for the center's line, and its cards.
    last: Option<&'a LastMove>,
}

impl<'a> Lights<'a> {
    fn new(f: &'a TableFrame) -> Lights<'a> {
        let (t, v) = (f.t, &f.view);
        let mut hand = if t.kids { v.lit_hand() } else { Vec::new() };
        hand.extend(v.plan.iter().flat_map(|p| p.cards.iter().copied()));
        // While a center card is picked or asked about, or a word typed, the
        // hand has no cursor.
        let cursor = v
            .selected
            .filter(|_| v.center_pick.is_none() && t.typing.is_none() && t.asking.is_none());
        Lights {
            snap: &v.snap,
            viewer: v.viewer,
            hand,
            center: v.lit_center(),
            // Kids' mode lights every take at once; picking the target of
            // one card, only that card's.
            targets: if t.kids && t.picking.is_none() {
                v.lit_takes()
            } else {
                v.lit_targets()
            },
            show_targets: t.kids || t.picking.is_some(),
            picked: v.asked(t.asking).or(v.picked(t.picking)),
            cursor,
            hint: t.hint.as_ref(),
            grows: v.plan.as_ref().and_then(|p| p.grows),
            last: t.last.as_ref(),
        }
    }

    fn wild(&self, c: Option<&Card>) -> bool {
        c.is_some_and(|c| self.snap.wilds.contains(&c.id))
    }

    fn center_marks(&self, k: usize, c: Option<&Card>) -> Marks {
        let id = c.map(|c| c.id);
        Marks {
            selected: id.is_some() && id == self.picked,
            lit: id.is_some_and(|id| {
                (self.show_targets && self.targets.contains(&id))
                    || self.center.contains(&id)
                    || self.hint.is_some_and(|h| h.target == Some(id))
            }),
            wild: self.wild(c),
            tag: self.snap.center_numbered.then_some(k + 1),
            fresh: id.is_some_and(|id| self.last.is_some_and(|l| l.cards.contains(&id))),
        }
    }

    /// The marks of a card in a hand; `mine`: the hand of the seat to move,
    /// in view.
    fn hand_marks(&self, mine: bool, c: Option<&Card>) -> Marks {
        let id = c.map(|c| c.id);
        Marks {
            selected: mine && id.is_some() && id == self.cursor,
            lit: mine
                && id.is_some_and(|id| {
                    self.hand.contains(&id) || self.hint.is_some_and(|h| h.card == Some(id))
                }),
            wild: self.wild(c),
            tag: None,
            // The card just drawn: a person sees which one came in.
            fresh: mine && id.is_some() && id == self.snap.drawn,
        }
    }
}

/// How the panel is laid out: the card size, each hand's rows, the
/// center's rows and each seat's word lines.
struct Plan {
    size: CardSize,
    hand_rows: Vec<u16>,
    center_rows: u16,
    words: Vec<Vec<Line<'static>>>,
}

/// Rows each hand takes at a size. A hand in view takes as many as it
/// needs: grown past one row, it wraps rather than losing cards. Face-down
/// hands keep to one row and say how many more they hold.
fn hand_rows(snap: &Snapshot, size: CardSize, width: u16) -> Vec<u16> {
    let per_row = size.per_row(width.saturating_sub(2));
    snap.seats
        .iter()
        .map(|p| match p.cards {
            Some(_) => p.card_count.max(1).div_ceil(per_row) as u16,
            None => 1,
        })
        .collect()
}

/// The card panel's size (columns, rows) from which the rows left over
/// are spread between the center and the seats: a terminal of about
/// 150×40 or more.
pub const BIG_CARDS: (u16, u16) = (100, 36);

/// Whether the card panel has a big terminal's room ([`BIG_CARDS`]).
fn roomy(area: Rect) -> bool {
    area.width >= BIG_CARDS.0 && area.height >= BIG_CARDS.1
}

impl Plan {
    /// The biggest card size that fits every seat and two rows of center;
    /// the center may then use every row the seats leave.
    fn new(snap: &Snapshot, grows: Option<u32>, area: Rect, theme: &Theme) -> Plan {
        let words: Vec<Vec<Line>> = snap
            .seats
            .iter()
            .map(|p| match snap.word_game {
                true => word_lines(&p.words, grows, area.width.saturating_sub(2), theme),
                false => Vec::new(),
            })
            .collect();
        let word_rows = words.iter().map(|w| w.len() as u16).sum::<u16>();
        let seats = snap.seats.len() as u16;
        let preview = u16::from(!snap.preview.is_empty());
        // The biggest cards that fit.
        let sizes: &[CardSize] = &[CardSize::Big, CardSize::Boxed, CardSize::Inline];
        let fixed = |s: CardSize| {
            let hands: u16 = hand_rows(snap, s, area.width).iter().sum();
            1 + seats + hands * s.height() + 1 + preview + word_rows
        };
        let fits = |s: CardSize| {
            let center_rows = snap
                .center
                .len()
                .div_ceil(s.per_row(area.width))
                .clamp(1, 2);
            fixed(s) + center_rows as u16 * s.height() <= area.height
        };
        // A hand kept to one row keeps its melds apart where a bigger card
        // would wrap it: the biggest size that fits every hand on one row,
        // else the biggest that fits.
        let one_row = |s: CardSize| hand_rows(snap, s, area.width).iter().all(|&r| r == 1);
        let size = sizes
            .iter()
            .copied()
            .find(|&s| one_row(s) && fits(s))
            .or_else(|| sizes.iter().copied().find(|&s| fits(s)))
            .unwrap_or(CardSize::Inline);
        let spare = area.height.saturating_sub(fixed(size)) / size.height();
        let center_rows = snap
            .center
            .len()
            .div_ceil(size.per_row(area.width))
            .clamp(1, spare.max(1) as usize) as u16;
        Plan {
            size,
            hand_rows: hand_rows(snap, size, area.width),
            center_rows,
            words,
        }
    }
}

pub(super) fn cards_panel(
    buf: &mut Buffer,
    area: Rect,
    f: &TableFrame,
    theme: &Theme,
    hits: &mut Hits,
) {
    let lights = Lights::new(f);
    let snap = &f.view.snap;
    let plan = Plan::new(snap, lights.grows, area, theme);
    // Laid out once apart to see the rows it takes; the rows left over
    // go between the center and the seats (a few each), so that a big
    // terminal's table is spread over it rather than packed at the top.
    if !roomy(area) {
        lay_table(buf, area, f, &plan, &lights, theme, hits, 0);
        return;
    }
    let mut scratch = Buffer::empty(area);
    let used = lay_table(
        &mut scratch,
        area,
        f,
        &plan,
        &lights,
        theme,
        &mut Hits::default(),
        0,
    )
    .saturating_sub(area.y);
    let blocks = snap.seats.len() as u16;
    let gap = (area.height.saturating_sub(used) / (blocks + 1)).min(MAX_GAP);
    lay_table(buf, area, f, &plan, &lights, theme, hits, gap);
}

/// The most blank rows put between the table's parts on a roomy screen.
const MAX_GAP: u16 = 3;

/// Draws the center and every seat, `gap` blank rows before each seat;
/// the row below the last drawn.
#[allow(clippy::too_many_arguments)]
fn lay_table(
    buf: &mut Buffer,
    area: Rect,
    f: &TableFrame,
    plan: &Plan,
    lights: &Lights,
    theme: &Theme,
    hits: &mut Hits,
    gap: u16,
) -> u16 {
    let snap = &f.view.snap;
    let mut y = center(buf, area, plan, lights, theme, hits);
    for (i, seat) in snap.seats.iter().enumerate() {
        y = y.saturating_add(gap);
        if y >= area.bottom() {
            break;
        }
        let human = f.t.game.seats()[i].is_human();
        match seat_panel(buf, area, y, i, seat, human, plan, lights, theme, hits) {
            Some(next) => y = next,
            None => break,
        }
    }
    y.min(area.bottom())
}

/// The center's line and its cards; returns the row below them.
fn center(
    buf: &mut Buffer,
    area: Rect,
    plan: &Plan,
    lights: &Lights,
    theme: &Theme,
    hits: &mut Hits,
) -> u16 {
    let snap = lights.snap;
    let size = plan.size;
    let label_area = Rect::new(area.x, area.y, area.width, 1);
    let y = area.y + 1;
    let cards_area = Rect::new(
        area.x,
        y,
        area.width,
        (plan.center_rows * size.height()).min(area.bottom().saturating_sub(y)),
    );
    let cards: Vec<Option<Card>> = snap.center.iter().copied().map(Some).collect();
    let hidden = lay_cards(
        buf,
        cards_area,
        &cards,
        &[],
        size,
        &|k, c| lights.center_marks(k, c),
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
    let mut spans = vec![Span::styled(label, theme.accent())];
    if let Some(last) = lights.last {
        spans.push(Span::styled(
            theme.plain(&format!(" {} {}", theme.dot(), last.line)),
            theme.title(),
        ));
    }
    let line = fit_line(Line::from(spans), label_area.width as usize, theme);
    Paragraph::new(line).render(label_area, buf);
    y + cards_area.height
}

/// One seat: its line, its hand, what each discard would leave and its
/// words, from row `y`; returns the row below, or `None` when out of room.
#[allow(clippy::too_many_arguments)]
fn seat_panel(
    buf: &mut Buffer,
    area: Rect,
    mut y: u16,
    i: usize,
    seat: &SeatPanel,
    human: bool,
    plan: &Plan,
    lights: &Lights,
    theme: &Theme,
    hits: &mut Hits,
) -> Option<u16> {
    seat_line(
        buf,
        Rect::new(area.x, y, area.width, 1),
        seat,
        human,
        lights.snap,
        theme,
    );
    y += 1;
    let size = plan.size;
    let rows = plan.hand_rows.get(i).copied().unwrap_or(1);
    let h = (rows * size.height()).min(area.bottom().saturating_sub(y));
    if h == 0 {
        return None;
    }
    let row = Rect::new(area.x + 2, y, area.width.saturating_sub(2), h);
    let mine = lights.viewer == Some(SeatId(i as u8)) && seat.to_move;
    let shown = hand_row(buf, row, seat, mine, size, lights, theme, hits);
    y += h;
    // Under a hand on one row: the points each discard would leave.
    if mine
        && !lights.snap.preview.is_empty()
        && shown.len() <= size.per_row(row.width)
        && y < area.bottom()
    {
        let line = discard_row(&shown, &seat.gaps, &lights.snap.preview, size, row.width);
        Paragraph::new(Span::styled(line, theme.dim()))
            .render(Rect::new(row.x, y, row.width, 1), buf);
        y += 1;
    }
    // In a word game: the seat's words on the table.
    for line in plan.words.get(i).into_iter().flatten() {
        if y >= area.bottom() {
            break;
        }
        Paragraph::new(line.clone()).render(Rect::new(row.x, y, row.width, 1), buf);
        y += 1;
    }
    Some(y)
}

/// A seat's line: the turn mark, the name, who plays it, the score and its
/// note (first, in a word game: the credit is what matters most there).
fn seat_line(
    buf: &mut Buffer,
    area: Rect,
    seat: &SeatPanel,
    human: bool,
    snap: &Snapshot,
    theme: &Theme,
) {
    let mark = if seat.to_move { theme.turn_mark() } else { " " };
    let you = if seat.is_viewer && human {
        " (you)"
    } else {
        ""
    };
    let mut spans = vec![
        Span::styled(format!("{mark} "), theme.accent()),
        Span::styled(
            theme.plain(&format!("{}{you}", seat.name)),
            Style::default().add_modifier(Modifier::BOLD),
        ),
    ];
    let note = seat.note.as_ref().map(|note| {
        Span::styled(
            theme.plain(&format!(" {} {note}", theme.dot())),
            theme.accent(),
        )
    });
    if snap.word_game {
        spans.extend(note.clone());
    }
    if let Some(c) = seat.claimed {
        spans.push(Span::raw(format!(" {} claimed {c}", theme.dot())));
    }
    // A game with nothing to add up across games (one Wump game) has no
    // score to show.
    if !snap.score_label.is_empty() {
        spans.push(Span::raw(format!(
            " {} {} {}",
            theme.dot(),
            snap.score_label,
            seat.score
        )));
    }
    if !snap.word_game {
        spans.extend(note);
    }
    // Who plays the seat last: on a narrow line it goes first.
    spans.push(Span::styled(
        format!(" {} {}", theme.dot(), seat.who),
        theme.dim(),
    ));
    let line = fit_line(Line::from(spans), area.width as usize, theme);
    Paragraph::new(line).render(area, buf);
}

/// A seat's hand: its cards face up when in view, else their backs (a
/// hand longer than its row shows what fits and "+N"); the cards laid.
#[allow(clippy::too_many_arguments)]
fn hand_row(
    buf: &mut Buffer,
    row: Rect,
    seat: &SeatPanel,
    mine: bool,
    size: CardSize,
    lights: &Lights,
    theme: &Theme,
    hits: &mut Hits,
) -> Vec<Option<Card>> {
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
    lay_cards(
        buf,
        row,
        &shown,
        &seat.gaps,
        size,
        &|_, c| lights.hand_marks(mine, c),
        theme,
        &|k, _| if mine { Some(Hit::Hand(k)) } else { None },
        hits,
    );
    shown
}

/// The row under a hand: the points each discard would leave, each under
/// its card.
fn discard_row(
    shown: &[Option<Card>],
    gaps: &[usize],
    preview: &[(CardId, u32)],
    size: CardSize,
    width: u16,
) -> String {
    let mut line = String::new();
    let inner = inner_gaps(gaps, shown.len());
    let spread = spreads(shown.len(), &inner, size, width);
    for (k, c) in shown.iter().flatten().enumerate() {
        if spread && inner.contains(&k) {
            line.push_str("  ");
        }
        let cell = preview
            .iter()
            .find(|(id, _)| *id == c.id)
            .map_or("-".to_string(), |(_, p)| p.to_string());
        line.push_str(&format!("{cell:>w$} ", w = size.width() as usize));
    }
    line
}
