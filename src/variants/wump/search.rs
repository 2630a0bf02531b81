//! Search of the rest of a Wump deal. Every card of a deal is face up, so the
//! rest of it is a game of perfect information; later deals are unknown and
//! not guessed. Each seat plays to maximise the cards it claims (max^n);
//! between equal choices it prefers the one that leaves the others fewest.
//! Positions are memoised: the same cards in the same places are searched
//! once.
//!
//! The search deepens one play at a time until it reaches the end of the deal
//! (then it is exact) or spends its budget of positions (then it keeps the
//! deepest search it finished). The budget counts positions, not time, so a
//! bot decides the same on every machine. Measured: the whole deal from its
//! first play takes about 3 thousand positions with 2 seats, 230 thousand with
//! 3 and 12 million with 4, so with 3 or more seats the first plays of a deal
//! are searched a few plays deep and the rest exactly.

use super::thumb::{Weighed, thumb_rank};
use super::{WumpAction, WumpView};
use crate::card::{Card, CardId};
use crate::seat::{BotLevel, SeatKind};
use rustc_hash::FxHashMap;
use std::cmp::Reverse;

/// At most this many seats.
pub const MAX_SEATS: usize = 6;
/// Positions the hard bot may search for one decision.
pub const BOT_BUDGET: u64 = 15_000;
/// Positions a hint may search: more, since a person is waiting anyway.
pub const HINT_BUDGET: u64 = 300_000;

type Mask = u128;
/// Cards each seat gains from a position over the searched plays.
pub type Gains = [u8; MAX_SEATS];

/// One play of a searched line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Play {
    pub seat: usize,
    pub action: WumpAction,
}

/// What the seat to play is sure of from a position to the end of the
/// deal, playing on as [`Search::sure`] does, whatever the seats that choose
/// freely play (people, easy and hard bots); normal bots play their one play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sure {
    /// The fewest cards it claims.
    pub least: u8,
    /// The most it may claim playing that way ([`u8::MAX`] when the search
    /// stopped short of the end of the deal).
    pub most: u8,
    /// The fewest and the most of them swept from the center by the game's
    /// last take.
    pub swept: (u8, u8),
    /// Whether the search reached the end of the deal after every play:
    /// then no way of playing on is sure of more than `least`.
    pub complete: bool,
}

impl Sure {
    /// Past the depth searched: nothing more is sure, anything may come.
    const UNKNOWN: Sure = Sure {
        least: 0,
        most: u8::MAX,
        swept: (0, u8::MAX),
        complete: false,
    };

    fn exactly(n: u8, swept: u8) -> Sure {
        Sure {
            least: n,
            most: n,
            swept: (swept, swept),
            complete: true,
        }
    }

    /// Whether the seat gets exactly `least`, whatever the others play.
    pub fn fixed(&self) -> bool {
        self.complete && self.least == self.most
    }

    fn plus(self, gain: u8) -> Sure {
        Sure {
            least: self.least.saturating_add(gain),
            most: self.most.saturating_add(gain),
            ..self
        }
    }

    /// Larger is better for the seat choosing: more sure, then more that
    /// may come, then an outcome nobody else can change.
    fn key(&self) -> (u8, u8, bool) {
        (self.least, self.most, self.fixed())
    }

    /// The range over several plays of a seat that chooses freely.
    fn any_of(all: impl Iterator<Item = Sure>) -> Sure {
        all.reduce(|a, b| Sure {
            least: a.least.min(b.least),
            most: a.most.max(b.most),
            swept: (a.swept.0.min(b.swept.0), a.swept.1.max(b.swept.1)),
            complete: a.complete && b.complete,
        })
        .unwrap_or(Sure::UNKNOWN)
    }
}

/// A position of the deal, for [`Search::sure_play`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position(Pos);

/// A position of the deal: who holds what, what is in the center.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Pos {
    /// Cards still in any hand (each card's owner is fixed).
    in_hand: Mask,
    center: Mask,
    /// Whether the previous play was a take (it decides the final sweep).
    last_take: bool,
}

/// The search over one deal, from one view.
pub struct Search {
    seats: usize,
    cards: Vec<Card>,
    /// For each card, the cards it matches.
    matches: Vec<Mask>,
    hand_of: [Mask; MAX_SEATS],
    /// Seats played by the rule of thumb (the normal and easy bots): the
    /// search follows their one play instead of trying every play.
    thumb: [bool; MAX_SEATS],
    total_in_hands: u32,
    first_mover: usize,
    last_deal: bool,
    must_take: bool,
    /// Seats whose play nobody can foretell: people, easy bots (they play
    /// at random) and hard bots (their search is their own). What a seat is
    /// sure of holds whatever these seats play.
    free: [bool; MAX_SEATS],
    /// Each position with the depth it was searched to.
    memo: FxHashMap<Pos, (u8, Gains)>,
    /// The same for what the seat to play is sure of.
    sure_memo: FxHashMap<Pos, (u8, Sure)>,
    /// The depth of the last finished search of what is sure.
    sure_depth: u8,
    root: Pos,
    budget: u64,
    /// Positions searched so far (memo misses), against the budget.
    nodes: u64,
    /// The depth of the last finished search; exact if it reached the end.
    depth: u8,
}

fn bits(mask: Mask) -> impl Iterator<Item = usize> {
    let mut m = mask;
    std::iter::from_fn(move || {
        if m == 0 {
            None
        } else {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            Some(i)
        }
    })
}

impl Search {
    /// The search for the deal in `view`; `None` if no seat is to move, or
    /// the table holds more cards or seats than the search can index.
    pub fn new(view: &WumpView, budget: u64) -> Option<Search> {
        let mover = view.to_move?.index();
        let seats = view.hands.len();
        let mut cards = Vec::new();
        let mut owner = Vec::new();
        // Hands from the seat to move round the table: every list of the
        // search (and so every choice between equals) starts from the seat
        // deciding, whatever its number, so no seat's number favours it.
        for k in 0..seats {
            let s = (mover + k) % seats;
            for c in &view.hands[s] {
                cards.push(*c);
                owner.push(s as u8);
            }
        }
        let total_in_hands = cards.len() as u32;
        cards.extend(&view.center);
        if seats > MAX_SEATS || cards.len() > Mask::BITS as usize {
            return None;
        }
        let matches: Vec<Mask> = cards
            .iter()
            .map(|a| {
                cards
                    .iter()
                    .enumerate()
                    .filter(|(_, b)| super::matches(a, b))
                    .fold(0, |m, (j, _)| m | 1 << j)
            })
            .collect();
        let mut hand_of = [0; MAX_SEATS];
        for (i, &o) in owner.iter().enumerate() {
            hand_of[o as usize] |= 1 << i;
        }
        let in_hand: Mask = hand_of.iter().fold(0, |m, h| m | h);
        let center: Mask = (total_in_hands as usize..cards.len()).fold(0, |m, i| m | 1 << i);
        let mut thumb = [false; MAX_SEATS];
        let mut free = [false; MAX_SEATS];
        for i in 0..seats.min(MAX_SEATS) {
            // A seat of unknown kind is taken for a person.
            let kind = view.kinds.get(i).copied().unwrap_or(SeatKind::Human);
            thumb[i] =
                i != mover && matches!(kind, SeatKind::Bot(BotLevel::Normal | BotLevel::Easy));
            free[i] = i != mover && kind != SeatKind::Bot(BotLevel::Normal);
        }
        Some(Search {
            seats,
            cards,
            matches,
            hand_of,
            thumb,
            free,
            total_in_hands,
            first_mover: mover,
            last_deal: view.last_deal(),
            must_take: view.options.must_take,
            memo: FxHashMap::default(),
            sure_memo: FxHashMap::default(),
            sure_depth: 0,
            root: Pos {
                in_hand,
                center,
                last_take: false,
            },
            budget,
            nodes: 0,
            depth: 0,
        })
    }

    fn mover(&self, pos: &Pos) -> usize {
        let played = self.total_in_hands - pos.in_hand.count_ones();
        (self.first_mover + played as usize) % self.seats
    }

    fn card_id(&self, i: usize) -> CardId {
        self.cards[i].id
    }

    /// Taking center card `c` with hand card `h`: the action, the next
    /// position and the cards it claims.
    fn take_move(&self, pos: &Pos, h: usize, c: usize) -> (WumpAction, Pos, u8) {
        (
            WumpAction::Take {
                with: self.card_id(h),
                center: self.card_id(c),
            },
            Pos {
                in_hand: pos.in_hand & !(1 << h),
                center: pos.center & !(1 << c),
                last_take: true,
            },
            2,
        )
    }

    /// Putting hand card `h` down in the center.
    fn place_move(&self, pos: &Pos, h: usize) -> (WumpAction, Pos, u8) {
        (
            WumpAction::Place {
                card: self.card_id(h),
            },
            Pos {
                in_hand: pos.in_hand & !(1 << h),
                center: pos.center | 1 << h,
                last_take: false,
            },
            0,
        )
    }

    /// Moves as (action, next position, cards gained now), takes first.
    fn moves(&self, pos: &Pos) -> Vec<(WumpAction, Pos, u8)> {
        let seat = self.mover(pos);
        let hand = pos.in_hand & self.hand_of[seat];
        let mut out = Vec::new();
        for h in bits(hand) {
            for c in bits(self.matches[h] & pos.center) {
                out.push(self.take_move(pos, h, c));
            }
        }
        if out.is_empty() || !self.must_take {
            for h in bits(hand) {
                out.push(self.place_move(pos, h));
            }
        }
        out
    }

    /// How good `g` is for `seat`, larger being better: more for itself,
    /// then less for everyone else, then (a total order, so the choice never
    /// depends on the order moves are listed in) less for the seat that plays
    /// next, then the one after, and so on. Every seat breaks ties the same
    /// way from where it sits, so no seat of the table is favoured.
    fn rank_key(seat: usize, seats: usize, g: &Gains) -> (u8, Reverse<u32>, Reverse<Gains>) {
        let others = g.iter().map(|&x| x as u32).sum::<u32>() - g[seat] as u32;
        let mut after = [0; MAX_SEATS];
        for (k, slot) in after.iter_mut().enumerate().take(seats.saturating_sub(1)) {
            *slot = g[(seat + 1 + k) % seats];
        }
        (g[seat], Reverse(others), Reverse(after))
    }

    /// The child that is best for the seat to move at `pos`; between equal
    /// children, the first listed (takes come first, which reads naturally in
    /// a hint's line). It keeps only the best so far: this runs at every
    /// position searched.
    fn best_child(&mut self, pos: &Pos, depth: u8) -> Option<Option<(WumpAction, Pos, Gains)>> {
        let seat = self.mover(pos);
        let mut best: Option<(WumpAction, Pos, Gains)> = None;
        if self.thumb[seat] {
            let (action, next, gain) = self.greedy(pos);
            let mut g = self.solve(next, depth - 1)?;
            g[seat] += gain;
            return Some(Some((action, next, g)));
        }
        for (action, next, gain) in self.moves(pos) {
            let mut g = self.solve(next, depth - 1)?;
            g[seat] += gain;
            let key = Search::rank_key(seat, self.seats, &g);
            if best
                .as_ref()
                .is_none_or(|(_, _, b)| key > Search::rank_key(seat, self.seats, b))
            {
                best = Some((action, next, g));
            }
        }
        Some(best)
    }

    fn terminal(&self, pos: &Pos) -> Gains {
        let mut g = [0; MAX_SEATS];
        if self.last_deal && pos.last_take {
            let last = (self.mover(pos) + self.seats - 1) % self.seats;
            g[last] = pos.center.count_ones() as u8;
        }
        g
    }

    /// What each seat gains from `pos` over the next `depth` plays (to the end
    /// of the deal if that comes first); `None` once the budget is spent.
    fn solve(&mut self, pos: Pos, depth: u8) -> Option<Gains> {
        if pos.in_hand == 0 {
            return Some(self.terminal(&pos));
        }
        // Past the end of the deal a deeper search is the same search.
        let depth = depth.min(pos.in_hand.count_ones() as u8);
        let key = if self.last_deal {
            pos
        } else {
            // Before the last deal the kind of the final play changes nothing.
            Pos {
                last_take: false,
                ..pos
            }
        };
        if let Some(&(d, g)) = self.memo.get(&key)
            && d >= depth
        {
            return Some(g);
        }
        self.nodes += 1;
        if depth == 0 {
            // Beyond the search's depth the rest of the deal is played out
            // by the plain rule of thumb. It always fits: a horizon reached
            // is never left unvalued.
            let g = self.rollout(pos);
            self.memo.insert(key, (0, g));
            return Some(g);
        }
        if self.nodes > self.budget {
            return None;
        }
        let best = self
            .best_child(&pos, depth)?
            .map_or([0; MAX_SEATS], |(_, _, g)| g);
        self.memo.insert(key, (depth, best));
        Some(best)
    }

    /// The play of the plain rule of thumb, the normal bot's to the card:
    /// the take of the card the other hands could most use; with no take,
    /// the card they can least use. Between equals, the one function both
    /// call decides ([`thumb_rank`]), by the cards and not by where they lie.
    fn greedy(&self, pos: &Pos) -> (WumpAction, Pos, u8) {
        let seat = self.mover(pos);
        let hand = pos.in_hand & self.hand_of[seat];
        let others = pos.in_hand & !self.hand_of[seat];
        let take = bits(hand)
            .flat_map(|h| bits(self.matches[h] & pos.center).map(move |c| (h, c)))
            .max_by_key(|&(h, c)| {
                thumb_rank(Weighed::Take {
                    with: &self.cards[h],
                    center: &self.cards[c],
                    denied: (self.matches[c] & others).count_ones(),
                })
            });
        if let Some((h, c)) = take {
            return self.take_move(pos, h, c);
        }
        // invariant: the seat to move holds a card while any hand does
        let h = bits(hand)
            .max_by_key(|&h| {
                thumb_rank(Weighed::Place {
                    card: &self.cards[h],
                    exposed: (self.matches[h] & others).count_ones(),
                })
            })
            .unwrap_or(0);
        self.place_move(pos, h)
    }

    /// What each seat gains from `pos` to the end of the deal when every
    /// seat plays by the rule of thumb.
    fn rollout(&self, mut pos: Pos) -> Gains {
        let mut g = [0; MAX_SEATS];
        while pos.in_hand != 0 {
            let seat = self.mover(&pos);
            let (_, next, gain) = self.greedy(&pos);
            g[seat] += gain;
            pos = next;
        }
        let end = self.terminal(&pos);
        for (a, b) in g.iter_mut().zip(end) {
            *a += b;
        }
        g
    }

    /// Plays left in the deal.
    pub fn plays_left(&self) -> u8 {
        self.root.in_hand.count_ones() as u8
    }

    /// Whether the last ranking searched to the end of the deal.
    pub fn is_exact(&self) -> bool {
        self.depth >= self.plays_left()
    }

    fn ranked_to(&mut self, depth: u8) -> Option<Vec<(WumpAction, Gains)>> {
        let root = self.root;
        let seat = self.mover(&root);
        let mut out = Vec::new();
        for (action, next, gain) in self.moves(&root) {
            let mut g = self.solve(next, depth - 1)?;
            g[seat] += gain;
            out.push((action, g));
        }
        // A stable sort keeps the listed order between equals.
        out.sort_by_key(|(_, g)| Reverse(Search::rank_key(seat, self.seats, g)));
        Some(out)
    }

    /// Every move of the seat to play with what each seat gains after it,
    /// best first (for that seat), ties in the order moves are listed. The
    /// search deepens until it is exact or its budget is spent; one play deep
    /// always fits, since a position one play ahead is not searched further.
    pub fn ranked(&mut self) -> Vec<(WumpAction, Gains)> {
        let mut result = Vec::new();
        for depth in 1..=self.plays_left().max(1) {
            match self.ranked_to(depth) {
                Some(r) => {
                    result = r;
                    self.depth = depth;
                }
                None => break,
            }
        }
        result
    }

    /// The line of play after `first` to the end of the deal: each seat's
    /// best play as deep as the last search went, then the rule of thumb the
    /// search valued the rest by.
    pub fn line(&mut self, first: WumpAction) -> Vec<Play> {
        // The line retraces the last search: whatever it finds again is in
        // the memo, and the rest is bounded by the depth already searched.
        self.budget = u64::MAX;
        let mut pos = self.root;
        let mut line = Vec::new();
        let mut next_action = Some(first);
        while pos.in_hand != 0 {
            let seat = self.mover(&pos);
            let searched = self.depth.saturating_sub(line.len() as u8);
            let chosen = match next_action.take() {
                Some(a) => self
                    .moves(&pos)
                    .into_iter()
                    .find(|(m, _, _)| *m == a)
                    .map(|(a, p, _)| (a, p)),
                None if searched > 0 => self
                    .best_child(&pos, searched)
                    .flatten()
                    .map(|(a, p, _)| (a, p)),
                None => {
                    let (a, p, _) = self.greedy(&pos);
                    Some((a, p))
                }
            };
            let Some((action, next)) = chosen else {
                break;
            };
            line.push(Play { seat, action });
            pos = next;
        }
        line
    }

    /// The hinted seat: the one to play at the root.
    fn me(&self) -> usize {
        self.first_mover
    }

    /// What the seat to play at the root is sure of from `pos`, over the
    /// next `depth` plays (to the end of the deal if that comes first);
    /// `None` once the budget is spent. Past the depth, nothing more is
    /// sure: every figure found holds however deep the rest goes.
    fn sure_at(&mut self, pos: Pos, depth: u8) -> Option<Sure> {
        if pos.in_hand == 0 {
            let g = self.terminal(&pos)[self.me()];
            return Some(Sure::exactly(g, g));
        }
        let depth = depth.min(pos.in_hand.count_ones() as u8);
        let key = if self.last_deal {
            pos
        } else {
            Pos {
                last_take: false,
                ..pos
            }
        };
        if let Some(&(d, v)) = self.sure_memo.get(&key)
            && (d >= depth || v.complete)
        {
            return Some(v);
        }
        if depth == 0 {
            return Some(Sure::UNKNOWN);
        }
        self.nodes += 1;
        if self.nodes > self.budget {
            return None;
        }
        let v = self.sure_node(&pos, depth)?.1;
        self.sure_memo.insert(key, (depth, v));
        Some(v)
    }

    /// The play the seat to move at `pos` makes, as far as the search of
    /// what is sure knows it, and what is sure after it: the root seat's
    /// best play, a normal bot's one play, and `None` as the play of a seat
    /// that chooses freely (with the range over all its plays).
    fn sure_node(&mut self, pos: &Pos, depth: u8) -> Option<(Option<WumpAction>, Sure)> {
        let seat = self.mover(pos);
        let me = self.me();
        if !self.free[seat] && seat != me {
            let (action, next, _) = self.greedy(pos);
            return Some((Some(action), self.sure_at(next, depth - 1)?));
        }
        let mut children = Vec::new();
        for (action, next, gain) in self.moves(pos) {
            let gain = if seat == me { gain } else { 0 };
            children.push((action, self.sure_at(next, depth - 1)?.plus(gain)));
        }
        if seat != me {
            return Some((None, Sure::any_of(children.iter().map(|c| c.1))));
        }
        // The best; between equals the first listed. Only if every play is
        // searched to the end is nothing else sure of more.
        let complete = children.iter().all(|c| c.1.complete);
        let mut best: Option<(WumpAction, Sure)> = None;
        for (a, v) in children {
            if best.is_none_or(|(_, b)| v.key() > b.key()) {
                best = Some((a, v));
            }
        }
        Some(best.map_or((None, Sure::UNKNOWN), |(a, v)| {
            (Some(a), Sure { complete, ..v })
        }))
    }

    /// What the seat to play is sure of after each of its moves, in the
    /// order moves are listed. The search deepens until it reaches the end
    /// of the deal or its budget (of positions, as for [`Search::ranked`])
    /// is spent; one play deep always fits.
    pub fn sure(&mut self, budget: u64) -> Vec<(WumpAction, Sure)> {
        self.budget = budget;
        self.nodes = 0;
        let root = self.root;
        let seat = self.mover(&root);
        let mut result: Vec<(WumpAction, Sure)> = Vec::new();
        for depth in 1..=self.plays_left().max(1) {
            let mut out = Vec::new();
            let mut spent = false;
            for (action, next, gain) in self.moves(&root) {
                let gain = if seat == self.me() { gain } else { 0 };
                match self.sure_at(next, depth - 1) {
                    Some(v) => out.push((action, v.plus(gain))),
                    None => {
                        spent = true;
                        break;
                    }
                }
            }
            if spent {
                break;
            }
            result = out;
            self.sure_depth = depth;
            if result.iter().all(|(_, v)| v.complete) {
                break;
            }
        }
        result
    }

    /// A position of this deal from its hands and center, and whether the
    /// play before it was a take; `None` for cards the search does not know.
    pub fn position(
        &self,
        hands: &[Vec<Card>],
        center: &[Card],
        last_take: bool,
    ) -> Option<Position> {
        let index = |c: &Card| self.cards.iter().position(|k| k.id == c.id);
        let mut in_hand: Mask = 0;
        for c in hands.iter().flatten() {
            in_hand |= 1 << index(c)?;
        }
        let mut in_center: Mask = 0;
        for c in center {
            in_center |= 1 << index(c)?;
        }
        Some(Position(Pos {
            in_hand,
            center: in_center,
            last_take,
        }))
    }

    /// The root seat's play at `at` (a position after `played` plays of the
    /// deal from the root) as the search of what is sure plays it, and what
    /// it is sure of then; `None` if the root seat is not to play there.
    pub fn sure_play(&mut self, at: Position, played: u8) -> Option<(WumpAction, Sure)> {
        let pos = at.0;
        if self.mover(&pos) != self.me() || pos.in_hand == 0 {
            return None;
        }
        // The same depth the root's figures were found at, so the same play.
        self.budget = u64::MAX;
        let depth = self.sure_depth.saturating_sub(played).max(1);
        let (action, v) = self.sure_node(&pos, depth)?;
        Some((action?, v))
    }

    pub fn seats(&self) -> usize {
        self.seats
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, Setup};
    use crate::rng::GameRng;
    use crate::rules::Rules;
    use crate::seat::{Seat, SeatId};
    use crate::variant_id::VariantId;
    use crate::variants::wump::{Wump, WumpEvent};

    /// The cards each event claims, and whether the deal ended.
    fn claimed(events: &[WumpEvent]) -> (Gains, bool) {
        let mut g = [0u8; MAX_SEATS];
        let mut deal_over = false;
        for e in events {
            match e {
                WumpEvent::Took { seat, .. } => g[seat.index()] += 2,
                WumpEvent::SweptCenter { seat, cards, .. } => g[seat.index()] += cards.len() as u8,
                WumpEvent::Dealt { .. } | WumpEvent::GameOver { .. } => deal_over = true,
                _ => {}
            }
        }
        (g, deal_over)
    }

    /// What each seat gains after `action`, by brute force to the deal's end.
    fn brute_after(game: &Wump, action: &WumpAction) -> Option<Gains> {
        let mut next = game.clone();
        let (mut g, deal_over) = claimed(&next.apply(game.to_move()?, action).ok()?);
        if !deal_over {
            for (a, b) in g.iter_mut().zip(brute(&next).unwrap_or_default()) {
                *a += b;
            }
        }
        Some(g)
    }

    /// Max^n by brute force over the real rules: apply every legal move on a
    /// copy of the game, add up the cards each event claims, stop when the
    /// deal ends. No memo, no bit sets.
    fn brute(game: &Wump) -> Option<Gains> {
        let seat = game.to_move()?;
        let mut best: Option<Gains> = None;
        for action in game.legal_actions()? {
            let g = brute_after(game, &action)?;
            let key = |g: &Gains| Search::rank_key(seat.index(), game.seat_count(), g);
            if best.is_none_or(|b| key(&g) > key(&b)) {
                best = Some(g);
            }
        }
        best
    }

    fn small_deal(seats: usize, seed: u64, cards: usize, last: bool) -> Wump {
        let rules = Rules::parse(Wump::DEFAULT_RULES, "w", VariantId::Wump).unwrap();
        let names = (0..seats).map(|i| Seat::human(format!("P{i}"))).collect();
        let mut g = Wump::new(&Setup::new(rules, names, seed)).unwrap();
        let mut rng = GameRng::new(seed, 7);
        for h in &mut g.hands {
            let mut cards_in = h.take_all();
            cards_in.truncate(cards);
            h.extend(cards_in);
        }
        // A random number of center cards, and sometimes the last deal.
        let keep = 1 + rng.below(4) as usize;
        let mut center = g.center.take_all();
        center.truncate(keep);
        for c in center {
            g.center.place(c);
        }
        if last {
            g.stock = crate::pile::Stock::default();
        }
        let first = rng.below(seats as u64) as u8;
        g.turn.set(SeatId(first));
        g
    }

    /// Small deals of 2 to 4 seats, one to three cards each, half of them
    /// the last deal (every mix comes once in six seeds): 600 in `cargo
    /// test`, 3,000 in the full run (`RUMMY_FULL_TESTS=1 cargo test
    /// --release`).
    #[test]
    fn the_search_agrees_with_brute_force_on_small_deals() {
        let deals = crate::test_support::scaled(600, 3_000);
        let mut checked = 0;
        for seed in 0..deals {
            let seats = 2 + (seed % 3) as usize;
            // Up to 6 plays deep: brute force copies the whole game per move.
            let cards = match seats {
                2 => 1 + (seed % 3) as usize,
                _ => 1 + (seed % 2) as usize,
            };
            let game = small_deal(seats, seed, cards, seed % 2 == 0);
            let view = game.view(game.to_move().unwrap());
            let mut search = Search::new(&view, u64::MAX).unwrap();
            let ranked = search.ranked();
            assert!(search.is_exact());
            let want = brute(&game).unwrap();
            assert_eq!(ranked[0].1, want, "seed {seed}");
            // Every listed move is valued as brute force values it.
            for (action, gains) in &ranked {
                assert_eq!(
                    Some(*gains),
                    brute_after(&game, action),
                    "seed {seed} {action:?}"
                );
            }
            checked += 1;
        }
        assert_eq!(checked, deals);
    }

    #[test]
    fn a_small_budget_still_ranks_every_move() {
        let game = small_deal(4, 3, 4, false);
        let view = game.view(game.to_move().unwrap());
        let mut search = Search::new(&view, 50).unwrap();
        let ranked = search.ranked();
        assert_eq!(ranked.len(), view.legal_moves().len());
        assert!(!search.is_exact());
    }

    #[test]
    fn the_rule_of_thumb_is_the_normal_bots_play_to_the_card() {
        use crate::game::Bot;
        let mut rng = GameRng::new(1, 1);
        for seed in 0..600 {
            let game = crate::variants::wump::hint_tests::position(seed);
            let Some(seat) = game.to_move() else { continue };
            let view = game.view(seat);
            let search = Search::new(&view, 1).unwrap();
            let (thumb, _, _) = search.greedy(&search.root);
            let normal = crate::variants::wump::bots::Normal.choose(&view, &mut rng);
            assert_eq!(Some(thumb), normal, "seed {seed}");
        }
    }

    /// Every play a searched line gives a normal bot is the play the normal
    /// bot then makes in the game, however the cards came to lie: between
    /// takes it values alike (the card just put down and an older center
    /// card), the search and the bot choose by the same rule.
    #[test]
    fn a_normal_bots_play_in_a_searched_line_is_its_play_in_the_game() {
        use crate::game::Bot;
        let mut rng = GameRng::new(1, 1);
        let mut checked = 0;
        for seed in 0..300 {
            let mut game = crate::variants::wump::hint_tests::position(seed);
            let Some(seat) = game.to_move() else { continue };
            for (i, kind) in game.kinds.iter_mut().enumerate() {
                if i != seat.index() {
                    *kind = SeatKind::Bot(BotLevel::Normal);
                }
            }
            let view = game.view(seat);
            let mut search = Search::new(&view, 2_000).unwrap();
            for (first, _) in search.ranked() {
                let mut g = game.clone();
                for play in search.line(first) {
                    let who = SeatId(play.seat as u8);
                    if play.seat != seat.index() {
                        let bot =
                            crate::variants::wump::bots::Normal.choose(&g.view(who), &mut rng);
                        assert_eq!(bot, Some(play.action), "seed {seed}");
                        checked += 1;
                    }
                    g.apply(who, &play.action).unwrap();
                }
            }
        }
        assert!(checked > 1_000, "{checked} plays checked");
    }

    /// The same table with every seat moved one place round: the seat to
    /// move chooses the same card wherever it sits, so no seat's number
    /// favours it.
    #[test]
    fn where_a_seat_sits_does_not_change_its_choice() {
        let mut checked = 0;
        for seed in 0..200 {
            let game = crate::variants::wump::hint_tests::position(seed);
            let Some(seat) = game.to_move() else { continue };
            let view = game.view(seat);
            let n = view.hands.len();
            let turn = |s: SeatId| SeatId(((s.index() + 1) % n) as u8);
            let mut moved = view.clone();
            moved.hands.rotate_right(1);
            moved.kinds.rotate_right(1);
            moved.names.rotate_right(1);
            moved.claimed.rotate_right(1);
            moved.seat = turn(view.seat);
            moved.to_move = view.to_move.map(turn);
            moved.starter = turn(view.starter);
            let best = |v: &WumpView| Search::new(v, BOT_BUDGET).unwrap().ranked()[0].0;
            assert_eq!(best(&view), best(&moved), "seed {seed}");
            checked += 1;
        }
        assert!(checked > 150);
    }
}
