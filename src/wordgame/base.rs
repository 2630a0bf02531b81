//! What every word game keeps and shows alike, so that a game holds only its
//! own: [`WordBase`], the seats, options, deck, stock, hands, table words,
//! turn order and score sheet of a game in play; and [`SeatView`], what one
//! seat sees of them, around the game's own part of its view.

use super::entry::Grown;
use super::turn::{Kit, WordPhase, WordTurn};
use super::{Growing, Table, TableCard, TableWord, WordMove};
use crate::card::{Card, CardId};
use crate::deck::DeckSpec;
use crate::dict::{Dictionary, SharedDict};
use crate::game::{ActionError, GameStats, Setup, SetupError, seat_name};
use crate::pile::{Hand, Stock, Train};
use crate::rules::VariantOptions;
use crate::seat::{ScoreRow, ScoreSheet, SeatId, TurnOrder};
use crate::word::WordCheck;
use serde::Serialize;
use std::ops::{Deref, DerefMut};
use std::sync::Arc;

/// The part of a word game in play that every word game has: the seats'
/// names, the options `O`, the deck and word list, the seed and the seat
/// that played first, the stock, the hands, the words on the table, the
/// turn order, the turn around a word (`R`: what the game keeps to put back
/// when a word is taken back), the score sheet and the turns played.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct WordBase<O, R> {
    pub names: Vec<String>,
    pub options: O,
    pub deck: DeckSpec,
    pub dict: SharedDict,
    pub seed: u64,
    pub first: SeatId,
    pub stock: Stock,
    pub hands: Vec<Hand>,
    pub table: Table,
    pub turn: TurnOrder,
    /// The word whose challenge window is open, and the turns each seat
    /// will lose.
    pub word_turn: WordTurn<R>,
    pub sheet: ScoreSheet,
    pub turns: u32,
}

impl<O: VariantOptions, R> WordBase<O, R> {
    /// A game of letter cards for `setup`, not dealt yet: its deck checked
    /// by [`super::letter_deck`] (`game` names the game, `deal` is the hand
    /// dealt and whether two-letter cards belong, `max_seats` the most
    /// seats).
    pub fn new(
        setup: &Setup<O>,
        game: &str,
        deal: (usize, bool),
        max_seats: usize,
    ) -> Result<WordBase<O, R>, SetupError> {
        setup.check_seats()?;
        let n = setup.seats.len();
        let deck = super::letter_deck(setup, game, deal, max_seats)?;
        Ok(WordBase {
            names: setup.seats.iter().map(|s| s.name.clone()).collect(),
            options: setup.rules.options.clone(),
            deck,
            dict: SharedDict(setup.dict.clone()),
            seed: setup.seed,
            first: setup.first,
            stock: Stock::default(),
            hands: Vec::new(),
            table: Table::default(),
            turn: TurnOrder::new(n, setup.first),
            word_turn: WordTurn::new(n),
            sheet: ScoreSheet::new(n),
            turns: 0,
        })
    }
}

impl<O, R> WordBase<O, R> {
    /// A seat's name, for sentences.
    pub fn name(&self, seat: SeatId) -> String {
        seat_name(&self.names, seat)
    }

    /// The word list the game judges words by.
    pub fn dictionary(&self) -> &Arc<Dictionary> {
        &self.dict.0
    }

    /// Deals round `round` (from 0), `hand` cards each, as
    /// [`super::deal_round`] does, onto a clear table with no word pending:
    /// the seat that plays first, and the pile the deal starts.
    pub fn deal(&mut self, round: u32, hand: usize) -> Result<(SeatId, Train), SetupError> {
        let (first, stock, hands, pile) = super::deal_round(
            &self.deck,
            (self.seed, round),
            &mut self.turn,
            self.first,
            hand,
        )?;
        (self.stock, self.hands) = (stock, hands);
        self.table.clear();
        self.word_turn = WordTurn::new(self.names.len());
        Ok((first, pile))
    }

    /// Lays the cards `grown` places from `seat`'s hand: the cards laid,
    /// and the grown word's cards in word order.
    pub fn lay_growth(
        &mut self,
        seat: SeatId,
        grown: &Grown,
    ) -> Result<(Vec<TableCard>, Vec<TableCard>), ActionError> {
        let laid = super::entry::lay(&mut self.hands[seat.index()], &grown.placed, seat);
        let cards = grown.assemble(&laid)?;
        Ok((laid, cards))
    }

    /// The parts the turn driver works on, with the game's `phase`, how
    /// `words` are checked and its `pile`, if it has one.
    pub fn kit<'a, P>(
        &'a mut self,
        phase: &'a mut P,
        words: WordCheck,
        pile: Option<&'a mut Train>,
    ) -> Kit<'a, P, R> {
        Kit {
            turn: &mut self.word_turn,
            phase,
            order: &self.turn,
            judge: (&self.dict, &self.names, words),
            cards: (&mut self.table, &mut self.hands, pile),
        }
    }

    /// The cards in the stock, the hands and the table words (the game
    /// adds its pile): for [`crate::game::Game::cards_in_play`].
    pub fn cards(&self) -> Vec<Card> {
        let mut all: Vec<Card> = self.stock.cards().to_vec();
        all.extend(self.hands.iter().flat_map(|h| h.cards().iter().copied()));
        all.extend(self.table.cards().map(|c| c.card));
        all
    }

    /// The cards in the stock and in every hand but `viewer`'s: for
    /// [`crate::game::Game::hidden_cards`].
    pub fn hidden_from(&self, viewer: Option<SeatId>) -> Vec<CardId> {
        crate::pile::hidden_from(&self.stock, &self.hands, viewer)
    }

    /// Deals again with `rng` the cards `seat` cannot see (the stock, and
    /// the other hands while `hands_hidden`) and draws a new seed for the
    /// deals to come: for [`crate::game::Redeal::redeal`].
    pub fn redeal(&mut self, seat: SeatId, hands_hidden: bool, rng: &mut crate::rng::GameRng) {
        crate::pile::redeal(
            &mut self.stock,
            &mut self.hands,
            seat,
            |_, _| !hands_hidden,
            rng,
        );
        self.seed = rng.next_u64();
    }

    /// The figures of the game so far, `dry` of its rounds ended by an
    /// empty stock.
    pub fn stats(&self, dry: u32) -> GameStats {
        GameStats::of_rounds(self.turns, dry, &self.sheet)
    }

    /// What `viewer` sees (`None`: a watcher, who holds no hand), the
    /// seat to move being `to_move`, the game's phase `phase` and the
    /// scores `totals`, around the game's own part `own`.
    pub fn seat_view<P, X>(
        &self,
        viewer: Option<SeatId>,
        (to_move, phase): (Option<SeatId>, P),
        totals: Vec<i64>,
        own: X,
    ) -> SeatView<O, P, X>
    where
        O: Clone,
    {
        SeatView {
            seat: viewer.unwrap_or(SeatId(0)),
            spectator: viewer.is_none(),
            names: self.names.clone(),
            to_move,
            turn: self.turn.current(),
            phase,
            hand: crate::pile::own_hand(&self.hands, viewer),
            hand_sizes: self.hands.iter().map(Hand::len).collect(),
            stock_left: self.stock.len(),
            table: self.table.words().to_vec(),
            skips: self.word_turn.skips().to_vec(),
            totals,
            sheet: self.sheet.rows().to_vec(),
            deck: self.deck.clone(),
            options: self.options.clone(),
            own,
        }
    }
}

/// What one seat sees of a word game, the part every word game shows: its
/// own hand, everyone's hand size, the stock's size, the phase `P`, the
/// table words, the turns owed, the scores and the options `O`; never
/// another hand or the stock. `own` is the game's own part (its pile ...),
/// whose fields read as the view's own (`view.pile`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SeatView<O, P, X> {
    pub seat: SeatId,
    /// A watcher's view: `seat` stands for nobody, and `hand` is empty.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub spectator: bool,
    pub names: Vec<String>,
    pub to_move: Option<SeatId>,
    /// The seat whose turn it is (in a window of calls or a challenge: the
    /// seat that discarded or laid the word).
    pub turn: SeatId,
    pub phase: P,
    pub hand: Vec<Card>,
    pub hand_sizes: Vec<usize>,
    pub stock_left: usize,
    pub table: Vec<TableWord>,
    /// Turns each seat will lose (for a wrong challenge).
    pub skips: Vec<u32>,
    /// Each seat's score: earlier rounds and this one.
    pub totals: Vec<i64>,
    pub sheet: Vec<ScoreRow>,
    /// The deck in play (public).
    pub deck: DeckSpec,
    pub options: O,
    #[serde(flatten)]
    pub own: X,
}

impl<O, P, X> SeatView<O, P, X> {
    /// The moves the typed `word` stands for from this seat's hand: a word
    /// laid from hand (`hand` makes it of the word and its cards) in each
    /// spelling, or a table word grown by `growing` (`grow` makes it of the
    /// table word too), using the card `must` where the word has its
    /// letter. For a game that combines no table words.
    pub fn hand_moves<A>(
        &self,
        word: &str,
        (must, growing): (Option<&Card>, Growing),
        hand: impl Fn(String, Option<Vec<CardId>>) -> A,
        grow: impl Fn(u32, String, Option<Vec<CardId>>) -> A,
    ) -> Vec<A> {
        super::entry::word_moves(word, &self.hand, must, &self.table, growing)
            .into_iter()
            .filter_map(|m| match m {
                WordMove::FromHand { cards } => Some(hand(word.to_string(), cards)),
                WordMove::Grow { target, cards } => Some(grow(target, word.to_string(), cards)),
                WordMove::Combine { .. } => None,
            })
            .collect()
    }
}

impl<O, P: WordPhase, X> SeatView<O, P, X> {
    /// The table word a challenge window is about.
    pub fn challenged(&self) -> Option<&TableWord> {
        let word = self.phase.window()?.word;
        self.table.iter().find(|w| w.id == word)
    }
}

impl<O, P, X> Deref for SeatView<O, P, X> {
    type Target = X;
    fn deref(&self) -> &X {
        &self.own
    }
}

impl<O, P, X> DerefMut for SeatView<O, P, X> {
    fn deref_mut(&mut self) -> &mut X {
        &mut self.own
    }
}
