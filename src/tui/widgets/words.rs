//! A seat's words on the table.

use crate::tui::adapter::ShownWord;
use crate::tui::theme::Theme;
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use rummy::card::Face;

/// A seat's words on the table as lines of at most `width` columns, a word
/// never split: each letter in its card's colour, a wild's letter in lower
/// case, a two-letter card's letters underlined together (the ST of DIDST
/// is one card), and the word a typed word would grow marked.
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
        let letters: usize = w.cards.iter().map(|(_, l)| l.chars().count()).sum();
        let len = letters + if marked { 2 } else { 0 };
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
        for (card, letters) in &w.cards {
            let (text, style) = if card.face == Face::Wild {
                (letters.to_ascii_lowercase(), theme.accent())
            } else {
                (letters.clone(), theme.card_style(card))
            };
            let style = if marked {
                style.add_modifier(Modifier::REVERSED)
            } else {
                style
            };
            let style = if matches!(card.face, Face::Combo(..)) {
                style.add_modifier(Modifier::UNDERLINED)
            } else {
                style
            };
            line.push(Span::styled(text, style));
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

#[cfg(test)]
mod tests {
    use super::*;
    use rummy::card::{Card, CardId};
    use rummy::deck::parse_letter_face;

    fn card(id: u16, face: &str) -> Card {
        Card {
            id: CardId(id),
            face: parse_letter_face(face).unwrap_or(Face::Wild),
            value: 5,
        }
    }

    #[test]
    fn a_two_letter_card_shows_both_letters_and_counts_two_columns() {
        let theme = Theme::from_env(false, None);
        let quit = ShownWord {
            id: 1,
            cards: vec![
                (card(0, "QU"), "QU".into()),
                (card(1, "I"), "I".into()),
                (card(2, "?"), "T".into()),
            ],
        };
        let cat = ShownWord {
            id: 2,
            cards: vec![
                (card(3, "C"), "C".into()),
                (card(4, "A"), "A".into()),
                (card(5, "T"), "T".into()),
            ],
        };
        let text = |lines: &[Line]| -> Vec<String> {
            lines
                .iter()
                .map(|l| l.spans.iter().map(|s| s.content.as_ref()).collect())
                .collect()
        };
        let words = [quit, cat];
        // QUIt and CAT side by side take 4 + 2 + 3 columns.
        assert_eq!(
            text(&word_lines(&words, None, 9, &theme)),
            vec!["QUIt  CAT"]
        );
        assert_eq!(
            text(&word_lines(&words, None, 8, &theme)),
            vec!["QUIt", "CAT"]
        );
        // The QU card is one span, underlined; the other letters are not.
        let lines = word_lines(&words, None, 9, &theme);
        let underlined: Vec<&str> = lines[0]
            .spans
            .iter()
            .filter(|s| s.style.add_modifier.contains(Modifier::UNDERLINED))
            .map(|s| s.content.as_ref())
            .collect();
        assert_eq!(underlined, vec!["QU"]);
    }
}
