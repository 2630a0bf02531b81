//! The one rule every undo and every take-back goes through, in every game
//! and mode: play never goes back to a moment before a card that nobody
//! had seen was shown to anyone (a draw from the stock, bonus cards, a
//! deal), nor across the end of a round or a game. A seat that knew a card
//! (one of its own) may see it go back; a card that was hidden from
//! everyone may not come back unseen, or its seat would know the stock.

use crate::card::CardId;
use crate::game::{Game, Playable, Session};
use std::collections::BTreeSet;

/// What stands between a game and an earlier moment of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Barrier {
    /// A card hidden from every seat has been shown to one since.
    Shown,
    /// A round (a game, in a match of games) has ended since.
    Ended,
}

impl Barrier {
    /// The sentence for a person who asked to go back, in `G`'s words.
    pub fn sentence<G: Game>(self) -> String {
        match self {
            Barrier::Shown => format!(
                "A card nobody had seen has been shown since ({}), so that cannot be taken back.",
                G::REVEALS
            ),
            Barrier::Ended => format!(
                "A {} has ended since, so that cannot be taken back.",
                G::ROUND
            ),
        }
    }
}

/// What stands between `then` and `now`, a later moment of the same game,
/// judged from those two moments alone: a round ended, or a card hidden
/// from everyone then is known to a seat now.
pub fn between<G: Game>(then: &G, now: &G) -> Option<Barrier> {
    if then.stats().rounds != now.stats().rounds || (now.is_over() && !then.is_over()) {
        return Some(Barrier::Ended);
    }
    let unseen_now: BTreeSet<CardId> = now.unseen_cards().into_iter().collect();
    then.unseen_cards()
        .iter()
        .any(|c| !unseen_now.contains(c))
        .then_some(Barrier::Shown)
}

/// Why play may not go back from `now` to `then`, if it may not: for a
/// take-back inside a turn, which holds the moment it goes back to.
pub fn refusal<G: Game>(then: &G, now: &G) -> Option<String> {
    between(then, now).map(Barrier::sentence::<G>)
}

impl<G: Playable> Session<G> {
    /// Why the game may not go back to its first `len` moves, if it may
    /// not: the one rule of [`crate::rewind`], checked move by move.
    pub fn undo_refusal(&self, len: usize) -> Option<String> {
        if len >= self.log().len() {
            return None;
        }
        let mut past = Session::<G>::new(self.setup().clone()).ok()?;
        for m in &self.log()[..len] {
            past.apply(m.seat, m.action.clone()).ok()?;
        }
        let mut prev = past.state().clone();
        for m in &self.log()[len..] {
            let mut next = prev.clone();
            next.apply(m.seat, &m.action).ok()?;
            if let Some(b) = between(&prev, &next) {
                return Some(b.sentence::<G>());
            }
            prev = next;
        }
        None
    }

    /// Goes back to the game as it was after the first `len` moves, if
    /// [`Session::undo_refusal`] allows it; the refusal otherwise.
    pub fn undo_to(&mut self, len: usize) -> Result<(), String> {
        if let Some(refusal) = self.undo_refusal(len) {
            return Err(refusal);
        }
        self.truncate(len).map_err(|e| e.to_string())
    }
}
