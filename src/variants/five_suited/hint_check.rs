//! Compiled only under #[cfg(test)] (declared in `hint.rs`).
//!
//! The 5 Suited Rummy hint checker: reads a hint's sentence and checks every
//! figure and claim in it against the game, the points left by the slower
//! reference search (`oracle`) rather than the solver the hint uses. The
//! points in loose cards now; what keeping the discard top leaves after the
//! best discard but it; the average an unseen card leaves (the cards this
//! seat has not seen, counted from the game itself: the stock and the other
//! hands but the cards they were seen to take); that a card called wild is
//! wild; going out and laying down; each arrangement said, meld by meld
//! (every meld a meld, every card of the hand placed once, the points left
//! the fewest possible); "no other discard leaves fewer points" and the
//! figure of the one that leaves the fewest. The chance the round ends first
//! is the hint's own estimate: only its range is checked. A sentence the
//! checker cannot read is a failure.

use super::super::meld::{deadwood_after_discard, is_meld, is_wild, points};
use super::super::oracle::oracle;
use super::super::{FiveAction, FiveEvent, FiveSuited, Phase};
use super::Hint;
use crate::card::{Card, Rank};
use crate::game::Game;
use crate::seat::{BotLevel, SeatId};

fn fail<T>(what: impl Into<String>) -> Result<T, String> {
    Err(what.into())
}

/// The fewest points `hand` leaves after discarding one card other than
/// `keep`, by the reference search.
fn least_after_discard(
    hand: &[Card],
    wild: Rank,
    keep: Option<crate::card::CardId>,
) -> Option<u32> {
    hand.iter()
        .filter(|c| Some(c.id) != keep)
        .map(|d| {
            let rest: Vec<Card> = hand.iter().filter(|c| c.id != d.id).copied().collect();
            oracle(&rest, wild)
        })
        .min()
}

/// The cards `seat` has not seen, from the game itself: the stock and every
/// other hand not laid down, less the cards it saw go into them (taken from
/// the discard pile and not thrown since).
fn unseen(g: &FiveSuited, seat: SeatId) -> Vec<Card> {
    let mut out: Vec<Card> = g.stock.cards().to_vec();
    for (i, hand) in g.hands.iter().enumerate() {
        if i == seat.index() || g.laid[i].is_some() {
            continue;
        }
        let seen: Vec<_> = g.took[i]
            .iter()
            .filter(|c| !g.threw[i].iter().any(|t| t.id == c.id))
            .map(|c| c.id)
            .collect();
        out.extend(hand.cards().iter().filter(|c| !seen.contains(&c.id)));
    }
    out
}

/// The average points `hand` leaves after drawing one of `unseen` and
/// discarding its best discard.
fn average_after_draw(hand: &[Card], unseen: &[Card], wild: Rank) -> f64 {
    if unseen.is_empty() {
        return super::super::meld::deadwood(hand, wild) as f64;
    }
    let sum: f64 = unseen
        .iter()
        .map(|&c| {
            let mut h = hand.to_vec();
            h.push(c);
            deadwood_after_discard(&h, wild).unwrap_or(0) as f64
        })
        .sum();
    sum / unseen.len() as f64
}

/// "12 points" or "1 point".
fn parse_points(s: &str) -> Result<u32, String> {
    s.trim_end_matches(" points")
        .trim_end_matches(" point")
        .parse()
        .map_err(|_| format!("not points: {s:?}"))
}

/// Checks an arrangement as `describe` writes it ("5♥ 6♥ 7♥(W) | 8♠ 8♣ 8♦;
/// left in hand K♠ (10 points)") against `rest`: every meld a meld, each
/// card of `rest` placed once, wilds marked truly, the points left those
/// of the loose cards and the fewest `rest` can leave. The points left.
fn arrangement(text: &str, rest: &[Card], wild: Rank, claims: &mut usize) -> Result<u32, String> {
    let (melds, loose) = match text.split_once("; left in hand ") {
        Some((m, l)) => (m, Some(l)),
        None => (text, None),
    };
    let mut pool: Vec<Card> = rest.to_vec();
    // A meld's wilds are marked (W); loose cards are listed as printed.
    let mut take = |label: &str, in_meld: bool| -> Result<Card, String> {
        let (label, marked) = match label.strip_suffix("(W)") {
            Some(l) => (l, true),
            None => (label, false),
        };
        let at = pool
            .iter()
            .position(|c| c.to_string() == label)
            .ok_or_else(|| format!("{label} is not left in the hand"))?;
        let c = pool.swap_remove(at);
        if marked != (in_meld && is_wild(&c, wild)) {
            return fail(format!("{label} is marked wild wrongly"));
        }
        Ok(c)
    };
    if melds != "no melds" {
        for m in melds.split(" | ") {
            let cards: Vec<Card> = m
                .split(' ')
                .map(|l| take(l, true))
                .collect::<Result<_, _>>()?;
            *claims += 1;
            if !is_meld(&cards, wild) {
                return fail(format!("{m} is not a meld"));
            }
        }
    }
    let mut left = 0;
    if let Some(loose) = loose {
        let (cards, pts) = loose.rsplit_once(" (").ok_or("no points left")?;
        let said = parse_points(pts.strip_suffix(')').ok_or("no bracket")?)?;
        for label in cards.split(' ') {
            left += points(&take(label, false)?, wild);
        }
        *claims += 1;
        if left != said {
            return fail(format!("the loose cards are {left} points, not {said}"));
        }
    }
    *claims += 2;
    if !pool.is_empty() {
        return fail(format!("{} cards of the hand are not placed", pool.len()));
    }
    let best = oracle(rest, wild);
    if left != best {
        return fail(format!("it leaves {left} points, but {best} is possible"));
    }
    Ok(left)
}

/// Checks every claim of `h`, the hint for `seat` in `g`: the number of
/// claims checked, or the first false one.
pub fn check(g: &FiveSuited, seat: SeatId, h: &Hint) -> Result<usize, String> {
    check_claims(g, seat, h).map_err(|e| format!("{e}\n  in: {}", h.text))
}

fn check_claims(g: &FiveSuited, seat: SeatId, h: &Hint) -> Result<usize, String> {
    let view = g.view(seat);
    let wild = view.wild;
    let mut claims = 1;
    let (_, events) = crate::variants::hint_check::played(g, seat, &h.action)?;
    let text = h.text.strip_suffix('.').ok_or("no full stop")?;
    let now = oracle(&view.hand, wild);
    let stock_average = || average_after_draw(&view.hand, &unseen(g, seat), wild);
    let about = |said: &str, value: f64| -> Result<(), String> {
        let said: f64 = said
            .parse()
            .map_err(|_| format!("not a number: {said:?}"))?;
        if (said - value).abs() > 0.5 + 1e-9 {
            return fail(format!("about {said}, but it is {value:.2}"));
        }
        Ok(())
    };
    match (view.phase, h.action) {
        (Phase::Draw, FiveAction::DrawStock)
            if text == "Draw from the stock: the discard pile is empty" =>
        {
            claims += 1;
            if view.top_discard().is_some() {
                return fail("the discard pile is not empty");
            }
        }
        (Phase::Draw, FiveAction::DrawStock) => {
            let top = *view.top_discard().ok_or("no discard top")?;
            let rest = text
                .strip_prefix(&format!(
                    "Draw from the stock: kept in your hand, {top} would leave "
                ))
                .ok_or("unknown sentence")?;
            let (kept, rest) = rest
                .split_once(" after your discard; an unseen card leaves about ")
                .ok_or("unknown sentence")?;
            let average = rest
                .strip_suffix(" on average, and taking shows the others what you collect")
                .ok_or("unknown sentence")?;
            let mut with = view.hand.clone();
            with.push(top);
            claims += 2;
            let least = least_after_discard(&with, wild, Some(top.id)).ok_or("no discard")?;
            if parse_points(kept)? != least {
                return fail(format!("keeping {top} leaves {least}"));
            }
            about(average, stock_average())?;
        }
        (Phase::Draw, FiveAction::TakeDiscard) => {
            let top = *view.top_discard().ok_or("no discard top")?;
            let rest = text
                .strip_prefix(&format!("Take {top}: "))
                .ok_or("unknown sentence")?;
            let (why, held) = rest.rsplit_once(". You hold ").ok_or("no points now")?;
            let held = held
                .strip_suffix(" in loose cards now")
                .ok_or("no points now")?;
            claims += 1;
            if parse_points(held)? != now {
                return fail(format!("the hand holds {now} in loose cards"));
            }
            let mut with = view.hand.clone();
            with.push(top);
            let least = least_after_discard(&with, wild, Some(top.id)).ok_or("no discard")?;
            claims += 1;
            if why == "with it your whole hand melds after your discard and leaves 0 points" {
                if least != 0 || !view.final_turn() {
                    return fail("the hand does not meld whole, or it is not a final turn");
                }
            } else if why
                == "with it you go out this turn: your hand can leave 0 points after your discard"
            {
                if least != 0 || view.final_turn() {
                    return fail("the hand cannot go out with it");
                }
            } else if why == format!("{top} is wild, and a wild fits any meld") {
                if !is_wild(&top, wild) {
                    return fail(format!("{top} is not wild"));
                }
            } else if let Some(rest) = why.strip_prefix("with it your hand can leave ") {
                let (left, average) = rest
                    .split_once(" after your discard, against about ")
                    .ok_or("unknown sentence")?;
                let average = average
                    .strip_suffix(" from a stock card")
                    .ok_or("unknown sentence")?;
                claims += 1;
                if parse_points(left)? != least {
                    return fail(format!("with it the hand leaves {least}"));
                }
                about(average, stock_average())?;
            } else {
                return fail(format!("a reason the checker cannot read: {why:?}"));
            }
        }
        (Phase::Discard, FiveAction::Discard { card }) => {
            let c = *view
                .hand
                .iter()
                .find(|c| c.id == card)
                .ok_or("no such card")?;
            let rest: Vec<Card> = view.hand.iter().filter(|x| x.id != card).copied().collect();
            let went_out = events
                .iter()
                .any(|e| matches!(e, FiveEvent::WentOut { seat: s, .. } if *s == seat));
            let laid_down = events
                .iter()
                .any(|e| matches!(e, FiveEvent::LaidDown { seat: s, .. } if *s == seat));
            if let Some(m) = text
                .strip_prefix(&format!("Discard {c} and go out with "))
                .and_then(|r| r.strip_suffix(": the others get one last turn each"))
            {
                claims += 1;
                if !went_out || arrangement(m, &rest, wild, &mut claims)? != 0 {
                    return fail("the discard does not go out");
                }
            } else if let Some(m) = text
                .strip_prefix(&format!("Discard {c} and lay down "))
                .and_then(|r| r.strip_suffix(": nothing is left, so you score 0 this round"))
            {
                claims += 1;
                if !view.final_turn()
                    || !laid_down
                    || arrangement(m, &rest, wild, &mut claims)? != 0
                {
                    return fail("the hand is not laid down whole");
                }
            } else if let Some(rest_text) = text.strip_prefix(&format!("Discard {c}: ")) {
                let (then, why) = rest_text.split_once(". ").ok_or("no reason")?;
                let left = if let Some(m) = then.strip_prefix("your hand then lays out as ") {
                    arrangement(m, &rest, wild, &mut claims)?
                } else if let Some(l) = then.strip_prefix("you then hold no meld yet: ") {
                    // No meld: every card loose, and none could meld.
                    arrangement(
                        &format!("no melds; left in hand {l}"),
                        &rest,
                        wild,
                        &mut claims,
                    )?
                } else {
                    return fail(format!("unknown sentence {then:?}"));
                };
                let least =
                    least_after_discard(&view.hand, wild, view.taken).ok_or("no discard")?;
                claims += 1;
                if why == "This is your last turn, so what counts is the fewest points left" {
                    if !view.final_turn() || left != least {
                        return fail("not a final turn, or not the fewest points");
                    }
                } else if why == "No other discard leaves fewer points" {
                    if left != least {
                        return fail(format!("another discard leaves {least}"));
                    }
                } else if let Some(r) = why.strip_prefix(
                    "It keeps more ways to make melds on the next draws than the card that leaves the fewest points now (",
                ) {
                    let (fewest, chance) = r
                        .split_once("); the round may well last, as the chance it ends first is about ")
                        .ok_or("unknown reason")?;
                    let chance: f64 = chance
                        .strip_suffix('%')
                        .and_then(|c| c.parse().ok())
                        .ok_or("bad chance")?;
                    claims += 2;
                    if parse_points(fewest)? != least || least >= left {
                        return fail(format!("the fewest a discard leaves is {least}"));
                    }
                    if !(0.0..=100.0).contains(&chance) {
                        return fail("a chance out of range");
                    }
                } else {
                    return fail(format!("a reason the checker cannot read: {why:?}"));
                }
            } else {
                return fail("unknown sentence");
            }
        }
        _ => return fail("a move for another phase"),
    }
    Ok(claims)
}

#[cfg(test)]
mod tests {
    use super::*;

    crate::variants::hint_check::claim_tests!(
        FiveSuited,
        "5 Suited Rummy",
        7,
        |g: &FiveSuited, seat| super::super::hint(&g.view(seat))
    );
}
