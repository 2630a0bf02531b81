//! The variants and their registry. Adding a game is its module here, its
//! `rules/<name>.toml` (and rule text), its line in `variant_ids!` in
//! [`crate::variant_id`] (the ids of the five games are there already), one line in
//! [`games!`](crate::games) and its screen adapter: the engine ([`visit`]),
//! the command line, the screen and the random-play test all read that one
//! list.

use crate::dict::Dictionary;
use crate::game::{Game, Outcome, Playable, Session, Setup, SetupError};
use crate::rules::{Rules, RulesError, VariantOptions, key_line};
use crate::save::LoadError;
use crate::seat::{BotLevel, Seat, SeatId};
pub use crate::variant_id::VariantId;
use std::any::Any;
use std::path::Path;
use std::sync::Arc;

pub mod alpharummy;
pub mod five_suited;
#[cfg(test)]
pub mod hint_tests;
pub mod play_on_words;
pub mod wrummy;
pub mod wump;

impl VariantId {
    /// Whether this build can play the variant.
    pub fn is_available(self) -> bool {
        visit(self, Probe).is_ok()
    }
}

/// Code that runs for one variant's types, chosen at run time by [`visit`].
pub trait VariantVisitor {
    type Output;
    fn visit<G: Playable>(self) -> Self::Output;
}

/// The registry: every game this build plays, one line each, as
/// `Id => type`. Call it with the name of a macro that takes that list; the
/// engine's [`visit`] and the screen's own visitor are made from it, so no
/// other list of games exists.
#[macro_export]
macro_rules! games {
    ($then:ident) => {
        $crate::games!($then[]);
    };
    // The list after tokens `$arg` of the caller's own (see `game_tests!`).
    ($then:path [$($arg:tt)*]) => {
        $then! {
            $($arg)*
            Wump => $crate::variants::wump::Wump,
            FiveSuited => $crate::variants::five_suited::FiveSuited,
            Wrummy => $crate::variants::wrummy::Wrummy,
            AlphaRummy => $crate::variants::alpharummy::AlphaRummy,
            PlayOnWords => $crate::variants::play_on_words::PlayOnWords,
        }
    };
}

/// One `#[test]` for each game of the registry, named after the game, that
/// runs `$check::<Game>()`: tests of every game run side by side, and a
/// game added to the registry is tested at once.
#[macro_export]
macro_rules! game_tests {
    ($check:ident) => {
        $crate::games!($crate::game_test_each[$check;]);
    };
}

/// The tests of [`game_tests!`], from the registry's list.
#[doc(hidden)]
#[macro_export]
macro_rules! game_test_each {
    ($check:ident; $($id:ident => $game:ty),* $(,)?) => {
        $(
            #[test]
            #[allow(non_snake_case)]
            fn $id() {
                $check::<$game>();
            }
        )*
    };
}

/// The long tests of [`game_tests!`], ignored unless asked for (release
/// runs).
#[doc(hidden)]
#[macro_export]
macro_rules! game_test_ignored {
    ($check:ident; $($id:ident => $game:ty),* $(,)?) => {
        $(
            #[test]
            #[ignore = "long: run in release mode (see docs/DEVELOPING.md)"]
            #[allow(non_snake_case)]
            fn $id() {
                $check::<$game>();
            }
        )*
    };
}

macro_rules! engine_visit {
    ($($id:ident => $game:ty),* $(,)?) => {
        /// Runs `v` with the types of variant `id`, as the registry
        /// ([`games!`](crate::games)) lists them.
        pub fn visit<V: VariantVisitor>(id: VariantId, v: V) -> Result<V::Output, SetupError> {
            match id {
                $(VariantId::$id => Ok(v.visit::<$game>()),)*
                #[allow(unreachable_patterns)]
                other => Err(SetupError::Unavailable(other)),
            }
        }
    };
}
games!(engine_visit);

/// The games this build plays, in the order of [`VariantId::ALL`].
pub fn registered() -> Vec<VariantId> {
    VariantId::ALL
        .into_iter()
        .filter(|v| v.is_available())
        .collect()
}

struct Probe;
impl VariantVisitor for Probe {
    type Output = ();
    fn visit<G: Playable>(self) {}
}

/// The values option `name` of variant `id` takes, when it is a word (see
/// [`VariantOptions::choices`]); empty otherwise.
pub fn option_choices(id: VariantId, name: &str) -> &'static [&'static str] {
    struct V<'a>(&'a str);
    impl VariantVisitor for V<'_> {
        type Output = &'static [&'static str];
        fn visit<G: Playable>(self) -> Self::Output {
            <G::Options as VariantOptions>::choices(self.0)
        }
    }
    visit(id, V(name)).unwrap_or(&[])
}

/// The options of variant `id` in the order its options are declared (the
/// order of its rules file), for lists such as the new-game form's.
pub fn option_names(id: VariantId) -> Vec<&'static str> {
    struct V;
    impl VariantVisitor for V {
        type Output = Vec<&'static str>;
        fn visit<G: Playable>(self) -> Self::Output {
            <G::Options as VariantOptions>::TEXTS
                .iter()
                .map(|t| t.name)
                .collect()
        }
    }
    visit(id, V).unwrap_or_default()
}

/// What option `name` of variant `id` does, in one line for the new-game
/// form (see [`VariantOptions::about`]).
pub fn option_about(id: VariantId, name: &str) -> &'static str {
    struct V<'a>(&'a str);
    impl VariantVisitor for V<'_> {
        type Output = &'static str;
        fn visit<G: Playable>(self) -> Self::Output {
            <G::Options as VariantOptions>::about(self.0)
        }
    }
    visit(id, V(name)).unwrap_or("")
}

/// Option `name` of `id` as the new-game form names it ("Games to win").
pub fn option_label(id: VariantId, name: &str) -> &str {
    struct V<'a>(&'a str);
    impl<'a> VariantVisitor for V<'a> {
        type Output = &'a str;
        fn visit<G: Playable>(self) -> Self::Output {
            <G::Options as VariantOptions>::label(self.0)
        }
    }
    visit(id, V(name)).unwrap_or(name)
}

/// Whether the shipped rules of `id` with `options` changed could start a
/// game; if not, why, in a sentence for the new-game form: "Rounds must be
/// between 1 and 11."
pub fn check_options(id: VariantId, options: &[(String, String)]) -> Result<(), String> {
    let src = RulesSource {
        path: None,
        options,
    };
    effective_rules(id, &src).map(|_| ()).map_err(|e| {
        let text = match e {
            StartError::Rules(RulesError::BadOption { message, .. }) => message.replace('_', " "),
            other => other.to_string(),
        };
        let mut letters = text.chars();
        let first = letters.next().map(|c| c.to_uppercase().collect::<String>());
        let sentence = format!("{}{}", first.unwrap_or_default(), letters.as_str());
        if sentence.ends_with('.') {
            sentence
        } else {
            format!("{sentence}.")
        }
    })
}

/// Where a variant's rules come from, and which options to change.
#[derive(Clone, Debug, Default)]
pub struct RulesSource<'a> {
    /// A rules file to read instead of the shipped one.
    pub path: Option<&'a Path>,
    /// `(name, value)` option changes.
    pub options: &'a [(String, String)],
}

/// A game of `G` for `seats` with the shipped rules, `options` changed
/// (`("target", "100")`), dealt from `seed`.
pub fn shipped_setup<G: Game>(
    seats: Vec<Seat>,
    seed: u64,
    options: &[(&str, &str)],
) -> Result<Setup<G::Options>, RulesError> {
    let changes: Vec<(String, String)> = options
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    let src = RulesSource {
        path: None,
        options: &changes,
    };
    Ok(Setup::new(load_rules::<G>(&src)?, seats, seed))
}

/// Every option of `G`, each set to one of the sample values its rules
/// offer, chosen by `rng`: the tables the random-play tests deal.
pub fn random_options<G: Game>(rng: &mut crate::rng::GameRng) -> Vec<(String, String)> {
    let Ok(rules) = load_rules::<G>(&RulesSource::default()) else {
        return Vec::new();
    };
    let Ok(serde_json::Value::Object(options)) = serde_json::to_value(&rules.options) else {
        return Vec::new();
    };
    options
        .keys()
        .filter_map(|name| {
            let choices = <G::Options as VariantOptions>::samples(name);
            let value = rng.pick(choices)?;
            Some((name.clone(), value.to_string()))
        })
        .collect()
}

/// Loads the effective rules of `G`, refusing rules that parse but could
/// not start a game (see [`check_playable`]).
pub fn load_rules<G: Game>(src: &RulesSource<'_>) -> Result<Rules<G::Options>, RulesError> {
    let (text, file) = match src.path {
        Some(path) => {
            let text = crate::rules::read_rules_file(path)?;
            (std::borrow::Cow::Owned(text), path.display().to_string())
        }
        None => (
            std::borrow::Cow::Borrowed(G::DEFAULT_RULES),
            format!("rules/{}.toml", G::VARIANT.name()),
        ),
    };
    let rules = Rules::parse(&text, &file, G::VARIANT)?.with_options(src.options)?;
    check_playable::<G>(&rules, &text, &file)?;
    Ok(rules)
}

/// Refuses rules that parse but with which a game of some seat count the
/// file allows could not be set up (a deck the variant cannot use, too few
/// cards to deal, more seats than the variant takes), with the file and the
/// line of the part at fault: what starting a game would refuse, said before
/// one is started.
pub fn check_playable<G: Game>(
    rules: &Rules<G::Options>,
    text: &str,
    file: &str,
) -> Result<(), RulesError> {
    for n in rules.seats.min..=rules.seats.max {
        let seats = (1..=n)
            .map(|i| Seat::bot(format!("Seat {i}"), BotLevel::Easy))
            .collect();
        let setup = Setup::new(rules.clone(), seats, 1);
        if let Err(e) = G::new(&setup) {
            let key = match &e {
                SetupError::Rules { key, .. } => key.as_str(),
                SetupError::SeatCount { .. } => "seats",
                _ => "deck",
            };
            return Err(RulesError::Unplayable {
                file: file.to_string(),
                line: key_line(text, key),
                message: e.to_string(),
            });
        }
    }
    Ok(())
}

/// Any error on the way to a running game.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    #[error(transparent)]
    Rules(#[from] RulesError),
    #[error(transparent)]
    Setup(#[from] SetupError),
    #[error(transparent)]
    Load(#[from] LoadError),
}

/// The effective rules of a variant, as TOML.
pub fn effective_rules(id: VariantId, src: &RulesSource<'_>) -> Result<String, StartError> {
    struct V<'a, 'b>(&'a RulesSource<'b>);
    impl VariantVisitor for V<'_, '_> {
        type Output = Result<String, StartError>;
        fn visit<G: Playable>(self) -> Self::Output {
            let rules = load_rules::<G>(self.0)?;
            let text = match self.0.path {
                Some(path) => crate::rules::read_rules_file(path)?,
                None => G::DEFAULT_RULES.to_string(),
            };
            Ok(rules.to_toml_like(&text, G::VARIANT))
        }
    }
    visit(id, V(src))?
}

/// A running game of any variant, for code that does not care which: the
/// command line's, the screen's (every table the screen draws is one, a
/// game seen over the network included) and the tests'.
pub trait AnySession: Send {
    fn variant(&self) -> VariantId;
    fn seats(&self) -> &[Seat];
    fn to_move(&self) -> Option<SeatId>;
    fn is_over(&self) -> bool;
    fn seed(&self) -> u64;
    /// Who made each move of the log, in order.
    fn movers(&self) -> Vec<SeatId>;
    fn moves_played(&self) -> usize {
        self.movers().len()
    }
    /// The kind of each move of the log from its `from`th on, with who made
    /// it ([`Game::kind`](crate::game::Game::kind)); a move that took its
    /// seat out ([`Game::goes_out`](crate::game::Game::goes_out)) counts as
    /// going out too.
    fn kinds_made(&self, _from: usize) -> Vec<(SeatId, crate::open::MoveKind)> {
        Vec::new()
    }
    /// Why the log may not go back to its first `len` moves, if it may
    /// not, as the engine rules it.
    fn undo_refusal(&self, len: usize) -> Option<String>;
    /// Goes back to the game after the first `len` moves, if the engine
    /// allows it.
    fn undo_to(&mut self, len: usize) -> Result<(), String>;
    fn save_json(&self) -> String;
    /// Who won and each seat's final score, once the match is over.
    fn outcome(&self) -> Option<Outcome>;
    /// Each seat's score as the statistics count it ([`Game::tallied_scores`]);
    /// the outcome's scores unless the game says otherwise.
    fn tallied_scores(&self) -> Vec<i64> {
        self.outcome().map(|o| o.scores).unwrap_or_default()
    }
    /// The game's options as `name=value` changes of the shipped rules:
    /// what another game with the same rules is started with.
    fn options(&self) -> Vec<(String, String)>;
    /// The save after the move the hints advise `seat` now (see
    /// [`Players::hinted`](crate::game::Players::hinted)), if it is to move.
    fn hinted_after(&self, seat: SeatId) -> Option<String>;
    /// The review's judgement of the log's last move (see
    /// [`Reviewed::judge`](crate::game::Reviewed::judge)), if the game judges it; `None` from a copy that
    /// holds no hand to judge from.
    fn judge_last(&self) -> Option<crate::judgement::MoveReview> {
        None
    }
    /// The bot move of the seat to move, or of a bot of `stand_in`'s level
    /// for its person, ready to be worked out on any thread (see
    /// [`Session::thinker`]); make it with [`AnySession::play_thought`].
    fn thinker(&self, _stand_in: Option<BotLevel>) -> Result<AnyThinker, String> {
        Err("No bot plays in this game here.".into())
    }
    /// Whether the bot of the seat to move (or the `stand_in`) looks ahead,
    /// and so may take a while: the screen then lets it think on another
    /// thread, through [`AnySession::thinker`].
    fn bot_looks_ahead(&self, _stand_in: Option<BotLevel>) -> bool {
        false
    }
    fn as_any(&self) -> &dyn Any;
}

/// A bot's move worked out for a game of any variant.
pub type AnyThought = crate::game::Thought<Box<dyn Any + Send>>;

/// A bot's move to be worked out, for a game of any variant.
pub struct AnyThinker {
    /// Whether the bot looks ahead, and so may take a while: the screen
    /// then thinks away from its drawing.
    pub looks_ahead: bool,
    pub think: Box<dyn FnOnce() -> AnyThought + Send>,
}

/// The move of `thought` as a move of the game whose actions are `A` (see
/// [`Session::play_thought`]).
pub fn thought_of<A: 'static>(thought: AnyThought) -> crate::game::Thought<A> {
    let action = thought.action.and_then(|a| {
        a.downcast::<A>()
            .map(|a| *a)
            .map_err(|_| "That move is for another game.".to_string())
    });
    crate::game::Thought {
        moves: thought.moves,
        seat: thought.seat,
        action,
    }
}

impl AnyThinker {
    pub fn think(self) -> AnyThought {
        (self.think)()
    }
}

impl<G: Playable> AnySession for Session<G> {
    fn variant(&self) -> VariantId {
        G::VARIANT
    }
    fn seats(&self) -> &[Seat] {
        Session::seats(self)
    }
    fn to_move(&self) -> Option<SeatId> {
        self.state().to_move()
    }
    fn is_over(&self) -> bool {
        self.state().is_over()
    }
    fn seed(&self) -> u64 {
        self.setup().seed
    }
    fn movers(&self) -> Vec<SeatId> {
        self.log().iter().map(|m| m.seat).collect()
    }
    fn kinds_made(&self, from: usize) -> Vec<(SeatId, crate::open::MoveKind)> {
        use crate::open::MoveKind;
        let Ok(mut game) = Session::<G>::new(self.setup().clone()) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for (i, m) in self.log().iter().enumerate() {
            let kind = (i >= from).then(|| game.state().kind(&m.action));
            let Ok(events) = game.apply(m.seat, m.action.clone()) else {
                break;
            };
            if let Some(kind) = kind {
                out.push((m.seat, kind));
                if kind != MoveKind::GoOut && events.iter().any(G::goes_out) {
                    out.push((m.seat, MoveKind::GoOut));
                }
            }
        }
        out
    }
    fn undo_refusal(&self, len: usize) -> Option<String> {
        Session::undo_refusal(self, len)
    }
    fn undo_to(&mut self, len: usize) -> Result<(), String> {
        Session::undo_to(self, len)
    }
    fn save_json(&self) -> String {
        self.to_save_json()
    }
    fn outcome(&self) -> Option<Outcome> {
        self.state().outcome()
    }
    fn tallied_scores(&self) -> Vec<i64> {
        self.state().tallied_scores()
    }
    fn options(&self) -> Vec<(String, String)> {
        let Ok(serde_json::Value::Object(options)) =
            serde_json::to_value(&self.setup().rules.options)
        else {
            return Vec::new();
        };
        options
            .into_iter()
            .map(|(k, v)| match v {
                serde_json::Value::String(s) => (k, s),
                other => (k, other.to_string()),
            })
            .collect()
    }
    fn hinted_after(&self, seat: SeatId) -> Option<String> {
        let action = self.state().hinted(seat)?;
        let mut after = self.clone();
        after.apply(seat, action).ok()?;
        Some(after.to_save_json())
    }
    fn judge_last(&self) -> Option<crate::judgement::MoveReview> {
        let len = self.log().len();
        let last = self.log().last()?.clone();
        let mut before = self.clone();
        before.truncate(len - 1).ok()?;
        // Judged already if the game is reviewed as it is played.
        let key = crate::ahead::Key::of_log::<G>(self.setup(), self.log());
        let j = crate::ahead::judge(before.state(), key, last.seat, &last.action)?;
        Some(crate::judgement::MoveReview::of(
            len - 1,
            (last.seat, self.seat_name(last.seat)),
            j,
        ))
    }
    fn bot_looks_ahead(&self, stand_in: Option<BotLevel>) -> bool {
        self.bot_to_move(stand_in)
            .ok()
            .and_then(|(_, level)| G::bot(level, self.setup()))
            .is_some_and(|bot| bot.looks_ahead())
    }
    fn thinker(&self, stand_in: Option<BotLevel>) -> Result<AnyThinker, String> {
        let t = Session::thinker(self, stand_in)?;
        let think = t.think;
        Ok(AnyThinker {
            looks_ahead: t.looks_ahead,
            think: Box::new(move || {
                let th = think();
                crate::game::Thought {
                    moves: th.moves,
                    seat: th.seat,
                    action: th.action.map(|a| Box::new(a) as Box<dyn Any + Send>),
                }
            }),
        })
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// The bot levels game `id` offers, weakest first ([`Players::LEVELS`](crate::game::Players::LEVELS)).
pub fn bot_levels(id: VariantId) -> &'static [BotLevel] {
    struct V;
    impl VariantVisitor for V {
        type Output = &'static [BotLevel];
        fn visit<G: Playable>(self) -> Self::Output {
            G::LEVELS
        }
    }
    visit(id, V).unwrap_or(&BotLevel::ALL)
}

/// How to start a new game of any variant.
#[derive(Clone, Debug)]
pub struct NewGame<'a> {
    pub variant: VariantId,
    pub rules: RulesSource<'a>,
    pub seats: Vec<Seat>,
    pub seed: u64,
    pub first: SeatId,
    pub dict: Arc<Dictionary>,
    pub dict_path: Option<String>,
}

/// Starts a new game of any variant.
pub fn start(new: NewGame<'_>) -> Result<Box<dyn AnySession>, StartError> {
    struct V<'a>(NewGame<'a>);
    impl VariantVisitor for V<'_> {
        type Output = Result<Box<dyn AnySession>, StartError>;
        fn visit<G: Playable>(self) -> Self::Output {
            let n = self.0;
            let setup = Setup {
                rules: load_rules::<G>(&n.rules)?,
                seats: n.seats,
                seed: n.seed,
                first: n.first,
                dict: n.dict,
                dict_path: n.dict_path,
            };
            Ok(Box::new(Session::<G>::new(setup)?))
        }
    }
    let variant = new.variant;
    visit(variant, V(new))?
}

/// Loads a save of any variant from its text.
pub fn load_save(text: &str, file: &str) -> Result<Box<dyn AnySession>, StartError> {
    struct V<'a>(&'a str, &'a str);
    impl VariantVisitor for V<'_> {
        type Output = Result<Box<dyn AnySession>, StartError>;
        fn visit<G: Playable>(self) -> Self::Output {
            Ok(Box::new(Session::<G>::from_save_json(self.0, self.1)?))
        }
    }
    let variant = crate::save::peek_variant(text, file)?;
    visit(variant, V(text, file))?
}

/// For tests that stack a letter game: the cards of `deck` spelled by
/// `text` (spaces left out, '?' a wild), each with an id not in `used`,
/// which records it.
#[cfg(test)]
pub(crate) fn spelled(
    deck: &[crate::card::Card],
    text: &str,
    used: &mut Vec<crate::card::CardId>,
) -> Vec<crate::card::Card> {
    use crate::card::{Face, Letter};
    text.chars()
        .filter(|c| !c.is_whitespace())
        .map(|ch| {
            let want = if ch == '?' {
                Face::Wild
            } else {
                Face::Letter(Letter::from_char(ch).expect("a letter"))
            };
            let c = *deck
                .iter()
                .find(|c| c.face == want && !used.contains(&c.id))
                .unwrap_or_else(|| panic!("no more {ch}"));
            used.push(c.id);
            c
        })
        .collect()
}

/// For tests that stack a letter game: a game of `G` for two people (P1
/// and P2) with words checked at once, and the cards of its deck (`deck`
/// reads it) spelled by a text, each card once (see [`spelled`]).
#[cfg(test)]
pub(crate) fn stacked<G: Playable>(
    deck: impl Fn(&G) -> &crate::deck::DeckSpec,
) -> (G, impl FnMut(&str) -> Vec<crate::card::Card>) {
    let seats = vec![Seat::human("P1"), Seat::human("P2")];
    let setup = shipped_setup::<G>(seats, 7, &[("words", "strict")]).expect("the shipped rules");
    let g = G::new(&setup).expect("a game of two");
    let cards = deck(&g).build(1).expect("the deck builds");
    let mut used = Vec::new();
    (g, move |text: &str| spelled(&cards, text, &mut used))
}

/// For tests: a game of `G` for `seats` people, P1, P2 and on, with the
/// shipped rules changed by `options`.
#[cfg(test)]
pub(crate) fn people<G: Playable>(seats: usize, options: &[(&str, &str)]) -> G {
    let seats = (0..seats)
        .map(|i| Seat::human(format!("P{}", i + 1)))
        .collect();
    let setup = shipped_setup::<G>(seats, 7, options).expect("the shipped rules");
    G::new(&setup).expect("a game")
}

/// For tests: `a` played by `seat`, which the game must accept; its events.
#[cfg(test)]
pub(crate) fn ok<G: Game>(g: &mut G, seat: SeatId, a: G::Action) -> Vec<G::Event> {
    g.apply(seat, &a)
        .unwrap_or_else(|e| panic!("{a:?} refused: {e}"))
}

/// For tests: `a` played by `seat`, which the game must refuse without
/// changing anything; the refusal.
#[cfg(test)]
pub(crate) fn refused<G: Game>(g: &mut G, seat: SeatId, a: G::Action) -> String {
    let before = g.clone();
    let e = g.apply(seat, &a).expect_err("should be refused");
    assert!(*g == before, "a refused move changed the game");
    e.to_string()
}

/// How many positions the release runs of the hint checkers check for each
/// bot level: `RUMMY_HINT_POSITIONS`, or 10,000.
#[cfg(test)]
pub(crate) fn hint_positions() -> u64 {
    std::env::var("RUMMY_HINT_POSITIONS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(10_000)
}

/// The bot levels the release runs of the hint checkers play against:
/// `RUMMY_HINT_LEVELS` (such as `hard` or `easy,normal`), or all three.
#[cfg(test)]
pub(crate) fn hint_levels() -> Vec<crate::seat::BotLevel> {
    use crate::seat::BotLevel;
    let all = vec![BotLevel::Easy, BotLevel::Normal, BotLevel::Hard];
    let Ok(list) = std::env::var("RUMMY_HINT_LEVELS") else {
        return all;
    };
    all.into_iter()
        .filter(|l| list.split(',').any(|x| x.trim() == l.to_string()))
        .collect()
}
