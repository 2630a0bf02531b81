//! How 5 Suited Rummy judges a move for the review, the hints and the
//! kids' lines: by the one analysis ([`crate::analysis`]), from the mover's
//! own view. A draw (the stock or the pile's top card) and a discard are
//! each weighed by the chance of winning the game they leave, which counts
//! both what the hand keeps and what the throw gives the next seats: a
//! card another seat is collecting may let it go out before the mover's
//! next turn. The sentence states checkable facts: the points each
//! discard leaves in loose cards, how often another seat went out first
//! in the deals the seat could face, and what the next seat was seen to
//! take.

use super::bots::feeds_next;
use super::meld::{discard_points, is_wild};
use super::{FiveAction, FiveSuited, FiveView, Phase};
use crate::analysis::{Analysed, Analysis, DEPTH, Depth, in_words};
use crate::card::{Card, count_points};
use crate::game::{Bot, Game, seat_name};
use crate::judgement::{Chances, Judgement, Verdict};
use crate::lookahead::Bots;
use crate::rng::GameRng;
use crate::seat::SeatId;

impl Analysed for FiveSuited {
    const DEPTH: Depth = DEPTH;
    const SAYS_WHO_WENT_OUT: bool = true;

    fn analysis_bots(&self) -> Option<Bots<FiveSuited>> {
        bots()
    }

    /// The racer's move first (the one the analysis keeps unless another
    /// is surely better), then the look-ahead's candidates.
    fn to_weigh(view: &FiveView, bots: &Bots<FiveSuited>, rng: &mut GameRng) -> Vec<FiveAction> {
        let mut out: Vec<FiveAction> = super::bots::Racer.choose(view, rng).into_iter().collect();
        for a in <FiveSuited as crate::lookahead::LookAhead>::candidates(view, bots, rng) {
            crate::lookahead::push_new(&mut out, a);
        }
        out
    }

    /// Fitted on 1,000 games of every pairing of levels (34,621 chances,
    /// seeds 9000 on): the mean standing over the worlds was too timid,
    /// 0.15 where a seat won 3 games in 100 and 0.85 where it won 92.
    fn calibrated(mean: f64) -> f64 {
        crate::analysis::platt(mean, 1.65, -0.2)
    }

    fn gone_out(&self) -> Option<SeatId> {
        self.went_out
    }
}

/// The bots below the expert.
fn bots() -> Option<Bots<FiveSuited>> {
    Bots::from_fn(|level| Some(super::bots::for_level(level)))
}

/// The analysis of the position `seat` is to move in, with `also` weighed
/// too: `None` when the seat has no choice to make.
pub fn analyse(
    game: &FiveSuited,
    seat: SeatId,
    also: Option<&FiveAction>,
) -> Option<Analysis<FiveAction>> {
    crate::analysis::analyse(game, seat, also)
}

/// What the next seat was seen to take that `card` may serve: "Ben took
/// the 9♦ from the pile", or that the card is wild.
pub fn collecting(view: &FiveView, card: &Card) -> Option<String> {
    if feeds_next(view, card) <= 0.0 {
        return None;
    }
    if is_wild(card, view.wild) {
        return Some(format!("{card} is wild, and a wild fits any meld"));
    }
    let next = SeatId(((view.seat.index() + 1) % view.names.len().max(1)) as u8);
    let (rank, suit) = (card.face.rank()?, card.face.suit()?);
    let took = view.took.get(next.index())?.iter().find(|t| {
        t.face.rank() == Some(rank)
            || (t.face.suit() == Some(suit)
                && t.face
                    .rank()
                    .is_some_and(|r| r.number().abs_diff(rank.number()) <= 2))
    })?;
    Some(format!(
        "{} took the {took} from the pile",
        seat_name(&view.names, next)
    ))
}

/// How a move reads in the review: "discarded 9★", "drew from the stock",
/// "took 7♣ from the pile".
fn move_text(view: &FiveView, action: &FiveAction) -> String {
    match action {
        FiveAction::DrawStock => "drew from the stock".to_string(),
        FiveAction::TakeDiscard => match view.top_discard() {
            Some(top) => format!("took {top} from the pile"),
            None => "took from the pile".to_string(),
        },
        FiveAction::Discard { card } => match view.hand.iter().find(|c| c.id == *card) {
            Some(c) => format!("discarded {c}"),
            None => "discarded".to_string(),
        },
    }
}

/// The move played, said again briefly after the better one: "Your 10♥
/// leaves 24, and in 5 of 24 another seat went out first."
fn as_played(view: &FiveView, played: &FiveAction, share: f64, worlds: usize) -> String {
    let gone = (share * worlds as f64).round() as usize;
    let mut out = match card_of(view, played).filter(|_| view.phase == Phase::Discard) {
        Some(c) => {
            let left = leaves(view, &c).unwrap_or_default();
            let mut s = match left.strip_prefix("it leaves ") {
                Some(rest) => format!(
                    "Your {c} leaves {}",
                    rest.trim_end_matches(" in loose cards")
                ),
                None => format!("Your {c} goes out"),
            };
            if let Some(seen) = collecting(view, &c) {
                s.push_str(&format!(" ({seen})"));
            }
            s
        }
        None => format!("You {}", move_text(view, played)),
    };
    if gone > 0 {
        out.push_str(&format!(
            ", and in {gone} of {worlds} another seat went out first"
        ));
    }
    out.push('.');
    out
}

/// A move as the subject of a sentence: "Discarding 9★", "Drawing from
/// the stock", "Taking 7♣ from the pile".
fn gerund(view: &FiveView, action: &FiveAction) -> String {
    let text = move_text(view, action);
    let (verb, rest) = text.split_once(' ').unwrap_or((&text, ""));
    let ing = match verb {
        "drew" => "Drawing",
        "took" => "Taking",
        _ => "Discarding",
    };
    format!("{ing} {rest}")
}

/// The card a move concerns: the one thrown or taken.
fn card_of(view: &FiveView, action: &FiveAction) -> Option<Card> {
    match action {
        FiveAction::DrawStock => None,
        FiveAction::TakeDiscard => view.top_discard().copied(),
        FiveAction::Discard { card } => view.hand.iter().find(|c| c.id == *card).copied(),
    }
}

/// "in 3 of the 24 deals you could face".
fn of_deals(share: f64, worlds: usize) -> String {
    let n = (share * worlds as f64).round() as usize;
    format!("{n} of {worlds} deals you could face")
}

/// The facts of a discard: "it leaves 12 points in loose cards".
fn leaves(view: &FiveView, card: &Card) -> Option<String> {
    let each = discard_points(&view.hand, view.wild, view.taken);
    let (_, p) = each.iter().find(|(c, _)| c.id == card.id)?;
    Some(match p {
        0 => "it goes out".to_string(),
        p => format!("it leaves {} in loose cards", count_points(*p)),
    })
}

/// The review's judgement of `played` by `seat` on `game`.
pub fn judge(
    game: &FiveSuited,
    seat: SeatId,
    played: &FiveAction,
) -> Option<Judgement<FiveAction>> {
    let view = game.view(seat);
    if view.to_move != Some(seat) {
        return None;
    }
    match (view.phase, played) {
        (Phase::Draw, FiveAction::DrawStock | FiveAction::TakeDiscard) => {
            view.top_discard()?;
        }
        (Phase::Discard, FiveAction::Discard { .. }) => {}
        _ => return None,
    }
    let analysis = analyse(game, seat, Some(played))?;
    judgement(&view, &analysis, played)
}

/// The judgement of `played` that `analysis` of the position of `view`
/// gives.
pub fn judgement(
    view: &FiveView,
    analysis: &Analysis<FiveAction>,
    played: &FiveAction,
) -> Option<Judgement<FiveAction>> {
    let mine = analysis.of(played)?;
    let top = analysis.best();
    let verdict = Verdict::of_chance_lost(analysis.lost(played)?);
    let best = if verdict == Verdict::Best { mine } else { top };
    let chances = Chances {
        before: top.chance,
        played: mine.chance,
        best: best.chance,
    };
    let worlds = analysis.worlds;
    let played_text = move_text(view, played);
    let best_text = move_text(view, &best.action);
    // The facts of a move: what a discard leaves, and what it risks.
    let facts = |action: &FiveAction, share: f64| -> Vec<String> {
        let mut out = Vec::new();
        if let Some(c) = card_of(view, action).filter(|_| view.phase == Phase::Discard) {
            let left = leaves(view, &c);
            if left.as_deref() == Some("it goes out") {
                return vec!["it goes out".to_string()];
            }
            out.extend(left);
            out.extend(collecting(view, &c));
        }
        if share > 0.0 {
            out.push(format!(
                "another seat went out before your next turn in {}",
                of_deals(share, worlds)
            ));
        }
        out
    };
    let said = |action: &FiveAction, share: f64, lead: String| -> String {
        let f = facts(action, share);
        if f.is_empty() {
            format!("{lead}.")
        } else {
            format!("{lead}: {}.", f.join("; "))
        }
    };
    let (sentence, child) = if verdict == Verdict::Best {
        (
            format!(
                "{} No move gave a better chance of winning ({}).",
                said(
                    played,
                    mine.gone_out,
                    crate::sentence::capitalised(&played_text)
                ),
                in_words(mine.chance)
            ),
            match card_of(view, played).filter(|_| view.phase == Phase::Discard) {
                Some(c) => format!("Good throw: the {c}!"),
                None => "Good move!".to_string(),
            },
        )
    } else {
        let safer = best.gone_out + 1e-9 < mine.gone_out;
        let child = match (view.phase, card_of(view, &best.action)) {
            (Phase::Discard, Some(c)) if safer => {
                format!("Throwing the {c} was safer: the others can use it less. Try it next time!")
            }
            (Phase::Discard, Some(c)) => {
                format!("Throwing the {c} gives you a better chance. Try it next time!")
            }
            (_, Some(c)) => format!("Taking the {c} gives you a better chance. Try it next time!"),
            (_, None) => {
                "Drawing from the stock gives you a better chance. Try it next time!".to_string()
            }
        };
        let (b, p) = (in_words(best.chance), in_words(mine.chance));
        let lost = ((best.chance - mine.chance) * 100.0).round().max(1.0);
        let chances = if b == p {
            format!("Your chance of winning: {b} either way, {lost} in 100 less as you played.")
        } else {
            format!("Your chance of winning: {b} the better way, {p} as you played.")
        };
        (
            format!(
                "{} {} {chances}",
                said(
                    &best.action,
                    best.gone_out,
                    format!("{} was better", gerund(view, &best.action))
                ),
                as_played(view, played, mine.gone_out, worlds),
            ),
            child,
        )
    };
    // The chance in thousandths: the review's sum of what was lost.
    let value = |chance: f64| (chance * 1000.0).round() as i64;
    Some(Judgement {
        best: best.action,
        played_value: value(mine.chance),
        best_value: value(best.chance),
        unit: crate::analysis::UNIT,
        played_text,
        best_text,
        verdict,
        sentence,
        child,
        chances: Some(chances),
    })
}
