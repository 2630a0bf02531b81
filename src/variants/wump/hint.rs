//! Hints for the seat to play, built from the hard bot's search: every move
//! ranked by what it brings this deal, a sentence or two that a parent can
//! read aloud, and one short sentence for a child.
//!
//! Every figure and every claim in a hint's words is read off the line of
//! play it retells (see [`RankedMove::line`]), replayed card by card here:
//! a count is what that line gives, "Ben can't take it" is checked against
//! Ben's hand at that moment, "you have to put down" is said only when no
//! take is possible, and "it" only ever means the card named just before.
//! Moves that give the seat the same number of cards are offered together,
//! never one of them picked by seat order.

use super::search::{HINT_BUDGET, Play, Search};
use super::{WumpAction, WumpView, matches};
use crate::card::{Card, CardId, count_cards};
use crate::game::seat_name;
use crate::seat::SeatId;

/// One move with what it brings by the end of the deal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RankedMove {
    pub action: WumpAction,
    /// Cards each seat claims from now to the end of the deal along `line`,
    /// the center swept up by the game's last take included.
    pub gains: Vec<u8>,
    /// The seat that sweeps up the center at the end of the game along
    /// `line`, and how many cards that is.
    pub sweep: Option<(SeatId, u8)>,
    /// The line the search expects: this move, then every play to the end
    /// of the deal.
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
    /// The full reason: the move, what follows, and what the others bring.
    pub text: String,
    /// One short sentence for a child, with the card names a child says.
    pub child: String,
}

impl Hint {
    pub fn best(&self) -> WumpAction {
        // invariant: `hint` makes a hint only from at least one ranked move
        self.moves[0].action
    }
}

/// The deal as a line of play leaves it: hands and center.
#[derive(Clone)]
struct Table {
    hands: Vec<Vec<Card>>,
    center: Vec<Card>,
    last_deal: bool,
}

impl Table {
    fn new(view: &WumpView) -> Table {
        Table {
            hands: view.hands.clone(),
            center: view.center.clone(),
            last_deal: view.last_deal(),
        }
    }

    /// Whether `seat` holds a card that can take `card`.
    fn can_take(&self, seat: usize, card: CardId) -> bool {
        let Some(c) = self.center.iter().find(|c| c.id == card) else {
            return false;
        };
        self.hands[seat].iter().any(|h| matches(h, c))
    }

    /// Whether `seat` can take any center card.
    fn has_take(&self, seat: usize) -> bool {
        self.hands[seat]
            .iter()
            .any(|h| self.center.iter().any(|c| matches(h, c)))
    }

    /// Plays `play`; returns the cards it claims.
    fn play(&mut self, play: &Play) -> u8 {
        let hand = &mut self.hands[play.seat];
        match play.action {
            WumpAction::Take { with, center } => {
                hand.retain(|c| c.id != with);
                self.center.retain(|c| c.id != center);
                2
            }
            WumpAction::Place { card } => {
                if let Some(i) = hand.iter().position(|c| c.id == card) {
                    let c = hand.remove(i);
                    self.center.push(c);
                }
                0
            }
        }
    }

    /// What each seat claims along `line`, and the sweep at its end.
    fn replay(mut self, seats: usize, line: &[Play]) -> (Vec<u8>, Option<(SeatId, u8)>) {
        let mut gains = vec![0; seats];
        for play in line {
            gains[play.seat] += self.play(play);
        }
        let mut sweep = None;
        let deal_over = self.hands.iter().all(Vec::is_empty);
        if let Some(last) = line.last() {
            let took = matches!(last.action, WumpAction::Take { .. });
            if deal_over && self.last_deal && took && !self.center.is_empty() {
                let n = self.center.len() as u8;
                gains[last.seat] += n;
                sweep = Some((SeatId(last.seat as u8), n));
            }
        }
        (gains, sweep)
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

    /// "put down 5♦" or "take 5♠ with your 5♦"; with `ing`, "putting down 5♦".
    fn action(&self, a: WumpAction, ing: bool) -> String {
        let (put, take) = if ing {
            ("putting down", "taking")
        } else {
            ("put down", "take")
        };
        match a {
            WumpAction::Place { card } => format!("{put} {}", self.card(card)),
            WumpAction::Take { with, center } => {
                format!("{take} {} with your {}", self.card(center), self.card(with))
            }
        }
    }

    /// What follows a move in its line, up to and including the hinted
    /// seat's next play: "Ben can't take it, so Ben puts down J♥, then Cleo
    /// takes it with 4♥". Each claim is checked on the table as the line
    /// leaves it.
    fn consequence(&self, line: &[Play]) -> String {
        let Some(first) = line.first() else {
            return String::new();
        };
        let mut table = Table::new(self.view);
        table.play(first);
        // The card "it" stands for: the one named just before, alone.
        let mut it = match first.action {
            WumpAction::Place { card } => Some(card),
            WumpAction::Take { .. } => None,
        };
        let mut parts = Vec::new();
        for (k, play) in line.iter().enumerate().skip(1) {
            let who = self.name(play.seat);
            let mine = play.seat == self.me;
            let named = |id: CardId| {
                if Some(id) == it {
                    "it".to_string()
                } else {
                    self.card(id)
                }
            };
            let put_down = first_put_down(first);
            let text = match (put_down, play.action) {
                // The next seat cannot take the card just put down.
                (Some(p), action) if k == 1 && !mine && !table.can_take(play.seat, p) => {
                    match action {
                        WumpAction::Place { card } if !table.has_take(play.seat) => {
                            format!(
                                "{who} can't take it, so {who} puts down {}",
                                self.card(card)
                            )
                        }
                        WumpAction::Place { card } => {
                            format!("{who} can't take it and puts down {}", self.card(card))
                        }
                        WumpAction::Take { with, center } => format!(
                            "{who} can't take it but takes {} with {}",
                            self.card(center),
                            self.card(with)
                        ),
                    }
                }
                (_, WumpAction::Take { with, center }) if mine => {
                    format!("you can take {} with {}", named(center), self.card(with))
                }
                (_, WumpAction::Take { with, center }) => {
                    format!("{who} takes {} with {}", named(center), self.card(with))
                }
                (_, WumpAction::Place { card }) if mine && !table.has_take(play.seat) => {
                    format!("you have to put down {}", self.card(card))
                }
                (_, WumpAction::Place { card }) if mine => {
                    format!("you put down {}", self.card(card))
                }
                (_, WumpAction::Place { card }) => {
                    format!("{who} puts down {}", self.card(card))
                }
            };
            it = match play.action {
                WumpAction::Place { card } => Some(card),
                WumpAction::Take { .. } => None,
            };
            table.play(play);
            parts.push(text);
            if mine {
                break;
            }
        }
        parts.join(", then ")
    }

    /// "3 cards", with what the game's last take sweeps up said.
    fn count(&self, m: &RankedMove) -> String {
        let n = m.gains[self.me];
        match m.sweep {
            Some((seat, swept)) if seat.index() == self.me && swept == n => {
                format!(
                    "{}, all of them from the center at the end of the game",
                    cards(n)
                )
            }
            Some((seat, swept)) if seat.index() == self.me => format!(
                "{}, {swept} of them from the center at the end of the game",
                cards(n)
            ),
            _ => cards(n),
        }
    }

    /// Cards the other seats get along a move's line.
    fn others(&self, m: &RankedMove) -> u32 {
        let all: u32 = m.gains.iter().map(|&g| g as u32).sum();
        all - m.gains[self.me] as u32
    }

    /// The moves that bring the seat as many cards as the first.
    fn ties<'m>(&self, moves: &'m [RankedMove]) -> Vec<&'m RankedMove> {
        let top = moves.first().map(|m| m.gains[self.me]);
        moves
            .iter()
            .take_while(|m| Some(m.gains[self.me]) == top)
            .collect()
    }

    /// The full reason.
    fn text(&self, moves: &[RankedMove]) -> String {
        let Some(best) = moves.first() else {
            return String::new();
        };
        let got = best.gains[self.me];
        let ties = self.ties(moves);
        let swept = ties
            .iter()
            .any(|m| m.sweep.is_some_and(|(s, _)| s.index() == self.me));
        if ties.len() > 1 && !swept {
            return self.tie_text(&ties);
        }
        let mut text = upper_first(&self.action(best.action, false));
        let then = self.consequence(&best.line);
        if !then.is_empty() {
            text.push_str(": ");
            text.push_str(&then);
            text.push(',');
        }
        text.push_str(&format!(" and you get {} this deal.", self.count(best)));
        if let Some(alt) = moves.get(1) {
            let alt_then = self.consequence(&alt.line);
            let alt_then = if alt_then.is_empty() {
                String::new()
            } else {
                format!("{alt_then}, and ")
            };
            let alt_got = alt.gains[self.me];
            if alt_got < got {
                let only = if alt_got > 0 { "only " } else { "" };
                text.push_str(&format!(
                    " If you {} instead, {alt_then}you get {only}{}.",
                    self.action(alt.action, false),
                    self.count(alt)
                ));
            } else {
                text.push_str(&format!(
                    " {} is just as good: {alt_then}you get {} too.",
                    upper_first(&self.action(alt.action, true)),
                    self.count(alt)
                ));
            }
        }
        text
    }

    /// Moves that tie: said together, each with what follows it.
    fn tie_text(&self, ties: &[&RankedMove]) -> String {
        let got = cards(ties[0].gains[self.me]);
        // "Put down 5♦ or 3♥" when every tied move puts a card down.
        let all_put = ties
            .iter()
            .all(|m| matches!(m.action, WumpAction::Place { .. }));
        let names: Vec<String> = ties
            .iter()
            .enumerate()
            .map(|(i, m)| match m.action {
                WumpAction::Place { card } if all_put && i > 0 => self.card(card),
                a => self.action(a, false),
            })
            .collect();
        let mut text = match names.as_slice() {
            [a, b] => format!(
                "{} or {b}: either way you get {got} this deal.",
                upper_first(a)
            ),
            [rest @ .., last] => format!(
                "{} or {last}: each gets you {got} this deal.",
                upper_first(&rest.join(", "))
            ),
            [] => String::new(),
        };
        let thens: Vec<String> = ties
            .iter()
            .take(2)
            .map(|m| self.consequence(&m.line))
            .collect();
        if thens[0] == thens[1] && !thens[0].is_empty() {
            // Two tellings word for word alike are told once.
            text.push_str(&format!(" Either way, {}.", thens[0]));
        } else {
            for (m, then) in ties.iter().zip(&thens) {
                if !then.is_empty() {
                    text.push_str(&format!(
                        " If you {}, {then}.",
                        self.action(m.action, false)
                    ));
                }
            }
        }
        let (a, b) = (ties[0], ties[1]);
        if self.others(a) < self.others(b) {
            text.push_str(&format!(
                " Still, {} is better: the others get {} fewer.",
                self.action(a.action, true),
                cards((self.others(b) - self.others(a)) as u8)
            ));
        }
        text
    }

    /// A card as a child says it: "5 of hearts", "king of clubs". By its
    /// suit, not its colour: a card takes one of its suit or its rank, and
    /// "take the red 9 with your red 8" would teach that red takes red.
    fn child_card(&self, id: CardId) -> String {
        let Some(card) = self.view.card(id) else {
            return "card".to_string();
        };
        let (Some(rank), Some(suit)) = (card.face.rank(), card.face.suit()) else {
            return card.to_string();
        };
        let rank_word = match rank.number() {
            1 => "ace".to_string(),
            11 => "jack".to_string(),
            12 => "queen".to_string(),
            13 => "king".to_string(),
            n => n.to_string(),
        };
        format!("{rank_word} of {}", suit.name())
    }

    /// The child's sentence for one move: "Take the 5 of hearts with your
    /// 3 of hearts".
    fn child_move(&self, a: WumpAction) -> String {
        match a {
            WumpAction::Take { with, center } => format!(
                "take the {} with your {}",
                self.child_card(center),
                self.child_card(with)
            ),
            WumpAction::Place { card } => format!("put down your {}", self.child_card(card)),
        }
    }

    /// One short sentence: the move, and the reason when it is short and
    /// the card put down is still there on the seat's next turn.
    fn child(&self, moves: &[RankedMove]) -> String {
        let Some(best) = moves.first() else {
            return String::new();
        };
        let ties = self.ties(moves);
        let first = upper_first(&self.child_move(best.action));
        if let [_, second] = ties.as_slice() {
            let other = match (best.action, second.action) {
                (WumpAction::Place { .. }, WumpAction::Place { card }) => self.child_card(card),
                (_, a) => self.child_move(a),
            };
            let both = format!("{first} or {other}: both are fine.");
            if words(&both) <= CHILD_WORDS {
                return both;
            }
        }
        if let (WumpAction::Place { card }, Some(next)) = (best.action, best.line.get(1)) {
            let mut table = Table::new(self.view);
            table.play(&best.line[0]);
            // Said only when the card is still there on the seat's next turn:
            // "Ben can't take it" and then Cleo does would mislead a child.
            let kept = !best
                .line
                .iter()
                .skip(1)
                .take_while(|p| p.seat != self.me)
                .any(|p| matches!(p.action, WumpAction::Take { center, .. } if center == card));
            if kept && next.seat != self.me && !table.can_take(next.seat, card) {
                let why = format!("{first}: {} can't take it.", self.name(next.seat));
                if words(&why) <= CHILD_WORDS {
                    return why;
                }
            }
        }
        format!("{first}.")
    }
}

/// At most this many words in a child's hint.
pub const CHILD_WORDS: usize = 12;

fn words(s: &str) -> usize {
    s.split_whitespace().count()
}

fn first_put_down(first: &Play) -> Option<CardId> {
    match first.action {
        WumpAction::Place { card } => Some(card),
        WumpAction::Take { .. } => None,
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
    let seats = search.seats();
    let mut moves: Vec<RankedMove> = ranked
        .iter()
        .map(|(action, _)| {
            let line = search.line(*action);
            let (gains, sweep) = Table::new(view).replay(seats, &line);
            RankedMove {
                action: *action,
                gains,
                sweep,
                line,
            }
        })
        .collect();
    // The words tell what the lines give: rank by that (a stable sort keeps
    // the search's order, which is the same when the search was exact).
    moves.sort_by_key(|m| {
        let all: u32 = m.gains.iter().map(|&g| g as u32).sum();
        let own = m.gains[me];
        (std::cmp::Reverse(own), all - own as u32)
    });
    let w = Words { view, me };
    let text = w.text(&moves);
    let child = w.child(&moves);
    if moves.is_empty() {
        return None;
    }
    Some(Hint {
        seat,
        exact,
        text,
        child,
        moves,
    })
}
