//! Slow reference searches for the meld solver, written another way: they
//! check it in the tests and time it in the benchmark.
//!
//! [`oracle`] tries every group of naturals sharing a rank or a suit with every
//! count of jokers and wild-rank cards, and keeps what the plain [`is_meld`]
//! check accepts; leftover wilds may form a meld of their own. [`partitions`]
//! tries every partition of the hand, each wild its own card (small hands only).

use super::meld::HIGH;
use super::meld::{is_meld, is_wild, points};
use crate::card::{Card, CardId, Face, Rank, Suit};
use crate::rng::GameRng;
use rustc_hash::FxHashMap;

/// The fewest points of `hand`, trying every meld `is_meld` accepts. Takes
/// up to 31 naturals.
pub fn oracle(hand: &[Card], wild: Rank) -> u32 {
    Oracle::new(hand, wild).run()
}

struct Oracle {
    wild: Rank,
    naturals: Vec<Card>,
    jokers: Vec<Card>,
    rank_wilds: Vec<Card>,
    memo: FxHashMap<(u32, usize, usize), u32>,
}

impl Oracle {
    fn new(hand: &[Card], wild: Rank) -> Self {
        let naturals = hand.iter().filter(|c| !is_wild(c, wild)).copied().collect();
        let jokers = hand
            .iter()
            .filter(|c| c.face == Face::Joker)
            .copied()
            .collect();
        let rank_wilds = hand
            .iter()
            .filter(|c| c.face != Face::Joker && is_wild(c, wild))
            .copied()
            .collect();
        Oracle {
            wild,
            naturals,
            jokers,
            rank_wilds,
            memo: FxHashMap::default(),
        }
    }

    fn run(&mut self) -> u32 {
        let full = ((1u64 << self.naturals.len()) - 1) as u32;
        self.best(full, self.jokers.len(), self.rank_wilds.len())
    }

    /// Whether the naturals of `mask` with `j` jokers and `r` wild-rank cards
    /// are a meld.
    fn meld_ok(&self, mask: u32, j: usize, r: usize) -> bool {
        let mut cards: Vec<Card> = (0..self.naturals.len())
            .filter(|b| mask >> b & 1 == 1)
            .map(|b| self.naturals[b])
            .collect();
        cards.extend(&self.jokers[..j]);
        cards.extend(&self.rank_wilds[..r]);
        is_meld(&cards, self.wild)
    }

    fn loose(&self, cards: &[Card]) -> u32 {
        cards.iter().map(|c| points(c, self.wild)).sum()
    }

    fn best(&mut self, mask: u32, j: usize, r: usize) -> u32 {
        if let Some(&v) = self.memo.get(&(mask, j, r)) {
            return v;
        }
        let v = if mask == 0 {
            // Leftover wilds: some in a meld of their own, the rest in hand.
            let mut best = u32::MAX;
            for mj in 0..=j {
                for mr in 0..=r {
                    if mj + mr != 0 && !self.meld_ok(0, mj, mr) {
                        continue;
                    }
                    let left =
                        self.loose(&self.jokers[mj..j]) + self.loose(&self.rank_wilds[mr..r]);
                    best = best.min(left);
                }
            }
            best
        } else {
            let i = mask.trailing_zeros() as usize;
            let me = self.naturals[i];
            let mut best = points(&me, self.wild) + self.best(mask & !(1 << i), j, r);
            // Melds of the lowest natural: its rank or its suit, any wilds.
            let mates: u32 = (0..self.naturals.len())
                .filter(|&b| b != i && mask >> b & 1 == 1)
                .filter(|&b| {
                    let o = self.naturals[b].face;
                    o.rank() == me.face.rank() || o.suit() == me.face.suit()
                })
                .fold(0, |m, b| m | 1 << b);
            let mut sub = mates;
            loop {
                let used = sub | 1 << i;
                for mj in 0..=j {
                    for mr in 0..=r {
                        if self.meld_ok(used, mj, mr) {
                            best = best.min(self.best(mask & !used, j - mj, r - mr));
                        }
                    }
                }
                if sub == 0 {
                    break;
                }
                sub = (sub - 1) & mates;
            }
            best
        };
        self.memo.insert((mask, j, r), v);
        v
    }
}

/// The fewest points over every partition of the hand into groups, each a
/// meld or loose cards. Exponential: for hands of up to about 9 cards.
pub fn partitions(hand: &[Card], wild: Rank) -> u32 {
    fn go(rest: &[Card], groups: &mut Vec<Vec<Card>>, wild: Rank, best: &mut u32) {
        let Some((first, rest)) = rest.split_first() else {
            let mut total = 0;
            for g in groups.iter() {
                if !is_meld(g, wild) {
                    total += g.iter().map(|c| points(c, wild)).sum::<u32>();
                }
            }
            *best = (*best).min(total);
            return;
        };
        for k in 0..groups.len() {
            groups[k].push(*first);
            go(rest, groups, wild, best);
            groups[k].pop();
        }
        groups.push(vec![*first]);
        go(rest, groups, wild, best);
        groups.pop();
    }
    let mut best = u32::MAX;
    go(hand, &mut Vec::new(), wild, &mut best);
    best
}

/// A random hand of `n` cards, `w` of them wild, from two decks. Half the
/// hands draw their naturals from a narrow window of ranks and suits, so that
/// melds are common.
pub fn random_hand(rng: &mut GameRng, n: usize, w: usize) -> (Vec<Card>, Rank) {
    let wild = Rank::new(3 + rng.below(11) as u8).unwrap_or(Rank::KING);
    let narrow = rng.chance(1, 2);
    let (suits, low, width) = if narrow {
        (2 + rng.below(2) as usize, 3 + rng.below(6) as u8, 5u8)
    } else {
        (5, 3, 11)
    };
    let mut counts: FxHashMap<(u8, usize), u8> = FxHashMap::default();
    let mut cards = Vec::new();
    let mut id = 0u16;
    let mut jokers = 0;
    for _ in 0..w {
        if jokers < 6 && rng.chance(1, 3) {
            jokers += 1;
            cards.push(joker(id));
        } else {
            let s = Suit::ALL[rng.below(5) as usize];
            cards.push(card(id, wild.number(), s));
        }
        id += 1;
    }
    while cards.len() < n {
        let r = low + rng.below(width as u64) as u8;
        let s = rng.below(suits as u64) as usize;
        if r == wild.number() || r > HIGH {
            continue;
        }
        let c = counts.entry((r, s)).or_insert(0);
        if *c >= 2 {
            continue;
        }
        *c += 1;
        cards.push(card(id, r, Suit::ALL[s]));
        id += 1;
    }
    rng.shuffle(&mut cards);
    (cards, wild)
}

/// A suited card with this id, rank (3..13) and suit, scoring its rank.
pub fn card(id: u16, rank: u8, suit: Suit) -> Card {
    let rank = Rank::new(rank).unwrap_or(Rank::KING);
    Card {
        id: CardId(id),
        face: Face::Suited { rank, suit },
        value: rank.number() as i32,
    }
}

/// A joker with this id, scoring 50.
pub fn joker(id: u16) -> Card {
    Card {
        id: CardId(id),
        face: Face::Joker,
        value: 50,
    }
}
