//! Wrummy 3-4-5: letter cards and wilds. A turn draws from the stock or takes
//! from the discard train (a deep take must use its deepest card in a word),
//! plays words from hand and grows table words at their front or back, and
//! discards. After every discard any seat may call "Wrummy!" on a word that
//! stands in the train. A seat that goes out having played a 3-, a 4- and a
//! 5-letter word ends the game; the table less the hand scores, highest wins.

pub mod bots;
pub mod hint;
mod sample;

use crate::card::{Card, CardId, Letter, list, points as points_of};
use crate::dict::{BotWords, Dictionary};
use crate::game::{
    ActionError, Bot, Game, GameStats, Players, Redeal, Sampled, Setup, SetupError,
    announce_winners, on_copy,
};
use crate::open::{MoveKind, Open};
use crate::pile::Train;
use crate::rng::GameRng;
use crate::seat::{BotLevel, SeatId, seats_with_highest};
use crate::variant_id::VariantId;
use crate::word::{self, TrainMatch, WordCheck, find_in_train, upper};
use crate::wordgame::entry::{self, Grown};
use crate::wordgame::{
    ChallengeWindow, DeepTake, Growing, Kit, Obliges, Pending, PileTake, Preview, SeatView, Tried,
    Window, WordAction, WordBase, WordGame, WordPhase, WordRules, owner_said, write_deal,
};

/// Only a take from below the train's top must go into a word this turn.
pub const OBLIGES: Obliges = Obliges::DeepOnly;
use crate::wordgame::Spelled;
pub use crate::wordgame::{Source, TableCard, TableWord};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::Arc;

/// Cards dealt to each seat.
pub const HAND: usize = 7;
/// The shortest word that may be laid or called.
pub const MIN_LEN: usize = 2;
/// Cards drawn on the turn after going out without the three words.
pub const REFILL: usize = 5;
/// The lengths of the required words.
pub const REQUIRED: [usize; 3] = [3, 4, 5];
/// A match ends after this many games even if nobody has reached the target
/// (when every seat keeps scoring nothing or less), with the leader winning.
pub const MAX_GAMES: u32 = 99;
/// The highest match target accepted.
pub const MAX_TARGET: u32 = 100_000;
/// Why a turn with no deep take cannot be taken back.
const TAKE_BACK_NONE: &str = "Only a turn that took from deep in the train can be taken back.";

crate::rules::variant_options! {
    /// The options of `rules/wrummy.toml`.
    pub struct WrummyOptions {
        /// How a called word may stand in the train.
        pub calls: TrainMatch = TrainMatch::Adjacent,
            choices &["adjacent", "in_order", "any_order"],
            label "Called words",
            about "Where a called word may lie in the train: adjacent, in order, any order.";
        /// How words are checked.
        pub words: WordCheck = WordCheck::Challenge,
            choices &["challenge", "strict"],
            label "Word check",
            about "Challenge: words stand unless challenged. Strict: unknown words refused.";
        /// 0: single games; otherwise a match to this total.
        pub target: u32 = 0,
            samples &["0", "150"],
            label "Match to points",
            about "0 plays a single game; a number plays a match to that many points.";
        /// Which words bots and hints lay.
        pub bot_words: BotWords = BotWords::Everyday,
            choices BotWords::CHOICES,
            label "Bots' words",
            about BotWords::ABOUT;
    }

    fn check(&self) -> Result<(), String> {
        if self.target > MAX_TARGET {
            return Err(format!(
                "target must be 0 (single games) or at most {MAX_TARGET}"
            ));
        }
        Ok(())
    }
}

/// A Wrummy move. Words are named as text; the game finds the cards.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WrummyAction {
    /// Draw from the stock (five cards after going out without the words).
    DrawStock,
    /// Take the train card at `pos` (0 = the oldest) and every card above it.
    TakeTrain { pos: usize },
    /// Go on without drawing: only once the stock is empty.
    SkipDraw,
    /// Play a word from hand. `cards` names the cards in word order when the
    /// choice matters; without it the game chooses (letters before wilds).
    Play(Spelled),
    /// Grow table word `target` (its id) at the front and/or back into `word`.
    Extend {
        target: u32,
        word: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        cards: Option<Vec<CardId>>,
    },
    /// Discard a card, ending the turn.
    Discard { card: CardId },
    /// End a turn with no card left to discard (only once the stock is out).
    EndTurn,
    /// Put the turn back as it was before a deep train take.
    TakeBack,
    /// "Wrummy!": take a word standing in the train. `positions` (oldest = 0,
    /// in word order) when the choice matters.
    Call {
        word: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        positions: Option<Vec<usize>>,
    },
    /// Challenge the word just played.
    Challenge,
    /// Let the moment pass: no call, or no challenge.
    Pass,
}

/// Where play stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// The seat to play draws or takes.
    Draw,
    /// The seat plays words and then discards.
    Play,
    /// After a discard: each seat in `waiting` (in order) may call a word.
    Calls {
        discarder: SeatId,
        /// The card just discarded, which the discarder may not call with.
        barred: CardId,
        waiting: Window,
    },
    /// A word was just played: each seat in `waiting` may challenge it.
    Challenge(ChallengeWindow),
    Over,
}

impl WordAction for WrummyAction {
    fn named(&self) -> (Vec<CardId>, Option<u32>) {
        match self {
            WrummyAction::Play(Spelled { cards, .. }) => (cards.clone().unwrap_or_default(), None),
            WrummyAction::Extend { target, cards, .. } => {
                (cards.clone().unwrap_or_default(), Some(*target))
            }
            _ => (Vec::new(), None),
        }
    }
}

/// Which of the required words a seat has credited: 3, 4 and 5 letters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Credit(pub [bool; 3]);

impl Credit {
    pub fn complete(&self) -> bool {
        self.0.iter().all(|&b| b)
    }

    pub fn has(&self, len: usize) -> bool {
        REQUIRED
            .iter()
            .position(|&l| l == len)
            .is_some_and(|i| self.0[i])
    }

    /// "3 ✓ 4 ✗ 5 ✓"
    pub fn marks(&self) -> String {
        REQUIRED
            .iter()
            .zip(self.0)
            .map(|(l, ok)| format!("{l} {}", if ok { '✓' } else { '✗' }))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// A finished game: each seat's table and hand points and its score.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameResult {
    pub game: u32,
    pub table: Vec<i64>,
    pub hand: Vec<i64>,
    pub scores: Vec<i64>,
    pub winners: Vec<SeatId>,
    pub went_out: Option<SeatId>,
    pub stock_ran_dry: bool,
}

/// What a seat sees: its own hand, the train, the table, everyone's hand
/// size and credit. Never another hand or the stock.
pub type WrummyView = SeatView<WrummyOptions, Phase, WrummyFacts>;

/// What a Wrummy seat sees besides what every word game shows.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct WrummyFacts {
    /// Oldest first; the last card is the top.
    pub train: Vec<Card>,
    pub credits: Vec<Credit>,
    /// Seats that went out without the three words and draw five next.
    pub refill: Vec<bool>,
    /// The card a deep take obliges this seat to use this turn.
    pub must_use: Option<CardId>,
    /// The cards the seat to play took from the train this turn (every
    /// seat saw the take).
    pub taken: Vec<CardId>,
    /// The game's very first turn: only the stock or the top of the train.
    pub first_turn: bool,
    /// The cards this seat has discarded this game. Known from the rest
    /// of the game, so left out of the view's written form (which seeds
    /// the analysis of a position).
    #[serde(skip)]
    pub thrown: Vec<CardId>,
    /// The seat may take its turn back now (a deep take whose card it
    /// cannot use).
    pub can_take_back: bool,
    /// The seat took a turn back: no deep take this turn.
    pub took_back: bool,
    /// Once the stock is out: final turns still to play.
    pub final_turns: Option<usize>,
    /// 1-based game of the match.
    pub game: u32,
    pub last_game: Option<GameResult>,
}

impl WrummyView {
    /// The train as letters (`None` for a wild), for searching.
    pub fn train_letters(&self) -> Vec<Option<Letter>> {
        train_letters(&self.train)
    }

    /// The train position this seat may not use in a call.
    pub fn barred(&self) -> Option<usize> {
        barred_position(&self.phase, self.seat, &self.train)
    }

    /// The table points each seat has laid.
    pub fn table_points(&self) -> Vec<i64> {
        table_points(&self.table, self.names.len())
    }

    /// The card in hand a deep take obliges this seat to use this turn.
    pub fn must_card(&self) -> Option<&Card> {
        self.must_use
            .and_then(|m| self.hand.iter().find(|c| c.id == m))
    }

    /// Whether discarding `card` would give back a card taken from the
    /// train this turn while the hand holds another to throw: a bot never
    /// does, so that two seats cannot hand one card to and fro for ever.
    pub fn gives_back(&self, card: CardId) -> bool {
        self.taken.contains(&card) && self.hand.iter().any(|c| !self.taken.contains(&c.id))
    }

    /// Whether taking the train's top card alone is only a pass: the hand
    /// is empty, so the card would have to be thrown back at once.
    pub fn top_take_passes(&self) -> bool {
        self.phase == Phase::Draw && self.hand.is_empty()
    }

    /// Whether taking the train's top card would take back a card this
    /// seat threw this game while the stock still has cards: a bot never
    /// does, so that seats cannot pass a few cards round the train for
    /// ever (each seat takes each card from the top at most once, so the
    /// stock is drawn and the game ends).
    pub fn top_take_returns(&self) -> bool {
        self.stock_left > 0
            && self
                .train
                .last()
                .is_some_and(|top| self.thrown.contains(&top.id))
    }

    /// The fewest letters a word has.
    pub fn min_word_len(&self) -> usize {
        MIN_LEN
    }

    /// The moves open to this seat now ([`crate::open`]); nothing when it
    /// is not the seat to move.
    pub fn open(&self) -> Open<WrummyAction> {
        let mut open = Open::none();
        if self.to_move != Some(self.seat) || self.spectator {
            return open;
        }
        match &self.phase {
            Phase::Draw => {
                let refill = self.refill.get(self.seat.index()) == Some(&true);
                let draw = if self.stock_left == 0 {
                    open.add(MoveKind::Draw, "go on without drawing (the stock is out)")
                        .making(WrummyAction::SkipDraw)
                } else if refill {
                    let n = REFILL.min(self.stock_left);
                    open.add(
                        MoveKind::Draw,
                        format!(
                            "draw {} (you went out without all three words)",
                            crate::card::count_cards(n)
                        ),
                    )
                    .making(WrummyAction::DrawStock)
                } else {
                    open.add(MoveKind::Draw, "draw from the stock")
                        .making(WrummyAction::DrawStock)
                };
                draw.by_default();
                let top = self.train.last().map(|c| {
                    let pos = self.train.len() - 1;
                    (c, WrummyAction::TakeTrain { pos })
                });
                open.take_top("the train", top, None);
                let deep = if self.train.len() < 2 {
                    Some("The train has only its top card.".to_string())
                } else if self.first_turn {
                    Some(
                        "On the game's first turn you may take only the top card of the train."
                            .into(),
                    )
                } else if self.took_back {
                    Some(
                        "You took this turn back: draw from the stock or take the top card.".into(),
                    )
                } else {
                    None
                };
                open.add_unless(
                    MoveKind::TakeDeep,
                    "take a train card and every card above it",
                    deep,
                );
            }
            Phase::Play => {
                let empty = self.hand.is_empty();
                open.add_unless(
                    MoveKind::Word,
                    "type a word to play, or to grow a word on the table",
                    empty.then(|| "You have no cards left to make a word.".to_string()),
                );
                let discard = if empty {
                    Some("You have no card left to discard: end your turn.".to_string())
                } else {
                    self.discard_refusal()
                };
                open.add_unless(
                    MoveKind::Discard,
                    "discard a card and end your turn",
                    discard,
                );
                if self.can_take_back {
                    open.add(MoveKind::TakeBack, "take the turn back")
                        .making(WrummyAction::TakeBack);
                }
                open.add_unless(
                    MoveKind::EndTurn,
                    "end the turn",
                    (!empty).then(|| "Discard a card to end your turn.".to_string()),
                )
                .making(WrummyAction::EndTurn);
            }
            Phase::Calls { .. } => {
                open.in_the_open = true;
                open.add(MoveKind::Word, "call a word that stands in the train");
                open.add(MoveKind::Pass, "pass")
                    .making(WrummyAction::Pass)
                    .by_default();
            }
            Phase::Challenge(_) => {
                let w = self.challenged().map(|w| w.text()).unwrap_or_default();
                open.challenge_window(&w, WrummyAction::Challenge, WrummyAction::Pass);
            }
            Phase::Over => {}
        }
        open
    }

    /// What kind of move `action` is, as [`WrummyView::open`] names them.
    pub fn kind(&self, action: &WrummyAction) -> MoveKind {
        use WrummyAction as A;
        match action {
            A::DrawStock | A::SkipDraw => MoveKind::Draw,
            A::TakeTrain { pos } if pos + 1 >= self.train.len() => MoveKind::TakeTop,
            A::TakeTrain { .. } => MoveKind::TakeDeep,
            A::Play(_) | A::Extend { .. } | A::Call { .. } => MoveKind::Word,
            A::Discard { .. } => MoveKind::Discard,
            A::EndTurn => MoveKind::EndTurn,
            A::TakeBack => MoveKind::TakeBack,
            A::Challenge => MoveKind::Challenge,
            A::Pass if matches!(self.phase, Phase::Challenge(_)) => MoveKind::LetStand,
            A::Pass => MoveKind::Pass,
        }
    }

    /// What taking `card` from the train brings along, and whether it must
    /// go into a word; `None` when it is not in the train.
    pub fn pile_take(&self, card: CardId) -> Option<PileTake> {
        OBLIGES.take_of(&self.train, card)
    }

    /// Whether this seat may take a card of its choosing from the train now
    /// (with every card above it): not on the game's first turn, nor after
    /// taking the turn back, when only the top may be taken.
    pub fn deep_take_open(&self) -> bool {
        self.phase == Phase::Draw && !self.first_turn && !self.took_back && !self.train.is_empty()
    }

    /// Why this seat may not discard now, as the engine would refuse it:
    /// not its turn to play, or a card taken from deep in the train still
    /// to use.
    pub fn discard_refusal(&self) -> Option<String> {
        if self.phase != Phase::Play || self.to_move != Some(self.seat) || self.spectator {
            return Some("It is not your turn to discard.".into());
        }
        self.must_card().map(|c| {
            format!("You took {c} from deep in the train: use it in a word this turn, or take the turn back.")
        })
    }

    /// Every move the typed `word` could stand for now, each naming its
    /// cards: a word from hand in each distinct spelling (fewest wilds
    /// first), a table word grown into it in each spelling of the added
    /// letters, or a call from the train. A spelling uses the card a deep
    /// take obliges, where the word has its letter. Whether the game accepts
    /// each is for `apply` to say; a move it cannot spell is listed without
    /// cards, so that `apply` gives the reason.
    pub fn word_moves(&self, word: &str) -> Vec<WrummyAction> {
        let word = word.trim().to_uppercase();
        match self.phase {
            Phase::Calls { .. } => vec![WrummyAction::Call {
                word,
                positions: None,
            }],
            Phase::Play => self.hand_moves(
                &word,
                (self.must_card(), GROWING),
                |word, cards| WrummyAction::Play(Spelled { word, cards }),
                |target, word, cards| WrummyAction::Extend {
                    target,
                    word,
                    cards,
                },
            ),
            _ => Vec::new(),
        }
    }
}

/// How table words grow in Wrummy: letters at the front and back only.
pub const GROWING: Growing = Growing::ENDS;

/// The train position `seat` may not call with: in a call window, the card
/// it has just discarded.
fn barred_position(phase: &Phase, seat: SeatId, train: &[Card]) -> Option<usize> {
    match phase {
        Phase::Calls {
            discarder, barred, ..
        } if *discarder == seat => train.iter().position(|c| c.id == *barred),
        _ => None,
    }
}

/// The train as letters, `None` for a wild.
pub fn train_letters(train: &[Card]) -> Vec<Option<Letter>> {
    train.iter().map(|c| c.face.letter()).collect()
}

fn table_points(table: &[TableWord], seats: usize) -> Vec<i64> {
    let mut out = vec![0; seats];
    for c in table.iter().flat_map(|w| &w.cards) {
        if let Some(p) = out.get_mut(c.by.index()) {
            *p += c.card.value as i64;
        }
    }
    out
}

fn hand_points(cards: &[Card]) -> i64 {
    cards.iter().map(|c| c.value as i64).sum()
}

/// What happened, for the log on screen.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum WrummyEvent {
    Dealt {
        game: u32,
        first: String,
        upcard: Option<Card>,
    },
    Drew {
        name: String,
        count: usize,
    },
    TookTrain {
        name: String,
        cards: Vec<Card>,
        deep: bool,
    },
    SkippedDraw {
        name: String,
    },
    Played {
        name: String,
        word: String,
        points: i64,
    },
    Extended {
        name: String,
        old: String,
        word: String,
        owner: String,
        points: i64,
    },
    Called {
        name: String,
        word: String,
        points: i64,
    },
    Discarded {
        name: String,
        card: Card,
    },
    WentOut {
        name: String,
        complete: bool,
    },
    StockOut {
        name: String,
        final_turns: usize,
    },
    TookBack {
        name: String,
    },
    /// A challenge and what it did.
    Challenge(crate::wordgame::ChallengeNews),
    GameOver {
        result: GameResult,
        names: Vec<String>,
        totals: Vec<i64>,
        /// A single game (no match target): not numbered when told.
        #[serde(default)]
        single: bool,
    },
    MatchOver {
        winners: Vec<SeatId>,
        totals: Vec<i64>,
        names: Vec<String>,
    },
}

impl fmt::Display for WrummyEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WrummyEvent::Dealt {
                game,
                first,
                upcard,
            } => write_deal(f, ("Game", *game, HAND), first, upcard.as_ref(), "train"),
            WrummyEvent::Drew { name, count: 1 } => write!(f, "{name} drew from the stock."),
            WrummyEvent::Drew { name, count } => {
                write!(f, "{name} drew {count} cards from the stock.")
            }
            WrummyEvent::TookTrain { name, cards, deep } => {
                write!(f, "{name} took {} from the train", list(cards))?;
                match cards.first() {
                    Some(deepest) if *deep => {
                        write!(f, " and must use {deepest} in a word.")
                    }
                    _ => write!(f, "."),
                }
            }
            WrummyEvent::SkippedDraw { name } => {
                write!(f, "{name} drew nothing (the stock is out).")
            }
            WrummyEvent::Played { name, word, points } => {
                write!(f, "{name} played {word} ({}).", points_of(*points))
            }
            WrummyEvent::Extended {
                name,
                old,
                word,
                owner,
                points,
            } => {
                write!(f, "{name} made {owner} {old} into {word} (+{points}).")
            }
            WrummyEvent::Called { name, word, points } => {
                write!(
                    f,
                    "{name} called \"Wrummy!\" and took {word} ({}).",
                    points_of(*points)
                )
            }
            WrummyEvent::Discarded { name, card } => write!(f, "{name} discarded {card}."),
            WrummyEvent::WentOut { name, complete } => {
                if *complete {
                    write!(f, "{name} went out with 3, 4 and 5 letters played!")
                } else {
                    write!(
                        f,
                        "{name} went out without all three words, and draws 5 next turn."
                    )
                }
            }
            WrummyEvent::StockOut { name, final_turns } => write!(
                f,
                "{name} drew the last card: {final_turns} final {} to go.",
                if *final_turns == 1 { "turn" } else { "turns" }
            ),
            WrummyEvent::TookBack { name } => write!(f, "{name} took the turn back."),
            WrummyEvent::Challenge(news) => write!(f, "{news}"),
            WrummyEvent::GameOver {
                result,
                names,
                totals,
                single,
            } => {
                let scores: Vec<String> = names
                    .iter()
                    .zip(&result.scores)
                    .map(|(n, s)| format!("{n} {s}"))
                    .collect();
                let why = if result.stock_ran_dry {
                    " (the stock ran out)"
                } else {
                    ""
                };
                if *single {
                    write!(f, "The game is over{why}: {}", scores.join(", "))?;
                } else {
                    write!(f, "Game {} over{why}: {}", result.game, scores.join(", "))?;
                }
                if result.game > 1 || totals != &result.scores {
                    let t: Vec<String> = totals.iter().map(|t| t.to_string()).collect();
                    write!(f, "; totals {}", t.join(", "))?;
                }
                write!(f, ".")
            }
            WrummyEvent::MatchOver {
                winners,
                totals,
                names,
            } => f.write_str(&announce_winners(names, winners, totals)),
        }
    }
}

/// A game (or match) of Wrummy 3-4-5 in play.
#[derive(Clone, Debug, PartialEq)]
pub struct Wrummy {
    /// The seats, stock, hands, table and score sheet; a word taken back
    /// resumes the phase it was laid in.
    base: WordBase<WrummyOptions, Phase>,
    /// 0-based game of the match.
    game: u32,
    train: Train,
    phase: Phase,
    refill: Vec<bool>,
    /// This turn's take from the train: the card it obliges, and the game
    /// before it for taking the turn back.
    deep: DeepTake<Wrummy>,
    /// Final turns left once the stock is out.
    final_turns: Option<usize>,
    /// The cards each seat has discarded this game (every seat saw them).
    thrown: Vec<Vec<CardId>>,
    game_turns: u32,
    last_game: Option<GameResult>,
    dry_games: u32,
}

impl Wrummy {
    pub fn table(&self) -> &[TableWord] {
        self.base.table.words()
    }

    pub fn phase(&self) -> &Phase {
        &self.phase
    }

    pub fn options(&self) -> &WrummyOptions {
        &self.base.options
    }

    pub fn dictionary(&self) -> &Arc<Dictionary> {
        self.base.dictionary()
    }

    /// Each seat's credit for the required words.
    pub fn credits(&self) -> Vec<Credit> {
        let mut out = vec![Credit::default(); self.base.names.len()];
        for w in self.base.table.words() {
            if let Some(i) = REQUIRED.iter().position(|&l| l == w.credit) {
                out[w.owner.index()].0[i] = true;
            }
        }
        out
    }

    fn start_game(&mut self, events: &mut Vec<WrummyEvent>) -> Result<(), SetupError> {
        let n = self.base.names.len();
        let first;
        (first, self.train) = self.base.deal(self.game, HAND)?;
        let upcard = self.train.top().copied();
        self.phase = Phase::Draw;
        self.refill = vec![false; n];
        self.thrown = vec![Vec::new(); n];
        self.deep.end_turn();
        self.final_turns = None;
        self.game_turns = 0;
        events.push(WrummyEvent::Dealt {
            game: self.game_number(),
            first: self.base.name(first),
            upcard,
        });
        Ok(())
    }

    /// The window of the seats after `seat`, in seat order.
    fn others(&self, seat: SeatId) -> Window {
        Window::others(&self.base.turn, seat)
    }

    fn points(cards: &[TableCard]) -> i64 {
        cards.iter().map(|c| c.card.value as i64).sum()
    }

    fn snapshot(&self, seat: SeatId, then: Phase) -> Pending<Phase> {
        Pending::new(
            &self.base.table,
            &self.base.hands[seat.index()],
            &self.train,
            then,
        )
    }

    fn play(
        &mut self,
        seat: SeatId,
        text: &str,
        named: Option<&[CardId]>,
        events: &mut Vec<WrummyEvent>,
    ) -> Result<(), ActionError> {
        let hand = self.base.hands[seat.index()].cards();
        let (w, placed) = entry::from_hand(text, MIN_LEN, hand, named, self.deep.obliged())?;
        if placed.len() >= hand.len() {
            return Err(ActionError::illegal(format!(
                "Playing {} would leave no card to discard: keep one.",
                upper(&w)
            )));
        }
        entry::check_word(&self.base.dict, self.base.options.words, &w)?;
        let before = self.snapshot(seat, Phase::Play);
        let cards = entry::lay(&mut self.base.hands[seat.index()], &placed, seat);
        let points = Self::points(&cards);
        let id = self.base.table.add(seat, cards, Source::Hand);
        events.push(WrummyEvent::Played {
            name: self.base.name(seat),
            word: upper(&w),
            points,
        });
        self.word_laid(id, seat, before, events);
        Ok(())
    }

    fn extend(
        &mut self,
        seat: SeatId,
        target: u32,
        text: &str,
        named: Option<&[CardId]>,
        events: &mut Vec<WrummyEvent>,
    ) -> Result<(), ActionError> {
        let hand = self.base.hands[seat.index()].cards();
        let grown = Grown::new(
            &self.base.table,
            target,
            text,
            GROWING,
            (hand, named, self.deep.obliged()),
        )?;
        if grown.placed.len() >= hand.len() {
            return Err(ActionError::illegal(
                "That would leave no card to discard: keep one.",
            ));
        }
        entry::check_word(&self.base.dict, self.base.options.words, &grown.growth.word)?;
        let before = self.snapshot(seat, Phase::Play);
        let (laid, cards) = self.base.lay_growth(seat, &grown)?;
        let points = Self::points(&laid);
        let owner = grown.owner;
        if let Some(w) = self.base.table.get_mut(target) {
            w.cards = cards;
            if owner == seat {
                w.credit = w.len();
            }
        }
        events.push(WrummyEvent::Extended {
            name: self.base.name(seat),
            old: grown.old,
            word: upper(&grown.growth.word),
            owner: owner_said(owner, seat, &self.base.names),
            points,
        });
        self.word_laid(target, seat, before, events);
        Ok(())
    }

    fn call(
        &mut self,
        seat: SeatId,
        text: &str,
        positions: Option<&[usize]>,
        events: &mut Vec<WrummyEvent>,
    ) -> Result<(), ActionError> {
        let mut then = self.phase.clone();
        let Phase::Calls { waiting, .. } = &mut then else {
            return Err(ActionError::illegal(
                "\"Wrummy!\" can be called only after a discard.",
            ));
        };
        // The window goes on with the seats not yet asked.
        waiting.decided(seat);
        let w = word::letters(text).map_err(|e| ActionError::illegal(e.to_string()))?;
        let shown = upper(&w);
        if w.len() < MIN_LEN {
            return Err(ActionError::illegal(format!(
                "A word needs at least {MIN_LEN} letters."
            )));
        }
        let barred = barred_position(&self.phase, seat, self.train.cards());
        let train = train_letters(self.train.cards());
        let at = match positions {
            Some(p) => {
                let fits = p.len() == w.len()
                    && p.iter().zip(&w).all(|(&pos, &l)| {
                        pos < train.len()
                            && Some(pos) != barred
                            && train[pos].is_none_or(|t| t == l)
                    });
                let mut sorted = p.to_vec();
                sorted.sort_unstable();
                sorted.dedup();
                let shape_ok = sorted.len() == p.len()
                    && match self.base.options.calls {
                        TrainMatch::Adjacent => p.windows(2).all(|x| x[1] == x[0] + 1),
                        TrainMatch::InOrder => p.windows(2).all(|x| x[1] > x[0]),
                        TrainMatch::AnyOrder => true,
                    };
                if !(fits && shape_ok) {
                    return Err(ActionError::illegal(format!(
                        "Those train cards do not spell {shown} as the call rule allows."
                    )));
                }
                p.to_vec()
            }
            None => {
                find_in_train(&w, &train, self.base.options.calls, barred).ok_or_else(|| {
                    let how = match self.base.options.calls {
                        TrainMatch::Adjacent => "as neighbouring cards",
                        TrainMatch::InOrder => "in order",
                        TrainMatch::AnyOrder => "anywhere",
                    };
                    let just = if barred.is_some() {
                        " (without the card you just discarded)"
                    } else {
                        ""
                    };
                    ActionError::illegal(format!(
                        "{shown} does not stand in the train {how}{just}."
                    ))
                })?
            }
        };
        entry::check_word(&self.base.dict, self.base.options.words, &w)?;
        let before = self.snapshot(seat, then);
        let cards = self
            .train
            .take_positions(&at)
            .map_err(|e| ActionError::illegal(e.to_string()))?;
        let cards: Vec<TableCard> = cards
            .into_iter()
            .zip(&w)
            .filter_map(|(card, &letter)| TableCard::new(card, &[letter], seat))
            .collect();
        let points = Self::points(&cards);
        let id = self.base.table.add(seat, cards, Source::Call);
        events.push(WrummyEvent::Called {
            name: self.base.name(seat),
            word: shown,
            points,
        });
        self.word_laid(id, seat, before, events);
        Ok(())
    }

    /// After a call window or challenge window moves on: close a call window
    /// that has nobody left.
    fn after_phase(&mut self, events: &mut Vec<WrummyEvent>) {
        if let Phase::Calls { waiting, .. } = &self.phase
            && waiting.is_closed()
        {
            self.end_turn(events);
        }
    }

    /// Whether ending the turn now ends the game: the last final turn
    /// (the seats whose turns are lost counted as `end_turn` counts them).
    fn turn_end_ends_game(&self) -> bool {
        let Some(mut left) = self.final_turns else {
            return false;
        };
        let mut turn = self.base.turn;
        let mut skips = self.base.word_turn.skips().to_vec();
        loop {
            left = if left == 0 {
                self.base.names.len() - 1
            } else {
                left - 1
            };
            if left == 0 {
                return true;
            }
            let next = turn.advance();
            match skips.get_mut(next.index()) {
                Some(n) if *n > 0 => *n -= 1,
                _ => return false,
            }
        }
    }

    /// Opens the call window after `seat` discarded, if anyone can call. The
    /// discard that ends the game opens none: the game is over.
    fn open_calls(&mut self, seat: SeatId, events: &mut Vec<WrummyEvent>) {
        let Some(&top) = self.train.top().filter(|_| !self.turn_end_ends_game()) else {
            self.end_turn(events);
            return;
        };
        let train = train_letters(self.train.cards());
        let how = self.base.options.calls;
        let top_pos = train.len() - 1;
        // Only words that need the card just discarded: the discarder is out.
        let discarder_can = !self
            .base
            .dict
            .callable(&train, how, Some(top_pos), 2)
            .is_empty();
        let others_can = discarder_can || !self.base.dict.callable(&train, how, None, 2).is_empty();
        if !others_can {
            self.end_turn(events);
            return;
        }
        let mut waiting = self.others(seat);
        // The discarder may call last, without the card just discarded.
        if discarder_can {
            waiting = waiting.then(seat);
        }
        self.phase = Phase::Calls {
            discarder: seat,
            barred: top.id,
            waiting,
        };
        self.after_phase(events);
    }

    /// Ends the turn of the seat to play and starts the next one.
    fn end_turn(&mut self, events: &mut Vec<WrummyEvent>) {
        self.deep.end_turn();
        self.base.word_turn.end_turn();
        loop {
            self.base.turns += 1;
            self.game_turns += 1;
            if let Some(left) = self.final_turns.as_mut() {
                if *left == 0 {
                    // The seat that drew the last card has finished.
                    *left = self.base.names.len() - 1;
                } else {
                    *left -= 1;
                }
                if *left == 0 {
                    self.end_game(None, events);
                    return;
                }
            }
            let next = self.base.turn.advance();
            match self.base.word_turn.loses_turn(next, &self.base.names) {
                Some(news) => events.push(news.into()),
                None => break,
            }
        }
        self.phase = Phase::Draw;
    }

    fn end_game(&mut self, went_out: Option<SeatId>, events: &mut Vec<WrummyEvent>) {
        let n = self.base.names.len();
        let table = table_points(self.base.table.words(), n);
        let hand: Vec<i64> = self
            .base
            .hands
            .iter()
            .map(|h| hand_points(h.cards()))
            .collect();
        let scores: Vec<i64> = (0..n).map(|i| table[i] - hand[i]).collect();
        let winners = seats_with_highest(&scores);
        let dry = went_out.is_none();
        self.dry_games += dry as u32;
        self.base
            .sheet
            .record(format!("Game {}", self.game + 1), scores.clone());
        let result = GameResult {
            game: self.game_number(),
            table,
            hand,
            scores,
            winners,
            went_out,
            stock_ran_dry: dry,
        };
        events.push(WrummyEvent::GameOver {
            result: result.clone(),
            names: self.base.names.clone(),
            totals: self.base.sheet.totals(),
            single: self.base.options.target == 0,
        });
        self.last_game = Some(result);
        let totals = self.base.sheet.totals();
        let target = self.base.options.target as i64;
        let reached = totals.iter().any(|&t| t >= target);
        if target == 0 || reached || self.game + 1 >= MAX_GAMES {
            self.phase = Phase::Over;
            events.push(WrummyEvent::MatchOver {
                winners: self.leaders(),
                totals,
                names: self.base.names.clone(),
            });
            return;
        }
        self.game += 1;
        // invariant: the deck was checked in `new`, so it builds again
        let _ = self.start_game(events);
    }

    /// The game of the match being played, from 1.
    pub fn game_number(&self) -> u32 {
        self.game + 1
    }

    fn draw(
        &mut self,
        seat: SeatId,
        action: &WrummyAction,
        events: &mut Vec<WrummyEvent>,
    ) -> Result<(), ActionError> {
        let s = seat.index();
        let name = self.base.name(seat);
        match action {
            WrummyAction::DrawStock => {
                let want = if self.refill[s] { REFILL } else { 1 };
                if self.base.stock.is_empty() {
                    return Err(ActionError::illegal(
                        "The stock is out: take from the train or go on without drawing.",
                    ));
                }
                let cards = self.base.stock.draw_up_to(want);
                let count = cards.len();
                self.base.hands[s].extend(cards);
                self.refill[s] = false;
                events.push(WrummyEvent::Drew {
                    name: name.clone(),
                    count,
                });
                if self.base.stock.is_empty() && self.final_turns.is_none() {
                    self.final_turns = Some(0);
                    events.push(WrummyEvent::StockOut {
                        name,
                        final_turns: self.base.names.len() - 1,
                    });
                }
            }
            WrummyAction::TakeTrain { pos } => {
                let deep = self
                    .deep
                    .check(&self.train, *pos, "train", self.game_turns == 0)?;
                let before = deep.then(|| self.clone());
                let into = (&mut self.train, &mut self.base.hands[s]);
                let cards = self.deep.take(into, *pos, OBLIGES, before)?;
                self.refill[s] = false;
                events.push(WrummyEvent::TookTrain { name, cards, deep });
            }
            WrummyAction::SkipDraw => {
                if !self.base.stock.is_empty() {
                    return Err(ActionError::illegal(
                        "Draw from the stock or take from the train: you may skip the draw only once the stock is out.",
                    ));
                }
                self.refill[s] = false;
                events.push(WrummyEvent::SkippedDraw { name });
            }
            _ => {
                return Err(ActionError::illegal(format!(
                    "{name} must first draw from the stock or take from the train."
                )));
            }
        }
        self.phase = Phase::Play;
        Ok(())
    }

    fn play_phase(
        &mut self,
        seat: SeatId,
        action: &WrummyAction,
        events: &mut Vec<WrummyEvent>,
    ) -> Result<(), ActionError> {
        let s = seat.index();
        let name = self.base.name(seat);
        match action {
            WrummyAction::Play(Spelled { word, cards }) => {
                self.play(seat, word, cards.as_deref(), events)
            }
            WrummyAction::Extend {
                target,
                word,
                cards,
            } => self.extend(seat, *target, word, cards.as_deref(), events),
            WrummyAction::Discard { card } => {
                self.deep.check_done(&self.base.hands[s], "train")?;
                let c = self.base.hands[s].take(*card).map_err(|_| {
                    ActionError::illegal(format!("{name} does not hold that card."))
                })?;
                self.train.discard(c);
                self.thrown[s].push(c.id);
                events.push(WrummyEvent::Discarded {
                    name: name.clone(),
                    card: c,
                });
                if self.base.hands[s].is_empty() {
                    let complete = self.credits()[s].complete();
                    events.push(WrummyEvent::WentOut { name, complete });
                    if complete {
                        self.end_game(Some(seat), events);
                        return Ok(());
                    }
                    self.refill[s] = true;
                }
                self.open_calls(seat, events);
                Ok(())
            }
            WrummyAction::EndTurn => {
                if !self.base.hands[s].is_empty() {
                    return Err(ActionError::illegal("Discard a card to end your turn."));
                }
                self.end_turn(events);
                Ok(())
            }
            WrummyAction::TakeBack => {
                if let Some(refusal) = self.take_back_refusal(seat) {
                    return Err(ActionError::illegal(refusal));
                }
                let before = self
                    .deep
                    .before()
                    .ok_or_else(|| ActionError::illegal(TAKE_BACK_NONE))?;
                // The turns owed for wrong challenges stay owed.
                let owed = self.base.word_turn.clone();
                *self = before;
                self.base.word_turn = owed;
                self.deep.mark_taken_back();
                events.push(WrummyEvent::TookBack { name });
                Ok(())
            }
            WrummyAction::DrawStock | WrummyAction::TakeTrain { .. } | WrummyAction::SkipDraw => {
                Err(ActionError::illegal(format!(
                    "{name} has drawn already: play words, then discard."
                )))
            }
            _ => Err(ActionError::illegal("That is not a move for now.")),
        }
    }

    /// Why `seat` may not take its turn back now, if it may not.
    fn take_back_refusal(&self, seat: SeatId) -> Option<String> {
        let hand = self.base.hands.get(seat.index())?;
        self.deep.take_back_refusal(self, hand, TAKE_BACK_NONE)
    }
}

crate::wordgame::turn::word_phase!(Phase, WrummyEvent; Calls);

impl WordRules for Wrummy {
    type Phase = Phase;
    /// The phase the word was laid in: play, or a call window.
    type Resume = Phase;
    type Event = WrummyEvent;

    /// The word stands: play goes back to the phase it was laid in.
    fn stands(&mut self, _player: SeatId, then: Phase, events: &mut Vec<WrummyEvent>) {
        self.phase = then;
        self.after_phase(events);
    }

    fn upheld(&mut self, player: SeatId, then: Phase, events: &mut Vec<WrummyEvent>) {
        match then {
            // A call: its cards are back in the train; the window goes on.
            Phase::Calls { .. } => {
                self.phase = then;
                self.after_phase(events);
            }
            // A word in the player's turn: train cards taken this turn go
            // back, and the turn ends.
            _ => {
                self.deep
                    .return_taken(&mut self.base.hands[player.index()], &mut self.train);
                self.end_turn(events);
            }
        }
    }

    fn kit(&mut self) -> Kit<'_, Phase, Phase> {
        let words = self.base.options.words;
        self.base.kit(&mut self.phase, words, Some(&mut self.train))
    }
}

impl WordGame for Wrummy {
    fn word_moves(&self, seat: SeatId, word: &str) -> Vec<WrummyAction> {
        self.view(seat).word_moves(word)
    }

    fn preview(&self, seat: SeatId, action: &WrummyAction) -> Result<Preview, ActionError> {
        let tried = Tried::new(self, (seat, action), |g| &g.base.table)?;
        let (doing, grows) = match action {
            WrummyAction::Play(Spelled { word, .. }) => {
                (format!("play {word} from your hand"), None)
            }
            WrummyAction::Extend { target, word, .. } => {
                let whose = self
                    .base
                    .table
                    .get(*target)
                    .map_or("a word".to_string(), |w| {
                        crate::wordgame::whose(w, seat, &self.base.names)
                    });
                (format!("grow {whose} into {word}"), Some(*target))
            }
            WrummyAction::Call { word, .. } => (format!("call {word} from the train"), None),
            _ => (String::new(), None),
        };
        // What it does to the seat's 3-4-5: a credit earned, or (growing its
        // own word) one moved away.
        let (was, now) = (self.credits(), tried.next.credits());
        let mut earns = Vec::new();
        if let (Some(b), Some(a)) = (was.get(seat.index()), now.get(seat.index())) {
            let gained = REQUIRED.iter().filter(|&&l| a.has(l) && !b.has(l));
            let lost = REQUIRED.iter().filter(|&&l| b.has(l) && !a.has(l));
            earns.extend(gained.map(|l| format!("your {l}-letter word")));
            earns.extend(lost.map(|l| format!("but you lose your {l}-letter word")));
        }
        let points = Self::points(&tried.lays);
        Ok(tried.preview(doing, points, earns, grows))
    }
}

impl Game for Wrummy {
    fn score_rows(&self) -> Vec<crate::seat::ScoreRow> {
        self.base.sheet.rows().to_vec()
    }

    type Options = WrummyOptions;
    type Action = WrummyAction;
    type View = WrummyView;
    type Event = WrummyEvent;

    const VARIANT: VariantId = VariantId::Wrummy;
    const ROUND: &'static str = "game";

    fn new(setup: &Setup<WrummyOptions>) -> Result<Wrummy, SetupError> {
        let mut game = Wrummy {
            refill: vec![false; setup.seats.len()],
            thrown: vec![Vec::new(); setup.seats.len()],
            base: WordBase::new(setup, "Wrummy", (HAND, false), 4)?,
            game: 0,
            train: Train::new(),
            phase: Phase::Draw,
            deep: DeepTake::default(),
            final_turns: None,
            game_turns: 0,
            last_game: None,
            dry_games: 0,
        };
        game.start_game(&mut Vec::new())?;
        Ok(game)
    }

    fn act(
        &mut self,
        seat: SeatId,
        action: &WrummyAction,
    ) -> Result<Vec<WrummyEvent>, ActionError> {
        on_copy(self, |next, events| {
            match (next.phase.clone(), action) {
                (Phase::Draw, a) => next.draw(seat, a, events)?,
                (Phase::Play, a) => next.play_phase(seat, a, events)?,
                (Phase::Calls { .. }, WrummyAction::Pass) => {
                    if let Phase::Calls { waiting, .. } = &mut next.phase {
                        waiting.pass();
                    }
                    next.after_phase(events);
                }
                (Phase::Calls { .. }, WrummyAction::Call { word, positions }) => {
                    next.call(seat, word, positions.as_deref(), events)?;
                }
                (Phase::Calls { .. }, _) => {
                    return Err(ActionError::illegal(
                        "Call \"Wrummy!\" with a word from the train, or pass.",
                    ));
                }
                (Phase::Challenge(_), WrummyAction::Pass | WrummyAction::Challenge) => {
                    next.answer(seat, *action == WrummyAction::Challenge, events)
                }
                (Phase::Challenge(_), _) => {
                    return Err(ActionError::illegal(
                        "Challenge the word just played, or let it stand.",
                    ));
                }
                (Phase::Over, _) => return Err(ActionError::GameOver),
            }
            Ok(())
        })
    }

    fn view_for(&self, viewer: Option<SeatId>) -> WrummyView {
        let mine = self.phase.playing(viewer, &self.base.turn);
        let own = WrummyFacts {
            train: self.train.cards().to_vec(),
            credits: self.credits(),
            refill: self.refill.clone(),
            must_use: if mine { self.deep.obliged() } else { None },
            taken: self.deep.taken(),
            first_turn: self.game_turns == 0,
            thrown: viewer
                .and_then(|v| self.thrown.get(v.index()))
                .cloned()
                .unwrap_or_default(),
            took_back: mine && self.deep.took_back(),
            can_take_back: mine && self.take_back_refusal(self.base.turn.current()).is_none(),
            final_turns: self
                .final_turns
                .map(|l| if l == 0 { self.base.names.len() - 1 } else { l }),
            game: self.game_number(),
            last_game: self.last_game.clone(),
        };
        self.base.seat_view(
            viewer,
            (self.to_move(), self.phase.clone()),
            self.base.sheet.totals(),
            own,
        )
    }

    fn hidden_cards(&self, viewer: Option<SeatId>) -> Vec<CardId> {
        self.base.hidden_from(viewer)
    }

    fn takes_back(action: &WrummyAction) -> bool {
        *action == WrummyAction::TakeBack
    }

    fn rule_notes(setup: &Setup<WrummyOptions>) -> Vec<String> {
        let options = &setup.rules.options;
        let lengths: Vec<String> = REQUIRED.iter().map(usize::to_string).collect();
        let mut notes = vec![
            format!(
                "Words of {MIN_LEN}+ letters. Going out with your {} played ends \
                 the game; without them, you draw {REFILL} cards on your next turn.",
                lengths.join("-")
            ),
            format!(
                "A wild card (?) is any letter and counts {} points.",
                setup.rules.deck.wild_value
            ),
        ];
        if options.target > 0 {
            notes.push(format!(
                "A match: game scores add up until a seat reaches {}.",
                options.target
            ));
        }
        notes
    }

    fn scores(&self) -> Vec<i64> {
        self.base.sheet.totals()
    }

    fn leaders(&self) -> Vec<SeatId> {
        seats_with_highest(&self.base.sheet.totals())
    }

    fn stats(&self) -> GameStats {
        self.base.stats(self.dry_games)
    }

    fn cards_in_play(&self) -> Vec<Card> {
        let mut all = self.base.cards();
        all.extend(self.train.cards());
        all
    }

    /// With every word due, going out ends the game; without, the seat
    /// draws a new hand and the game goes on: either way it went out.
    fn goes_out(event: &WrummyEvent) -> bool {
        matches!(event, WrummyEvent::WentOut { .. })
    }

    fn word_made(event: &WrummyEvent) -> Option<&str> {
        match event {
            WrummyEvent::Played { word, .. }
            | WrummyEvent::Extended { word, .. }
            | WrummyEvent::Called { word, .. } => Some(word),
            _ => None,
        }
    }

    crate::wordgame::word_rules!();
}

impl Players for Wrummy {
    fn bot(level: BotLevel, setup: &Setup<WrummyOptions>) -> Option<Box<dyn Bot<Wrummy>>> {
        let rules_of_thumb =
            |level| bots::WordBot::boxed(level, &setup.dict, setup.rules.options.bot_words);
        // The hard bot and the expert weigh the rules of thumb's moves in
        // deals of the cards they cannot see, the expert four times as
        // many.
        let effort = match level {
            BotLevel::Hard => bots::HARD_EFFORT,
            BotLevel::Expert => bots::EFFORT,
            _ => return rules_of_thumb(level),
        };
        let thumbs = crate::lookahead::Bots::from_fn(rules_of_thumb)?;
        Some(Box::new(crate::expert::Expert::new(thumbs, effort)))
    }

    crate::wordgame::word_hints!();
}

impl Redeal for Wrummy {
    fn redeal(&mut self, seat: SeatId, rng: &mut GameRng) {
        self.deep.redeal(seat, rng);
        self.base.redeal(seat, true, rng);
    }
}

impl Sampled for Wrummy {
    fn sample_action(&self, seat: SeatId, rng: &mut GameRng) -> WrummyAction {
        sample::action(&self.view(seat), rng)
    }
}

#[cfg(test)]
mod tests;
