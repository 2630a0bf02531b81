//! The rule of thumb of Wump Rummy's normal bot: how it ranks a play.
//! The normal bot and every search that follows a normal bot's play call
//! [`thumb_rank`], so that a hint saying what a normal bot does next is
//! what it does.

use crate::card::{Card, CardId};

/// A play as the rule of thumb weighs it.
#[derive(Clone, Copy, Debug)]
pub enum Weighed<'a> {
    /// Taking `center` with `with`; `denied`: the cards of the other hands
    /// that match `center`, which the take keeps from them.
    Take {
        with: &'a Card,
        center: &'a Card,
        denied: u32,
    },
    /// Putting `card` down; `exposed`: the cards of the other hands that
    /// match it.
    Place { card: &'a Card, exposed: u32 },
}

/// A card's place in the rule of thumb's order between plays it values
/// alike: by rank, then suit, then the card itself.
fn card_order(c: &Card) -> (u8, Option<crate::card::Suit>, CardId) {
    (c.face.rank().map_or(0, |r| r.number()), c.face.suit(), c.id)
}

/// How the rule of thumb ranks a play, the larger the better: any take
/// above any placing; a take by the cards of the other hands it denies, a
/// placing by how few of them match the card put down. Between plays alike
/// in that, the cards themselves decide (the higher card taken, then the
/// higher card it is taken with; the higher card put down), never where
/// they lie in a hand or in the center: the normal bot and every search that
/// follows a normal bot's play call this one function, so a hint that says
/// what a normal bot does next is what it does.
pub fn thumb_rank(play: Weighed<'_>) -> impl Ord + use<> {
    match play {
        Weighed::Take {
            with,
            center,
            denied,
        } => (true, denied as i64, card_order(center), card_order(with)),
        Weighed::Place { card, exposed } => {
            (false, -(exposed as i64), card_order(card), card_order(card))
        }
    }
}
