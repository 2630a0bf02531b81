//! The word-game kit: what every word game shares, so that a word game is
//! its own rules and scoring on top of this.
//!
//! - [`laid`]: words on the table, each card remembering the seat that laid
//!   it and the letters it stands for there (two for a combo card such as QU,
//!   the chosen one for a flip card or a wild).
//! - [`growth`]: the kinds of growth of table words (letters at the ends,
//!   letters inserted keeping the word's order, rearranged, two or more words
//!   combined with cards from hand) and one function that classifies a
//!   proposed growth.
//! - [`entry`]: word entry: every move a typed word can stand for, and the
//!   cards of a hand that play it.
//! - [`take`]: the deep take from a public discard pile, the card it obliges
//!   the seat to use, and taking the turn back.
//! - [`window`]: the open window in which other seats each decide once in
//!   turn (calls, challenges, muggins).
//! - [`challenge`]: the challenge outcome every word game shares.
//! - [`turn`]: the turn around a word, one driver for every word game: the
//!   pending word, its challenge window, the ruling and what it undoes, and
//!   the turns lost for a wrong challenge.
//! - [`base`]: what every word game keeps and shows alike: the seats,
//!   stock, hands, table and score sheet of a game in play, and the part of
//!   a seat's view made of them.
//! - [`WordGame`]: what the screen may ask of any word game: the moves a
//!   typed word stands for and a preview of each.
//!
//! Scoring stays in each variant.

pub mod base;
pub mod challenge;
pub mod entry;
pub mod expert;
pub mod growth;
pub mod laid;
pub mod review;
pub mod take;
pub mod turn;
pub mod window;

use crate::card::{Card, CardId, Face, Letter};
use crate::dict::{BotWords, Dictionary};
use crate::game::{ActionError, Bot, Game, Playable};
use crate::pile::{Hand, Train};
use crate::seat::{BotLevel, SeatId};
use std::sync::Arc;

pub use base::SeatView;
pub(crate) use base::WordBase;
pub use challenge::{ChallengeNews, Pending, Ruling, bot_challenges, judge, who_checks};
pub use entry::{
    Rebuild, Spelled, WordMove, check_table_word, check_word, choose_cards, choose_rebuild, lay,
    rebuilds, word_moves,
};
pub use growth::{Growing, Growth, GrowthKind, grow};
pub use laid::{Source, Table, TableCard, TableWord};
pub use take::{DeepTake, Obliges, PileTake};
pub use turn::{ChallengeWindow, WordPhase, WordTurn};
pub(crate) use turn::{Kit, WordRules};
pub use window::Window;

/// The deck of a game of letter cards for `setup`, checked: letter cards
/// only (single letters and wilds, and with `two_letter` the combo and flip
/// cards too), enough to deal `hand` each to every seat and start the pile,
/// and no more than `max_seats` seats. `game` names the game in the
/// refusals ("Wrummy", "AlphaRummy").
pub fn letter_deck<O: crate::rules::VariantOptions>(
    setup: &crate::game::Setup<O>,
    game: &str,
    (hand, two_letter): (usize, bool),
    max_seats: usize,
) -> Result<crate::deck::DeckSpec, crate::game::SetupError> {
    use crate::game::SetupError;
    let n = setup.seats.len();
    let deck = setup.rules.deck.clone();
    let not_a_letter = deck.letters.keys().find(|k| {
        !matches!(
            (crate::deck::parse_letter_face(k), two_letter),
            (Some(Face::Letter(_)), _) | (Some(Face::Combo(..) | Face::Flip(..)), true)
        )
    });
    let at_fault = if deck.letters.is_empty() {
        Some("deck.letters".to_string())
    } else if !deck.suits.is_empty() {
        Some("deck.suits".to_string())
    } else if deck.jokers > 0 {
        Some("deck.jokers".to_string())
    } else {
        not_a_letter.map(|k| format!("deck.letters.{k}"))
    };
    if let Some(key) = at_fault {
        let article = if game.starts_with(['A', 'E', 'I', 'O', 'U']) {
            "an"
        } else {
            "a"
        };
        return Err(SetupError::rules(
            key,
            if two_letter {
                format!("{article} {game} deck holds letter, combo and flip cards (and wilds) only")
            } else {
                format!("{article} {game} deck holds single-letter cards (and wilds) only")
            },
        ));
    }
    let size = deck.validate(1)?;
    if size < n * hand + 2 {
        return Err(SetupError::rules(
            "deck",
            format!("{size} cards are too few to deal {hand} each to {n} seats"),
        ));
    }
    if n > max_seats {
        return Err(SetupError::rules(
            "seats",
            format!("{game} is for at most {max_seats} seats, not {n}"),
        ));
    }
    Ok(deck)
}

/// Deals round `round` (from 0) of a game of letter cards: `deck`
/// shuffled for it by `seed`, `hand` cards each in turn from the seat
/// `round` places after `first`, whose turn it now is, and the next card
/// face up to start the pile. That seat, the stock, the hands and the pile.
pub fn deal_round(
    deck: &crate::deck::DeckSpec,
    (seed, round): (u64, u32),
    turn: &mut crate::seat::TurnOrder,
    first: SeatId,
    hand: usize,
) -> Result<(SeatId, crate::pile::Stock, Vec<Hand>, Train), crate::game::SetupError> {
    let cards = deck.shuffled(1, seed, round as u64)?;
    let first = turn.after(first, round as usize);
    let order: Vec<SeatId> = turn.from(first).collect();
    let (stock, hands, pile) = crate::pile::deal(cards, &order, turn.seats(), hand);
    turn.set(first);
    Ok((first, stock, hands, pile))
}

/// The letters a move's wild and flip cards stand for, in word order: for
/// [`Preview::chosen`].
pub fn chosen(lays: &[TableCard]) -> Vec<(Card, Letter)> {
    lays.iter()
        .filter(|c| matches!(c.card.face, Face::Wild | Face::Flip(..)))
        .map(|c| (c.card, c.letter))
        .collect()
}

/// Writes the log's line for deal `number` of `hand` cards each: "Round 2:
/// 7 cards each; Ann plays first, E starts the discard pile." (`deal` names
/// the deals, `pile` the pile that `upcard` starts).
pub fn write_deal(
    f: &mut std::fmt::Formatter<'_>,
    (deal, number, hand): (&str, u32, usize),
    first: &str,
    upcard: Option<&Card>,
    pile: &str,
) -> std::fmt::Result {
    write!(f, "{deal} {number}: {hand} cards each; {first} plays first")?;
    match upcard {
        Some(c) => write!(f, ", {c} starts the {pile}."),
        None => write!(f, "."),
    }
}

/// A table word as the seat about to grow it says it: "your CAT", "Ann's
/// CAT" (`names` are the seats' names).
pub fn whose(word: &TableWord, seat: SeatId, names: &[String]) -> String {
    if word.owner == seat {
        format!("your {}", word.text())
    } else {
        format!(
            "{} {}",
            crate::seat::possessive(&crate::game::seat_name(names, word.owner)),
            word.text()
        )
    }
}

/// The owner of a table word as the log says it when `seat` grows it:
/// "their own", "Ann's".
pub fn owner_said(owner: SeatId, seat: SeatId, names: &[String]) -> String {
    if owner == seat {
        "their own".into()
    } else {
        crate::seat::possessive(&crate::game::seat_name(names, owner))
    }
}

/// A move played on a copy of a word game, for its preview: the game after
/// it, the events it caused and the cards it laid on the table.
pub struct Tried<G: Game> {
    pub next: G,
    pub events: Vec<G::Event>,
    pub lays: Vec<TableCard>,
}

impl<G: Game> Tried<G> {
    /// Plays `action` for `seat` on a copy of `game`, whose table `table`
    /// finds; a refusal leaves `game` as it was.
    pub fn new(
        game: &G,
        (seat, action): (SeatId, &G::Action),
        table: fn(&G) -> &Table,
    ) -> Result<Tried<G>, ActionError> {
        let mut next = game.clone();
        let events = next.apply(seat, action)?;
        let lays = table(&next).laid_since(table(game).words());
        Ok(Tried { next, events, lays })
    }

    /// The move's preview: what it is `doing`, the `points` it scores now,
    /// what else it `earns` and the table word it `grows`, with the cards
    /// it lays and the letters its wild and flip cards are given.
    pub fn preview(
        self,
        doing: String,
        points: i64,
        earns: Vec<String>,
        grows: Option<u32>,
    ) -> Preview {
        Preview {
            doing,
            chosen: chosen(&self.lays),
            lays: self.lays,
            points,
            earns,
            grows,
        }
    }
}

/// What a described word move would do, from the engine: the screen shows
/// this and works out no rule fact itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Preview {
    /// What the move does, for the seat that makes it: "play CAT from your
    /// hand", "grow Ann's CAT into CATS", "call CAT from the train".
    pub doing: String,
    /// The cards it lays on the table, with the letters they stand for there.
    pub lays: Vec<TableCard>,
    /// Its wild and flip cards with the letters they are given, in word
    /// order.
    pub chosen: Vec<(Card, Letter)>,
    /// The points it scores now, by the game's own rule.
    pub points: i64,
    /// What else it earns or costs, each a phrase ("your 4-letter word",
    /// "2 bonus cards", "but you lose your 3-letter word").
    pub earns: Vec<String>,
    /// The table word it grows, if it grows one.
    pub grows: Option<u32>,
}

impl Preview {
    /// The cards it lays, by id.
    pub fn cards(&self) -> Vec<CardId> {
        self.lays.iter().map(|c| c.card.id).collect()
    }

    /// "grow your CAT into CATS (wild as S): 5 points, your 4-letter word";
    /// a flip card reads "J/X as X".
    pub fn line(&self) -> String {
        let wilds = if self.chosen.is_empty() {
            String::new()
        } else {
            let each: Vec<String> = self
                .chosen
                .iter()
                .map(|(c, l)| match c.face {
                    Face::Wild => format!("wild as {}", l.upper()),
                    _ => format!("{c} as {}", l.upper()),
                })
                .collect();
            format!(" ({})", each.join(", "))
        };
        let earns: String = self.earns.iter().map(|e| format!(", {e}")).collect();
        let points = crate::card::points(self.points);
        format!("{}{wilds}: {points}{earns}", self.doing)
    }
}

/// A word game's bot: its level, its way of playing `S` (the game's
/// `Style`) and the word list it plays from. Each game writes its moves.
pub struct WordBot<S> {
    pub level: BotLevel,
    pub style: S,
    pub dict: Arc<Dictionary>,
}

impl<S: BotStyle> WordBot<S> {
    /// A bot of `level` laying everyday words (the default table).
    pub fn new(level: BotLevel, dict: Arc<Dictionary>) -> WordBot<S> {
        WordBot::with_words(level, dict, BotWords::default())
    }

    /// A bot of `level` laying the words `words` allows.
    pub fn with_words(level: BotLevel, dict: Arc<Dictionary>, words: BotWords) -> WordBot<S> {
        WordBot {
            level,
            style: S::laying(level, words),
            dict,
        }
    }

    /// The bot of `level` laying the words `words` allows from `dict`,
    /// boxed as [`Players::bot`](crate::game::Players::bot) gives it.
    pub fn boxed<G: Game>(
        level: BotLevel,
        dict: &Arc<Dictionary>,
        words: BotWords,
    ) -> Option<Box<dyn Bot<G>>>
    where
        WordBot<S>: Bot<G> + 'static,
    {
        Some(Box::new(WordBot::with_words(level, dict.clone(), words)))
    }
}

/// How a word game's bot of a level plays (the game's `Style`), knowing
/// words up to a tier that the table's `bot_words` may cap.
pub trait BotStyle: Sized {
    /// The style of a bot of `level`.
    fn for_level(level: BotLevel) -> Self;

    /// The rarest tier of words the style knows.
    fn tier_mut(&mut self) -> &mut u8;

    /// The style of a bot of `level` laying only the words `words` allows.
    fn laying(level: BotLevel, words: BotWords) -> Self {
        let mut style = Self::for_level(level);
        let tier = style.tier_mut();
        *tier = words.cap(*tier);
        style
    }
}

/// A word game's move as a word move: the hand cards it names and the table
/// word it grows (none of either for a move that lays no word).
pub trait WordAction {
    /// The hand cards the move names, and the table word it grows.
    fn named(&self) -> (Vec<CardId>, Option<u32>);
}

/// Implements [`BotStyle`] for a game's `Style`, whose `Style::of(level)`
/// is the style of a level and whose `tier` field the rarest tier of words
/// it knows.
macro_rules! bot_style {
    ($style:ident) => {
        impl $crate::wordgame::BotStyle for $style {
            fn for_level(level: $crate::seat::BotLevel) -> $style {
                $style::of(level)
            }

            fn tier_mut(&mut self) -> &mut u8 {
                &mut self.tier
            }
        }
    };
}
pub(crate) use bot_style;

/// The `Game` items every word game says alike, written once inside its
/// `impl Game`: the seats' names and the turn from its [`WordBase`]
/// (`base`) and `phase`, and the moves open and a move's kind from the
/// seat's view.
macro_rules! word_rules {
    () => {
        fn names(&self) -> &[String] {
            &self.base.names
        }

        fn to_move(&self) -> Option<$crate::seat::SeatId> {
            self.phase.to_move(&self.base.turn)
        }

        fn open(&self, seat: $crate::seat::SeatId) -> $crate::open::Open<Self::Action> {
            self.view(seat).open()
        }

        fn kind(&self, action: &Self::Action) -> $crate::open::MoveKind {
            self.view_for(self.to_move()).kind(action)
        }
    };
}
pub(crate) use word_rules;

/// The hint and the review of every word game, written once inside its
/// `impl Players`: the one analysis's move of the game's own `hint` module
/// (`hint_in` for the seat to move, `hint` from a view), as the screen's
/// hint, the coach and the review name it.
macro_rules! word_hints {
    () => {
        fn hinted(&self, seat: $crate::seat::SeatId) -> Option<Self::Action> {
            if self.to_move() != Some(seat) {
                return None;
            }
            hint::hint_in(self, seat).map(|h| h.action)
        }

        fn advise(&self, view: &Self::View) -> Option<Self::Action> {
            hint::hint(view, self.dictionary()).map(|h| h.action)
        }
    };
}
pub(crate) use word_hints;

/// Every word game's moves are judged by points scored now
/// ([`review::judge`]).
impl<G: WordGame + crate::analysis::Analysed> crate::game::Reviewed for G {
    fn judge(
        &self,
        seat: SeatId,
        played: &Self::Action,
    ) -> Option<crate::judgement::Judgement<Self::Action>> {
        review::judge(self, seat, played)
    }
}

/// A word game: besides [`Game`], the screen may ask which moves a typed
/// word stands for and what each would do.
pub trait WordGame: Playable<Action: WordAction> {
    /// Every move the typed `word` could stand for now for `seat`, each
    /// naming its cards when the choice matters; whether the game accepts
    /// each is for [`WordGame::preview`] (and `apply`) to say.
    fn word_moves(&self, seat: SeatId, word: &str) -> Vec<Self::Action>;

    /// What `action` would do for `seat`, or the sentence refusing it. The
    /// game is not changed.
    fn preview(&self, seat: SeatId, action: &Self::Action) -> Result<Preview, ActionError>;

    /// The hand cards a described move names, and the table word it grows:
    /// what a screen lights even when the move is refused.
    fn named_cards(action: &Self::Action) -> (Vec<CardId>, Option<u32>) {
        action.named()
    }

    /// Points an event scores besides a word's own (a bonus for going
    /// out), which a move's [`Preview`] leaves out: the review counts them.
    fn bonus_points(_event: &Self::Event) -> i64 {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deck::parse_letter_face;
    use crate::seat::SeatId;

    #[test]
    fn a_preview_reads_as_a_sentence() {
        let card = |id: u16, face: &str| Card {
            id: CardId(id),
            face: parse_letter_face(face).unwrap_or(Face::Wild),
            value: 1,
        };
        let x = Letter::from_char('x').unwrap();
        let s = Letter::from_char('s').unwrap();
        let p = Preview {
            doing: "grow your BO into BOXES".into(),
            lays: vec![
                TableCard::new(card(1, "J/X"), &[x], SeatId(0)).unwrap(),
                TableCard::new(card(2, "E"), &[Letter::from_char('e').unwrap()], SeatId(0))
                    .unwrap(),
                TableCard::new(card(3, "?"), &[s], SeatId(0)).unwrap(),
            ],
            chosen: vec![(card(1, "J/X"), x), (card(3, "?"), s)],
            points: 1,
            earns: vec!["your 5-letter word".into()],
            grows: Some(4),
        };
        assert_eq!(
            p.line(),
            "grow your BO into BOXES (J/X as X, wild as S): 1 point, your 5-letter word"
        );
        assert_eq!(p.cards(), vec![CardId(1), CardId(2), CardId(3)]);
    }
}
