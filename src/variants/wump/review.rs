//! How Wump Rummy judges a play for the review: by the cards it makes the
//! seat sure of by the end of the deal, whatever the other seats play, as
//! the hints' exact search counts them. Every card is face up, so the
//! search sees only what the seat sees. A play with no choice is not
//! judged.

use super::search::{Search, Sure};
use super::{Wump, WumpAction, WumpView};

/// Positions the review's search of one play may visit: a tenth of the
/// hints' budget, so that a whole game is reviewed in moments. Where it
/// stops short of the deal's end, the review says "at least".
const REVIEW_BUDGET: u64 = 30_000;
use crate::card::{Card, CardId, count_cards};
use crate::game::Game;
use crate::review::{Judgement, Verdict};
use crate::seat::SeatId;

/// The review's judgement of `played` by `seat` on `game`.
pub fn judge(game: &Wump, seat: SeatId, played: &WumpAction) -> Option<Judgement<WumpAction>> {
    let view = game.view(seat);
    if view.to_move != Some(seat) || view.legal_moves().len() < 2 {
        return None;
    }
    // One search of what each play makes sure of; the best is the
    // surest, the first listed of equals.
    let each = Search::new(&view, REVIEW_BUDGET)?.sure(REVIEW_BUDGET);
    let mine = each.iter().find(|(a, _)| a == played)?;
    let top = each
        .iter()
        .fold(None, |b: Option<&(WumpAction, Sure)>, m| match b {
            Some(b) if b.1.least >= m.1.least => Some(b),
            _ => Some(m),
        })?;
    let value = |m: &(WumpAction, Sure)| i64::from(m.1.least);
    // The same loss gets the same word in every position: cards lost by
    // the deal's end, not a share of what was at stake.
    let lost = value(top) - value(mine);
    let verdict = Verdict::of_cards_lost(lost);
    let (best, best_value) = if verdict == Verdict::Best {
        (*played, value(mine))
    } else {
        (top.0, value(top))
    };
    let played_text = said(&view, played);
    let best_text = said(&view, &best);
    let sure_of = |m: &(WumpAction, Sure)| {
        let at_least = if m.1.complete { "" } else { "at least " };
        format!("sure of {at_least}{}", count_cards(usize::from(m.1.least)))
    };
    let (sentence, child) = if verdict == Verdict::Best {
        (
            format!(
                "You {played_text}: {} by the deal's end, as much as any play.",
                sure_of(mine)
            ),
            praise(&view, played),
        )
    } else {
        (
            format!(
                "{} would have made you {} by the deal's end; you {played_text}, {}.",
                doing(&view, &best),
                sure_of(top),
                sure_of(mine)
            ),
            pointer(&view, &best),
        )
    };
    Some(Judgement {
        best,
        played_value: value(mine),
        best_value,
        unit: "cards sure by the deal's end",
        played_text,
        best_text,
        verdict,
        sentence,
        child,
        chances: None,
    })
}

/// The card `id` on the table.
fn card(view: &WumpView, id: CardId) -> Option<Card> {
    view.hands
        .iter()
        .flatten()
        .chain(&view.center)
        .find(|c| c.id == id)
        .copied()
}

/// A play in a few words: "took K♦ with 9♦", "put 5♦ down".
fn said(view: &WumpView, a: &WumpAction) -> String {
    let name = |id| card(view, id).map(|c| c.to_string()).unwrap_or_default();
    match *a {
        WumpAction::Take { with, center } => format!("took {} with {}", name(center), name(with)),
        WumpAction::Place { card } => format!("put {} down", name(card)),
    }
}

/// A play as the subject of a sentence: "Taking K♦ with 9♦", "Putting
/// 5♦ down".
fn doing(view: &WumpView, a: &WumpAction) -> String {
    let name = |id| card(view, id).map(|c| c.to_string()).unwrap_or_default();
    match *a {
        WumpAction::Take { with, center } => {
            format!("Taking {} with {}", name(center), name(with))
        }
        WumpAction::Place { card } => format!("Putting {} down", name(card)),
    }
}

/// Praise for a child's best play.
fn praise(view: &WumpView, a: &WumpAction) -> String {
    match *a {
        WumpAction::Take { center, .. } => match card(view, center) {
            Some(c) => format!("Great take: you got the {c}!"),
            None => "Great take!".to_string(),
        },
        WumpAction::Place { .. } => "Good move!".to_string(),
    }
}

/// A gentle pointer to the better play, for a child.
fn pointer(view: &WumpView, best: &WumpAction) -> String {
    match *best {
        WumpAction::Take { with, center } => match (card(view, with), card(view, center)) {
            (Some(w), Some(c)) => format!("The {w} could have taken the {c}. Try it next time!"),
            _ => "A take was there. Try it next time!".to_string(),
        },
        WumpAction::Place { card: id } => match card(view, id) {
            Some(c) => format!("Putting down the {c} was safer. Try it next time!"),
            None => "Another card was safer to put down. Try it next time!".to_string(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::super::hint_check::secures;
    use super::*;

    #[test]
    fn every_review_claim_is_what_brute_force_finds() {
        // The cards the best play makes sure of, and the play made, as the
        // review states them, found again by a search of the real game:
        // that many can be made sure of, and (where the review's search
        // reached the deal's end) no more.
        let judged = crate::review::tests::check_claims::<Wump>(1, |game, seat, review, best| {
            let need = review.best_value as u32;
            assert!(secures(game, seat, *best, need), "{review:?}");
            let complete = !review.sentence.contains("at least");
            if complete && review.verdict == Verdict::Best {
                assert!(!secures(game, seat, *best, need + 1), "{review:?}");
            }
        });
        assert!(judged > 20, "{judged} plays judged");
    }
}
