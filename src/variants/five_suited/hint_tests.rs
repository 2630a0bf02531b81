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
//! is the hint's own estimate: only its range is checked. Where the
//! analysis chose against the hard bot's figures, its reason is checked
//! against the analysis run again (the chances said and the deals counted)
//! and against the game (what the next seat took). A sentence the checker
//! cannot read is a failure.

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

/// Checks a reason the analysis gave for `chosen`: "it gives the better
/// chance of winning, about 1 in 3 against about 1 in 4 for discarding
/// 9★[; another seat went out … in N of W deals you could face after it,
/// and in M after discarding 9★][ (Ben took the 9♦ from the pile)]".
fn analysis_claims(
    g: &FiveSuited,
    seat: SeatId,
    chosen: FiveAction,
    why: &str,
) -> Result<usize, String> {
    use crate::analysis::in_words;
    let view = g.view(seat);
    let analysis = super::super::review::analyse(g, seat, None).ok_or("no analysis")?;
    if analysis.best().action != chosen {
        return fail("the hint is not the analysis's best move");
    }
    let worlds = analysis.worlds;
    // Four forms: a better chance in words; the same words and the gap
    // in hundredths; the same words less than one in 100 apart; or no move
    // surely better.
    let (higher, said, other_said, gap, rest) = if let Some(r) =
        why.strip_prefix("it gives the better chance of winning, ")
    {
        let (said, r) = r.split_once(" against ").ok_or("no other chance")?;
        let (other_said, r) = r.split_once(" for ").ok_or("no other move")?;
        (true, said, other_said, None, r)
    } else if let Some(r) = why.strip_prefix("it gives the better chance of winning: ") {
        let (said, r) = r.split_once(" either way, ").ok_or("no gap")?;
        let (gap, r) = r.split_once(" in 100 more than ").ok_or("no gap")?;
        (true, said, said, Some(gap), r)
    } else if let Some(r) = why.strip_prefix("no move gives a better chance of winning: ") {
        // The same words, less than one in 100 apart.
        let (said, r) = r.split_once(" with it, as for ").ok_or("no other move")?;
        (true, said, said, Some("0"), r)
    } else if let Some(r) = why.strip_prefix(&format!(
        "no move is surely better in the {worlds} deals you could face: your chance of winning is "
    )) {
        let (said, r) = r.split_once(" with it, ").ok_or("no chance")?;
        let (other_said, r) = r.split_once(" for ").ok_or("no other move")?;
        (false, said, other_said, None, r)
    } else {
        return fail(format!("a reason the checker cannot read: {why:?}"));
    };
    let (other_text, rest) = match rest.find(';').or_else(|| rest.find(" (")) {
        Some(i) => (&rest[..i], &rest[i..]),
        None => (rest, ""),
    };
    let top = view
        .top_discard()
        .map(|c| c.to_string())
        .unwrap_or_default();
    let other = if other_text == "drawing from the stock" {
        FiveAction::DrawStock
    } else if other_text == format!("taking {top}") {
        FiveAction::TakeDiscard
    } else if let Some(c) = other_text.strip_prefix("discarding ") {
        let card = view
            .hand
            .iter()
            .find(|x| x.to_string() == c)
            .ok_or("no such card")?;
        FiveAction::Discard { card: card.id }
    } else {
        return fail(format!("an unknown move {other_text:?}"));
    };
    let (a, b) = (
        analysis.of(&chosen).ok_or("not weighed")?,
        analysis.of(&other).ok_or("the other not weighed")?,
    );
    let mut claims = 3;
    if in_words(a.chance) != said || in_words(b.chance) != other_said {
        return fail(format!(
            "the chances are {} and {}",
            in_words(a.chance),
            in_words(b.chance)
        ));
    }
    if higher != (a.chance >= b.chance) {
        return fail("the chances are the other way round");
    }
    if let Some(gap) = gap {
        claims += 1;
        if gap.parse::<f64>().ok() != Some(((a.chance - b.chance) * 100.0).round()) {
            return fail(format!("the gap is not {gap} in 100"));
        }
    }
    let mut rest = rest;
    if let Some(r) = rest.strip_prefix("; another seat went out before your next turn in ") {
        let (n, r) = r.split_once(" of ").ok_or("no count")?;
        let (w, r) = r
            .split_once(" deals you could face after it, and in ")
            .ok_or("no count")?;
        let (m, r) = r.split_once(' ').ok_or("no count")?;
        let r = r
            .strip_prefix(&format!("after {other_text}"))
            .ok_or("no other move")?;
        let count = |s: f64| (s * worlds as f64).round() as usize;
        claims += 2;
        if n.parse::<usize>().ok() != Some(count(a.gone_out))
            || m.parse::<usize>().ok() != Some(count(b.gone_out))
            || w.parse::<usize>().ok() != Some(worlds)
        {
            return fail("the deals counted are not the analysis's");
        }
        rest = r;
    }
    if let Some(seen) = rest.strip_prefix(" (").and_then(|r| r.strip_suffix(')')) {
        claims += 1;
        let next = (seat.index() + 1) % view.names.len();
        let took = seen
            .strip_prefix(&format!("{} took the ", view.names[next]))
            .and_then(|r| r.strip_suffix(" from the pile"));
        let true_wild = seen.ends_with(" is wild, and a wild fits any meld");
        match took {
            Some(card) if view.took[next].iter().any(|c| c.to_string() == card) => {}
            None if true_wild => {}
            _ => return fail(format!("the next seat did not: {seen:?}")),
        }
    } else if !rest.is_empty() {
        return fail(format!("unread: {rest:?}"));
    }
    Ok(claims)
}

fn check_claims(g: &FiveSuited, seat: SeatId, h: &Hint) -> Result<usize, String> {
    let view = g.view(seat);
    let wild = view.wild;
    let mut claims = 1;
    let (_, events) = crate::variants::hint_tests::played(g, seat, &h.action)?;
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
        (Phase::Draw, FiveAction::DrawStock)
            if text.starts_with("Draw from the stock: it gives")
                || text.starts_with("Draw from the stock: no move") =>
        {
            let why = text
                .strip_prefix("Draw from the stock: ")
                .ok_or("unknown sentence")?;
            claims += analysis_claims(g, seat, h.action, why)?;
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
            } else if why.starts_with("it gives the better chance")
                || why.starts_with("no move is surely")
                || why.starts_with("no move gives a better chance")
            {
                claims += analysis_claims(g, seat, h.action, why)?;
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
                } else if why.starts_with("It gives the better chance")
                    || why.starts_with("No move is surely")
                    || why.starts_with("No move gives a better chance")
                {
                    let why = format!("{}{}", why[..1].to_lowercase(), &why[1..]);
                    claims += analysis_claims(g, seat, h.action, &why)?;
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

    crate::variants::hint_tests::claim_tests!(
        FiveSuited,
        "5 Suited Rummy",
        7,
        |g: &FiveSuited, seat| super::super::hint_in(g, seat)
    );

    /// The hard bot's hint, from the view alone, as the screen gave it
    /// before the analysis: still true.
    mod from_the_view {
        use super::super::*;
        crate::variants::hint_tests::claim_tests!(
            FiveSuited,
            "5 Suited Rummy",
            7,
            |g: &FiveSuited, seat| super::super::super::hint(&g.view(seat))
        );
    }
}
