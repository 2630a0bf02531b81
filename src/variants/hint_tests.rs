//! Compiled only under #[cfg(test)] (see `variants/mod.rs`).
//!
//! What the hint checkers of the card and word games share: seeded games in
//! which one seat is a person who asks for a hint at each of its decisions,
//! the others bots of one level; each hint is checked by its game's checker
//! (`hint_tests` in each game's module, which reads the hint's words and
//! checks every claim in them against what the game then does), and the
//! figures are added up. Wump's checker runs positions of its own (every
//! hand is face up there, so a position can be dealt at random).

use crate::game::{Playable, Session};
use crate::rng::GameRng;
use crate::seat::{BotLevel, Seat, SeatId};

/// What one run found.
#[derive(Debug, Default)]
pub struct Report {
    /// Hinted positions checked.
    pub positions: usize,
    /// Claims checked in them.
    pub claims: usize,
    /// Each false claim, with where it was said.
    pub failures: Vec<String>,
}

impl Report {
    /// Prints the figures (`--nocapture` shows them) and fails on any false
    /// claim, or when too few claims were checked to mean anything.
    pub fn assert_true(&self, game: &str, level: BotLevel) {
        println!(
            "{game} against {level} bots: {} positions, {} claims checked, {} false",
            self.positions,
            self.claims,
            self.failures.len()
        );
        let shown: Vec<&String> = self.failures.iter().take(20).collect();
        assert!(
            self.failures.is_empty(),
            "{} false claims, the first:\n{}",
            self.failures.len(),
            shown
                .iter()
                .map(|s| s.as_str())
                .collect::<Vec<_>>()
                .join("\n")
        );
        assert!(
            self.claims >= self.positions,
            "only {} claims checked in {} positions",
            self.claims,
            self.positions
        );
    }
}

/// How a checker answers for one position: the move the hint suggests and
/// what checking its claims found (the number of claims, or the first
/// false one); `None` when there is no hint.
pub type Answer<A> = Option<(A, Result<usize, String>)>;

/// Plays seeded games of `G` until `count` positions are checked. Game `k`
/// has 2 to `most_seats` seats; seat `k mod seats` is a person, who asks
/// for a hint at each of its decisions and plays it (every fourth decision
/// the normal bot's move instead, so that positions vary); the other seats
/// are bots of `level`. `options` changes the shipped rules.
pub fn run<G: Playable>(
    count: usize,
    level: BotLevel,
    most_seats: usize,
    options: &[(&str, &str)],
    mut check: impl FnMut(&G, SeatId) -> Answer<G::Action>,
) -> Report {
    let mut report = Report::default();
    let mut rng = GameRng::new(29, 29);
    for game in 0u64.. {
        if report.positions >= count {
            break;
        }
        let seats = 2 + (game as usize) % (most_seats - 1);
        let person = SeatId((game as usize % seats) as u8);
        let list: Vec<Seat> = (0..seats)
            .map(|i| {
                if i == person.index() {
                    Seat::human("Ann")
                } else {
                    Seat::bot(format!("Bot {}", i + 1), level)
                }
            })
            .collect();
        let Ok(setup) = super::shipped_setup::<G>(list, game, options) else {
            report.failures.push(format!("game {game}: no setup"));
            break;
        };
        let normal = G::bot(BotLevel::Normal, &setup);
        let Ok(mut session) = Session::<G>::new(setup) else {
            report.failures.push(format!("game {game}: no game"));
            break;
        };
        let mut decisions = 0usize;
        for _ in 0..20_000 {
            let Some(seat) = session.state().to_move() else {
                break;
            };
            if seat != person {
                if let Err(e) = session.play_bot(level, &mut rng) {
                    report.failures.push(format!("game {game}: the bot: {e}"));
                    break;
                }
                continue;
            }
            if report.positions >= count {
                break;
            }
            let state = session.state().clone();
            let answer = check(&state, seat);
            decisions += 1;
            let hinted = match answer {
                Some((action, result)) => {
                    report.positions += 1;
                    match result {
                        Ok(n) => report.claims += n,
                        Err(e) => report.failures.push(format!("game {game}: {e}")),
                    }
                    Some(action)
                }
                None => None,
            };
            let other = normal
                .as_ref()
                .and_then(|b| b.choose(&state.view(seat), &mut rng));
            let action = match (hinted, other) {
                (Some(h), Some(o)) => {
                    if decisions.is_multiple_of(4) {
                        o
                    } else {
                        h
                    }
                }
                (Some(a), None) | (None, Some(a)) => a,
                (None, None) => {
                    report
                        .failures
                        .push(format!("game {game}: no move for the person"));
                    break;
                }
            };
            if let Err(e) = session.apply(seat, action.clone()) {
                report
                    .failures
                    .push(format!("game {game}: {action:?} is refused: {e}"));
                break;
            }
        }
    }
    report
}

/// What `action` does for `seat` in `g`, played on a copy: the game after
/// it and its events, or why the game refuses the hint's move.
pub fn played<G: Playable>(
    g: &G,
    seat: SeatId,
    action: &G::Action,
) -> Result<(G, Vec<G::Event>), String> {
    let mut next = g.clone();
    let events = next
        .apply(seat, action)
        .map_err(|e| format!("the game refuses the hint's move: {e}"))?;
    Ok((next, events))
}

/// The claim tests of a game's hint checker, in its test module: seeded
/// games of `$game` (`$name` in the report) of 2 to `$seats` seats, in
/// which the person plays the hint `$hint(game, seat)` (an `Option` of a
/// hint with its `action`) and `check(game, seat, &hint)` checks its
/// claims; 150 positions against bots of each level, and the long
/// release run.
macro_rules! claim_tests {
    ($game:ty, $name:expr, $seats:expr, $hint:expr) => {
        fn check_against(level: BotLevel, count: usize) {
            let hint = $hint;
            let report =
                crate::variants::hint_tests::run::<$game>(count, level, $seats, &[], |g, seat| {
                    let h = hint(g, seat)?;
                    let result = check(g, seat, &h);
                    Some((h.action, result))
                });
            report.assert_true($name, level);
        }

        #[test]
        fn every_claim_of_every_hint_is_true() {
            for level in [BotLevel::Easy, BotLevel::Normal, BotLevel::Hard] {
                check_against(level, 150);
            }
        }

        /// The release run: `RUMMY_HINT_POSITIONS` positions (10,000 unless
        /// set) against bots of each level (`RUMMY_HINT_LEVELS` chooses).
        #[test]
        #[ignore = "long: run in release mode (see docs/DEVELOPING.md)"]
        fn every_claim_in_10000_positions() {
            let count = crate::variants::hint_positions() as usize;
            for level in crate::variants::hint_levels() {
                check_against(level, count);
            }
        }
    };
}
pub(crate) use claim_tests;
