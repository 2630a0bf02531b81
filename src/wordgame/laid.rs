//! Words on the table. Each card remembers the letters it stands for there
//! (a wild's or flip card's letter is chosen when played and stays; a combo
//! card such as QU stands for two) and the seat that laid it, since in every
//! word game a card scores for the seat that laid it.

use crate::card::{Card, CardId, Letter};
use crate::seat::SeatId;
use crate::word::upper;
use serde::{Deserialize, Serialize};

/// One card of a word on the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableCard {
    pub card: Card,
    /// The letter it stands for (the first of a two-letter card).
    pub letter: Letter,
    /// The second letter of a two-letter card such as QU.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub second: Option<Letter>,
    pub by: SeatId,
}

impl TableCard {
    /// A card standing for `letters` (one, or two for a combo card), laid by
    /// `by`; `None` if `letters` is not one or two letters.
    pub fn new(card: Card, letters: &[Letter], by: SeatId) -> Option<TableCard> {
        match *letters {
            [l] => Some(TableCard {
                card,
                letter: l,
                second: None,
                by,
            }),
            [l, m] => Some(TableCard {
                card,
                letter: l,
                second: Some(m),
                by,
            }),
            _ => None,
        }
    }

    /// The letters it stands for, in order.
    pub fn letters(&self) -> impl Iterator<Item = Letter> + '_ {
        std::iter::once(self.letter).chain(self.second)
    }

    /// How many letters it stands for.
    pub fn width(&self) -> usize {
        1 + self.second.is_some() as usize
    }

    /// Its letters as printed: "A", "QU".
    pub fn text(&self) -> String {
        self.letters().map(|l| l.upper()).collect()
    }
}

/// How a word came to the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Source {
    /// From the hand of the seat that played it.
    Hand,
    /// Called from the discard pile ("Wrummy!").
    Call,
    /// Two or more table words combined with cards from hand.
    Combined,
}

/// A word on the table, in front of its owner.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableWord {
    pub id: u32,
    pub owner: SeatId,
    pub cards: Vec<TableCard>,
    /// The length (in letters) its owner is credited with, for games that
    /// count the lengths of a seat's words: set when the word is laid, and
    /// changed only when its owner grows it.
    pub credit: usize,
    pub source: Source,
}

impl TableWord {
    /// The word as printed: "CAT".
    pub fn text(&self) -> String {
        upper(&self.letters())
    }

    /// Its letters in order (a combo card gives two).
    pub fn letters(&self) -> Vec<Letter> {
        self.cards.iter().flat_map(TableCard::letters).collect()
    }

    /// Its length in letters.
    pub fn len(&self) -> usize {
        self.cards.iter().map(TableCard::width).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    /// Whether `card` is one of its cards.
    pub fn holds(&self, card: CardId) -> bool {
        self.cards.iter().any(|c| c.card.id == card)
    }
}

/// The words on the table, each with an id that stays while it grows.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Table {
    words: Vec<TableWord>,
    next_id: u32,
}

impl std::ops::Deref for Table {
    type Target = [TableWord];
    fn deref(&self) -> &[TableWord] {
        &self.words
    }
}

impl Table {
    pub fn words(&self) -> &[TableWord] {
        &self.words
    }

    pub fn get(&self, id: u32) -> Option<&TableWord> {
        self.words.iter().find(|w| w.id == id)
    }

    pub fn get_mut(&mut self, id: u32) -> Option<&mut TableWord> {
        self.words.iter_mut().find(|w| w.id == id)
    }

    /// Lays a new word; its id.
    pub fn add(&mut self, owner: SeatId, cards: Vec<TableCard>, source: Source) -> u32 {
        let id = self.next_id;
        self.next_id += 1;
        let credit = cards.iter().map(TableCard::width).sum();
        self.words.push(TableWord {
            id,
            owner,
            cards,
            credit,
            source,
        });
        id
    }

    /// Takes words off the table (those combined into a new one).
    pub fn remove(&mut self, ids: &[u32]) -> Vec<TableWord> {
        let (gone, kept) = std::mem::take(&mut self.words)
            .into_iter()
            .partition(|w| ids.contains(&w.id));
        self.words = kept;
        gone
    }

    /// Clears the table for a new deal. Ids are not reused.
    pub fn clear(&mut self) {
        self.words.clear();
    }

    /// Puts the words back as they were in `earlier` (a challenged word
    /// undone). Ids already given are not given again.
    pub fn restore(&mut self, earlier: Table) {
        self.words = earlier.words;
    }

    /// Every card on the table.
    pub fn cards(&self) -> impl Iterator<Item = &TableCard> {
        self.words.iter().flat_map(|w| &w.cards)
    }

    /// What each of `seats` seats has laid, by `value` of each card.
    pub fn points_by_seat(&self, seats: usize, value: impl Fn(&Card) -> i64) -> Vec<i64> {
        let mut out = vec![0; seats];
        for c in self.cards() {
            if let Some(p) = out.get_mut(c.by.index()) {
                *p += value(&c.card);
            }
        }
        out
    }

    /// The cards on the table now that were not in `before`.
    pub fn laid_since(&self, before: &[TableWord]) -> Vec<TableCard> {
        let old: Vec<CardId> = before
            .iter()
            .flat_map(|w| w.cards.iter().map(|c| c.card.id))
            .collect();
        self.cards()
            .filter(|c| !old.contains(&c.card.id))
            .copied()
            .collect()
    }
}
