//! A seat's words on the table.

use crate::tui::table::ShownWord;
use crate::tui::theme::Theme;
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use rummy::card::Face;

/// A seat's words on the table as lines of at most `width` columns, a word
/// never split: each letter in its card's colour, a wild's letter in lower
/// case, and the word a typed word would grow marked.
pub fn word_lines(
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
