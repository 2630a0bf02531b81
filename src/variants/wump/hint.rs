//! Hints for the seat to play: every move ranked by the cards it makes sure
//! of this deal, a sentence or two that a parent can read aloud, and one
//! short sentence for a child.
//!
//! A hint says only what is certain. Who plays each other seat is on the
//! table (the view's `kinds`): a normal bot's next play and a hard bot's are
//! worked out by the bots themselves, so a hint can say them; a person may
//! play anything, and an easy bot plays at random, so of those a hint says
//! only what their cards allow ("Ben can't take it"), a forced play ("Ben
//! has to put down J♥"), and for an easy bot how often it takes the card
//! just put down ("Bot 2 takes it 1 time in 4"). What follows such a seat
//! is not told.
//!
//! A count is what the seat is sure of whatever the free seats play, itself
//! playing on well ([`Search::sure`]): "you get 2 cards this deal" when no
//! other seat's play can change it, "you are sure of 2 cards" when more may
//! come, "at least" when the search stopped short of the end of the deal.
//! A move is compared with another ("only") only when both were searched
//! to the end. Between moves sure of as much, the hard bot's search (every
//! seat playing for the most cards) ranks them.

use super::bots::{Hard, Normal, easy_chance};
use super::search::{HINT_BUDGET, Play, Search, Sure};
use super::{WumpAction, WumpView, legal_moves, matches};
use crate::card::{Card, CardId, count_cards};
use crate::game::{Bot, seat_name};
use crate::rng::GameRng;
use crate::seat::{BotLevel, SeatId, SeatKind};

/// One move with what it makes sure of by the end of the deal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RankedMove {
    pub action: WumpAction,
    /// What the seat is sure of after this move, to the end of the deal.
    pub sure: Sure,
    /// What is certain to follow the move, up to the seat's next play.
    pub then: Vec<Step>,
    /// Cards each seat claims from now to the end of the deal along `line`,
    /// the line the hard bot's search expects (every seat playing for the
    /// most cards); the center swept up by the game's last take included.
    /// It ranks moves sure of as much; the words never claim it.
    pub gains: Vec<u8>,
    /// The seat that sweeps up the center at the end of the game along
    /// `line`, and how many cards that is.
    pub sweep: Option<(SeatId, u8)>,
    /// The line the search expects: this move, then every play to the end
    /// of the deal.
    pub line: Vec<Play>,
}

/// One thing certain to follow a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// A seat's play that is certain: its only legal play (`forced`), or a
    /// normal or hard bot's play. `can_take_it`: whether it could take the
    /// card put down just before, if one was; `has_take`: whether it could
    /// take any card.
    Plays {
        seat: SeatId,
        action: WumpAction,
        forced: bool,
        can_take_it: Option<bool>,
        has_take: bool,
    },
    /// A seat that chooses freely, after a card was put down: whether it
    /// can take that card, and for an easy bot the chance it does. Nothing
    /// after it is certain.
    May {
        seat: SeatId,
        can_take_it: bool,
        chance: Option<(u32, u32)>,
    },
    /// The hinted seat's own next play, as the search plays on; `has_take`:
    /// whether a take is possible then.
    Mine { action: WumpAction, has_take: bool },
}

/// A hint for the seat to play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    pub seat: SeatId,
    /// Best first.
    pub moves: Vec<RankedMove>,
    /// Whether the search of what is sure reached the end of the deal.
    pub exact: bool,
    /// The full reason: the move, what follows, and what it makes sure of.
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

/// The deal as plays leave it: hands and center.
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

    /// Plays `action` for `seat`; returns the cards it claims. Cards leave
    /// a hand and the center keeping the order of the rest, and a card put
    /// down goes on the end, as in the game.
    fn play(&mut self, seat: usize, action: WumpAction) -> u8 {
        let hand = &mut self.hands[seat];
        match action {
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
            gains[play.seat] += self.play(play.seat, play.action);
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

    /// The view `seat` has of the table as it now lies, for asking a bot.
    fn view_for(&self, view: &WumpView, seat: usize) -> WumpView {
        WumpView {
            seat: SeatId(seat as u8),
            spectator: false,
            to_move: Some(SeatId(seat as u8)),
            hands: self.hands.clone(),
            center: self.center.clone(),
            ..view.clone()
        }
    }
}

/// What is certain to follow `first`, the move of the seat to play in
/// `view`, up to its own next play: each seat after it in turn, as long as
/// its play is certain.
fn certain(view: &WumpView, search: &mut Search, first: WumpAction) -> Vec<Step> {
    let Some(me) = view.to_move.map(SeatId::index) else {
        return Vec::new();
    };
    let seats = view.hands.len();
    let mut table = Table::new(view);
    table.play(me, first);
    let mut it = put_down(first);
    let mut last_take = it.is_none();
    let mut steps = Vec::new();
    let mut rng = GameRng::new(0, 0);
    for played in 1..=u8::MAX {
        if table.hands.iter().all(Vec::is_empty) {
            break;
        }
        let seat = (me + played as usize) % seats;
        let legal = legal_moves(&table.hands[seat], &table.center, view.options.must_take);
        let has_take = legal.iter().any(|m| matches!(m, WumpAction::Take { .. }));
        if seat == me {
            let at = search.position(&table.hands, &table.center, last_take);
            if let Some((action, _)) = at.and_then(|at| search.sure_play(at, played)) {
                steps.push(Step::Mine { action, has_take });
            }
            break;
        }
        let can_take_it = it.map(|c| table.can_take(seat, c));
        let kind = view.kinds.get(seat).copied().unwrap_or(SeatKind::Human);
        let known = match (legal.as_slice(), kind) {
            ([only], _) => Some((*only, true)),
            (_, SeatKind::Bot(BotLevel::Normal)) => Normal
                .choose(&table.view_for(view, seat), &mut rng)
                .map(|a| (a, false)),
            (_, SeatKind::Bot(BotLevel::Hard)) => Hard
                .choose(&table.view_for(view, seat), &mut rng)
                .map(|a| (a, false)),
            _ => None,
        };
        let Some((action, forced)) = known else {
            if let (Some(card), Some(can)) = (it, can_take_it) {
                let chance = (kind == SeatKind::Bot(BotLevel::Easy)).then(|| {
                    easy_chance(
                        &legal,
                        |m| matches!(m, WumpAction::Take { center, .. } if *center == card),
                    )
                });
                steps.push(Step::May {
                    seat: SeatId(seat as u8),
                    can_take_it: can,
                    chance,
                });
            }
            break;
        };
        steps.push(Step::Plays {
            seat: SeatId(seat as u8),
            action,
            forced,
            can_take_it,
            has_take,
        });
        table.play(seat, action);
        it = put_down(action);
        last_take = it.is_none();
    }
    steps
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

    /// What is certain to follow a move, in words: "Ben can't take it, so
    /// Ben puts down J♥, then Cleo takes it with 4♥, then you have to put
    /// down 3♥"; "Ben can take it".
    fn consequence(&self, first: WumpAction, steps: &[Step]) -> String {
        // The card "it" stands for: the one named just before, alone.
        let mut it = put_down(first);
        let mut parts = Vec::new();
        for step in steps {
            let named = |id: CardId| {
                if Some(id) == it {
                    "it".to_string()
                } else {
                    self.card(id)
                }
            };
            let text = match *step {
                Step::Plays {
                    seat,
                    action,
                    forced,
                    can_take_it,
                    has_take,
                } => {
                    let who = self.name(seat.index());
                    match (action, can_take_it) {
                        (WumpAction::Place { card }, _) if forced => {
                            format!("{who} has to put down {}", self.card(card))
                        }
                        (WumpAction::Take { with, center }, _) if forced => {
                            format!(
                                "{who} has to take {} with {}",
                                named(center),
                                self.card(with)
                            )
                        }
                        (WumpAction::Place { card }, Some(false)) if !has_take => format!(
                            "{who} can't take it, so {who} puts down {}",
                            self.card(card)
                        ),
                        (WumpAction::Place { card }, Some(false)) => {
                            format!("{who} can't take it and puts down {}", self.card(card))
                        }
                        (WumpAction::Take { with, center }, Some(false)) => format!(
                            "{who} can't take it but takes {} with {}",
                            self.card(center),
                            self.card(with)
                        ),
                        (WumpAction::Place { card }, _) => {
                            format!("{who} puts down {}", self.card(card))
                        }
                        (WumpAction::Take { with, center }, _) => {
                            format!("{who} takes {} with {}", named(center), self.card(with))
                        }
                    }
                }
                Step::May {
                    seat,
                    can_take_it,
                    chance,
                } => {
                    let who = self.name(seat.index());
                    match (can_take_it, chance) {
                        (false, _) => format!("{who} can't take it"),
                        (true, Some(chance)) => format!("{who} takes it {}", how_often(chance)),
                        (true, None) => format!("{who} can take it"),
                    }
                }
                Step::Mine { action, has_take } => match action {
                    WumpAction::Take { with, center } => {
                        format!("you can take {} with {}", named(center), self.card(with))
                    }
                    WumpAction::Place { card } if !has_take => {
                        format!("you have to put down {}", self.card(card))
                    }
                    WumpAction::Place { card } => format!("you put down {}", self.card(card)),
                },
            };
            if let Step::Plays { action, .. } | Step::Mine { action, .. } = step {
                it = put_down(*action);
            }
            parts.push(text);
        }
        parts.join(", then ")
    }

    /// What a move makes sure of, in words, or `None` when nothing can be
    /// said: "you get 2 cards", "you are sure of 2 cards", "you are sure of
    /// at least 2 cards", "no card is sure for you"; with `only`, "only"
    /// before the number; `deal` (" this deal" or nothing) after it.
    fn count(&self, sure: &Sure, only: bool, deal: &str) -> Option<String> {
        let n = sure.least;
        let only = if only && n > 0 { "only " } else { "" };
        if sure.fixed() {
            let swept = match sure.swept {
                (s, t) if s == t && s > 0 && s == n => {
                    ", all of them from the center at the end of the game".to_string()
                }
                (s, t) if s == t && s > 0 => {
                    format!(", {s} of them from the center at the end of the game")
                }
                _ => String::new(),
            };
            return Some(format!("you get {only}{}{deal}{swept}", cards(n)));
        }
        match (sure.complete, n) {
            (true, 0) => Some(format!("no card is sure for you{deal}")),
            (true, n) => Some(format!("you are sure of {only}{}{deal}", cards(n))),
            (false, 0) => None,
            (false, n) => Some(format!("you are sure of at least {}{deal}", cards(n))),
        }
    }

    /// The moves said together with the first: those whose count reads the
    /// same, when there is a count.
    fn ties<'m>(&self, moves: &'m [RankedMove]) -> Vec<&'m RankedMove> {
        let Some(first) = moves.first() else {
            return Vec::new();
        };
        let Some(top) = self.count(&first.sure, false, "") else {
            return vec![first];
        };
        moves
            .iter()
            .take_while(|m| self.count(&m.sure, false, "").as_ref() == Some(&top))
            .collect()
    }

    /// The full reason.
    fn text(&self, moves: &[RankedMove]) -> String {
        let Some(best) = moves.first() else {
            return String::new();
        };
        let ties = self.ties(moves);
        if (2..=MOST_NAMED).contains(&ties.len()) {
            return self.tie_text(&ties);
        }
        let mut text = crate::sentence::capitalised(&self.action(best.action, false));
        let then = self.consequence(best.action, &best.then);
        match (then.is_empty(), self.count(&best.sure, false, " this deal")) {
            (true, Some(count)) => text.push_str(&format!(": {count}.")),
            (false, Some(count)) => text.push_str(&format!(": {then}, and {count}.")),
            (false, None) => text.push_str(&format!(": {then}.")),
            (true, None) => text.push('.'),
        }
        if ties.len() > MOST_NAMED {
            // Too many to name: how many do as well.
            let n = ties.len() - 1;
            text.push_str(&format!(" {n} other moves do as well."));
            return text;
        }
        if let Some(alt) = moves.get(1) {
            // "Only" compares two figures both searched to the end.
            let fewer = best.sure.complete && alt.sure.complete && alt.sure.least < best.sure.least;
            let alt_then = self.consequence(alt.action, &alt.then);
            let said = match (alt_then.is_empty(), self.count(&alt.sure, fewer, "")) {
                (true, Some(count)) => Some(count),
                (false, Some(count)) => Some(format!("{alt_then}, and {count}")),
                (false, None) => Some(alt_then),
                (true, None) => None,
            };
            if let Some(said) = said {
                text.push_str(&format!(
                    " If you {} instead, {said}.",
                    self.action(alt.action, false)
                ));
            }
        }
        text
    }

    /// Moves that tie: said together, each with what follows it.
    fn tie_text(&self, ties: &[&RankedMove]) -> String {
        // invariant: called with two or more moves, the first with a count
        let got = self
            .count(&ties[0].sure, false, " this deal")
            .unwrap_or_default();
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
                "{} or {b}: either way {got}.",
                crate::sentence::capitalised(a)
            ),
            [rest @ .., last] => format!(
                "{} or {last}: whichever you choose, {got}.",
                crate::sentence::capitalised(&rest.join(", "))
            ),
            [] => String::new(),
        };
        let thens: Vec<String> = ties
            .iter()
            .take(2)
            .map(|m| self.consequence(m.action, &m.then))
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
    /// the card put down is sure to be there still on the seat's next turn,
    /// in this deal.
    fn child(&self, moves: &[RankedMove]) -> String {
        let Some(best) = moves.first() else {
            return String::new();
        };
        let ties = self.ties(moves);
        let first = crate::sentence::capitalised(&self.child_move(best.action));
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
        if let WumpAction::Place { card } = best.action {
            let mut table = Table::new(self.view);
            table.play(self.me, best.action);
            let seats = table.hands.len();
            let next = (self.me + 1) % seats;
            // Said only when nobody can take it before the seat's next turn,
            // or what is certain to follow reaches that turn and nobody
            // does: "Ben can't take it" and then Cleo does would mislead a
            // child.
            let nobody_can = (1..seats)
                .map(|k| (self.me + k) % seats)
                .all(|s| !table.can_take(s, card));
            let told_to_my_turn = matches!(best.then.last(), Some(Step::Mine { .. }))
                && !best.then.iter().any(|s| {
                    matches!(s, Step::Plays { action: WumpAction::Take { center, .. }, .. } if *center == card)
                });
            // The seat's next turn is in this deal: the center stays into
            // the next deal, but the cards dealt then are not known.
            let again = !table.hands[self.me].is_empty();
            if again
                && next != self.me
                && !table.can_take(next, card)
                && (nobody_can || told_to_my_turn)
            {
                let why = format!("{first}: {} can't take it.", self.name(next));
                if words(&why) <= CHILD_WORDS {
                    return why;
                }
            }
        }
        format!("{first}.")
    }
}

/// Moves that do as well as the best are named, up to this many.
pub const MOST_NAMED: usize = 3;

/// At most this many words in a child's hint.
pub const CHILD_WORDS: usize = 12;

fn words(s: &str) -> usize {
    s.split_whitespace().count()
}

fn put_down(action: WumpAction) -> Option<CardId> {
    match action {
        WumpAction::Place { card } => Some(card),
        WumpAction::Take { .. } => None,
    }
}

/// "half the time", "1 time in 4", "3 times in 8".
pub fn how_often((num, den): (u32, u32)) -> String {
    match (num, den) {
        (1, 2) => "half the time".to_string(),
        (n, d) if n == d => "every time".to_string(),
        (1, d) => format!("1 time in {d}"),
        (n, d) => format!("{n} times in {d}"),
    }
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
    let seats = search.seats();
    let lines: Vec<(WumpAction, Vec<Play>)> = ranked
        .iter()
        .map(|(action, _)| (*action, search.line(*action)))
        .collect();
    let sure = search.sure(HINT_BUDGET);
    let exact = sure.iter().all(|(_, s)| s.complete);
    let mut moves: Vec<RankedMove> = lines
        .into_iter()
        .filter_map(|(action, line)| {
            let sure = sure.iter().find(|(a, _)| *a == action)?.1;
            let (gains, sweep) = Table::new(view).replay(seats, &line);
            let then = certain(view, &mut search, action);
            Some(RankedMove {
                action,
                sure,
                then,
                gains,
                sweep,
                line,
            })
        })
        .collect();
    // Most made sure of first; then as the search expects (a stable sort
    // keeps its order, the hard bot's, between equals).
    moves.sort_by_key(|m| {
        let all: u32 = m.gains.iter().map(|&g| g as u32).sum();
        let own = m.gains[me];
        (
            std::cmp::Reverse(m.sure.least),
            std::cmp::Reverse(own),
            all - own as u32,
        )
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
