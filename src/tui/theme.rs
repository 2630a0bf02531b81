//! Every colour and glyph of the screen. Colour is never the only signal:
//! suits always show their symbol or letter, and marks are drawn as glyphs.
//!
//! Three palettes: `dark` (colours readable on a black background), `light`
//! (readable on a white one: no white, yellow, cyan or light colour for
//! anything that must be read) and `high-contrast` (Okabe-Ito colours that
//! colour-blind eyes tell apart, every mark in bold; its blue, rather than
//! the lighter sky blue, reads on a white background as on a black one).

use ratatui::style::{Color, Modifier, Style};
use ratatui::symbols::border;
use rummy::card::{Card, Face, Suit};

/// The colours for the terminal's background.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Palette {
    /// For a dark background.
    #[default]
    Dark,
    /// For a light background.
    Light,
    /// Okabe-Ito orange and blue, and bold marks.
    HighContrast,
}

impl Palette {
    pub const ALL: [Palette; 3] = [Palette::Dark, Palette::Light, Palette::HighContrast];

    /// The name as `--theme` and the config file spell it.
    pub fn name(self) -> &'static str {
        match self {
            Palette::Dark => "dark",
            Palette::Light => "light",
            Palette::HighContrast => "high-contrast",
        }
    }

    pub fn from_name(name: &str) -> Option<Palette> {
        Palette::ALL.into_iter().find(|p| p.name() == name)
    }

    /// What the terminal says of its background in `COLORFGBG` ("15;0":
    /// white on black, "0;15" or "0;default;15": black on white): the last
    /// field is the background's colour number. 7 (light grey) and 9-15
    /// (the bright colours, 15 white) are light; 0-6 and 8 (dark grey) are
    /// dark. Anything else says nothing.
    pub fn from_colorfgbg(value: &str) -> Option<Palette> {
        let bg: u8 = value.rsplit(';').next()?.trim().parse().ok()?;
        match bg {
            7 | 9..=15 => Some(Palette::Light),
            0..=6 | 8 => Some(Palette::Dark),
            _ => None,
        }
    }
}

// The Okabe-Ito colours.
const OI_ORANGE: Color = Color::Rgb(230, 159, 0);
const OI_BLUE: Color = Color::Rgb(0, 114, 178);
const OI_GREEN: Color = Color::Rgb(0, 158, 115);
const OI_VERMILION: Color = Color::Rgb(213, 94, 0);
const OI_PURPLE: Color = Color::Rgb(204, 121, 167);

// Colours of the 256-colour table that read on white: a dark green, a dark
// orange and a dark gold.
const DEEP_GREEN: Color = Color::Indexed(28);
const DEEP_ORANGE: Color = Color::Indexed(166);
const DEEP_GOLD: Color = Color::Indexed(136);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Theme {
    /// S H D C T and +-| instead of symbols and box lines.
    pub ascii: bool,
    pub color: bool,
    pub palette: Palette,
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

/// Which colour a letter card is drawn in, by its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LetterTier {
    /// 15 or more: orange.
    Dear,
    /// 10 or more: blue.
    Middle,
    /// Less: green.
    Cheap,
}

impl LetterTier {
    pub fn of(value: i32) -> LetterTier {
        if value >= 15 {
            LetterTier::Dear
        } else if value >= 10 {
            LetterTier::Middle
        } else {
            LetterTier::Cheap
        }
    }

    /// The colour's name, for a help page (in every palette).
    pub fn colour(self) -> &'static str {
        match self {
            LetterTier::Dear => "orange",
            LetterTier::Middle => "blue",
            LetterTier::Cheap => "green",
        }
    }
}

impl Theme {
    /// The theme the environment asks for: `palette` when the command line
    /// or the config file named one, else what `COLORFGBG` says of the
    /// background, else dark; `NO_COLOR` turns colour off, and a locale that
    /// is not UTF-8 falls back to ASCII.
    /// This theme as a terminal's own variables change it (those an `ssh`
    /// client sends: `LANG`, `LC_ALL`, `LC_CTYPE`, `COLORFGBG`, `NO_COLOR`,
    /// and `RUMMY_THEME`: dark, light or high-contrast), where they say
    /// something and the command line (`ascii`, `palette`) did not.
    pub fn for_terminal(
        mut self,
        get: impl Fn(&str) -> Option<String>,
        ascii: bool,
        palette: Option<Palette>,
    ) -> Theme {
        let get = |k: &str| get(k).filter(|v| !v.is_empty());
        if !ascii && let Some(lang) = ["LC_ALL", "LC_CTYPE", "LANG"].into_iter().find_map(get) {
            let lang = lang.to_ascii_lowercase();
            self.ascii = !(lang.contains("utf-8") || lang.contains("utf8"));
        }
        if palette.is_none() {
            let named = get("RUMMY_THEME")
                .and_then(|v| <Palette as clap::ValueEnum>::from_str(v.trim(), true).ok());
            let said = get("COLORFGBG").and_then(|v| Palette::from_colorfgbg(&v));
            if let Some(p) = named.or(said) {
                self.palette = p;
            }
        }
        if get("NO_COLOR").is_some() {
            self.color = false;
        }
        self
    }

    pub fn from_env(ascii: bool, palette: Option<Palette>) -> Theme {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        let utf8 = ["LC_ALL", "LC_CTYPE", "LANG"]
            .iter()
            .find_map(|k| std::env::var(k).ok().filter(|v| !v.is_empty()))
            .map(|v| {
                let v = v.to_ascii_lowercase();
                v.contains("utf-8") || v.contains("utf8")
            })
            .unwrap_or(false);
        let detected = std::env::var("COLORFGBG")
            .ok()
            .and_then(|v| Palette::from_colorfgbg(&v));
        Theme {
            ascii: ascii || !utf8,
            color: !no_color,
            palette: palette.or(detected).unwrap_or_default(),
        }
    }

    fn fg(&self, c: Color) -> Style {
        if self.color {
            Style::default().fg(c)
        } else {
            Style::default()
        }
    }

    /// One colour for each palette.
    fn pick(&self, dark: Color, light: Color, high_contrast: Color) -> Color {
        match self.palette {
            Palette::Dark => dark,
            Palette::Light => light,
            Palette::HighContrast => high_contrast,
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

    /// Red suits red (orange in high contrast), stars gold (purple), and
    /// spades and clubs in the terminal's own text colour (blue).
    pub fn suit_style(&self, suit: Suit) -> Style {
        let c = match suit {
            Suit::Hearts | Suit::Diamonds => self.pick(Color::LightRed, Color::Red, OI_ORANGE),
            Suit::Stars => self.pick(Color::Yellow, DEEP_GOLD, OI_PURPLE),
            Suit::Spades | Suit::Clubs => self.pick(Color::Reset, Color::Reset, OI_BLUE),
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
        let c = match LetterTier::of(value) {
            LetterTier::Dear => self.pick(Color::Indexed(208), DEEP_ORANGE, OI_ORANGE),
            LetterTier::Middle => self.pick(Color::LightBlue, Color::Blue, OI_BLUE),
            LetterTier::Cheap => self.pick(Color::LightGreen, DEEP_GREEN, OI_GREEN),
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
        self.fg(self.pick(Color::Cyan, Color::Blue, OI_BLUE))
            .add_modifier(Modifier::BOLD)
    }

    /// Marks and labels that should catch the eye: the turn mark, the
    /// selected card's border, a wild's `W`, the last move's `+`.
    pub fn accent(&self) -> Style {
        self.fg(self.pick(Color::Yellow, Color::Magenta, OI_ORANGE))
            .add_modifier(Modifier::BOLD)
    }

    /// Cards that can be used now (kids' mode and the take prompt).
    pub fn lit(&self) -> Style {
        self.fg(self.pick(Color::LightGreen, DEEP_GREEN, OI_BLUE))
            .add_modifier(Modifier::BOLD)
    }

    /// Text of less weight: the key bar, labels, card backs. High contrast
    /// keeps it in the text colour and dims it by the terminal's own means.
    pub fn dim(&self) -> Style {
        if self.color && self.palette != Palette::HighContrast {
            Style::default().fg(Color::DarkGray)
        } else {
            Style::default().add_modifier(Modifier::DIM)
        }
    }

    pub fn error(&self) -> Style {
        self.fg(self.pick(Color::LightRed, Color::Red, OI_VERMILION))
            .add_modifier(Modifier::BOLD)
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

    /// Text for the screen: from the games (log lines, notes, hints), the
    /// key bars and help pages, popups and names. With `ascii`, every symbol
    /// is spelled in ASCII: suits as letters, arrows, marks, dashes, quotes
    /// and box lines; a character with no stand-in becomes `?`.
    pub fn plain(&self, s: &str) -> String {
        if !self.ascii {
            return s.to_string();
        }
        let mut out = String::with_capacity(s.len());
        for c in s.chars() {
            match c {
                c if c.is_ascii() => out.push(c),
                '♠' => out.push('S'),
                '♥' => out.push('H'),
                '♦' => out.push('D'),
                '♣' => out.push('C'),
                '★' => out.push('T'),
                '·' | '—' | '–' | '−' => out.push('-'),
                '▶' | '►' => out.push('>'),
                '◀' | '◄' => out.push('<'),
                '×' => out.push('x'),
                '←' => out.push('<'),
                '→' => out.push('>'),
                '↑' => out.push('^'),
                '↓' => out.push('v'),
                // Yes and no: two marks that cannot be taken for each other.
                '✓' | '✔' => out.push('+'),
                '✗' | '✘' => out.push('x'),
                '…' => out.push_str("..."),
                '‘' | '’' | '′' => out.push('\''),
                '“' | '”' | '″' => out.push('"'),
                '─' | '━' | '═' => out.push('-'),
                '│' | '┃' | '║' => out.push('|'),
                '┌' | '┐' | '└' | '┘' | '├' | '┤' | '┬' | '┴' | '┼' | '╔' | '╗' | '╚' | '╝' => {
                    out.push('+')
                }
                '░' | '▒' | '▓' | '█' => out.push('#'),
                // A chart's bars, lowest to highest.
                '▁' => out.push('_'),
                '▂' => out.push('.'),
                '▃' => out.push(','),
                '▄' => out.push('-'),
                '▅' => out.push('='),
                '▆' => out.push('+'),
                '▇' => out.push('*'),
                '\u{a0}' => out.push(' '),
                _ => out.push('?'),
            }
        }
        out
    }

    pub fn dot(&self) -> &'static str {
        if self.ascii { "-" } else { "·" }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colorfgbg_names_the_background() {
        assert_eq!(Palette::from_colorfgbg("0;15"), Some(Palette::Light));
        assert_eq!(
            Palette::from_colorfgbg("0;default;15"),
            Some(Palette::Light)
        );
        assert_eq!(Palette::from_colorfgbg("0;7"), Some(Palette::Light));
        assert_eq!(Palette::from_colorfgbg("15;0"), Some(Palette::Dark));
        assert_eq!(Palette::from_colorfgbg("7;8"), Some(Palette::Dark));
        assert_eq!(Palette::from_colorfgbg("15;default"), None);
        assert_eq!(Palette::from_colorfgbg(""), None);
        assert_eq!(Palette::from_colorfgbg("0;255"), None);
    }

    #[test]
    fn palettes_by_name() {
        for p in Palette::ALL {
            assert_eq!(Palette::from_name(p.name()), Some(p));
        }
        assert_eq!(Palette::from_name("blue"), None);
    }

    #[test]
    fn ascii_spells_every_symbol_and_tells_yes_from_no() {
        let theme = Theme {
            ascii: true,
            color: false,
            palette: Palette::Dark,
        };
        let text = "3 ✓ 4 ✗ · 10♥ Q♠ 5♦ 2♣ 3★ ← → ↑ ↓ ▶ ×2 … “quoted” it’s ─│┌ ░";
        let plain = theme.plain(text);
        assert!(plain.is_ascii(), "{plain}");
        assert_eq!(
            plain,
            "3 + 4 x - 10H QS 5D 2C 3T < > ^ v > x2 ... \"quoted\" it's -|+ #"
        );
        assert_ne!(theme.plain("✓"), theme.plain("✗"));
        // No suit reads as the mark of a card that can be used now.
        for suit in rummy::card::Suit::ALL {
            assert_ne!(suit.ascii().to_string(), theme.lit_mark(), "{suit:?}");
            assert_ne!(theme.plain(&suit.symbol().to_string()), theme.lit_mark());
        }
        let unicode = Theme {
            ascii: false,
            ..theme
        };
        assert_eq!(unicode.plain(text), text);
    }
}
