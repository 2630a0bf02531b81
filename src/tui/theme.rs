//! Every colour and glyph of the screen. Colour is never the only signal:
//! suits always show their symbol or letter, and marks are drawn as glyphs.

use ratatui::style::{Color, Modifier, Style};
use ratatui::symbols::border;
use rummy::card::{Card, Face, Suit};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Theme {
    /// S H D C and +-| instead of symbols and box lines.
    pub ascii: bool,
    pub color: bool,
    /// Okabe-Ito orange and blue instead of red and white.
    pub high_contrast: bool,
}

pub const ASCII_BORDER: border::Set = border::Set {
    top_left: "+",
    top_right: "+",
    bottom_left: "+",
    bottom_right: "+",
    vertical_left: "|",
    vertical_right: "|",
    horizontal_top: "-",
    horizontal_bottom: "-",
};

pub const ASCII_SELECTED: border::Set = border::Set {
    top_left: "#",
    top_right: "#",
    bottom_left: "#",
    bottom_right: "#",
    vertical_left: "#",
    vertical_right: "#",
    horizontal_top: "=",
    horizontal_bottom: "=",
};

impl Theme {
    /// The theme the environment asks for: `NO_COLOR` turns colour off, and
    /// a locale that is not UTF-8 falls back to ASCII.
    pub fn from_env(ascii: bool, high_contrast: bool) -> Theme {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        let utf8 = ["LC_ALL", "LC_CTYPE", "LANG"]
            .iter()
            .find_map(|k| std::env::var(k).ok().filter(|v| !v.is_empty()))
            .map(|v| {
                let v = v.to_ascii_lowercase();
                v.contains("utf-8") || v.contains("utf8")
            })
            .unwrap_or(false);
        Theme {
            ascii: ascii || !utf8,
            color: !no_color,
            high_contrast,
        }
    }

    fn fg(&self, c: Color) -> Style {
        if self.color {
            Style::default().fg(c)
        } else {
            Style::default()
        }
    }

    pub fn border(&self) -> border::Set<'static> {
        if self.ascii {
            ASCII_BORDER
        } else {
            border::PLAIN
        }
    }

    pub fn selected_border(&self) -> border::Set<'static> {
        if self.ascii {
            ASCII_SELECTED
        } else {
            border::DOUBLE
        }
    }

    pub fn suit_style(&self, suit: Suit) -> Style {
        let c = match (suit, self.high_contrast) {
            (Suit::Hearts | Suit::Diamonds, false) => Color::LightRed,
            (Suit::Hearts | Suit::Diamonds, true) => Color::Rgb(230, 159, 0),
            (Suit::Stars, false) => Color::Yellow,
            (Suit::Stars, true) => Color::Rgb(240, 228, 66),
            (_, false) => Color::Reset,
            (_, true) => Color::Rgb(86, 180, 233),
        };
        self.fg(c).add_modifier(Modifier::BOLD)
    }

    pub fn card_style(&self, card: &Card) -> Style {
        match card.face {
            Face::Suited { suit, .. } => self.suit_style(suit),
            Face::Letter(_) | Face::Combo(..) | Face::Flip(..) => self.letter_style(card.value),
            _ => self.fg(Color::Reset).add_modifier(Modifier::BOLD),
        }
    }

    /// Letter cards by value: orange the dearest, blue the middle, green the
    /// cheapest. The value is always printed on the card too.
    pub fn letter_style(&self, value: i32) -> Style {
        let c = match (value, self.high_contrast) {
            (v, false) if v >= 15 => Color::Indexed(208),
            (v, true) if v >= 15 => Color::Rgb(230, 159, 0),
            (v, false) if v >= 10 => Color::LightBlue,
            (v, true) if v >= 10 => Color::Rgb(86, 180, 233),
            (_, false) => Color::LightGreen,
            (_, true) => Color::Rgb(0, 158, 115),
        };
        self.fg(c).add_modifier(Modifier::BOLD)
    }

    /// The card's face in at most 3 columns: "10♥", "Q♠", "QS".
    pub fn face(&self, card: &Card) -> String {
        if card.face == Face::Joker {
            "JK".to_string()
        } else if card.face == Face::Wild {
            "?".to_string()
        } else if self.ascii {
            card.face.ascii()
        } else {
            card.face.to_string()
        }
    }

    pub fn title(&self) -> Style {
        self.fg(Color::Cyan).add_modifier(Modifier::BOLD)
    }

    pub fn accent(&self) -> Style {
        self.fg(Color::Yellow).add_modifier(Modifier::BOLD)
    }

    /// Cards that can be used now (kids' mode and the take prompt).
    pub fn lit(&self) -> Style {
        let c = if self.high_contrast {
            Color::Rgb(86, 180, 233)
        } else {
            Color::LightGreen
        };
        self.fg(c).add_modifier(Modifier::BOLD)
    }

    pub fn dim(&self) -> Style {
        if self.color {
            Style::default().fg(Color::DarkGray)
        } else {
            Style::default().add_modifier(Modifier::DIM)
        }
    }

    pub fn error(&self) -> Style {
        let c = if self.high_contrast {
            Color::Rgb(213, 94, 0)
        } else {
            Color::LightRed
        };
        self.fg(c).add_modifier(Modifier::BOLD)
    }

    pub fn cursor(&self) -> Style {
        Style::default().add_modifier(Modifier::REVERSED)
    }

    /// The mark before the seat to move.
    pub fn turn_mark(&self) -> &'static str {
        if self.ascii { ">" } else { "▶" }
    }

    /// The mark on a card that can be used now.
    pub fn lit_mark(&self) -> &'static str {
        "*"
    }

    /// Text from the games, with symbols spelled in ASCII when asked.
    pub fn plain(&self, s: &str) -> String {
        if !self.ascii {
            return s.to_string();
        }
        let mut out = String::with_capacity(s.len());
        for c in s.chars() {
            match c {
                '♠' => out.push('S'),
                '♥' => out.push('H'),
                '♦' => out.push('D'),
                '♣' => out.push('C'),
                '★' => out.push('*'),
                '·' | '—' => out.push('-'),
                '▶' => out.push('>'),
                '×' => out.push('x'),
                '←' => out.push('<'),
                '→' => out.push('>'),
                '↑' => out.push('^'),
                '↓' => out.push('v'),
                '✓' => out.push('+'),
                '✗' => out.push('-'),
                '…' => out.push_str("..."),
                c if c.is_ascii() => out.push(c),
                _ => out.push('?'),
            }
        }
        out
    }

    pub fn dot(&self) -> &'static str {
        if self.ascii { "-" } else { "·" }
    }
}
