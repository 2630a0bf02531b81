//! 5 Suited Rummy bots. Each decides from its seat's view alone: its hand,
//! the discard pile, the melds laid down, and what each seat took and threw.
//!
//! - easy draws from the stock and throws its highest card in no meld;
//! - normal takes the discard when it lowers its deadwood and throws the card
//!   whose loss leaves the least;
//! - hard keeps wilds, weighs each discard by what the hand may become after
//!   the next draw (over the cards it has not seen) against the chance that
//!   the round ends first, and does not throw what the next seat collects;
//! - expert ([`Analyst`]) plays the move the one analysis advises (the
//!   hints, the coach and the review speak from it too): the [`Racer`]'s,
//!   which races to go out, looking two draws ahead over every card it has
//!   not seen, unless another move is surely better when each is played
//!   on to the round's end in 24 deals of the unseen cards.

use super::meld::{
    arrange, deadwood, deadwood_after_discard, deadwood_after_discard_except, discard_points,
    go_out_discards_except, is_wild, points,
};
use super::{FiveAction, FiveSuited, FiveView, Phase};
use crate::card::{Card, CardId, Face, Rank};
use crate::game::{Bot, Game};
use crate::lookahead::{Bots, LookAhead, push_new};
use crate::rng::GameRng;
use crate::seat::BotLevel;

pub fn for_level(level: BotLevel) -> Box<dyn Bot<FiveSuited>> {
    match level {
        BotLevel::Easy => Box::new(Easy),
        BotLevel::Normal => Box::new(Normal),
        BotLevel::Hard => Box::new(Hard),
        BotLevel::Expert => Box::new(Analyst),
    }
}

impl LookAhead for FiveSuited {
    /// Both draws; the discards the bots choose, then those that leave the
    /// fewest points in hand.
    fn candidates(view: &FiveView, bots: &Bots<FiveSuited>, rng: &mut GameRng) -> Vec<FiveAction> {
        let mut out = bots.choices(view, rng);
        match view.phase {
            Phase::Draw => {
                for a in view.legal_actions() {
                    push_new(&mut out, a);
                }
            }
            Phase::Discard => {
                let mut left = discard_points(&view.hand, view.wild, view.taken);
                left.sort_by_key(|&(c, d)| (d, std::cmp::Reverse(points(&c, view.wild))));
                for (c, _) in left {
                    push_new(&mut out, FiveAction::Discard { card: c.id });
                }
            }
        }
        out
    }

    /// The lowest total wins; a lead of [`SPREAD`] points a round still to
    /// play gives about 3 chances in 4.
    fn standing(&self, seat: crate::seat::SeatId) -> f64 {
        let left = self
            .options
            .rounds
            .saturating_sub(self.sheet.rows().len() as u32);
        let winners = self.over.then(|| self.leaders());
        crate::lookahead::standing_of(
            seat,
            &self.sheet.totals(),
            winners.as_deref(),
            false,
            SPREAD * f64::from(left + 1).sqrt(),
        )
    }

    fn rounds_scored(&self) -> usize {
        self.sheet.rows().len()
    }

    /// Each other seat's last throw this round (its hand has not changed
    /// since) left it no more than [`THROW_SLACK`] points worse off than
    /// its best throw: nobody breaks up a meld to throw. And the last card
    /// it let lie on the pile would not let it go out now.
    fn plausible(&self, seat: crate::seat::SeatId) -> bool {
        let wild = self.wild();
        // Nobody draws from the stock past a card that lets it go out: the
        // last card each other seat let lie would not now.
        let declined_nothing_to_go_out = self.declined.iter().enumerate().all(|(i, d)| {
            let Some(card) = d
                .last()
                .filter(|_| i != seat.index() && self.laid[i].is_none())
            else {
                return true;
            };
            let mut hand = self.hands[i].cards().to_vec();
            hand.push(*card);
            deadwood_after_discard_except(&hand, wild, Some(card.id)) != Some(0)
        });
        declined_nothing_to_go_out
            && self.threw.iter().enumerate().all(|(i, threw)| {
                let Some(thrown) = threw.last().filter(|_| i != seat.index()) else {
                    return true;
                };
                if self.laid[i].is_some() {
                    return true;
                }
                let mut hand = self.hands[i].cards().to_vec();
                hand.push(*thrown);
                let left = discard_points(&hand, wild, None);
                let best = left.iter().map(|&(_, p)| p).min().unwrap_or(0);
                left.iter()
                    .find(|(c, _)| c.id == thrown.id)
                    .is_none_or(|&(_, p)| p <= best + THROW_SLACK)
            })
    }
}

/// The lead, in points, that is as likely to be lost as kept over one
/// round still to play (a logistic curve, widening with the square root of
/// the rounds left): fitted so that the analysis's chances match real
/// outcomes (see `analysis::tests::calibration`).
pub const SPREAD: f64 = 15.0;

/// How many points worse than its best throw a seat's throw may leave it
/// in a world the expert believes ([`LookAhead::plausible`]).
pub const THROW_SLACK: u32 = 5;

/// The hand without card `id`.
fn without(hand: &[Card], id: CardId) -> Vec<Card> {
    hand.iter().filter(|c| c.id != id).copied().collect()
}

fn with(hand: &[Card], card: Card) -> Vec<Card> {
    let mut h = hand.to_vec();
    h.push(card);
    h
}

/// The throws worth weighing from `hand` (one card a face; `except`, the
/// card just taken, may not go): by the points each leaves now, fewest
/// first and the dearest card first between equals; wilds kept while
/// anything else can go; those within `slack` points of the best; at most
/// `keep`.
fn throws(
    hand: &[Card],
    wild: Rank,
    except: Option<CardId>,
    slack: u32,
    keep: usize,
) -> Vec<(Card, u32)> {
    let mut options = discard_points(hand, wild, except);
    options.sort_by_key(|&(c, d)| (d, std::cmp::Reverse(points(&c, wild))));
    options.dedup_by_key(|(c, _)| c.face);
    if options.iter().any(|(c, _)| !is_wild(c, wild)) {
        options.retain(|(c, _)| !is_wild(c, wild));
    }
    if let Some(best) = options.first().map(|&(_, d)| d) {
        options.retain(|&(_, d)| d <= best.saturating_add(slack));
    }
    options.truncate(keep);
    options
}

/// The discard that leaves the fewest points; between equals, the dearest.
pub fn least_deadwood(view: &FiveView) -> Option<(Card, u32)> {
    discard_points(&view.hand, view.wild, view.taken)
        .into_iter()
        .min_by_key(|&(c, d)| (d, std::cmp::Reverse(points(&c, view.wild))))
}

/// A discard that goes out, if there is one.
fn going_out(view: &FiveView) -> Option<Card> {
    go_out_discards_except(&view.hand, view.wild, view.taken)
        .into_iter()
        .next()
}

/// What taking the discard top leaves in hand at best, after a discard
/// other than the card taken (which may not go back); `None` when the pile
/// is empty.
pub fn take_points(view: &FiveView) -> Option<u32> {
    let &top = view.top_discard()?;
    deadwood_after_discard_except(&with(&view.hand, top), view.wild, Some(top.id))
}

/// Draws from the stock; throws its highest card in no meld.
pub struct Easy;

impl Bot<FiveSuited> for Easy {
    fn choose(&self, view: &FiveView, _rng: &mut GameRng) -> Option<FiveAction> {
        match view.phase {
            Phase::Draw => Some(FiveAction::DrawStock),
            Phase::Discard => {
                if let Some(c) = going_out(view) {
                    return Some(FiveAction::Discard { card: c.id });
                }
                let loose = arrange(&view.hand, view.wild)
                    .deadwood
                    .into_iter()
                    .filter(|c| Some(c.id) != view.taken)
                    .max_by_key(|c| points(c, view.wild));
                let card = match loose {
                    Some(c) => c,
                    None => least_deadwood(view)?.0,
                };
                Some(FiveAction::Discard { card: card.id })
            }
        }
    }
}

/// Takes the discard when that lowers its deadwood; throws the card whose
/// loss leaves the least; goes out when it can.
pub struct Normal;

impl Bot<FiveSuited> for Normal {
    fn choose(&self, view: &FiveView, _rng: &mut GameRng) -> Option<FiveAction> {
        match view.phase {
            Phase::Draw => {
                let take = view.top_discard().is_some_and(|&top| {
                    let after = deadwood_after_discard(&with(&view.hand, top), view.wild);
                    after.is_some_and(|a| a < deadwood(&view.hand, view.wild))
                });
                Some(if take {
                    FiveAction::TakeDiscard
                } else {
                    FiveAction::DrawStock
                })
            }
            Phase::Discard => Some(FiveAction::Discard {
                card: least_deadwood(view)?.0.id,
            }),
        }
    }
}

/// Cards the seat has not seen, one entry per face with its count: the deck
/// less its hand, the discard pile, the melds laid down, and the cards others
/// took from the discard pile and still hold.
pub fn unseen(view: &FiveView) -> Vec<(Card, u32)> {
    let deck = view.deck.build(view.copies).unwrap_or_default();
    let mut seen: Vec<Face> = view.hand.iter().map(|c| c.face).collect();
    seen.extend(view.discards.iter().map(|c| c.face));
    for a in view.laid.iter().flatten() {
        seen.extend(a.melds.iter().flat_map(|m| m.cards.iter().map(|c| c.face)));
        seen.extend(a.deadwood.iter().map(|c| c.face));
    }
    for (i, took) in view.took.iter().enumerate() {
        if i == view.seat.index() || view.laid.get(i).is_some_and(Option::is_some) {
            continue;
        }
        // A taken card thrown later is in the discard pile or gone again.
        for c in took {
            if !view.threw[i].iter().any(|t| t.id == c.id) {
                seen.push(c.face);
            }
        }
    }
    let mut out: Vec<(Card, u32)> = Vec::new();
    for c in deck {
        if let Some(at) = seen.iter().position(|f| *f == c.face) {
            seen.swap_remove(at);
            continue;
        }
        match out.iter_mut().find(|(o, _)| o.face == c.face) {
            Some((_, n)) => *n += 1,
            None => out.push((c, 1)),
        }
    }
    // Wilds of one kind are alike: count them as one entry.
    let mut merged: Vec<(Card, u32)> = Vec::new();
    for (c, n) in out {
        let kind = |x: &Card| (x.face == Face::Joker, is_wild(x, view.wild));
        match merged
            .iter_mut()
            .find(|(o, _)| is_wild(o, view.wild) && kind(o) == kind(&c))
        {
            Some((_, m)) if is_wild(&c, view.wild) => *m += n,
            _ => merged.push((c, n)),
        }
    }
    merged
}

/// The mean points `hand` leaves after drawing one unseen card and
/// discarding its best discard.
pub fn after_next_draw(hand: &[Card], unseen: &[(Card, u32)], view: &FiveView) -> f64 {
    let total: u32 = unseen.iter().map(|(_, n)| n).sum();
    if total == 0 {
        return deadwood(hand, view.wild) as f64;
    }
    let sum: f64 = unseen
        .iter()
        .map(|&(c, n)| {
            let d = deadwood_after_discard(&with(hand, c), view.wild).unwrap_or(0);
            d as f64 * n as f64
        })
        .sum();
    sum / total as f64
}

/// The chance that the round ends before this seat's next turn: small early,
/// growing as the round goes on and as others take from the discard pile.
pub fn end_chance(view: &FiveView) -> f64 {
    if view.final_turn() {
        return 1.0;
    }
    let seats = view.names.len().max(1) as f64;
    let laps = view.round_turns as f64 / seats;
    let others_took: usize = view
        .took
        .iter()
        .enumerate()
        .filter(|&(i, _)| i != view.seat.index())
        .map(|(_, t)| t.len())
        .sum();
    let pace = laps + others_took as f64 * 0.5;
    let horizon = view.dealt as f64 * 0.9 + 2.0;
    let p = (seats - 1.0) * pace / (pace + horizon) / seats.max(2.0) * 2.0;
    p.clamp(0.02, 0.9)
}

/// How much the seat after this one could use `card`, from what it took from
/// the discard pile and threw this round.
pub(crate) fn feeds_next(view: &FiveView, card: &Card) -> f64 {
    let next = (view.seat.index() + 1) % view.names.len().max(1);
    if is_wild(card, view.wild) {
        return 20.0;
    }
    let (Some(rank), Some(suit)) = (card.face.rank(), card.face.suit()) else {
        return 0.0;
    };
    let mut risk: f64 = 0.0;
    for t in view.took.get(next).into_iter().flatten() {
        if t.face.rank() == Some(rank) {
            risk += 4.0;
        } else if t.face.suit() == Some(suit)
            && t.face
                .rank()
                .is_some_and(|r| r.number().abs_diff(rank.number()) <= 2)
        {
            risk += 3.0;
        }
    }
    for t in view.threw.get(next).into_iter().flatten() {
        if t.face.rank() == Some(rank) {
            risk -= 1.0;
        }
    }
    risk.max(0.0)
}

/// How many points above the fewest a throw may leave and still be weighed
/// by the hard bot and the expert.
const SLACK: u32 = 12;

/// Throws weighed at most by the hard bot and the expert.
const KEEP: usize = 5;

/// Of the throws worth weighing ([`throws`]), the one that leaves the hand
/// `worth` values lowest (given the hand kept and the unseen cards), plus
/// what the card would give the next seat.
fn best_throw(view: &FiveView, worth: impl Fn(&[Card], &[(Card, u32)]) -> f64) -> Option<Card> {
    let unseen = unseen(view);
    throws(&view.hand, view.wild, view.taken, SLACK, KEEP)
        .into_iter()
        .map(|(c, _)| {
            let rest = without(&view.hand, c.id);
            (c, worth(&rest, &unseen) + feeds_next(view, &c))
        })
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(c, _)| c)
}

/// Plans one draw ahead over the unseen cards; see the module notes.
pub struct Hard;

impl Hard {
    /// What keeping `hand` is worth (lower is better): its points now if the
    /// round ends, else what it may become after the next draw.
    fn score(hand: &[Card], unseen: &[(Card, u32)], view: &FiveView, p_end: f64) -> f64 {
        let now = deadwood(hand, view.wild) as f64;
        if p_end >= 1.0 {
            return now;
        }
        p_end * now + (1.0 - p_end) * after_next_draw(hand, unseen, view)
    }

    /// The card the hard bot throws.
    pub fn discard(view: &FiveView) -> Option<Card> {
        if let Some(c) = going_out(view) {
            return Some(c);
        }
        let p_end = end_chance(view);
        if p_end >= 1.0 {
            return least_deadwood(view).map(|(c, _)| c);
        }
        best_throw(view, |rest, unseen| Hard::score(rest, unseen, view, p_end))
    }

    /// Where the hard bot draws from.
    pub fn draw(view: &FiveView) -> FiveAction {
        let Some(&top) = view.top_discard() else {
            return FiveAction::DrawStock;
        };
        let take = take_points(view).unwrap_or(u32::MAX);
        // Going out for certain beats any stock card, however likely.
        if take == 0 {
            return FiveAction::TakeDiscard;
        }
        let p_end = end_chance(view);
        // A wild is worth keeping while the round goes on; on a last turn it
        // counts only for the points it leaves, as it may not be thrown back.
        if is_wild(&top, view.wild) && p_end < 1.0 {
            return FiveAction::TakeDiscard;
        }
        let unseen = unseen(view);
        let stock = after_next_draw(&view.hand, &unseen, view);
        // Taking a card shows it to everyone; it must do clearly better.
        let margin = if p_end >= 1.0 { 0.0 } else { 1.0 };
        if (take as f64) + margin < stock {
            FiveAction::TakeDiscard
        } else {
            FiveAction::DrawStock
        }
    }
}

impl Bot<FiveSuited> for Hard {
    fn choose(&self, view: &FiveView, _rng: &mut GameRng) -> Option<FiveAction> {
        match view.phase {
            Phase::Draw => Some(Hard::draw(view)),
            Phase::Discard => Some(FiveAction::Discard {
                card: Hard::discard(view)?.id,
            }),
        }
    }
}

/// The racer, the analysis's first choice and so most often the expert's
/// move: it races to go out. The seat that goes out scores nothing
/// and leaves the others holding their loose cards, so a kept hand is
/// worth what it leaves in hand if the round ends first, less a large
/// bonus when it can go out first. It looks two draws ahead, exactly,
/// over every card its seat has not seen:
/// - after a throw, the next draw may go out (worth [`Racer::OUT_WORTH`]
///   points a card dealt, far more than any hand holds, so that going out
///   sooner comes before keeping fewer points) or not; if not, it keeps
///   the best of its [`Racer::INNER`] throws leaving fewest points, each
///   valued one draw further on the same way;
/// - if the round ends before its next turn ([`end_chance`]), it still
///   draws once on its last turn, and counts the points left after that.
///
/// It draws the discard pile's top card when that is worth a point more
/// than what the stock may bring, valued the same way one draw further
/// on; on a last turn, to go out, or for a wild, it draws as the hard bot.
/// It decides from its seat's view alone and throws no dice.
pub struct Racer;

impl Racer {
    /// What going out first is worth, in points a card dealt. Measured
    /// against hard: 20 and 40 played alike; looking one draw ahead, 10 to
    /// 50 played alike and 1 to 6 less well.
    pub const OUT_WORTH: f64 = 20.0;

    /// Throws weighed after a draw, two draws ahead.
    pub const INNER: usize = 3;

    fn out_worth(view: &FiveView) -> f64 {
        Racer::OUT_WORTH * view.dealt as f64
    }

    /// What keeping `hand` is worth (lower is better) after one more draw,
    /// over the unseen cards: the points left after its best throw if it
    /// is a last turn, and that less [`Racer::out_worth`] for going out if
    /// not; mixed by `p_end`, the chance that the next turn is a last one.
    fn one_draw(hand: &[Card], unseen: &[(Card, u32)], view: &FiveView, p_end: f64) -> f64 {
        let total: u32 = unseen.iter().map(|(_, n)| n).sum();
        if total == 0 {
            return deadwood(hand, view.wild) as f64;
        }
        let out = Racer::out_worth(view);
        let mut sum = 0.0;
        for &(c, n) in unseen {
            let left = deadwood_after_discard(&with(hand, c), view.wild).unwrap_or(0) as f64;
            let racing = if left == 0.0 { -out } else { left };
            sum += (p_end * left + (1.0 - p_end) * racing) * n as f64;
        }
        sum / total as f64
    }

    /// What a drawn hand `hand` is worth after its best throw of the
    /// [`Racer::INNER`] leaving fewest points, valued one draw on; going
    /// out now is worth [`Racer::out_worth`].
    /// `except` (the card just taken) may not be thrown.
    fn after_throw(
        hand: &[Card],
        except: Option<CardId>,
        unseen: &[(Card, u32)],
        view: &FiveView,
        p_end: f64,
    ) -> f64 {
        if deadwood_after_discard_except(hand, view.wild, except) == Some(0) {
            return -Racer::out_worth(view);
        }
        throws(hand, view.wild, except, u32::MAX, Racer::INNER)
            .into_iter()
            .map(|(c, _)| Racer::one_draw(&without(hand, c.id), unseen, view, p_end))
            .fold(f64::INFINITY, f64::min)
    }

    /// What `hand` is worth after drawing one unseen card and throwing,
    /// valued one draw further on ([`Racer::after_throw`]), over the
    /// unseen cards.
    fn after_draw(hand: &[Card], unseen: &[(Card, u32)], view: &FiveView, p_end: f64) -> f64 {
        let total: u32 = unseen.iter().map(|(_, n)| n).sum();
        if total == 0 {
            return deadwood(hand, view.wild) as f64;
        }
        unseen
            .iter()
            .map(|&(c, n)| Racer::after_throw(&with(hand, c), None, unseen, view, p_end) * n as f64)
            .sum::<f64>()
            / total as f64
    }

    /// What keeping `hand` after a throw is worth, two draws ahead.
    fn two_draws(hand: &[Card], unseen: &[(Card, u32)], view: &FiveView, p_end: f64) -> f64 {
        let last = after_next_draw(hand, unseen, view);
        p_end * last + (1.0 - p_end) * Racer::after_draw(hand, unseen, view, p_end)
    }

    /// The card the expert throws.
    pub fn discard(view: &FiveView) -> Option<Card> {
        if let Some(c) = going_out(view) {
            return Some(c);
        }
        let p_end = end_chance(view);
        if p_end >= 1.0 {
            return Hard::discard(view);
        }
        best_throw(view, |rest, unseen| {
            Racer::two_draws(rest, unseen, view, p_end)
        })
    }

    /// Where the expert draws from.
    pub fn draw(view: &FiveView) -> FiveAction {
        let Some(&top) = view.top_discard() else {
            return FiveAction::DrawStock;
        };
        let p_end = end_chance(view);
        if p_end >= 1.0 || take_points(view) == Some(0) {
            return Hard::draw(view);
        }
        if is_wild(&top, view.wild) {
            return FiveAction::TakeDiscard;
        }
        let unseen = unseen(view);
        let taken = with(&view.hand, top);
        let take = Racer::after_throw(&taken, Some(top.id), &unseen, view, p_end);
        let stock = Racer::after_draw(&view.hand, &unseen, view, p_end);
        // Taking a card shows it to everyone; it must do clearly better.
        if take + 1.0 < stock {
            FiveAction::TakeDiscard
        } else {
            FiveAction::DrawStock
        }
    }
}

/// The expert: the move the one analysis advises
/// ([`super::review::analyse`]), so that the expert, the hints and the
/// review agree on the best move. Over 200 deals from both seats against
/// hard (seed 101, draws half), it scored 52.8 %; on the same deals the
/// racer scored 53.9 % and the hard bot itself 50.0 %.
pub struct Analyst;

impl Bot<FiveSuited> for Analyst {
    /// Without a game to play forward in, the racer's move (the
    /// analysis's first choice).
    fn choose(&self, view: &FiveView, rng: &mut GameRng) -> Option<FiveAction> {
        Racer.choose(view, rng)
    }

    /// It takes tens of milliseconds: the screen and the server ask it
    /// away from the drawing, as they ask every expert.
    fn looks_ahead(&self) -> bool {
        true
    }

    fn choose_ahead(
        &self,
        unseen: &crate::game::Unseen<FiveSuited>,
        rng: &mut GameRng,
    ) -> Option<FiveAction> {
        match crate::analysis::analyse_unseen(unseen) {
            Some(a) => Some(a.best().action),
            None => self.choose(unseen.view(), rng),
        }
    }
}

impl Bot<FiveSuited> for Racer {
    fn choose(&self, view: &FiveView, _rng: &mut GameRng) -> Option<FiveAction> {
        match view.phase {
            Phase::Draw => Some(Racer::draw(view)),
            Phase::Discard => Some(FiveAction::Discard {
                card: Racer::discard(view)?.id,
            }),
        }
    }

    /// It takes up to tens of milliseconds: the screen and the server ask
    /// it away from the drawing, as they ask every expert.
    fn looks_ahead(&self) -> bool {
        true
    }
}
