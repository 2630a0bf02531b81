//! Hints for the seat to play, built from the hard bot's search: every move
//! ranked by what it brings this deal, and two plain sentences, made from the
//! searched line, that a parent can read aloud.

use super::WumpAction;
use super::WumpView;
use super::search::{HINT_BUDGET, Play, Search};
use crate::card::{CardId, count_cards};
use crate::game::seat_name;
use crate::seat::SeatId;

/// One move with what it brings by the end of the deal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RankedMove {
    pub action: WumpAction,
    /// Cards each seat claims from now to the end of the deal, if everyone
    /// plays their best.
    pub gains: Vec<u8>,
    /// The searched line: this move and the best replies.
    pub line: Vec<Play>,
}

/// A hint for the seat to play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    pub seat: SeatId,
    /// Best first.
    pub moves: Vec<RankedMove>,
    /// Whether the search reached the end of the deal.
    pub exact: bool,
    /// One or two sentences for a person.
    pub text: String,
}

impl Hint {
    pub fn best(&self) -> WumpAction {
        // invariant: `hint` makes a hint only from at least one ranked move
        self.moves[0].action
    }
}

struct Words<'a> {
    view: &'a WumpView,
    me: usize,
}

impl Words<'_> {
    fn name(&self, seat: usize) -> String {
        if seat == self.me {
            "you".to_string()
        } else {
            seat_name(&self.view.names, SeatId(seat as u8))
        }
    }

    fn card(&self, id: CardId) -> String {
        self.view
            .card(id)
            .map_or_else(|| "a card".to_string(), |c| c.to_string())
    }

    /// "play 5♦" or "take 5♠ with your 5♦"; with `ing`, "playing 5♦".
    fn action(&self, a: WumpAction, ing: bool) -> String {
        let (play, take) = if ing {
            ("playing", "taking")
        } else {
            ("play", "take")
        };
        match a {
            WumpAction::Place { card } => format!("{play} {}", self.card(card)),
            WumpAction::Take { with, center } => {
                format!("{take} {} with your {}", self.card(center), self.card(with))
            }
        }
    }

    /// What follows a move in its searched line, up to and including the
    /// hinted seat's next play: "Ben takes it with 3♠, then Cleo plays 4♥".
    fn consequence(&self, line: &[Play], seats: usize, search: &Search) -> String {
        let Some(first) = line.first() else {
            return String::new();
        };
        // Each part with the words that join it to the one before.
        let mut parts: Vec<(&str, String)> = Vec::new();
        let placed = match first.action {
            WumpAction::Place { card } => Some(card),
            WumpAction::Take { .. } => None,
        };
        let next_seat = (self.me + 1) % seats;
        let next_cannot = placed.is_some_and(|c| !search.can_take(next_seat, c));
        if next_cannot {
            parts.push(("", format!("{} can't take it", self.name(next_seat))));
        }
        for play in &line[1..] {
            let who = self.name(play.seat);
            let it = |id: CardId| {
                if Some(id) == placed {
                    "it".to_string()
                } else {
                    self.card(id)
                }
            };
            let joint = if parts.is_empty() {
                ""
            } else if next_cannot && parts.len() == 1 {
                // "Ben can't take it" already says why Ben only plays a card.
                ", so "
            } else {
                ", then "
            };
            let text = match play.action {
                WumpAction::Take { with, center } if play.seat == self.me => {
                    format!("you can take {} with {}", it(center), self.card(with))
                }
                WumpAction::Take { with, center } => {
                    format!("{who} takes {} with {}", it(center), self.card(with))
                }
                WumpAction::Place { card } if play.seat == self.me => {
                    format!("you have to put down {}", self.card(card))
                }
                WumpAction::Place { card } => format!("{who} plays {}", self.card(card)),
            };
            parts.push((joint, text));
            if play.seat == self.me {
                break;
            }
        }
        parts
            .into_iter()
            .map(|(joint, text)| format!("{joint}{text}"))
            .collect()
    }
}

fn upper_first(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
}

fn cards(n: u8) -> String {
    count_cards(n.into())
}

/// The hint for the seat to play in `view`, or `None` when nobody is to play.
pub fn hint(view: &WumpView) -> Option<Hint> {
    let seat = view.to_move?;
    let me = seat.index();
    let mut search = Search::new(view, HINT_BUDGET)?;
    let ranked = search.ranked();
    let exact = search.is_exact();
    let moves: Vec<RankedMove> = ranked
        .iter()
        .map(|(action, gains)| RankedMove {
            action: *action,
            gains: gains[..search.seats()].to_vec(),
            line: search.line(*action),
        })
        .collect();
    let best = moves.first()?;
    let w = Words { view, me };
    let seats = search.seats();
    let when = if exact {
        "this deal"
    } else {
        "in the next plays"
    };
    let got = best.gains[me];

    // First sentence: the move, what follows, and what it brings.
    let mut text = upper_first(&w.action(best.action, false));
    let then = w.consequence(&best.line, seats, &search);
    if !then.is_empty() {
        text.push_str(": ");
        text.push_str(&then);
        text.push(',');
    }
    text.push_str(&format!(" and you get {} {when}.", cards(got)));

    // Second sentence: the best other move, and why it is not better.
    if let Some(alt) = moves.get(1) {
        let alt_then = w.consequence(&alt.line, seats, &search);
        let alt_then = if alt_then.is_empty() {
            String::new()
        } else {
            format!("{alt_then}, and ")
        };
        let alt_got = alt.gains[me];
        let sentence = if alt_got < got {
            let only = if alt_got > 0 { "only " } else { "" };
            format!(
                " If you {} instead, {alt_then}you get {only}{}.",
                w.action(alt.action, false),
                cards(alt_got)
            )
        } else {
            format!(
                " {} is no better: {alt_then}you still get {}.",
                upper_first(&w.action(alt.action, true)),
                cards(alt_got)
            )
        };
        text.push_str(&sentence);
    }
    Some(Hint {
        seat,
        exact,
        text,
        moves,
    })
}
