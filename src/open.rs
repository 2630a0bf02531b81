//! The moves open to a seat now, as data: OpenSpiel's `LegalActions` and
//! boardgame.io's stage move lists, for games whose moves cannot all be
//! listed (a typed word). Each game's [`crate::Game::open`] says, for the
//! seat to move, every kind of move the moment knows: what it does in the
//! engine's words, the one move it is where one move makes it, and, when
//! it is closed, why. The screen's keys, Enter, its help and prompts, the
//! coach and the random-play test read this one table, and
//! [`crate::Session::apply`] refuses a move of a closed kind with its
//! reason.

use crate::card::{Card, CardId};

/// A kind of move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MoveKind {
    /// Draw from the stock (or, with the stock out, go on without drawing).
    Draw,
    /// Take the top card of the center pile (the discard pile, the train).
    TakeTop,
    /// Take a card of one's choosing from deep in the center pile, with
    /// every card above it.
    TakeDeep,
    /// Type a word: to lay, grow, call or mug, as the moment says.
    Word,
    /// Discard a hand card (ending the turn).
    Discard,
    /// Put a hand card under the stock.
    PutUnder,
    /// Let the moment pass (no call, no muggins), or end a turn with
    /// nothing more to do.
    Pass,
    /// End the turn with no card left to discard.
    EndTurn,
    /// Take the turn back.
    TakeBack,
    /// Take the bonus cards the turn's words earned.
    TakeBonus,
    /// Go out.
    GoOut,
    /// Challenge the word just played.
    Challenge,
    /// Let the word just played stand.
    LetStand,
    /// Take a center card with a hand card (Wump Rummy).
    Take,
    /// Place a hand card in the center (Wump Rummy).
    Place,
}

/// One kind of move at this moment.
#[derive(Clone, Debug, PartialEq)]
pub struct OpenMove<A> {
    pub kind: MoveKind,
    /// What it does, short, in the engine's words ("draw 5 cards").
    pub label: String,
    /// The one move it is, where one move makes it (a pass, a draw).
    pub action: Option<A>,
    /// The card it takes, where it takes one (a pile's top).
    pub card: Option<CardId>,
    /// Why it is closed now; `None` while it is open.
    pub refusal: Option<String>,
    /// Whether a seat that lets the moment pass makes this move (the
    /// screen's Enter when nothing is picked).
    pub default: bool,
    /// What it gives or how far it goes, in a sentence for a prompt or a
    /// card's preview ("You get 7 fresh cards."), where the label is too
    /// short to say it.
    pub detail: Option<String>,
}

/// Every kind of move a moment knows, open or closed.
#[derive(Clone, Debug, PartialEq)]
pub struct Open<A> {
    pub moves: Vec<OpenMove<A>>,
    /// Whether the seat decides in the open, without its hand (a
    /// challenge, a call, muggins: between turns, where the screen shows
    /// no hand and needs no curtain).
    pub in_the_open: bool,
}

impl<A> Default for Open<A> {
    fn default() -> Open<A> {
        Open {
            moves: Vec::new(),
            in_the_open: false,
        }
    }
}

impl<A> Open<A> {
    /// No move at all (not the seat's turn, the game over).
    pub fn none() -> Open<A> {
        Open::default()
    }

    /// Adds an open move of `kind`, labelled `label`.
    pub fn add(&mut self, kind: MoveKind, label: impl Into<String>) -> &mut OpenMove<A> {
        let at = self.moves.len();
        self.moves.push(OpenMove {
            kind,
            label: label.into(),
            action: None,
            card: None,
            refusal: None,
            default: false,
            detail: None,
        });
        &mut self.moves[at]
    }

    /// Adds a move of `kind` that is open unless `refusal` says why not.
    pub fn add_unless(
        &mut self,
        kind: MoveKind,
        label: impl Into<String>,
        refusal: Option<String>,
    ) -> &mut OpenMove<A> {
        let m = self.add(kind, label);
        m.refusal = refusal;
        m
    }

    /// A challenge window's two moves: challenge `word`, or let it stand
    /// (what a seat that lets the moment pass does).
    pub fn challenge_window(&mut self, word: &str, challenge: A, stand: A) {
        self.in_the_open = true;
        self.add(MoveKind::Challenge, format!("challenge {word}"))
            .making(challenge);
        self.add(MoveKind::LetStand, "let it stand")
            .making(stand)
            .by_default();
    }

    /// Taking the top card of the `pile` ("the train"): `top`, the card
    /// and the move that takes it, or closed when the pile is empty; or
    /// closed for the reason `closed`.
    pub fn take_top(&mut self, pile: &str, top: Option<(&Card, A)>, closed: Option<String>) {
        match top {
            Some((card, action)) => {
                self.add_unless(
                    MoveKind::TakeTop,
                    format!("take {card} from {pile}"),
                    closed,
                )
                .making(action)
                .taking(card.id);
            }
            None => {
                let empty = format!("{} is empty.", crate::sentence::capitalised(pile));
                self.add_unless(MoveKind::TakeTop, format!("take from {pile}"), Some(empty));
            }
        }
    }

    /// The move of `kind`, open or closed, if the moment knows it.
    pub fn get(&self, kind: MoveKind) -> Option<&OpenMove<A>> {
        self.moves.iter().find(|m| m.kind == kind)
    }

    /// The move of `kind` if it is open now.
    pub fn open(&self, kind: MoveKind) -> Option<&OpenMove<A>> {
        self.get(kind).filter(|m| m.refusal.is_none())
    }

    /// Whether a move of `kind` is open now.
    pub fn is_open(&self, kind: MoveKind) -> bool {
        self.open(kind).is_some()
    }

    /// Why a move of `kind` is refused now: the move's own reason when it
    /// is closed, a sentence naming what is open when the moment does not
    /// know it; `None` when it is open.
    pub fn refusal(&self, kind: MoveKind) -> Option<String> {
        match self.get(kind) {
            Some(m) => m.refusal.clone(),
            None => Some(self.instead()),
        }
    }

    /// The open moves, in order.
    pub fn open_moves(&self) -> impl Iterator<Item = &OpenMove<A>> {
        self.moves.iter().filter(|m| m.refusal.is_none())
    }

    /// A sentence naming the moves open now: "Now: draw from the stock,
    /// or take 7♠ from the discard pile."
    pub fn instead(&self) -> String {
        let labels: Vec<&str> = self.open_moves().map(|m| m.label.as_str()).collect();
        match labels.as_slice() {
            [] => "No move is open now.".to_string(),
            [one] => format!("Now: {one}."),
            [rest @ .., last] => format!("Now: {}, or {last}.", rest.join(", ")),
        }
    }

    /// The same table without its moves, for a reader that only shows it.
    pub fn kinds(&self) -> Open<()> {
        Open {
            moves: self
                .moves
                .iter()
                .map(|m| OpenMove {
                    kind: m.kind,
                    label: m.label.clone(),
                    action: m.action.as_ref().map(|_| ()),
                    card: m.card,
                    refusal: m.refusal.clone(),
                    default: m.default,
                    detail: m.detail.clone(),
                })
                .collect(),
            in_the_open: self.in_the_open,
        }
    }
}

impl<A> OpenMove<A> {
    /// The one move this is.
    pub fn making(&mut self, action: A) -> &mut OpenMove<A> {
        self.action = Some(action);
        self
    }

    /// The card it takes.
    pub fn taking(&mut self, card: CardId) -> &mut OpenMove<A> {
        self.card = Some(card);
        self
    }

    /// The move a seat that lets the moment pass makes.
    pub fn by_default(&mut self) -> &mut OpenMove<A> {
        self.default = true;
        self
    }

    /// What it gives, in a sentence ([`OpenMove::detail`]).
    pub fn telling(&mut self, detail: impl Into<String>) -> &mut OpenMove<A> {
        self.detail = Some(detail.into());
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_closed_move_gives_its_reason_and_an_unknown_one_names_what_is_open() {
        let mut open: Open<u8> = Open::none();
        open.add(MoveKind::Draw, "draw from the stock").making(1);
        open.add_unless(
            MoveKind::TakeTop,
            "take 7♠",
            Some("The pile is closed.".into()),
        );
        open.add(MoveKind::Pass, "pass");
        assert!(open.is_open(MoveKind::Draw));
        assert_eq!(
            open.refusal(MoveKind::TakeTop).as_deref(),
            Some("The pile is closed.")
        );
        assert_eq!(
            open.refusal(MoveKind::Discard).as_deref(),
            Some("Now: draw from the stock, or pass.")
        );
        assert_eq!(open.kinds().get(MoveKind::Draw).unwrap().action, Some(()));
    }
}
