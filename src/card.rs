//! Cards: letter cards for the word games, suited cards for the others.
//!
//! Every card carries a stable [`CardId`] (its place in the unshuffled deck), so
//! a card can be followed through a whole game, a replay or a save file.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A card's stable identity within one deck. Ids run from 0 in the order the
/// deck is built from its rules file, before shuffling.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct CardId(pub u16);

/// One of the letters a–z, stored as 0..26.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Letter(u8);

impl Letter {
    /// The letter for an ASCII character, either case; `None` for anything else.
    pub fn from_char(c: char) -> Option<Letter> {
        c.is_ascii_alphabetic()
            .then(|| Letter(c.to_ascii_lowercase() as u8 - b'a'))
    }

    /// The letter with this index (0 = a); `None` past z.
    pub fn from_index(i: usize) -> Option<Letter> {
        (i < 26).then_some(Letter(i as u8))
    }

    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// Lower-case ASCII character.
    pub fn lower(self) -> char {
        (b'a' + self.0) as char
    }

    /// Upper-case ASCII character, as printed on a card.
    pub fn upper(self) -> char {
        (b'A' + self.0) as char
    }
}

impl fmt::Display for Letter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.upper())
    }
}

impl Serialize for Letter {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_char(self.upper())
    }
}

impl<'de> Deserialize<'de> for Letter {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let c = char::deserialize(d)?;
        Letter::from_char(c)
            .ok_or_else(|| serde::de::Error::custom(format!("'{c}' is not a letter a-z")))
    }
}

/// The five suits of the suited games. Four-suit decks leave out `Stars`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Suit {
    Stars,
    Hearts,
    Clubs,
    Spades,
    Diamonds,
}

impl Suit {
    pub const ALL: [Suit; 5] = [
        Suit::Stars,
        Suit::Hearts,
        Suit::Clubs,
        Suit::Spades,
        Suit::Diamonds,
    ];

    pub fn symbol(self) -> char {
        match self {
            Suit::Stars => '★',
            Suit::Hearts => '♥',
            Suit::Clubs => '♣',
            Suit::Spades => '♠',
            Suit::Diamonds => '♦',
        }
    }

    /// A plain-ASCII stand-in for terminals without the symbols.
    pub fn ascii(self) -> char {
        match self {
            Suit::Stars => 'T',
            Suit::Hearts => 'H',
            Suit::Clubs => 'C',
            Suit::Spades => 'S',
            Suit::Diamonds => 'D',
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Suit::Stars => "stars",
            Suit::Hearts => "hearts",
            Suit::Clubs => "clubs",
            Suit::Spades => "spades",
            Suit::Diamonds => "diamonds",
        }
    }
}

/// A rank from 1 (ace) to 13 (king).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Rank(u8);

impl Rank {
    pub const ACE: Rank = Rank(1);
    pub const JACK: Rank = Rank(11);
    pub const QUEEN: Rank = Rank(12);
    pub const KING: Rank = Rank(13);

    pub fn new(n: u8) -> Option<Rank> {
        (1..=13).contains(&n).then_some(Rank(n))
    }

    pub fn number(self) -> u8 {
        self.0
    }

    /// The rank as printed: A, 2..10, J, Q, K.
    pub fn label(self) -> &'static str {
        const LABELS: [&str; 13] = [
            "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
        ];
        LABELS[(self.0 - 1) as usize]
    }

    /// Parses A, 2..10, J, Q, K (either case) or a number 1..13.
    pub fn parse(s: &str) -> Option<Rank> {
        match s.to_ascii_uppercase().as_str() {
            "A" => Some(Rank::ACE),
            "J" => Some(Rank::JACK),
            "Q" => Some(Rank::QUEEN),
            "K" => Some(Rank::KING),
            n => n.parse().ok().and_then(Rank::new),
        }
    }
}

impl TryFrom<u8> for Rank {
    type Error = String;
    fn try_from(n: u8) -> Result<Self, String> {
        Rank::new(n).ok_or_else(|| format!("rank {n} is not between 1 (ace) and 13 (king)"))
    }
}

impl From<Rank> for u8 {
    fn from(r: Rank) -> u8 {
        r.0
    }
}

/// What is printed on a card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Face {
    /// One letter.
    Letter(Letter),
    /// One card carrying two letters read together, such as QU or TH.
    Combo(Letter, Letter),
    /// One card that is either of two letters, chosen when played, such as J/X.
    Flip(Letter, Letter),
    /// A letter wild: any letter, named when played.
    Wild,
    /// A suited card.
    Suited { rank: Rank, suit: Suit },
    /// A joker of a suited deck.
    Joker,
}

impl Face {
    /// The letter of a single-letter card.
    pub fn letter(&self) -> Option<Letter> {
        match *self {
            Face::Letter(l) => Some(l),
            _ => None,
        }
    }

    pub fn rank(&self) -> Option<Rank> {
        match *self {
            Face::Suited { rank, .. } => Some(rank),
            _ => None,
        }
    }

    pub fn suit(&self) -> Option<Suit> {
        match *self {
            Face::Suited { suit, .. } => Some(suit),
            _ => None,
        }
    }

    /// The face written with plain ASCII only (S H D C, and T for stars: a
    /// `*` on the screen marks a card that can be used now).
    pub fn ascii(&self) -> String {
        match *self {
            Face::Suited { rank, suit } => format!("{}{}", rank.label(), suit.ascii()),
            _ => self.to_string(),
        }
    }
}

impl fmt::Display for Face {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Face::Letter(l) => write!(f, "{l}"),
            Face::Combo(a, b) => write!(f, "{a}{b}"),
            Face::Flip(a, b) => write!(f, "{a}/{b}"),
            Face::Wild => write!(f, "WILD"),
            Face::Suited { rank, suit } => write!(f, "{}{}", rank.label(), suit.symbol()),
            Face::Joker => write!(f, "JOKER"),
        }
    }
}

/// A card of a game: its identity, its face and its value in points as the
/// rules file sets it (a variant may score a card differently, such as 5 Suited
/// Rummy's wild rank).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Card {
    pub id: CardId,
    pub face: Face,
    pub value: i32,
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.face.fmt(f)
    }
}

/// A count of things in words, `what` in the singular: "1 bonus card",
/// "3 bonus cards", "0 cards".
pub fn count_of(n: usize, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}

/// Points in words: "1 point", "-1 point", "12 points".
pub fn points(n: i64) -> String {
    if n.abs() == 1 {
        format!("{n} point")
    } else {
        format!("{n} points")
    }
}

/// A count of cards in words: "no cards", "1 card", "5 cards".
pub fn count_cards(n: usize) -> String {
    match n {
        0 => "no cards".to_string(),
        1 => "1 card".to_string(),
        n => format!("{n} cards"),
    }
}

/// A count of points in words: "1 point", "12 points".
pub fn count_points(n: u32) -> String {
    if n == 1 {
        "1 point".to_string()
    } else {
        format!("{n} points")
    }
}

/// Cards as printed, separated by spaces: "5♥ 6♥ 7♥".
pub fn list(cards: &[Card]) -> String {
    cards
        .iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_round_trip_either_case() {
        for (i, c) in ('a'..='z').enumerate() {
            let l = Letter::from_char(c).unwrap();
            assert_eq!(l.index(), i);
            assert_eq!(Letter::from_char(c.to_ascii_uppercase()), Some(l));
            assert_eq!(l.lower(), c);
        }
        assert_eq!(Letter::from_char('1'), None);
        assert_eq!(Letter::from_char('é'), None);
        assert_eq!(Letter::from_index(26), None);
    }

    #[test]
    fn ranks_parse_and_print() {
        for n in 1..=13u8 {
            let r = Rank::new(n).unwrap();
            assert_eq!(Rank::parse(r.label()), Some(r));
        }
        assert_eq!(Rank::parse("q"), Some(Rank::QUEEN));
        assert_eq!(Rank::parse("14"), None);
        assert_eq!(Rank::new(0), None);
    }

    #[test]
    fn faces_print_in_symbols_and_ascii() {
        let five_d = Face::Suited {
            rank: Rank::new(5).unwrap(),
            suit: Suit::Diamonds,
        };
        assert_eq!(five_d.to_string(), "5♦");
        assert_eq!(five_d.ascii(), "5D");
        let qu = Face::Combo(
            Letter::from_char('q').unwrap(),
            Letter::from_char('u').unwrap(),
        );
        assert_eq!(qu.to_string(), "QU");
        let jx = Face::Flip(
            Letter::from_char('j').unwrap(),
            Letter::from_char('x').unwrap(),
        );
        assert_eq!(jx.ascii(), "J/X");
    }

    #[test]
    fn a_card_survives_serde() {
        let card = Card {
            id: CardId(7),
            face: Face::Flip(
                Letter::from_char('v').unwrap(),
                Letter::from_char('z').unwrap(),
            ),
            value: 10,
        };
        let json = serde_json::to_string(&card).unwrap();
        assert_eq!(serde_json::from_str::<Card>(&json).unwrap(), card);
        let bad = json.replace("\"V\"", "\"7\"");
        assert!(serde_json::from_str::<Card>(&bad).is_err());
    }
}
