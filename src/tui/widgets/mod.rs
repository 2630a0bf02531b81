//! Pieces the screens share: a titled block, a popup, cards, words.

pub mod cards;
pub mod words;

use super::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Span;
use ratatui::widgets::{Block, Clear, Paragraph, Widget, Wrap};

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
