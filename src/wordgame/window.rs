//! The open window: after a move, other seats each get one decision in turn
//! (Wrummy's calls after a discard and challenges after a word, Play On
//! Words' muggins). Whoever is first in the window is to move; deciding,
//! whatever the decision, takes that seat out of it.

use crate::seat::{SeatId, TurnOrder};
use serde::{Deserialize, Serialize};

/// The seats still to decide, in the order they decide.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Window {
    waiting: Vec<SeatId>,
}

impl Window {
    /// Every seat after `seat`, in turn order (not `seat` itself).
    pub fn others(turn: &TurnOrder, seat: SeatId) -> Window {
        Window {
            waiting: turn.from(seat).skip(1).collect(),
        }
    }

    /// The window with `seat` deciding last as well.
    pub fn then(mut self, seat: SeatId) -> Window {
        self.waiting.push(seat);
        self
    }

    /// The seat to decide now.
    pub fn next(&self) -> Option<SeatId> {
        self.waiting.first().copied()
    }

    /// The seat to decide has decided.
    pub fn pass(&mut self) {
        if !self.waiting.is_empty() {
            self.waiting.remove(0);
        }
    }

    /// `seat` has decided (wherever it stood).
    pub fn decided(&mut self, seat: SeatId) {
        self.waiting.retain(|&s| s != seat);
    }

    /// Nobody is left to decide.
    pub fn is_closed(&self) -> bool {
        self.waiting.is_empty()
    }

    /// The seats still to decide, in order.
    pub fn seats(&self) -> &[SeatId] {
        &self.waiting
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_other_seat_decides_once_in_turn() {
        let turn = TurnOrder::new(4, SeatId(0));
        let mut w = Window::others(&turn, SeatId(2)).then(SeatId(2));
        assert_eq!(w.seats(), &[SeatId(3), SeatId(0), SeatId(1), SeatId(2)]);
        assert_eq!(w.next(), Some(SeatId(3)));
        w.pass();
        w.decided(SeatId(1));
        assert_eq!(w.seats(), &[SeatId(0), SeatId(2)]);
        w.pass();
        w.pass();
        assert!(w.is_closed());
        w.pass();
        assert_eq!(w.next(), None);
    }
}
