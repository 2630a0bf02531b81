//! Decks as a rules file describes them, built card by card with stable ids and
//! shuffled by the portable generator.

use crate::card::{Card, CardId, Face, Letter, Rank, Suit};
use crate::rng::GameRng;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

/// The most cards a deck may hold; a larger rules file is refused.
pub const MAX_DECK: usize = 2_000;

/// A `[deck]` table of a rules file.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeckSpec {
    /// Suits of the suited cards, each with every rank of `ranks`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub suits: Vec<Suit>,
    /// The ranks of each suit, low to high, such as "A-K" or "3-K".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ranks: Option<RankSpan>,
    /// Jokers, and what one scores.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub jokers: u16,
    #[serde(default, skip_serializing_if = "is_zero_i")]
    pub joker_value: i32,
    /// Letter cards: "A" (one letter), "QU" (a combo card, two letters on one
    /// card) or "J/X" (a flip card, either letter).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub letters: BTreeMap<String, LetterCards>,
    /// Letter wilds, and what one scores.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub wilds: u16,
    #[serde(default, skip_serializing_if = "is_zero_i")]
    pub wild_value: i32,
}

fn is_zero(n: &u16) -> bool {
    *n == 0
}

fn is_zero_i(n: &i32) -> bool {
    *n == 0
}

/// How many cards of one letter face, and their value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LetterCards {
    pub count: u16,
    pub value: i32,
}

/// An inclusive span of ranks, written "A-K" or "3-K".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct RankSpan {
    pub low: Rank,
    pub high: Rank,
}

impl RankSpan {
    pub fn ranks(self) -> impl Iterator<Item = Rank> {
        (self.low.number()..=self.high.number()).filter_map(Rank::new)
    }
}

impl TryFrom<String> for RankSpan {
    type Error = String;
    fn try_from(s: String) -> Result<Self, String> {
        let bad = || format!("\"{s}\" is not a span of ranks such as \"A-K\" or \"3-K\"");
        let (a, b) = s.split_once('-').ok_or_else(bad)?;
        let (low, high) = (
            Rank::parse(a.trim()).ok_or_else(bad)?,
            Rank::parse(b.trim()).ok_or_else(bad)?,
        );
        if low > high {
            return Err(format!("\"{s}\": the low rank comes after the high one"));
        }
        Ok(RankSpan { low, high })
    }
}

impl From<RankSpan> for String {
    fn from(r: RankSpan) -> String {
        format!("{}-{}", r.low.label(), r.high.label())
    }
}

/// Why a deck could not be built.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DeckError {
    #[error(
        "deck.letters: \"{0}\" is not a letter, a two-letter combo card such as \"QU\", or a flip card such as \"J/X\""
    )]
    BadLetterCard(String),
    #[error("deck: suits are listed but no ranks (add ranks = \"A-K\")")]
    SuitsWithoutRanks,
    #[error("deck: {0} cards is more than the {MAX_DECK} a deck may hold")]
    TooLarge(usize),
    #[error("deck: the deck has no cards")]
    Empty,
    #[error("{0}: a card scores 0 points or more, not {1}")]
    NegativeValue(String, i32),
}

/// Reads a letter-card key: one letter, a combo such as "QU", or a flip "J/X".
pub fn parse_letter_face(key: &str) -> Option<Face> {
    let letters: Vec<Letter> = key
        .chars()
        .filter(|&c| c != '/')
        .map(Letter::from_char)
        .collect::<Option<_>>()?;
    let slashes = key.matches('/').count();
    match (letters.as_slice(), slashes) {
        ([l], 0) => Some(Face::Letter(*l)),
        ([a, b], 0) => Some(Face::Combo(*a, *b)),
        ([a, b], 1) if key.len() == 3 && key.as_bytes()[1] == b'/' => Some(Face::Flip(*a, *b)),
        _ => None,
    }
}

impl DeckSpec {
    /// Checks the spec and counts its cards for `copies` decks.
    pub fn validate(&self, copies: usize) -> Result<usize, DeckError> {
        if !self.suits.is_empty() && self.ranks.is_none() {
            return Err(DeckError::SuitsWithoutRanks);
        }
        let mut one = self.jokers as usize + self.wilds as usize;
        if let Some(span) = self.ranks {
            one += self.suits.len() * span.ranks().count();
        }
        for (key, cards) in &self.letters {
            parse_letter_face(key).ok_or_else(|| DeckError::BadLetterCard(key.clone()))?;
            if cards.value < 0 {
                let at = format!("deck.letters.{key}.value");
                return Err(DeckError::NegativeValue(at, cards.value));
            }
            one += cards.count as usize;
        }
        if self.wilds > 0 && self.wild_value < 0 {
            let at = "deck.wild_value".to_string();
            return Err(DeckError::NegativeValue(at, self.wild_value));
        }
        let total = one.saturating_mul(copies);
        if total > MAX_DECK {
            return Err(DeckError::TooLarge(total));
        }
        if total == 0 {
            return Err(DeckError::Empty);
        }
        Ok(total)
    }

    /// Every card of `copies` decks in a fixed order, ids from 0. Suited cards
    /// score their rank's number unless a variant says otherwise.
    pub fn build(&self, copies: usize) -> Result<Vec<Card>, DeckError> {
        let total = self.validate(copies)?;
        let mut faces: Vec<(Face, i32)> = Vec::with_capacity(total);
        for _ in 0..copies {
            for &suit in &self.suits {
                for rank in self.ranks.iter().flat_map(|s| s.ranks()) {
                    faces.push((Face::Suited { rank, suit }, rank.number() as i32));
                }
            }
            faces.extend((0..self.jokers).map(|_| (Face::Joker, self.joker_value)));
            for (key, cards) in &self.letters {
                let face =
                    parse_letter_face(key).ok_or_else(|| DeckError::BadLetterCard(key.clone()))?;
                faces.extend((0..cards.count).map(|_| (face, cards.value)));
            }
            faces.extend((0..self.wilds).map(|_| (Face::Wild, self.wild_value)));
        }
        Ok(faces
            .into_iter()
            .enumerate()
            .map(|(i, (face, value))| Card {
                id: CardId(i as u16),
                face,
                value,
            })
            .collect())
    }

    /// The deck built and shuffled by stream `stream` of `seed`.
    pub fn shuffled(&self, copies: usize, seed: u64, stream: u64) -> Result<Vec<Card>, DeckError> {
        let mut cards = self.build(copies)?;
        GameRng::new(seed, stream).shuffle(&mut cards);
        Ok(cards)
    }
}

impl fmt::Display for DeckSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.validate(1) {
            Ok(n) => write!(f, "{n} cards"),
            Err(e) => write!(f, "{e}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn standard() -> DeckSpec {
        DeckSpec {
            suits: vec![Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs],
            ranks: Some(RankSpan::try_from("A-K".to_string()).unwrap()),
            ..DeckSpec::default()
        }
    }

    #[test]
    fn a_standard_deck_has_52_distinct_cards_with_stable_ids() {
        let cards = standard().build(1).unwrap();
        assert_eq!(cards.len(), 52);
        let faces: std::collections::HashSet<_> = cards.iter().map(|c| c.face).collect();
        assert_eq!(faces.len(), 52);
        assert!(
            cards
                .iter()
                .enumerate()
                .all(|(i, c)| c.id == CardId(i as u16))
        );
        assert_eq!(standard().build(2).unwrap().len(), 104);
    }

    #[test]
    fn the_same_seed_deals_the_same_cards() {
        let a = standard().shuffled(1, 99, 0).unwrap();
        let b = standard().shuffled(1, 99, 0).unwrap();
        let c = standard().shuffled(1, 100, 0).unwrap();
        assert_eq!(a, b);
        assert_ne!(a, c);
    }

    #[test]
    fn letter_keys_make_letters_combos_and_flips() {
        let l = |c| Letter::from_char(c).unwrap();
        assert_eq!(parse_letter_face("a"), Some(Face::Letter(l('a'))));
        assert_eq!(parse_letter_face("QU"), Some(Face::Combo(l('q'), l('u'))));
        assert_eq!(parse_letter_face("J/X"), Some(Face::Flip(l('j'), l('x'))));
        for bad in ["", "1", "ABC", "/J", "J/", "J//X", "JX/", "É"] {
            assert_eq!(parse_letter_face(bad), None, "{bad}");
        }
    }

    #[test]
    fn bad_specs_are_refused_with_a_reason() {
        let mut spec = DeckSpec::default();
        assert_eq!(spec.build(1), Err(DeckError::Empty));
        spec.letters
            .insert("A1".into(), LetterCards { count: 2, value: 1 });
        assert_eq!(spec.build(1), Err(DeckError::BadLetterCard("A1".into())));
        let mut spec = DeckSpec::default();
        spec.letters.insert(
            "J".into(),
            LetterCards {
                count: 2,
                value: -15,
            },
        );
        assert_eq!(
            spec.build(1).map_err(|e| e.to_string()),
            Err("deck.letters.J.value: a card scores 0 points or more, not -15".to_string())
        );
        let mut big = DeckSpec::default();
        big.letters.insert(
            "E".into(),
            LetterCards {
                count: 60_000,
                value: 1,
            },
        );
        assert!(matches!(big.build(1), Err(DeckError::TooLarge(_))));
        let no_ranks = DeckSpec {
            suits: vec![Suit::Stars],
            ..DeckSpec::default()
        };
        assert_eq!(no_ranks.build(1), Err(DeckError::SuitsWithoutRanks));
        assert!(RankSpan::try_from("K-A".to_string()).is_err());
        assert!(RankSpan::try_from("3 to K".to_string()).is_err());
    }
}
