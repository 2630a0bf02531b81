//! The cards of the table: the center and each seat's hand.

use crate::tui::app::{Hit, TableState};
use crate::tui::draw::Hits;
use crate::tui::table::Snapshot;
use crate::tui::theme::Theme;
use crate::tui::widgets::cards::{CardSize, Marks, inner_gaps, lay_cards, spreads};
use crate::tui::widgets::words::word_lines;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};
use rummy::card::{Card, CardId, count_cards};

pub(super) fn cards_panel(
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
