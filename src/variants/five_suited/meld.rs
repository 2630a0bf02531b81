//! Melds of 5 Suited Rummy and the exact solver: the arrangement of a hand
//! into sets and runs that leaves the fewest points, with any number of wilds.
//!
//! The solver is a search over the hand's natural (non-wild) cards, memoised
//! on (naturals left, wilds left, spare room for wilds, discard still due).
//! The lowest natural left is either deadwood, the discard, in a set of its
//! rank, or the lowest natural of a run of its suit; wilds are interchangeable
//! in melds, so only their count matters until the end, where leftover wilds
//! form their own meld (three or more), join a meld with room (any set, a run
//! shorter than 11), or stay in hand as the cheapest of the wilds.

use crate::card::{Card, CardId, Face, Rank, Suit};
use rustc_hash::FxHashMap;
use serde::{Deserialize, Serialize};
use std::cell::RefCell;
use std::fmt;

/// The lowest and highest ranks of the deck; runs never wrap.
pub const LOW: u8 = 3;
pub const HIGH: u8 = 13;
/// The longest run: every rank from 3 to King.
pub const MAX_RUN: usize = (HIGH - LOW + 1) as usize;
/// What the round's wild rank scores in hand.
pub const WILD_POINTS: u32 = 20;
/// The most natural cards the solver takes (a hand holds at most 14).
pub const MAX_NATURALS: usize = 32;

/// Whether `card` is wild this round: a joker, or a card of the wild rank.
pub fn is_wild(card: &Card, wild: Rank) -> bool {
    match card.face {
        Face::Joker => true,
        Face::Suited { rank, .. } => rank == wild,
        _ => false,
    }
}

/// What `card` scores left in hand: face value (J 11, Q 12, K 13), the
/// round's wild 20, a joker what the rules file says (50).
pub fn points(card: &Card, wild: Rank) -> u32 {
    match card.face {
        Face::Suited { rank, .. } if rank == wild => WILD_POINTS,
        Face::Suited { rank, .. } => rank.number() as u32,
        _ => card.value.max(0) as u32,
    }
}

/// What kind of meld a group is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MeldKind {
    /// Three or more of one rank (`None`: wilds only).
    Set { rank: Option<Rank> },
    /// Three or more of one suit in sequence, `low` to `high`.
    Run { suit: Suit, low: Rank, high: Rank },
}

/// A meld: its kind and its cards, runs in rank order with each wild in the
/// place it stands for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Meld {
    pub kind: MeldKind,
    pub cards: Vec<Card>,
}

impl fmt::Display for Meld {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cards: Vec<String> = self.cards.iter().map(|c| c.to_string()).collect();
        write!(f, "{}", cards.join(" "))
    }
}

/// A hand laid out: its melds, the cards left over and what they score.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Arrangement {
    pub melds: Vec<Meld>,
    pub deadwood: Vec<Card>,
    pub points: u32,
}

/// Whether `cards` form one meld this round, checked directly: used to verify
/// the solver's arrangements.
pub fn is_meld(cards: &[Card], wild: Rank) -> bool {
    if cards.len() < 3 {
        return false;
    }
    let naturals: Vec<(Rank, Suit)> = cards
        .iter()
        .filter(|c| !is_wild(c, wild))
        .filter_map(|c| Some((c.face.rank()?, c.face.suit()?)))
        .collect();
    let wilds = cards.iter().filter(|c| is_wild(c, wild)).count();
    if naturals.len() + wilds != cards.len() {
        return false; // a card that is neither suited nor a joker
    }
    let Some(&(r0, s0)) = naturals.first() else {
        return true;
    };
    if naturals.iter().all(|&(r, _)| r == r0) {
        return true;
    }
    if !naturals.iter().all(|&(_, s)| s == s0) || cards.len() > MAX_RUN {
        return false;
    }
    let mut ranks: Vec<u8> = naturals.iter().map(|(r, _)| r.number()).collect();
    ranks.sort_unstable();
    if ranks.windows(2).any(|w| w[0] == w[1]) {
        return false;
    }
    let span = (ranks[ranks.len() - 1] - ranks[0] + 1) as usize;
    ranks[0] >= LOW && ranks[ranks.len() - 1] <= HIGH && span <= cards.len()
}

const INF: u16 = u16::MAX / 2;
/// Room for leftover wilds counts only up to 2: three or more leftover wilds
/// make a meld of their own.
const ROOMY: u8 = 2;

#[derive(Clone, Copy, Debug)]
struct Natural {
    rank: u8,
    suit: Suit,
    points: u16,
    /// Index in the caller's hand.
    at: usize,
}

/// One choice for the lowest natural left, and the state after it.
#[derive(Clone, Copy, Debug)]
struct Choice {
    kind: ChoiceKind,
    /// The naturals it uses, the lowest among them.
    used: u32,
    /// Wilds it uses.
    wilds: u8,
    /// Points it leaves in hand.
    here: u16,
    /// Room it adds for leftover wilds.
    room: u8,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ChoiceKind {
    Deadwood,
    Discard,
    Set,
    /// A run of this many cards.
    Run(u8),
}

/// A state of the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct State {
    mask: u32,
    wilds: u8,
    room: u8,
    /// The discard is still to be chosen.
    due: bool,
}

impl State {
    fn key(self) -> u64 {
        self.mask as u64
            | (self.wilds as u64) << 32
            | (self.room as u64) << 40
            | (self.due as u64) << 48
    }

    fn after(self, c: &Choice) -> State {
        State {
            mask: self.mask & !c.used,
            wilds: self.wilds - c.wilds,
            room: (self.room + c.room).min(ROOMY),
            due: self.due && c.kind != ChoiceKind::Discard,
        }
    }

    /// At the end: how many leftover wilds stay in hand, and whether one of
    /// them is the discard. `None` if a discard is due and nothing is left.
    fn leftover(self) -> Option<(usize, bool)> {
        let mut left = self.wilds as usize;
        if self.due {
            left = left.checked_sub(1)?;
        }
        let stay = if left >= 3 {
            0
        } else {
            left.saturating_sub(self.room as usize)
        };
        Some((stay, self.due))
    }
}

/// One hand prepared for search.
struct Search<'m> {
    nats: Vec<Natural>,
    /// Per natural: the later naturals of the same rank.
    same_rank: Vec<u32>,
    /// Per suit and rank: the naturals of that suit and rank.
    suit_rank: [[u32; 16]; 5],
    /// Wild points, cheapest first.
    wild_points: Vec<u16>,
    memo: &'m mut FxHashMap<u64, u16>,
    /// Choice lists, one per depth, reused.
    bufs: Vec<Vec<Choice>>,
}

thread_local! {
    static MEMO: RefCell<FxHashMap<u64, u16>> = RefCell::new(FxHashMap::default());
}

fn suit_index(s: Suit) -> usize {
    Suit::ALL.iter().position(|&x| x == s).unwrap_or(0)
}

/// The hand split into naturals (sorted by suit, then rank) and wilds.
fn split(hand: &[Card], wild: Rank) -> (Vec<Natural>, Vec<usize>) {
    let mut nats = Vec::new();
    let mut wilds = Vec::new();
    for (at, c) in hand.iter().enumerate() {
        match (c.face, is_wild(c, wild)) {
            (Face::Suited { rank, suit }, false) => nats.push(Natural {
                rank: rank.number(),
                suit,
                points: points(c, wild) as u16,
                at,
            }),
            _ => wilds.push(at),
        }
    }
    nats.sort_by_key(|n| (suit_index(n.suit), n.rank, n.at));
    (nats, wilds)
}

impl<'m> Search<'m> {
    fn new(
        nats: Vec<Natural>,
        mut wild_points: Vec<u16>,
        memo: &'m mut FxHashMap<u64, u16>,
    ) -> Self {
        memo.clear();
        wild_points.sort_unstable();
        let n = nats.len();
        let mut same_rank = vec![0u32; n];
        let mut suit_rank = [[0u32; 16]; 5];
        for i in 0..n {
            for j in i + 1..n {
                if nats[j].rank == nats[i].rank {
                    same_rank[i] |= 1 << j;
                }
            }
            suit_rank[suit_index(nats[i].suit)][nats[i].rank as usize & 15] |= 1 << i;
        }
        Search {
            nats,
            same_rank,
            suit_rank,
            wild_points,
            memo,
            bufs: Vec::new(),
        }
    }

    fn full(&self) -> u32 {
        if self.nats.len() >= 32 {
            u32::MAX
        } else {
            (1u32 << self.nats.len()) - 1
        }
    }

    fn cheapest_wilds(&self, d: usize) -> u16 {
        self.wild_points[..d]
            .iter()
            .fold(0u16, |a, &p| a.saturating_add(p))
    }

    /// Every choice for the lowest natural of `s`, into `out`.
    fn choices(&self, s: State, out: &mut Vec<Choice>) {
        out.clear();
        let i = s.mask.trailing_zeros() as usize;
        let bit = 1u32 << i;
        let me = self.nats[i];
        // Its most useful uses first, so the bound below cuts early.
        let others = self.same_rank[i] & s.mask;
        let mut sub = others;
        loop {
            let n = 1 + sub.count_ones() as u8;
            let need = 3u8.saturating_sub(n);
            if need <= s.wilds {
                out.push(Choice {
                    kind: ChoiceKind::Set,
                    used: bit | sub,
                    wilds: need,
                    here: 0,
                    room: ROOMY,
                });
            }
            if sub == 0 {
                break;
            }
            sub = (sub - 1) & others;
        }
        let row = &self.suit_rank[suit_index(me.suit)];
        self.runs(s, row, me.rank, me.rank, 1, bit, 0, out);
        if s.due {
            out.push(Choice {
                kind: ChoiceKind::Discard,
                used: bit,
                wilds: 0,
                here: 0,
                room: 0,
            });
        }
        out.push(Choice {
            kind: ChoiceKind::Deadwood,
            used: bit,
            wilds: 0,
            here: me.points,
            room: 0,
        });
    }

    /// Runs from rank `low` whose highest natural so far is at `last`, with
    /// `k` naturals `used` and `gaps` wilds inside.
    #[allow(clippy::too_many_arguments)]
    fn runs(
        &self,
        s: State,
        row: &[u32; 16],
        low: u8,
        last: u8,
        k: u8,
        used: u32,
        gaps: u8,
        out: &mut Vec<Choice>,
    ) {
        if k >= 2 {
            let len = (last - low + 1).max(3);
            let need = len - k;
            if need <= s.wilds {
                out.push(Choice {
                    kind: ChoiceKind::Run(len),
                    used,
                    wilds: need,
                    here: 0,
                    room: (MAX_RUN as u8 - len).min(ROOMY),
                });
            }
        }
        for r in last + 1..=HIGH {
            let gaps = gaps + (r - last - 1);
            if gaps > s.wilds {
                break;
            }
            let here = row[r as usize] & s.mask & !used;
            if here != 0 {
                let pick = here & here.wrapping_neg();
                self.runs(s, row, low, r, k + 1, used | pick, gaps, out);
            }
        }
    }

    fn best(&mut self, s: State, depth: usize) -> u16 {
        if s.mask == 0 {
            return match s.leftover() {
                Some((stay, _)) => self.cheapest_wilds(stay),
                None => INF,
            };
        }
        let k = s.key();
        if let Some(&v) = self.memo.get(&k) {
            return v;
        }
        if self.bufs.len() <= depth {
            self.bufs.resize_with(depth + 1, Vec::new);
        }
        let mut buf = std::mem::take(&mut self.bufs[depth]);
        self.choices(s, &mut buf);
        let mut best = INF;
        for c in &buf {
            if c.here >= best {
                continue;
            }
            let v = c.here.saturating_add(self.best(s.after(c), depth + 1));
            if v < best {
                best = v;
                if best == 0 {
                    break;
                }
            }
        }
        self.bufs[depth] = buf;
        self.memo.insert(k, best);
        best
    }

    /// The choices along one best path from `s`.
    fn path(&mut self, mut s: State) -> (Vec<Choice>, State) {
        let mut path = Vec::new();
        let total = self.best(s, 0);
        let mut want = total;
        while s.mask != 0 {
            let mut buf = Vec::new();
            self.choices(s, &mut buf);
            let Some(c) = buf
                .into_iter()
                .find(|c| c.here.saturating_add(self.best(s.after(c), 1)) == want)
            else {
                break; // invariant: some choice reaches the best value
            };
            want -= c.here;
            s = s.after(&c);
            path.push(c);
        }
        (path, s)
    }
}

/// Runs `f` with a search over `hand` and its start (with the discard still
/// `due` or not), the hand's indices of its wilds, and of the naturals past
/// [`MAX_NATURALS`] (a hand holds at most 14 cards; any more stay in hand).
fn with_search<T>(
    hand: &[Card],
    wild: Rank,
    due: bool,
    f: impl FnOnce(&mut Search<'_>, State, Vec<usize>, Vec<usize>) -> T,
) -> T {
    let (mut nats, wilds) = split(hand, wild);
    let extra: Vec<usize> = nats
        .split_off(nats.len().min(MAX_NATURALS))
        .iter()
        .map(|n| n.at)
        .collect();
    let wild_points: Vec<u16> = wilds
        .iter()
        .map(|&i| points(&hand[i], wild) as u16)
        .collect();
    MEMO.with(|m| {
        let mut memo = m.borrow_mut();
        let mut search = Search::new(nats, wild_points, &mut memo);
        let start = State {
            mask: search.full(),
            wilds: wilds.len().min(u8::MAX as usize) as u8,
            room: 0,
            due,
        };
        f(&mut search, start, wilds, extra)
    })
}

/// Hands whose fewest points were worked out on this thread, by what
/// decides them: the wild rank, whether a discard is due, and each card's
/// face and points, sorted. Bots ask about the same few hands again and
/// again as a round goes on; [`FEWEST_KEPT`] bounds the table.
type Fewest = FxHashMap<(u8, bool, Vec<u32>), u32>;

thread_local! {
    static FEWEST: RefCell<Fewest> = RefCell::new(FxHashMap::default());
}

/// Hands [`FEWEST`] holds at most before it starts again.
pub const FEWEST_KEPT: usize = 1 << 16;

/// The fewest points of `hand`, with one discard still `due` or not.
fn fewest(hand: &[Card], wild: Rank, due: bool) -> u32 {
    let mut faces: Vec<u32> = hand
        .iter()
        .map(|c| {
            let face = match c.face {
                Face::Suited { rank, suit } => suit_index(suit) as u32 * 16 + rank.number() as u32,
                _ => 0xff,
            };
            face << 16 | points(c, wild).min(0xffff)
        })
        .collect();
    faces.sort_unstable();
    let key = (wild.number(), due, faces);
    if let Some(&p) = FEWEST.with(|f| f.borrow().get(&key).copied()).as_ref() {
        return p;
    }
    let p = searched(hand, wild, due);
    FEWEST.with(|f| {
        let mut f = f.borrow_mut();
        if f.len() >= FEWEST_KEPT {
            f.clear();
        }
        f.insert(key, p);
    });
    p
}

/// The fewest points of `hand` by the search itself, never from
/// [`FEWEST`]: what the solver's benchmark and its checks against the
/// oracle time and test.
pub fn searched(hand: &[Card], wild: Rank, due: bool) -> u32 {
    with_search(hand, wild, due, |s, start, _, extra| {
        let loose: u32 = extra.iter().map(|&i| points(&hand[i], wild)).sum();
        s.best(start, 0) as u32 + loose
    })
}

/// Forgets the hands this thread has worked out ([`FEWEST`]), so that a
/// benchmark times each decision as a game's first.
pub fn forget_hands() {
    FEWEST.with(|f| *f.borrow_mut() = FxHashMap::default());
}

/// The fewest points `hand` can leave in hand, laid out as well as it can be.
pub fn deadwood(hand: &[Card], wild: Rank) -> u32 {
    fewest(hand, wild, false)
}

/// The fewest points `hand` can leave after discarding one card (of a hand
/// that has just drawn). `None` for an empty hand.
pub fn deadwood_after_discard(hand: &[Card], wild: Rank) -> Option<u32> {
    (!hand.is_empty()).then(|| fewest(hand, wild, true))
}

/// The best arrangement of `hand`: melds, deadwood, and its points.
pub fn arrange(hand: &[Card], wild: Rank) -> Arrangement {
    lay_out(hand, wild, false).0
}

/// The discard that leaves the fewest points, and the arrangement of the rest.
/// Between equal discards it throws the highest card. `None` for an empty hand.
pub fn best_discard(hand: &[Card], wild: Rank) -> Option<(Card, Arrangement)> {
    if hand.is_empty() {
        return None;
    }
    let (arr, discard) = lay_out(hand, wild, true);
    let discard = discard?;
    let rest: Vec<Card> = hand
        .iter()
        .filter(|c| c.id != discard.id)
        .copied()
        .collect();
    debug_assert_eq!(arr.points, deadwood(&rest, wild));
    Some((discard, arr))
}

/// What discarding each card of `hand` but `except` (the card just taken
/// from the discard pile) would leave in hand, in points; cards of one face
/// are worked out once.
pub fn discard_points(hand: &[Card], wild: Rank, except: Option<CardId>) -> Vec<(Card, u32)> {
    let mut out: Vec<(Card, u32)> = Vec::new();
    for c in hand.iter().filter(|c| Some(c.id) != except) {
        if let Some(&(_, p)) = out.iter().find(|(o, _)| o.face == c.face) {
            out.push((*c, p));
            continue;
        }
        let rest: Vec<Card> = hand.iter().filter(|x| x.id != c.id).copied().collect();
        out.push((*c, deadwood(&rest, wild)));
    }
    out
}

/// The fewest points `hand` can leave after discarding one card other than
/// `except` (the card just taken from the discard pile, which may not go
/// back). `None` when no card may go.
pub fn deadwood_after_discard_except(
    hand: &[Card],
    wild: Rank,
    except: Option<CardId>,
) -> Option<u32> {
    let Some(except) = except else {
        return deadwood_after_discard(hand, wild);
    };
    // Most often the best discard is another card: one search settles it.
    match best_discard(hand, wild) {
        Some((d, arr)) if d.id != except => Some(arr.points),
        _ => discard_points(hand, wild, Some(except))
            .into_iter()
            .map(|(_, p)| p)
            .min(),
    }
}

/// Every card of `hand` (one of each face) whose discard leaves the rest all in
/// melds: the ways to go out.
pub fn go_out_discards(hand: &[Card], wild: Rank) -> Vec<Card> {
    go_out_discards_except(hand, wild, None)
}

/// [`go_out_discards`] among the cards other than `except` (the card just
/// taken from the discard pile): another card of its face still counts.
pub fn go_out_discards_except(hand: &[Card], wild: Rank, except: Option<CardId>) -> Vec<Card> {
    if deadwood_after_discard(hand, wild) != Some(0) {
        return Vec::new();
    }
    let mut out: Vec<Card> = Vec::new();
    for (i, c) in hand.iter().enumerate() {
        if Some(c.id) == except || out.iter().any(|o| o.face == c.face) {
            continue;
        }
        let rest: Vec<Card> = hand
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .map(|(_, c)| *c)
            .collect();
        if deadwood(&rest, wild) == 0 {
            out.push(*c);
        }
    }
    out
}

/// A meld being built from the search's path.
struct Building {
    kind: ChoiceKind,
    naturals: Vec<usize>,
    wilds: Vec<usize>,
}

fn lay_out(hand: &[Card], wild: Rank, due: bool) -> (Arrangement, Option<Card>) {
    with_search(hand, wild, due, |s, start, mut wild_at, extra| {
        let (path, end) = s.path(start);
        // Naturals a broken path left (never, if the search is sound) stay in
        // hand rather than vanish, as do any past the search's limit.
        let mut unplaced: Vec<usize> = (0..s.nats.len())
            .filter(|&b| end.mask >> b & 1 == 1)
            .map(|b| s.nats[b].at)
            .collect();
        unplaced.extend(extra);
        // Melds take the dearest wilds; the cheapest stay in hand.
        wild_at.sort_by_key(|&i| std::cmp::Reverse(points(&hand[i], wild)));
        let mut melds: Vec<Building> = Vec::new();
        let mut deadwood: Vec<usize> = unplaced;
        let mut discard = None;
        for c in &path {
            let nat: Vec<usize> = (0..32)
                .filter(|b| c.used >> b & 1 == 1)
                .map(|b| s.nats[b].at)
                .collect();
            match c.kind {
                ChoiceKind::Deadwood => deadwood.extend(nat),
                ChoiceKind::Discard => discard = nat.first().copied(),
                ChoiceKind::Set | ChoiceKind::Run(_) => {
                    let take = (c.wilds as usize).min(wild_at.len());
                    melds.push(Building {
                        kind: c.kind,
                        naturals: nat,
                        wilds: wild_at.drain(..take).collect(),
                    });
                }
            }
        }
        // What is left of the wilds: the discard (the dearest), then a meld of
        // their own, room in the melds, or the hand.
        let (stay, drops) = end.leftover().unwrap_or((wild_at.len(), false));
        if drops && !wild_at.is_empty() {
            discard = Some(wild_at.remove(0));
        }
        let keep = stay.min(wild_at.len());
        let staying = wild_at.split_off(wild_at.len() - keep);
        deadwood.extend(staying);
        if wild_at.len() >= 3 {
            melds.push(Building {
                kind: ChoiceKind::Set,
                naturals: Vec::new(),
                wilds: std::mem::take(&mut wild_at),
            });
        }
        for w in wild_at {
            let room = melds.iter_mut().find(|m| match m.kind {
                ChoiceKind::Set => true,
                _ => m.naturals.len() + m.wilds.len() < MAX_RUN,
            });
            match room {
                Some(m) => m.wilds.push(w),
                None => deadwood.push(w),
            }
        }
        let melds: Vec<Meld> = melds.into_iter().map(|m| finish(hand, m)).collect();
        let deadwood: Vec<Card> = deadwood.into_iter().map(|i| hand[i]).collect();
        let points = deadwood.iter().map(|c| points(c, wild)).sum();
        (
            Arrangement {
                melds,
                deadwood,
                points,
            },
            discard.map(|i| hand[i]),
        )
    })
}

/// Puts a meld's cards in order: a run's wilds in the places they stand for.
fn finish(hand: &[Card], m: Building) -> Meld {
    let nat: Vec<Card> = m.naturals.iter().map(|&i| hand[i]).collect();
    let wilds: Vec<Card> = m.wilds.iter().map(|&i| hand[i]).collect();
    match m.kind {
        ChoiceKind::Run(_) if !nat.is_empty() => {
            let suit = nat[0].face.suit().unwrap_or(Suit::Stars);
            let ranks: Vec<u8> = nat
                .iter()
                .filter_map(|c| c.face.rank())
                .map(Rank::number)
                .collect();
            let first = ranks.iter().copied().min().unwrap_or(LOW);
            let last = ranks.iter().copied().max().unwrap_or(LOW);
            let len = (nat.len() + wilds.len()) as u8;
            // Extend upward as far as the King allows, then downward.
            let high = (first + len - 1).min(HIGH).max(last);
            let low = high + 1 - len;
            let mut wild_iter = wilds.into_iter();
            let mut cards = Vec::new();
            for r in low..=high {
                match nat
                    .iter()
                    .find(|c| c.face.rank().map(Rank::number) == Some(r))
                {
                    Some(c) => cards.push(*c),
                    None => cards.extend(wild_iter.next()),
                }
            }
            cards.extend(wild_iter);
            Meld {
                kind: MeldKind::Run {
                    suit,
                    low: Rank::new(low).unwrap_or(Rank::new(LOW).unwrap_or(Rank::ACE)),
                    high: Rank::new(high).unwrap_or(Rank::KING),
                },
                cards,
            }
        }
        _ => {
            let rank = nat.first().and_then(|c| c.face.rank());
            let mut cards = nat;
            cards.extend(wilds);
            Meld {
                kind: MeldKind::Set { rank },
                cards,
            }
        }
    }
}
