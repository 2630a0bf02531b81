//! Pieces the screens share: a titled block, a popup, cards, words.

pub mod cards;
pub mod words;

use super::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget, Wrap};

/// `line` as it fits in `width` columns: whole when it fits; else cut at
/// the last " · " (or space) that leaves room for a mark saying that more
/// was cut, so that no number or word shows cut short as if it were whole
/// (a seed, "34 points in hand").
pub fn fit_line(line: Line<'static>, width: usize, theme: &Theme) -> Line<'static> {
    if line.width() <= width {
        return line;
    }
    let more = if theme.ascii { " ..." } else { " …" };
    let room = width.saturating_sub(Line::from(more).width());
    // Each character with its style, as far as the room goes.
    let mut kept: Vec<(char, Style)> = Vec::new();
    let mut used = 0;
    'spans: for span in &line.spans {
        for c in span.content.chars() {
            let w = Line::from(c.to_string()).width();
            if used + w > room {
                break 'spans;
            }
            used += w;
            kept.push((c, line.style.patch(span.style)));
        }
    }
    let text: String = kept.iter().map(|(c, _)| *c).collect();
    let sep = format!(" {} ", theme.dot());
    let cut = text
        .rfind(&sep)
        .filter(|&at| at > 0)
        .or_else(|| text.rfind(' '))
        .map_or(kept.len(), |at| text[..at].chars().count());
    let mut spans: Vec<Span<'static>> = Vec::new();
    for &(c, style) in &kept[..cut] {
        match spans.last_mut() {
            Some(last) if last.style == style => last.content.to_mut().push(c),
            _ => spans.push(Span::styled(c.to_string(), style)),
        }
    }
    spans.push(Span::styled(more, theme.dim()));
    Line::from(spans)
}

pub fn block(theme: &Theme, title: &str) -> Block<'static> {
    Block::bordered()
        .border_set(theme.border())
        .title(Span::styled(
            format!(" {} ", theme.plain(title)),
            theme.title(),
        ))
}

pub fn popup(buf: &mut Buffer, area: Rect, title: &str, body: &str, theme: &Theme, width: u16) {
    popup_scrolled(buf, area, title, body, theme, width, 0);
}

/// A popup scrolled down `scroll` lines; how far it can scroll.
pub fn popup_scrolled(
    buf: &mut Buffer,
    area: Rect,
    title: &str,
    body: &str,
    theme: &Theme,
    width: u16,
    scroll: u16,
) -> u16 {
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
    let max = (lines + 2).saturating_sub(h);
    Paragraph::new(theme.plain(body))
        .block(block(theme, title))
        .wrap(Wrap { trim: false })
        .scroll((scroll.min(max), 0))
        .render(r, buf);
    max
}

#[cfg(test)]
mod tests {
    use super::*;

    fn theme(ascii: bool) -> Theme {
        Theme {
            ascii,
            color: false,
            palette: Default::default(),
        }
    }

    #[test]
    fn a_line_too_long_is_cut_between_its_parts_and_says_so() {
        let t = theme(false);
        let line = Line::from(vec![
            Span::raw("Wump Rummy "),
            Span::raw("· Game 1, deal 1 · 40 left to deal · seed 12066909453562184943"),
        ]);
        let whole = fit_line(line.clone(), 200, &t);
        assert_eq!(whole, line);
        let cut = fit_line(line.clone(), 70, &t).to_string();
        assert_eq!(cut, "Wump Rummy · Game 1, deal 1 · 40 left to deal …");
        assert!(Line::from(cut.as_str()).width() <= 70);
        // No " · " in reach: cut at a space; in ASCII with "...".
        let words = Line::from("34 points in hand and more words besides");
        assert_eq!(
            fit_line(words, 20, &theme(true)).to_string(),
            "34 points in ..."
        );
    }
}
