//! Headless bot-only games, for `rummy simulate`: win rates, game length and
//! speed. The same arguments give the same results (the speed aside).

use crate::dict::Dictionary;
use crate::game::{Playable, Session, Setup};
use crate::rng::mix_seed;
use crate::seat::{BotLevel, Seat, SeatId};
use crate::variants::{RulesSource, StartError, VariantId, VariantVisitor, load_rules, visit};
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt;
use std::path::Path;
use std::sync::Arc;
use std::time::Instant;

/// Actions after which a game is taken to be stuck (a bug, never a rule).
pub const MAX_ACTIONS: usize = 1_000_000;

/// What to simulate.
#[derive(Clone, Debug)]
pub struct SimConfig<'a> {
    pub variant: VariantId,
    pub rules: RulesSource<'a>,
    pub bots: Vec<BotLevel>,
    pub games: u32,
    pub seed: u64,
    pub dict: Arc<Dictionary>,
    /// Where to write each game as a save (`rummy simulate --save-dir`),
    /// named by the game and its seed, for reviews and analysis.
    pub save_dir: Option<&'a Path>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SeatReport {
    pub bot: BotLevel,
    pub wins: u32,
    pub avg_score: f64,
}

/// The figures of a simulation. Its JSON form is one object on one line.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SimReport {
    pub variant: VariantId,
    pub games: u32,
    pub seed: u64,
    pub seats: Vec<SeatReport>,
    pub draws: u32,
    pub avg_turns: f64,
    pub stock_ran_dry: u32,
    /// Rounds played in all, and those that ended because the stock ran out.
    pub rounds: u32,
    pub rounds_stock_ran_dry: u32,
    pub games_per_s: f64,
    /// In the word games, every word the bots laid or made (new words, the
    /// new words of add-ons and play-ons, calls, muggins), upper case, with
    /// how many times.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub words: Option<BTreeMap<String, u32>>,
}

#[derive(Debug, thiserror::Error)]
pub enum SimError {
    #[error(transparent)]
    Start(#[from] StartError),
    #[error("{path}: the game could not be saved: {reason}")]
    Save { path: String, reason: String },
    #[error("game {game} (seed {seed}): {message}")]
    Game {
        game: u32,
        seed: u64,
        message: String,
    },
}

/// Plays `config.games` bot-only games. Game `i` uses seed `mix_seed(seed, i)`
/// and starts with seat `i mod seats`, so no seat keeps the first move.
pub fn simulate(config: &SimConfig<'_>) -> Result<SimReport, SimError> {
    struct V<'a, 'b>(&'a SimConfig<'b>);
    impl VariantVisitor for V<'_, '_> {
        type Output = Result<SimReport, SimError>;
        fn visit<G: Playable>(self) -> Self::Output {
            simulate_game::<G>(self.0)
        }
    }
    visit(config.variant, V(config)).map_err(StartError::from)?
}

/// For tests: `games` seeded games (seed 1) of `G` with its shipped rules
/// between bots of `bots`.
#[cfg(test)]
pub(crate) fn simulate_bots<G: Playable>(bots: &[BotLevel], games: u32) -> SimReport {
    let config = SimConfig {
        variant: G::VARIANT,
        rules: RulesSource::default(),
        bots: bots.to_vec(),
        games,
        seed: 1,
        dict: Dictionary::shipped(),
        save_dir: None,
    };
    simulate_game::<G>(&config).expect("the games play out")
}

/// Why a bot game could not be played.
#[derive(Debug)]
pub enum BotGameError {
    Start(crate::game::SetupError),
    Play(String),
}

/// One game of `G` between bots of `bots` under `rules`, dealt with `seed`
/// and begun by seat `first`, played to its end; with every word the bots
/// laid or made, and how often.
pub fn bot_game<G: Playable>(
    rules: &crate::rules::Rules<G::Options>,
    bots: &[BotLevel],
    (seed, first): (u64, SeatId),
    dict: &Arc<Dictionary>,
) -> Result<(Session<G>, BTreeMap<String, u32>), BotGameError> {
    let setup = Setup {
        rules: rules.clone(),
        seats: Seat::bots(bots),
        seed,
        first,
        dict: dict.clone(),
        dict_path: None,
    };
    let mut session = Session::<G>::new(setup).map_err(BotGameError::Start)?;
    let mut words: BTreeMap<String, u32> = BTreeMap::new();
    let mut actions = 0;
    // Each bot decides as it does on the screen: from its seat's view, with
    // the dice of the game's seed and the move's number, so that a save
    // written here plays again the same ([`crate::duplicate`]).
    while session.state().to_move().is_some() {
        let thinker = session.thinker(None).map_err(BotGameError::Play)?;
        let events = session
            .play_thought((thinker.think)())
            .map_err(BotGameError::Play)?;
        for word in events.iter().filter_map(G::word_made) {
            *words.entry(word.to_ascii_uppercase()).or_default() += 1;
        }
        actions += 1;
        if actions > MAX_ACTIONS {
            return Err(BotGameError::Play(format!(
                "no end after {MAX_ACTIONS} actions"
            )));
        }
    }
    Ok((session, words))
}

/// [`simulate`] for the game `G`, whether or not the registry lists it.
pub fn simulate_game<G: Playable>(config: &SimConfig<'_>) -> Result<SimReport, SimError> {
    let rules = load_rules::<G>(&config.rules).map_err(StartError::from)?;
    let n = config.bots.len();
    let mut wins = vec![0u32; n];
    let mut score_sum = vec![0i64; n];
    let (mut draws, mut turns, mut dry) = (0u32, 0u64, 0u32);
    let (mut rounds, mut dry_rounds) = (0u32, 0u32);
    let mut words: BTreeMap<String, u32> = BTreeMap::new();
    let started = Instant::now();
    for i in 0..config.games {
        let seed = mix_seed(config.seed, i as u64);
        let fail = |message: String| SimError::Game {
            game: i + 1,
            seed,
            message,
        };
        let first = SeatId((i as usize % n.max(1)) as u8);
        let (session, game_words) =
            bot_game::<G>(&rules, &config.bots, (seed, first), &config.dict).map_err(
                |e| match e {
                    BotGameError::Start(e) => SimError::Start(e.into()),
                    BotGameError::Play(message) => fail(message),
                },
            )?;
        for (word, n) in game_words {
            *words.entry(word).or_default() += n;
        }
        if let Some(dir) = config.save_dir {
            let path = dir.join(format!("{}-{seed}.json", G::VARIANT.name()));
            crate::save::write_atomically(&path, &session.to_save_json()).map_err(|e| {
                SimError::Save {
                    path: path.display().to_string(),
                    reason: e.to_string(),
                }
            })?;
        }
        let state = session.state();
        let outcome = state
            .outcome()
            .ok_or_else(|| fail("over but without a result".into()))?;
        if outcome.is_draw() {
            draws += 1;
        } else {
            for w in &outcome.winners {
                wins[w.index()] += 1;
            }
        }
        for (sum, s) in score_sum.iter_mut().zip(&outcome.scores) {
            *sum += s;
        }
        let stats = state.stats();
        turns += stats.turns as u64;
        dry += stats.stock_ran_dry as u32;
        rounds += stats.rounds;
        dry_rounds += stats.rounds_stock_ran_dry;
    }
    let secs = started.elapsed().as_secs_f64();
    let games = config.games.max(1) as f64;
    Ok(SimReport {
        variant: G::VARIANT,
        games: config.games,
        seed: config.seed,
        seats: config
            .bots
            .iter()
            .enumerate()
            .map(|(i, &bot)| SeatReport {
                bot,
                wins: wins[i],
                avg_score: score_sum[i] as f64 / games,
            })
            .collect(),
        draws,
        avg_turns: turns as f64 / games,
        stock_ran_dry: dry,
        rounds,
        rounds_stock_ran_dry: dry_rounds,
        games_per_s: if secs > 0.0 {
            config.games as f64 / secs
        } else {
            0.0
        },
        words: (!words.is_empty()).then_some(words),
    })
}

impl SimReport {
    /// The report as one line of JSON.
    pub fn to_json(&self) -> String {
        // invariant: the report holds only numbers, strings and lists
        serde_json::to_string(self).unwrap_or_default()
    }
}

impl fmt::Display for SimReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pct = |n: u32| 100.0 * n as f64 / self.games.max(1) as f64;
        writeln!(
            f,
            "{}: {} games from seed {}",
            self.variant, self.games, self.seed
        )?;
        for (i, s) in self.seats.iter().enumerate() {
            writeln!(
                f,
                "  seat {} ({:>6}): {:>6} wins ({:5.1}%), average score {:.2}",
                i + 1,
                s.bot.name(),
                s.wins,
                pct(s.wins),
                s.avg_score
            )?;
        }
        writeln!(f, "  draws: {} ({:.1}%)", self.draws, pct(self.draws))?;
        writeln!(f, "  average turns: {:.1}", self.avg_turns)?;
        writeln!(
            f,
            "  stock ran dry: {} ({:.1}%)",
            self.stock_ran_dry,
            pct(self.stock_ran_dry)
        )?;
        if self.variant != VariantId::Wump {
            writeln!(
                f,
                "  rounds ended by an empty stock: {} of {} ({:.1}%)",
                self.rounds_stock_ran_dry,
                self.rounds,
                100.0 * self.rounds_stock_ran_dry as f64 / self.rounds.max(1) as f64
            )?;
        }
        write!(f, "  games per second: {:.0}", self.games_per_s)
    }
}
