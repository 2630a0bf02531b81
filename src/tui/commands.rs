//! Commands as data. Each screen lists what its keys do now, once: the
//! keys, the key bar's entry, the help page's line, whether the command is
//! enabled and whether it goes on the bar. The key bar, the `?` help page
//! and the key handling all read that one list, so they cannot drift.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// Keys a command answers to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Code(KeyCode),
    /// `1` to `9`.
    Digit,
    /// A letter, as typed in a word.
    Letter,
    /// Any printable character, as typed in a name.
    Typed,
    /// Any key at all.
    Any,
}

/// A character key.
pub const fn ch(c: char) -> Key {
    Key::Code(KeyCode::Char(c))
}

pub const ENTER: Key = Key::Code(KeyCode::Enter);
pub const SPACE: Key = ch(' ');
pub const ESC: Key = Key::Code(KeyCode::Esc);
pub const UP: Key = Key::Code(KeyCode::Up);
pub const DOWN: Key = Key::Code(KeyCode::Down);
pub const LEFT: Key = Key::Code(KeyCode::Left);
pub const RIGHT: Key = Key::Code(KeyCode::Right);

impl Key {
    fn matches(self, key: &KeyEvent) -> bool {
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        match (self, key.code) {
            (Key::Any, _) => true,
            _ if ctrl => false,
            (Key::Code(c), code) => c == code,
            (Key::Digit, KeyCode::Char(c)) => ('1'..='9').contains(&c),
            (Key::Letter, KeyCode::Char(c)) => c.is_ascii_alphabetic(),
            (Key::Typed, KeyCode::Char(c)) => !c.is_control(),
            _ => false,
        }
    }
}

/// What one command is, for the bar, the help page and the keys.
#[derive(Clone, Debug)]
pub struct Command<A> {
    pub keys: Vec<Key>,
    /// Its entry on the key bar: "←→ card".
    pub bar: String,
    /// Its keys and line(s) on the help page: ("← → k j l", "select a card").
    pub help: Option<(String, String)>,
    /// Whether its keys do something now: a disabled command is neither
    /// run nor shown.
    pub enabled: bool,
    /// Whether it goes on the key bar (when enabled).
    pub on_bar: bool,
    /// How much its bar entry is needed now, for a narrow bar.
    pub rank: Rank,
    /// What it does; `None` for a line of the help page only (the mouse).
    pub action: Option<A>,
}

impl<A> Command<A> {
    pub fn new(action: A, keys: &[Key]) -> Command<A> {
        Command {
            keys: keys.to_vec(),
            bar: String::new(),
            help: None,
            enabled: true,
            on_bar: false,
            rank: Rank::Move,
            action: Some(action),
        }
    }

    /// A line of the help page that no key runs here.
    pub fn note(keys: &str, line: &str) -> Command<A> {
        Command {
            keys: Vec::new(),
            bar: String::new(),
            help: Some((keys.to_string(), line.to_string())),
            enabled: true,
            on_bar: false,
            rank: Rank::Extra,
            action: None,
        }
    }

    /// Its entry on the key bar. An entry for help (`?`) or the way out
    /// (`q`, `Esc`) ranks as [`Rank::Way`], any other as a move until
    /// [`Command::rank`] says otherwise.
    pub fn bar(mut self, entry: impl Into<String>) -> Self {
        self.bar = entry.into();
        self.on_bar = true;
        if ["? ", "q ", "Esc "].iter().any(|k| self.bar.starts_with(k)) {
            self.rank = Rank::Way;
        }
        self
    }

    /// How much its bar entry is needed now.
    pub fn rank(mut self, rank: Rank) -> Self {
        self.rank = rank;
        self
    }

    pub fn help(mut self, keys: impl Into<String>, line: impl Into<String>) -> Self {
        self.help = Some((keys.into(), line.into()));
        self
    }

    pub fn enabled(mut self, enabled: bool) -> Self {
        self.enabled = enabled;
        self
    }

    /// Whether it goes on the bar now (it stays on the help page).
    pub fn on_bar(mut self, on: bool) -> Self {
        self.on_bar = on && !self.bar.is_empty();
        self
    }
}

/// The commands of a list of items: `↑` `↓` (`k` `j`) move through it.
pub fn list_moves<A>(action: A) -> Command<A> {
    Command::new(action, &[UP, ch('k'), DOWN, ch('j')])
        .bar("↑↓ move")
        .rank(Rank::Choose)
        .help("↑ ↓ or k j", "move")
}

/// The cursor of a list of `n` items after a move key: up (or `k`) goes
/// back, anything else on, round the list.
pub fn step(cursor: usize, n: usize, key: &KeyEvent) -> usize {
    let n = n.max(1);
    if matches!(key.code, KeyCode::Up | KeyCode::Char('k')) {
        (cursor + n - 1) % n
    } else {
        (cursor + 1) % n
    }
}

/// The commands of a page of text: `↑` `↓` (`k` `j`) a line, `PgUp`
/// `PgDn` (space) a page, `Home` the top, `End` the bottom.
pub fn page_scroll<A>(action: A) -> Command<A> {
    let keys = [
        UP,
        ch('k'),
        DOWN,
        ch('j'),
        Key::Code(KeyCode::PageUp),
        Key::Code(KeyCode::PageDown),
        SPACE,
        Key::Code(KeyCode::Home),
        Key::Code(KeyCode::End),
    ];
    Command::new(action, &keys)
        .bar("↑↓ PgUp PgDn scroll")
        .rank(Rank::Choose)
        .help(
            "↑ ↓ or k j",
            "scroll; PgUp, PgDn (space) a page,\nHome the top, End the bottom",
        )
}

/// Lines a page key moves.
const PAGE: u16 = 10;

/// Where a page scrolled to `scroll` (at most `max`) goes on a key of
/// [`page_scroll`].
pub fn scrolled(scroll: u16, max: u16, key: &KeyEvent) -> u16 {
    let scroll = scroll.min(max);
    match key.code {
        KeyCode::Up | KeyCode::Char('k') => scroll.saturating_sub(1),
        KeyCode::Down | KeyCode::Char('j') => scroll.saturating_add(1),
        KeyCode::PageUp => scroll.saturating_sub(PAGE),
        KeyCode::Home => 0,
        KeyCode::End => max,
        _ => scroll.saturating_add(PAGE),
    }
    .min(max)
}

/// The action of the first enabled command that answers to `key`.
pub fn find<A: Clone>(commands: &[Command<A>], key: &KeyEvent) -> Option<A> {
    commands
        .iter()
        .filter(|c| c.enabled && c.keys.iter().any(|k| k.matches(key)))
        .find_map(|c| c.action.clone())
}

/// How much a key bar entry is needed now, least first: when the bar is
/// narrow, the least needed entries shorten to their key alone, then drop,
/// first, and a move the rules ask for now drops last.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Rank {
    /// Optional: sort, group, hint, undo, how to play. Shortens, then drops first.
    Extra,
    /// Choosing what a move acts on: the arrows over the hand or the center.
    Choose,
    /// Help and the way out: shorten to their key, drop only before moves.
    Way,
    /// A move the rules need now: draw, take, discard, play, pass, go out.
    Move,
}

/// One entry of the key bar: "s stock".
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BarEntry {
    pub text: String,
    pub rank: Rank,
}

impl BarEntry {
    /// The entry cut to its key alone ("? help" → "?"), for a bar too
    /// narrow for every word.
    pub fn short(&self) -> &str {
        self.text.split(' ').next().unwrap_or_default()
    }
}

/// A key bar: its entries in order, each with its rank.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KeyBar(pub Vec<BarEntry>);

impl KeyBar {
    /// The bar with each entry's text passed through `f` (the theme's
    /// plain-character form).
    pub fn map(&self, f: impl Fn(&str) -> String) -> KeyBar {
        KeyBar(
            self.0
                .iter()
                .map(|e| BarEntry {
                    text: f(&e.text),
                    rank: e.rank,
                })
                .collect(),
        )
    }

    /// The bar cut to `width` columns. Until it fits: the optional entries
    /// shorten to their key alone (from the end), then help and the way
    /// out do; then entries drop, the optional ones first (from the end),
    /// then the arrows, then help and the way out, and the moves last.
    pub fn fit(&self, width: usize) -> String {
        let cols = |s: &str| ratatui::text::Line::from(s).width();
        // Per entry: shortened, dropped.
        let mut shown: Vec<(bool, bool)> = vec![(false, false); self.0.len()];
        let line = |shown: &[(bool, bool)]| {
            self.0
                .iter()
                .zip(shown)
                .filter(|(_, (_, dropped))| !dropped)
                .map(|(e, (short, _))| if *short { e.short() } else { e.text.as_str() })
                .collect::<Vec<_>>()
                .join("  ")
        };
        let fits = |shown: &[(bool, bool)]| cols(&line(shown)) <= width;
        if fits(&shown) {
            return line(&shown);
        }
        // A key keeps its word: the least needed entries go first, the
        // extras from the right. Only where the moves alone do not fit is
        // help and the way out cut to their keys, before anything else
        // goes. Each step: the rank it works on, and whether it drops
        // (else shortens) those entries, right to left.
        let steps = [
            (Rank::Extra, true),
            (Rank::Way, false),
            (Rank::Choose, true),
            (Rank::Way, true),
            (Rank::Move, true),
        ];
        for (rank, drop) in steps {
            for i in (0..self.0.len()).rev().filter(|&i| self.0[i].rank == rank) {
                if drop {
                    shown[i].1 = true;
                } else {
                    shown[i].0 = true;
                }
                if fits(&shown) {
                    return line(&shown);
                }
            }
        }
        String::new()
    }
}

/// What the tests read of a bar.
#[cfg(test)]
impl KeyBar {
    /// The whole bar, entries two spaces apart.
    pub fn text(&self) -> String {
        self.0
            .iter()
            .map(|e| e.text.as_str())
            .collect::<Vec<_>>()
            .join("  ")
    }

    /// The texts of its entries of rank `rank`.
    pub fn of_rank(&self, rank: Rank) -> impl Iterator<Item = &str> {
        self.0
            .iter()
            .filter(move |e| e.rank == rank)
            .map(|e| e.text.as_str())
    }
}

/// The key bar: the entries of the enabled commands that go on it.
pub fn key_bar<A>(commands: &[Command<A>]) -> KeyBar {
    KeyBar(
        commands
            .iter()
            .filter(|c| c.enabled && c.on_bar)
            .map(|c| BarEntry {
                text: c.bar.clone(),
                rank: c.rank,
            })
            .collect(),
    )
}

/// The help page's lines of the enabled commands: the keys in a column
/// `col` wide, a line that goes on indented under the first.
pub fn help_lines<A>(commands: &[Command<A>], col: usize) -> String {
    let mut page = Vec::new();
    for (keys, line) in commands
        .iter()
        .filter(|c| c.enabled)
        .filter_map(|c| c.help.as_ref())
    {
        for (i, part) in line.lines().enumerate() {
            let keys = if i == 0 { keys.as_str() } else { "" };
            page.push(format!("{keys:<col$}{part}"));
        }
    }
    page.join("\n")
}

/// A whole help page: a heading, the lines of the commands, what more
/// there is to say, and the keys of the help itself.
pub fn help_page<A>(heading: &str, commands: &[Command<A>], col: usize, notes: &str) -> String {
    let mut page = format!("{heading}\n\n{}\n", help_lines(commands, col));
    if !notes.is_empty() {
        page.push('\n');
        page.push_str(notes);
        page.push('\n');
    }
    page.push('\n');
    page.push_str(&help_own_lines(col));
    page
}

/// What a key does while a help page is open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HelpAction {
    Scroll,
    Close,
}

/// The help page's own commands: the scroll keys scroll it, Esc, `q` and
/// `?` close it, and so does any other key (as before it scrolled).
/// `scrolls`: whether the page is longer than its popup, so that the
/// scroll keys go on its key bar.
pub fn help_commands(scrolls: bool) -> Vec<Command<HelpAction>> {
    vec![
        page_scroll(HelpAction::Scroll)
            .bar("↑↓ PgUp PgDn scroll")
            .on_bar(scrolls),
        Command::new(HelpAction::Close, &[ESC, ch('q'), ch('?'), Key::Any])
            .bar("Esc close")
            .help("Esc, q, ?", "close this help (any other key too)"),
    ]
}

/// The help page's lines for its own keys, under a heading: the same on
/// every screen's help.
pub fn help_own_lines(col: usize) -> String {
    format!("In this help:\n{}", help_lines(&help_commands(true), col))
}
