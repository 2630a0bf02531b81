//! Looking ahead through the cards a seat cannot see: worlds it cannot
//! tell from the real one ([`plausible_world`]), played on by the bots of
//! the levels below the expert ([`Bots`]) on every core
//! ([`over_worlds`]), and the standing a score gives ([`standing_of`]).
//! The analysis ([`crate::analysis`]) and the expert bot
//! ([`crate::expert`]) both build on it.

use crate::game::{Bot, Game, Playable, Players, Unseen};
use crate::rng::GameRng;
use crate::seat::{BotLevel, SeatId};

/// Moves a playout makes at most before it is cut short (a round ends long
/// before).
pub const PLAYOUT_ACTIONS: usize = 2_000;

/// What the expert asks of a game.
pub trait LookAhead: Playable {
    /// The moves worth weighing for the seat of `view`, from its view
    /// alone, the hard bot's choice first; one or none means there is
    /// nothing to weigh.
    fn candidates(view: &Self::View, bots: &Bots<Self>, rng: &mut GameRng) -> Vec<Self::Action>;

    /// How the game stands for `seat`, from 0 (lost) to 1 (won): at its end
    /// the share of the win, before it the chance the lead gives.
    fn standing(&self, seat: SeatId) -> f64;

    /// Rounds scored so far: a playout stops when a round is scored.
    fn rounds_scored(&self) -> usize;

    /// Whether this world, dealt for `seat`, agrees with what the other
    /// seats were seen to do (a seat does not throw a card its hand was
    /// using): the expert deals again, up to [`RESAMPLES`] times, a world
    /// that does not.
    fn plausible(&self, _seat: SeatId) -> bool {
        true
    }
}

/// Worlds dealt at most for one that agrees with what the seat saw
/// ([`LookAhead::plausible`]); the last is kept if none does.
pub const RESAMPLES: usize = 30;

/// The chance of winning that a lead of `lead` points gives when a lead of
/// about `spread` points is as likely to be lost as kept: a logistic curve.
pub fn chance(lead: f64, spread: f64) -> f64 {
    1.0 / (1.0 + (-lead / spread.max(1.0)).exp())
}

/// The standing of `seat` in a game whose scores are `scores` (`high`:
/// the highest total wins) and whose winners, once over, are `winners`;
/// `spread` as for [`chance`].
pub fn standing_of(
    seat: SeatId,
    scores: &[i64],
    winners: Option<&[SeatId]>,
    high: bool,
    spread: f64,
) -> f64 {
    if let Some(w) = winners {
        return if w.contains(&seat) {
            1.0 / w.len() as f64
        } else {
            0.0
        };
    }
    let sign = if high { 1.0 } else { -1.0 };
    let mine = scores.get(seat.index()).copied().unwrap_or(0) as f64 * sign;
    let best_other = scores
        .iter()
        .enumerate()
        .filter(|&(i, _)| i != seat.index())
        .map(|(_, &s)| s as f64 * sign)
        .fold(f64::NEG_INFINITY, f64::max);
    if best_other.is_infinite() {
        return 0.5;
    }
    chance(mine - best_other, spread)
}

/// The bots of every level below the expert, for candidates and playouts.
pub struct Bots<G: Game> {
    pub easy: Box<dyn Bot<G>>,
    pub normal: Box<dyn Bot<G>>,
    pub hard: Box<dyn Bot<G>>,
}

impl<G: Players> Bots<G> {
    /// Each level's bot for a table set up so; `None` if a level is
    /// missing.
    pub fn of(setup: &crate::game::Setup<G::Options>) -> Option<Bots<G>> {
        Bots::from_fn(|level| G::bot(level, setup))
    }

    /// Each level's bot as `bot` gives it; `None` if a level is missing.
    pub fn from_fn(bot: impl Fn(BotLevel) -> Option<Box<dyn Bot<G>>>) -> Option<Bots<G>> {
        Some(Bots {
            easy: bot(BotLevel::Easy)?,
            normal: bot(BotLevel::Normal)?,
            hard: bot(BotLevel::Hard)?,
        })
    }

    /// What the hard, normal and easy bots would play, in that order, each
    /// once.
    pub fn choices(&self, view: &G::View, rng: &mut GameRng) -> Vec<G::Action> {
        let mut out = Vec::new();
        for bot in [&self.hard, &self.normal, &self.easy] {
            if let Some(a) = bot.choose(view, rng) {
                push_new(&mut out, a);
            }
        }
        out
    }
}

/// Adds `a` to `list` unless it is there.
pub fn push_new<A: PartialEq>(list: &mut Vec<A>, a: A) {
    if !list.contains(&a) {
        list.push(a);
    }
}

/// A world `unseen`'s seat cannot tell from the real one, dealt with
/// `deal`, and dealt again (up to [`RESAMPLES`] times) while it disagrees
/// with what the seat saw the others do.
pub fn plausible_world<G: LookAhead>(unseen: &Unseen<G>, mut deal: GameRng) -> G {
    let seat = unseen.seat();
    let mut world = unseen.sample(&mut deal);
    for _ in 1..RESAMPLES {
        if world.plausible(seat) {
            break;
        }
        world = unseen.sample(&mut deal);
    }
    world
}

thread_local! {
    /// Set while a caller that already shares its work among the cores
    /// runs on this thread ([`on_this_thread`]).
    static ONE_THREAD: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Runs `f` with every [`over_worlds`] inside it on this thread alone: for
/// a caller that already keeps every core busy (the review judging its
/// positions side by side), so that the threads do not pile up. What `f`
/// finds is the same.
pub fn on_this_thread<T>(f: impl FnOnce() -> T) -> T {
    let was = ONE_THREAD.with(|one| one.replace(true));
    let out = f();
    ONE_THREAD.with(|one| one.set(was));
    out
}

/// `one(i)` for every world `i` below `worlds`, in order, shared among
/// `threads` threads (world `i` is worked out the same on any thread).
pub fn over_worlds<T: Send>(
    worlds: usize,
    threads: usize,
    one: impl Fn(usize) -> T + Sync,
) -> Vec<T> {
    if threads <= 1 || worlds <= 1 || ONE_THREAD.with(std::cell::Cell::get) {
        return (0..worlds).map(one).collect();
    }
    let one = &one;
    let mut rows: Vec<(usize, T)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    (t..worlds)
                        .step_by(threads)
                        .map(|i| (i, one(i)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_default())
            .collect()
    });
    rows.sort_by_key(|(i, _)| *i);
    rows.into_iter().map(|(_, row)| row).collect()
}

/// How many standard errors a candidate's gain over the hard bot's move
/// must reach before the expert prefers it: the worlds are few, and the
/// best-looking of several candidates is often only the luckiest.
pub const CONFIDENCE: f64 = 1.0;

/// Each candidate's mean gain over the first in the same worlds, and its
/// standard error: `None` where a world refused it.
pub fn gains(rows: &[Vec<f64>]) -> Vec<Option<(f64, f64)>> {
    let n = rows.first().map_or(0, Vec::len);
    (0..n)
        .map(|k| {
            let d: Vec<f64> = rows.iter().map(|r| r[k] - r[0]).collect();
            if d.is_empty() || d.iter().any(|x| !x.is_finite()) {
                return None;
            }
            let m = d.len() as f64;
            let mean = d.iter().sum::<f64>() / m;
            let var = d.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (m - 1.0).max(1.0);
            Some((mean, (var / m).sqrt()))
        })
        .collect()
}

/// The candidate to play: the one of greatest gain over the first whose
/// gain is sure enough ([`CONFIDENCE`]); the first if none is.
pub fn pick(rows: &[Vec<f64>]) -> usize {
    pick_sure(rows, CONFIDENCE)
}

/// The same, with a gain sure when over `confidence` standard errors.
pub fn pick_sure(rows: &[Vec<f64>], confidence: f64) -> usize {
    let mut best = (0, 0.0);
    for (k, g) in gains(rows).into_iter().enumerate().skip(1) {
        if let Some((mean, se)) = g
            && mean > best.1 + 1e-9
            && mean > confidence * se
        {
            best = (k, mean);
        }
    }
    best.0
}
