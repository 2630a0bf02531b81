//! Wump Rummy: every card face up; take a center card that matches one of
//! yours by suit or rank, or place a card in the center.
//!
//! A match is a series of games; a game is a series of deals of 4 cards to
//! each seat from one shuffled deck, after 4 starter cards go face up to the
//! center. The seat that starts rotates each game; within a game every deal
//! starts with the same seat.

pub mod bots;
pub mod explain;
pub mod hint;
#[cfg(test)]
mod hint_tests;
pub mod review;
pub mod search;
pub mod thumb;

use crate::card::{Card, CardId, count_cards, list};
use crate::deck::DeckSpec;
use crate::game::{
    ActionError, Bot, Game, GameStats, Players, Redeal, Reviewed, Sampled, Setup, SetupError,
    junk_card, sample_listed, seat_name,
};
use crate::open::{MoveKind, Open};
use crate::pile::{Center, Hand, Stock};
use crate::rng::GameRng;
use crate::seat::{BotLevel, ScoreSheet, SeatId, SeatKind, TurnOrder, seats_with_highest};
use crate::variant_id::VariantId;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Cards dealt face up to the center at the start of each game.
pub const STARTERS: usize = 4;
/// Cards dealt to each seat in a full deal.
pub const HAND: usize = 4;
/// A deck larger than this cannot be searched by the bots' bit sets.
pub const MAX_CARDS: usize = 128;
/// A match of drawn games ends after this many games, the leaders sharing it.
pub const MAX_GAMES: u32 = 99;

crate::rules::variant_options! {
    /// The options of `rules/wump.toml`.
    pub struct WumpOptions {
        /// A seat that can take must take.
        pub must_take: bool = false,
            samples &["true", "false"],
            label "Taking is a must",
            about "On: a player who can take a center card must take one.";
        /// Game wins that take the match.
        pub match_target: u32 = 5,
            samples &["1", "3"],
            label "Games to win",
            about "Games a player must win to win the match; 1 plays a single game.";
    }

    fn check(&self) -> Result<(), String> {
        if self.match_target == 0 || self.match_target > 99 {
            return Err("match_target must be between 1 and 99 games".into());
        }
        Ok(())
    }
}

impl WumpOptions {
    /// How the match is won, in a sentence for the rules notes: "The first
    /// to win 5 games wins the match.", or for a match of one game, how
    /// that game is won.
    pub fn match_rule(&self) -> String {
        match self.match_target {
            1 => "One game: the player who claims the most cards wins.".to_string(),
            n => format!("The first to win {n} games wins the match."),
        }
    }
}

/// A Wump move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WumpAction {
    /// Take center card `center` with hand card `with`; both go to the claimed pile.
    Take { with: CardId, center: CardId },
    /// Place hand card `card` in the center.
    Place { card: CardId },
}

/// Whether two cards match: same suit or same rank.
pub fn matches(a: &Card, b: &Card) -> bool {
    match (a.face.rank(), b.face.rank(), a.face.suit(), b.face.suit()) {
        (Some(ra), Some(rb), Some(sa), Some(sb)) => ra == rb || sa == sb,
        _ => false,
    }
}

/// Every take a hand can make from a center, in hand order then center order.
pub fn takes(hand: &[Card], center: &[Card]) -> Vec<WumpAction> {
    let mut out = Vec::new();
    for h in hand {
        for c in center {
            if matches(h, c) {
                out.push(WumpAction::Take {
                    with: h.id,
                    center: c.id,
                });
            }
        }
    }
    out
}

/// Every legal move of a hand against a center.
pub fn legal_moves(hand: &[Card], center: &[Card], must_take: bool) -> Vec<WumpAction> {
    let mut out = takes(hand, center);
    if out.is_empty() || !must_take {
        out.extend(hand.iter().map(|c| WumpAction::Place { card: c.id }));
    }
    out
}

/// What a seat sees: everything on the table is face up, so this is the whole
/// table but the order of the stock.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct WumpView {
    pub seat: SeatId,
    /// A watcher's view: `seat` stands for nobody.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub spectator: bool,
    pub names: Vec<String>,
    /// Who plays each seat: a person or a bot of a level. The table shows
    /// it, and a hard bot plays better for knowing how the other bots play.
    pub kinds: Vec<SeatKind>,
    pub to_move: Option<SeatId>,
    pub hands: Vec<Vec<Card>>,
    pub center: Vec<Card>,
    /// Cards in each seat's claimed pile.
    pub claimed: Vec<usize>,
    pub stock_left: usize,
    /// The seat that starts every deal of this game.
    pub starter: SeatId,
    /// 1-based game and deal numbers.
    pub game: u32,
    pub deal: u32,
    pub wins: Vec<u32>,
    pub options: WumpOptions,
}

impl WumpView {
    /// True when no cards are left to deal: this deal ends the game.
    pub fn last_deal(&self) -> bool {
        self.stock_left == 0
    }

    /// The moves open to this seat now ([`crate::open`]); nothing when it
    /// is not the seat to move.
    pub fn open(&self) -> Open<WumpAction> {
        let mut open = Open::none();
        if self.to_move != Some(self.seat) || self.spectator {
            return open;
        }
        let hand = &self.hands[self.seat.index()];
        let can_take = !takes(hand, &self.center).is_empty();
        open.add_unless(
            MoveKind::Take,
            "take a center card with a card of the same suit or rank",
            (!can_take).then(|| "No card in your hand matches a center card.".to_string()),
        );
        open.add_unless(
            MoveKind::Place,
            "place a card in the center",
            (self.options.must_take && can_take)
                .then(|| "At this table you must take when you can.".to_string()),
        );
        open
    }

    pub fn legal_moves(&self) -> Vec<WumpAction> {
        let Some(seat) = self.to_move else {
            return Vec::new();
        };
        legal_moves(
            &self.hands[seat.index()],
            &self.center,
            self.options.must_take,
        )
    }

    pub fn card(&self, id: CardId) -> Option<Card> {
        self.hands
            .iter()
            .flatten()
            .chain(&self.center)
            .find(|c| c.id == id)
            .copied()
    }
}

/// What happened, for the log on screen.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum WumpEvent {
    Took {
        name: String,
        seat: SeatId,
        with: Card,
        took: Card,
    },
    Placed {
        name: String,
        seat: SeatId,
        card: Card,
    },
    Dealt {
        game: u32,
        deal: u32,
        each: usize,
        extras: Vec<Card>,
    },
    /// The last play of the game was a take: the center goes with it.
    SweptCenter {
        name: String,
        seat: SeatId,
        cards: Vec<Card>,
    },
    /// The last play was not a take: the center leaves the game.
    CenterSetAside { cards: Vec<Card> },
    GameOver {
        game: u32,
        claimed: Vec<usize>,
        /// One seat, or every seat tied for most (a draw).
        leaders: Vec<SeatId>,
        names: Vec<String>,
    },
    MatchOver {
        winners: Vec<SeatId>,
        names: Vec<String>,
        /// The match was one game (a match to 1 win, won at the first
        /// game): it is not called a match.
        single: bool,
    },
}

impl fmt::Display for WumpEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WumpEvent::Took {
                name, with, took, ..
            } => {
                write!(f, "{name} took {took} with {with}.")
            }
            WumpEvent::Placed { name, card, .. } => write!(f, "{name} put {card} in the center."),
            WumpEvent::Dealt {
                game,
                deal,
                each,
                extras,
            } => {
                write!(f, "Game {game}, deal {deal}: {} each", count_cards(*each))?;
                if extras.is_empty() {
                    write!(f, ".")
                } else {
                    write!(f, "; {} to the center.", list(extras))
                }
            }
            WumpEvent::SweptCenter { name, cards, .. } => {
                write!(
                    f,
                    "{name} made the last take and gets the center: {}.",
                    list(cards)
                )
            }
            WumpEvent::CenterSetAside { cards } => {
                write!(
                    f,
                    "The last play was no take, so {} leave the game.",
                    list(cards)
                )
            }
            WumpEvent::GameOver {
                game,
                claimed,
                leaders,
                names,
            } => {
                let counts: Vec<String> = names
                    .iter()
                    .zip(claimed)
                    .map(|(n, c)| format!("{n} {c}"))
                    .collect();
                write!(f, "Game {game} over ({}): ", counts.join(", "))?;
                let who: Vec<String> = leaders.iter().map(|&s| seat_name(names, s)).collect();
                if leaders.len() == 1 {
                    write!(f, "{} wins.", who.join(""))
                } else {
                    write!(f, "a draw between {}.", who.join(" and "))
                }
            }
            WumpEvent::MatchOver {
                winners,
                names,
                single,
            } => {
                let who: Vec<String> = winners.iter().map(|&s| seat_name(names, s)).collect();
                let what = if *single { "game" } else { "match" };
                write!(f, "{} won the {what}.", who.join(" and "))
            }
        }
    }
}

/// A Wump Rummy match in play.
#[derive(Clone, Debug, PartialEq)]
pub struct Wump {
    names: Vec<String>,
    kinds: Vec<SeatKind>,
    options: WumpOptions,
    deck: DeckSpec,
    seed: u64,
    first: SeatId,
    /// 0-based game of the match.
    game: u32,
    deal: u32,
    stock: Stock,
    center: Center,
    hands: Vec<Hand>,
    claimed: Vec<Vec<Card>>,
    /// Center cards that left the game at the end of each game, for counting.
    set_aside: Vec<Card>,
    turn: TurnOrder,
    wins: Vec<u32>,
    sheet: ScoreSheet,
    over: bool,
    turns: u32,
}

impl Wump {
    fn starter(&self) -> SeatId {
        self.turn.after(self.first, self.game as usize)
    }

    /// Shuffles a fresh deck and deals the starters and the first hands.
    fn start_game(&mut self, events: &mut Vec<WumpEvent>) -> Result<(), SetupError> {
        let n = self.names.len();
        let cards = self.deck.shuffled(1, self.seed, self.game as u64)?;
        self.stock = Stock::new(cards);
        self.center = Center::new();
        for card in self.stock.draw_up_to(STARTERS) {
            self.center.place(card);
        }
        self.hands = vec![Hand::default(); n];
        self.claimed = vec![Vec::new(); n];
        self.set_aside.clear();
        self.deal = 0;
        self.turn.set(self.starter());
        self.deal_hands(events);
        Ok(())
    }

    /// Deals the next hands: 4 each, or the same smaller number each with the
    /// extras face up in the center. Returns false if nobody got a card.
    fn deal_hands(&mut self, events: &mut Vec<WumpEvent>) -> bool {
        let n = self.names.len();
        let each = (self.stock.len() / n).min(HAND);
        let starter = self.starter();
        for seat in self.turn.from(starter).collect::<Vec<_>>() {
            self.hands[seat.index()].extend(self.stock.draw_up_to(each));
        }
        let extras = if each < HAND {
            self.stock.draw_up_to(self.stock.len())
        } else {
            Vec::new()
        };
        for &card in &extras {
            self.center.place(card);
        }
        self.deal += 1;
        self.turn.set(starter);
        events.push(WumpEvent::Dealt {
            game: self.game + 1,
            deal: self.deal,
            each,
            extras,
        });
        each > 0
    }

    /// After the last play of a game: the center rule, the result, then the
    /// next game or the end of the match.
    fn end_game(&mut self, last: SeatId, last_was_take: bool, events: &mut Vec<WumpEvent>) {
        let center = self.center.take_all();
        if !center.is_empty() {
            if last_was_take {
                self.claimed[last.index()].extend(&center);
                events.push(WumpEvent::SweptCenter {
                    name: seat_name(&self.names, last),
                    seat: last,
                    cards: center,
                });
            } else {
                self.set_aside.extend(&center);
                events.push(WumpEvent::CenterSetAside { cards: center });
            }
        }
        let claimed: Vec<usize> = self.claimed.iter().map(Vec::len).collect();
        let leaders = seats_with_highest(&claimed);
        if let [winner] = leaders[..] {
            self.wins[winner.index()] += 1;
        }
        self.sheet.record(
            format!("Game {}", self.game + 1),
            claimed.iter().map(|&c| c as i64).collect(),
        );
        events.push(WumpEvent::GameOver {
            game: self.game + 1,
            claimed,
            leaders,
            names: self.names.clone(),
        });
        let top = self.wins.iter().copied().max().unwrap_or(0);
        if top >= self.options.match_target || self.game + 1 >= MAX_GAMES {
            self.over = true;
            events.push(WumpEvent::MatchOver {
                winners: self.leaders(),
                names: self.names.clone(),
                single: self.game == 0,
            });
            return;
        }
        self.game += 1;
        // invariant: the deck was built once already in `new`, so it builds again
        let _ = self.start_game(events);
    }

    /// The score sheet: claimed cards per game.
    pub fn sheet(&self) -> &ScoreSheet {
        &self.sheet
    }

    /// Game wins per seat.
    pub fn wins(&self) -> &[u32] {
        &self.wins
    }

    fn all_cards(&self) -> Vec<Card> {
        let mut all: Vec<Card> = self.stock.cards().to_vec();
        all.extend(self.center.cards());
        all.extend(self.hands.iter().flat_map(|h| h.cards().iter().copied()));
        all.extend(self.claimed.iter().flatten());
        all.extend(&self.set_aside);
        all
    }

    /// The 0-based game of the match.
    pub fn game_index(&self) -> u32 {
        self.game
    }

    fn find_hand_card(&self, seat: SeatId, id: CardId) -> Result<Card, ActionError> {
        self.hands[seat.index()].get(id).copied().ok_or_else(|| {
            ActionError::illegal(format!(
                "{} does not hold that card.",
                seat_name(&self.names, seat)
            ))
        })
    }
}

impl Game for Wump {
    const SCORED: &'static str = "cards";

    fn score_rows(&self) -> Vec<crate::seat::ScoreRow> {
        self.sheet.rows().to_vec()
    }

    type Options = WumpOptions;
    type Action = WumpAction;
    type View = WumpView;
    type Event = WumpEvent;

    const VARIANT: VariantId = VariantId::Wump;
    const ROUND: &'static str = "game";
    const REVEALS: &'static str = "a deal";

    fn new(setup: &Setup<WumpOptions>) -> Result<Wump, SetupError> {
        setup.check_seats()?;
        let n = setup.seats.len();
        let size = setup.rules.deck.validate(1)?;
        if size > MAX_CARDS {
            return Err(SetupError::rules(
                "deck",
                format!("a Wump deck may hold at most {MAX_CARDS} cards, not {size}"),
            ));
        }
        if size < STARTERS + n {
            return Err(SetupError::rules(
                "deck",
                format!("a {size}-card deck is too small for {STARTERS} starters and {n} seats"),
            ));
        }
        let mut game = Wump {
            names: setup.seats.iter().map(|s| s.name.clone()).collect(),
            kinds: setup.seats.iter().map(|s| s.kind).collect(),
            options: setup.rules.options.clone(),
            deck: setup.rules.deck.clone(),
            seed: setup.seed,
            first: setup.first,
            game: 0,
            deal: 0,
            stock: Stock::default(),
            center: Center::new(),
            hands: Vec::new(),
            claimed: Vec::new(),
            set_aside: Vec::new(),
            turn: TurnOrder::new(n, setup.first),
            wins: vec![0; n],
            sheet: ScoreSheet::new(n),
            over: false,
            turns: 0,
        };
        game.start_game(&mut Vec::new())?;
        Ok(game)
    }

    fn names(&self) -> &[String] {
        &self.names
    }

    fn to_move(&self) -> Option<SeatId> {
        (!self.over).then(|| self.turn.current())
    }

    fn act(&mut self, seat: SeatId, action: &WumpAction) -> Result<Vec<WumpEvent>, ActionError> {
        let name = seat_name(&self.names, seat);
        // Check everything first: a refusal changes nothing.
        let was_take = match *action {
            WumpAction::Take { with, center } => {
                let mine = self.find_hand_card(seat, with)?;
                let theirs = self.center.get(center).copied().ok_or_else(|| {
                    ActionError::illegal("That card is not in the center.".to_string())
                })?;
                if !matches(&mine, &theirs) {
                    return Err(ActionError::illegal(format!(
                        "{mine} cannot take {theirs}: a take needs the same suit or the same rank."
                    )));
                }
                true
            }
            WumpAction::Place { card } => {
                let mine = self.find_hand_card(seat, card)?;
                if self.options.must_take {
                    let hand = self.hands[seat.index()].cards();
                    if let Some(WumpAction::Take { with, center }) =
                        takes(hand, self.center.cards()).first()
                    {
                        let (w, c) = (
                            self.find_hand_card(seat, *with)?,
                            self.center.get(*center).copied(),
                        );
                        let c = c.map(|c| c.to_string()).unwrap_or_default();
                        return Err(ActionError::illegal(format!(
                            "At this table you must take when you can, and {w} can take {c}; {mine} stays in your hand."
                        )));
                    }
                }
                false
            }
        };
        let mut events = Vec::new();
        match *action {
            WumpAction::Take { with, center } => {
                let (Ok(mine), Ok(theirs)) = (
                    self.hands[seat.index()].take(with),
                    self.center.take(center),
                ) else {
                    return Err(ActionError::illegal("That card is not there."));
                };
                self.claimed[seat.index()].extend([mine, theirs]);
                events.push(WumpEvent::Took {
                    name,
                    seat,
                    with: mine,
                    took: theirs,
                });
            }
            WumpAction::Place { card } => {
                let Ok(mine) = self.hands[seat.index()].take(card) else {
                    return Err(ActionError::illegal("That card is not there."));
                };
                self.center.place(mine);
                events.push(WumpEvent::Placed {
                    name,
                    seat,
                    card: mine,
                });
            }
        }
        self.turns += 1;
        self.turn.advance();
        if self.hands.iter().all(Hand::is_empty) {
            let dealt = !self.stock.is_empty() && self.deal_hands(&mut events);
            if !dealt {
                self.end_game(seat, was_take, &mut events);
            }
        }
        Ok(events)
    }

    fn view_for(&self, viewer: Option<SeatId>) -> WumpView {
        // Every hand is face up: a watcher sees what the seats see.
        WumpView {
            seat: viewer.unwrap_or(SeatId(0)),
            spectator: viewer.is_none(),
            names: self.names.clone(),
            kinds: self.kinds.clone(),
            to_move: self.to_move(),
            hands: self.hands.iter().map(|h| h.cards().to_vec()).collect(),
            center: self.center.cards().to_vec(),
            claimed: self.claimed.iter().map(Vec::len).collect(),
            stock_left: self.stock.len(),
            starter: self.starter(),
            game: self.game + 1,
            deal: self.deal,
            wins: self.wins.clone(),
            options: self.options.clone(),
        }
    }

    fn hidden_cards(&self, _viewer: Option<SeatId>) -> Vec<CardId> {
        self.stock.cards().iter().map(|c| c.id).collect()
    }

    fn scores(&self) -> Vec<i64> {
        self.wins.iter().map(|&w| w as i64).collect()
    }

    /// The cards each seat claimed, over every game of the match.
    fn tallied_scores(&self) -> Vec<i64> {
        self.sheet.totals()
    }

    /// The seats with the most games won.
    fn leaders(&self) -> Vec<SeatId> {
        seats_with_highest(&self.wins)
    }

    fn stats(&self) -> GameStats {
        GameStats::of_rounds(self.turns, 0, &self.sheet)
    }

    fn cards_in_play(&self) -> Vec<Card> {
        self.all_cards()
    }

    fn open(&self, seat: SeatId) -> Open<WumpAction> {
        self.view(seat).open()
    }

    fn kind(&self, action: &WumpAction) -> MoveKind {
        match action {
            WumpAction::Take { .. } => MoveKind::Take,
            WumpAction::Place { .. } => MoveKind::Place,
        }
    }

    fn rule_notes(setup: &Setup<WumpOptions>) -> Vec<String> {
        let options = &setup.rules.options;
        let must = if options.must_take {
            " A seat that can take must take."
        } else {
            ""
        };
        vec![format!("{}{must}", options.match_rule())]
    }

    fn legal_actions(&self) -> Option<Vec<WumpAction>> {
        let seat = self.to_move()?;
        Some(legal_moves(
            self.hands[seat.index()].cards(),
            self.center.cards(),
            self.options.must_take,
        ))
    }
}

impl Players for Wump {
    fn advise(&self, view: &WumpView) -> Option<Self::Action> {
        hint::hint(view).map(|h| h.best())
    }

    /// No expert: nothing is hidden in a deal, and the hard bot already
    /// searches each deal to its end.
    const LEVELS: &'static [BotLevel] = &[BotLevel::Easy, BotLevel::Normal, BotLevel::Hard];

    fn bot(level: BotLevel, _setup: &Setup<Self::Options>) -> Option<Box<dyn Bot<Wump>>> {
        bots::for_level(level)
    }
}

impl Reviewed for Wump {
    fn judge(
        &self,
        seat: SeatId,
        played: &WumpAction,
    ) -> Option<crate::judgement::Judgement<WumpAction>> {
        review::judge(self, seat, played)
    }
}

impl Redeal for Wump {
    /// Every card of a deal is face up: only the order of the stock and the
    /// games to come are unknown.
    fn redeal(&mut self, seat: SeatId, rng: &mut GameRng) {
        crate::pile::redeal(&mut self.stock, &mut self.hands, seat, |_, _| true, rng);
        self.seed = rng.next_u64();
    }
}

impl Sampled for Wump {
    fn sample_action(&self, seat: SeatId, rng: &mut GameRng) -> WumpAction {
        let legal = if self.to_move() == Some(seat) {
            self.legal_actions().unwrap_or_default()
        } else {
            Vec::new()
        };
        sample_listed(&legal, rng, |rng| {
            if rng.chance(1, 2) {
                WumpAction::Place {
                    card: junk_card(rng),
                }
            } else {
                WumpAction::Take {
                    with: junk_card(rng),
                    center: junk_card(rng),
                }
            }
        })
    }
}

#[cfg(test)]
mod tests;
