//! The deep take from a public discard pile kept spread (Wrummy's train,
//! AlphaRummy's discard pile): a seat may take any card together with every
//! card above it, and must then use that deepest card in a word this turn,
//! or take the whole turn back. In some games (AlphaRummy) even the top
//! card, taken alone, must go into a word: [`Obliges::EveryTake`].

use crate::card::{Card, CardId};
use crate::game::ActionError;
use crate::pile::{Hand, Train};

/// Which takes from the pile oblige the seat to use the card in a word.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Obliges {
    /// Only a take from below the top (Wrummy).
    DeepOnly,
    /// Every take, the top card too (AlphaRummy).
    EveryTake,
}

/// A turn's take from the pile: what it obliges, and the game as it was
/// before it, for taking the turn back. `S` is the game's state.
#[derive(Clone, Debug, PartialEq)]
pub struct DeepTake<S> {
    /// The card a deep take obliges the seat to use this turn.
    must_use: Option<CardId>,
    /// Cards taken from the pile this turn, with their positions.
    taken: Vec<(usize, Card)>,
    /// The game before this turn's deep take.
    before: Option<Box<S>>,
    /// The seat took this turn back: no deep take again this turn.
    took_back: bool,
    /// Whether the obliged card came from below the top.
    deep: bool,
}

impl Obliges {
    /// What taking `card` from `pile` (oldest first) brings along, and
    /// whether the card must then go into a word this turn; `None` when the
    /// card is not in the pile.
    pub fn take_of(self, pile: &[Card], card: CardId) -> Option<PileTake> {
        let pos = pile.iter().position(|c| c.id == card)?;
        let above = pile.len() - pos - 1;
        let obliged = match self {
            Obliges::DeepOnly => above > 0,
            Obliges::EveryTake => true,
        };
        Some(PileTake {
            pos,
            above,
            obliged,
        })
    }
}

/// A take from a spread pile, as the rules see it before it is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PileTake {
    /// The card's position in the pile, oldest first.
    pub pos: usize,
    /// How many cards lie above it: the take brings them along.
    pub above: usize,
    /// Whether the card must go into a word this turn.
    pub obliged: bool,
}

impl<S> Default for DeepTake<S> {
    fn default() -> Self {
        DeepTake {
            must_use: None,
            taken: Vec::new(),
            before: None,
            took_back: false,
            deep: false,
        }
    }
}

impl<S: Clone> DeepTake<S> {
    /// Whether taking card `pos` of `pile` (0 the oldest) is allowed, and
    /// whether it is a deep take (not the top). `pile_name` names the pile
    /// in refusals ("train"); on the game's `first_turn` only the top may be
    /// taken.
    pub fn check(
        &self,
        pile: &Train,
        pos: usize,
        pile_name: &str,
        first_turn: bool,
    ) -> Result<bool, ActionError> {
        let len = pile.len();
        if pos >= len {
            return Err(ActionError::illegal(if len == 0 {
                format!("The {pile_name} is empty.")
            } else {
                format!("The {pile_name} has cards 1 to {len} only.")
            }));
        }
        let deep = pos + 1 < len;
        if deep && first_turn {
            return Err(ActionError::illegal(format!(
                "On the game's first turn you may take only the top card of the {pile_name}."
            )));
        }
        if deep && self.took_back {
            return Err(ActionError::illegal(
                "You took this turn back: draw from the stock or take the top card.",
            ));
        }
        Ok(deep)
    }

    /// Takes card `pos` of `pile` and every card above it into `hand`,
    /// after [`DeepTake::check`]: the cards taken. `before` is the game as
    /// it was, kept for a take that obliges (as `obliges` says) so that the
    /// turn can be taken back.
    pub fn take(
        &mut self,
        (pile, hand): (&mut Train, &mut Hand),
        pos: usize,
        obliges: Obliges,
        before: Option<S>,
    ) -> Result<Vec<Card>, ActionError> {
        let deep = pos + 1 < pile.len();
        let binding = deep || obliges == Obliges::EveryTake;
        let cards = pile
            .take_from(pos)
            .map_err(|e| ActionError::illegal(e.to_string()))?;
        hand.extend(cards.iter().copied());
        self.before = before.filter(|_| binding).map(Box::new);
        self.taken = cards
            .iter()
            .enumerate()
            .map(|(k, c)| (pos + k, *c))
            .collect();
        self.must_use = cards.first().map(|c| c.id).filter(|_| binding);
        self.deep = deep;
        Ok(cards)
    }

    /// The cards this turn took from the pile, deepest first.
    pub fn taken(&self) -> Vec<CardId> {
        self.taken.iter().map(|(_, c)| c.id).collect()
    }

    /// Whether this turn took from the pile.
    pub fn took_from_pile(&self) -> bool {
        !self.taken.is_empty()
    }

    /// The card the seat must use this turn.
    pub fn obliged(&self) -> Option<CardId> {
        self.must_use
    }

    /// Whether the seat took this turn back.
    pub fn took_back(&self) -> bool {
        self.took_back
    }

    /// Refuses ending the turn while the obliged card is still in `hand`.
    pub fn check_done(&self, hand: &Hand, pile_name: &str) -> Result<(), ActionError> {
        match self.must_use {
            Some(m) if hand.contains(m) => Err(ActionError::illegal(format!(
                "You took {} from {}the {pile_name}: use it in a word this turn, or take the turn back.",
                hand.get(m).map_or("a card".to_string(), |c| c.to_string()),
                if self.deep { "deep in " } else { "" }
            ))),
            _ => Ok(()),
        }
    }

    /// The game before the take, for taking the turn back, once
    /// [`DeepTake::take_back_refusal`] has allowed it; the caller puts it in
    /// place and then calls [`DeepTake::mark_taken_back`] on it.
    pub fn before(&mut self) -> Option<S> {
        self.before.take().map(|b| *b)
    }

    /// Why the turn may not be taken back now (`now` is the game, `hand`
    /// the seat's hand), if it may not. A take-back exists only for a turn
    /// that cannot end legally: one whose obliged card is still in hand
    /// (`none` says why when no take obliged anything). Like every undo it
    /// never goes back past a card shown to anyone ([`crate::rewind`]).
    pub fn take_back_refusal(&self, now: &S, hand: &Hand, none: &str) -> Option<String>
    where
        S: crate::game::Game,
    {
        let Some(before) = self.before.as_deref() else {
            return Some(none.to_string());
        };
        match self.must_use {
            Some(m) if hand.contains(m) => crate::rewind::refusal(before, now),
            _ => Some(format!(
                "You have used {} in a word, so this turn can end: finish it instead of taking it back.",
                self.taken
                    .first()
                    .map_or("the card you took".to_string(), |(_, c)| c.to_string())
            )),
        }
    }

    /// Deals the game kept for taking the turn back again as the game is
    /// dealt again (see [`crate::game::Redeal::redeal`]): the same dice on
    /// the same hidden cards (nothing hidden has moved since the take), so
    /// that both stay one game.
    pub fn redeal(&mut self, seat: crate::seat::SeatId, rng: &crate::rng::GameRng)
    where
        S: crate::game::Redeal,
    {
        if let Some(before) = self.before.as_deref_mut() {
            before.redeal(seat, &mut rng.clone());
        }
    }

    pub fn mark_taken_back(&mut self) {
        self.took_back = true;
    }

    /// A word of this turn was challenged off: the pile's cards still in
    /// `hand` go back to the pile in their places.
    pub fn return_taken(&self, hand: &mut Hand, pile: &mut Train) {
        let back: Vec<(usize, Card)> = self
            .taken
            .iter()
            .filter(|(_, c)| hand.contains(c.id))
            .copied()
            .collect();
        for (_, c) in &back {
            let _ = hand.take(c.id);
        }
        pile.restore(back);
    }

    /// The turn is over: nothing is obliged or can be taken back.
    pub fn end_turn(&mut self) {
        *self = DeepTake::default();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_take_brings_the_cards_above_and_says_what_it_obliges() {
        let p = crate::pile::tests::cards(4);
        let top = Obliges::DeepOnly.take_of(&p, CardId(3));
        assert_eq!(
            top,
            Some(PileTake {
                pos: 3,
                above: 0,
                obliged: false
            })
        );
        let deep = Obliges::DeepOnly.take_of(&p, CardId(1));
        assert_eq!(
            deep,
            Some(PileTake {
                pos: 1,
                above: 2,
                obliged: true
            })
        );
        let top = Obliges::EveryTake.take_of(&p, CardId(3));
        assert_eq!(
            top,
            Some(PileTake {
                pos: 3,
                above: 0,
                obliged: true
            })
        );
        assert_eq!(Obliges::EveryTake.take_of(&p, CardId(9)), None);
    }
}
