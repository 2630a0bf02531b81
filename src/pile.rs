//! Piles of cards: the hidden stock, the public ordered train (discard pile),
//! the shared center, a seat's hand and a seat's table area.

use crate::card::{Card, CardId};
use serde::{Deserialize, Serialize};

/// A refused pile operation, as a sentence.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PileError {
    #[error("the stock is empty")]
    StockEmpty,
    #[error("the train is empty")]
    TrainEmpty,
    #[error("the train has {len} cards, so there is no card at position {pos}")]
    NoSuchPosition { pos: usize, len: usize },
    #[error("that run of the train ({start}..{end}) is not within its {len} cards")]
    BadRun {
        start: usize,
        end: usize,
        len: usize,
    },
    #[error("the same train position is named twice")]
    RepeatedPosition,
    #[error("{0} is not there")]
    NoSuchCard(String),
}

/// Removes the card `id` from `cards`, wherever it stands.
fn take_by_id(cards: &mut Vec<Card>, id: CardId, place: &str) -> Result<Card, PileError> {
    let at = cards
        .iter()
        .position(|c| c.id == id)
        .ok_or_else(|| PileError::NoSuchCard(format!("card #{} in {place}", id.0)))?;
    Ok(cards.remove(at))
}

/// The hidden draw pile. Its top is the last card.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stock {
    cards: Vec<Card>,
}

impl Stock {
    /// A stock whose first card is drawn first.
    pub fn new(mut cards: Vec<Card>) -> Stock {
        cards.reverse();
        Stock { cards }
    }

    pub fn len(&self) -> usize {
        self.cards.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    pub fn draw(&mut self) -> Result<Card, PileError> {
        self.cards.pop().ok_or(PileError::StockEmpty)
    }

    /// Up to `n` cards, fewer if the stock runs out.
    pub fn draw_up_to(&mut self, n: usize) -> Vec<Card> {
        let keep = self.cards.len().saturating_sub(n);
        let mut drawn = self.cards.split_off(keep);
        drawn.reverse();
        drawn
    }

    /// Puts `cards` under the stock, to be drawn last (the first of them
    /// last of all).
    pub fn put_under(&mut self, cards: impl IntoIterator<Item = Card>) {
        let mut under: Vec<Card> = cards.into_iter().collect();
        under.append(&mut self.cards);
        self.cards = under;
    }

    /// Every card left, in no order a seat may learn from; for counting only.
    pub fn cards(&self) -> &[Card] {
        &self.cards
    }
}

/// The public discard pile, kept in order. Position 0 is the oldest card (the
/// bottom); the last position is the newest (the top).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Train {
    cards: Vec<Card>,
}

impl Train {
    pub fn new() -> Train {
        Train::default()
    }

    pub fn len(&self) -> usize {
        self.cards.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    pub fn cards(&self) -> &[Card] {
        &self.cards
    }

    pub fn top(&self) -> Option<&Card> {
        self.cards.last()
    }

    pub fn discard(&mut self, card: Card) {
        self.cards.push(card);
    }

    pub fn take_top(&mut self) -> Result<Card, PileError> {
        self.cards.pop().ok_or(PileError::TrainEmpty)
    }

    /// Card `pos` together with every card above it, oldest first.
    pub fn take_from(&mut self, pos: usize) -> Result<Vec<Card>, PileError> {
        if pos >= self.cards.len() {
            return Err(self.no_such(pos));
        }
        Ok(self.cards.split_off(pos))
    }

    /// The run of cards at positions `start..end` from the middle of the train;
    /// the gap closes.
    pub fn take_run(&mut self, start: usize, end: usize) -> Result<Vec<Card>, PileError> {
        if start >= end || end > self.cards.len() {
            return Err(PileError::BadRun {
                start,
                end,
                len: self.cards.len(),
            });
        }
        Ok(self.cards.drain(start..end).collect())
    }

    /// The cards at the given positions (in the order named), wherever they
    /// stand; the gaps close.
    pub fn take_positions(&mut self, positions: &[usize]) -> Result<Vec<Card>, PileError> {
        let mut sorted = positions.to_vec();
        sorted.sort_unstable();
        if sorted.windows(2).any(|w| w[0] == w[1]) {
            return Err(PileError::RepeatedPosition);
        }
        if let Some(&pos) = sorted.iter().find(|&&p| p >= self.cards.len()) {
            return Err(self.no_such(pos));
        }
        let taken = positions.iter().map(|&p| self.cards[p]).collect();
        for &p in sorted.iter().rev() {
            self.cards.remove(p);
        }
        Ok(taken)
    }

    /// Puts cards back at the positions they were taken from (the inverse of
    /// [`Train::take_positions`], for a challenged word's train cards).
    pub fn restore(&mut self, mut placed: Vec<(usize, Card)>) {
        placed.sort_by_key(|&(p, _)| p);
        for (p, card) in placed {
            let at = p.min(self.cards.len());
            self.cards.insert(at, card);
        }
    }

    fn no_such(&self, pos: usize) -> PileError {
        PileError::NoSuchPosition {
            pos,
            len: self.cards.len(),
        }
    }
}

/// Cards face up in the middle of the table, in the order they came.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Center {
    cards: Vec<Card>,
}

impl Center {
    pub fn new() -> Center {
        Center::default()
    }

    pub fn cards(&self) -> &[Card] {
        &self.cards
    }

    pub fn len(&self) -> usize {
        self.cards.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    pub fn place(&mut self, card: Card) {
        self.cards.push(card);
    }

    pub fn get(&self, id: CardId) -> Option<&Card> {
        self.cards.iter().find(|c| c.id == id)
    }

    pub fn take(&mut self, id: CardId) -> Result<Card, PileError> {
        take_by_id(&mut self.cards, id, "the center")
    }

    pub fn take_all(&mut self) -> Vec<Card> {
        std::mem::take(&mut self.cards)
    }
}

/// The cards a seat holds.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hand {
    cards: Vec<Card>,
}

impl Hand {
    pub fn new(cards: Vec<Card>) -> Hand {
        Hand { cards }
    }

    pub fn cards(&self) -> &[Card] {
        &self.cards
    }

    pub fn len(&self) -> usize {
        self.cards.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    pub fn add(&mut self, card: Card) {
        self.cards.push(card);
    }

    pub fn extend(&mut self, cards: impl IntoIterator<Item = Card>) {
        self.cards.extend(cards);
    }

    pub fn get(&self, id: CardId) -> Option<&Card> {
        self.cards.iter().find(|c| c.id == id)
    }

    pub fn contains(&self, id: CardId) -> bool {
        self.get(id).is_some()
    }

    pub fn take(&mut self, id: CardId) -> Result<Card, PileError> {
        take_by_id(&mut self.cards, id, "the hand")
    }

    pub fn take_all(&mut self) -> Vec<Card> {
        std::mem::take(&mut self.cards)
    }
}

/// What a seat has laid on the table: words, melds or a claimed pile.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableArea<M> {
    items: Vec<M>,
}

impl<M> Default for TableArea<M> {
    fn default() -> Self {
        TableArea { items: Vec::new() }
    }
}

impl<M> TableArea<M> {
    pub fn items(&self) -> &[M] {
        &self.items
    }

    pub fn items_mut(&mut self) -> &mut [M] {
        &mut self.items
    }

    pub fn len(&self) -> usize {
        self.items.len()
    }

    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    pub fn lay(&mut self, item: M) {
        self.items.push(item);
    }

    pub fn remove(&mut self, index: usize) -> Option<M> {
        (index < self.items.len()).then(|| self.items.remove(index))
    }
}

/// A deal of `cards` (the stock, first card drawn first): `hand` cards to
/// each seat one at a time in `order`, then one card face up to start a
/// discard pile. What is left is the stock.
pub fn deal(
    cards: Vec<Card>,
    order: &[crate::seat::SeatId],
    seats: usize,
    hand: usize,
) -> (Stock, Vec<Hand>, Train) {
    let mut stock = Stock::new(cards);
    let mut hands = vec![Hand::default(); seats];
    for _ in 0..hand {
        for seat in order {
            if let (Ok(c), Some(h)) = (stock.draw(), hands.get_mut(seat.index())) {
                h.add(c);
            }
        }
    }
    let mut pile = Train::new();
    if let Ok(c) = stock.draw() {
        pile.discard(c);
    }
    (stock, hands, pile)
}

/// The cards of the hand `viewer` holds, for its view (none for a
/// watcher).
pub fn own_hand(hands: &[Hand], viewer: Option<crate::seat::SeatId>) -> Vec<Card> {
    viewer
        .and_then(|v| hands.get(v.index()))
        .map(|h| h.cards().to_vec())
        .unwrap_or_default()
}

/// The cards in `stock` and in every hand of `hands` but `viewer`'s (every
/// hand, for a watcher): what a viewer of a game of hidden hands may not
/// see.
pub fn hidden_from(
    stock: &Stock,
    hands: &[Hand],
    viewer: Option<crate::seat::SeatId>,
) -> Vec<CardId> {
    let mut out: Vec<CardId> = stock.cards().iter().map(|c| c.id).collect();
    for (i, h) in hands.iter().enumerate() {
        if viewer.is_none_or(|v| v.index() != i) {
            out.extend(h.cards().iter().map(|c| c.id));
        }
    }
    out
}

/// Deals again, with `rng`, every card `viewer` cannot see: the whole stock
/// and the cards of every other hand but those `known` says it saw go in.
/// Each pile keeps its size; each other hand holds its known cards first,
/// then its share of the rest. The cards are put in order of their ids
/// before they are shuffled, so the result depends only on what `viewer`
/// may know and on `rng`, never on where the hidden cards were.
pub fn redeal(
    stock: &mut Stock,
    hands: &mut [Hand],
    viewer: crate::seat::SeatId,
    known: impl Fn(usize, CardId) -> bool,
    rng: &mut crate::rng::GameRng,
) {
    let mut pool: Vec<Card> = std::mem::take(&mut stock.cards);
    let mut unknown = vec![0; hands.len()];
    for (i, h) in hands.iter_mut().enumerate() {
        if i == viewer.index() {
            continue;
        }
        let (mut seen, hidden): (Vec<Card>, Vec<Card>) =
            h.cards.drain(..).partition(|c| known(i, c.id));
        seen.sort_by_key(|c| c.id);
        unknown[i] = hidden.len();
        pool.extend(hidden);
        h.cards = seen;
    }
    let stock_len = pool.len() - unknown.iter().sum::<usize>();
    pool.sort_by_key(|c| c.id);
    rng.shuffle(&mut pool);
    for (h, n) in hands.iter_mut().zip(unknown) {
        let at = pool.len() - n;
        h.cards.extend(pool.drain(at..));
    }
    debug_assert_eq!(pool.len(), stock_len);
    stock.cards = pool;
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::card::Face;

    /// `n` wild cards, ids 0 to `n - 1`.
    pub(crate) fn cards(n: u16) -> Vec<Card> {
        (0..n)
            .map(|i| Card {
                id: CardId(i),
                face: Face::Wild,
                value: 0,
            })
            .collect()
    }

    fn ids(cards: &[Card]) -> Vec<u16> {
        cards.iter().map(|c| c.id.0).collect()
    }

    fn train(n: u16) -> Train {
        let mut t = Train::new();
        for c in cards(n) {
            t.discard(c);
        }
        t
    }

    #[test]
    fn the_stock_deals_in_order_and_runs_dry() {
        let mut s = Stock::new(cards(5));
        assert_eq!(s.draw().unwrap().id, CardId(0));
        assert_eq!(ids(&s.draw_up_to(3)), vec![1, 2, 3]);
        assert_eq!(ids(&s.draw_up_to(3)), vec![4]);
        assert!(s.is_empty());
        assert_eq!(s.draw(), Err(PileError::StockEmpty));
    }

    #[test]
    fn train_top() {
        let mut t = train(3);
        assert_eq!(t.top().unwrap().id, CardId(2));
        assert_eq!(t.take_top().unwrap().id, CardId(2));
        assert_eq!(ids(t.cards()), vec![0, 1]);
        let mut empty = Train::new();
        assert_eq!(empty.take_top(), Err(PileError::TrainEmpty));
    }

    #[test]
    fn train_card_k_with_every_card_above_it() {
        let mut t = train(6);
        assert_eq!(ids(&t.take_from(3).unwrap()), vec![3, 4, 5]);
        assert_eq!(ids(t.cards()), vec![0, 1, 2]);
        let before = t.clone();
        assert_eq!(
            t.take_from(3),
            Err(PileError::NoSuchPosition { pos: 3, len: 3 })
        );
        assert_eq!(t, before);
    }

    #[test]
    fn train_run_from_the_middle_closes_the_gap() {
        let mut t = train(6);
        assert_eq!(ids(&t.take_run(1, 4).unwrap()), vec![1, 2, 3]);
        assert_eq!(ids(t.cards()), vec![0, 4, 5]);
        let before = t.clone();
        assert!(t.take_run(2, 2).is_err());
        assert!(t.take_run(1, 9).is_err());
        assert_eq!(t, before);
    }

    #[test]
    fn train_positions_and_restore() {
        let mut t = train(6);
        let taken = t.take_positions(&[4, 1]).unwrap();
        assert_eq!(ids(&taken), vec![4, 1]);
        assert_eq!(ids(t.cards()), vec![0, 2, 3, 5]);
        let before = t.clone();
        assert_eq!(t.take_positions(&[0, 0]), Err(PileError::RepeatedPosition));
        assert!(t.take_positions(&[1, 7]).is_err());
        assert_eq!(t, before);
        t.restore(vec![(4, taken[0]), (1, taken[1])]);
        assert_eq!(ids(t.cards()), vec![0, 1, 2, 3, 4, 5]);
    }

    #[test]
    fn center_and_hand_take_by_id() {
        let mut c = Center::new();
        for card in cards(3) {
            c.place(card);
        }
        assert_eq!(c.take(CardId(1)).unwrap().id, CardId(1));
        assert!(c.take(CardId(1)).is_err());
        assert_eq!(ids(&c.take_all()), vec![0, 2]);
        let mut h = Hand::new(cards(2));
        assert!(h.contains(CardId(1)));
        assert!(h.take(CardId(5)).is_err());
        assert_eq!(h.take(CardId(0)).unwrap().id, CardId(0));
        assert_eq!(h.len(), 1);
    }
}
