//! The expert level: a bot that looks ahead through the cards it cannot
//! see, by determinized Monte Carlo search (after Ginsberg's GIB for bridge
//! and the simulations of Scrabble programs).
//!
//! At a move worth weighing it
//! 1. lists a few candidate moves from its seat's view: the hard bot's
//!    choice first, then what the other levels would play and the game's
//!    own alternatives ([`LookAhead::candidates`]);
//! 2. deals a fixed number of worlds its seat cannot tell from the real one
//!    ([`Unseen::sample`]: the stock and the other hands dealt again from
//!    the cards it has not seen, keeping those it saw go into a hand, and
//!    new seeds for the deals to come);
//! 3. in every world makes each candidate and plays on with fast bots at
//!    every seat to the end of the round (the same world and the same dice
//!    for every candidate, so that they are compared on equal luck);
//! 4. plays the candidate with the best mean standing
//!    ([`LookAhead::standing`]): the chance of winning the game that the
//!    score after the round gives, not the points alone.
//!
//! The number of worlds is fixed, and each world has its own seed drawn
//! from the bot's dice, so a decision is the same for the same seed however
//! many threads share the work.

use crate::game::{Bot, Game, Unseen};
use crate::rng::GameRng;
use crate::seat::{BotLevel, SeatId};
use std::sync::Arc;

/// Moves a playout makes at most before it is cut short (a round ends long
/// before).
pub const PLAYOUT_ACTIONS: usize = 2_000;

/// What the expert asks of a game.
pub trait LookAhead: Game {
    /// The moves worth weighing for the seat of `view`, from its view
    /// alone, the hard bot's choice first; one or none means there is
    /// nothing to weigh.
    fn candidates(view: &Self::View, bots: &Bots<Self>, rng: &mut GameRng) -> Vec<Self::Action>;

    /// How the game stands for `seat`, from 0 (lost) to 1 (won): at its end
    /// the share of the win, before it the chance the lead gives.
    fn standing(&self, seat: SeatId) -> f64;

    /// Rounds scored so far: a playout stops when a round is scored.
    fn rounds_scored(&self) -> usize;
}

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

impl<G: Game> Bots<G> {
    /// Each level's bot for a table set up so; `None` if a level is
    /// missing.
    pub fn of(setup: &crate::game::Setup<G::Options>) -> Option<Bots<G>> {
        Some(Bots {
            easy: G::bot(BotLevel::Easy, setup)?,
            normal: G::bot(BotLevel::Normal, setup)?,
            hard: G::bot(BotLevel::Hard, setup)?,
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

/// How hard the expert looks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Effort {
    /// Worlds dealt for each decision.
    pub worlds: usize,
    /// Candidates weighed at most.
    pub candidates: usize,
    /// The level every seat plays at in a playout.
    pub playout: BotLevel,
}

/// The expert bot of game `G`.
pub struct Expert<G: Game> {
    bots: Arc<Bots<G>>,
    effort: Effort,
    threads: usize,
}

impl<G: LookAhead> Expert<G> {
    pub fn new(bots: Bots<G>, effort: Effort) -> Expert<G> {
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get().min(2));
        Expert {
            bots: Arc::new(bots),
            effort,
            threads,
        }
    }

    /// The expert for a table set up so, boxed as [`Game::bot`] gives it.
    pub fn boxed(setup: &crate::game::Setup<G::Options>, effort: Effort) -> Option<Box<dyn Bot<G>>> {
        Some(Box::new(Expert::new(Bots::of(setup)?, effort)))
    }

    /// The same expert sharing its work among `threads` threads (the
    /// decisions do not change).
    pub fn with_threads(mut self, threads: usize) -> Expert<G> {
        self.threads = threads.max(1);
        self
    }

    fn playout_bot(&self) -> &dyn Bot<G> {
        match self.effort.playout {
            BotLevel::Easy => self.bots.easy.as_ref(),
            BotLevel::Normal => self.bots.normal.as_ref(),
            _ => self.bots.hard.as_ref(),
        }
    }

    /// Each candidate's standing in each world, world by world (NaN where
    /// a world refuses it).
    pub fn weigh(
        &self,
        unseen: &Unseen<G>,
        candidates: &[G::Action],
        seed: u64,
    ) -> Vec<Vec<f64>> {
        let worlds = self.effort.worlds;
        let one = |i: usize| -> Vec<f64> { self.world_values(unseen, candidates, seed, i as u64) };
        let mut rows: Vec<(usize, Vec<f64>)> = if self.threads > 1 && worlds > 1 {
            let threads = self.threads;
            std::thread::scope(|scope| {
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
            })
        } else {
            (0..worlds).map(|i| (i, one(i))).collect()
        };
        rows.sort_by_key(|(i, _)| *i);
        rows.into_iter().map(|(_, row)| row).collect()
    }

    /// Each candidate's standing in world `i`: NaN where the world refuses
    /// it.
    fn world_values(&self, unseen: &Unseen<G>, candidates: &[G::Action], seed: u64, i: u64) -> Vec<f64> {
        let seat = unseen.seat();
        let mut deal = GameRng::new(seed, 2 * i);
        let world = unseen.sample(&mut deal);
        let bot = self.playout_bot();
        candidates
            .iter()
            .map(|c| {
                let mut game = world.clone();
                if game.apply(seat, c).is_err() {
                    return f64::NAN;
                }
                let mut dice = GameRng::new(seed, 2 * i + 1);
                playout(&mut game, bot, &mut dice);
                game.standing(seat)
            })
            .collect()
    }
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
    let mut best = (0, 0.0);
    for (k, g) in gains(rows).into_iter().enumerate().skip(1) {
        if let Some((mean, se)) = g {
            if mean > best.1 + 1e-9 && mean > CONFIDENCE * se {
                best = (k, mean);
            }
        }
    }
    best.0
}

/// Plays `game` on with `bot` at every seat until a round is scored, the
/// game ends, or a bot finds no move.
pub fn playout<G: LookAhead>(game: &mut G, bot: &dyn Bot<G>, rng: &mut GameRng) {
    let start = game.rounds_scored();
    for _ in 0..PLAYOUT_ACTIONS {
        if game.rounds_scored() != start {
            return;
        }
        let Some(seat) = game.to_move() else { return };
        let Some(a) = bot.choose(&game.view(seat), rng) else {
            return;
        };
        if game.apply(seat, &a).is_err() {
            return;
        }
    }
}

impl<G: LookAhead> Bot<G> for Expert<G> {
    /// Without a game to play forward in, the hard bot's move.
    fn choose(&self, view: &G::View, rng: &mut GameRng) -> Option<G::Action> {
        self.bots.hard.choose(view, rng)
    }

    fn looks_ahead(&self) -> bool {
        true
    }

    fn choose_ahead(&self, unseen: &Unseen<G>, rng: &mut GameRng) -> Option<G::Action> {
        let mut candidates = G::candidates(unseen.view(), &self.bots, rng);
        candidates.truncate(self.effort.candidates);
        if candidates.len() <= 1 {
            return candidates.pop().or_else(|| self.choose(unseen.view(), rng));
        }
        let rows = self.weigh(unseen, &candidates, rng.next_u64());
        let best = pick(&rows);
        if std::env::var_os("RUMMY_EXPERT_DEBUG").is_some() {
            eprintln!("{best} of {:?}", candidates.iter().zip(gains(&rows)).collect::<Vec<_>>());
        }
        candidates.into_iter().nth(best)
    }
}
