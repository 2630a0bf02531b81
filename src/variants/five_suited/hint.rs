//! Hints for a human at 5 Suited Rummy: the hard bot's move, with the
//! figures behind it in a sentence.

use super::bots::{Hard, after_next_draw, end_chance, least_deadwood, take_points, unseen};
use super::meld::{arrange, deadwood, go_out_discards_except};
use super::{FiveAction, FiveSuited, FiveView, Phase, describe};
use crate::analysis::Analysis;
use crate::card::{Card, count_points};
use crate::game::Game;
use crate::seat::SeatId;

#[cfg(test)]
#[path = "hint_tests.rs"]
mod hint_tests;

/// The move a hint suggests, in a short line and with its reasons.
#[derive(Clone, Debug, PartialEq)]
pub struct Hint {
    pub action: FiveAction,
    /// The card it concerns: the discard to take or to throw.
    pub card: Option<Card>,
    pub short: String,
    pub text: String,
}

/// The hint for the view's seat, when it is to move, from its view alone:
/// the hard bot's move and its figures.
pub fn hint(view: &FiveView) -> Option<Hint> {
    if view.to_move != Some(view.seat) {
        return None;
    }
    match view.phase {
        Phase::Draw => Some(draw_hint(view, Hard::draw(view), None)),
        Phase::Discard => discard_hint(view, Hard::discard(view)?, None),
    }
}

/// The hint for `seat` in `game`: the best move of the one analysis
/// ([`super::review::analyse`]), which the review and the kids' lines
/// speak from too, worked out from the seat's view only. Where the
/// analysis and the hard bot agree, the hard bot's figures say why; where
/// they differ, the chances and what each move risks.
pub fn hint_in(game: &FiveSuited, seat: SeatId) -> Option<Hint> {
    let view = game.view(seat);
    if view.to_move != Some(seat) {
        return None;
    }
    let Some(analysis) = super::review::analyse(game, seat, None) else {
        return hint(&view);
    };
    let best = analysis.best().action;
    let why = |other: FiveAction| Some((&analysis, other));
    match (view.phase, best) {
        (Phase::Draw, action) => {
            let hard = Hard::draw(&view);
            let other = if action == hard { None } else { why(hard) };
            Some(draw_hint(&view, action, other))
        }
        (Phase::Discard, FiveAction::Discard { card }) => {
            let card = *view.hand.iter().find(|c| c.id == card)?;
            let hard = Hard::discard(&view)?;
            let other = if card.id == hard.id {
                None
            } else {
                why(FiveAction::Discard { card: hard.id })
            };
            discard_hint(&view, card, other)
        }
        _ => hint(&view),
    }
}

/// The reason the analysis gives for `chosen` over `other`, the move the
/// hard bot's figures favour: "it gives the better chance of winning,
/// about 1 in 3 against about 1 in 4 …".
fn analysis_why(
    view: &FiveView,
    chosen: FiveAction,
    (analysis, other): (&Analysis<FiveAction>, FiveAction),
) -> Option<String> {
    let a = analysis.of(&chosen)?;
    let b = analysis.of(&other)?;
    let worlds = analysis.worlds;
    let count = |share: f64| (share * worlds as f64).round() as usize;
    let other_text = match other {
        FiveAction::DrawStock => "drawing from the stock".to_string(),
        FiveAction::TakeDiscard => format!("taking {}", view.top_discard()?),
        FiveAction::Discard { card } => {
            format!("discarding {}", view.hand.iter().find(|c| c.id == card)?)
        }
    };
    let mut why = crate::analysis::compared(a.chance, b.chance, worlds, &other_text);
    if count(a.gone_out) != count(b.gone_out) {
        why.push_str(&format!(
            "; another seat went out before your next turn in {} of {worlds} deals you could face after it, and in {} after {other_text}",
            count(a.gone_out),
            count(b.gone_out)
        ));
    }
    if let FiveAction::Discard { card } = other
        && let Some(c) = view.hand.iter().find(|c| c.id == card)
        && let Some(seen) = super::review::collecting(view, c)
    {
        why.push_str(&format!(" ({seen})"));
    }
    Some(why)
}

fn draw_hint(
    view: &FiveView,
    action: FiveAction,
    analysed: Option<(&Analysis<FiveAction>, FiveAction)>,
) -> Hint {
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
    let analysed = analysed.and_then(|a| analysis_why(view, action, a));
    match action {
        FiveAction::TakeDiscard => {
            let why = if let Some(why) = analysed {
                why
            } else if take == 0 && view.final_turn() {
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
            text: match analysed {
                Some(why) => format!("Draw from the stock: {why}."),
                None => format!(
                    "Draw from the stock: kept in your hand, {top} would leave {} after your discard; an unseen card leaves about {:.0} on average, and taking shows the others what you collect.",
                    count_points(take),
                    stock
                ),
            },
        },
    }
}

fn discard_hint(
    view: &FiveView,
    card: Card,
    analysed: Option<(&Analysis<FiveAction>, FiveAction)>,
) -> Option<Hint> {
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
    let analysed = analysed.and_then(|a| analysis_why(view, action, a));
    let why = if let Some(why) = analysed {
        why
    } else if view.final_turn() {
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
