//! The expert level: a bot that looks ahead through the cards it cannot
//! see, by determinized Monte Carlo search (after Ginsberg's GIB for bridge
//! and the simulations of Scrabble programs).
//!
//! At a move worth weighing it
//! 1. lists a few candidate moves from its seat's view: the hard bot's
//!    choice first, then what the other levels would play and the game's
//!    own alternatives ([`LookAhead::candidates`](crate::lookahead::LookAhead::candidates));
//! 2. deals a fixed number of worlds its seat cannot tell from the real one
//!    ([`Unseen::sample`]: the stock and the other hands dealt again from
//!    the cards it has not seen, keeping those it saw go into a hand, and
//!    new seeds for the deals to come);
//! 3. in every world makes each candidate and plays on with fast bots at
//!    every seat to the end of the round (the same world and the same dice
//!    for every candidate, so that they are compared on equal luck);
//! 4. plays the candidate with the best mean standing
//!    ([`LookAhead::standing`](crate::lookahead::LookAhead::standing)): the chance of winning the game that the
//!    score after the round gives, not the points alone.
//!
//! The number of worlds is fixed, and each world has its own seed drawn
//! from the bot's dice, so a decision is the same for the same seed however
//! many threads share the work.

use crate::analysis::{Analysed, Depth, Judge};
use crate::game::{Bot, Playable, Unseen};
use crate::lookahead::{Bots, CONFIDENCE};
use crate::rng::GameRng;
use crate::seat::BotLevel;

/// How hard the expert looks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Effort {
    /// Worlds dealt for each decision.
    pub worlds: usize,
    /// Candidates weighed at most.
    pub candidates: usize,
    /// The level the other seats play at in a playout.
    pub playout: BotLevel,
    /// The level the expert's own seat plays at in a playout.
    pub own: BotLevel,
}

impl Effort {
    /// The analysis ([`crate::analysis`]) that looks this hard, keeping the
    /// game's first choice unless another is better by [`CONFIDENCE`]
    /// standard errors.
    pub const fn depth(self) -> Depth {
        Depth {
            worlds: self.worlds,
            moves: self.candidates,
            own: self.own,
            others: self.playout,
            confidence: CONFIDENCE,
        }
    }
}

/// The expert bot of game `G`: the move the game's analysis advises,
/// looking as hard as its [`Effort`] says.
pub struct Expert<G: Playable> {
    judge: Judge<G>,
}

impl<G: Analysed> Expert<G> {
    pub fn new(bots: Bots<G>, effort: Effort) -> Expert<G> {
        Expert {
            judge: Judge::of_bots(bots, effort.depth()),
        }
    }

    /// The expert for a table set up so, boxed as [`Players::bot`](crate::game::Players::bot) gives it.
    pub fn boxed(
        setup: &crate::game::Setup<G::Options>,
        effort: Effort,
    ) -> Option<Box<dyn Bot<G>>> {
        Some(Box::new(Expert::new(Bots::of(setup)?, effort)))
    }

    /// The same expert sharing its work among `threads` threads (the
    /// decisions do not change).
    pub fn with_threads(mut self, threads: usize) -> Expert<G> {
        self.judge = self.judge.with_threads(threads);
        self
    }
}

impl<G: Analysed> Bot<G> for Expert<G> {
    /// Without a game to play forward in, the hard bot's move.
    fn choose(&self, view: &G::View, rng: &mut GameRng) -> Option<G::Action> {
        self.judge.bots().hard.choose(view, rng)
    }

    fn looks_ahead(&self) -> bool {
        true
    }

    fn choose_ahead(&self, unseen: &Unseen<G>, rng: &mut GameRng) -> Option<G::Action> {
        match self.judge.analyse_unseen(unseen, None) {
            Some(a) => Some(a.best().action.clone()),
            None => self.choose(unseen.view(), rng),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::game::{Session, decide};
    use crate::lookahead::*;
    use crate::seat::{Seat, SeatId};
    use crate::variants::alpharummy::AlphaRummy;
    use crate::variants::five_suited::FiveSuited;
    use crate::variants::play_on_words::PlayOnWords;
    use crate::variants::shipped_setup;
    use crate::variants::wrummy::Wrummy;

    /// A small expert, so that the checks run in a debug build.
    fn small<G: Analysed>(setup: &crate::game::Setup<G::Options>) -> Expert<G> {
        let effort = Effort {
            worlds: 3,
            candidates: 4,
            playout: BotLevel::Easy,
            own: BotLevel::Easy,
        };
        Expert::new(Bots::of(setup).expect("every level"), effort)
    }

    /// Plays two-seat games of hard bots and, at every `every`th move of
    /// seat 0, asks a small expert what it would play there:
    /// - the move is one the game accepts;
    /// - dealing the cards seat 0 cannot see again (another real game,
    ///   the same to its seat) changes neither what it may know nor its
    ///   move, though the hidden cards moved;
    /// - one thread or two give the same move.
    fn decides_from_its_view_only<G: Analysed>(options: &[(&str, &str)], every: usize) {
        let mut asked = 0;
        let mut moved = 0;
        for seed in 1..=2 {
            let seats = vec![
                Seat::bot("Ann", BotLevel::Hard),
                Seat::bot("Ben", BotLevel::Hard),
            ];
            let setup = shipped_setup::<G>(seats, seed, options).expect("shipped rules");
            let expert = small::<G>(&setup);
            let two = small::<G>(&setup).with_threads(2);
            let one = small::<G>(&setup).with_threads(1);
            let mut session = Session::<G>::new(setup).expect("a game");
            let mut rng = GameRng::new(seed, 5);
            let mut n = 0;
            while let Some(seat) = session.state().to_move() {
                n += 1;
                if seat == SeatId(0) && n % every == 0 {
                    let game = session.state();
                    let mut other = game.clone();
                    other.redeal(seat, &mut GameRng::new(seed, n as u64));
                    let hidden = game.hidden_cards(Some(seat)).len();
                    assert_eq!(
                        serde_json::to_string(&game.view(seat)).ok(),
                        serde_json::to_string(&other.view(seat)).ok(),
                        "a redeal changed what the seat may see"
                    );
                    let (a, b) = (Unseen::of(game, seat), Unseen::of(&other, seat));
                    assert_eq!(
                        a.world(),
                        b.world(),
                        "the fixed world depends on hidden cards"
                    );
                    moved += usize::from(hidden > 1 && *game != other);
                    let mine = decide(&expert, game, seat, &mut GameRng::new(seed, 9));
                    let theirs = decide(&expert, &other, seat, &mut GameRng::new(seed, 9));
                    assert_eq!(mine, theirs, "the expert peeked at a hidden card");
                    let by_one = decide(&one, game, seat, &mut GameRng::new(seed, 9));
                    let by_two = decide(&two, game, seat, &mut GameRng::new(seed, 9));
                    assert_eq!(by_one, by_two, "threads changed the move");
                    let action = mine.expect("the expert finds a move");
                    let mut after = game.clone();
                    if let Err(e) = after.apply(seat, &action) {
                        panic!("the expert chose {action:?}, which the game refuses: {e}");
                    }
                    asked += 1;
                }
                session
                    .play_bot(BotLevel::Hard, &mut rng)
                    .expect("a hard bot move");
                if asked >= 12 {
                    break;
                }
            }
        }
        assert!(asked >= 4, "only {asked} decisions were checked");
        assert!(
            moved >= 2,
            "the hidden cards moved in only {moved} of the checks"
        );
    }

    #[test]
    fn five_suited_expert_decides_from_its_view_only() {
        decides_from_its_view_only::<FiveSuited>(&[("rounds", "4")], 3);
    }

    #[test]
    fn wrummy_expert_decides_from_its_view_only() {
        decides_from_its_view_only::<Wrummy>(&[], 2);
    }

    #[test]
    fn alpharummy_expert_decides_from_its_view_only() {
        decides_from_its_view_only::<AlphaRummy>(&[("target", "100")], 3);
    }

    #[test]
    fn play_on_words_expert_decides_from_its_view_only() {
        decides_from_its_view_only::<PlayOnWords>(&[("rounds", "1")], 2);
    }

    /// The real deal is one the expert believes: in games of hard bots, at
    /// nearly every turn of seat 0 the true hands pass
    /// [`LookAhead::plausible`], while the worlds it deals pass less often
    /// (the check rules some out).
    #[test]
    fn the_true_deal_is_nearly_always_plausible_to_the_five_suited_expert() {
        let (mut turns, mut true_ok, mut dealt_ok) = (0u64, 0u64, 0u64);
        for seed in 1..=4 {
            let seats = vec![
                Seat::bot("Ann", BotLevel::Hard),
                Seat::bot("Ben", BotLevel::Hard),
                Seat::bot("Cy", BotLevel::Hard),
            ];
            let setup = shipped_setup::<FiveSuited>(seats, seed, &[("rounds", "5")])
                .expect("shipped rules");
            let mut session = Session::<FiveSuited>::new(setup).expect("a game");
            let mut rng = GameRng::new(seed, 3);
            while let Some(seat) = session.state().to_move() {
                if seat == SeatId(0) {
                    turns += 1;
                    true_ok += u64::from(session.state().plausible(seat));
                    let unseen = Unseen::of(session.state(), seat);
                    let world = unseen.sample(&mut GameRng::new(seed, turns));
                    dealt_ok += u64::from(world.plausible(seat));
                }
                session.play_bot(BotLevel::Hard, &mut rng).expect("a move");
            }
        }
        assert!(turns > 100, "{turns}");
        assert!(
            true_ok * 100 >= turns * 95,
            "true deal believed {true_ok} of {turns}"
        );
        assert!(
            dealt_ok < true_ok,
            "the check ruled out no dealt world: {dealt_ok}"
        );
    }

    /// Every game offers exactly the levels it has a bot for.
    fn offers_the_levels_it_has<G: Playable>() {
        let setup = crate::variants::shipped_setup::<G>(
            vec![Seat::human("Ann"), Seat::human("Ben")],
            1,
            &[],
        )
        .expect("shipped rules");
        for level in BotLevel::ALL {
            assert_eq!(
                G::bot(level, &setup).is_some(),
                G::LEVELS.contains(&level),
                "{} and its {level} bot",
                G::VARIANT
            );
        }
        assert!(G::LEVELS.windows(2).all(|w| w[0] < w[1]));
        let mut seats = setup.seats.clone();
        seats[1] = Seat::bot("Bot", BotLevel::Expert);
        let with_expert = crate::game::Setup { seats, ..setup };
        assert_eq!(
            Session::<G>::new(with_expert).is_ok(),
            G::LEVELS.contains(&BotLevel::Expert),
            "a table with an expert where {} has none must be refused",
            G::VARIANT
        );
    }
    crate::game_tests!(offers_the_levels_it_has);

    #[test]
    fn a_candidate_replaces_the_hard_bots_move_only_when_its_gain_is_sure() {
        // Candidate 1 gains 0.1 in every world: sure. Candidate 2 gains
        // more on average but only by luck in one world.
        let rows = vec![
            vec![0.5, 0.6, 0.5],
            vec![0.4, 0.5, 0.4],
            vec![0.5, 0.6, 1.5],
            vec![0.6, 0.7, 0.6],
        ];
        assert_eq!(pick(&rows), 1);
        let g = gains(&rows);
        assert!((g[1].expect("a gain").0 - 0.1).abs() < 1e-9);
        // Nothing sure: the hard bot's move.
        let noisy = vec![vec![0.5, 0.9], vec![0.5, 0.1], vec![0.5, 0.6]];
        assert_eq!(pick(&noisy), 0);
        // A world that refuses a candidate rules it out.
        let refused = vec![vec![0.5, f64::NAN], vec![0.5, 0.9]];
        assert_eq!(pick(&refused), 0);
    }

    #[test]
    fn standing_is_the_share_of_a_win_at_the_end_and_a_chance_before() {
        let scores = [100, 80, 90];
        assert_eq!(
            standing_of(SeatId(0), &scores, Some(&[SeatId(0)]), true, 10.0),
            1.0
        );
        assert_eq!(
            standing_of(SeatId(1), &scores, Some(&[SeatId(0)]), true, 10.0),
            0.0
        );
        let tie = [SeatId(0), SeatId(2)];
        assert_eq!(standing_of(SeatId(2), &scores, Some(&tie), true, 10.0), 0.5);
        let ahead = standing_of(SeatId(0), &scores, None, true, 10.0);
        let behind = standing_of(SeatId(1), &scores, None, true, 10.0);
        assert!(ahead > 0.5 && behind < 0.5 && ahead > behind);
        // The lowest total wins: seat 1 leads.
        assert!(standing_of(SeatId(1), &scores, None, false, 10.0) > 0.5);
    }
}
