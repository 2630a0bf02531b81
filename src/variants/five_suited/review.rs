//! How 5 Suited Rummy judges a discard for the review: by the points it
//! leaves in loose cards (those no meld takes), which count against the
//! seat when the round ends; fewer is better, and none goes out. The
//! meld solver is exact, and it reads only the seat's own hand. Draws are
//! not judged: what the stock gives is chance.

use super::meld::discard_points;
use super::{FiveAction, FiveSuited, Phase};
use crate::card::count_points;
use crate::game::Game;
use crate::review::{Judgement, Verdict};
use crate::seat::SeatId;

/// Points of loose cards a slip may cost before it is more than good: a
/// tenth of this is good, a third an inaccuracy.
const STAKE: i64 = 20;

/// The review's judgement of `played` by `seat` on `game`.
pub fn judge(
    game: &FiveSuited,
    seat: SeatId,
    played: &FiveAction,
) -> Option<Judgement<FiveAction>> {
    let FiveAction::Discard { card } = *played else {
        return None;
    };
    let view = game.view(seat);
    if view.phase != Phase::Discard || view.to_move != Some(seat) {
        return None;
    }
    let each = discard_points(&view.hand, view.wild, view.taken);
    // One card to throw, or only cards alike: nothing to choose.
    if each.iter().all(|(_, p)| *p == each[0].1) {
        return None;
    }
    let left = |id| each.iter().find(|(c, _)| c.id == id).map(|(c, p)| (*c, *p));
    let (thrown, kept) = left(card)?;
    let &(best_card, least) = each.iter().min_by_key(|(c, p)| (*p, c.id))?;
    let (best, best_value, verdict) = Judgement::weigh(
        (played, -(kept as i64)),
        (FiveAction::Discard { card: best_card.id }, -(least as i64)),
        STAKE,
    );
    let left_text = |p: u32| match p {
        0 => "left no loose card".to_string(),
        p => format!("left {} in loose cards", count_points(p)),
    };
    let (sentence, child) = if verdict == Verdict::Best {
        (
            format!(
                "Discarding {thrown} {}, the fewest any discard leaves.",
                left_text(kept)
            ),
            format!("Good throw: the {thrown}!"),
        )
    } else {
        (
            format!(
                "Discarding {best_card} {}; discarding {thrown} {}.",
                left_text(least),
                left_text(kept)
            ),
            format!("Throwing the {best_card} keeps fewer points in your hand. Try it next time!"),
        )
    };
    Some(Judgement {
        best,
        played_value: -(kept as i64),
        best_value,
        unit: "points of loose cards (counted against you)",
        played_text: format!("discarded {thrown}"),
        best_text: if verdict == Verdict::Best {
            format!("discarded {thrown}")
        } else {
            format!("discarded {best_card}")
        },
        verdict,
        sentence,
        child,
    })
}
