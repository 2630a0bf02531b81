//! Play On Words Rummy on the word-game kit: letter cards, flip cards (J or
//! X, V or Z) and combo cards (ST SH TH CH CK QU: one card, two letters),
//! two wilds; each turn a draw (and more while the hand holds fewer than
//! 8), at most one new word from hand and any number of play-ons (letters
//! inserted, a word rearranged, table words combined), scored per letter;
//! or, holding 8 and unable to play, up to three cards to the bottom of the
//! draw pile. Going out ends the round: the others each take a final turn,
//! then muggins (the unplayed cards face up, for the others to play) and a
//! point off for each unplayed letter. The Full Deck and Casual versions
//! are options.

pub mod bots;
mod events;
pub mod hint;
mod round;
mod sample;
pub mod score;

use crate::card::{Card, CardId, Face};
use crate::dict::{BotWords, Dictionary};
use crate::game::{
    ActionError, Bot, Game, GameStats, Players, Redeal, Sampled, Setup, SetupError, junk_card,
    on_copy,
};
use crate::open::{MoveKind, Open};
use crate::pile::Train;
use crate::rng::GameRng;
use crate::seat::{BotLevel, SeatId, seats_with_highest};
use crate::variant_id::VariantId;
use crate::word::{self, WordCheck, upper};
use crate::wordgame::Spelled;
use crate::wordgame::entry::{self, WordMove};
use crate::wordgame::{
    ChallengeWindow, Growing, Growth, Kit, Pending, Preview, SeatView, Tried, Window, WordAction,
    WordBase, WordGame, WordPhase, WordRules, choose_cards, owner_said,
};
pub use crate::wordgame::{Source, TableCard, TableWord};
pub use events::PowEvent;
use score::{GROWING, MIN_LEN, PlayScore};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Cards dealt in the Rummy version.
pub const HAND: usize = 7;
/// The most cards a seat draws up to (and the Full Deck hand).
pub const FULL: usize = 8;
/// The most cards put under the draw pile in one turn.
pub const MAX_DISCARD: usize = 3;
/// The most rounds a game may be set to.
pub const MAX_ROUNDS: u32 = 20;
/// A round ends after this many turns at the latest (a Full Deck round of
/// seats that only pass ends long before).
const MAX_TURNS: u32 = 2_000;
/// How muggins grows a word: a play-on of one table word (cards of
/// different seats never go together).
const MUG_GROWING: Growing = Growing {
    insert: true,
    rearrange: true,
    combine: false,
};

/// Which version of the game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Version {
    /// The Rummy directions.
    #[default]
    Rummy,
    /// Dealt 8, refill to 8 after each turn, nobody goes out, play to the
    /// end of the draw pile.
    FullDeck,
    /// The Rummy directions with no points: most rounds gone out first
    /// wins.
    Casual,
}

crate::rules::variant_options! {
    /// The options of `rules/play-on-words.toml`.
    pub struct PowOptions {
        pub version: Version = Version::Rummy,
            choices &["rummy", "full_deck", "casual"],
            label "Version",
            about "Rummy: go out to end a round. Full deck: refill to 8. Casual: no points.";
        pub words: WordCheck = WordCheck::Strict,
            choices &["strict", "challenge"],
            label "Word check",
            about "Strict: unknown words are refused. Challenge: words stand unless challenged.";
        pub muggins: bool = true,
            samples &["true", "false"],
            label "Leftover words",
            about "On: when a round ends, the others may make words of the cards left.";
        /// Rounds in a game; 0: 4 for 2 seats, 3 for 3 or 4.
        pub rounds: u32 = 0,
            samples &["1", "0"],
            label "Rounds",
            about "Rounds in a game; 0: 4 rounds for 2 players, 3 for 3 or 4.";
        /// Whether a flip card's or wild's letter stays as first chosen.
        pub fixed_letters: bool = true,
            samples &["true", "false"],
            label "Wilds keep letters",
            about "On: a wild or flip card keeps the letter it was first played as.";
        /// Which words bots and hints lay.
        pub bot_words: BotWords = BotWords::Everyday,
            choices BotWords::CHOICES,
            label "Bots' words",
            about BotWords::ABOUT;
    }

    fn check(&self) -> Result<(), String> {
        if self.rounds > MAX_ROUNDS {
            return Err(format!(
                "rounds must be between 1 and {MAX_ROUNDS}, or 0 for the rule's count"
            ));
        }
        Ok(())
    }
}

impl PowOptions {
    /// The rounds of a game of `seats`.
    pub fn rounds_for(&self, seats: usize) -> u32 {
        match self.rounds {
            0 if seats <= 2 => 4,
            0 => 3,
            n => n,
        }
    }
}

/// A Play On Words move. Words are named as text; the game finds the
/// cards, or takes the ones named (in word order) when the choice matters.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PowAction {
    /// Draw a card from the draw pile: to start the turn, and then one at a
    /// time while holding fewer than 8 and nothing laid yet.
    Draw,
    /// A new word from hand (at most one a turn).
    Word(Spelled),
    /// A play-on: table word `target` grown into `word` with cards from
    /// hand, inserted or rearranged.
    PlayOn {
        target: u32,
        word: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        cards: Option<Vec<CardId>>,
    },
    /// Table words `targets` and cards from hand combined into `word`.
    Combine {
        targets: Vec<u32>,
        word: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        cards: Option<Vec<CardId>>,
    },
    /// Holding 8 or more with nothing played: put a card under the draw
    /// pile (up to three a turn; the third ends the turn, and so does a
    /// pass).
    PutUnder { card: CardId },
    /// Muggins: play `victim`'s unplayed cards into a new word (`target`
    /// none) or onto table word `target`.
    Mug {
        victim: SeatId,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        target: Option<u32>,
        word: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        cards: Option<Vec<CardId>>,
    },
    /// Challenge the word just played.
    Challenge,
    /// End the turn; let a word stand; mug no more.
    Pass,
}

/// Where play stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// The seat to play starts its turn by drawing a card.
    Draw,
    /// The seat plays words, then passes (or puts cards under the pile).
    Play,
    /// A word was just played: each seat in `waiting` may challenge it.
    Challenge(ChallengeWindow),
    /// The unplayed cards lie face up: each seat in `waiting` may play
    /// other seats' cards, then passes.
    Muggins {
        waiting: Window,
    },
    Over,
}

impl WordAction for PowAction {
    fn named(&self) -> (Vec<CardId>, Option<u32>) {
        match self {
            PowAction::Word(Spelled { cards, .. }) => (cards.clone().unwrap_or_default(), None),
            PowAction::PlayOn { target, cards, .. } => {
                (cards.clone().unwrap_or_default(), Some(*target))
            }
            PowAction::Combine { targets, cards, .. } => {
                (cards.clone().unwrap_or_default(), targets.first().copied())
            }
            PowAction::Mug { target, cards, .. } => (cards.clone().unwrap_or_default(), *target),
            _ => (Vec::new(), None),
        }
    }
}

/// How a round ended, for everyone to see.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundResult {
    pub round: u32,
    /// The seat that went out (first), if one did.
    pub went_out: Option<SeatId>,
    /// Points each seat scored for words and bonuses this round.
    pub played: Vec<i64>,
    /// Points each seat mugged.
    pub mugged: Vec<i64>,
    /// The letters left in each hand, each a point off.
    pub left: Vec<i64>,
    /// Each seat's score for the round (Casual: 1 for the seat that went out
    /// first).
    pub scores: Vec<i64>,
}

impl RoundResult {
    /// The points seat `i` lost for the letters left in its hand.
    pub fn points_off(&self, i: usize) -> i64 {
        self.left.get(i).copied().unwrap_or(0) * score::LETTER_LEFT
    }

    /// What each letter left in a hand costs, in words: "a point".
    pub fn letter_cost() -> String {
        match score::LETTER_LEFT {
            1 => "a point".to_string(),
            n => format!("{n} points"),
        }
    }
}

/// What a seat sees: its own hand, the table, everyone's hand size and
/// score; during muggins every unplayed card. Never another hand or the
/// draw pile.
pub type PowView = SeatView<PowOptions, Phase, PowFacts>;

/// What a Play On Words seat sees besides what every word game shows.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PowFacts {
    /// During muggins: every seat's unplayed cards, face up.
    pub shown: Vec<Vec<Card>>,
    /// Whether the seat to play has laid a new word from hand this turn.
    pub new_word_laid: bool,
    /// Whether it has laid anything this turn.
    pub laid: bool,
    /// Whether it may draw another card now.
    pub can_draw: bool,
    /// Whether it may put a card under the draw pile now, and how many it
    /// has this turn.
    pub can_put_under: bool,
    pub put_under: usize,
    /// Why it may not put a card under now, in its play.
    pub put_under_refusal: Option<String>,
    /// Why it may not draw now, and why it may not end its turn, in its
    /// play. Worked out from the rest, so left out of the view's written
    /// form (which seeds the analysis of a position).
    #[serde(skip)]
    pub draw_refusal: Option<String>,
    #[serde(skip)]
    pub pass_refusal: Option<String>,
    /// Whether a new word of every card in hand now earns the bonus for
    /// the whole initial hand.
    pub initial_hand: bool,
    /// The round's final turns have begun (someone went out, or the draw
    /// pile ran dry); the seats still to take theirs.
    pub final_turns: Option<Vec<SeatId>>,
    /// The seat that went out this round.
    pub went_out: Option<SeatId>,
    pub round_points: Vec<i64>,
    /// 1-based round, and how many in the game.
    pub round: u32,
    pub rounds: u32,
    pub last_round: Option<RoundResult>,
}

impl PowView {
    /// The fewest letters a new word has.
    pub fn min_word_len(&self) -> usize {
        MIN_LEN
    }

    /// The moves open to this seat now ([`crate::open`]); nothing when it
    /// is not the seat to move.
    pub fn open(&self) -> Open<PowAction> {
        let mut open = Open::none();
        if self.to_move != Some(self.seat) || self.spectator {
            return open;
        }
        match &self.phase {
            Phase::Draw => {
                open.add(MoveKind::Draw, "draw a card to start your turn")
                    .making(PowAction::Draw)
                    .by_default();
            }
            Phase::Play => {
                let under = (self.put_under > 0).then(|| {
                    format!(
                        "This turn puts cards under the draw pile: put up to {} more, then end the turn.",
                        MAX_DISCARD - self.put_under
                    )
                });
                let word = if self.new_word_laid {
                    "type a play-on of the table's words"
                } else {
                    "type a new word, or grow the table's words"
                };
                open.add_unless(MoveKind::Word, word, under);
                let label = format!(
                    "draw another (you hold {}, at most {FULL})",
                    self.hand.len()
                );
                open.add_unless(MoveKind::Draw, label, self.draw_refusal.clone())
                    .making(PowAction::Draw);
                let put = if self.put_under > 0 {
                    format!(
                        "put up to {} more under the draw pile",
                        MAX_DISCARD - self.put_under
                    )
                } else {
                    format!("put up to {MAX_DISCARD} cards under the draw pile")
                };
                let refusal = match &self.put_under_refusal {
                    Some(why) => Some(why.clone()),
                    None if !self.can_put_under => {
                        Some("Cards go under the draw pile only in your play.".to_string())
                    }
                    None => None,
                };
                let detail = if self.put_under > 0 {
                    format!(
                        "Up to {} more may go under the draw pile; the last ends the turn.",
                        MAX_DISCARD - self.put_under
                    )
                } else {
                    format!(
                        "No play fits your {FULL} cards, so up to {MAX_DISCARD} may go \
                         under the draw pile this turn; the last ends it."
                    )
                };
                let closed = refusal.is_some();
                let m = open.add_unless(MoveKind::PutUnder, put, refusal);
                if !closed {
                    m.telling(detail);
                }
                let end = if self.laid || self.put_under > 0 {
                    "end the turn"
                } else {
                    "pass"
                };
                open.add_unless(MoveKind::Pass, end, self.pass_refusal.clone())
                    .making(PowAction::Pass);
            }
            Phase::Challenge(_) => {
                let w = self.challenged().map(|w| w.text()).unwrap_or_default();
                open.challenge_window(&w, PowAction::Challenge, PowAction::Pass);
            }
            Phase::Muggins { .. } => {
                open.in_the_open = true;
                open.add(MoveKind::Word, "type a word of another seat's cards");
                open.add(MoveKind::Pass, "pass").making(PowAction::Pass);
            }
            Phase::Over => {}
        }
        open
    }

    /// What kind of move `action` is, as [`PowView::open`] names them.
    pub fn kind(&self, action: &PowAction) -> MoveKind {
        use PowAction as A;
        match action {
            A::Draw => MoveKind::Draw,
            A::Word(_) | A::PlayOn { .. } | A::Combine { .. } | A::Mug { .. } => MoveKind::Word,
            A::PutUnder { .. } => MoveKind::PutUnder,
            A::Challenge => MoveKind::Challenge,
            A::Pass if matches!(self.phase, Phase::Challenge(_)) => MoveKind::LetStand,
            A::Pass => MoveKind::Pass,
        }
    }

    /// Whether it is this seat's move in a muggins window.
    pub fn mugging(&self) -> bool {
        matches!(self.phase, Phase::Muggins { .. }) && self.to_move == Some(self.seat)
    }

    /// Every move the typed `word` could stand for now: a new word from
    /// hand, a play-on of each table word, table words combined; in
    /// muggins, each other seat's cards as a new word or a play-on.
    pub fn word_moves(&self, word: &str) -> Vec<PowAction> {
        if self.to_move != Some(self.seat) {
            return Vec::new();
        }
        let word = word.trim().to_uppercase();
        let free = !self.options.fixed_letters;
        if self.mugging() {
            let mut out = Vec::new();
            for (i, cards) in self.shown.iter().enumerate() {
                let victim = SeatId(i as u8);
                if victim == self.seat || cards.is_empty() {
                    continue;
                }
                out.extend(
                    entry::word_moves_with(&word, cards, None, &self.table, MUG_GROWING, free)
                        .into_iter()
                        .filter_map(|m| match m {
                            WordMove::FromHand { cards: Some(c) } => Some(PowAction::Mug {
                                victim,
                                target: None,
                                word: word.clone(),
                                cards: Some(c),
                            }),
                            WordMove::Grow {
                                target,
                                cards: Some(c),
                            } => Some(PowAction::Mug {
                                victim,
                                target: Some(target),
                                word: word.clone(),
                                cards: Some(c),
                            }),
                            _ => None,
                        }),
                );
            }
            return out;
        }
        if self.phase != Phase::Play {
            return Vec::new();
        }
        entry::word_moves_with(&word, &self.hand, None, &self.table, GROWING, free)
            .into_iter()
            .map(|m| match m {
                WordMove::FromHand { cards } => PowAction::Word(Spelled {
                    word: word.clone(),
                    cards,
                }),
                WordMove::Grow { target, cards } => PowAction::PlayOn {
                    target,
                    word: word.clone(),
                    cards,
                },
                WordMove::Combine { targets, cards } => PowAction::Combine {
                    targets,
                    word: word.clone(),
                    cards,
                },
            })
            .collect()
    }
}

/// The turn as it was before a challenged word, for putting it back.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Resume {
    round_points: Vec<i64>,
    new_word_laid: bool,
    laid: bool,
}

/// A game of Play On Words Rummy in play.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayOnWords {
    base: WordBase<PowOptions, Resume>,
    /// 0-based round.
    round: u32,
    phase: Phase,
    /// The final turns still to be taken, the current one first.
    final_left: Option<Vec<SeatId>>,
    went_out: Option<SeatId>,
    new_word_laid: bool,
    laid: bool,
    /// Cards drawn this turn.
    drawn: usize,
    /// Cards put under the draw pile this turn.
    under: usize,
    /// Whether the seat to play holds 8, has played nothing and has no play
    /// (the engine's own search finds none): the one turn it may put cards
    /// under the draw pile. Worked out when the hand reaches 8 in a turn.
    stuck: bool,
    /// Seats that have not yet finished a turn this round.
    first_turn: Vec<bool>,
    /// Turns in a row in which nobody laid anything.
    idle_turns: usize,
    round_points: Vec<i64>,
    mugged: Vec<i64>,
    last_round: Option<RoundResult>,
    round_turns: u32,
    /// Rounds that ended with nobody out.
    dry_rounds: u32,
}

impl PlayOnWords {
    pub fn table(&self) -> &[TableWord] {
        self.base.table.words()
    }

    pub fn phase(&self) -> &Phase {
        &self.phase
    }

    pub fn options(&self) -> &PowOptions {
        &self.base.options
    }

    pub fn dictionary(&self) -> &Arc<Dictionary> {
        self.base.dictionary()
    }

    /// Each seat's score: earlier rounds and this one.
    pub fn totals(&self) -> Vec<i64> {
        let now = if self.base.options.version == Version::Casual {
            vec![0; self.base.names.len()]
        } else {
            self.round_points.clone()
        };
        self.base
            .sheet
            .totals()
            .iter()
            .zip(&now)
            .map(|(a, b)| a + b)
            .collect()
    }

    /// The round being played, from 1.
    pub fn round_number(&self) -> u32 {
        self.round + 1
    }

    fn full_deck(&self) -> bool {
        self.base.options.version == Version::FullDeck
    }

    fn deal_size(&self) -> usize {
        if self.full_deck() { FULL } else { HAND }
    }

    fn start_round(&mut self, events: &mut Vec<PowEvent>) -> Result<(), SetupError> {
        let n = self.base.names.len();
        let (first, pile) = self.base.deal(self.round, self.deal_size())?;
        // No discard pile in this game: the card that would start one goes
        // back under the draw pile.
        self.base.stock.put_under(pile.cards().iter().copied());
        self.final_left = None;
        self.went_out = None;
        self.first_turn = vec![true; n];
        self.idle_turns = 0;
        self.round_points = vec![0; n];
        self.mugged = vec![0; n];
        self.round_turns = 0;
        events.push(PowEvent::Dealt {
            round: self.round_number(),
            rounds: self.base.options.rounds_for(n),
            first: self.base.name(first),
            cards: self.deal_size(),
        });
        self.start_turn(events);
        Ok(())
    }

    /// Starts the turn of the seat whose turn it is: with a draw, unless
    /// the hand holds 8 already (no draw takes a hand past 8).
    fn start_turn(&mut self, events: &mut Vec<PowEvent>) {
        self.new_word_laid = false;
        self.laid = false;
        self.drawn = 0;
        self.under = 0;
        if self.base.options.version != Version::FullDeck
            && self.final_left.is_none()
            && self.base.stock.is_empty()
        {
            let left: Vec<SeatId> = self.base.turn.from(self.base.turn.current()).collect();
            self.final_left = Some(left);
            events.push(PowEvent::FinalTurns { went_out: None });
        }
        let seat = self.base.turn.current();
        let drawing = self.base.options.version != Version::FullDeck && !self.base.stock.is_empty();
        let full = self.base.hands[seat.index()].len() >= FULL;
        if drawing && full {
            events.push(PowEvent::HandFull {
                name: self.base.name(seat),
            });
        }
        self.phase = if drawing && !full {
            Phase::Draw
        } else {
            Phase::Play
        };
        self.settle_stuck();
    }

    /// Works out whether the seat to play is stuck: it holds 8, has played
    /// nothing this turn, the draw pile has cards, and the engine's own
    /// search (the hard bot's and the hints', over the words the table's
    /// bots lay) finds no new word, play-on or combination for its cards.
    fn settle_stuck(&mut self) {
        let seat = self.base.turn.current();
        let held = self.base.hands[seat.index()].len();
        self.stuck = false;
        if self.phase == Phase::Play
            && !self.laid
            && self.under == 0
            && held >= FULL
            && self.final_left.is_none()
            && !self.base.stock.is_empty()
        {
            let search = bots::PowBot::with_words(
                BotLevel::Hard,
                self.base.dict.0.clone(),
                self.base.options.bot_words,
            );
            self.stuck = !search.can_play(&self.view(seat));
        }
    }

    /// The letters each hand holds.
    fn letters_left(&self) -> Vec<i64> {
        self.base
            .hands
            .iter()
            .map(|h| h.cards().iter().map(|c| letter_count(c) as i64).sum())
            .collect()
    }

    fn snapshot(&self, seat: SeatId) -> Pending<Resume> {
        Pending::new(
            &self.base.table,
            &self.base.hands[seat.index()],
            &Train::new(),
            Resume {
                round_points: self.round_points.clone(),
                new_word_laid: self.new_word_laid,
                laid: self.laid,
            },
        )
    }

    /// Records a word's points at once and opens its challenge window (or,
    /// in strict play, lets it stand).
    fn after_word(
        &mut self,
        word: u32,
        seat: SeatId,
        points: i64,
        before: Pending<Resume>,
        events: &mut Vec<PowEvent>,
    ) {
        self.round_points[seat.index()] += points;
        self.laid = true;
        self.word_laid(word, seat, before, events);
    }

    /// `seat` has played its last card: it goes out (unless someone did
    /// first, or in the Full Deck version), and its turn ends.
    fn out_of_cards(&mut self, seat: SeatId, events: &mut Vec<PowEvent>) {
        if self.full_deck() || self.went_out.is_some() {
            self.end_turn(events);
            return;
        }
        self.went_out = Some(seat);
        let bonus = if self.base.options.version == Version::Rummy {
            score::OUT_BONUS
        } else {
            0
        };
        self.round_points[seat.index()] += bonus;
        events.push(PowEvent::WentOut {
            name: self.base.name(seat),
            bonus,
        });
        if self.base.options.version == Version::Casual {
            self.end_round(events);
            return;
        }
        if self.final_left.is_none() {
            let left: Vec<SeatId> = self.base.turn.from(seat).skip(1).collect();
            self.final_left = Some(left);
            events.push(PowEvent::FinalTurns {
                went_out: Some(self.base.name(seat)),
            });
            self.next_final_turn(events);
        } else {
            self.end_turn(events);
        }
    }

    /// The next final turn, or the end of the round's play.
    fn next_final_turn(&mut self, events: &mut Vec<PowEvent>) {
        let next = self.final_left.as_ref().and_then(|l| l.first().copied());
        match next {
            Some(s) => {
                self.base.turn.set(s);
                self.start_turn(events);
            }
            None => self.end_play(events),
        }
    }

    fn new_word(
        &mut self,
        seat: SeatId,
        text: &str,
        named: Option<&[CardId]>,
        events: &mut Vec<PowEvent>,
    ) -> Result<(), ActionError> {
        self.check_may_play()?;
        if self.new_word_laid {
            return Err(ActionError::illegal(
                "You have laid a new word this turn already: play on the table's words instead.",
            ));
        }
        let w = word::letters(text).map_err(|e| ActionError::illegal(e.to_string()))?;
        let label = upper(&w);
        if w.len() < MIN_LEN {
            return Err(ActionError::illegal(format!(
                "A new word needs at least {MIN_LEN} letters."
            )));
        }
        let s = seat.index();
        let hand = self.base.hands[s].cards().to_vec();
        let placed = choose_cards(std::slice::from_ref(&w), &label, &hand, named, None)?;
        score::check_plural(&label, None).map_err(ActionError::illegal)?;
        entry::check_word(&self.base.dict, self.base.options.words, &w)?;
        let whole_hand = self.initial_hand() && placed.len() == hand.len();
        let before = self.snapshot(seat);
        let cards = entry::lay(&mut self.base.hands[s], &placed, seat);
        let len = cards.iter().map(TableCard::width).sum();
        let bonus = if whole_hand {
            score::INITIAL_HAND_BONUS
        } else {
            0
        };
        let points = self.scored(score::new_word(len)) + bonus;
        let id = self.base.table.add(seat, cards, Source::Hand);
        self.new_word_laid = true;
        events.push(PowEvent::Laid {
            name: self.base.name(seat),
            word: label,
            points,
            bonus,
        });
        self.after_word(id, seat, points, before, events);
        Ok(())
    }

    /// Refuses a word in a turn that puts cards under the draw pile.
    fn check_may_play(&self) -> Result<(), ActionError> {
        if self.under > 0 {
            return Err(ActionError::illegal(
                "This turn puts cards under the draw pile: put up to three, then pass.",
            ));
        }
        Ok(())
    }

    /// Points of a play in this version (none in Casual).
    fn scored(&self, s: PlayScore) -> i64 {
        if self.base.options.version == Version::Casual {
            0
        } else {
            s.points
        }
    }

    /// The table words `ids`, each as its cards' letters, with their
    /// cards; refuses a missing or repeated one.
    fn targets(&self, ids: &[u32]) -> Result<Vec<TableWord>, ActionError> {
        let mut out: Vec<TableWord> = Vec::new();
        for id in ids {
            let w = self
                .base
                .table
                .get(*id)
                .ok_or_else(|| ActionError::illegal("There is no such word on the table."))?;
            if out.iter().any(|o| o.id == *id) {
                return Err(ActionError::illegal("Each word can be combined only once."));
            }
            out.push(w.clone());
        }
        Ok(out)
    }

    /// The ways table words `olds` grow into `text` (see
    /// [`entry::rebuilds`]): wild and flip cards keep their letters unless
    /// the option frees them.
    fn ways(
        &self,
        olds: &[TableWord],
        text: &str,
        growing: Growing,
    ) -> Result<Vec<entry::Rebuild>, ActionError> {
        let refs: Vec<&TableWord> = olds.iter().collect();
        entry::rebuilds(&refs, text, growing, !self.base.options.fixed_letters)
            .map_err(|e| ActionError::illegal(e.to_string()))
    }

    fn play_on(
        &mut self,
        seat: SeatId,
        targets: &[u32],
        text: &str,
        named: Option<&[CardId]>,
        events: &mut Vec<PowEvent>,
    ) -> Result<(), ActionError> {
        self.check_may_play()?;
        let olds = self.targets(targets)?;
        if olds.is_empty() {
            return Err(ActionError::illegal(
                "Name the word on the table to play on.",
            ));
        }
        if olds.len() > 1 && targets.len() < 2 {
            return Err(ActionError::illegal("Combine two words or more."));
        }
        let ways = self.ways(&olds, text, GROWING)?;
        let label = ways
            .first()
            .map(|w| upper(&w.growth.word))
            .unwrap_or_default();
        let s = seat.index();
        let hand = self.base.hands[s].cards().to_vec();
        let (way, placed) = entry::choose_rebuild(ways, &label, &hand, named, None)?;
        let growth = &way.growth;
        score::check_plural(&label, Some(growth)).map_err(ActionError::illegal)?;
        entry::check_word(&self.base.dict, self.base.options.words, &growth.word)?;
        let before = self.snapshot(seat);
        let laid = entry::lay(&mut self.base.hands[s], &placed, seat);
        let cards = way
            .assemble(&laid)
            .ok_or_else(|| ActionError::illegal(format!("Those cards do not spell {label}.")))?;
        let points = self.scored(score::growth(growth));
        let names: Vec<String> = olds
            .iter()
            .map(|w| {
                format!(
                    "{} {}",
                    owner_said(w.owner, seat, &self.base.names),
                    w.text()
                )
            })
            .collect();
        let id = if olds.len() == 1 {
            let id = olds[0].id;
            if let Some(w) = self.base.table.get_mut(id) {
                w.cards = cards;
                w.credit = w.len();
            }
            id
        } else {
            let ids: Vec<u32> = olds.iter().map(|w| w.id).collect();
            self.base.table.remove(&ids);
            self.base.table.add(seat, cards, Source::Combined)
        };
        events.push(PowEvent::PlayedOn {
            name: self.base.name(seat),
            old: names.join(" and "),
            word: label,
            how: how(growth),
            points,
        });
        self.after_word(id, seat, points, before, events);
        Ok(())
    }

    /// Ends the turn of the seat to play and starts the next one.
    fn end_turn(&mut self, events: &mut Vec<PowEvent>) {
        let seat = self.base.turn.current();
        self.base.word_turn.end_turn();
        self.base.turns += 1;
        self.round_turns += 1;
        self.first_turn[seat.index()] = false;
        self.idle_turns = if self.laid { 0 } else { self.idle_turns + 1 };
        if self.full_deck() && !self.base.stock.is_empty() {
            let short = FULL.saturating_sub(self.base.hands[seat.index()].len());
            let cards = self.base.stock.draw_up_to(short);
            if !cards.is_empty() {
                events.push(PowEvent::Refilled {
                    name: self.base.name(seat),
                    count: cards.len(),
                });
            }
            self.base.hands[seat.index()].extend(cards);
        }
        if let Some(left) = &mut self.final_left {
            left.retain(|&s| s != seat);
            self.next_final_turn(events);
            return;
        }
        let n = self.base.names.len();
        if self.round_turns >= MAX_TURNS
            || (self.full_deck() && self.base.stock.is_empty() && self.idle_turns >= n)
        {
            self.end_play(events);
            return;
        }
        loop {
            let next = self
                .base
                .word_turn
                .pass_turn(&mut self.base.turn, &self.base.names, events);
            // A Full Deck seat with no cards left has nothing to play.
            if self.full_deck() && self.base.hands[next.index()].is_empty() {
                self.idle_turns += 1;
                if self.idle_turns >= n {
                    self.end_play(events);
                    return;
                }
                continue;
            }
            break;
        }
        self.start_turn(events);
    }

    /// Whether a new word of every card in hand would be the whole initial
    /// hand in one word: the seat's first turn of the round in the Rummy
    /// version, with the card that starts the turn drawn and nothing else.
    fn initial_hand(&self) -> bool {
        let s = self.base.turn.current().index();
        self.base.options.version == Version::Rummy
            && self.phase == Phase::Play
            && self.first_turn[s]
            && self.drawn == 1
            && !self.laid
            && self.base.hands[s].len() == FULL
    }

    /// Whether the seat to play may draw another card now.
    fn can_draw(&self) -> bool {
        match self.phase {
            Phase::Draw => true,
            Phase::Play => {
                self.base.options.version != Version::FullDeck
                    && self.final_left.is_none()
                    && !self.laid
                    && self.under == 0
                    && !self.base.stock.is_empty()
                    && self.base.hands[self.base.turn.current().index()].len() < FULL
            }
            _ => false,
        }
    }

    /// Why the seat to play may not draw now (`None` when it may).
    fn draw_refusal(&self) -> Option<String> {
        if self.can_draw() {
            return None;
        }
        let held = self.base.hands[self.base.turn.current().index()].len();
        Some(if self.base.stock.is_empty() {
            "The draw pile is empty.".to_string()
        } else if self.full_deck() {
            "In the Full Deck version the hand is refilled after the turn: play, or pass."
                .to_string()
        } else if self.final_left.is_some() {
            "This is a final turn: one card only.".to_string()
        } else if self.under > 0 {
            "This turn puts cards under the draw pile: put up to three, then pass.".to_string()
        } else if self.laid {
            "Cards are drawn at the start of the turn, before you play.".to_string()
        } else {
            format!("You hold {held} cards: draw only while you hold fewer than {FULL}.")
        })
    }

    fn draw(&mut self, seat: SeatId, events: &mut Vec<PowEvent>) -> Result<(), ActionError> {
        if let Some(why) = self.draw_refusal() {
            return Err(ActionError::illegal(why));
        }
        let c = self
            .base
            .stock
            .draw()
            .map_err(|_| ActionError::illegal("The draw pile is empty."))?;
        self.base.hands[seat.index()].add(c);
        events.push(PowEvent::Drew {
            name: self.base.name(seat),
            more: self.drawn > 0,
        });
        self.drawn += 1;
        self.phase = Phase::Play;
        self.settle_stuck();
        Ok(())
    }

    /// Whether the seat to play may put a card under the draw pile: it has
    /// played nothing this turn, holds 8 and has no play (or has begun
    /// putting cards under), and the round is not in its last turns.
    fn can_put_under(&self) -> bool {
        let held = self.base.hands[self.base.turn.current().index()].len();
        self.phase == Phase::Play
            && !self.laid
            && self.final_left.is_none()
            && !self.base.stock.is_empty()
            && self.under < MAX_DISCARD
            && (self.under > 0 || (held >= FULL && self.stuck))
            && held > 0
    }

    /// Why the seat to play may not put a card under the draw pile now, in
    /// its play (`None` when it may, or when it is not playing).
    fn put_under_refusal(&self) -> Option<String> {
        if self.phase != Phase::Play || self.can_put_under() {
            return None;
        }
        let held = self.base.hands[self.base.turn.current().index()].len();
        Some(if self.laid {
            "Cards go under the draw pile only in a turn with no play.".to_string()
        } else if self.final_left.is_some() || self.base.stock.is_empty() {
            "Not now: in the round's last turns cards stay in hand.".to_string()
        } else if self.under >= MAX_DISCARD {
            format!("At most {MAX_DISCARD} cards go under the draw pile: pass.")
        } else if held >= FULL {
            "Your cards can still make a word or a play-on: cards go under the draw pile only when nothing can be played.".to_string()
        } else {
            format!(
                "You hold {held} cards: cards go under the draw pile only when you hold {FULL} and cannot play."
            )
        })
    }

    fn put_under(
        &mut self,
        seat: SeatId,
        card: CardId,
        events: &mut Vec<PowEvent>,
    ) -> Result<(), ActionError> {
        if !self.can_put_under() {
            let why = self.put_under_refusal();
            return Err(ActionError::illegal(why.unwrap_or_else(|| {
                "Cards go under the draw pile only in your play.".to_string()
            })));
        }
        let c = self.base.hands[seat.index()]
            .take(card)
            .map_err(|_| ActionError::illegal("That card is not in your hand."))?;
        self.base.stock.put_under([c]);
        self.under += 1;
        events.push(PowEvent::PutUnder {
            name: self.base.name(seat),
        });
        if self.under >= MAX_DISCARD {
            self.end_turn(events);
        }
        Ok(())
    }

    /// Ends the turn by passing.
    /// Why the seat to play may not end its turn now (`None` when it
    /// may): a seat that could still draw plays or draws first.
    fn pass_refusal(&self) -> Option<String> {
        let held = self.base.hands[self.base.turn.current().index()].len();
        let ended_early = !self.laid
            && self.under == 0
            && self.final_left.is_none()
            && !self.base.stock.is_empty()
            && held < FULL
            && self.base.options.version != Version::FullDeck;
        ended_early.then(|| {
            format!("You hold {held} cards: play a word, or draw up to {FULL} before you give up the turn.")
        })
    }

    fn pass(&mut self, seat: SeatId, events: &mut Vec<PowEvent>) -> Result<(), ActionError> {
        if let Some(why) = self.pass_refusal() {
            return Err(ActionError::illegal(why));
        }
        // A turn that laid words or put cards under ends with no pass.
        if !self.laid && self.under == 0 {
            events.push(PowEvent::Passed {
                name: self.base.name(seat),
            });
        }
        self.end_turn(events);
        Ok(())
    }

    /// Whether the unplayed cards lie face up (muggins).
    fn shown(&self) -> bool {
        matches!(self.phase, Phase::Muggins { .. })
    }
}

/// How many letters a card counts for: 2 for a combo card.
pub fn letter_count(c: &Card) -> usize {
    match c.face {
        Face::Combo(..) => 2,
        _ => 1,
    }
}

/// "rearranged", "letters added inside", "combined" ...: how a play grew.
pub(crate) fn how(g: &Growth) -> String {
    use crate::wordgame::GrowthKind;
    match g.kind {
        GrowthKind::Ends => "added on".into(),
        GrowthKind::Inserted if g.added().len() >= 2 && g.into_body() => {
            "letters added inside".into()
        }
        GrowthKind::Inserted => "added in".into(),
        GrowthKind::Rearranged => "rearranged".into(),
        GrowthKind::Combined { rearranged: false } => "combined".into(),
        GrowthKind::Combined { rearranged: true } => "combined and rearranged".into(),
    }
}

crate::wordgame::turn::word_phase!(Phase, PowEvent; Muggins);

impl WordRules for PlayOnWords {
    type Phase = Phase;
    type Resume = Resume;
    type Event = PowEvent;

    /// A word stands: play goes on, unless the hand is empty.
    fn stands(&mut self, player: SeatId, _: Resume, events: &mut Vec<PowEvent>) {
        self.phase = Phase::Play;
        if self.base.hands[player.index()].is_empty() {
            self.out_of_cards(player, events);
        }
    }

    /// The word's points go and the turn ends.
    fn upheld(&mut self, _player: SeatId, resume: Resume, events: &mut Vec<PowEvent>) {
        self.round_points = resume.round_points;
        self.new_word_laid = resume.new_word_laid;
        self.laid = resume.laid;
        self.phase = Phase::Play;
        self.end_turn(events);
    }

    fn kit(&mut self) -> Kit<'_, Phase, Resume> {
        let words = self.base.options.words;
        self.base.kit(&mut self.phase, words, None)
    }
}

impl WordGame for PlayOnWords {
    fn word_moves(&self, seat: SeatId, word: &str) -> Vec<PowAction> {
        self.view(seat).word_moves(word)
    }

    fn bonus_points(event: &PowEvent) -> i64 {
        match event {
            PowEvent::WentOut { bonus, .. } => *bonus,
            _ => 0,
        }
    }

    fn preview(&self, seat: SeatId, action: &PowAction) -> Result<Preview, ActionError> {
        let tried = Tried::new(self, (seat, action), |g| &g.base.table)?;
        let points: i64 = tried
            .events
            .iter()
            .map(|e| match e {
                PowEvent::Laid { points, .. }
                | PowEvent::PlayedOn { points, .. }
                | PowEvent::Mugged { points, .. } => *points,
                _ => 0,
            })
            .sum();
        let mut earns = Vec::new();
        for e in &tried.events {
            match e {
                PowEvent::Laid { bonus, .. } if *bonus > 0 => {
                    earns.push(format!("{bonus} of them for the whole initial hand"));
                }
                PowEvent::WentOut { bonus, .. } if *bonus > 0 => {
                    earns.push(format!("and you go out: {bonus} more"));
                }
                PowEvent::WentOut { .. } => earns.push("and you go out".into()),
                _ => {}
            }
        }
        let whose = |id: &u32| {
            self.base.table.get(*id).map_or("a word".to_string(), |w| {
                crate::wordgame::whose(w, seat, &self.base.names)
            })
        };
        // "rearranged, 2 a letter": how it grew, and its rate.
        let how = tried
            .events
            .iter()
            .find_map(|e| match e {
                PowEvent::PlayedOn {
                    how, points, word, ..
                } if *points > 0 => Some(format!(
                    "{how}, {} a letter",
                    points / (word.len() as i64).max(1)
                )),
                PowEvent::PlayedOn { how, .. } => Some(how.clone()),
                _ => None,
            })
            .unwrap_or_default();
        let (doing, grows) = match action {
            PowAction::Word(Spelled { word, .. })
                if self.base.options.version == Version::Casual =>
            {
                (format!("lay {} from your hand", word.to_uppercase()), None)
            }
            PowAction::Word(Spelled { word, .. }) => (
                format!("lay {} from your hand (2 a letter)", word.to_uppercase()),
                None,
            ),
            PowAction::PlayOn { target, word, .. } => (
                format!(
                    "make {} into {} ({how})",
                    whose(target),
                    word.to_uppercase(),
                ),
                Some(*target),
            ),
            PowAction::Combine { targets, word, .. } => {
                let each: Vec<String> = targets.iter().map(whose).collect();
                (
                    format!(
                        "make {} into {} ({how})",
                        each.join(" and "),
                        word.to_uppercase(),
                    ),
                    targets.first().copied(),
                )
            }
            PowAction::Mug {
                victim,
                target,
                word,
                ..
            } => {
                let from = format!(
                    "{} cards",
                    crate::seat::possessive(&self.base.name(*victim))
                );
                match target {
                    None => (format!("mug {from} into {}", word.to_uppercase()), None),
                    Some(t) => (
                        format!("mug {from} onto {} as {}", whose(t), word.to_uppercase()),
                        Some(*t),
                    ),
                }
            }
            _ => (String::new(), None),
        };
        Ok(tried.preview(doing, points, earns, grows))
    }
}

impl Game for PlayOnWords {
    fn score_rows(&self) -> Vec<crate::seat::ScoreRow> {
        self.base.sheet.rows().to_vec()
    }

    type Options = PowOptions;
    type Action = PowAction;
    type View = PowView;
    type Event = PowEvent;

    const VARIANT: VariantId = VariantId::PlayOnWords;
    const REVEALS: &'static str = "a draw from the draw pile or a deal";

    fn new(setup: &Setup<PowOptions>) -> Result<PlayOnWords, SetupError> {
        let hand = if setup.rules.options.version == Version::FullDeck {
            FULL
        } else {
            HAND
        };
        let base = WordBase::new(setup, "Play On Words", (hand, true), 4)?;
        let n = base.names.len();
        let mut game = PlayOnWords {
            base,
            round: 0,
            phase: Phase::Draw,
            final_left: None,
            went_out: None,
            new_word_laid: false,
            laid: false,
            drawn: 0,
            under: 0,
            stuck: false,
            first_turn: vec![true; n],
            idle_turns: 0,
            round_points: vec![0; n],
            mugged: vec![0; n],
            last_round: None,
            round_turns: 0,
            dry_rounds: 0,
        };
        game.start_round(&mut Vec::new())?;
        Ok(game)
    }

    fn act(&mut self, seat: SeatId, action: &PowAction) -> Result<Vec<PowEvent>, ActionError> {
        on_copy(self, |next, events| {
            match (next.phase.clone(), action) {
                (Phase::Draw, PowAction::Draw) | (Phase::Play, PowAction::Draw) => {
                    next.draw(seat, events)?
                }
                (Phase::Draw, _) => {
                    return Err(ActionError::illegal(format!(
                        "{} starts the turn by drawing a card.",
                        next.base.name(seat)
                    )));
                }
                (Phase::Play, PowAction::Word(Spelled { word, cards })) => {
                    next.new_word(seat, word, cards.as_deref(), events)?
                }
                (
                    Phase::Play,
                    PowAction::PlayOn {
                        target,
                        word,
                        cards,
                    },
                ) => next.play_on(seat, &[*target], word, cards.as_deref(), events)?,
                (
                    Phase::Play,
                    PowAction::Combine {
                        targets,
                        word,
                        cards,
                    },
                ) => {
                    if targets.len() < 2 {
                        return Err(ActionError::illegal("Combine two words or more."));
                    }
                    next.play_on(seat, targets, word, cards.as_deref(), events)?
                }
                (Phase::Play, PowAction::PutUnder { card }) => {
                    next.put_under(seat, *card, events)?
                }
                (Phase::Play, PowAction::Pass) => next.pass(seat, events)?,
                (Phase::Play, _) => {
                    return Err(ActionError::illegal(
                        "Play a word or a play-on, or end your turn.",
                    ));
                }
                (Phase::Challenge(_), PowAction::Pass | PowAction::Challenge) => {
                    next.answer(seat, *action == PowAction::Challenge, events)
                }
                (Phase::Challenge(_), _) => {
                    return Err(ActionError::illegal(
                        "Challenge the word just played, or let it stand.",
                    ));
                }
                (
                    Phase::Muggins { .. },
                    PowAction::Mug {
                        victim,
                        target,
                        word,
                        cards,
                    },
                ) => next.mug(seat, *victim, *target, word, cards.as_deref(), events)?,
                (Phase::Muggins { .. }, PowAction::Pass) => {
                    events.push(PowEvent::MugginsPassed {
                        name: next.base.name(seat),
                    });
                    if let Phase::Muggins { waiting } = &mut next.phase {
                        waiting.pass();
                        if waiting.is_closed() {
                            next.end_round(events);
                        }
                    }
                }
                (Phase::Muggins { .. }, _) => {
                    return Err(ActionError::illegal(
                        "Muggins: play other seats' cards into a word, or pass.",
                    ));
                }
                (Phase::Over, _) => return Err(ActionError::GameOver),
            }
            Ok(())
        })
    }

    fn view_for(&self, viewer: Option<SeatId>) -> PowView {
        let mine = viewer == Some(self.base.turn.current());
        let own = PowFacts {
            shown: if self.shown() {
                self.base.hands.iter().map(|h| h.cards().to_vec()).collect()
            } else {
                Vec::new()
            },
            new_word_laid: self.new_word_laid,
            laid: self.laid,
            can_draw: mine && self.can_draw(),
            can_put_under: mine && self.can_put_under(),
            put_under: if mine { self.under } else { 0 },
            put_under_refusal: self.put_under_refusal().filter(|_| mine),
            draw_refusal: self.draw_refusal().filter(|_| mine),
            pass_refusal: self
                .pass_refusal()
                .filter(|_| mine && self.phase == Phase::Play),
            initial_hand: mine && self.initial_hand(),
            final_turns: self
                .final_left
                .clone()
                .filter(|_| self.phase != Phase::Over),
            went_out: self.went_out,
            round_points: self.round_points.clone(),
            round: self.round_number(),
            rounds: self.base.options.rounds_for(self.base.names.len()),
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
        if self.shown() {
            return self.base.stock.cards().iter().map(|c| c.id).collect();
        }
        self.base.hidden_from(viewer)
    }

    fn rule_notes(setup: &Setup<PowOptions>) -> Vec<String> {
        let rules = &setup.rules;
        let options = &rules.options;
        let version = options.version;
        let mut notes = vec![
            match version {
                Version::FullDeck => {
                    format!("Full Deck: no draws; the hand is refilled to {FULL} after each turn.")
                }
                _ => format!(
                    "Each turn starts with a draw; draw more while under {FULL} cards \
                     with nothing laid."
                ),
            },
            format!(
                "With no play at {FULL} cards, up to {MAX_DISCARD} may go under the \
                 draw pile, the last ending the turn. A turn lays one new word ({MIN_LEN}+ \
                 letters) and play-ons: table words with letters added, rearranged or \
                 combined."
            ),
        ];
        if version == Version::Casual {
            notes.push("Casual: no points; the first seat out wins the round.".to_string());
        } else {
            let out = if version == Version::Rummy {
                format!(
                    " Out +{}; whole first hand in one word +{}.",
                    score::OUT_BONUS,
                    score::INITIAL_HAND_BONUS
                )
            } else {
                String::new()
            };
            notes.push(format!(
                "Per letter{}: new word {}; play-on {}, or {} if rearranged or {}+ letters \
                 go in, one inside.{out} Each letter left: -{}.",
                combos(&rules.deck),
                score::NEW_WORD,
                score::PLAY_ON,
                score::PLAY_ON_REBUILT,
                score::MANY_ADDED,
                score::LETTER_LEFT
            ));
            if options.muggins {
                notes.push(format!(
                    "Muggins: a word another seat missed, made of its face-up cards, \
                     scores {} a letter.",
                    score::MUGGINS
                ));
            }
        }
        notes
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
        self.base.cards()
    }

    fn goes_out(event: &PowEvent) -> bool {
        matches!(event, PowEvent::WentOut { .. })
    }

    fn word_made(event: &PowEvent) -> Option<&str> {
        event.word_made()
    }

    crate::wordgame::word_rules!();
}

impl Players for PlayOnWords {
    fn bot(level: BotLevel, setup: &Setup<PowOptions>) -> Option<Box<dyn Bot<PlayOnWords>>> {
        if level == BotLevel::Expert {
            return crate::expert::Expert::boxed(setup, bots::EFFORT);
        }
        bots::PowBot::boxed(level, &setup.dict, setup.rules.options.bot_words)
    }

    crate::wordgame::word_hints!();
}

impl Redeal for PlayOnWords {
    fn redeal(&mut self, seat: SeatId, rng: &mut GameRng) {
        let hidden = !self.shown();
        self.base.redeal(seat, hidden, rng);
    }
}

impl Sampled for PlayOnWords {
    fn sample_action(&self, seat: SeatId, rng: &mut GameRng) -> PowAction {
        sample::sample(&self.view(seat), rng)
    }
}

/// What a combo card counts in the deck, for the help: " (a combo card
/// such as CH counts 2)"; nothing in a deck without them.
fn combos(deck: &crate::deck::DeckSpec) -> String {
    let combos: Vec<&String> = deck
        .letters
        .keys()
        .filter(|k| k.chars().count() > 1 && !k.contains('/'))
        .collect();
    let Some(first) = combos.first() else {
        return String::new();
    };
    let letters = first.chars().count();
    if combos.iter().all(|k| k.chars().count() == letters) {
        format!(" (a combo card such as {first} counts {letters})")
    } else {
        format!(" (a combo card counts its letters, {first} {letters})")
    }
}

#[cfg(test)]
mod tests;
