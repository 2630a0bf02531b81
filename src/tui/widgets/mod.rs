//! Pieces the screens share: a titled block, a popup, cards, words.

pub mod cards;
pub mod words;

use super::commands::KeyBar;
use super::text;
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

/// A popup of a page longer than the screen may be (a help page): its
/// text wrapped once to the popup's width, so that what scrolls is what is
/// drawn, and on its bottom border its keys and which lines are shown.
pub struct PagePopup {
    rect: Rect,
    lines: Vec<String>,
}

impl PagePopup {
    /// `body` in a popup `width` columns wide (at most the area's), as tall
    /// as it needs up to the area's height, centred.
    pub fn new(area: Rect, body: &str, theme: &Theme, width: u16) -> PagePopup {
        let w = width.min(area.width);
        let inner = usize::from(w.saturating_sub(2).max(1));
        let lines: Vec<String> = theme
            .plain(body)
            .lines()
            .flat_map(|l| text::wrap_hanging(l, inner))
            .collect();
        let tall = u16::try_from(lines.len()).unwrap_or(u16::MAX);
        let h = tall.saturating_add(2).min(area.height);
        let rect = Rect::new(
            area.x + (area.width - w) / 2,
            area.y + (area.height - h) / 2,
            w,
            h,
        );
        PagePopup { rect, lines }
    }

    /// The page's lines, as wrapped.
    #[cfg(test)]
    pub fn lines(&self) -> &[String] {
        &self.lines
    }

    /// How many lines show at once.
    pub fn rows(&self) -> u16 {
        self.rect.height.saturating_sub(2)
    }

    /// How far it scrolls: its last line on its last row.
    pub fn max_scroll(&self) -> u16 {
        let over = self.lines.len().saturating_sub(usize::from(self.rows()));
        u16::try_from(over).unwrap_or(u16::MAX)
    }

    /// Draws it scrolled down `scroll` lines, `keys` on its bottom border
    /// and, when it scrolls, which lines show ("12-31 of 40").
    pub fn render(&self, buf: &mut Buffer, title: &str, keys: &KeyBar, scroll: u16, theme: &Theme) {
        Clear.render(self.rect, buf);
        let top = scroll.min(self.max_scroll());
        let rows = self.rows();
        let mut room = usize::from(self.rect.width.saturating_sub(4));
        let mut outer = block(theme, title);
        if self.max_scroll() > 0 {
            let last = (usize::from(top) + usize::from(rows)).min(self.lines.len());
            let at = format!(" {}–{last} of {} ", top + 1, self.lines.len());
            let at = theme.plain(&at);
            room = room.saturating_sub(Line::from(at.as_str()).width() + 1);
            outer = outer.title_bottom(Line::from(Span::styled(at, theme.dim())).right_aligned());
        }
        let keys = keys.map(|e| theme.plain(e)).fit(room.saturating_sub(2));
        outer = outer.title_bottom(Span::styled(format!(" {keys} "), theme.dim()));
        let shown: Vec<Line> = self
            .lines
            .iter()
            .skip(usize::from(top))
            .take(usize::from(rows))
            .map(|l| Line::from(l.as_str()))
            .collect();
        Paragraph::new(shown).block(outer).render(self.rect, buf);
    }
}

/// A short popup: `body` wrapped in a box `width` columns wide, centred.
pub fn popup(buf: &mut Buffer, area: Rect, title: &str, body: &str, theme: &Theme, width: u16) {
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
