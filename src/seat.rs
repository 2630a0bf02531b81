//! Seats at the table, turn order, and the match score sheet.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A seat's place at the table, from 0, in turn order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct SeatId(pub u8);

impl SeatId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// How strong a bot plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BotLevel {
    Easy,
    Normal,
    Hard,
    /// Looks ahead: plays each move it weighs forward in many deals of the
    /// cards it cannot see ([`crate::expert`]).
    Expert,
}

impl BotLevel {
    pub const ALL: [BotLevel; 4] = [
        BotLevel::Easy,
        BotLevel::Normal,
        BotLevel::Hard,
        BotLevel::Expert,
    ];

    pub fn name(self) -> &'static str {
        match self {
            BotLevel::Easy => "easy",
            BotLevel::Normal => "normal",
            BotLevel::Hard => "hard",
            BotLevel::Expert => "expert",
        }
    }
}

/// "easy, normal, hard or expert": the names of `levels`, for sentences.
pub fn level_names(levels: &[BotLevel]) -> String {
    let names: Vec<&str> = levels.iter().map(|l| l.name()).collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        Some((last, _)) => last.to_string(),
        None => String::new(),
    }
}

impl fmt::Display for BotLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for BotLevel {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "easy" => Ok(BotLevel::Easy),
            "normal" => Ok(BotLevel::Normal),
            "hard" => Ok(BotLevel::Hard),
            "expert" => Ok(BotLevel::Expert),
            other => Err(format!(
                "\"{other}\" is not a bot level: use easy, normal, hard or expert"
            )),
        }
    }
}

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SeatKind {
    Human,
    Bot(BotLevel),
}

/// A seat: its display name and who plays it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seat {
    pub name: String,
    pub kind: SeatKind,
}

impl Seat {
    pub fn human(name: impl Into<String>) -> Seat {
        Seat {
            name: name.into(),
            kind: SeatKind::Human,
        }
    }

    pub fn bot(name: impl Into<String>, level: BotLevel) -> Seat {
        Seat {
            name: name.into(),
            kind: SeatKind::Bot(level),
        }
    }

    /// `n` bots of the given levels, named after their seat and level.
    pub fn bots(levels: &[BotLevel]) -> Vec<Seat> {
        levels
            .iter()
            .enumerate()
            .map(|(i, &l)| Seat::bot(format!("Bot {} ({l})", i + 1), l))
            .collect()
    }

    pub fn is_human(&self) -> bool {
        self.kind == SeatKind::Human
    }
}

/// Turn order around a table of `n` seats, passing to the left (seat i+1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnOrder {
    seats: u8,
    current: u8,
}

impl TurnOrder {
    pub fn new(seats: usize, first: SeatId) -> TurnOrder {
        let seats = seats.clamp(1, u8::MAX as usize) as u8;
        TurnOrder {
            seats,
            current: first.0 % seats,
        }
    }

    pub fn seats(&self) -> usize {
        self.seats as usize
    }

    pub fn current(&self) -> SeatId {
        SeatId(self.current)
    }

    /// Passes the turn to the left and returns the new current seat.
    pub fn advance(&mut self) -> SeatId {
        self.current = (self.current + 1) % self.seats;
        self.current()
    }

    pub fn set(&mut self, seat: SeatId) {
        self.current = seat.0 % self.seats;
    }

    /// The seat `k` places to the left of `seat`.
    pub fn after(&self, seat: SeatId, k: usize) -> SeatId {
        SeatId(((seat.index() + k) % self.seats()) as u8)
    }

    /// Every seat, starting from `seat` and going left.
    pub fn from(&self, seat: SeatId) -> impl Iterator<Item = SeatId> + '_ {
        (0..self.seats()).map(move |k| self.after(seat, k))
    }
}

/// One line of the score sheet: what each seat scored in a round or game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScoreRow {
    pub label: String,
    pub scores: Vec<i64>,
}

/// The match score sheet: one row per round or game, and the totals.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScoreSheet {
    seats: usize,
    rows: Vec<ScoreRow>,
}

impl ScoreSheet {
    pub fn new(seats: usize) -> ScoreSheet {
        ScoreSheet {
            seats,
            rows: Vec::new(),
        }
    }

    pub fn rows(&self) -> &[ScoreRow] {
        &self.rows
    }

    /// Adds a row; missing seats score 0, extra entries are dropped.
    pub fn record(&mut self, label: impl Into<String>, mut scores: Vec<i64>) {
        scores.resize(self.seats, 0);
        self.rows.push(ScoreRow {
            label: label.into(),
            scores,
        });
    }

    pub fn totals(&self) -> Vec<i64> {
        let mut t = vec![0; self.seats];
        for row in &self.rows {
            for (acc, s) in t.iter_mut().zip(&row.scores) {
                *acc += s;
            }
        }
        t
    }
}

/// The seats holding the highest of `values` (one value per seat, in seat
/// order): more than one on a tie, none for no seats.
pub fn seats_with_highest<T: Ord + Copy>(values: &[T]) -> Vec<SeatId> {
    seats_with(values, values.iter().copied().max())
}

/// The seats holding the lowest of `values`.
pub fn seats_with_lowest<T: Ord + Copy>(values: &[T]) -> Vec<SeatId> {
    seats_with(values, values.iter().copied().min())
}

/// A name that two seats share (letter case and spaces around it aside), if
/// any: at a hot-seat table "Pass to Ann" must name one person.
pub fn shared_name(seats: &[Seat]) -> Option<String> {
    let key = |s: &Seat| s.name.trim().to_lowercase();
    seats.iter().enumerate().find_map(|(i, a)| {
        seats[..i]
            .iter()
            .any(|b| key(a) == key(b))
            .then(|| a.name.trim().to_string())
    })
}

/// A seat's name as a sentence uses it. Every sentence the program writes
/// about a seat takes its name from here, so that any name reads right:
/// "Chris plays", "pass to Chris", "Chris's turn".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Name<'a>(pub &'a str);

impl Name<'_> {
    /// The name as the subject of a sentence: "Chris has played since".
    pub fn subject(self) -> String {
        self.0.trim().to_string()
    }

    /// The name as an object: "Pass to Chris".
    pub fn object(self) -> String {
        self.0.trim().to_string()
    }

    /// The name owning something: "Chris's move", "Ann's IO". A name is a
    /// name, so it always takes 's, even when it ends in s.
    pub fn possessive(self) -> String {
        let name = self.0.trim();
        if name.is_empty() {
            "a seat's".to_string()
        } else {
            format!("{name}'s")
        }
    }
}

/// `name`'s possessive: "Ann's".
pub fn possessive(name: &str) -> String {
    Name(name).possessive()
}

/// The words a sentence about a seat can't use as its name: with them a
/// sentence would read "You has played" or "made Me's word".
const PRONOUNS: [&str; 13] = [
    "i", "me", "my", "you", "your", "we", "us", "they", "them", "he", "him", "she", "her",
];

/// The longest name a seat may have: it must fit beside the seat's cards.
pub const MAX_NAME: usize = 20;

/// Why `name` can't be a seat's name, in a sentence, if it can't.
pub fn name_problem(name: &str) -> Option<String> {
    // A control character would reach other players' terminals as a
    // command: such a name is refused without being repeated.
    if name.chars().any(char::is_control) {
        return Some(
            "A name can't hold control characters: use letters, digits and signs.".to_string(),
        );
    }
    // Nor is a name that turns the text around it, or that holds what no
    // one can see, repeated: it would make another name, or the sentence
    // it stands in, read wrongly.
    if name.chars().any(turns_text) {
        return Some(
            "A name can't hold characters that change the direction of text: use letters, \
             digits and signs."
                .to_string(),
        );
    }
    if name.chars().any(invisible) {
        return Some(
            "A name can't hold invisible characters (zero-width spaces, joiners, soft hyphens, \
             spaces other than the plain one): two names that look alike must be one name."
                .to_string(),
        );
    }
    let name = name.trim();
    if name.is_empty() {
        return Some("Every seat needs a name.".to_string());
    }
    if name.chars().count() > MAX_NAME {
        // Echoed only in part: a long name would push the reason off the
        // screen.
        let start: String = name.chars().take(MAX_NAME).collect();
        return Some(format!(
            "\"{start}…\" is too long: a name has at most {MAX_NAME} letters."
        ));
    }
    if PRONOUNS.contains(&name.to_lowercase().as_str()) {
        return Some(format!(
            "\"{name}\" can't be a name: the game says things like \"Sam has played\" \
             and \"Sam's turn\"."
        ));
    }
    None
}

/// The marks that set the direction of the text after them: embeddings,
/// overrides, isolates and the direction marks.
fn turns_text(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{200E}' | '\u{200F}' | '\u{061C}')
}

/// Characters that draw nothing, or nothing but a space: Unicode's format
/// characters (category Cf), the fillers and selectors that show no mark,
/// and every space but the plain one.
fn invisible(c: char) -> bool {
    let format = matches!(
        c,
        '\u{00AD}'
            | '\u{0600}'..='\u{0605}'
            | '\u{061C}'
            | '\u{06DD}'
            | '\u{070F}'
            | '\u{0890}'..='\u{0891}'
            | '\u{08E2}'
            | '\u{180E}'
            | '\u{200B}'..='\u{200F}'
            | '\u{202A}'..='\u{202E}'
            | '\u{2060}'..='\u{2064}'
            | '\u{2066}'..='\u{206F}'
            | '\u{FEFF}'
            | '\u{FFF9}'..='\u{FFFB}'
            | '\u{110BD}'
            | '\u{110CD}'
            | '\u{13430}'..='\u{1343F}'
            | '\u{1BCA0}'..='\u{1BCA3}'
            | '\u{1D173}'..='\u{1D17A}'
            | '\u{E0001}'
            | '\u{E0020}'..='\u{E007F}'
    );
    let blank = matches!(
        c,
        '\u{034F}'
            | '\u{115F}'
            | '\u{1160}'
            | '\u{17B4}'
            | '\u{17B5}'
            | '\u{180B}'..='\u{180D}'
            | '\u{180F}'
            | '\u{2800}'
            | '\u{3164}'
            | '\u{FE00}'..='\u{FE0F}'
            | '\u{FFA0}'
            | '\u{E0100}'..='\u{E01EF}'
    );
    format || blank || c.is_whitespace() && c != ' '
}

fn seats_with<T: Ord + Copy>(values: &[T], best: Option<T>) -> Vec<SeatId> {
    (0..values.len())
        .filter(|&i| Some(values[i]) == best)
        .map(|i| SeatId(i as u8))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_with_a_control_character_is_refused_without_being_repeated() {
        for name in ["ann\u{1b}[2J", "\u{7}bell", "tab\there", "nul\0"] {
            let why = name_problem(name).expect("refused");
            assert!(
                !why.contains(name) && !why.chars().any(char::is_control),
                "{why}"
            );
        }
        assert_eq!(name_problem("Ann-Marie"), None);
        assert_eq!(name_problem("Zoë"), None);
    }

    #[test]
    fn a_name_that_turns_text_or_hides_a_character_is_refused_and_says_why() {
        for c in [
            '\u{202A}', '\u{202B}', '\u{202C}', '\u{202D}', '\u{202E}', '\u{2066}', '\u{2067}',
            '\u{2068}', '\u{2069}', '\u{200E}', '\u{200F}', '\u{061C}',
        ] {
            let name = format!("ann{c}ben");
            let why = name_problem(&name).expect("refused");
            assert!(why.contains("direction of text"), "{c:?}: {why}");
            assert!(!why.contains(c), "{c:?} repeated: {why}");
        }
        for c in [
            '\u{200B}',
            '\u{200C}',
            '\u{200D}',
            '\u{2060}',
            '\u{FEFF}',
            '\u{00AD}',
            '\u{2061}',
            '\u{E0041}',
            '\u{00A0}',
            '\u{3000}',
            '\u{2800}',
            '\u{3164}',
            '\u{FE0F}',
        ] {
            for name in [format!("an{c}n"), format!("ann{c}"), format!("{c}ann")] {
                let why = name_problem(&name).expect("refused");
                assert!(why.contains("invisible characters"), "{c:?}: {why}");
                assert!(!why.contains(c), "{c:?} repeated: {why}");
            }
        }
        // Letters of every script, and a plain space, are names.
        for name in ["Zoë", "José María", "Ангелина", "محمد", "美咲", "Ann-Marie"]
        {
            assert_eq!(name_problem(name), None, "{name}");
        }
    }

    #[test]
    fn a_name_too_long_is_echoed_only_in_part() {
        let long = "Bartholomew".repeat(30);
        let why = name_problem(&long).expect("refused");
        assert!(
            why.starts_with("\"BartholomewBartholom…\" is too long"),
            "{why}"
        );
        assert!(why.chars().count() < 80, "{why}");
    }

    #[test]
    fn turns_pass_left_and_wrap() {
        let mut t = TurnOrder::new(3, SeatId(2));
        assert_eq!(t.current(), SeatId(2));
        assert_eq!(t.advance(), SeatId(0));
        assert_eq!(t.after(SeatId(1), 5), SeatId(0));
        let order: Vec<_> = t.from(SeatId(1)).collect();
        assert_eq!(order, vec![SeatId(1), SeatId(2), SeatId(0)]);
    }

    #[test]
    fn bot_levels_parse() {
        assert_eq!("Hard".parse::<BotLevel>(), Ok(BotLevel::Hard));
        assert_eq!(" EXPERT".parse::<BotLevel>(), Ok(BotLevel::Expert));
        for level in BotLevel::ALL {
            assert_eq!(level.name().parse::<BotLevel>(), Ok(level));
        }
        assert_eq!(level_names(&BotLevel::ALL), "easy, normal, hard or expert");
        let err = "master".parse::<BotLevel>().unwrap_err();
        assert!(err.contains("easy, normal, hard or expert"), "{err}");
    }

    #[test]
    fn the_sheet_totals_its_rows() {
        let mut s = ScoreSheet::new(2);
        s.record("Game 1", vec![10, 4]);
        s.record("Game 2", vec![-3]);
        assert_eq!(s.totals(), vec![7, 4]);
        assert_eq!(s.rows()[1].scores, vec![-3, 0]);
    }

    #[test]
    fn two_seats_may_not_share_a_name() {
        let ann = Seat::human("Ann");
        let ben = Seat::human("Ben");
        assert_eq!(shared_name(&[ann.clone(), ben.clone()]), None);
        assert_eq!(
            shared_name(&[ann.clone(), ben, Seat::human(" ann ")]),
            Some("ann".to_string())
        );
        let bot = Seat::bot("Ann", BotLevel::Easy);
        assert_eq!(shared_name(&[ann, bot]), Some("Ann".to_string()));
    }

    #[test]
    fn a_name_reads_right_in_every_place_of_a_sentence() {
        for name in [
            "Ann",
            "Chris",
            "JAMES",
            "Ann-Marie",
            "Dr. O'Neil",
            "Bot 2 (hard)",
        ] {
            let n = Name(name);
            assert_eq!(n.subject(), name);
            assert_eq!(n.object(), name);
            assert_eq!(n.possessive(), format!("{name}'s"));
            assert_eq!(name_problem(name), None, "{name}");
        }
        assert_eq!(possessive("  Ann "), "Ann's");
        for bad in [
            "You",
            "you",
            " ME ",
            "They",
            "",
            "   ",
            "Bartholomew-Maximilian",
        ] {
            let why = name_problem(bad).unwrap_or_default();
            assert!(why.ends_with('.') && why.len() > 20, "{bad:?}: {why}");
        }
    }

    #[test]
    fn the_leaders_are_every_seat_with_the_best_value() {
        assert_eq!(seats_with_highest(&[3, 7, 7]), vec![SeatId(1), SeatId(2)]);
        assert_eq!(seats_with_lowest(&[3, 7, 7]), vec![SeatId(0)]);
        assert!(seats_with_highest::<i64>(&[]).is_empty());
    }
}
