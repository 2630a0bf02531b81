//! The one judge: what a move does to its mover's chance of winning the
//! game, worked out from the mover's own view. Hints, the coach, the review
//! and the kids' lines of a game that uses it all ask it, so they agree.
//!
//! For a position and a few moves worth weighing it
//! 1. deals a fixed number of worlds the mover cannot tell from the real
//!    one ([`Unseen::sample`]: what it has not seen dealt again, keeping
//!    what it saw go into a hand, and worlds that disagree with what the
//!    others were seen to do dealt again, [`LookAhead::plausible`]);
//! 2. in every world makes each move and plays on to the end of the round
//!    with bots at every seat, each move with the same world and the same
//!    dice, so that moves are compared on equal luck;
//! 3. values each move by the mover's mean standing after the round
//!    ([`LookAhead::standing`]: the chance of winning the game that the
//!    score gives), and counts how often another seat went out before the
//!    mover's next turn: what the move may give away.
//!
//! The worlds are seeded from the mover's view, so the same position is
//! judged the same way wherever it is asked (a hint now, the review later)
//! and whatever the number of threads. The chance is an estimate and is
//! said as one ("about 1 in 3").

use crate::game::{Bot, Playable, Setup, Unseen};
use crate::lookahead::{Bots, LookAhead, PLAYOUT_ACTIONS};
use crate::rng::GameRng;
use crate::seat::{BotLevel, SeatId};

/// Each move's standing in one world and whether another seat went out
/// first; `None` where the world refuses the move.
type Row = Vec<Option<(f64, bool)>>;

/// How hard the analysis looks.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Depth {
    /// Worlds dealt for each position.
    pub worlds: usize,
    /// Moves weighed at most (the move played is always weighed too).
    pub moves: usize,
    /// The levels the mover's seat and every other seat play at in a
    /// playout.
    pub own: BotLevel,
    pub others: BotLevel,
    /// How many standard errors a move's gain over the game's first
    /// choice must reach before the analysis prefers it.
    pub confidence: f64,
}

/// 5 Suited's depth (the word games look as hard as their experts did):
/// its hints, coach, review and expert all use it, so that they agree.
pub const DEPTH: Depth = Depth {
    worlds: 24,
    moves: 6,
    own: BotLevel::Normal,
    others: BotLevel::Normal,
    confidence: CONFIDENCE,
};

/// What a review's values count where a game's analysis weighs moves:
/// the mover's chance of winning, in thousandths.
pub const UNIT: &str = "thousandths of a chance to win";

/// How many standard errors a move's gain over the game's first choice
/// must reach before 5 Suited's analysis prefers it (its first choice,
/// the racer's, plays better than the best-looking of 24 worlds).
pub const CONFIDENCE: f64 = 2.0;

/// One move weighed.
#[derive(Clone, Debug, PartialEq)]
pub struct Weighed<A> {
    pub action: A,
    /// The mover's estimated chance of winning the game after it, 0 to 1.
    pub chance: f64,
    /// The share of worlds in which another seat went out before the
    /// mover's next turn.
    pub gone_out: f64,
}

/// The moves weighed in one position, in the order they were listed (the
/// game's first choice first); `best` is the first choice unless another
/// is surely better in the same worlds ([`crate::lookahead::pick`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis<A> {
    pub seat: SeatId,
    pub worlds: usize,
    pub moves: Vec<Weighed<A>>,
    best: usize,
}

impl<A: PartialEq + Clone> Analysis<A> {
    /// The move the analysis advises.
    pub fn best(&self) -> &Weighed<A> {
        &self.moves[self.best]
    }

    /// What `action` was found worth, if it was weighed.
    pub fn of(&self, action: &A) -> Option<&Weighed<A>> {
        self.moves.iter().find(|w| &w.action == action)
    }

    /// The chance `action` loses against the best move (0 for the best,
    /// and for a move whose estimate is no lower).
    pub fn lost(&self, action: &A) -> Option<f64> {
        Some((self.best().chance - self.of(action)?.chance).max(0.0))
    }
}

/// What a game tells the analysis beyond [`LookAhead`].
pub trait Analysed: LookAhead {
    /// How hard the analysis of this game looks (its expert's look-ahead
    /// where it has one).
    const DEPTH: Depth;

    /// The bots the analysis plays out with, for this table (the word
    /// games' bots know the table's word list and which words to lay).
    fn analysis_bots(&self) -> Option<Bots<Self>>;

    /// The moves worth weighing for the seat of `view`, its first choice
    /// first; the analysis weighs at most [`Depth::moves`] of them. The
    /// expert's candidates unless the game lists others.
    fn to_weigh(view: &Self::View, bots: &Bots<Self>, rng: &mut GameRng) -> Vec<Self::Action> {
        Self::candidates(view, bots, rng)
    }

    /// The seat that has gone out this round, if one has, in a game where
    /// the round goes on after it ([`Analysed::SAYS_WHO_WENT_OUT`]): a move
    /// after which another seat goes out before the mover's next turn gave
    /// something away.
    fn gone_out(&self) -> Option<SeatId> {
        None
    }

    /// The chance of winning a mean standing of `mean` over the worlds
    /// stands for, as real outcomes have it (a game fits this to its
    /// calibration run, `analysis::tests::calibration`). The identity
    /// unless the game says otherwise; it never changes which move is
    /// best, only the chance said and the verdict.
    fn calibrated(mean: f64) -> f64 {
        mean
    }

    /// Whether [`Analysed::gone_out`] says who went out; where not, a
    /// round that ends before the mover's next turn is what was given away.
    const SAYS_WHO_WENT_OUT: bool = false;
}

/// The bots the analysis plays with, for a game set up so.
pub struct Judge<G: Playable> {
    bots: Bots<G>,
    depth: Depth,
    threads: usize,
}

impl<G: Analysed> Judge<G> {
    pub fn new(setup: &Setup<G::Options>, depth: Depth) -> Option<Judge<G>> {
        Some(Judge::of_bots(Bots::of(setup)?, depth))
    }

    /// A judge whose playouts use `bots`.
    pub fn of_bots(bots: Bots<G>, depth: Depth) -> Judge<G> {
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get().min(2));
        Judge {
            bots,
            depth,
            threads,
        }
    }

    /// The same judge sharing its work among `threads` threads (its
    /// findings do not change).
    pub fn with_threads(mut self, threads: usize) -> Judge<G> {
        self.threads = threads.max(1);
        self
    }

    fn bot(&self, level: BotLevel) -> &dyn Bot<G> {
        match level {
            BotLevel::Easy => self.bots.easy.as_ref(),
            BotLevel::Normal => self.bots.normal.as_ref(),
            _ => self.bots.hard.as_ref(),
        }
    }

    /// The bots it plays out with.
    pub fn bots(&self) -> &Bots<G> {
        &self.bots
    }

    /// The moves `seat` may weigh in `game` (from its view only), with
    /// `also` added when it is not among them; `None` when the seat is not
    /// to move or has nothing to choose between.
    pub fn analyse(
        &self,
        game: &G,
        seat: SeatId,
        also: Option<&G::Action>,
    ) -> Option<Analysis<G::Action>> {
        if game.to_move() != Some(seat) {
            return None;
        }
        self.analyse_unseen(&Unseen::of(game, seat), also)
    }

    /// The same, from what the seat may know of the game: a bot that looks
    /// ahead asks this, and finds what the hint finds.
    pub fn analyse_unseen(
        &self,
        unseen: &Unseen<G>,
        also: Option<&G::Action>,
    ) -> Option<Analysis<G::Action>> {
        let seat = unseen.seat();
        let seed = seed_of(unseen.view());
        let mut listed = G::to_weigh(unseen.view(), &self.bots, &mut GameRng::new(seed, u64::MAX));
        listed.truncate(self.depth.moves);
        if let Some(a) = also {
            crate::lookahead::push_new(&mut listed, a.clone());
        }
        if listed.len() < 2 {
            return None;
        }
        let rows = self.rows(unseen, &listed, seed);
        let n = rows.len().max(1) as f64;
        let mut moves = Vec::with_capacity(listed.len());
        let mut columns: Vec<Vec<f64>> = Vec::with_capacity(listed.len());
        for (k, action) in listed.into_iter().enumerate() {
            let cells: Option<Vec<(f64, bool)>> = rows.iter().map(|row| row[k]).collect();
            // A move some world refuses is not one the seat can make.
            let Some(cells) = cells else { continue };
            let chance = G::calibrated(cells.iter().map(|c| c.0).sum::<f64>() / n);
            let gone = cells.iter().filter(|c| c.1).count() as f64 / n;
            columns.push(cells.iter().map(|c| c.0).collect());
            moves.push(Weighed {
                action,
                chance,
                gone_out: gone,
            });
        }
        if moves.is_empty() {
            return None;
        }
        // The game's first choice stands unless another move beats it in
        // the same worlds by more than the estimate's own noise: the best
        // looking of several moves is often only the luckiest.
        let by_world: Vec<Vec<f64>> = (0..rows.len())
            .map(|i| columns.iter().map(|col| col[i]).collect())
            .collect();
        let best = crate::lookahead::pick_sure(&by_world, self.depth.confidence);
        Some(Analysis {
            seat,
            worlds: rows.len(),
            moves,
            best,
        })
    }

    /// Each move's standing and whether another seat went out first, world
    /// by world (`None` where a world refuses the move).
    fn rows(&self, unseen: &Unseen<G>, moves: &[G::Action], seed: u64) -> Vec<Row> {
        crate::lookahead::over_worlds(self.depth.worlds, self.threads, |i| {
            self.world(unseen, moves, seed, i as u64)
        })
    }

    fn world(&self, unseen: &Unseen<G>, moves: &[G::Action], seed: u64, i: u64) -> Row {
        let seat = unseen.seat();
        let world = crate::lookahead::plausible_world(unseen, GameRng::new(seed, 2 * i));
        let bots = (self.bot(self.depth.own), self.bot(self.depth.others));
        let start = world.rounds_scored();
        moves
            .iter()
            .map(|m| {
                let mut game = world.clone();
                game.apply(seat, m).ok()?;
                let mut dice = GameRng::new(seed, 2 * i + 1);
                let first = play_round(&mut game, (seat, start), bots, &mut dice);
                Some((game.standing(seat), first))
            })
            .collect()
    }
}

/// The analysis of the position `seat` is to move in, at the game's
/// [`Analysed::DEPTH`], with `also` weighed too: `None` when the seat is
/// not to move or has nothing to choose between.
pub fn analyse<G: Analysed>(
    game: &G,
    seat: SeatId,
    also: Option<&G::Action>,
) -> Option<Analysis<G::Action>> {
    Judge::of_bots(game.analysis_bots()?, G::DEPTH).analyse(game, seat, also)
}

/// The same, from what the seat may know of the game ([`Unseen`]): what
/// an expert that plays the analysis asks.
pub fn analyse_unseen<G: Analysed>(unseen: &Unseen<G>) -> Option<Analysis<G::Action>> {
    Judge::of_bots(unseen.world().analysis_bots()?, G::DEPTH).analyse_unseen(unseen, None)
}

/// Plays `game` on, `bots.0` at `seat` and `bots.1` at every other, until
/// the round that was `start` rounds in is scored, the game ends or a bot
/// finds no move. Whether another seat got in first: went out before
/// `seat` was next to move (where the game says who went out,
/// [`Analysed::gone_out`]), or, in a game that does not, the round ended
/// before then.
fn play_round<G: Analysed>(
    game: &mut G,
    (seat, start): (SeatId, usize),
    bots: (&dyn Bot<G>, &dyn Bot<G>),
    rng: &mut GameRng,
) -> bool {
    // The move itself ended the round: nobody got in first.
    if game.rounds_scored() != start {
        return false;
    }
    let mut back = false;
    for _ in 0..PLAYOUT_ACTIONS {
        if game.rounds_scored() != start {
            return !back && !G::SAYS_WHO_WENT_OUT;
        }
        let Some(to) = game.to_move() else { break };
        back |= to == seat;
        let bot = if to == seat { bots.0 } else { bots.1 };
        let Some(a) = bot.choose(&game.view(to), rng) else {
            break;
        };
        if game.apply(to, &a).is_err() {
            break;
        }
        if !back && game.gone_out().is_some_and(|s| s != seat) {
            return true;
        }
    }
    false
}

/// A seed made from what the seat sees: the same position gives the same
/// worlds on every machine and build (FNV-1a over the view's JSON).
pub fn seed_of<V: serde::Serialize>(view: &V) -> u64 {
    let text = serde_json::to_string(view).unwrap_or_default();
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// Why a move of chance `mine` is advised over another of chance
/// `theirs` (`other` names it as a doing: "discarding 9★"), in `worlds`
/// deals: "it gives the better chance of winning, about 1 in 3 against
/// about 1 in 4 for discarding 9★"; with the same words for both, the gap
/// in hundredths; and where the other looked better but not surely, that
/// no move is surely better.
pub fn compared(mine: f64, theirs: f64, worlds: usize, other: &str) -> String {
    let (a, b) = (in_words(mine), in_words(theirs));
    if mine < theirs {
        // The analysis keeps its first choice unless a move is surely
        // better; this one looked a little better in these deals.
        format!(
            "no move is surely better in the {worlds} deals you could face: your chance of winning is {a} with it, {b} for {other}"
        )
    } else if a == b {
        let gap = ((mine - theirs) * 100.0).round();
        if gap < 1.0 {
            // Less than one in 100 apart: not "better", only as good.
            format!("no move gives a better chance of winning: {a} with it, as for {other}")
        } else {
            format!(
                "it gives the better chance of winning: {a} either way, {gap} in 100 more than {other}"
            )
        }
    } else {
        format!("it gives the better chance of winning, {a} against {b} for {other}")
    }
}

/// `p` on a logistic scale stretched by `a` and shifted by `b`: the
/// chance σ(a·logit(p) + b), a fitted calibration (after Platt).
pub fn platt(p: f64, a: f64, b: f64) -> f64 {
    let p = p.clamp(1e-6, 1.0 - 1e-6);
    let x = a * (p / (1.0 - p)).ln() + b;
    1.0 / (1.0 + (-x).exp())
}

/// A chance `p` mapped through a calibration table: points (estimate,
/// real share) in rising order, joined by straight lines (a monotone fit,
/// as isotonic regression gives), from (0, 0) to (1, 1).
pub fn by_table(p: f64, table: &[(f64, f64)]) -> f64 {
    if !p.is_finite() {
        return p;
    }
    let p = p.clamp(0.0, 1.0);
    let mut from = (0.0, 0.0);
    for &to in table.iter().chain(&[(1.0, 1.0)]) {
        if p <= to.0 {
            let span = to.0 - from.0;
            if span <= 0.0 {
                return to.1;
            }
            return from.1 + (to.1 - from.1) * (p - from.0) / span;
        }
        from = to;
    }
    1.0
}

/// A chance as a person says it: "about 1 in 3", "about 9 in 10",
/// "almost certain", "almost none".
pub fn in_words(chance: f64) -> String {
    let c = chance.clamp(0.0, 1.0);
    if c >= 0.97 {
        return "almost certain".to_string();
    }
    if c <= 0.03 {
        return "almost none".to_string();
    }
    if c > 0.5 {
        // "about 2 in 3", "about 9 in 10": the chance of not, turned round.
        let (a, b) = nearest(1.0 - c);
        return format!("about {} in {b}", b - a);
    }
    let (a, b) = nearest(c);
    format!("about {a} in {b}")
}

/// The fraction a/b with b of 2, 3, 4, 5 or 10 nearest to `c` (the
/// smallest b of equals): 1/3 for 0.34.
fn nearest(c: f64) -> (u32, u32) {
    let mut best = (1, 2, f64::INFINITY);
    for b in [2, 3, 4, 5, 10u32] {
        let a = (c * f64::from(b)).round().max(1.0) as u32;
        let d = (f64::from(a) / f64::from(b) - c).abs();
        if d + 1e-9 < best.2 {
            best = (a, b, d);
        }
    }
    (best.0, best.1)
}

/// Estimated chances set beside what really happened: the reliability
/// table (each tenth of estimated chance, the real share of wins in it)
/// and the Brier score.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Calibration {
    /// (estimate, outcome): the outcome is the seat's share of the win, 0
    /// to 1 (a tie for the win shares it).
    pairs: Vec<(f64, f64)>,
}

/// One tenth of the reliability table.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bin {
    /// From `low` to `low + 0.1`.
    pub low: f64,
    pub count: usize,
    /// The mean estimate and the real share of wins of the estimates in it.
    pub estimated: f64,
    pub real: f64,
}

impl Calibration {
    pub fn add(&mut self, estimate: f64, outcome: f64) {
        self.pairs.push((estimate.clamp(0.0, 1.0), outcome));
    }

    pub fn len(&self) -> usize {
        self.pairs.len()
    }

    pub fn is_empty(&self) -> bool {
        self.pairs.is_empty()
    }

    /// The mean squared gap between estimate and outcome: 0 is perfect,
    /// and always saying 1 in 2 scores 0.25.
    pub fn brier(&self) -> f64 {
        let n = self.pairs.len().max(1) as f64;
        self.pairs.iter().map(|(e, o)| (e - o).powi(2)).sum::<f64>() / n
    }

    /// The ten tenths of estimated chance, empty ones too.
    pub fn bins(&self) -> Vec<Bin> {
        (0..10)
            .map(|b| {
                let low = f64::from(b) / 10.0;
                let inside: Vec<&(f64, f64)> = self
                    .pairs
                    .iter()
                    .filter(|(e, _)| ((e * 10.0).floor() as i32).clamp(0, 9) == b)
                    .collect();
                let n = inside.len().max(1) as f64;
                Bin {
                    low,
                    count: inside.len(),
                    estimated: inside.iter().map(|p| p.0).sum::<f64>() / n,
                    real: inside.iter().map(|p| p.1).sum::<f64>() / n,
                }
            })
            .collect()
    }

    /// The table as text, a tenth a line, and the Brier score.
    pub fn table(&self) -> String {
        let mut out = String::from("estimated    count   mean estimate   real share\n");
        for b in self.bins() {
            out.push_str(&format!(
                "{:.1}-{:.1}  {:>8}   {:>13.3}   {:>10.3}\n",
                b.low,
                b.low + 0.1,
                b.count,
                b.estimated,
                b.real
            ));
        }
        out.push_str(&format!(
            "Brier score {:.4} over {}\n",
            self.brier(),
            self.len()
        ));
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The win chance the review states is calibrated: over bot games of
    /// every pairing of levels, in each tenth of estimated chance (the
    /// chance after the move played, at every fifth move), the seats' real
    /// share of wins is within 5 points of it; and its Brier score beats
    /// the score lead's alone (the game's standing before the move).
    /// `RUMMY_CALIBRATION_GAMES` sets the count (1,000 unless set).
    fn calibrated<G: Analysed>() {
        calibrated_by::<G>(
            |game, seat, action| {
                analyse(game, seat, Some(action))?
                    .of(action)
                    .map(|w| w.chance)
            },
            |game, seat| game.standing(seat),
        );
    }

    /// The same for any game, with the chance after a move (`chance_of`)
    /// and the score lead's alone (`lead_of`) as the game says them.
    fn calibrated_by<G: Playable>(
        chance_of: impl Fn(&G, SeatId, &G::Action) -> Option<f64>,
        lead_of: impl Fn(&G, SeatId) -> f64,
    ) {
        use crate::game::Session;
        use crate::seat::Seat;
        let var = |name: &str, or: u64| {
            std::env::var(name)
                .ok()
                .and_then(|n| n.parse().ok())
                .unwrap_or(or)
        };
        // The games played, and the first (`RUMMY_CALIBRATION_FROM`: a
        // run on other deals than those a calibration was fitted to).
        let (games, from) = (
            var("RUMMY_CALIBRATION_GAMES", 1_000),
            var("RUMMY_CALIBRATION_FROM", 0),
        );
        // Options of the games played, such as `target=200` for a game
        // whose whole match is long (`RUMMY_CALIBRATION_OPTIONS`, comma
        // between).
        let options = crate::test_support::options_from("RUMMY_CALIBRATION_OPTIONS");
        let options: Vec<(&str, &str)> = options
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        let levels = G::LEVELS;
        let n = levels.len() as u64;
        let (mut judged, mut lead) = (Calibration::default(), Calibration::default());
        for i in from..from + games {
            let pair = [levels[(i % n) as usize], levels[((i / n) % n) as usize]];
            let seats = vec![Seat::bot("Ann", pair[0]), Seat::bot("Ben", pair[1])];
            let setup = crate::variants::shipped_setup::<G>(seats, 9000 + i, &options).unwrap();
            let mut session = Session::<G>::new(setup).unwrap();
            let mut rng = GameRng::new(i, 46);
            let mut said = Vec::new();
            let mut k = 0;
            while let Some(seat) = session.state().to_move() {
                let bot = G::bot(pair[seat.index()], session.setup()).unwrap();
                let game = session.state().clone();
                let action = crate::game::decide(bot.as_ref(), &game, seat, &mut rng).unwrap();
                k += 1;
                if k % 5 == 0
                    && let Some(chance) = chance_of(&game, seat, &action)
                {
                    said.push((seat, chance, lead_of(&game, seat)));
                }
                session.apply(seat, action).unwrap();
            }
            let winners = session.state().outcome().unwrap().winners;
            for (seat, chance, standing) in said {
                let share = if winners.contains(&seat) {
                    1.0 / winners.len() as f64
                } else {
                    0.0
                };
                judged.add(chance, share);
                lead.add(standing, share);
            }
        }
        eprintln!(
            "{}: the analysis's chance after the move played:\n{}",
            G::VARIANT,
            judged.table()
        );
        eprintln!("{}: the score lead's alone:\n{}", G::VARIANT, lead.table());
        for b in judged.bins().into_iter().filter(|b| b.count >= 100) {
            assert!(
                (b.real - b.estimated).abs() <= 0.05,
                "{} from {:.1}: estimated {:.3}, real {:.3} over {}",
                G::VARIANT,
                b.low,
                b.estimated,
                b.real,
                b.count
            );
        }
        assert!(judged.brier() < lead.brier());
    }

    mod calibration {
        use super::calibrated;
        use crate::game::Reviewed;
        use crate::variants::{alpharummy, five_suited, play_on_words, wrummy};

        /// One ignored calibration run per game the analysis judges.
        macro_rules! runs {
            ($($name:ident => $game:ty),*) => {$(
                #[test]
                #[ignore = "long: run in release mode (see docs/DEVELOPING.md)"]
                fn $name() {
                    calibrated::<$game>();
                }
            )*};
        }
        runs!(
            five_suited => five_suited::FiveSuited,
            wrummy => wrummy::Wrummy,
            alpharummy => alpharummy::AlphaRummy,
            play_on_words => play_on_words::PlayOnWords
        );

        /// Wump Rummy's chance comes from its own review (the deal played
        /// out by the exact search, then the match by normal bots in 16
        /// shuffles); its score lead is the games won, one game a unit.
        #[test]
        #[ignore = "long: run in release mode (see docs/DEVELOPING.md)"]
        fn wump() {
            use crate::game::Game;
            super::calibrated_by::<crate::variants::wump::Wump>(
                |game, seat, action| Some(game.judge(seat, action)?.chances?.played),
                |game, seat| crate::lookahead::standing_of(seat, &game.scores(), None, true, 1.0),
            );
        }
    }

    #[test]
    fn a_chance_is_said_as_a_small_fraction() {
        assert_eq!(in_words(0.34), "about 1 in 3");
        assert_eq!(in_words(0.5), "about 1 in 2");
        assert_eq!(in_words(0.9), "about 9 in 10");
        assert_eq!(in_words(0.66), "about 2 in 3");
        assert_eq!(in_words(0.1), "about 1 in 10");
        assert_eq!(in_words(0.25), "about 1 in 4");
        assert_eq!(in_words(0.99), "almost certain");
        assert_eq!(in_words(0.01), "almost none");
        for i in 0..=100 {
            let c = f64::from(i) / 100.0;
            let said = in_words(c);
            if let Some(rest) = said.strip_prefix("about ") {
                let (a, b) = rest.split_once(" in ").expect("a in b");
                let (a, b): (f64, f64) = (a.parse().unwrap(), b.parse().unwrap());
                assert!((a / b - c).abs() <= 0.1, "{c} said as {said}");
            }
        }
    }

    #[test]
    fn platt_scaling_keeps_the_order_and_the_middle() {
        assert!((platt(0.5, 1.65, 0.0) - 0.5).abs() < 1e-12);
        assert!((platt(0.3, 1.0, 0.0) - 0.3).abs() < 1e-12);
        let mut last = 0.0;
        for i in 1..100 {
            let p = platt(f64::from(i) / 100.0, 1.65, -0.2);
            assert!(p > last);
            last = p;
        }
        assert!(platt(0.15, 1.65, -0.2) < 0.15 && platt(0.85, 1.65, -0.2) > 0.85);
    }

    #[test]
    fn a_calibration_table_joins_its_points_and_keeps_the_order() {
        let table = [(0.2, 0.1), (0.6, 0.8)];
        assert!((by_table(0.2, &table) - 0.1).abs() < 1e-12);
        assert!((by_table(0.4, &table) - 0.45).abs() < 1e-12);
        assert!((by_table(0.8, &table) - 0.9).abs() < 1e-12);
        assert_eq!((by_table(0.0, &table), by_table(1.0, &table)), (0.0, 1.0));
        let mut last = -1.0;
        for i in 0..=100 {
            let p = by_table(f64::from(i) / 100.0, &table);
            assert!(p >= last);
            last = p;
        }
    }

    #[test]
    fn calibration_counts_each_tenth_and_scores_the_gap() {
        let mut c = Calibration::default();
        for _ in 0..3 {
            c.add(0.25, 0.0);
        }
        c.add(0.25, 1.0);
        c.add(1.0, 1.0);
        let bins = c.bins();
        assert_eq!(bins.len(), 10);
        assert_eq!(bins[2].count, 4);
        assert!((bins[2].real - 0.25).abs() < 1e-12);
        assert_eq!(bins[9].count, 1, "a certain win is in the top tenth");
        // (3 × 0.0625 + 0.5625 + 0) / 5.
        assert!((c.brier() - 0.15).abs() < 1e-12, "{}", c.brier());
    }

    #[test]
    fn the_seed_depends_on_the_view_alone() {
        assert_eq!(seed_of(&vec![1, 2, 3]), seed_of(&vec![1, 2, 3]));
        assert_ne!(seed_of(&vec![1, 2, 3]), seed_of(&vec![1, 2, 4]));
        // FNV-1a of "[]": fixed on every machine.
        assert_eq!(seed_of(&Vec::<u8>::new()), 0x0961_2b07_b5ec_b5a5);
    }
}
