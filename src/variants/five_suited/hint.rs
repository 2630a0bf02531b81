//! Hints for a human at 5 Suited Rummy: the hard bot's move, with the
//! figures behind it in a sentence.

use super::bots::{Hard, after_next_draw, end_chance, least_deadwood, take_points, unseen};
use super::meld::{arrange, deadwood, go_out_discards_except};
use super::{FiveAction, FiveView, Phase, describe};
use crate::card::{Card, count_points};

#[cfg(test)]
#[path = "hint_check.rs"]
mod hint_check;

/// The move a hint suggests, in a short line and with its reasons.
#[derive(Clone, Debug, PartialEq)]
pub struct Hint {
    pub action: FiveAction,
    /// The card it concerns: the discard to take or to throw.
    pub card: Option<Card>,
    pub short: String,
    pub text: String,
}

/// The hint for the view's seat, when it is to move.
pub fn hint(view: &FiveView) -> Option<Hint> {
    if view.to_move != Some(view.seat) {
        return None;
    }
    match view.phase {
        Phase::Draw => Some(draw_hint(view)),
        Phase::Discard => discard_hint(view),
    }
}

fn draw_hint(view: &FiveView) -> Hint {
    let action = Hard::draw(view);
    let now = deadwood(&view.hand, view.wild);
    let top = view.top_discard().copied();
    let unseen = unseen(view);
    let stock = after_next_draw(&view.hand, &unseen, view);
    let Some(top) = top else {
        return Hint {
            action,
            card: None,
            short: "Hint: draw from the stock.".into(),
            text: "Draw from the stock: the discard pile is empty.".into(),
        };
    };
    // The card taken may not go back: these figures keep it in hand.
    let take = take_points(view).unwrap_or(now);
    let wild = super::meld::is_wild(&top, view.wild);
    match action {
        FiveAction::TakeDiscard => {
            let why = if take == 0 && view.final_turn() {
                format!(
                    "with it your whole hand melds after your discard and leaves {}",
                    count_points(0)
                )
            } else if take == 0 {
                format!(
                    "with it you go out this turn: your hand can leave {} after your discard",
                    count_points(0)
                )
            } else if wild && !view.final_turn() {
                format!("{top} is wild, and a wild fits any meld")
            } else {
                format!(
                    "with it your hand can leave {} after your discard, against about {:.0} from a stock card",
                    count_points(take),
                    stock
                )
            };
            Hint {
                action,
                card: Some(top),
                short: format!("Hint: take {top} from the discard pile."),
                text: format!(
                    "Take {top}: {why}. You hold {} in loose cards now.",
                    count_points(now)
                ),
            }
        }
        _ => Hint {
            action,
            card: None,
            short: "Hint: draw from the stock.".into(),
            text: format!(
                "Draw from the stock: kept in your hand, {top} would leave {} after your discard; an unseen card leaves about {:.0} on average, and taking shows the others what you collect.",
                count_points(take),
                stock
            ),
        },
    }
}

fn discard_hint(view: &FiveView) -> Option<Hint> {
    let card = Hard::discard(view)?;
    let rest: Vec<Card> = view
        .hand
        .iter()
        .filter(|c| c.id != card.id)
        .copied()
        .collect();
    let laid = arrange(&rest, view.wild);
    let action = FiveAction::Discard { card: card.id };
    if go_out_discards_except(&view.hand, view.wild, view.taken)
        .iter()
        .any(|c| c.face == card.face)
    {
        // On a last turn someone else has gone out: the hand is laid down,
        // not gone out with.
        return Some(if view.final_turn() {
            Hint {
                action,
                card: Some(card),
                short: format!("Hint: discard {card} and lay down the rest."),
                text: format!(
                    "Discard {card} and lay down {}: nothing is left, so you score 0 this round.",
                    describe(&laid, view.wild)
                ),
            }
        } else {
            Hint {
                action,
                card: Some(card),
                short: format!("Hint: discard {card} and go out."),
                text: format!(
                    "Discard {card} and go out with {}: the others get one last turn each.",
                    describe(&laid, view.wild)
                ),
            }
        });
    }
    let least = least_deadwood(view).map_or(laid.points, |(_, p)| p);
    let why = if view.final_turn() {
        "this is your last turn, so what counts is the fewest points left".to_string()
    } else if laid.points > least {
        format!(
            "it keeps more ways to make melds on the next draws than the card that leaves the fewest points now ({}); the round may well last, as the chance it ends first is about {:.0}%",
            count_points(least),
            end_chance(view) * 100.0
        )
    } else {
        "no other discard leaves fewer points".to_string()
    };
    // With no meld yet, the hand is its loose cards and their points.
    let then = if laid.melds.is_empty() {
        format!(
            "you then hold no meld yet: {} ({})",
            crate::card::list(&laid.deadwood),
            count_points(laid.points)
        )
    } else {
        format!("your hand then lays out as {}", describe(&laid, view.wild))
    };
    Some(Hint {
        action,
        card: Some(card),
        short: format!("Hint: discard {card}."),
        text: format!(
            "Discard {card}: {then}. {}{}.",
            why[..1].to_uppercase(),
            &why[1..]
        ),
    })
}
