//! The turn around a word, one driver for every word game (after
//! boardgame.io's turns and stages): a word laid waits, kept as
//! [`Pending`], while the other seats each decide once, in turn, whether to
//! challenge it (a [`Window`]); the dictionary rules on a challenge; an
//! upheld challenge puts the table, the player's hand and the pile back,
//! and a wrong challenger loses a turn; and when the turn passes, each seat
//! that owes a turn loses it.
//!
//! The game keeps its own rules and says, through [`WordRules`], what
//! happens when a word stands (its scoring comes first, when it is laid)
//! and what an upheld challenge undoes besides the cards.

use super::challenge::{self, ChallengeNews, Pending, Ruling};
use super::laid::Table;
use super::window::Window;
use crate::dict::Dictionary;
use crate::pile::{Hand, Train};
use crate::seat::{SeatId, TurnOrder};
use crate::word::WordCheck;
use serde::{Deserialize, Serialize};

/// What the turn keeps between moves: the turns each seat will lose, and
/// the word whose challenge window is open. `R` is what the game keeps of
/// its own to put back when that word is taken back.
#[derive(Clone, Debug, PartialEq)]
pub struct WordTurn<R> {
    skips: Vec<u32>,
    pending: Option<Box<Pending<R>>>,
}

impl<R> WordTurn<R> {
    /// A deal of `seats` seats: nobody owes a turn, no word waits.
    pub fn new(seats: usize) -> WordTurn<R> {
        WordTurn {
            skips: vec![0; seats],
            pending: None,
        }
    }

    /// The turns each seat will lose (for a wrong challenge).
    pub fn skips(&self) -> &[u32] {
        &self.skips
    }

    /// The turn is over: no word waits any longer.
    pub fn end_turn(&mut self) {
        self.pending = None;
    }

    /// Whether `seat`, whose turn comes now, loses it: a seat that owes a
    /// turn pays it, and the news says so.
    pub fn loses_turn(&mut self, seat: SeatId, names: &[String]) -> Option<ChallengeNews> {
        let owed = self.skips.get_mut(seat.index()).filter(|n| **n > 0)?;
        *owed -= 1;
        Some(ChallengeNews::LostTurn {
            name: crate::game::seat_name(names, seat),
        })
    }

    /// Passes the turn on from the seat to play to the next seat that
    /// plays: each seat on the way that owes a turn loses it (said in
    /// `events`).
    pub fn pass_turn<E: From<ChallengeNews>>(
        &mut self,
        order: &mut TurnOrder,
        names: &[String],
        events: &mut Vec<E>,
    ) -> SeatId {
        loop {
            let next = order.advance();
            match self.loses_turn(next, names) {
                Some(news) => events.push(news.into()),
                None => return next,
            }
        }
    }
}

/// A word just laid and open to challenge: its id on the table, the seat
/// that laid it, and the seats still to decide.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChallengeWindow {
    pub word: u32,
    pub player: SeatId,
    pub waiting: Window,
}

/// A word game's phase: a challenge window `Challenge(ChallengeWindow)`,
/// maybe other windows of seats deciding in turn, and `Over`.
/// [`word_phase!`] writes it for a game's `Phase`.
pub trait WordPhase {
    /// The phase of an open challenge window.
    fn challenge(window: ChallengeWindow) -> Self;

    /// The challenge window, if one is open.
    fn window(&self) -> Option<&ChallengeWindow>;

    /// The challenge window, if one is open, for the seats to decide in.
    fn window_mut(&mut self) -> Option<&mut ChallengeWindow>;

    /// The seats deciding now, if a window of any kind is open.
    fn waiting(&self) -> Option<&Window>;

    /// Whether the game is over.
    fn is_over(&self) -> bool;

    /// Whether `viewer` is the seat playing its own turn now: no window is
    /// open, the game is not over, and `turn` says it is its turn.
    fn playing(&self, viewer: Option<SeatId>, turn: &TurnOrder) -> bool {
        viewer == Some(turn.current()) && !self.is_over() && self.waiting().is_none()
    }

    /// The seat to act: the first to decide in an open window, else the
    /// seat whose turn `turn` says it is; nobody once the game is over.
    fn to_move(&self, turn: &TurnOrder) -> Option<SeatId> {
        if self.is_over() {
            return None;
        }
        match self.waiting() {
            Some(waiting) => waiting.next(),
            None => Some(turn.current()),
        }
    }
}

/// Implements [`WordPhase`] for a game's `Phase`, whose variant
/// `Challenge(ChallengeWindow)` is the challenge window, `Over` the end, and
/// each variant named after `;` another window (`Calls { waiting, .. }`).
/// Given the game's event too, the news of a challenge becomes its event
/// `Challenge(news)`.
macro_rules! word_phase {
    ($phase:ident, $event:ident $(; $($other:ident),+)?) => {
        $crate::wordgame::turn::word_phase!($phase $(; $($other),+)?);

        impl From<$crate::wordgame::ChallengeNews> for $event {
            fn from(news: $crate::wordgame::ChallengeNews) -> $event {
                $event::Challenge(news)
            }
        }
    };
    ($phase:ident $(; $($other:ident),+)?) => {
        impl $crate::wordgame::turn::WordPhase for $phase {
            fn challenge(window: $crate::wordgame::ChallengeWindow) -> $phase {
                $phase::Challenge(window)
            }

            fn waiting(&self) -> Option<&$crate::wordgame::Window> {
                match self {
                    $phase::Challenge(window) => Some(&window.waiting),
                    $($($phase::$other { waiting, .. } => Some(waiting),)+)?
                    _ => None,
                }
            }

            fn is_over(&self) -> bool {
                matches!(self, $phase::Over)
            }

            fn window(&self) -> Option<&$crate::wordgame::ChallengeWindow> {
                match self {
                    $phase::Challenge(window) => Some(window),
                    _ => None,
                }
            }

            fn window_mut(&mut self) -> Option<&mut $crate::wordgame::ChallengeWindow> {
                match self {
                    $phase::Challenge(window) => Some(window),
                    _ => None,
                }
            }
        }
    };
}
pub(crate) use word_phase;

/// The parts of a word game the turn works on, borrowed at once.
pub(crate) struct Kit<'a, P, R> {
    /// The turn's own state.
    pub turn: &'a mut WordTurn<R>,
    pub phase: &'a mut P,
    pub order: &'a TurnOrder,
    /// Who judges a challenge: the dictionary, the seats' names (for the
    /// news), and how words are checked (strict play has no window).
    pub judge: (&'a Dictionary, &'a [String], WordCheck),
    /// What an upheld challenge puts back: the table, the hands, and the
    /// pile, if the game has one.
    pub cards: (&'a mut Table, &'a mut [Hand], Option<&'a mut Train>),
}

/// How a challenge came out, once the kit is let go.
enum Decided<R> {
    Stands(R),
    Upheld(R),
}

/// A word game on the turn driver: what it lends the driver, and what it
/// does differently. The provided methods are the driver.
pub(crate) trait WordRules: Sized {
    /// The game's phase.
    type Phase: WordPhase;
    /// What the game keeps of its own with a pending word, besides the
    /// table, the hand and the pile: where play goes on, or what to put
    /// back.
    type Resume;
    type Event: From<ChallengeNews>;

    /// The parts the driver works on.
    fn kit(&mut self) -> Kit<'_, Self::Phase, Self::Resume>;

    /// `player`'s word stands (no challenge, a wrong one, or strict play):
    /// play goes on.
    fn stands(&mut self, player: SeatId, resume: Self::Resume, events: &mut Vec<Self::Event>);

    /// A challenge of `player`'s word was upheld: the table, the hand and
    /// the pile are back as they were before it; `resume` is what the game
    /// kept. The game puts back the rest and says where play goes.
    fn upheld(&mut self, player: SeatId, resume: Self::Resume, events: &mut Vec<Self::Event>);

    /// `player` has laid table word `word` (its points already scored as
    /// the game scores them); `before` is how things stood. In strict play
    /// it stands at once; otherwise the window opens for every other seat.
    fn word_laid(
        &mut self,
        word: u32,
        player: SeatId,
        before: Pending<Self::Resume>,
        events: &mut Vec<Self::Event>,
    ) {
        let kit = self.kit();
        if kit.judge.2 == WordCheck::Strict {
            self.stands(player, *before.then, events);
            return;
        }
        *kit.phase = Self::Phase::challenge(ChallengeWindow {
            word,
            player,
            waiting: Window::others(kit.order, player),
        });
        kit.turn.pending = Some(Box::new(before));
    }

    /// The seat to decide lets the word stand; the last to do so closes
    /// the window.
    fn let_stand(&mut self, events: &mut Vec<Self::Event>) {
        let kit = self.kit();
        let Some(window) = kit.phase.window_mut() else {
            return;
        };
        window.waiting.pass();
        if !window.waiting.is_closed() {
            return;
        }
        let player = window.player;
        if let Some(pending) = kit.turn.pending.take() {
            self.stands(player, *pending.then, events);
        }
    }

    /// `seat`'s answer in the challenge window: it challenges the word
    /// (`challenges`), or else lets it stand.
    fn answer(&mut self, seat: SeatId, challenges: bool, events: &mut Vec<Self::Event>) {
        if challenges {
            self.challenge_word(seat, events);
        } else {
            self.let_stand(events);
        }
    }

    /// `challenger` challenges the word in the window: the dictionary
    /// decides (RULINGS.md). Upheld, the word comes off the table; failed,
    /// the challenger loses its next turn and the word stands.
    fn challenge_word(&mut self, challenger: SeatId, events: &mut Vec<Self::Event>) {
        let kit = self.kit();
        let Some(&ChallengeWindow { word, player, .. }) = kit.phase.window() else {
            return;
        };
        let Some(pending) = kit.turn.pending.take() else {
            return;
        };
        let (dict, names, _) = kit.judge;
        let (table, hands, pile) = kit.cards;
        let (ruling, news) = challenge::rule(
            dict,
            table,
            word,
            (challenger, player),
            names,
            &mut kit.turn.skips,
        );
        events.push(news.into());
        let outcome = match (ruling, hands.get_mut(player.index())) {
            (Ruling::Upheld, Some(hand)) => match pile {
                Some(pile) => Decided::Upheld(pending.undo(table, hand, pile)),
                None => Decided::Upheld(pending.undo(table, hand, &mut Train::new())),
            },
            _ => Decided::Stands(*pending.then),
        };
        match outcome {
            Decided::Stands(resume) => self.stands(player, resume, events),
            Decided::Upheld(resume) => self.upheld(player, resume, events),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::{Card, CardId, Letter};
    use crate::wordgame::laid::{Source, TableCard};
    use std::sync::Arc;

    #[derive(Clone, Debug, PartialEq)]
    enum Phase {
        Play,
        Challenge(ChallengeWindow),
        Over,
    }
    word_phase!(Phase);

    /// The least word game: three seats, seat 0 lays words from hand; the
    /// resume is a number the hooks write down.
    struct Mini {
        names: Vec<String>,
        dict: Arc<Dictionary>,
        words: WordCheck,
        order: TurnOrder,
        phase: Phase,
        word_turn: WordTurn<u32>,
        table: Table,
        hands: Vec<Hand>,
        pile: Train,
        hooks: Vec<String>,
    }

    impl WordRules for Mini {
        type Phase = Phase;
        type Resume = u32;
        type Event = ChallengeNews;

        fn kit(&mut self) -> Kit<'_, Phase, u32> {
            Kit {
                turn: &mut self.word_turn,
                phase: &mut self.phase,
                order: &self.order,
                judge: (&self.dict, &self.names, self.words),
                cards: (&mut self.table, &mut self.hands, Some(&mut self.pile)),
            }
        }

        fn stands(&mut self, player: SeatId, resume: u32, _: &mut Vec<ChallengeNews>) {
            self.phase = Phase::Play;
            self.hooks.push(format!("{player:?} stands {resume}"));
        }

        fn upheld(&mut self, player: SeatId, resume: u32, _: &mut Vec<ChallengeNews>) {
            self.phase = Phase::Play;
            self.hooks.push(format!("{player:?} upheld {resume}"));
        }
    }

    fn mini(words: WordCheck) -> Mini {
        let hand = "CATXQZ"
            .chars()
            .enumerate()
            .map(|(i, ch)| Card {
                id: CardId(i as u16),
                face: crate::card::Face::Letter(Letter::from_char(ch).unwrap()),
                value: 1,
            })
            .collect();
        Mini {
            names: ["Ann", "Ben", "Cy"].map(String::from).to_vec(),
            dict: Dictionary::shipped(),
            words,
            order: TurnOrder::new(3, SeatId(0)),
            phase: Phase::Play,
            word_turn: WordTurn::new(3),
            table: Table::default(),
            hands: vec![Hand::new(hand), Hand::default(), Hand::default()],
            pile: Train::new(),
            hooks: Vec::new(),
        }
    }

    /// Seat 0 lays the cards `ids` of its hand as a word, the resume 7.
    fn lay(g: &mut Mini, ids: &[u16], news: &mut Vec<ChallengeNews>) -> u32 {
        let before = Pending::new(&g.table, &g.hands[0], &g.pile, 7);
        let cards: Vec<TableCard> = ids
            .iter()
            .filter_map(|&id| {
                let c = g.hands[0].take(CardId(id)).ok()?;
                TableCard::new(c, &[c.face.letter()?], SeatId(0))
            })
            .collect();
        let id = g.table.add(SeatId(0), cards, Source::Hand);
        g.word_laid(id, SeatId(0), before, news);
        id
    }

    #[test]
    fn each_other_seat_decides_once_then_the_word_stands() {
        let mut g = mini(WordCheck::Challenge);
        let mut news = Vec::new();
        let id = lay(&mut g, &[0, 1, 2], &mut news);
        let Phase::Challenge(ChallengeWindow { word, waiting, .. }) = &g.phase else {
            panic!("no window: {:?}", g.phase);
        };
        assert_eq!((*word, waiting.seats()), (id, &[SeatId(1), SeatId(2)][..]));
        g.let_stand(&mut news);
        assert!(
            matches!(&g.phase, Phase::Challenge(ChallengeWindow { waiting, .. }) if waiting.seats() == [SeatId(2)])
        );
        assert!(g.hooks.is_empty());
        g.let_stand(&mut news);
        assert_eq!(g.hooks, ["SeatId(0) stands 7"]);
        assert_eq!(g.table.words().len(), 1);
        assert!(news.is_empty());
    }

    #[test]
    fn an_upheld_challenge_puts_the_cards_back_and_a_failed_one_costs_a_turn() {
        let mut g = mini(WordCheck::Challenge);
        let mut news = Vec::new();
        lay(&mut g, &[3, 4, 5], &mut news);
        g.challenge_word(SeatId(1), &mut news);
        assert_eq!(g.hooks, ["SeatId(0) upheld 7"]);
        assert!(g.table.words().is_empty());
        assert_eq!(g.hands[0].len(), 6);
        assert_eq!(g.word_turn.skips(), &[0, 0, 0]);
        assert!(matches!(&news[..], [ChallengeNews::Upheld { word, .. }] if word == "XQZ"));

        let mut g = mini(WordCheck::Challenge);
        let mut news = Vec::new();
        lay(&mut g, &[0, 1, 2], &mut news);
        g.challenge_word(SeatId(2), &mut news);
        assert_eq!(g.hooks, ["SeatId(0) stands 7"]);
        assert_eq!(g.table.words().len(), 1);
        assert_eq!(g.word_turn.skips(), &[0, 0, 1]);
        assert!(
            matches!(&news[..], [ChallengeNews::Failed { challenger, .. }] if challenger == "Cy")
        );
        // A second challenge finds no window open.
        g.challenge_word(SeatId(1), &mut news);
        assert_eq!((g.hooks.len(), news.len()), (1, 1));
    }

    #[test]
    fn the_seat_to_move_is_the_first_in_a_window_else_the_turns_and_none_once_over() {
        let mut g = mini(WordCheck::Challenge);
        assert_eq!(g.phase.to_move(&g.order), Some(SeatId(0)));
        lay(&mut g, &[0, 1, 2], &mut Vec::new());
        assert_eq!(g.phase.to_move(&g.order), Some(SeatId(1)));
        g.phase = Phase::Over;
        assert_eq!(g.phase.to_move(&g.order), None);
    }

    #[test]
    fn in_strict_play_a_word_stands_at_once() {
        let mut g = mini(WordCheck::Strict);
        let mut news = Vec::new();
        lay(&mut g, &[0, 1, 2], &mut news);
        assert_eq!(g.phase, Phase::Play);
        assert_eq!(g.hooks, ["SeatId(0) stands 7"]);
        g.let_stand(&mut news);
        assert_eq!(g.hooks.len(), 1);
    }

    #[test]
    fn a_seat_that_owes_turns_loses_them_as_the_turn_passes() {
        let names: Vec<String> = ["Ann", "Ben", "Cy"].map(String::from).to_vec();
        let mut turn: WordTurn<()> = WordTurn::new(3);
        turn.skips[1] = 2;
        let mut order = TurnOrder::new(3, SeatId(0));
        let mut news: Vec<ChallengeNews> = Vec::new();
        assert_eq!(turn.pass_turn(&mut order, &names, &mut news), SeatId(2));
        assert_eq!(turn.skips(), &[0, 1, 0]);
        assert_eq!(news, [ChallengeNews::LostTurn { name: "Ben".into() }]);
        assert_eq!(turn.pass_turn(&mut order, &names, &mut news), SeatId(0));
        assert_eq!(turn.pass_turn(&mut order, &names, &mut news), SeatId(2));
        assert_eq!(turn.skips(), &[0, 0, 0]);
        assert_eq!(news.len(), 2);
        assert_eq!(turn.pass_turn(&mut order, &names, &mut news), SeatId(0));
        assert_eq!(turn.pass_turn(&mut order, &names, &mut news), SeatId(1));
        assert_eq!(news.len(), 2);
        assert_eq!(turn.loses_turn(SeatId(7), &names), None);
    }
}
