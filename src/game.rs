//! The one shape every variant has (after OpenSpiel's `State`): whose turn it
//! is, `apply`, each seat's view, the end and the scores. A [`Session`] is a
//! game together with what made it (rules, seats, seed) and its log of moves;
//! replaying the log from the seed rebuilds the same game.

use crate::dict::Dictionary;
use crate::rng::GameRng;
use crate::rules::{Rules, VariantOptions};
use crate::seat::{BotLevel, Seat, SeatId};
use crate::variant_id::VariantId;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fmt::{self, Debug, Display};
use std::sync::Arc;

/// Everything a game is made from, apart from its moves.
#[derive(Clone, Debug)]
pub struct Setup<O> {
    pub rules: Rules<O>,
    pub seats: Vec<Seat>,
    pub seed: u64,
    /// The seat that plays first in the first game of the match.
    pub first: SeatId,
    /// The word list (the shipped one unless the user named another).
    pub dict: Arc<Dictionary>,
    /// Where a user-named word list came from, so a save can name it.
    pub dict_path: Option<String>,
}

impl<O: VariantOptions> Setup<O> {
    pub fn new(rules: Rules<O>, seats: Vec<Seat>, seed: u64) -> Setup<O> {
        Setup {
            rules,
            seats,
            seed,
            first: SeatId(0),
            dict: Dictionary::shipped(),
            dict_path: None,
        }
    }

    /// Refuses a seat count the rules do not allow.
    pub fn check_seats(&self) -> Result<(), SetupError> {
        let n = self.seats.len();
        let range = self.rules.seats;
        if !range.contains(n) {
            return Err(SetupError::SeatCount {
                variant: self.rules.variant,
                seats: n,
                min: range.min,
                max: range.max,
            });
        }
        if self.first.index() >= n {
            return Err(SetupError::Invalid(format!(
                "the first seat is {} but there are only {n} seats",
                self.first.index() + 1
            )));
        }
        Ok(())
    }
}

/// Why a game could not be set up.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("{variant} is for {min} to {max} seats, not {seats}")]
    SeatCount {
        variant: VariantId,
        seats: usize,
        min: u8,
        max: u8,
    },
    #[error("{0} cannot be played in this version yet")]
    Unavailable(VariantId),
    #[error(transparent)]
    Deck(#[from] crate::deck::DeckError),
    #[error("{0}")]
    Invalid(String),
    /// The rules cannot make this game; `key` is the part of the rules file
    /// at fault, dotted ("deck.joker_value", "seats"), so that a rules file
    /// can be refused with the line.
    #[error("{message}")]
    Rules { key: String, message: String },
}

impl SetupError {
    pub fn rules(key: impl Into<String>, message: impl Into<String>) -> SetupError {
        SetupError::Rules {
            key: key.into(),
            message: message.into(),
        }
    }
}

/// A refused move. The game is unchanged; the message is a sentence for the
/// person who tried it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ActionError {
    #[error("The game is over.")]
    GameOver,
    #[error(
        "It is {} turn, not {}.",
        crate::seat::possessive(to_move),
        crate::seat::possessive(seat)
    )]
    NotYourTurn { seat: String, to_move: String },
    #[error("There is no seat {0}.")]
    NoSuchSeat(usize),
    #[error("{0}")]
    Illegal(String),
}

impl ActionError {
    pub fn illegal(sentence: impl Into<String>) -> ActionError {
        ActionError::Illegal(sentence.into())
    }
}

/// How a finished game came out. More than one winner means a draw between
/// them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    pub winners: Vec<SeatId>,
    pub scores: Vec<i64>,
}

impl Outcome {
    pub fn new(winners: Vec<SeatId>, scores: Vec<i64>) -> Outcome {
        Outcome { winners, scores }
    }

    pub fn is_draw(&self) -> bool {
        self.winners.len() != 1
    }
}

/// Figures a simulation reports about one game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameStats {
    /// Turns played (a turn is one seat's go, however many actions it took).
    pub turns: u32,
    /// Whether a round ended because the stock ran out.
    pub stock_ran_dry: bool,
    /// Rounds (or games of a match) played, and how many of them ended
    /// because the stock ran out.
    pub rounds: u32,
    pub rounds_stock_ran_dry: u32,
}

impl GameStats {
    /// The figures of a game of rounds scored on `sheet`: `turns` played,
    /// and `dry` of the rounds ended because the stock ran out.
    pub fn of_rounds(turns: u32, dry: u32, sheet: &crate::seat::ScoreSheet) -> GameStats {
        GameStats {
            turns,
            stock_ran_dry: dry > 0,
            rounds: sheet.rows().len() as u32,
            rounds_stock_ran_dry: dry,
        }
    }
}

/// One variant's rules in play. Implementations validate a move before they
/// change anything, so a refused move leaves the state exactly as it was.
pub trait Game: Clone + Debug + PartialEq + Send + Sync + 'static {
    type Options: VariantOptions;
    type Action: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync + 'static;
    type View: Clone + Debug + Serialize + Send + Sync;
    type Event: Clone + Debug + Serialize + Display;

    const VARIANT: VariantId;
    /// The shipped `rules/<variant>.toml`.
    const DEFAULT_RULES: &'static str = Self::VARIANT.shipped_rules();
    /// What this game calls the unit its score sheet counts ("round";
    /// "game" in a match of games), for sentences.
    const ROUND: &'static str = "round";
    /// How a card nobody had seen comes to be shown in this game, for the
    /// sentence that refuses an undo ("a draw from the stock or a deal").
    const REVEALS: &'static str = "a draw from the stock or a deal";
    /// Whether the lower score is the better (5 Suited Rummy's points left
    /// in hand), for comparing two seats' scores.
    const LOWER_WINS: bool = false;
    /// What the score sheet counts, for sentences ("points", "cards").
    const SCORED: &'static str = "points";

    fn new(setup: &Setup<Self::Options>) -> Result<Self, SetupError>;

    /// The seats' names, in seat order.
    fn names(&self) -> &[String];

    /// How many seats play: one a name.
    fn seat_count(&self) -> usize {
        self.names().len()
    }

    /// The seat to act, or `None` once the match is over.
    fn to_move(&self) -> Option<SeatId>;

    /// Plays `action` for `seat`: the events it caused, or a refusal that
    /// leaves the state unchanged. A seat that may not act now is refused
    /// here ([`check_turn`]); the game's own rules are [`Game::act`].
    fn apply(
        &mut self,
        seat: SeatId,
        action: &Self::Action,
    ) -> Result<Vec<Self::Event>, ActionError> {
        check_turn(self.names(), self.to_move(), seat)?;
        self.act(seat, action)
    }

    /// Plays `action` for `seat`, the seat to act: the events it caused, or
    /// a refusal that leaves the state unchanged. Call [`Game::apply`].
    fn act(&mut self, seat: SeatId, action: &Self::Action)
    -> Result<Vec<Self::Event>, ActionError>;

    /// What `viewer` may know; `None` is a watcher (boardgame.io's
    /// `playerView` for nobody), who sees what every seat may know and no
    /// hidden card. [`Game::view`] and [`Game::spectator_view`] ask this.
    fn view_for(&self, viewer: Option<SeatId>) -> Self::View;

    /// What `seat` may know.
    fn view(&self, seat: SeatId) -> Self::View {
        self.view_for(Some(seat))
    }

    /// What a watcher may know: what every seat may know, and no hidden
    /// card.
    fn spectator_view(&self) -> Self::View {
        self.view_for(None)
    }

    /// The cards whose place `viewer` may not know now: those in the stock
    /// and in every hand but its own (every hand, for a spectator, `None`),
    /// where hands are hidden, less any card all have seen go into a hand.
    /// For the checks that no view holds one.
    fn hidden_cards(&self, viewer: Option<SeatId>) -> Vec<crate::card::CardId>;

    /// The cards whose place no seat knows: hidden from every seat (the
    /// stock, above all). No undo or take-back may go back to a moment
    /// when one of them was unseen once it has been shown
    /// ([`crate::rewind`]).
    fn unseen_cards(&self) -> Vec<crate::card::CardId> {
        hidden_from_all(self).into_iter().collect()
    }

    /// Whether `action` is a take-back: a move that puts the turn back as
    /// it was (the rules allow one only for a turn that cannot end legally).
    fn takes_back(_action: &Self::Action) -> bool {
        false
    }

    fn is_over(&self) -> bool {
        self.to_move().is_none()
    }

    /// The match score of each seat so far.
    fn scores(&self) -> Vec<i64>;

    /// Each seat's score as the statistics count it, once the game is
    /// over: the match score, unless the game says a better measure of
    /// how a seat played (Wump Rummy: the cards it claimed, not the games
    /// it won).
    fn tallied_scores(&self) -> Vec<i64> {
        self.scores()
    }

    /// The seats leading the match so far, tied seats all leading: its
    /// winners once it is over.
    fn leaders(&self) -> Vec<SeatId>;

    /// The result, once the match is over: the leaders win.
    fn outcome(&self) -> Option<Outcome> {
        self.is_over()
            .then(|| Outcome::new(self.leaders(), self.scores()))
    }

    fn stats(&self) -> GameStats;

    /// Every card of the deck in play, wherever it is (stock, hands, piles,
    /// table, out of the game): a check that no card is created or lost.
    fn cards_in_play(&self) -> Vec<crate::card::Card>;

    /// The moves open to `seat` now, as data ([`crate::open`]): every kind
    /// of move the moment knows, what it does, and why a closed one is
    /// closed. Nothing when `seat` is not to move. The screen, the coach
    /// and the random-play test read it, and [`Session::apply`] refuses a
    /// move of a closed kind with its reason.
    fn open(&self, seat: SeatId) -> crate::open::Open<Self::Action>;

    /// What kind of move `action` is, as [`Game::open`] names them, for
    /// the seat to move now.
    fn kind(&self, action: &Self::Action) -> crate::open::MoveKind;

    /// The rules in short, with this table's options and deck: the
    /// numbers a player needs (hand sizes, points, how the game or match
    /// is won), one sentence or two a line, as the help page shows them
    /// after the keys. The engine's constants are said here and nowhere
    /// in the screen.
    fn rule_notes(setup: &Setup<Self::Options>) -> Vec<String>;

    /// Every legal action for the seat to move, for variants whose moves can be
    /// listed; `None` for the word games, whose moves are described instead.
    fn legal_actions(&self) -> Option<Vec<Self::Action>> {
        None
    }

    /// The word an event says a seat laid or made (a new word, the new word
    /// of an add-on or a play-on, a call, a muggins word), upper case:
    /// `None` for any other event, and in games without words.
    fn word_made(_event: &Self::Event) -> Option<&str> {
        None
    }

    /// The score sheet's rows: one per round (or game of a match) over,
    /// each seat's score in it; their sums are [`Game::tallied_scores`].
    fn score_rows(&self) -> Vec<crate::seat::ScoreRow>;

    /// Whether an event says the seat that moved went out with it (played
    /// its last card away, as the game's rules call going out): false for
    /// any other event, and in games where nobody goes out.
    fn goes_out(_event: &Self::Event) -> bool {
        false
    }
}

/// The seats' side of a game: its bots and its hints. A hint is the bots'
/// analysis speaking, from the seat's own view.
pub trait Players: Game {
    /// The bot of a level for this variant, if it has one, for a table set
    /// up so (a word game's `bot_words` says which words its bots lay, from
    /// the table's word list).
    fn bot(level: BotLevel, setup: &Setup<Self::Options>) -> Option<Box<dyn Bot<Self>>>;

    /// The bot levels this game offers, weakest first: those
    /// [`Players::bot`] gives a bot for.
    const LEVELS: &'static [BotLevel] = &BotLevel::ALL;

    /// The move the hints advise `seat` now, worked out from its own view
    /// only (what `h` shows on the screen): `None` when it is not to move.
    fn hinted(&self, seat: SeatId) -> Option<Self::Action> {
        if self.to_move() != Some(seat) {
            return None;
        }
        self.advise(&self.view(seat))
    }

    /// The move the hints advise the seat of `view`, from that view only:
    /// the game's own part of [`Players::hinted`]. Every game has hints, so
    /// there is no default.
    fn advise(&self, view: &Self::View) -> Option<Self::Action>;
}

/// The review's side of a game: how a move is judged.
pub trait Reviewed: Game {
    /// Judges `played`, about to be made by `seat` here, from the seat's own
    /// view: the best move the engine finds, what each is worth in the
    /// game's currency, a verdict and a sentence (see [`crate::review`]).
    /// `None` for a move not worth judging: a draw, a forced move, a
    /// challenge. Every game reviews its moves, so there is no default.
    fn judge(
        &self,
        seat: SeatId,
        played: &Self::Action,
    ) -> Option<crate::judgement::Judgement<Self::Action>>;
}

/// The expert's side of a game: the worlds it looks ahead in.
pub trait Redeal: Game {
    /// Makes this a game `seat` cannot tell from the one it was: every card
    /// the seat cannot see dealt again with `rng` (the stock, and the other
    /// hands but for cards it saw go into them), and the deals still to
    /// come drawn from a new seed. The worlds a bot that looks ahead plays
    /// forward in ([`crate::expert`]); a game with nothing hidden draws
    /// only its new seed.
    fn redeal(&mut self, seat: SeatId, rng: &mut GameRng);
}

/// The random-play test's side of a game.
pub trait Sampled: Game {
    /// A move for `seat` drawn with `rng`, after OpenSpiel's action-struct
    /// sampler: mostly moves that look legal now, some junk. One random-play
    /// test walks every registered game with it; it may see the whole state,
    /// and so must never be used by a bot.
    fn sample_action(&self, seat: SeatId, rng: &mut GameRng) -> Self::Action;
}

/// A game the program plays: its rules ([`Game`]) and every part that
/// builds on them. The registry lists only playable games, so each has
/// bots, hints, a review, the expert's worlds and a sampler.
pub trait Playable: Players + Reviewed + Redeal + Sampled {}

impl<G: Players + Reviewed + Redeal + Sampled> Playable for G {}

/// A bot: it decides from one seat's view only.
pub trait Bot<G: Game>: Send + Sync {
    /// The action for the view's seat, or `None` if it finds none.
    fn choose(&self, view: &G::View, rng: &mut GameRng) -> Option<G::Action>;

    /// Whether the bot looks ahead: then it is asked through
    /// [`Bot::choose_ahead`], with a whole game its seat cannot tell from
    /// the real one.
    fn looks_ahead(&self) -> bool {
        false
    }

    /// The action for the seat of `unseen`, which the bot may play forward
    /// in. A bot that does not look ahead decides from the view.
    fn choose_ahead(&self, unseen: &Unseen<G>, rng: &mut GameRng) -> Option<G::Action> {
        self.choose(unseen.view(), rng)
    }
}

/// What one seat may know of a game, as a whole game to play forward in:
/// its view, and the game with every card the seat cannot see dealt again
/// in a fixed way ([`Redeal::redeal`](crate::game::Redeal::redeal)) and a fixed seed for the deals to
/// come. Two games that differ only in what the seat cannot see give the
/// same `Unseen`, so a bot given one cannot peek.
#[derive(Clone, Debug)]
pub struct Unseen<G: Game> {
    seat: SeatId,
    view: G::View,
    world: G,
}

impl<G: Redeal> Unseen<G> {
    /// What `seat` may know of `game`.
    pub fn of(game: &G, seat: SeatId) -> Unseen<G> {
        let mut world = game.clone();
        world.redeal(seat, &mut GameRng::new(0, 0));
        Unseen {
            seat,
            view: game.view(seat),
            world,
        }
    }

    /// One game the seat cannot tell from the real one, dealt with `rng`.
    pub fn sample(&self, rng: &mut GameRng) -> G {
        let mut world = self.world.clone();
        world.redeal(self.seat, rng);
        world
    }
}

impl<G: Game> Unseen<G> {
    pub fn seat(&self) -> SeatId {
        self.seat
    }

    pub fn view(&self) -> &G::View {
        &self.view
    }

    /// The game as fixed by [`Unseen::of`], for checks that it gives
    /// nothing away.
    pub fn world(&self) -> &G {
        &self.world
    }
}

/// A bot's move to be worked out, on any thread ([`Session::thinker`]).
pub struct Thinker<G: Game> {
    /// Whether the bot looks ahead, and so may take a while.
    pub looks_ahead: bool,
    pub think: Box<dyn FnOnce() -> Thought<G::Action> + Send>,
}

/// A bot's move, worked out for the game after its first `moves` moves.
#[derive(Clone, Debug)]
pub struct Thought<A> {
    pub moves: usize,
    pub seat: SeatId,
    pub action: Result<A, String>,
}

/// The move `bot` makes for `seat` in `game`: from the seat's view, or,
/// for a bot that looks ahead, from what the seat may know of the game.
pub fn decide<G: Playable>(
    bot: &dyn Bot<G>,
    game: &G,
    seat: SeatId,
    rng: &mut GameRng,
) -> Option<G::Action> {
    if bot.looks_ahead() {
        bot.choose_ahead(&Unseen::of(game, seat), rng)
    } else {
        bot.choose(&game.view(seat), rng)
    }
}

/// One entry of the log: who did what.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Move<A> {
    pub seat: SeatId,
    pub action: A,
}

/// A log entry that replaying refused: the save or log is damaged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    #[error(transparent)]
    Setup(#[from] SetupError),
    #[error("move {number} of the log cannot be played: {error}")]
    Refused { number: usize, error: ActionError },
}

/// Why a bot could not move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BotError {
    #[error("no seat is to move")]
    NobodyToMove,
    #[error("{variant} has no {level} bot yet")]
    NoBot { variant: VariantId, level: BotLevel },
    #[error("the {level} bot found no move for {seat}")]
    NoMove { seat: String, level: BotLevel },
    #[error("the {level} bot chose a move the rules refuse: {error}")]
    Refused { level: BotLevel, error: ActionError },
}

/// A game with its setup and log: the unit that is saved, replayed and undone.
#[derive(Clone, Debug)]
pub struct Session<G: Playable> {
    setup: Setup<G::Options>,
    state: G,
    log: Vec<Move<G::Action>>,
}

impl<G: Playable> Session<G> {
    pub fn new(setup: Setup<G::Options>) -> Result<Session<G>, SetupError> {
        setup.check_seats()?;
        for seat in &setup.seats {
            if let crate::seat::SeatKind::Bot(level) = seat.kind
                && G::bot(level, &setup).is_none()
            {
                return Err(SetupError::Invalid(format!(
                    "{} has no {level} bot: {} cannot play",
                    G::VARIANT.title(),
                    seat.name
                )));
            }
        }
        let state = G::new(&setup)?;
        Ok(Session {
            setup,
            state,
            log: Vec::new(),
        })
    }

    /// Rebuilds a session by playing `moves` from the start.
    pub fn replay(
        setup: Setup<G::Options>,
        moves: Vec<Move<G::Action>>,
    ) -> Result<Session<G>, ReplayError> {
        let mut session = Session::new(setup)?;
        for (i, m) in moves.into_iter().enumerate() {
            session
                .apply(m.seat, m.action)
                .map_err(|error| ReplayError::Refused {
                    number: i + 1,
                    error,
                })?;
        }
        Ok(session)
    }

    pub fn state(&self) -> &G {
        &self.state
    }

    pub fn setup(&self) -> &Setup<G::Options> {
        &self.setup
    }

    pub fn log(&self) -> &[Move<G::Action>] {
        &self.log
    }

    pub fn seats(&self) -> &[Seat] {
        &self.setup.seats
    }

    /// Plays `action` for `seat`. A move of a kind the moment has closed
    /// ([`Game::open`]) is refused with the table's reason, so the screen
    /// and the rules cannot disagree; every other refusal is the game's.
    pub fn apply(&mut self, seat: SeatId, action: G::Action) -> Result<Vec<G::Event>, ActionError> {
        check_turn(self.state.names(), self.state.to_move(), seat)?;
        let kind = self.state.kind(&action);
        if let Some(m) = self.state.open(seat).get(kind)
            && let Some(why) = &m.refusal
        {
            return Err(ActionError::illegal(why.clone()));
        }
        let events = self.state.apply(seat, &action)?;
        self.log.push(Move { seat, action });
        Ok(events)
    }

    /// Goes back to the game as it was after the first `len` moves, with no
    /// rule asked: for rebuilding a game (a replay, a damaged save), never
    /// for a player's undo.
    pub fn truncate(&mut self, len: usize) -> Result<(), ReplayError> {
        if len >= self.log.len() {
            return Ok(());
        }
        let moves = self.log[..len].to_vec();
        *self = Session::replay(self.setup.clone(), moves)?;
        Ok(())
    }

    /// Lets the bot of `level` play the seat to move.
    pub fn play_bot(
        &mut self,
        level: BotLevel,
        rng: &mut GameRng,
    ) -> Result<Vec<G::Event>, BotError> {
        let seat = self.state.to_move().ok_or(BotError::NobodyToMove)?;
        let bot = G::bot(level, &self.setup).ok_or(BotError::NoBot {
            variant: G::VARIANT,
            level,
        })?;
        let action =
            decide(bot.as_ref(), &self.state, seat, rng).ok_or_else(|| BotError::NoMove {
                seat: self.seat_name(seat),
                level,
            })?;
        self.apply(seat, action)
            .map_err(|error| BotError::Refused { level, error })
    }

    /// The seat to move and the level of the bot that plays it: its own,
    /// or `stand_in`'s for a person (away over the network).
    pub fn bot_to_move(&self, stand_in: Option<BotLevel>) -> Result<(SeatId, BotLevel), String> {
        let seat = self.state.to_move().ok_or("nobody is to move")?;
        match (self.setup.seats.get(seat.index()).map(|s| s.kind), stand_in) {
            (Some(crate::seat::SeatKind::Bot(level)), _) | (_, Some(level)) => Ok((seat, level)),
            _ => Err(format!("{} is not a bot", self.seat_name(seat))),
        }
    }

    /// The bot move of the seat to move (see [`Session::bot_to_move`]),
    /// ready to be worked out on any thread: it sees only what its seat
    /// may know, and its dice are the game's and the move number's, so the
    /// game plays the same wherever it thinks. Make its [`Thought`] with
    /// [`Session::play_thought`].
    pub fn thinker(&self, stand_in: Option<BotLevel>) -> Result<Thinker<G>, String> {
        let (seat, level) = self.bot_to_move(stand_in)?;
        let bot = G::bot(level, &self.setup).ok_or_else(|| {
            BotError::NoBot {
                variant: G::VARIANT,
                level,
            }
            .to_string()
        })?;
        let unseen = Unseen::of(&self.state, seat);
        let moves = self.log.len();
        let seed = self.setup.seed;
        let name = self.seat_name(seat);
        Ok(Thinker {
            looks_ahead: bot.looks_ahead(),
            think: Box::new(move || {
                let mut rng = GameRng::for_bots(seed, moves as u64);
                // A bot that does not look ahead decides from the view.
                let action = bot.choose_ahead(&unseen, &mut rng);
                Thought {
                    moves,
                    seat,
                    action: action
                        .ok_or_else(|| BotError::NoMove { seat: name, level }.to_string()),
                }
            }),
        })
    }

    /// Makes a bot's move worked out by a [`Thinker`], if the game is still
    /// where it was asked.
    pub fn play_thought(&mut self, thought: Thought<G::Action>) -> Result<Vec<G::Event>, String> {
        if thought.moves != self.log.len() || self.state.to_move() != Some(thought.seat) {
            return Err("The game moved on while the bot was thinking.".into());
        }
        let action = thought.action?;
        self.apply(thought.seat, action).map_err(|e| e.to_string())
    }

    pub fn seat_name(&self, seat: SeatId) -> String {
        self.setup
            .seats
            .get(seat.index())
            .map_or_else(|| format!("seat {}", seat.index() + 1), |s| s.name.clone())
    }
}

/// For [`Sampled::sample_action`](crate::game::Sampled::sample_action) in games whose moves can be listed: one of
/// `legal` nine times in ten, otherwise (or when there is none) `junk`.
pub fn sample_listed<A: Clone>(
    legal: &[A],
    rng: &mut GameRng,
    junk: impl FnOnce(&mut GameRng) -> A,
) -> A {
    match rng.pick(legal) {
        Some(a) if !rng.chance(1, 10) => a.clone(),
        _ => junk(rng),
    }
}

/// Plays a move on a copy of `game` with `play`, keeping the copy only if
/// `play` accepts the move, so that a refusal anywhere leaves the game as it
/// was: the events the move caused.
pub fn on_copy<G: Clone, E>(
    game: &mut G,
    play: impl FnOnce(&mut G, &mut Vec<E>) -> Result<(), ActionError>,
) -> Result<Vec<E>, ActionError> {
    let mut next = game.clone();
    let mut events = Vec::new();
    play(&mut next, &mut events)?;
    *game = next;
    Ok(events)
}

/// The cards hidden from each seat of `game` (what [`Game::unseen_cards`]
/// is unless a game says more).
pub fn hidden_from_all<G: Game>(game: &G) -> std::collections::BTreeSet<crate::card::CardId> {
    let mut seats = (0..game.seat_count()).map(|i| {
        game.hidden_cards(Some(SeatId(i as u8)))
            .into_iter()
            .collect::<std::collections::BTreeSet<crate::card::CardId>>()
    });
    let Some(first) = seats.next() else {
        return std::collections::BTreeSet::new();
    };
    seats.fold(first, |all, one| all.intersection(&one).copied().collect())
}

/// A card id that may or may not be in play, for junk moves.
pub fn junk_card(rng: &mut GameRng) -> crate::card::CardId {
    crate::card::CardId(rng.below(400) as u16)
}

/// Names for sentences: "Ann", or "seat 3" past the list.
pub fn seat_name(names: &[String], seat: SeatId) -> String {
    names
        .get(seat.index())
        .cloned()
        .unwrap_or_else(|| format!("seat {}", seat.index() + 1))
}

/// "Ann won with 120 points." or "Ann and Ben tied for the win with 120
/// points.": the winners of a points game, with the total they share.
pub fn announce_winners(names: &[String], winners: &[SeatId], totals: &[i64]) -> String {
    announce_winners_of(names, winners, totals, "point")
}

/// As [`announce_winners`], counting `unit`s (in the singular): "Ann won
/// with 1 round."
pub fn announce_winners_of(
    names: &[String],
    winners: &[SeatId],
    totals: &[i64],
    unit: &str,
) -> String {
    let who: Vec<String> = winners.iter().map(|&s| seat_name(names, s)).collect();
    let points = winners
        .first()
        .and_then(|w| totals.get(w.index()))
        .copied()
        .unwrap_or(0);
    let units = if points.abs() == 1 {
        format!("{points} {unit}")
    } else {
        format!("{points} {unit}s")
    };
    if who.len() == 1 {
        format!("{} won with {units}.", who.join(""))
    } else {
        format!("{} tied for the win with {units}.", who.join(" and "))
    }
}

/// Checks that `seat` may act now; the common first test of every `apply`.
pub fn check_turn(
    names: &[String],
    to_move: Option<SeatId>,
    seat: SeatId,
) -> Result<(), ActionError> {
    if seat.index() >= names.len() {
        return Err(ActionError::NoSuchSeat(seat.index() + 1));
    }
    match to_move {
        None => Err(ActionError::GameOver),
        Some(m) if m != seat => Err(ActionError::NotYourTurn {
            seat: seat_name(names, seat),
            to_move: seat_name(names, m),
        }),
        Some(_) => Ok(()),
    }
}

impl Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let winners: Vec<String> = self
            .winners
            .iter()
            .map(|s| format!("seat {}", s.index() + 1))
            .collect();
        if self.is_draw() {
            write!(f, "draw between {}", winners.join(", "))
        } else {
            write!(f, "{} wins", winners.join(""))
        }
    }
}
