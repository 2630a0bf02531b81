//! AlphaRummy 500 on the word-game kit: letter cards with values, a spread
//! discard pile taken from as deep as a seat wants (it must then use that
//! card in a word this turn), words of four letters or more scored at once
//! with a multiplier for their length, add-ons inserted anywhere in any
//! seat's word, bonus cards, going out for seven fresh cards, and the first
//! seat to 500 wins at once.

pub mod bots;
pub mod hint;
pub mod score;

use crate::card::{Card, CardId, Letter, count_of, list};
use crate::dict::{BotWords, Dictionary};
use crate::game::{
    ActionError, Bot, Game, GameStats, Players, Redeal, Sampled, Setup, SetupError, junk_card,
    on_copy, seat_name,
};
use crate::open::{MoveKind, Open};
use crate::pile::Train;
use crate::rng::GameRng;
use crate::seat::{BotLevel, SeatId, seats_with_highest};
use crate::variant_id::VariantId;
use crate::word::{WordCheck, upper};
use crate::wordgame::entry::{self, Grown};
use crate::wordgame::{
    ChallengeWindow, DeepTake, Growing, Kit, Obliges, Pending, PileTake, Preview, SeatView, Tried,
    WordAction, WordBase, WordGame, WordPhase, WordRules, owner_said, write_deal,
};

/// Every take from the discard pile, the top card's too, must go into a
/// word this turn.
pub const OBLIGES: Obliges = Obliges::EveryTake;
use crate::wordgame::Spelled;
pub use crate::wordgame::{Source, TableCard, TableWord};
use score::{MIN_LEN, WordScore};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::Arc;

/// Cards dealt to each seat, and drawn on going out.
pub const HAND: usize = 7;
/// The most cards a seat may hold to go out after a word: it discards it.
pub const OUT_WITH: usize = 1;
/// A game ends after this many rounds even if nobody has reached the
/// target, with the leader winning.
pub const MAX_ROUNDS: u32 = 60;
/// The highest target accepted.
pub const MAX_TARGET: u32 = 100_000;
/// How add-ons grow words: letters anywhere, the word's own in order.
pub const GROWING: Growing = Growing::INSERT;
/// The discard pile, in sentences.
const PILE: &str = "discard pile";

crate::rules::variant_options! {
    /// The options of `rules/alpharummy.toml`.
    pub struct AlphaOptions {
        /// The score that wins at once.
        pub target: u32 = 500,
            samples &["500", "120"],
            label "Winning score",
            about "The score that wins, the moment a player reaches it.";
        /// How words are checked.
        pub words: WordCheck = WordCheck::Challenge,
            choices &["challenge", "strict"],
            label "Word check",
            about "Challenge: words stand unless challenged. Strict: unknown words refused.";
        /// Whether cards left in hand at the end of a round count against it.
        pub subtract: bool = false,
            samples &["false", "true"],
            label "Cards left count",
            about "On: cards left in hand when a round ends count against their player.";
        /// Which words bots and hints lay.
        pub bot_words: BotWords = BotWords::Everyday,
            choices BotWords::CHOICES,
            label "Bots' words",
            about BotWords::ABOUT;
    }

    fn check(&self) -> Result<(), String> {
        if self.target == 0 || self.target > MAX_TARGET {
            return Err(format!("target must be between 1 and {MAX_TARGET}"));
        }
        Ok(())
    }
}

/// An AlphaRummy move. Words are named as text; the game finds the cards.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AlphaAction {
    /// Draw the top card of the stock.
    DrawStock,
    /// Take the pile card at `pos` (0 = the oldest) and every card above it:
    /// it must go into a word this turn.
    TakePile { pos: usize },
    /// Lay a word from hand. `cards` names the cards in word order when the
    /// choice matters.
    Meld(Spelled),
    /// Insert letters from hand into table word `target` (its id), making
    /// `word`.
    AddOn {
        target: u32,
        word: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        cards: Option<Vec<CardId>>,
    },
    /// Take the bonus cards the turn's words earned, from the stock.
    TakeBonus,
    /// Discard a card, ending the turn.
    Discard { card: CardId },
    /// Go out after laying a word: with no card left, or discarding the one
    /// left; seven fresh cards instead of the bonus cards.
    GoOut,
    /// Put the turn back as it was before the take from the pile.
    TakeBack,
    /// Challenge the word just laid.
    Challenge,
    /// Let the word stand; or, once the stock is out, end the round rather
    /// than take from the pile.
    Pass,
}

/// Where play stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// The seat to play draws or takes (or, with the stock out, passes).
    Draw,
    /// The seat lays words, takes its bonus cards, and discards or goes out.
    Play,
    /// A word was just laid: each seat in `waiting` may challenge it.
    Challenge(ChallengeWindow),
    Over,
}

impl WordAction for AlphaAction {
    fn named(&self) -> (Vec<CardId>, Option<u32>) {
        match self {
            AlphaAction::Meld(Spelled { cards, .. }) => (cards.clone().unwrap_or_default(), None),
            AlphaAction::AddOn { target, cards, .. } => {
                (cards.clone().unwrap_or_default(), Some(*target))
            }
            _ => (Vec::new(), None),
        }
    }
}

/// How a round ended, for everyone to see.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundResult {
    pub round: u32,
    /// Points each seat laid this round.
    pub laid: Vec<i64>,
    /// The value of the cards left in each hand (counted against it with
    /// the option `subtract`).
    pub hand: Vec<i64>,
    pub scores: Vec<i64>,
    /// The seat that ended it by passing with the stock out.
    pub ended_by: Option<SeatId>,
}

/// What a seat sees: its own hand, the pile, the table, everyone's hand size
/// and score. Never another hand or the stock.
pub type AlphaView = SeatView<AlphaOptions, Phase, AlphaFacts>;

/// What an AlphaRummy seat sees besides what every word game shows.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AlphaFacts {
    /// Oldest first; the last card is the top.
    pub pile: Vec<Card>,
    /// Bonus cards the seat's words earned this turn and it has not taken.
    pub owed: usize,
    /// Whether the seat to play has laid a word this turn.
    pub melded: bool,
    /// The card in hand the turn's take from the pile obliges this seat to
    /// use in a word.
    pub must_use: Option<CardId>,
    /// Whether this turn's take can be taken back.
    pub can_take_back: bool,
    /// The seat took this turn back: it may draw only from the stock.
    pub took_back: bool,
    /// Points each seat has laid this round.
    pub round_points: Vec<i64>,
    /// 1-based round.
    pub round: u32,
    pub last_round: Option<RoundResult>,
}

impl AlphaView {
    /// The card in hand the turn's take obliges this seat to use.
    pub fn must_card(&self) -> Option<&Card> {
        self.must_use
            .and_then(|m| self.hand.iter().find(|c| c.id == m))
    }

    /// Whether this seat is to play now (after its draw).
    fn playing(&self) -> bool {
        self.phase == Phase::Play && self.to_move == Some(self.seat) && !self.spectator
    }

    /// Why this seat may not draw from the stock now, if it may not.
    pub fn stock_refusal(&self) -> Option<String> {
        match self.phase {
            Phase::Draw if self.stock_left == 0 => Some(
                "The stock is out: take from the discard pile and lay a word, or pass to end the round."
                    .into(),
            ),
            Phase::Draw => None,
            _ => Some("There is nothing to draw now.".into()),
        }
    }

    /// The fewest letters a laid word has.
    pub fn min_word_len(&self) -> usize {
        MIN_LEN
    }

    /// What taking `card` from the discard pile brings along, and that it
    /// must go into a word; `None` when it is not in the pile.
    pub fn pile_take(&self, card: CardId) -> Option<PileTake> {
        OBLIGES.take_of(&self.pile, card)
    }

    /// Whether this seat may take a card of its choosing from the discard
    /// pile now (with every card above it).
    pub fn pile_open(&self) -> bool {
        self.phase == Phase::Draw && !self.took_back && !self.pile.is_empty()
    }

    /// Why this seat may not discard now, as the engine would refuse it:
    /// not its turn to play, a taken card still to use, bonus cards due.
    pub fn discard_refusal(&self) -> Option<String> {
        if !self.playing() {
            return Some("It is not your turn to discard.".into());
        }
        if let Some(c) = self.must_card() {
            return Some(format!(
                "You took {c} from the discard pile: use it in a word this turn, or take the turn back."
            ));
        }
        (self.owed > 0).then(|| {
            format!(
                "Take your {} first, or go out.",
                count_of(self.owed, "bonus card")
            )
        })
    }

    /// Why this seat may not take its bonus cards now, if it may not.
    pub fn bonus_refusal(&self) -> Option<String> {
        if !self.playing() || self.owed == 0 {
            return Some("No bonus cards are due.".into());
        }
        self.must_card()
            .map(|c| format!("Use {c} in a word before you take bonus cards."))
    }

    /// Why this seat may not go out now, if it may not: a word laid this
    /// turn, the taken card used, and at most one card left to discard.
    pub fn go_out_refusal(&self) -> Option<String> {
        if !self.playing() || !self.melded {
            return Some("You may go out only after laying a word this turn.".into());
        }
        if let Some(c) = self.must_card() {
            return Some(format!("Use {c} in a word before you go out."));
        }
        (self.hand.len() > OUT_WITH).then(|| {
            format!(
                "You hold {} cards: go out with none left, or one to discard.",
                self.hand.len()
            )
        })
    }

    /// The moves open to this seat now ([`crate::open`]); nothing when it
    /// is not the seat to move.
    pub fn open(&self) -> Open<AlphaAction> {
        let mut open = Open::none();
        if self.to_move != Some(self.seat) || self.spectator {
            return open;
        }
        match &self.phase {
            Phase::Draw => {
                match self.stock_refusal() {
                    None => {
                        open.add(MoveKind::Draw, "draw from the stock")
                            .making(AlphaAction::DrawStock)
                            .by_default();
                    }
                    Some(why) => {
                        open.add_unless(MoveKind::Draw, "draw from the stock", Some(why));
                        open.add(MoveKind::Pass, "pass: end the round")
                            .making(AlphaAction::Pass);
                    }
                }
                let closed = if self.took_back {
                    Some("You took this turn back: draw from the stock.".to_string())
                } else {
                    None
                };
                let top = self.pile.last().map(|c| {
                    let pos = self.pile.len() - 1;
                    (c, AlphaAction::TakePile { pos })
                });
                open.take_top("the discard pile", top, closed.clone());
                let deep = match closed {
                    Some(why) => Some(why),
                    None if self.pile.len() < 2 => {
                        Some("The discard pile has only its top card.".into())
                    }
                    None => None,
                };
                open.add_unless(
                    MoveKind::TakeDeep,
                    "take a discard pile card and every card above it",
                    deep,
                );
            }
            Phase::Play => {
                open.add_unless(
                    MoveKind::Word,
                    "type a word to lay, or a table word with your letters added",
                    self.hand
                        .is_empty()
                        .then(|| "You have no cards left to make a word.".to_string()),
                );
                open.add_unless(
                    MoveKind::Discard,
                    "discard a card and end your turn",
                    self.discard_refusal(),
                );
                if self.can_take_back {
                    open.add(MoveKind::TakeBack, "take back")
                        .making(AlphaAction::TakeBack);
                }
                open.add_unless(
                    MoveKind::TakeBonus,
                    format!("bonus ({})", self.owed),
                    self.bonus_refusal(),
                )
                .making(AlphaAction::TakeBonus);
                open.add_unless(MoveKind::GoOut, "go out", self.go_out_refusal())
                    .making(AlphaAction::GoOut)
                    .telling({
                        let instead = if self.owed > 0 {
                            " instead of the bonus"
                        } else {
                            ""
                        };
                        match HAND.min(self.stock_left) {
                            0 => "The stock is out: you get no fresh cards.".to_string(),
                            n if n < HAND => {
                                format!("You get the stock's last {n} cards{instead}.")
                            }
                            n => format!("You get {n} fresh cards{instead}."),
                        }
                    });
            }
            Phase::Challenge(_) => {
                let w = self.challenged().map(|w| w.text()).unwrap_or_default();
                open.challenge_window(&w, AlphaAction::Challenge, AlphaAction::Pass);
            }
            Phase::Over => {}
        }
        open
    }

    /// What kind of move `action` is, as [`AlphaView::open`] names them.
    pub fn kind(&self, action: &AlphaAction) -> MoveKind {
        use AlphaAction as A;
        match action {
            A::DrawStock => MoveKind::Draw,
            A::TakePile { pos } if pos + 1 >= self.pile.len() => MoveKind::TakeTop,
            A::TakePile { .. } => MoveKind::TakeDeep,
            A::Meld(_) | A::AddOn { .. } => MoveKind::Word,
            A::TakeBonus => MoveKind::TakeBonus,
            A::Discard { .. } => MoveKind::Discard,
            A::GoOut => MoveKind::GoOut,
            A::TakeBack => MoveKind::TakeBack,
            A::Challenge => MoveKind::Challenge,
            A::Pass if matches!(self.phase, Phase::Challenge(_)) => MoveKind::LetStand,
            A::Pass => MoveKind::Pass,
        }
    }

    /// Every move the typed `word` could stand for now: a meld from hand in
    /// each distinct spelling, or an add-on to a table word in each spelling
    /// of the inserted letters.
    pub fn word_moves(&self, word: &str) -> Vec<AlphaAction> {
        if self.phase != Phase::Play || self.to_move != Some(self.seat) {
            return Vec::new();
        }
        let word = word.trim().to_uppercase();
        self.hand_moves(
            &word,
            (self.must_card(), GROWING),
            |word, cards| AlphaAction::Meld(Spelled { word, cards }),
            |target, word, cards| AlphaAction::AddOn {
                target,
                word,
                cards,
            },
        )
    }
}

/// What happened, for the log on screen.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum AlphaEvent {
    Dealt {
        round: u32,
        first: String,
        upcard: Option<Card>,
    },
    Drew {
        name: String,
    },
    TookPile {
        name: String,
        cards: Vec<Card>,
    },
    Melded {
        name: String,
        word: String,
        points: i64,
        multiplier: i64,
        bonus: usize,
    },
    AddedOn {
        name: String,
        old: String,
        word: String,
        owner: String,
        points: i64,
        multiplier: i64,
        bonus: usize,
    },
    TookBonus {
        name: String,
        count: usize,
        short: usize,
    },
    Discarded {
        name: String,
        card: Card,
    },
    WentOut {
        name: String,
        discard: Option<Card>,
        drew: usize,
    },
    TookBack {
        name: String,
    },
    /// A challenge and what it did.
    Challenge(crate::wordgame::ChallengeNews),
    RoundOver {
        result: RoundResult,
        names: Vec<String>,
        totals: Vec<i64>,
    },
    GameOver {
        winners: Vec<SeatId>,
        totals: Vec<i64>,
        names: Vec<String>,
    },
}

/// "2 bonus cards", or, as every word earns at least one, "no bonus card
/// (the stock is out)".
pub(crate) fn bonus_words(bonus: usize) -> String {
    if bonus == 0 {
        "no bonus card (the stock is out)".to_string()
    } else {
        count_of(bonus, "bonus card")
    }
}

impl fmt::Display for AlphaEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AlphaEvent::Dealt {
                round,
                first,
                upcard,
            } => write_deal(f, ("Round", *round, HAND), first, upcard.as_ref(), PILE),
            AlphaEvent::Drew { name } => write!(f, "{name} drew from the stock."),
            AlphaEvent::TookPile { name, cards } => {
                write!(f, "{name} took {} from the discard pile", list(cards))?;
                match cards.first() {
                    Some(c) => write!(f, " and must use {c} in a word."),
                    None => write!(f, "."),
                }
            }
            AlphaEvent::Melded {
                name,
                word,
                points,
                multiplier,
                bonus,
            } => write!(
                f,
                "{name} laid {word}: {points} points (×{multiplier}), {}.",
                bonus_words(*bonus)
            ),
            AlphaEvent::AddedOn {
                name,
                old,
                word,
                owner,
                points,
                multiplier,
                bonus,
            } => write!(
                f,
                "{name} made {owner} {old} into {word}: {points} points (×{multiplier}), {}.",
                bonus_words(*bonus)
            ),
            AlphaEvent::TookBonus { name, count, short } => {
                write!(f, "{name} took {}", count_of(*count, "bonus card"))?;
                if *short > 0 {
                    let were = if *short == 1 { "was" } else { "were" };
                    write!(f, " ({short} more {were} due, but the stock is out)")?;
                }
                write!(f, ".")
            }
            AlphaEvent::Discarded { name, card } => write!(f, "{name} discarded {card}."),
            AlphaEvent::WentOut {
                name,
                discard,
                drew,
            } => {
                write!(f, "{name} went out")?;
                if let Some(c) = discard {
                    write!(f, ", discarding {c},")?;
                }
                write!(f, " and drew {} fresh.", count_of(*drew, "card"))
            }
            AlphaEvent::TookBack { name } => write!(f, "{name} took the turn back."),
            AlphaEvent::Challenge(news) => write!(f, "{news}"),
            AlphaEvent::RoundOver {
                result,
                names,
                totals,
            } => {
                match result.ended_by {
                    Some(s) => write!(
                        f,
                        "The stock is out and {} took nothing from the pile, so round {} is over",
                        seat_name(names, s),
                        result.round
                    )?,
                    None => write!(f, "Round {} is over", result.round)?,
                }
                let each: Vec<String> = names
                    .iter()
                    .zip(totals)
                    .map(|(n, t)| format!("{n} {t}"))
                    .collect();
                write!(f, ". Scores: {}.", each.join(", "))
            }
            AlphaEvent::GameOver {
                winners,
                totals,
                names,
            } => write!(
                f,
                "{}",
                crate::game::announce_winners(names, winners, totals)
            ),
        }
    }
}

/// Where play goes back to when a challenged word stands or falls.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Resume {
    round_points: Vec<i64>,
    owed: usize,
    melded: bool,
}

/// A game of AlphaRummy 500 in play.
#[derive(Clone, Debug, PartialEq)]
pub struct AlphaRummy {
    base: WordBase<AlphaOptions, Resume>,
    /// 0-based round.
    round: u32,
    pile: Train,
    phase: Phase,
    /// Bonus cards earned this turn and not yet taken.
    owed: usize,
    /// Whether the seat to play has laid a word this turn.
    melded: bool,
    deep: DeepTake<AlphaRummy>,
    round_points: Vec<i64>,
    last_round: Option<RoundResult>,
    /// Rounds ended with the stock out.
    dry_rounds: u32,
}

impl AlphaRummy {
    pub fn table(&self) -> &[TableWord] {
        self.base.table.words()
    }

    pub fn phase(&self) -> &Phase {
        &self.phase
    }

    pub fn options(&self) -> &AlphaOptions {
        &self.base.options
    }

    pub fn dictionary(&self) -> &Arc<Dictionary> {
        self.base.dictionary()
    }

    /// Each seat's score: earlier rounds and this one.
    pub fn totals(&self) -> Vec<i64> {
        self.base
            .sheet
            .totals()
            .iter()
            .zip(&self.round_points)
            .map(|(a, b)| a + b)
            .collect()
    }

    /// The round being played, from 1.
    pub fn round_number(&self) -> u32 {
        self.round + 1
    }

    fn start_round(&mut self, events: &mut Vec<AlphaEvent>) -> Result<(), SetupError> {
        let n = self.base.names.len();
        let first;
        (first, self.pile) = self.base.deal(self.round, HAND)?;
        let upcard = self.pile.top().copied();
        self.phase = Phase::Draw;
        self.owed = 0;
        self.melded = false;
        self.deep.end_turn();
        self.round_points = vec![0; n];
        events.push(AlphaEvent::Dealt {
            round: self.round_number(),
            first: self.base.name(first),
            upcard,
        });
        Ok(())
    }

    /// The score of `laid` going into a word of `len` letters now: its
    /// bonus is what the stock can still give after the bonus already due
    /// (no cards at all once the stock is out).
    fn score(&self, laid: &[TableCard], len: usize) -> Option<WordScore> {
        let values: Vec<i64> = laid.iter().map(|c| c.card.value as i64).collect();
        let mut s = score::score(&values, len)?;
        s.bonus = score::bonus_due(s.bonus, self.base.stock.len(), self.owed);
        Some(s)
    }

    /// Records a word's points and bonus at once, and opens its challenge
    /// window (or, in strict play, lets it stand).
    fn after_word(
        &mut self,
        word: u32,
        seat: SeatId,
        s: &WordScore,
        before: Pending<Resume>,
        events: &mut Vec<AlphaEvent>,
    ) {
        self.round_points[seat.index()] += s.points;
        self.owed += s.bonus;
        self.melded = true;
        self.word_laid(word, seat, before, events);
    }

    fn snapshot(&self, seat: SeatId) -> Pending<Resume> {
        Pending::new(
            &self.base.table,
            &self.base.hands[seat.index()],
            &self.pile,
            Resume {
                round_points: self.round_points.clone(),
                owed: self.owed,
                melded: self.melded,
            },
        )
    }

    fn meld(
        &mut self,
        seat: SeatId,
        text: &str,
        named: Option<&[CardId]>,
        events: &mut Vec<AlphaEvent>,
    ) -> Result<(), ActionError> {
        let hand = self.base.hands[seat.index()].cards();
        let (w, placed) = entry::from_hand(text, MIN_LEN, hand, named, self.deep.obliged())?;
        entry::check_word(&self.base.dict, self.base.options.words, &w)?;
        let before = self.snapshot(seat);
        let cards = entry::lay(&mut self.base.hands[seat.index()], &placed, seat);
        let len = cards.iter().map(TableCard::width).sum();
        let s = self
            .score(&cards, len)
            .ok_or_else(|| ActionError::illegal("A word needs at least 4 letters."))?;
        let id = self.base.table.add(seat, cards, Source::Hand);
        events.push(AlphaEvent::Melded {
            name: self.base.name(seat),
            word: upper(&w),
            points: s.points,
            multiplier: s.multiplier,
            bonus: s.bonus,
        });
        self.after_word(id, seat, &s, before, events);
        Ok(())
    }

    fn add_on(
        &mut self,
        seat: SeatId,
        target: u32,
        text: &str,
        named: Option<&[CardId]>,
        events: &mut Vec<AlphaEvent>,
    ) -> Result<(), ActionError> {
        let hand = (
            self.base.hands[seat.index()].cards(),
            named,
            self.deep.obliged(),
        );
        let grown = Grown::new(&self.base.table, target, text, GROWING, hand)?;
        entry::check_word(&self.base.dict, self.base.options.words, &grown.growth.word)?;
        let before = self.snapshot(seat);
        let (laid, cards) = self.base.lay_growth(seat, &grown)?;
        let len = cards.iter().map(TableCard::width).sum();
        let s = self
            .score(&laid, len)
            .ok_or_else(|| ActionError::illegal("A word needs at least 4 letters."))?;
        if let Some(w) = self.base.table.get_mut(target) {
            w.cards = cards;
            w.credit = len;
        }
        events.push(AlphaEvent::AddedOn {
            name: self.base.name(seat),
            old: grown.old,
            word: upper(&grown.growth.word),
            owner: owner_said(grown.owner, seat, &self.base.names),
            points: s.points,
            multiplier: s.multiplier,
            bonus: s.bonus,
        });
        self.after_word(target, seat, &s, before, events);
        Ok(())
    }

    /// Ends the turn of the seat to play and starts the next one.
    fn end_turn(&mut self, events: &mut Vec<AlphaEvent>) {
        self.deep.end_turn();
        self.base.word_turn.end_turn();
        self.owed = 0;
        self.melded = false;
        self.base.turns += 1;
        self.base
            .word_turn
            .pass_turn(&mut self.base.turn, &self.base.names, events);
        self.phase = Phase::Draw;
    }

    /// The stock is out and the seat to play will not take from the pile:
    /// the round ends.
    fn end_round(&mut self, ended_by: Option<SeatId>, events: &mut Vec<AlphaEvent>) {
        let n = self.base.names.len();
        let hand: Vec<i64> = self
            .base
            .hands
            .iter()
            .map(|h| h.cards().iter().map(|c| c.value as i64).sum())
            .collect();
        let laid = self.round_points.clone();
        let scores: Vec<i64> = (0..n)
            .map(|i| {
                laid[i]
                    - if self.base.options.subtract {
                        hand[i]
                    } else {
                        0
                    }
            })
            .collect();
        self.base
            .sheet
            .record(format!("Round {}", self.round_number()), scores.clone());
        self.round_points = vec![0; n];
        self.dry_rounds += 1;
        let result = RoundResult {
            round: self.round_number(),
            laid,
            hand,
            scores,
            ended_by,
        };
        events.push(AlphaEvent::RoundOver {
            result: result.clone(),
            names: self.base.names.clone(),
            totals: self.totals(),
        });
        self.last_round = Some(result);
        if self.round + 1 >= MAX_ROUNDS {
            self.game_over(false, events);
            return;
        }
        self.round += 1;
        // invariant: the deck was checked in `new`, so it builds again
        let _ = self.start_round(events);
    }

    /// The game ends; `mid_round`: a seat reached the target during a
    /// round, whose points go on the sheet as they stand.
    fn game_over(&mut self, mid_round: bool, events: &mut Vec<AlphaEvent>) {
        if mid_round {
            let n = self.base.names.len();
            let points = std::mem::replace(&mut self.round_points, vec![0; n]);
            self.base
                .sheet
                .record(format!("Round {}", self.round_number()), points);
        }
        self.phase = Phase::Over;
        events.push(AlphaEvent::GameOver {
            winners: self.leaders(),
            totals: self.totals(),
            names: self.base.names.clone(),
        });
    }

    fn draw(
        &mut self,
        seat: SeatId,
        action: &AlphaAction,
        events: &mut Vec<AlphaEvent>,
    ) -> Result<(), ActionError> {
        let name = self.base.name(seat);
        match action {
            AlphaAction::DrawStock => {
                let c = self.base.stock.draw().map_err(|_| {
                    ActionError::illegal(
                        "The stock is out: take from the discard pile and lay a word, or pass to end the round.",
                    )
                })?;
                self.base.hands[seat.index()].add(c);
                events.push(AlphaEvent::Drew { name });
            }
            AlphaAction::TakePile { .. } if self.deep.took_back() => {
                return Err(ActionError::illegal(
                    "You took this turn back: draw from the stock.",
                ));
            }
            AlphaAction::TakePile { pos } => {
                self.deep.check(&self.pile, *pos, PILE, false)?;
                let before = self.clone();
                let into = (&mut self.pile, &mut self.base.hands[seat.index()]);
                let cards = self.deep.take(into, *pos, OBLIGES, Some(before))?;
                events.push(AlphaEvent::TookPile { name, cards });
            }
            AlphaAction::Pass if self.base.stock.is_empty() => {
                self.end_round(Some(seat), events);
                return Ok(());
            }
            AlphaAction::Pass => {
                return Err(ActionError::illegal(
                    "Draw from the stock or take from the discard pile: a seat may pass only once the stock is out.",
                ));
            }
            _ => {
                return Err(ActionError::illegal(format!(
                    "{name} must first draw from the stock or take from the discard pile."
                )));
            }
        }
        self.phase = Phase::Play;
        Ok(())
    }

    /// Refuses ending the turn while it owes something: the card the take
    /// obliges, or a word after a take.
    /// Why `seat` may not take its turn back now, if it may not.
    fn take_back_refusal(&self, seat: SeatId) -> Option<String> {
        self.deep.take_back_refusal(
            self,
            &self.base.hands[seat.index()],
            "Only a turn that took from the discard pile can be taken back.",
        )
    }

    /// The card the seat's take obliges it to use, for sentences.
    fn must_card_name(&self, seat: SeatId) -> String {
        self.deep
            .obliged()
            .and_then(|m| self.base.hands[seat.index()].get(m))
            .map_or("the card you took".to_string(), |c| c.to_string())
    }

    fn check_turn_done(&self, seat: SeatId) -> Result<(), ActionError> {
        self.deep.check_done(&self.base.hands[seat.index()], PILE)
    }

    fn play_phase(
        &mut self,
        seat: SeatId,
        action: &AlphaAction,
        events: &mut Vec<AlphaEvent>,
    ) -> Result<(), ActionError> {
        match action {
            AlphaAction::Meld(Spelled { word, cards }) => {
                self.meld(seat, word, cards.as_deref(), events)
            }
            AlphaAction::AddOn {
                target,
                word,
                cards,
            } => self.add_on(seat, *target, word, cards.as_deref(), events),
            AlphaAction::TakeBonus => self.take_bonus(seat, events),
            AlphaAction::Discard { card } => self.discard(seat, *card, events),
            AlphaAction::GoOut => self.go_out(seat, events),
            AlphaAction::TakeBack => self.take_back(seat, events),
            AlphaAction::DrawStock | AlphaAction::TakePile { .. } => {
                Err(ActionError::illegal(format!(
                    "{} has drawn already: lay words, then discard or go out.",
                    self.base.name(seat)
                )))
            }
            _ => Err(ActionError::illegal("That is not a move for now.")),
        }
    }

    /// `seat` takes the bonus cards its words earned this turn.
    fn take_bonus(
        &mut self,
        seat: SeatId,
        events: &mut Vec<AlphaEvent>,
    ) -> Result<(), ActionError> {
        if self.owed == 0 {
            return Err(ActionError::illegal("No bonus cards are due."));
        }
        // Bonus cards come from the stock: once seen, the turn can no
        // longer be taken back, so the card the take obliges goes
        // into a word first.
        self.check_turn_done(seat).map_err(|_| {
            ActionError::illegal(format!(
                "Use {} in a word before you take bonus cards.",
                self.must_card_name(seat)
            ))
        })?;
        self.give_bonus(seat, self.owed, events);
        self.owed = 0;
        Ok(())
    }

    /// Gives `seat` the `owed` bonus cards its words earned, from the stock
    /// (as many as it still holds).
    fn give_bonus(&mut self, seat: SeatId, owed: usize, events: &mut Vec<AlphaEvent>) {
        let cards = self.base.stock.draw_up_to(owed);
        let count = cards.len();
        self.base.hands[seat.index()].extend(cards);
        events.push(AlphaEvent::TookBonus {
            name: self.base.name(seat),
            count,
            short: owed - count,
        });
    }

    /// `seat` discards `card`, ending its turn.
    fn discard(
        &mut self,
        seat: SeatId,
        card: CardId,
        events: &mut Vec<AlphaEvent>,
    ) -> Result<(), ActionError> {
        self.check_turn_done(seat)?;
        if self.owed > 0 {
            return Err(ActionError::illegal(format!(
                "Take your {} first, or go out.",
                count_of(self.owed, "bonus card")
            )));
        }
        let name = self.base.name(seat);
        let c = self.base.hands[seat.index()]
            .take(card)
            .map_err(|_| ActionError::illegal(format!("{name} does not hold that card.")))?;
        self.pile.discard(c);
        events.push(AlphaEvent::Discarded { name, card: c });
        self.end_turn(events);
        Ok(())
    }

    /// `seat` goes out after laying a word: it discards its last card, if
    /// it holds one, and draws seven fresh cards.
    fn go_out(&mut self, seat: SeatId, events: &mut Vec<AlphaEvent>) -> Result<(), ActionError> {
        if !self.melded {
            return Err(ActionError::illegal(
                "You may go out only after laying a word this turn.",
            ));
        }
        self.check_turn_done(seat)?;
        let s = seat.index();
        let left: Vec<Card> = self.base.hands[s].cards().to_vec();
        if left.len() > OUT_WITH {
            return Err(ActionError::illegal(format!(
                "You hold {} cards: go out with none left, or one to discard.",
                left.len()
            )));
        }
        let discard = left.first().copied();
        if let Some(c) = discard {
            let _ = self.base.hands[s].take(c.id);
            self.pile.discard(c);
        }
        let fresh = self.base.stock.draw_up_to(HAND);
        let drew = fresh.len();
        self.base.hands[s].extend(fresh);
        events.push(AlphaEvent::WentOut {
            name: self.base.name(seat),
            discard,
            drew,
        });
        self.end_turn(events);
        Ok(())
    }

    /// `seat` puts its turn back as it was before its take from the pile.
    fn take_back(&mut self, seat: SeatId, events: &mut Vec<AlphaEvent>) -> Result<(), ActionError> {
        if let Some(refusal) = self.take_back_refusal(seat) {
            return Err(ActionError::illegal(refusal));
        }
        let before = self.deep.before().ok_or_else(|| {
            ActionError::illegal("Only a turn that took from the discard pile can be taken back.")
        })?;
        // The turns owed for wrong challenges stay owed.
        let owed = self.base.word_turn.clone();
        *self = before;
        self.base.word_turn = owed;
        self.deep.mark_taken_back();
        events.push(AlphaEvent::TookBack {
            name: self.base.name(seat),
        });
        Ok(())
    }
}

crate::wordgame::turn::word_phase!(Phase, AlphaEvent);

impl WordRules for AlphaRummy {
    type Phase = Phase;
    type Resume = Resume;
    type Event = AlphaEvent;

    /// A word stands: play goes on, unless its points won the game.
    fn stands(&mut self, _player: SeatId, _: Resume, events: &mut Vec<AlphaEvent>) {
        self.phase = Phase::Play;
        let totals = self.totals();
        let target = self.base.options.target as i64;
        if totals.iter().any(|&t| t >= target) {
            self.game_over(true, events);
        }
    }

    fn upheld(&mut self, player: SeatId, resume: Resume, events: &mut Vec<AlphaEvent>) {
        self.round_points = resume.round_points;
        // The word's bonus is lost with it; the turn ends, the cards taken
        // from the pile this turn going back in their places. Words laid
        // before it stand with their bonus: the cards still due are given
        // now, as the turn is over.
        self.deep
            .return_taken(&mut self.base.hands[player.index()], &mut self.pile);
        if resume.owed > 0 {
            self.give_bonus(player, resume.owed, events);
        }
        self.owed = 0;
        self.end_turn(events);
    }

    fn kit(&mut self) -> Kit<'_, Phase, Resume> {
        let words = self.base.options.words;
        self.base.kit(&mut self.phase, words, Some(&mut self.pile))
    }
}

impl WordGame for AlphaRummy {
    fn word_moves(&self, seat: SeatId, word: &str) -> Vec<AlphaAction> {
        self.view(seat).word_moves(word)
    }

    fn preview(&self, seat: SeatId, action: &AlphaAction) -> Result<Preview, ActionError> {
        let tried = Tried::new(self, (seat, action), |g| &g.base.table)?;
        let (multiplier, bonus, points) = tried
            .events
            .iter()
            .find_map(|e| match e {
                AlphaEvent::Melded {
                    multiplier,
                    bonus,
                    points,
                    ..
                }
                | AlphaEvent::AddedOn {
                    multiplier,
                    bonus,
                    points,
                    ..
                } => Some((*multiplier, *bonus, *points)),
                _ => None,
            })
            .unwrap_or((1, 0, 0));
        let (doing, grows) = match action {
            AlphaAction::Meld(Spelled { word, .. }) => (format!("lay {word} from your hand"), None),
            AlphaAction::AddOn { target, .. } => {
                let whose = self
                    .base
                    .table
                    .get(*target)
                    .map_or("a word".to_string(), |w| {
                        crate::wordgame::whose(w, seat, &self.base.names)
                    });
                // Where the letters go: each added run in brackets, F[R]IEND.
                let grown = tried
                    .next
                    .base
                    .table
                    .get(*target)
                    .map_or(String::new(), |w| {
                        let mut out = String::new();
                        let mut open = false;
                        for c in &w.cards {
                            let new = tried.lays.iter().any(|l| l.card.id == c.card.id);
                            if new != open {
                                out.push(if new { '[' } else { ']' });
                                open = new;
                            }
                            out.push_str(&c.text());
                        }
                        if open {
                            out.push(']');
                        }
                        out
                    });
                (format!("make {whose} into {grown}"), Some(*target))
            }
            _ => (String::new(), None),
        };
        let base: i64 = tried.lays.iter().map(|c| c.card.value as i64).sum();
        let mut earns = vec![bonus_words(bonus)];
        if tried.next.is_over() {
            earns.push(format!(
                "and the game: you reach {}",
                self.base.options.target
            ));
        }
        Ok(tried.preview(
            format!("{doing}, {base} ×{multiplier}"),
            points,
            earns,
            grows,
        ))
    }
}

impl Game for AlphaRummy {
    fn score_rows(&self) -> Vec<crate::seat::ScoreRow> {
        self.base.sheet.rows().to_vec()
    }

    type Options = AlphaOptions;
    type Action = AlphaAction;
    type View = AlphaView;
    type Event = AlphaEvent;

    const VARIANT: VariantId = VariantId::AlphaRummy;
    const REVEALS: &'static str = "a draw from the stock, bonus cards or a deal";

    fn new(setup: &Setup<AlphaOptions>) -> Result<AlphaRummy, SetupError> {
        let mut game = AlphaRummy {
            round_points: vec![0; setup.seats.len()],
            base: WordBase::new(setup, "AlphaRummy", (HAND, false), 4)?,
            round: 0,
            pile: Train::new(),
            phase: Phase::Draw,
            owed: 0,
            melded: false,
            deep: DeepTake::default(),
            last_round: None,
            dry_rounds: 0,
        };
        game.start_round(&mut Vec::new())?;
        Ok(game)
    }

    fn act(&mut self, seat: SeatId, action: &AlphaAction) -> Result<Vec<AlphaEvent>, ActionError> {
        on_copy(self, |next, events| match (next.phase.clone(), action) {
            (Phase::Draw, a) => next.draw(seat, a, events),
            (Phase::Play, a) => next.play_phase(seat, a, events),
            (Phase::Challenge(_), AlphaAction::Pass | AlphaAction::Challenge) => {
                next.answer(seat, *action == AlphaAction::Challenge, events);
                Ok(())
            }
            (Phase::Challenge(_), _) => Err(ActionError::illegal(
                "Challenge the word just laid, or let it stand.",
            )),
            (Phase::Over, _) => Err(ActionError::GameOver),
        })
    }

    fn view_for(&self, viewer: Option<SeatId>) -> AlphaView {
        let mine = self.phase.playing(viewer, &self.base.turn);
        let own = AlphaFacts {
            pile: self.pile.cards().to_vec(),
            owed: self.owed,
            melded: self.melded,
            must_use: if mine { self.deep.obliged() } else { None },
            can_take_back: mine && self.take_back_refusal(self.base.turn.current()).is_none(),
            took_back: mine && self.deep.took_back(),
            round_points: self.round_points.clone(),
            round: self.round_number(),
            last_round: self.last_round.clone(),
        };
        self.base.seat_view(
            viewer,
            (self.to_move(), self.phase.clone()),
            self.totals(),
            own,
        )
    }

    fn hidden_cards(&self, viewer: Option<SeatId>) -> Vec<CardId> {
        self.base.hidden_from(viewer)
    }

    fn takes_back(action: &AlphaAction) -> bool {
        *action == AlphaAction::TakeBack
    }

    fn rule_notes(setup: &Setup<AlphaOptions>) -> Vec<String> {
        let options = &setup.rules.options;
        let table = score::table();
        let column = |f: &dyn Fn(&(usize, i64, usize)) -> String| -> String {
            crate::sentence::series(&table.iter().map(f).collect::<Vec<_>>(), "or")
        };
        let lengths = column(&|&(len, ..)| {
            if len == score::TOP_LEN {
                format!("{len}+")
            } else {
                len.to_string()
            }
        });
        let multipliers = column(&|&(_, m, _)| m.to_string());
        let bonus = column(&|&(.., b)| b.to_string());
        let subtract = if options.subtract {
            " The cards left in your hand when a round ends count against you."
        } else {
            ""
        };
        vec![
            format!(
                "Words of {MIN_LEN}+ letters. Going out, after a word with no card left \
                 or {OUT_WITH} to discard, gives you {HAND} fresh cards instead of the \
                 bonus. With the stock out, a pass ends the round, and words earn no \
                 bonus cards."
            ),
            format!(
                "Scoring: the cards you lay (for an add-on, only the added ones) \
                 times {multipliers} for a word of {lengths} letters, which earns \
                 {bonus} bonus cards. The value is on each card.{subtract}"
            ),
            format!("First to {} wins at once.", options.target),
        ]
    }

    fn scores(&self) -> Vec<i64> {
        self.totals()
    }

    fn leaders(&self) -> Vec<SeatId> {
        seats_with_highest(&self.totals())
    }

    fn stats(&self) -> GameStats {
        self.base.stats(self.dry_rounds)
    }

    fn cards_in_play(&self) -> Vec<Card> {
        let mut all = self.base.cards();
        all.extend(self.pile.cards());
        all
    }

    fn goes_out(event: &AlphaEvent) -> bool {
        matches!(event, AlphaEvent::WentOut { .. })
    }

    fn word_made(event: &AlphaEvent) -> Option<&str> {
        match event {
            AlphaEvent::Melded { word, .. } | AlphaEvent::AddedOn { word, .. } => Some(word),
            _ => None,
        }
    }

    crate::wordgame::word_rules!();
}

impl Players for AlphaRummy {
    fn bot(level: BotLevel, setup: &Setup<AlphaOptions>) -> Option<Box<dyn Bot<AlphaRummy>>> {
        if level == BotLevel::Expert {
            return crate::expert::Expert::boxed(setup, bots::EFFORT);
        }
        bots::AlphaBot::boxed(level, &setup.dict, setup.rules.options.bot_words)
    }

    crate::wordgame::word_hints!();
}

impl Redeal for AlphaRummy {
    fn redeal(&mut self, seat: SeatId, rng: &mut GameRng) {
        self.deep.redeal(seat, rng);
        self.base.redeal(seat, true, rng);
    }
}

impl Sampled for AlphaRummy {
    fn sample_action(&self, seat: SeatId, rng: &mut GameRng) -> AlphaAction {
        sample(&self.view(seat), rng)
    }
}

/// A random move for the view's seat, for the random-play test: mostly
/// moves that look legal, some junk.
fn sample(view: &AlphaView, rng: &mut GameRng) -> AlphaAction {
    let letters = |rng: &mut GameRng| -> String {
        let n = 4 + rng.below(3) as usize;
        (0..n)
            .map(|_| {
                rng.pick(&view.hand)
                    .and_then(|c| c.face.letter())
                    .or_else(|| Letter::from_index(rng.below(26) as usize))
                    .map_or('E', |l| l.upper())
            })
            .collect()
    };
    if rng.chance(1, 20) {
        return match rng.below(4) {
            0 => AlphaAction::Discard {
                card: junk_card(rng),
            },
            1 => AlphaAction::TakePile {
                pos: rng.below(200) as usize,
            },
            2 => AlphaAction::AddOn {
                target: rng.below(50) as u32,
                word: "QZXV".into(),
                cards: Some(vec![junk_card(rng)]),
            },
            _ => AlphaAction::Challenge,
        };
    }
    match &view.phase {
        Phase::Draw => match rng.below(10) {
            0..=5 => AlphaAction::DrawStock,
            6..=8 => AlphaAction::TakePile {
                pos: rng.below(view.pile.len() as u64 + 1) as usize,
            },
            _ => AlphaAction::Pass,
        },
        Phase::Play => match rng.below(20) {
            0..=3 => AlphaAction::Meld(Spelled {
                word: letters(rng),
                cards: None,
            }),
            4..=5 => match rng.pick(&view.table) {
                Some(w) => {
                    let mut text: Vec<char> = w.text().chars().collect();
                    let at = rng.below(text.len() as u64 + 1) as usize;
                    text.insert(at, letters(rng).chars().next().unwrap_or('E'));
                    AlphaAction::AddOn {
                        target: w.id,
                        word: text.into_iter().collect(),
                        cards: None,
                    }
                }
                None => AlphaAction::TakeBonus,
            },
            6..=7 => AlphaAction::TakeBonus,
            8 => AlphaAction::GoOut,
            9 => AlphaAction::TakeBack,
            _ => match rng.pick(&view.hand) {
                Some(c) => AlphaAction::Discard { card: c.id },
                None => AlphaAction::GoOut,
            },
        },
        Phase::Challenge(_) => {
            if rng.chance(1, 3) {
                AlphaAction::Challenge
            } else {
                AlphaAction::Pass
            }
        }
        Phase::Over => AlphaAction::Pass,
    }
}

#[cfg(test)]
mod tests;
