//! Wump bots. Each decides from its seat's view alone (which in Wump shows
//! every card of the deal, but never the order of the stock).

use super::search::Search;
use super::{Wump, WumpAction, WumpView, legal_moves, matches};
use crate::card::Card;
use crate::game::Bot;
use crate::rng::GameRng;
use crate::seat::BotLevel;

pub fn for_level(level: BotLevel) -> Option<Box<dyn Bot<Wump>>> {
    match level {
        BotLevel::Easy => Some(Box::new(Easy)),
        BotLevel::Normal => Some(Box::new(Normal)),
        BotLevel::Hard => Some(Box::new(Hard)),
    }
}

/// A legal move; when it can take, it takes about half the time.
pub struct Easy;

impl Bot<Wump> for Easy {
    fn choose(&self, view: &WumpView, rng: &mut GameRng) -> Option<WumpAction> {
        let moves = view.legal_moves();
        let (takes, places): (Vec<WumpAction>, Vec<WumpAction>) = moves
            .into_iter()
            .partition(|m| matches!(m, WumpAction::Take { .. }));
        let pool = if places.is_empty() || (!takes.is_empty() && rng.chance(1, 2)) {
            takes
        } else {
            places
        };
        rng.pick(&pool).copied()
    }
}

/// How many cards in the other seats' hands could take `card`.
fn takers(view: &WumpView, card: &Card) -> usize {
    let me = view.seat.index();
    view.hands
        .iter()
        .enumerate()
        .filter(|&(i, _)| i != me)
        .flat_map(|(_, h)| h.iter())
        .filter(|c| matches(c, card))
        .count()
}

/// The take that gains most now (the last take of a game also sweeps the
/// center; between equal takes, the one the others could most use); otherwise
/// the card the other seats can least use.
pub struct Normal;

impl Bot<Wump> for Normal {
    fn choose(&self, view: &WumpView, _rng: &mut GameRng) -> Option<WumpAction> {
        let seat = view.to_move?;
        let hand = &view.hands[seat.index()];
        let moves = legal_moves(hand, &view.center, view.options.must_take);
        let cards_left: usize = view.hands.iter().map(Vec::len).sum();
        let last_play = view.last_deal() && cards_left == 1;
        let score = |m: &WumpAction| -> (i64, i64) {
            match *m {
                WumpAction::Take { center, .. } => {
                    let gain = if last_play {
                        1 + view.center.len() as i64
                    } else {
                        2
                    };
                    let denied = view.card(center).map_or(0, |c| takers(view, &c)) as i64;
                    (1_000 + gain, denied)
                }
                WumpAction::Place { card } => {
                    let exposed = view.card(card).map_or(0, |c| takers(view, &c)) as i64;
                    (0, -exposed)
                }
            }
        };
        moves.into_iter().max_by_key(score)
    }
}

/// Search of the rest of the deal (exact when it fits the budget): the move
/// after which it claims the most cards, every other seat also playing its
/// best.
pub struct Hard;

impl Bot<Wump> for Hard {
    fn choose(&self, view: &WumpView, rng: &mut GameRng) -> Option<WumpAction> {
        match Search::new(view, super::search::BOT_BUDGET) {
            Some(mut search) => search.ranked().first().map(|(a, _)| *a),
            None => Normal.choose(view, rng),
        }
    }
}
