//! 5 Suited Rummy: eleven rounds dealing 3 to 13 cards, a wild rank that
//! rotates with the round (3s in round one up to Kings in round eleven) and
//! three jokers always wild. Draw from the stock or the discard pile, discard
//! one card; a seat whose whole hand but the discard forms sets and runs goes
//! out, every other seat takes one final turn and lays down what it can, and
//! what is left in hand scores against it. Lowest total after the last round
//! wins.

pub mod bots;
pub mod hint;
pub mod meld;
pub mod oracle;
pub mod review;

use crate::card::{Card, CardId, Rank, list};
use crate::deck::DeckSpec;
use crate::game::{
    ActionError, Bot, Game, GameStats, Players, Redeal, Reviewed, Sampled, Setup, SetupError,
    announce_winners, junk_card, sample_listed, seat_name,
};
use crate::open::{MoveKind, Open};
use crate::pile::{Hand, Stock, Train};
use crate::rng::GameRng;
use crate::seat::{BotLevel, ScoreRow, ScoreSheet, SeatId, TurnOrder, seats_with_lowest};
use crate::variant_id::VariantId;
use meld::{Arrangement, HIGH, LOW, arrange, deadwood};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Rounds in a full game: 3 to 13 cards.
pub const ROUNDS: u32 = (HIGH - LOW + 1) as u32;

crate::rules::variant_options! {
    /// The options of `rules/five-suited.toml`.
    pub struct FiveSuitedOptions {
        /// Rounds to play, from the 3-card round up (11 is the whole game).
        pub rounds: u32 = ROUNDS,
            samples &["2", "11"],
            label "Rounds",
            about "Rounds to play, from the 3-card round up; 11 is the whole game.";
        /// How many times a round may shuffle the discard pile (all but its
        /// top card) into a new stock when the stock runs out; after that, an
        /// empty stock ends the round.
        pub reshuffles: u32 = 2,
            samples &["0", "2"],
            label "Reshuffles",
            about "Times a round the discard pile may become a new stock (0 to 10).";
    }

    fn check(&self) -> Result<(), String> {
        if self.rounds == 0 || self.rounds > ROUNDS {
            return Err(format!("rounds must be between 1 and {ROUNDS}"));
        }
        if self.reshuffles > 10 {
            return Err("reshuffles must be between 0 and 10".into());
        }
        Ok(())
    }
}

/// The most seats a game takes (two decks).
pub const MAX_SEATS: usize = 7;
/// The most a joker may score: the solver adds points in 16 bits.
pub const MAX_JOKER_POINTS: i32 = 1_000;
/// Seats up to this many play with one deck; more play with two.
pub const ONE_DECK_SEATS: usize = 4;

/// A 5 Suited Rummy move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FiveAction {
    /// Draw the top card of the stock.
    DrawStock,
    /// Take the top card of the discard pile.
    TakeDiscard,
    /// Discard a card, ending the turn. If the rest of the hand forms melds,
    /// this goes out.
    Discard { card: CardId },
}

/// Where a turn stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    Draw,
    Discard,
}

/// How a round ended, for every seat to see.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundResult {
    /// 1-based round.
    pub round: u32,
    pub wild: Rank,
    /// Each seat's hand laid out at the end.
    pub laid: Vec<Arrangement>,
    pub points: Vec<i64>,
    pub went_out: Option<SeatId>,
    /// The round ended because the stock ran out.
    pub stock_ran_dry: bool,
}

/// What a seat sees: its own hand, the discard pile, the public moves of the
/// round, the melds laid down, and the scores. Never another hand or the
/// stock.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FiveView {
    pub seat: SeatId,
    /// A watcher's view: `seat` stands for nobody, and `hand` is empty.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub spectator: bool,
    pub names: Vec<String>,
    pub to_move: Option<SeatId>,
    pub phase: Phase,
    /// 1-based round, and how many the game has.
    pub round: u32,
    pub rounds: u32,
    pub wild: Rank,
    /// Cards dealt to each seat this round.
    pub dealt: usize,
    pub hand: Vec<Card>,
    pub hand_sizes: Vec<usize>,
    /// The discard pile, oldest first; only the top can be taken.
    pub discards: Vec<Card>,
    pub stock_left: usize,
    pub reshuffles_left: u32,
    /// The card this seat took from the discard pile this turn.
    pub taken: Option<CardId>,
    /// The card this seat drew or took this turn, while it has to discard.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub drawn: Option<CardId>,
    pub went_out: Option<SeatId>,
    /// Melds laid down this round (by the seat that went out, then by each
    /// seat after its final turn).
    pub laid: Vec<Option<Arrangement>>,
    /// Cards each seat took from the discard pile this round, and threw.
    pub took: Vec<Vec<Card>>,
    pub threw: Vec<Vec<Card>>,
    /// Turns played this round.
    pub round_turns: u32,
    pub totals: Vec<i64>,
    pub sheet: Vec<ScoreRow>,
    pub last_round: Option<RoundResult>,
    /// The deck in play (public): its rules and how many copies.
    pub deck: DeckSpec,
    pub copies: usize,
}

impl FiveView {
    pub fn top_discard(&self) -> Option<&Card> {
        self.discards.last()
    }

    /// Whether this is a final turn: someone has gone out.
    pub fn final_turn(&self) -> bool {
        self.went_out.is_some()
    }

    /// The hand cards whose throw goes out now: the rest of the hand
    /// forms melds, the card is not the one just taken from the pile, and
    /// nobody has gone out yet (a final turn ends the round anyway).
    pub fn outs(&self) -> Vec<Card> {
        if self.phase != Phase::Discard || self.final_turn() {
            return Vec::new();
        }
        let outs = meld::go_out_discards_except(&self.hand, self.wild, self.taken);
        self.hand
            .iter()
            .filter(|c| Some(c.id) != self.taken && outs.iter().any(|o| o.face == c.face))
            .copied()
            .collect()
    }

    /// The moves open to this seat now ([`crate::open`]); nothing when it
    /// is not the seat to move.
    pub fn open(&self) -> Open<FiveAction> {
        let mut open = Open::none();
        if self.to_move != Some(self.seat) || self.spectator {
            return open;
        }
        match self.phase {
            Phase::Draw => {
                open.add(MoveKind::Draw, "draw from the stock")
                    .making(FiveAction::DrawStock)
                    .by_default();
                let top = self.discards.last().map(|c| (c, FiveAction::TakeDiscard));
                open.take_top("the discard pile", top, None);
            }
            Phase::Discard => {
                open.add(MoveKind::Discard, "discard a card and end your turn");
            }
        }
        open
    }

    pub fn legal_actions(&self) -> Vec<FiveAction> {
        if self.to_move != Some(self.seat) {
            return Vec::new();
        }
        legal(
            self.phase,
            &self.hand,
            !self.discards.is_empty(),
            self.taken,
        )
    }
}

fn legal(phase: Phase, hand: &[Card], can_take: bool, taken: Option<CardId>) -> Vec<FiveAction> {
    match phase {
        Phase::Draw => {
            let mut out = vec![FiveAction::DrawStock];
            if can_take {
                out.push(FiveAction::TakeDiscard);
            }
            out
        }
        Phase::Discard => hand
            .iter()
            .filter(|c| Some(c.id) != taken)
            .map(|c| FiveAction::Discard { card: c.id })
            .collect(),
    }
}

/// What happened, for the log on screen.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum FiveEvent {
    Dealt {
        round: u32,
        wild: Rank,
        each: usize,
        first: String,
        upcard: Option<Card>,
    },
    DrewStock {
        name: String,
        seat: SeatId,
    },
    TookDiscard {
        name: String,
        seat: SeatId,
        card: Card,
    },
    Discarded {
        name: String,
        seat: SeatId,
        card: Card,
    },
    Reshuffled {
        cards: usize,
    },
    WentOut {
        name: String,
        seat: SeatId,
        laid: Arrangement,
        /// The round's wild rank, to mark the wilds in the melds.
        wild: Rank,
    },
    LaidDown {
        name: String,
        seat: SeatId,
        laid: Arrangement,
        wild: Rank,
    },
    RoundOver {
        result: RoundResult,
        totals: Vec<i64>,
        names: Vec<String>,
    },
    GameOver {
        winners: Vec<SeatId>,
        totals: Vec<i64>,
        names: Vec<String>,
    },
}

/// "5♥ 6♥ 7♥ | 9♠ 9♣ Jk(W)", and what is left: each wild of the round
/// (its `wild` rank, and jokers) marked (W), as the table marks it.
pub fn describe(a: &Arrangement, wild: Rank) -> String {
    let melds: Vec<String> = a
        .melds
        .iter()
        .map(|m| {
            let cards: Vec<String> = m
                .cards
                .iter()
                .map(|c| {
                    if meld::is_wild(c, wild) {
                        format!("{c}(W)")
                    } else {
                        c.to_string()
                    }
                })
                .collect();
            cards.join(" ")
        })
        .collect();
    let mut s = if melds.is_empty() {
        "no melds".to_string()
    } else {
        melds.join(" | ")
    };
    if !a.deadwood.is_empty() {
        s.push_str(&format!(
            "; left in hand {} ({})",
            list(&a.deadwood),
            crate::card::points(i64::from(a.points))
        ));
    }
    s
}

/// The wild rank's name in the plural: "3s", "Jacks".
pub fn wild_name(r: Rank) -> String {
    match r.number() {
        11 => "Jacks".into(),
        12 => "Queens".into(),
        13 => "Kings".into(),
        n => format!("{n}s"),
    }
}

impl fmt::Display for FiveEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FiveEvent::Dealt {
                round,
                wild,
                each,
                first,
                upcard,
            } => {
                write!(
                    f,
                    "Round {round}: {each} cards each, {} and jokers wild; {first} plays first",
                    wild_name(*wild)
                )?;
                match upcard {
                    Some(c) => write!(f, ", {c} turned up."),
                    None => write!(f, "."),
                }
            }
            FiveEvent::DrewStock { name, .. } => write!(f, "{name} drew from the stock."),
            FiveEvent::TookDiscard { name, card, .. } => write!(f, "{name} took {card}."),
            FiveEvent::Discarded { name, card, .. } => write!(f, "{name} discarded {card}."),
            FiveEvent::Reshuffled { cards } => write!(
                f,
                "The stock ran out: {cards} discards were shuffled into a new stock."
            ),
            FiveEvent::WentOut {
                name, laid, wild, ..
            } => {
                write!(f, "{name} went out: {}.", describe(laid, *wild))
            }
            FiveEvent::LaidDown {
                name, laid, wild, ..
            } => {
                write!(f, "{name} laid down {}.", describe(laid, *wild))
            }
            FiveEvent::RoundOver {
                result,
                totals,
                names,
            } => {
                let scores: Vec<String> = names
                    .iter()
                    .zip(&result.points)
                    .zip(totals)
                    .map(|((n, p), t)| format!("{n} +{p} = {t}"))
                    .collect();
                let why = if result.stock_ran_dry {
                    " (the stock ran out)"
                } else {
                    ""
                };
                write!(
                    f,
                    "Round {} over{why}: {}.",
                    result.round,
                    scores.join(", ")
                )
            }
            FiveEvent::GameOver {
                winners,
                totals,
                names,
            } => f.write_str(&announce_winners(names, winners, totals)),
        }
    }
}

/// A game of 5 Suited Rummy in play.
#[derive(Clone, Debug, PartialEq)]
pub struct FiveSuited {
    names: Vec<String>,
    options: FiveSuitedOptions,
    deck: DeckSpec,
    copies: usize,
    seed: u64,
    first: SeatId,
    /// 0-based round.
    round: u32,
    stock: Stock,
    discards: Train,
    hands: Vec<Hand>,
    phase: Phase,
    taken: Option<CardId>,
    /// The card the seat to move drew or took this turn.
    drawn: Option<CardId>,
    went_out: Option<SeatId>,
    /// Final turns still to play after someone went out.
    final_left: usize,
    laid: Vec<Option<Arrangement>>,
    took: Vec<Vec<Card>>,
    threw: Vec<Vec<Card>>,
    /// The discard pile's top card each time a seat drew from the stock
    /// instead, this round: seen by everyone.
    declined: Vec<Vec<Card>>,
    reshuffles_used: u32,
    round_turns: u32,
    turn: TurnOrder,
    sheet: ScoreSheet,
    last_round: Option<RoundResult>,
    over: bool,
    turns: u32,
    dry_rounds: u32,
}

impl FiveSuited {
    /// The round's wild rank: the number of cards dealt.
    pub fn wild(&self) -> Rank {
        wild_for(self.round)
    }

    /// Cards dealt this round.
    pub fn dealt(&self) -> usize {
        self.round as usize + LOW as usize
    }

    pub fn sheet(&self) -> &ScoreSheet {
        &self.sheet
    }

    pub fn round_index(&self) -> u32 {
        self.round
    }

    /// The seat that went out this round, if one has.
    pub fn went_out(&self) -> Option<SeatId> {
        self.went_out
    }

    fn start_round(&mut self, events: &mut Vec<FiveEvent>) -> Result<(), SetupError> {
        let n = self.names.len();
        let cards = self
            .deck
            .shuffled(self.copies, self.seed, self.round as u64)?;
        self.stock = Stock::new(cards);
        self.discards = Train::new();
        let first = self.turn.after(self.first, self.round as usize);
        self.hands = vec![Hand::default(); n];
        let each = self.dealt();
        for _ in 0..each {
            for seat in self.turn.from(first).collect::<Vec<_>>() {
                if let Ok(c) = self.stock.draw() {
                    self.hands[seat.index()].add(c);
                }
            }
        }
        let upcard = self.stock.draw().ok();
        if let Some(c) = upcard {
            self.discards.discard(c);
        }
        self.phase = Phase::Draw;
        self.taken = None;
        self.drawn = None;
        self.went_out = None;
        self.final_left = 0;
        self.laid = vec![None; n];
        self.took = vec![Vec::new(); n];
        self.threw = vec![Vec::new(); n];
        self.declined = vec![Vec::new(); n];
        self.reshuffles_used = 0;
        self.round_turns = 0;
        self.turn.set(first);
        events.push(FiveEvent::Dealt {
            round: self.round + 1,
            wild: self.wild(),
            each,
            first: seat_name(&self.names, first),
            upcard,
        });
        Ok(())
    }

    /// Lays down `seat`'s hand as well as it can be laid.
    fn lay_down(&mut self, seat: SeatId) -> Arrangement {
        let hand = self.hands[seat.index()].take_all();
        let a = arrange(&hand, self.wild());
        self.laid[seat.index()] = Some(a.clone());
        a
    }

    /// The start of a turn: an empty stock is rebuilt from the discards, or
    /// ends the round.
    fn begin_turn(&mut self, events: &mut Vec<FiveEvent>) {
        if !self.stock.is_empty() {
            return;
        }
        if self.reshuffles_used < self.options.reshuffles && self.discards.len() > 1 {
            self.reshuffles_used += 1;
            let top = self.discards.take_top().ok();
            let mut cards = self.discards.take_from(0).unwrap_or_default();
            let stream = 1_000 + self.round as u64 * 16 + self.reshuffles_used as u64;
            GameRng::new(self.seed, stream).shuffle(&mut cards);
            events.push(FiveEvent::Reshuffled { cards: cards.len() });
            self.stock = Stock::new(cards);
            if let Some(top) = top {
                self.discards.discard(top);
            }
            return;
        }
        self.end_round(true, events);
    }

    fn end_round(&mut self, dry: bool, events: &mut Vec<FiveEvent>) {
        let n = self.names.len();
        for i in 0..n {
            if self.laid[i].is_none() {
                let seat = SeatId(i as u8);
                let a = self.lay_down(seat);
                if dry {
                    events.push(FiveEvent::LaidDown {
                        name: seat_name(&self.names, seat),
                        seat,
                        laid: a,
                        wild: self.wild(),
                    });
                }
            }
        }
        let laid: Vec<Arrangement> = self
            .laid
            .iter()
            .map(|a| a.clone().unwrap_or_default())
            .collect();
        let points: Vec<i64> = (0..n)
            .map(|i| {
                if self.went_out == Some(SeatId(i as u8)) {
                    0
                } else {
                    laid[i].points as i64
                }
            })
            .collect();
        let result = RoundResult {
            round: self.round + 1,
            wild: self.wild(),
            laid,
            points: points.clone(),
            went_out: self.went_out,
            stock_ran_dry: dry,
        };
        self.dry_rounds += dry as u32;
        self.sheet.record(
            format!("Round {} ({} wild)", self.round + 1, wild_name(self.wild())),
            points,
        );
        events.push(FiveEvent::RoundOver {
            result: result.clone(),
            totals: self.sheet.totals(),
            names: self.names.clone(),
        });
        self.last_round = Some(result);
        if self.round + 1 >= self.options.rounds {
            self.over = true;
            events.push(FiveEvent::GameOver {
                winners: self.leaders(),
                totals: self.sheet.totals(),
                names: self.names.clone(),
            });
            return;
        }
        self.round += 1;
        // invariant: the deck was checked in `new`, so it builds again
        let _ = self.start_round(events);
    }

    fn all_cards(&self) -> Vec<Card> {
        let mut all: Vec<Card> = self.stock.cards().to_vec();
        all.extend(self.discards.cards());
        all.extend(self.hands.iter().flat_map(|h| h.cards().iter().copied()));
        for a in self.laid.iter().flatten() {
            all.extend(a.melds.iter().flat_map(|m| m.cards.iter()));
            all.extend(&a.deadwood);
        }
        all
    }

    fn illegal(&self, sentence: String) -> ActionError {
        ActionError::illegal(sentence)
    }
}

/// The wild rank of 0-based round `round`.
pub fn wild_for(round: u32) -> Rank {
    Rank::new((round.min(ROUNDS - 1) as u8) + LOW).unwrap_or(Rank::KING)
}

/// Decks for `seats` seats: one for 2–4, two for 5–7.
pub fn decks_for(seats: usize) -> usize {
    if seats <= ONE_DECK_SEATS { 1 } else { 2 }
}

impl Game for FiveSuited {
    const LOWER_WINS: bool = true;

    fn score_rows(&self) -> Vec<crate::seat::ScoreRow> {
        self.sheet.rows().to_vec()
    }

    type Options = FiveSuitedOptions;
    type Action = FiveAction;
    type View = FiveView;
    type Event = FiveEvent;

    const VARIANT: VariantId = VariantId::FiveSuited;

    fn new(setup: &Setup<FiveSuitedOptions>) -> Result<FiveSuited, SetupError> {
        setup.check_seats()?;
        let n = setup.seats.len();
        let deck = setup.rules.deck.clone();
        let ranks_ok = deck
            .ranks
            .is_some_and(|r| r.low.number() == LOW && r.high.number() == HIGH);
        let at_fault = if !ranks_ok {
            Some("deck.ranks")
        } else if deck.suits.is_empty() {
            Some("deck.suits")
        } else if !deck.letters.is_empty() {
            Some("deck.letters")
        } else if deck.wilds > 0 {
            Some("deck.wilds")
        } else {
            None
        };
        if let Some(key) = at_fault {
            return Err(SetupError::rules(
                key,
                "a 5 Suited Rummy deck needs suits of ranks 3 to K (ranks = \"3-K\"), jokers, and no letter cards",
            ));
        }
        if !(1..=MAX_JOKER_POINTS).contains(&deck.joker_value) {
            return Err(SetupError::rules(
                "deck.joker_value",
                format!(
                    "a joker must score between 1 and {MAX_JOKER_POINTS} points, not {}",
                    deck.joker_value
                ),
            ));
        }
        if n > MAX_SEATS {
            return Err(SetupError::rules(
                "seats",
                format!("5 Suited Rummy is for at most {MAX_SEATS} seats, not {n}"),
            ));
        }
        let copies = decks_for(n);
        let size = deck.validate(copies)?;
        let last_deal = setup.rules.options.rounds as usize + LOW as usize - 1;
        if size < n * last_deal + 2 {
            return Err(SetupError::rules(
                "deck",
                format!("{size} cards are too few to deal {last_deal} each to {n} seats"),
            ));
        }
        let mut game = FiveSuited {
            names: setup.seats.iter().map(|s| s.name.clone()).collect(),
            options: setup.rules.options.clone(),
            deck,
            copies,
            seed: setup.seed,
            first: setup.first,
            round: 0,
            stock: Stock::default(),
            discards: Train::new(),
            hands: Vec::new(),
            phase: Phase::Draw,
            taken: None,
            drawn: None,
            went_out: None,
            final_left: 0,
            laid: Vec::new(),
            took: Vec::new(),
            declined: Vec::new(),
            threw: Vec::new(),
            reshuffles_used: 0,
            round_turns: 0,
            turn: TurnOrder::new(n, setup.first),
            sheet: ScoreSheet::new(n),
            last_round: None,
            over: false,
            turns: 0,
            dry_rounds: 0,
        };
        game.start_round(&mut Vec::new())?;
        Ok(game)
    }

    fn names(&self) -> &[String] {
        &self.names
    }

    fn to_move(&self) -> Option<SeatId> {
        (!self.over).then(|| self.turn.current())
    }

    fn act(&mut self, seat: SeatId, action: &FiveAction) -> Result<Vec<FiveEvent>, ActionError> {
        let name = seat_name(&self.names, seat);
        let s = seat.index();
        let mut events = Vec::new();
        match (*action, self.phase) {
            (FiveAction::DrawStock | FiveAction::TakeDiscard, Phase::Discard) => {
                return Err(self.illegal(format!(
                    "{name} has drawn already: discard a card to end the turn."
                )));
            }
            (FiveAction::Discard { .. }, Phase::Draw) => {
                return Err(self.illegal(format!(
                    "{name} must first draw from the stock or take the top discard."
                )));
            }
            (FiveAction::DrawStock, Phase::Draw) => {
                let top = self.discards.cards().last().copied();
                let card = self
                    .stock
                    .draw()
                    .map_err(|_| self.illegal("The stock is empty.".into()))?;
                self.hands[s].add(card);
                self.phase = Phase::Discard;
                self.taken = None;
                self.drawn = Some(card.id);
                self.declined[s].extend(top);
                events.push(FiveEvent::DrewStock { name, seat });
            }
            (FiveAction::TakeDiscard, Phase::Draw) => {
                let card = self
                    .discards
                    .take_top()
                    .map_err(|_| self.illegal("The discard pile is empty.".into()))?;
                self.hands[s].add(card);
                self.took[s].push(card);
                self.phase = Phase::Discard;
                self.taken = Some(card.id);
                self.drawn = Some(card.id);
                events.push(FiveEvent::TookDiscard { name, seat, card });
            }
            (FiveAction::Discard { card }, Phase::Discard) => {
                let Some(&c) = self.hands[s].get(card) else {
                    return Err(self.illegal(format!("{name} does not hold that card.")));
                };
                if self.taken == Some(card) {
                    return Err(self.illegal(format!(
                        "{c} was just taken from the discard pile: discard another card."
                    )));
                }
                let Ok(c) = self.hands[s].take(card) else {
                    return Err(self.illegal(format!("{name} does not hold that card.")));
                };
                self.discards.discard(c);
                self.threw[s].push(c);
                self.phase = Phase::Draw;
                self.taken = None;
                self.drawn = None;
                events.push(FiveEvent::Discarded {
                    name: name.clone(),
                    seat,
                    card: c,
                });
                if self.went_out.is_none() {
                    if deadwood(self.hands[s].cards(), self.wild()) == 0 {
                        self.went_out = Some(seat);
                        self.final_left = self.names.len() - 1;
                        let laid = self.lay_down(seat);
                        let wild = self.wild();
                        events.push(FiveEvent::WentOut {
                            name,
                            seat,
                            laid,
                            wild,
                        });
                    }
                } else {
                    self.final_left = self.final_left.saturating_sub(1);
                    let laid = self.lay_down(seat);
                    let wild = self.wild();
                    events.push(FiveEvent::LaidDown {
                        name,
                        seat,
                        laid,
                        wild,
                    });
                }
                self.turns += 1;
                self.round_turns += 1;
                self.turn.advance();
                if self.went_out.is_some() && self.final_left == 0 {
                    self.end_round(false, &mut events);
                } else {
                    self.begin_turn(&mut events);
                }
            }
        }
        Ok(events)
    }

    fn view_for(&self, viewer: Option<SeatId>) -> FiveView {
        let seat = viewer.unwrap_or(SeatId(0));
        let own = self
            .hands
            .get(seat.index())
            .map(|h| h.cards().to_vec())
            .unwrap_or_default();
        FiveView {
            seat,
            spectator: viewer.is_none(),
            names: self.names.clone(),
            to_move: self.to_move(),
            phase: self.phase,
            round: self.round + 1,
            rounds: self.options.rounds,
            wild: self.wild(),
            dealt: self.dealt(),
            hand: if viewer.is_some() { own } else { Vec::new() },
            hand_sizes: self.hands.iter().map(Hand::len).collect(),
            discards: self.discards.cards().to_vec(),
            stock_left: self.stock.len(),
            reshuffles_left: self.options.reshuffles.saturating_sub(self.reshuffles_used),
            taken: if viewer.is_some() && self.to_move() == viewer {
                self.taken
            } else {
                None
            },
            drawn: if viewer.is_some() && self.to_move() == viewer {
                self.drawn
            } else {
                None
            },
            went_out: self.went_out,
            laid: self.laid.clone(),
            took: self.took.clone(),
            threw: self.threw.clone(),
            round_turns: self.round_turns,
            totals: self.sheet.totals(),
            sheet: self.sheet.rows().to_vec(),
            last_round: self.last_round.clone(),
            deck: self.deck.clone(),
            copies: self.copies,
        }
    }

    fn hidden_cards(&self, viewer: Option<SeatId>) -> Vec<CardId> {
        // Cards taken from or thrown to the discard pile this round were seen
        // by everyone, wherever they are now (a reshuffled stock holds the
        // old discards).
        let mut seen: Vec<CardId> = self
            .took
            .iter()
            .chain(&self.threw)
            .flatten()
            .map(|c| c.id)
            .collect();
        seen.sort_unstable();
        let mut out = crate::pile::hidden_from(&self.stock, &self.hands, viewer);
        out.retain(|id| seen.binary_search(id).is_err());
        out
    }

    /// The stock, the discards turned over into it too: seen once, but in
    /// an order nobody knows.
    fn unseen_cards(&self) -> Vec<CardId> {
        let mut out: Vec<CardId> = self.stock.cards().iter().map(|c| c.id).collect();
        out.extend(crate::game::hidden_from_all(self));
        out.sort_unstable();
        out.dedup();
        out
    }

    fn scores(&self) -> Vec<i64> {
        self.sheet.totals()
    }

    fn leaders(&self) -> Vec<SeatId> {
        seats_with_lowest(&self.sheet.totals())
    }

    fn stats(&self) -> GameStats {
        GameStats::of_rounds(self.turns, self.dry_rounds, &self.sheet)
    }

    fn cards_in_play(&self) -> Vec<Card> {
        self.all_cards()
    }

    fn open(&self, seat: SeatId) -> Open<FiveAction> {
        self.view(seat).open()
    }

    fn kind(&self, action: &FiveAction) -> MoveKind {
        match action {
            FiveAction::DrawStock => MoveKind::Draw,
            FiveAction::TakeDiscard => MoveKind::TakeTop,
            FiveAction::Discard { .. } => MoveKind::Discard,
        }
    }

    fn goes_out(event: &FiveEvent) -> bool {
        matches!(event, FiveEvent::WentOut { .. })
    }

    fn rule_notes(setup: &Setup<FiveSuitedOptions>) -> Vec<String> {
        let rules = &setup.rules;
        let rounds = rules.options.rounds;
        let last = u32::from(LOW) + rounds - 1;
        let reshuffles = match rules.options.reshuffles {
            0 => "The discard pile never becomes a new stock.".to_string(),
            1 => "The discard pile becomes a new stock once a round at most.".to_string(),
            n => format!("The discard pile becomes a new stock up to {n} times a round."),
        };
        let (jokers, joker) = if rules.deck.jokers > 0 {
            (
                ", and the jokers",
                format!(", a joker {}", rules.deck.joker_value),
            )
        } else {
            ("", String::new())
        };
        vec![
            "A discard that leaves the rest of your hand in sets and runs goes out.".to_string(),
            format!(
                "{}; the rank equal to the cards dealt is wild{jokers}. {reshuffles}",
                if rounds == 1 {
                    format!("One round of {LOW} cards")
                } else {
                    format!(
                        "{rounds} rounds: round 1 deals {LOW} cards, each round one more, \
                         up to {last}"
                    )
                }
            ),
            format!(
                "Left in hand: face value, J 11, Q 12, K 13, the round's wild \
                 {}{joker}.",
                meld::WILD_POINTS
            ),
        ]
    }

    fn legal_actions(&self) -> Option<Vec<FiveAction>> {
        let seat = self.to_move()?;
        Some(legal(
            self.phase,
            self.hands[seat.index()].cards(),
            !self.discards.is_empty(),
            self.taken,
        ))
    }
}

impl Players for FiveSuited {
    /// The one analysis's best move ([`hint::hint_in`]), as the screen's
    /// hint, the coach and the review name it.
    fn hinted(&self, seat: SeatId) -> Option<Self::Action> {
        hint::hint_in(self, seat).map(|h| h.action)
    }

    fn advise(&self, view: &FiveView) -> Option<Self::Action> {
        hint::hint(view).map(|h| h.action)
    }

    fn bot(level: BotLevel, _setup: &Setup<Self::Options>) -> Option<Box<dyn Bot<FiveSuited>>> {
        Some(bots::for_level(level))
    }
}

impl Reviewed for FiveSuited {
    fn judge(
        &self,
        seat: SeatId,
        played: &FiveAction,
    ) -> Option<crate::judgement::Judgement<FiveAction>> {
        review::judge(self, seat, played)
    }
}

impl Redeal for FiveSuited {
    fn redeal(&mut self, seat: SeatId, rng: &mut GameRng) {
        // A card a seat took from the discard pile is known to be in its
        // hand until it throws it.
        let took = &self.took;
        crate::pile::redeal(
            &mut self.stock,
            &mut self.hands,
            seat,
            |i, id| took[i].iter().any(|c| c.id == id),
            rng,
        );
        self.seed = rng.next_u64();
    }
}

impl Sampled for FiveSuited {
    fn sample_action(&self, seat: SeatId, rng: &mut GameRng) -> FiveAction {
        let legal = if self.to_move() == Some(seat) {
            self.legal_actions().unwrap_or_default()
        } else {
            Vec::new()
        };
        sample_listed(&legal, rng, |rng| match rng.below(3) {
            0 => FiveAction::DrawStock,
            1 => FiveAction::TakeDiscard,
            _ => FiveAction::Discard {
                card: junk_card(rng),
            },
        })
    }
}

#[cfg(test)]
mod solver_tests;

#[cfg(test)]
mod tests;
