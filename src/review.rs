//! "How did I play?": every move of a game judged from its mover's own
//! view at that moment, never from a card it could not see. Each game says
//! what a move is worth in its own currency ([`Reviewed::judge`](crate::game::Reviewed::judge)): cards sure
//! to be won by the deal's end in Wump, points left out of melds in 5
//! Suited, points scored now in the word games. The review sets the move
//! played beside the best one the engine finds there, gives a
//! [`Verdict`] and says it in a sentence a person understands.
//!
//! A review is made by replaying the log from the seed, so it reads a save
//! file as it is and changes nothing.

use crate::ahead;
use crate::judgement::{Judgement, MoveReview, Verdict, round3};

use crate::game::{Playable, Session};
use crate::seat::{SeatId, SeatKind};
use crate::variants::{StartError, VariantVisitor, visit};
use serde::Serialize;
use std::fmt;
use std::sync::mpsc::{Receiver, Sender, channel};

/// A seat's moves, summed up.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct SeatSummary {
    /// From 1.
    pub seat: usize,
    pub name: String,
    /// Moves judged, and how many of them were the best, good,
    /// inaccuracies and mistakes.
    pub judged: usize,
    pub best: usize,
    pub good: usize,
    pub inaccuracies: usize,
    pub mistakes: usize,
    /// What the moves left on the table: the sum of each move's shortfall
    /// from the best, in the game's unit.
    pub value_lost: i64,
    pub unit: String,
    /// The mean chance of winning lost per move judged by chance (0 to 1),
    /// where the game's analysis weighs moves so.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chance_lost: Option<f64>,
}

/// The review of a game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Review {
    pub variant: String,
    /// How many moves the log holds.
    pub moves_played: usize,
    pub moves: Vec<MoveReview>,
    pub summary: Vec<SeatSummary>,
    /// Who won the game, seats from 1; empty while it is not over.
    pub winners: Vec<usize>,
}

/// Which seats a review judges.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Judged {
    /// The people's seats only (bots are not taught).
    People,
    /// Every seat.
    All,
    /// The people's seats, or every seat in a game of bots only: what the
    /// replay of a game shows.
    Usual,
}

impl Judged {
    /// Whom this judges at a table of `seats`: [`Judged::Usual`] made
    /// plain.
    pub fn at(self, seats: &[crate::seat::Seat]) -> Judged {
        match self {
            Judged::Usual if seats.iter().any(|s| s.kind == SeatKind::Human) => Judged::People,
            Judged::Usual => Judged::All,
            other => other,
        }
    }
}

/// Every judged move of `session`'s log, each with its best move as the
/// game's action, made again from the seed. A move the game does not judge
/// (a draw, a forced move, a challenge) is left out.
pub fn judge_log<G: Playable>(session: &Session<G>, who: Judged) -> Vec<(MoveReview, G::Action)> {
    judge_log_with(session, who, &mut |_, _| {})
}

/// [`judge_log`], telling `progress` (moves judged, moves to judge) as it
/// goes; the positions are judged on every core.
pub fn judge_log_with<G: Playable>(
    session: &Session<G>,
    who: Judged,
    progress: &mut dyn FnMut(usize, usize),
) -> Vec<(MoveReview, G::Action)> {
    let Ok(mut game) = G::new(session.setup()) else {
        return Vec::new();
    };
    let seats = session.seats();
    let who = who.at(seats);
    let log = session.log();
    // The positions to judge, in the log's order: the move's place, the
    // game before it and where the log has been (the same game and the
    // same moves).
    let mut todo: Vec<(usize, G, ahead::Key)> = Vec::new();
    let mut key = ahead::Key::of_setup::<G>(session.setup());
    let mut replayed = 0;
    for (index, m) in log.iter().enumerate() {
        let judged = who == Judged::All
            || seats
                .get(m.seat.index())
                .is_some_and(|s| s.kind == SeatKind::Human);
        key = key.after(m);
        if judged {
            todo.push((index, game.clone(), key));
        }
        replayed = index + 1;
        if game.apply(m.seat, &m.action).is_err() {
            break;
        }
    }
    let mut judged = judge_all(&todo, log, progress).into_iter();
    let mut todo = todo.iter().map(|t| t.0).peekable();
    let mut out: Vec<(MoveReview, G::Action)> = Vec::new();
    // Where the turn began in `out`: one seat's moves in a row.
    let mut turn = (None, 0);
    for (index, m) in log.iter().enumerate().take(replayed) {
        if turn.0 != Some(m.seat) {
            turn = (Some(m.seat), out.len());
        }
        if todo.next_if_eq(&index).is_none() {
            continue;
        }
        if let Some(j) = judged.next().flatten() {
            let best = j.best.clone();
            let mover = (m.seat, session.seat_name(m.seat));
            let review = MoveReview::of(index, mover, j);
            // A better move named again later in the same turn was still
            // open after the earlier move: only the move that let it go
            // missed it, so it is counted once.
            if review.verdict != Verdict::Best {
                let kept: Vec<_> = out
                    .drain(turn.1..)
                    .filter(|(r, _)| r.verdict == Verdict::Best || r.best != review.best)
                    .collect();
                out.extend(kept);
            }
            out.push((review, best));
        }
    }
    out
}

/// The judgement of each position of `todo` (a move's place in `log`, the
/// game before it, its key), in order, worked out on every core the
/// machine has; `progress` hears (positions judged, positions in all).
fn judge_all<G: Playable>(
    todo: &[(usize, G, ahead::Key)],
    log: &[crate::game::Move<G::Action>],
    progress: &mut dyn FnMut(usize, usize),
) -> Vec<Option<Judgement<G::Action>>> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    let workers = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .clamp(1, todo.len().max(1));
    let next = AtomicUsize::new(0);
    let mut judged: Vec<Option<Option<Judgement<G::Action>>>> = vec![None; todo.len()];
    std::thread::scope(|scope| {
        let (tx, rx) = std::sync::mpsc::channel();
        for _ in 0..workers {
            let (tx, next) = (tx.clone(), &next);
            scope.spawn(move || {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some((index, game, key)) = todo.get(i) else {
                        break;
                    };
                    let m = &log[*index];
                    // The positions already keep every core busy: each
                    // judgement's worlds are worked out on its own thread.
                    let j = crate::lookahead::on_this_thread(|| {
                        ahead::judge(game, *key, m.seat, &m.action)
                    });
                    if tx.send((i, j)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        progress(0, todo.len());
        for (done, (i, j)) in rx.iter().enumerate() {
            judged[i] = Some(j);
            progress(done + 1, todo.len());
        }
    });
    judged.into_iter().map(Option::flatten).collect()
}

/// The review of `session`: its judged moves and each seat's summary.
pub fn review<G: Playable>(session: &Session<G>, who: Judged) -> Review {
    review_with(session, who, &mut |_, _| {})
}

/// [`review`], telling `progress` (moves judged, moves to judge) as it goes.
pub fn review_with<G: Playable>(
    session: &Session<G>,
    who: Judged,
    progress: &mut dyn FnMut(usize, usize),
) -> Review {
    let moves: Vec<MoveReview> = judge_log_with(session, who, progress)
        .into_iter()
        .map(|(m, _)| m)
        .collect();
    let summary = session
        .seats()
        .iter()
        .enumerate()
        .filter(|(_, s)| who.at(session.seats()) == Judged::All || s.kind == SeatKind::Human)
        .map(|(i, _)| summary_of(&moves, i + 1, session.seat_name(SeatId(i as u8))))
        .collect();
    let winners = session
        .state()
        .outcome()
        .map(|o| o.winners.iter().map(|s| s.index() + 1).collect())
        .unwrap_or_default();
    Review {
        variant: G::VARIANT.title().to_string(),
        moves_played: session.log().len(),
        moves,
        summary,
        winners,
    }
}

fn summary_of(moves: &[MoveReview], seat: usize, name: String) -> SeatSummary {
    let mut s = SeatSummary {
        seat,
        name,
        ..SeatSummary::default()
    };
    for m in moves.iter().filter(|m| m.seat == seat) {
        s.judged += 1;
        match m.verdict {
            Verdict::Best => s.best += 1,
            Verdict::Good => s.good += 1,
            Verdict::Inaccuracy => s.inaccuracies += 1,
            Verdict::Mistake => s.mistakes += 1,
        }
        s.value_lost += m.best_value - m.played_value;
        s.unit.clone_from(&m.unit);
    }
    let lost: Vec<f64> = moves
        .iter()
        .filter(|m| m.seat == seat)
        .filter_map(|m| Some((m.chance_best? - m.chance_played?).max(0.0)))
        .collect();
    if !lost.is_empty() {
        s.chance_lost = Some(round3(lost.iter().sum::<f64>() / lost.len() as f64));
    }
    s
}

/// The review of a save file's game (`file` names it in errors).
pub fn review_save(text: &str, file: &str, who: Judged) -> Result<Review, StartError> {
    review_save_with(text, file, who, &mut |_, _| {})
}

/// [`review_save`], telling `progress` (moves judged, moves to judge) as it
/// goes.
pub fn review_save_with(
    text: &str,
    file: &str,
    who: Judged,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Review, StartError> {
    struct V<'a, 'p>(&'a str, &'a str, Judged, &'p mut dyn FnMut(usize, usize));
    impl VariantVisitor for V<'_, '_> {
        type Output = Result<Review, StartError>;
        fn visit<G: Playable>(self) -> Self::Output {
            let session = Session::<G>::from_save_json(self.0, self.1)?;
            Ok(review_with(&session, self.2, self.3))
        }
    }
    let id = crate::save::peek_variant(text, file)?;
    visit(id, V(text, file, who, progress))?
}

impl Review {
    /// The review as one line of JSON.
    pub fn to_json(&self) -> String {
        // invariant: the review holds only numbers, strings and lists
        serde_json::to_string(self).unwrap_or_default()
    }
}

impl fmt::Display for Review {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "How did you play? A review of {} ({} moves).",
            self.variant, self.moves_played
        )?;
        if self.moves.is_empty() {
            writeln!(f, "No move of the seats reviewed was one to judge.")?;
        }
        // Lines of at most 80 columns: a sentence goes on under itself.
        let lines = |first: &str, text: &str, hang: usize| {
            let hang = " ".repeat(hang);
            let options = textwrap::Options::new(REVIEW_WIDTH)
                .initial_indent(first)
                .subsequent_indent(&hang)
                .word_splitter(textwrap::WordSplitter::NoHyphenation);
            textwrap::fill(text, options)
        };
        for m in &self.moves {
            let verdict = m.verdict.to_string();
            let first = format!(
                "{:>4}. {:<12} {verdict:<10} ",
                m.index + 1,
                cut(&m.name, 12)
            );
            let hang = first.chars().count();
            writeln!(f, "{}", lines(&first, &m.sentence, hang))?;
        }
        for s in &self.summary {
            // Where moves are judged by the chance of winning, the mean
            // chance lost a move; else the game's own currency, summed.
            let lost = match s.chance_lost {
                Some(c) => format!(
                    "on average {:.1} in 100 of the chance to win lost per move",
                    c * 100.0
                ),
                None => format!("{} {} left on the table", s.value_lost, s.unit),
            };
            let many = |n: usize, one: &str, more: &str| {
                format!("{n} {}", if n == 1 { one } else { more })
            };
            let line = format!(
                "{}: {} judged: {} best, {} good, {}, {}; {lost}.",
                s.name,
                many(s.judged, "move", "moves"),
                s.best,
                s.good,
                many(s.inaccuracies, "inaccuracy", "inaccuracies"),
                many(s.mistakes, "mistake", "mistakes"),
            );
            writeln!(f, "{}", lines("", &line, 2))?;
        }
        Ok(())
    }
}

/// The widest line of a review printed as text.
pub const REVIEW_WIDTH: usize = 80;

/// `name` cut to `n` characters, with an ellipsis when cut.
fn cut(name: &str, n: usize) -> String {
    if name.chars().count() <= n {
        return name.to_string();
    }
    let mut out: String = name.chars().take(n - 1).collect();
    out.push('…');
    out
}

/// A thread that reviews a game while it is played: give it the game's
/// save text after each move ([`Ahead::send`]) and it judges the moves not
/// yet judged, as the review at the end will (the people's moves, or every
/// move of a game of bots only), while the next seat thinks.
pub struct Ahead {
    to: Sender<String>,
}

impl Ahead {
    pub fn start() -> Ahead {
        let (to, from) = channel();
        std::thread::spawn(move || work(&from));
        Ahead { to }
    }

    /// The game as it stands now, as its save text.
    pub fn send(&self, text: String) {
        // The thread ends only with this sender.
        let _ = self.to.send(text);
    }
}

fn work(from: &Receiver<String>) {
    while let Ok(mut text) = from.recv() {
        // Only the newest text matters: it holds every move before it.
        while let Ok(newer) = from.try_recv() {
            text = newer;
        }
        let _ = review_save(&text, "the game", Judged::Usual);
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::dict::Dictionary;
    use crate::rng::mix_seed;
    use crate::seat::BotLevel;
    use crate::sim::bot_game;
    use crate::variants::{RulesSource, load_rules};

    /// The review tells how far it has come, position by position, to the
    /// last (the positions are judged on every core, and told as each is
    /// done).
    #[test]
    fn a_review_tells_its_progress_move_by_move() {
        use crate::variants::wump::Wump;
        let session = bot_games::<Wump>(1).pop().expect("a game");
        let mut seen = Vec::new();
        let r = review_with(&session, Judged::All, &mut |done, total| {
            seen.push((done, total))
        });
        // Every move of a bots' game is judged (or found to be forced).
        let total = session.log().len();
        assert_eq!(r, review(&session, Judged::All), "the same review");
        let expected: Vec<(usize, usize)> = (0..=total).map(|d| (d, total)).collect();
        assert_eq!(seen, expected);
    }

    #[test]
    fn a_wump_verdict_depends_on_the_cards_lost_alone() {
        assert_eq!(Verdict::of_cards_lost(0), Verdict::Best);
        assert_eq!(Verdict::of_cards_lost(-1), Verdict::Best);
        assert_eq!(Verdict::of_cards_lost(1), Verdict::Good);
        assert_eq!(Verdict::of_cards_lost(2), Verdict::Inaccuracy);
        assert_eq!(Verdict::of_cards_lost(3), Verdict::Inaccuracy);
        assert_eq!(Verdict::of_cards_lost(4), Verdict::Mistake);
        assert_eq!(Verdict::of_cards_lost(12), Verdict::Mistake);
    }

    /// Games of `G` between bots (RUMMY_REVIEW_GAMES asks for more).
    pub(crate) fn bot_games<G: Playable>(games: u64) -> Vec<Session<G>> {
        let games = std::env::var("RUMMY_REVIEW_GAMES")
            .ok()
            .and_then(|n| n.parse().ok())
            .unwrap_or(games);
        let rules = load_rules::<G>(&RulesSource::default()).expect("the shipped rules");
        let dict = Dictionary::shipped();
        let lineups = [
            vec![BotLevel::Easy, BotLevel::Hard],
            vec![BotLevel::Normal, BotLevel::Easy, BotLevel::Hard],
        ];
        (0..games)
            .filter_map(|i| {
                let bots = &lineups[i as usize % lineups.len()];
                let n = bots
                    .len()
                    .clamp(rules.seats.min as usize, rules.seats.max as usize);
                let seed = mix_seed(32, i);
                let first = SeatId((i as usize % n) as u8);
                bot_game::<G>(&rules, &bots[..n], (seed, first), &dict)
                    .ok()
                    .map(|(s, _)| s)
            })
            .collect()
    }

    /// Every claim of every judged move in `games` bot games of `G`: the
    /// best is worth no less than the move played, the verdict is best
    /// exactly when nothing was lost, the best move is legal where it is
    /// named, and `check` holds of it there (the game's own claims).
    pub(crate) fn check_claims<G: Playable>(
        games: u64,
        check: impl Fn(&G, SeatId, &MoveReview, &G::Action),
    ) -> usize {
        let mut judged = 0;
        let sessions = bot_games::<G>(games);
        assert!(!sessions.is_empty(), "{}: games were played", G::VARIANT);
        for session in sessions {
            let moves = judge_log(&session, Judged::All);
            // No turn counts one missed move twice: a better move named by
            // two slips of one seat's moves in a row is counted once.
            let log = session.log();
            for (i, (a, _)) in moves.iter().enumerate() {
                for (b, _) in &moves[i + 1..] {
                    let same_turn = (a.index..=b.index).all(|k| log[k].seat == log[a.index].seat);
                    assert!(
                        !(same_turn
                            && a.verdict.is_slip()
                            && b.verdict.is_slip()
                            && a.best == b.best),
                        "{}: {} named twice in one turn: {a:?} {b:?}",
                        G::VARIANT,
                        a.best
                    );
                }
            }
            let mut game = G::new(session.setup()).expect("a game");
            let mut next = moves.iter().peekable();
            for (index, m) in session.log().iter().enumerate() {
                while let Some((review, best)) = next.next_if(|(r, _)| r.index == index) {
                    judged += 1;
                    let at = format!("{} move {index}: {review:?}", G::VARIANT);
                    assert!(review.best_value >= review.played_value, "{at}");
                    assert_eq!(
                        review.verdict == Verdict::Best,
                        review.best_value == review.played_value,
                        "{at}"
                    );
                    assert_eq!(review.seat, m.seat.index() + 1, "{at}");
                    let mut copy = game.clone();
                    if let Err(e) = copy.apply(m.seat, best) {
                        panic!("{at}: the best move is refused: {e}");
                    }
                    check(&game, m.seat, review, best);
                }
                game.apply(m.seat, &m.action).expect("the log replays");
            }
        }
        judged
    }

    /// A seat that plays every hint gets no slip in its review, in every
    /// game: the hint and the review speak from one judge. Seat 1 follows
    /// the hints against hard bots for the first moves of a few games.
    fn hint_follower_gets_no_slip<G: Playable>() {
        use crate::seat::Seat;
        let moves = crate::test_support::scaled(40, 400) as usize;
        let mut followed = 0;
        for seed in 0..crate::test_support::scaled(2, 20) {
            let rules = load_rules::<G>(&RulesSource::default()).expect("the shipped rules");
            let n = (rules.seats.min as usize).max(2);
            let mut seats = vec![Seat::human("Ann")];
            seats.extend((1..n).map(|i| Seat::bot(format!("Bot {}", i + 1), BotLevel::Hard)));
            let setup = crate::game::Setup::new(rules, seats, mix_seed(45, seed));
            let mut session = Session::<G>::new(setup).expect("a game");
            let mut rng = crate::rng::GameRng::new(seed, 45);
            while session.log().len() < moves {
                let Some(seat) = session.state().to_move() else {
                    break;
                };
                if seat == SeatId(0) {
                    let hint = session.state().hinted(seat).expect("a hint");
                    session.apply(seat, hint).expect("the hint is legal");
                    followed += 1;
                } else {
                    session
                        .play_bot(BotLevel::Hard, &mut rng)
                        .expect("a bot move");
                }
            }
            for (m, _) in judge_log(&session, Judged::People) {
                assert!(
                    !m.verdict.is_slip() && m.verdict == Verdict::Best,
                    "{} seed {seed}: a hint followed is judged {}: {m:?}",
                    G::VARIANT,
                    m.verdict
                );
            }
        }
        assert!(followed > 10, "{}: {followed} hints followed", G::VARIANT);
    }
    mod hints_followed {
        use super::hint_follower_gets_no_slip;
        crate::game_tests!(hint_follower_gets_no_slip);
    }

    /// The mean chance of winning each level's moves lose, by the review,
    /// over `games` two-seat games of every pairing of the game's levels
    /// (each meets each, both seat orders), how many moves were judged,
    /// and how many slips each made.
    pub(crate) fn chance_lost_by_level<G: Playable>(
        games: u64,
        options: &[(&str, &str)],
    ) -> Vec<(BotLevel, f64, usize, usize)> {
        use crate::seat::Seat;
        let levels = G::LEVELS;
        let n = levels.len() as u64;
        let mut sum = vec![(0.0, 0usize, 0usize); levels.len()];
        for i in 0..games {
            let pair = [(i % n) as usize, ((i / n) % n) as usize];
            let seats = vec![
                Seat::bot("Ann", levels[pair[0]]),
                Seat::bot("Ben", levels[pair[1]]),
            ];
            let setup = crate::variants::shipped_setup::<G>(seats, 7700 + i, options)
                .expect("the shipped rules");
            let mut session = Session::<G>::new(setup).expect("a game");
            let mut rng = crate::rng::GameRng::new(i, 47);
            while let Some(seat) = session.state().to_move() {
                session
                    .play_bot(levels[pair[seat.index()]], &mut rng)
                    .expect("a bot move");
            }
            for m in review(&session, Judged::All).moves {
                let level = pair[m.seat - 1];
                if let (Some(b), Some(p)) = (m.chance_before, m.chance_played) {
                    sum[level].0 += (b - p).max(0.0);
                    sum[level].1 += 1;
                    sum[level].2 += usize::from(m.verdict.is_slip());
                }
            }
        }
        levels
            .iter()
            .zip(sum)
            .map(|(&l, (lost, n, slips))| (l, lost / n.max(1) as f64, n, slips))
            .collect()
    }

    /// The whole ladder over bot games of every game judged by the chance
    /// of winning (`RUMMY_LADDER_GAMES`, 200 unless set; options as
    /// `RUMMY_LADDER_OPTIONS` sets them): easy loses most,
    /// then normal, then hard, then the expert; and the hard bot has slips.
    fn the_review_ranks_every_level<G: Playable>() {
        let games = std::env::var("RUMMY_LADDER_GAMES")
            .ok()
            .and_then(|n| n.parse().ok())
            .unwrap_or(200);
        // Options of the games played, such as `target=200`, for a game
        // whose whole match is long (`RUMMY_LADDER_OPTIONS`, comma between).
        let options = crate::test_support::options_from("RUMMY_LADDER_OPTIONS");
        let options: Vec<(&str, &str)> = options
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        let by = chance_lost_by_level::<G>(games, &options);
        if by.iter().all(|b| b.2 == 0) {
            eprintln!("{}: no move judged by the chance of winning", G::VARIANT);
            return;
        }
        for (level, lost, n, slips) in &by {
            eprintln!(
                "{}: {level}: {n} moves judged, mean chance lost {lost:.4}, {slips} slips",
                G::VARIANT
            );
        }
        for w in by.windows(2) {
            assert!(
                w[0].1 > w[1].1,
                "{} loses no more than {}: {by:?}",
                w[0].0,
                w[1].0
            );
        }
        assert!(
            by.iter().any(|b| b.0 == BotLevel::Hard && b.3 > 0),
            "{by:?}"
        );
    }

    mod ladder {
        use super::the_review_ranks_every_level;
        crate::games!(crate::game_test_ignored[the_review_ranks_every_level;]);
    }

    /// The same loss gets the same word: a verdict by the chance lost
    /// depends on nothing else, and more lost is never a kinder word.
    #[test]
    fn a_verdict_by_chance_lost_depends_on_the_loss_alone() {
        assert_eq!(Verdict::of_chance_lost(0.0), Verdict::Best);
        assert_eq!(Verdict::of_chance_lost(0.004), Verdict::Best);
        assert_eq!(Verdict::of_chance_lost(0.01), Verdict::Good);
        assert_eq!(Verdict::of_chance_lost(0.03), Verdict::Inaccuracy);
        assert_eq!(Verdict::of_chance_lost(0.2), Verdict::Mistake);
        let mut last = Verdict::Best;
        for i in 0..=1000 {
            let v = Verdict::of_chance_lost(f64::from(i) / 1000.0);
            assert!(v >= last, "{i}");
            last = v;
        }
    }

    // Every game's own review test runs `check_claims` with its own
    // figures (`every_review_claim_*`), so the shared claims are checked
    // there, once per game.
}
