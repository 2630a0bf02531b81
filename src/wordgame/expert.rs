//! What the three word games tell the expert ([`crate::expert`]) alike:
//! the candidates of a turn and how a game of points stands.

use super::base::SeatView;
use crate::card::{Card, CardId};
use crate::game::{Game, Players};
use crate::lookahead::{Bots, push_new};
use crate::rng::GameRng;
use crate::seat::{ScoreSheet, SeatId};

/// The candidates of a word game's turn for the seat of `view`: what the
/// bots would play, then `more` (the draws or takes open), then a discard
/// of each card of the hand, dearest first, made by `discard` where the
/// game lets the seat discard now.
pub fn candidates<G, O, P, X>(
    view: &SeatView<O, P, X>,
    bots: &Bots<G>,
    rng: &mut GameRng,
    more: Vec<G::Action>,
    discard: Option<fn(CardId) -> G::Action>,
) -> Vec<G::Action>
where
    G: Players<View = SeatView<O, P, X>>,
{
    let mut out = bots.choices(view, rng);
    for a in more {
        push_new(&mut out, a);
    }
    if let Some(discard) = discard {
        let mut hand: Vec<&Card> = view.hand.iter().collect();
        hand.sort_by_key(|c| (std::cmp::Reverse(c.value), c.id));
        for c in hand {
            push_new(&mut out, discard(c.id));
        }
    }
    out
}

/// How a game won on the highest total stands for `seat` (see
/// [`crate::lookahead::standing_of`]): `over` once it has ended.
pub fn standing<G: Game>(game: &G, seat: SeatId, spread: f64) -> f64 {
    let winners = game.is_over().then(|| game.leaders());
    crate::lookahead::standing_of(seat, &game.scores(), winners.as_deref(), true, spread)
}

/// Rounds scored on `sheet`: a playout stops when one is.
pub fn rounds_scored(sheet: &ScoreSheet) -> usize {
    sheet.rows().len()
}
