//! How Wump Rummy judges a play for the review: by what it does to the
//! seat's chance of winning the match, like every game's review (the
//! chance of winning the game being played, weighed by what that game is
//! worth in the match: [`stakes`]), and in
//! words by the cards it makes the seat sure of by the end of the deal,
//! whatever the other seats play, as the hints' exact search counts them.
//!
//! Every card of a deal is face up, so the rest of the deal is played as
//! the search plays it (each seat claiming the most it can); only the order
//! of the stock is unknown, so each play is then played on in the same
//! [`WORLDS`] shuffles of the stock, by normal bots, to the game's end. A
//! play among the surest (the hint's) is never a slip; any other is judged
//! by the chance it loses against the best of them. A play with no choice
//! is not judged.

use super::bots::Normal;
use super::search::{Search, Sure};
use super::{Wump, WumpAction, WumpView};

/// Positions the review's search of one play may visit: a tenth of the
/// hints' budget, so that a whole game is reviewed in moments. Where it
/// stops short of the deal's end, the review says "at least".
const REVIEW_BUDGET: u64 = 30_000;

/// Shuffles of the stock each play is played on in.
pub const WORLDS: usize = 16;

use crate::analysis::in_words;
use crate::card::{Card, CardId, count_cards};
use crate::game::Redeal;
use crate::game::{Bot, Game};
use crate::judgement::{Chances, Judgement, Verdict};
use crate::rng::GameRng;
use crate::seat::SeatId;

/// The seat's chance of winning the game being played after each of
/// `moves` (each seat playing the rest of the deal as `search` does, then
/// normal bots to the game's end), world by world: a row per shuffle of
/// the stock, a column per move; `None` where a move is refused.
fn rows(game: &Wump, seat: SeatId, search: &mut Search, moves: &[WumpAction]) -> Vec<Vec<f64>> {
    let view = game.view(seat);
    let seed = crate::analysis::seed_of(&view);
    let lines: Vec<_> = moves.iter().map(|m| search.line(*m)).collect();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get().min(2));
    crate::lookahead::over_worlds(WORLDS, threads, |i| {
        let mut world = game.clone();
        world.redeal(seat, &mut GameRng::new(seed, 2 * i as u64));
        lines
            .iter()
            .map(|line| {
                let mut g = world.clone();
                let playing = g.game_index();
                for play in line {
                    if g.apply(SeatId(play.seat as u8), &play.action).is_err() {
                        return f64::NAN;
                    }
                }
                let mut dice = GameRng::new(seed, 2 * i as u64 + 1);
                while g.game_index() == playing && g.outcome().is_none() {
                    let Some(to) = g.to_move() else { break };
                    let Some(a) = Normal.choose(&g.view(to), &mut dice) else {
                        break;
                    };
                    if g.apply(to, &a).is_err() {
                        break;
                    }
                }
                won_share(&g, seat)
            })
            .collect()
    })
}

/// The seat's share of the win of the game last scored: 1 alone at the
/// top, a share of a tie, 0 below.
fn won_share(game: &Wump, seat: SeatId) -> f64 {
    let Some(row) = game.sheet().rows().last() else {
        return f64::NAN;
    };
    let top = row.scores.iter().copied().max().unwrap_or(0);
    let leaders = row.scores.iter().filter(|&&s| s == top).count().max(1);
    if row.scores.get(seat.index()) == Some(&top) {
        1.0 / leaders as f64
    } else {
        0.0
    }
}

/// The review's judgement of `played` by `seat` on `game`.
pub fn judge(game: &Wump, seat: SeatId, played: &WumpAction) -> Option<Judgement<WumpAction>> {
    let view = game.view(seat);
    if view.to_move != Some(seat) || view.legal_moves().len() < 2 {
        return None;
    }
    // One search of what each play makes sure of; the surest are the
    // hint's, and never a slip.
    let each = Search::new(&view, REVIEW_BUDGET)?.sure(REVIEW_BUDGET);
    let mine = each.iter().find(|(a, _)| a == played)?;
    let most = each.iter().map(|m| m.1.least).max()?;
    let surest: Vec<&(WumpAction, Sure)> = each.iter().filter(|m| m.1.least == most).collect();
    // The chance of winning after the play and after each of the surest.
    let mut search = Search::new(&view, REVIEW_BUDGET)?;
    search.ranked();
    let mut weighed: Vec<WumpAction> = surest.iter().map(|m| m.0).collect();
    crate::lookahead::push_new(&mut weighed, *played);
    let rows = rows(game, seat, &mut search, &weighed);
    let n = rows.len().max(1) as f64;
    // The chance of winning this game, then the match: a game won is
    // worth `win` of the match, a game another seat wins `lose`.
    let (win, lose) = stakes(game, seat);
    let chance: Vec<f64> = (0..weighed.len())
        .map(|k| rows.iter().map(|r| r[k]).sum::<f64>() / n)
        .map(|deal| lose + deal * (win - lose))
        .collect();
    if chance.iter().any(|c| !c.is_finite()) {
        return None;
    }
    let of = |a: &WumpAction| weighed.iter().position(|w| w == a).map(|k| chance[k]);
    let played_chance = of(played)?;
    // The best of the surest by the chance it leaves.
    let top = surest
        .iter()
        .copied()
        .max_by(|a, b| of(&a.0).unwrap_or(0.0).total_cmp(&of(&b.0).unwrap_or(0.0)))?;
    let top_chance = of(&top.0)?;
    let is_surest = mine.1.least == most;
    let lost = if is_surest {
        0.0
    } else {
        (top_chance - played_chance).max(0.0)
    };
    let verdict = Verdict::of_chance_lost(lost);
    let value = |m: &(WumpAction, Sure)| i64::from(m.1.least);
    let (best, best_value, best_chance) = if verdict == Verdict::Best {
        (*played, value(mine), played_chance)
    } else {
        (top.0, value(top), top_chance)
    };
    let played_text = said(&view, played);
    let best_text = said(&view, &best);
    let sure_of = |m: &(WumpAction, Sure)| {
        let at_least = if m.1.complete { "" } else { "at least " };
        format!("sure of {at_least}{}", count_cards(usize::from(m.1.least)))
    };
    let chance_now = in_words(played_chance);
    let this = if game.options.match_target > 1 {
        "the match"
    } else {
        "this game"
    };
    let (sentence, child) = if verdict == Verdict::Best && is_surest && most == 0 && mine.1.complete
    {
        (
            format!(
                "You {played_text}: no play could make you sure of a card by the deal's end (your chance of winning {this}: {chance_now})."
            ),
            praise(&view, played),
        )
    } else if verdict == Verdict::Best && is_surest {
        (
            format!(
                "You {played_text}: {} by the deal's end, as much as any play (your chance of winning {this}: {chance_now}).",
                sure_of(mine)
            ),
            praise(&view, played),
        )
    } else if verdict == Verdict::Best {
        (
            format!(
                "You {played_text}: {} by the deal's end, while {} would have made you {}; your chance of winning {this} is {chance_now} either way.",
                sure_of(mine),
                doing(&view, &top.0).to_lowercase(),
                sure_of(top),
            ),
            praise(&view, played),
        )
    } else {
        (
            format!(
                "{} would have made you {} by the deal's end; you {played_text}, {}: your chance of winning {this} {}.",
                doing(&view, &best),
                sure_of(top),
                sure_of(mine),
                as_played(top_chance, played_chance)
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
        chances: Some(Chances {
            before: best_chance,
            played: played_chance,
            best: best_chance,
        }),
    })
}

/// Samples of the rest of the match drawn for [`stakes`].
const MATCHES: u32 = 2_000;

/// How many balls a game won adds to a seat's one in [`stakes`]'s urn.
const URN: u64 = 2;

/// What this game is worth to `seat` in the match: its chance of winning
/// the match if it wins the game, and if another seat wins it (each the
/// same likely). Each game after it goes to a seat as the games won before
/// it say (see the urn below). A match of one game is all or nothing.
/// Fitted on 1,000 bot matches of every pairing of levels
/// (`analysis::tests::calibration::wump`: weights of one or four balls a
/// game won that did not grow as the match went on missed some tenths by
/// 8 to 14 points; this urn, within 5) and checked on 1,000 others.
fn stakes(game: &Wump, seat: SeatId) -> (f64, f64) {
    let target = game.options.match_target;
    let n = game.wins.len();
    let me = seat.index();
    // Games that may still be played, this one among them.
    let games_left = super::MAX_GAMES.saturating_sub(game.game);
    let mut rng = GameRng::new(crate::analysis::seed_of(&game.wins), u64::from(target));
    // Each seat's chance of winning a game to come is as the games won
    // before it tell (a Pólya urn: each game won counts `URN` times a
    // seat's one ball), so that a seat that wins is likely the stronger.
    let weight =
        |wins: &[u32]| -> Vec<u64> { wins.iter().map(|&w| URN * u64::from(w) + 1).collect() };
    // The seat's share of the match once `first` wins this game.
    let mut after = |first: usize| {
        let mut total = 0.0;
        for _ in 0..MATCHES {
            let mut wins = game.wins.clone();
            let mut winner = first;
            let mut played = 0;
            loop {
                wins[winner] += 1;
                played += 1;
                if wins[winner] >= target || played >= games_left {
                    break;
                }
                winner = weighted(&weight(&wins), rng.next_u64());
            }
            let top = wins.iter().copied().max().unwrap_or(0);
            if wins[me] == top {
                total += 1.0 / wins.iter().filter(|&&w| w == top).count() as f64;
            }
        }
        total / f64::from(MATCHES)
    };
    let win = after(me);
    let others: Vec<usize> = (0..n).filter(|&j| j != me).collect();
    let lose = others.iter().map(|&j| after(j)).sum::<f64>() / others.len().max(1) as f64;
    (win, lose)
}

/// The seat drawn by `dice` when seat `i` is `weights[i]` times as likely
/// as a weight of one.
fn weighted(weights: &[u64], dice: u64) -> usize {
    let total: u64 = weights.iter().sum::<u64>().max(1);
    let mut left = dice % total;
    for (i, &w) in weights.iter().enumerate() {
        if left < w {
            return i;
        }
        left -= w;
    }
    weights.len().saturating_sub(1)
}

/// How the chance of winning went from `best` to `played`: "fell from about
/// 1 in 2 to about 1 in 3", or by how many in 100 where the words agree.
fn as_played(best: f64, played: f64) -> String {
    let (a, b) = (in_words(best), in_words(played));
    if a == b {
        let gap = ((best - played) * 100.0).round();
        format!("was {a} either way, {gap} in 100 less as played")
    } else {
        format!("fell from {a} to {b}")
    }
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
    use super::super::hint_tests::secures;
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
            if complete && review.sentence.contains("as much as any play") {
                assert!(!secures(game, seat, *best, need + 1), "{review:?}");
            }
            // "No play could make you sure of a card": none can.
            if review.sentence.contains("no play could make you sure") {
                for m in game.legal_actions().unwrap_or_default() {
                    assert!(!secures(game, seat, m, 1), "{m:?}: {review:?}");
                }
            }
        });
        assert!(judged > 20, "{judged} plays judged");
    }
}
