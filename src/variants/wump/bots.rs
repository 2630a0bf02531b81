//! Wump bots. Each decides from its seat's view alone (which in Wump shows
//! every card of the deal, but never the order of the stock).

use super::search::Search;
pub use super::thumb::{Weighed, thumb_rank};
use super::{Wump, WumpAction, WumpView, legal_moves, matches};
use crate::card::{Card, CardId};
use crate::game::Bot;
use crate::rng::GameRng;
use crate::seat::BotLevel;

pub fn for_level(level: BotLevel) -> Option<Box<dyn Bot<Wump>>> {
    match level {
        BotLevel::Easy => Some(Box::new(Easy)),
        BotLevel::Normal => Some(Box::new(Normal)),
        BotLevel::Hard => Some(Box::new(Hard)),
        // Nothing is hidden in a deal, and the hard bot already searches
        // each deal to its end: there is nothing more to look ahead through.
        BotLevel::Expert => None,
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

/// The chance that the easy bot, choosing among `moves` (its legal moves),
/// plays one that `pick` selects, as a fraction (numerator, denominator):
/// it takes half the time when it can both take and put down, choosing
/// evenly among the moves of the kind it chose.
pub fn easy_chance(moves: &[WumpAction], pick: impl Fn(&WumpAction) -> bool) -> (u32, u32) {
    let is_take = |m: &&WumpAction| matches!(m, WumpAction::Take { .. });
    let takes = moves.iter().filter(is_take).count() as u32;
    let places = moves.len() as u32 - takes;
    let picked_takes = moves.iter().filter(is_take).filter(|m| pick(m)).count() as u32;
    let picked_places = moves.iter().filter(|m| !is_take(m) && pick(m)).count() as u32;
    let (num, den) = match (takes, places) {
        (0, 0) => (0, 1),
        (0, p) => (picked_places, p),
        (t, 0) => (picked_takes, t),
        (t, p) => (picked_takes * p + picked_places * t, 2 * t * p),
    };
    let g = gcd(num, den).max(1);
    (num / g, den / g)
}

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 { a } else { gcd(b, a % b) }
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

/// The take that gains most now (every take gains the same: 2 cards, and
/// the last take of a game also sweeps the center); between takes, the one
/// the others could most use; otherwise the card the other seats can least
/// use (see [`thumb_rank`]).
pub struct Normal;

impl Bot<Wump> for Normal {
    fn choose(&self, view: &WumpView, _rng: &mut GameRng) -> Option<WumpAction> {
        let seat = view.to_move?;
        let hand = &view.hands[seat.index()];
        let moves = legal_moves(hand, &view.center, view.options.must_take);
        let weigh = |m: &WumpAction| -> Option<Weighed<'_>> {
            let find = |id: CardId| hand.iter().chain(&view.center).find(|c| c.id == id);
            Some(match *m {
                WumpAction::Take { with, center } => {
                    let center = find(center)?;
                    Weighed::Take {
                        with: find(with)?,
                        center,
                        denied: takers(view, center) as u32,
                    }
                }
                WumpAction::Place { card } => {
                    let card = find(card)?;
                    Weighed::Place {
                        card,
                        exposed: takers(view, card) as u32,
                    }
                }
            })
        };
        moves
            .into_iter()
            .filter_map(|m| Some((thumb_rank(weigh(&m)?), m)))
            .max_by(|a, b| a.0.cmp(&b.0))
            .map(|(_, m)| m)
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
