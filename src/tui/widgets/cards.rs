//! One card, and a row of cards.

use crate::tui::route::Hit;
use crate::tui::route::Hits;
use crate::tui::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::widgets::{Block, Widget};
use rummy::card::{Card, Face};

/// How cards are drawn: width and height of one card.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum CardSize {
    Big,
    Boxed,
    Inline,
}

impl CardSize {
    pub fn height(self) -> u16 {
        match self {
            CardSize::Big => 5,
            CardSize::Boxed => 3,
            CardSize::Inline => 1,
        }
    }
    /// How many cards fit side by side in `width` columns (at least one).
    pub fn per_row(self, width: u16) -> usize {
        (width.saturating_add(1) / (self.width() + 1)).max(1) as usize
    }

    pub fn width(self) -> u16 {
        match self {
            CardSize::Big => 7,
            CardSize::Boxed => 5,
            // A bracket, the face, a cell for its mark, a bracket.
            CardSize::Inline => 6,
        }
    }
}

/// How a card is marked.
#[derive(Clone, Copy, Default)]
pub struct Marks {
    pub selected: bool,
    pub lit: bool,
    /// A wild card: marked with a W, not by colour alone.
    pub wild: bool,
    /// A number on the top edge: a center card's position.
    pub tag: Option<usize>,
    /// The card the last move put down, or the one just drawn into the
    /// hand: a `+` on its lower edge.
    pub fresh: bool,
}

pub fn draw_card(
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
        inline_card(buf, r, &face, style, m, theme);
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
    // In ASCII the box's corners are `+`: there the fresh mark is `^`,
    // which cannot be read as one of them.
    let fresh = if theme.ascii { "^" } else { "+" };
    let mark = match (m.wild, m.fresh) {
        (true, true) => format!("W{fresh}"),
        (true, false) => "W".to_string(),
        (false, true) => fresh.to_string(),
        (false, false) => String::new(),
    };
    buf.set_string(r.x + 1, r.bottom().saturating_sub(1), mark, theme.accent());
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

/// A card on one line: `[ Q♥ ]`, its mark in a cell of its own before
/// the closing bracket (`+` just drawn, `W` wild, the lit mark), so that a
/// mark never stands where a bracket would and every card reads apart;
/// the selected card is `> Q♥ <`, reversed.
fn inline_card(buf: &mut Buffer, r: Rect, face: &str, style: Style, m: Marks, theme: &Theme) {
    let mark = if m.lit {
        theme.lit_mark()
    } else if m.fresh {
        "+"
    } else if m.wild {
        "W"
    } else {
        " "
    };
    let (open, close) = if m.selected { (">", "<") } else { ("[", "]") };
    let text = format!("{open}{face:>3}{mark}{close}");
    let s = if m.selected {
        style.add_modifier(Modifier::REVERSED)
    } else {
        style
    };
    buf.set_stringn(r.x, r.y, text, r.width as usize, s);
}

/// What the marks on the cards mean, as [`draw_card`] draws them, for the
/// table's help page; `letters`: the game's cards are letters, which show
/// their points.
pub fn legend(letters: bool) -> Vec<String> {
    // The example card is one of the game's own.
    let card = if letters { "A5" } else { "Q♥" };
    let mut out = vec![
        format!(
            "Marks: ▶ the seat to move. The selected card has a double border; \
             where cards take one line each it reads > {card} < instead of [ {card} ]."
        ),
        "* a card that can be played or taken now; + the card just put down, or just drawn into \
         your hand; W a wild card; ░░ a card you may not see."
            .to_string(),
    ];
    if letters {
        out.push(
            "A letter card shows its points: A5 is an A worth 5 (on a boxed card \
             the 5 is in its lower corner); ?0 is a wild worth 0 that stands for \
             any letter."
                .to_string(),
        );
    }
    out
}

/// "10♥" as ("10", "♥").
pub fn split_face(card: &Card, theme: &Theme) -> (String, String) {
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
pub fn inner_gaps(gaps: &[usize], len: usize) -> Vec<usize> {
    gaps.iter().copied().filter(|&g| g > 0 && g < len).collect()
}

/// Whether `len` cards with two extra columns per gap fit on one row.
pub fn spreads(len: usize, gaps: &[usize], size: CardSize, width: u16) -> bool {
    len * (size.width() as usize + 1) + gaps.len() * 2 <= width as usize + 1
}

/// Lays a row of cards from `x`, wrapping into `rows` rows; returns how
/// many did not fit. `gaps` are the indices before which a group starts: on
/// a single row with room to spare, groups stand apart.
#[allow(clippy::too_many_arguments)]
pub fn lay_cards(
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
