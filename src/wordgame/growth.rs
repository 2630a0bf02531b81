//! How a table word grows. The kinds, from the plainest:
//! - **ends**: letters added at the front and/or back (RAT → BRATS);
//! - **inserted**: letters added anywhere, the word's own letters keeping
//!   their order (FIEND → FRIEND);
//! - **rearranged**: the word's letters in another order, with new ones
//!   (RATE → GREAT... with letters added);
//! - **combined**: two or more table words and cards from hand make one.
//!
//! Each game says which kinds it allows ([`Growing`]); [`grow`] and
//! [`combine`] classify a proposed new word and say where each old card goes.
//! A table card keeps its letters together: a QU card is never split.

use crate::card::Letter;
use crate::word::{letters, upper};

/// The kinds of growth a game allows. Letters at the ends are always
/// allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Growing {
    pub insert: bool,
    pub rearrange: bool,
    pub combine: bool,
}

impl Growing {
    /// Letters at the front and back only (Wrummy 3-4-5).
    pub const ENDS: Growing = Growing {
        insert: false,
        rearrange: false,
        combine: false,
    };
    /// Letters anywhere, in order (AlphaRummy 500).
    pub const INSERT: Growing = Growing {
        insert: true,
        rearrange: false,
        combine: false,
    };
    /// Every kind (Play On Words Rummy).
    pub const ANY: Growing = Growing {
        insert: true,
        rearrange: true,
        combine: true,
    };
}

/// The kind of a growth, from the plainest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum GrowthKind {
    Ends,
    Inserted,
    Rearranged,
    /// Words combined; `rearranged` when some word's letters changed order.
    Combined {
        rearranged: bool,
    },
}

/// Where a card of the grown word comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slot {
    /// Card `card` of old word `word` (0 for a single word's growth).
    Old { word: usize, card: usize },
    /// Letters `from..from + len` of the new word, to come from hand.
    New { from: usize, len: usize },
}

/// A classified growth: its kind and where the new word's letters come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Growth {
    pub kind: GrowthKind,
    /// The new word's letters.
    pub word: Vec<Letter>,
    /// In the new word's order: old cards in place, and the runs of new
    /// letters between them.
    pub slots: Vec<Slot>,
}

impl Growth {
    /// The letters to come from hand, run by run in word order.
    pub fn runs(&self) -> Vec<Vec<Letter>> {
        self.slots
            .iter()
            .filter_map(|s| match *s {
                Slot::New { from, len } => Some(self.word[from..from + len].to_vec()),
                Slot::Old { .. } => None,
            })
            .collect()
    }

    /// The letters to come from hand, in word order.
    pub fn added(&self) -> Vec<Letter> {
        self.runs().concat()
    }

    /// Whether any new letter goes inside the old word (not only at its
    /// ends).
    pub fn into_body(&self) -> bool {
        let first = self
            .slots
            .iter()
            .position(|s| matches!(s, Slot::Old { .. }));
        let last = self
            .slots
            .iter()
            .rposition(|s| matches!(s, Slot::Old { .. }));
        match (first, last) {
            (Some(a), Some(b)) => self.slots[a..b]
                .iter()
                .any(|s| matches!(s, Slot::New { .. })),
            _ => false,
        }
    }

    /// Builds the grown word's cards: `old[word][card]` for old cards and
    /// `new` (cards from hand in word order, each covering its own letters)
    /// for the runs. `None` if `new` does not fit the runs.
    pub fn assemble<T: Copy>(
        &self,
        old: &[&[T]],
        new: &[T],
        width: impl Fn(&T) -> usize,
    ) -> Option<Vec<T>> {
        let mut out = Vec::new();
        let mut hand = new.iter();
        for slot in &self.slots {
            match *slot {
                Slot::Old { word, card } => out.push(*old.get(word)?.get(card)?),
                Slot::New { len, .. } => {
                    let mut covered = 0;
                    while covered < len {
                        let c = hand.next()?;
                        covered += width(c);
                        out.push(*c);
                    }
                    if covered != len {
                        return None;
                    }
                }
            }
        }
        hand.next().is_none().then_some(out)
    }
}

/// Why a table word cannot grow into a proposed word.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GrowError {
    #[error("\"{0}\" is not a word of letters a to z.")]
    NotLetters(String),
    #[error("{new} must be longer than {old} to extend it.")]
    NotLonger { old: String, new: String },
    #[error("Letters go only on the front or back of {old}, never in the middle: {new} splits it.")]
    Middle { old: String, new: String },
    #[error(
        "{new} changes the order of {old}'s letters: add letters, but keep the word's own in order."
    )]
    Order { old: String, new: String },
    #[error("{new} does not hold {old} whole, so it is not an extension of it.")]
    NotContained { old: String, new: String },
    #[error("{new} does not hold all of {old} and a card from your hand.")]
    NotCombined { old: String, new: String },
}

/// The most ways of placing the old cards in a new word that
/// [`grow_ways`] and [`combine_ways`] give of each kind.
pub const MAX_WAYS: usize = 16;

/// Classifies growing the table word whose cards stand for `old` (each
/// card's letters) into `new`, as `allowed` permits: the plainest kind that
/// fits. The old word stays whole in the new one. This is the first of
/// [`grow_ways`].
pub fn grow(old: &[Vec<Letter>], new: &str, allowed: Growing) -> Result<Growth, GrowError> {
    first(grow_ways(old, new, allowed)?, new)
}

/// Every way the table word whose cards stand for `old` grows into `new`,
/// as `allowed` permits, the plainest first: the old word whole with
/// letters at its ends, then its cards in order with letters between them,
/// then (if rearranging is allowed) its cards in another order; within a
/// kind, the old cards as far left as they go first. A word can hold the
/// old cards in more than one place (ATE in ASTUTE: A, T, E or A, the
/// second T, E), and the places decide which letters from hand stand side by
/// side, which matters to a two-letter card (ST goes into A-STU-TE only).
pub fn grow_ways(
    old: &[Vec<Letter>],
    new: &str,
    allowed: Growing,
) -> Result<Vec<Growth>, GrowError> {
    let word = letters(new).map_err(|_| GrowError::NotLetters(new.trim().to_string()))?;
    let old_word: Vec<Letter> = old.concat();
    let (o, n) = (upper(&old_word), upper(&word));
    if old_word.is_empty() {
        return Err(GrowError::NotLetters(o));
    }
    if word.len() <= old_word.len() {
        return Err(GrowError::NotLonger { old: o, new: n });
    }
    // The old word whole, wherever it stands in the new one.
    let mut out: Vec<Growth> = (0..=word.len() - old_word.len())
        .filter(|&at| word[at..at + old_word.len()] == old_word[..])
        .take(MAX_WAYS)
        .map(|at| {
            let mut starts = Vec::new();
            let mut p = at;
            for card in old {
                starts.push(p);
                p += card.len();
            }
            growth(GrowthKind::Ends, word.clone(), &[old], &[starts])
        })
        .collect();
    let inside: Vec<Vec<Vec<usize>>> = places(&[old], &word, true)
        .into_iter()
        .filter(|at| !whole(&[old], at))
        .collect();
    if out.is_empty() && !inside.is_empty() && !allowed.insert {
        return Err(GrowError::Middle { old: o, new: n });
    }
    if allowed.insert {
        out.extend(
            inside
                .iter()
                .map(|at| growth(GrowthKind::Inserted, word.clone(), &[old], at)),
        );
    }
    if allowed.rearrange {
        out.extend(
            places(&[old], &word, false)
                .into_iter()
                .filter(|at| !in_order(at))
                .map(|at| growth(GrowthKind::Rearranged, word.clone(), &[old], &at)),
        );
    }
    if !out.is_empty() {
        return Ok(out);
    }
    if allowed.insert && !places(&[old], &word, false).is_empty() {
        return Err(GrowError::Order { old: o, new: n });
    }
    Err(GrowError::NotContained { old: o, new: n })
}

/// Classifies combining two or more table words (each as its cards'
/// letters) with at least one card from hand into `new`: the first of
/// [`combine_ways`].
pub fn combine(olds: &[&[Vec<Letter>]], new: &str, allowed: Growing) -> Result<Growth, GrowError> {
    first(combine_ways(olds, new, allowed)?, new)
}

/// Every way two or more table words (each as its cards' letters) combine
/// with at least one card from hand into `new`: each word's cards in order
/// first, then (if rearranging is allowed) in another order.
pub fn combine_ways(
    olds: &[&[Vec<Letter>]],
    new: &str,
    allowed: Growing,
) -> Result<Vec<Growth>, GrowError> {
    let word = letters(new).map_err(|_| GrowError::NotLetters(new.trim().to_string()))?;
    let names: Vec<String> = olds.iter().map(|w| upper(&w.concat())).collect();
    let refuse = || GrowError::NotCombined {
        old: names.join(" and "),
        new: upper(&word),
    };
    let total: usize = olds.iter().map(|w| w.concat().len()).sum();
    if !allowed.combine || olds.len() < 2 || word.len() <= total {
        return Err(refuse());
    }
    let mut out: Vec<Growth> = places(olds, &word, true)
        .iter()
        .map(|at| {
            growth(
                GrowthKind::Combined { rearranged: false },
                word.clone(),
                olds,
                at,
            )
        })
        .collect();
    if allowed.rearrange {
        out.extend(
            places(olds, &word, false)
                .into_iter()
                .filter(|at| !in_order(at))
                .map(|at| {
                    growth(
                        GrowthKind::Combined { rearranged: true },
                        word.clone(),
                        olds,
                        &at,
                    )
                }),
        );
    }
    if out.is_empty() {
        return Err(refuse());
    }
    Ok(out)
}

/// The first of a list of ways that is never empty.
fn first(ways: Vec<Growth>, new: &str) -> Result<Growth, GrowError> {
    ways.into_iter()
        .next()
        .ok_or_else(|| GrowError::NotLetters(new.trim().to_string()))
}

/// Whether each word's cards stand in order in a placing.
fn in_order(at: &[Vec<usize>]) -> bool {
    at.iter().all(|w| w.windows(2).all(|p| p[0] < p[1]))
}

/// Whether a placing of one word keeps it whole: each card right after the
/// one before.
fn whole(olds: &[&[Vec<Letter>]], at: &[Vec<usize>]) -> bool {
    olds.iter().zip(at).all(|(cards, starts)| {
        starts
            .windows(2)
            .zip(cards.iter())
            .all(|(p, card)| p[1] == p[0] + card.len())
    })
}

/// The slots of a growth from where each old card starts in the new word.
fn growth(
    kind: GrowthKind,
    word: Vec<Letter>,
    olds: &[&[Vec<Letter>]],
    at: &[Vec<usize>],
) -> Growth {
    let mut owner: Vec<Option<(usize, usize)>> = vec![None; word.len()];
    let mut covered = vec![false; word.len()];
    for (w, starts) in at.iter().enumerate() {
        for (c, &p) in starts.iter().enumerate() {
            owner[p] = Some((w, c));
            for k in 0..olds[w][c].len() {
                covered[p + k] = true;
            }
        }
    }
    let mut slots = Vec::new();
    let mut p = 0;
    while p < word.len() {
        if let Some((word_i, card)) = owner[p] {
            slots.push(Slot::Old { word: word_i, card });
            p += olds[word_i][card].len();
        } else {
            let from = p;
            while p < word.len() && !covered[p] {
                p += 1;
            }
            slots.push(Slot::New {
                from,
                len: p - from,
            });
        }
    }
    Growth { kind, word, slots }
}

/// Every placing (up to [`MAX_WAYS`]) of every card of every old word in
/// `word` without overlap, each card on letters that match its own,
/// leaving at least one letter free; in `ordered` placing, each word's
/// cards keep their order. Each placing is the start of each card, word by
/// word; the leftmost places come first, and equal cards of a word are
/// never swapped (they are alike).
fn places(olds: &[&[Vec<Letter>]], word: &[Letter], ordered: bool) -> Vec<Vec<Vec<usize>>> {
    let cards: Vec<(usize, usize)> = olds
        .iter()
        .enumerate()
        .flat_map(|(w, cs)| (0..cs.len()).map(move |c| (w, c)))
        .collect();
    let mut search = Placing {
        olds,
        word,
        ordered,
        cards: &cards,
        used: vec![false; word.len()],
        at: olds.iter().map(|w| vec![0; w.len()]).collect(),
        found: Vec::new(),
    };
    search.fit(0);
    search.found
}

/// One search for placings of old cards in a word.
struct Placing<'a> {
    olds: &'a [&'a [Vec<Letter>]],
    word: &'a [Letter],
    ordered: bool,
    cards: &'a [(usize, usize)],
    used: Vec<bool>,
    at: Vec<Vec<usize>>,
    found: Vec<Vec<Vec<usize>>>,
}

impl Placing<'_> {
    fn fit(&mut self, k: usize) {
        if self.found.len() >= MAX_WAYS {
            return;
        }
        let Some(&(w, c)) = self.cards.get(k) else {
            if self.used.iter().any(|&u| !u) {
                self.found.push(self.at.clone());
            }
            return;
        };
        let olds = self.olds;
        let unit = &olds[w][c];
        // In order: after the word's previous card. Out of order: after an
        // equal earlier card of the same word (equal cards are alike).
        let start = if c == 0 {
            0
        } else if self.ordered {
            self.at[w][c - 1] + olds[w][c - 1].len()
        } else if olds[w][..c].contains(unit) {
            let prev = olds[w][..c].iter().rposition(|u| u == unit).unwrap_or(0);
            self.at[w][prev] + 1
        } else {
            0
        };
        for p in start..self.word.len() {
            let end = p + unit.len();
            if end > self.word.len()
                || self.used[p..end].iter().any(|&u| u)
                || self.word[p..end] != unit[..]
            {
                continue;
            }
            self.used[p..end].iter_mut().for_each(|u| *u = true);
            self.at[w][c] = p;
            self.fit(k + 1);
            self.used[p..end].iter_mut().for_each(|u| *u = false);
            if self.found.len() >= MAX_WAYS {
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards(word: &str) -> Vec<Vec<Letter>> {
        // "qu|i|t": cards split by bars; otherwise one letter a card.
        if word.contains('|') {
            word.split('|').map(|c| letters(c).unwrap()).collect()
        } else {
            letters(word)
                .unwrap()
                .into_iter()
                .map(|l| vec![l])
                .collect()
        }
    }

    fn runs(g: &Growth) -> Vec<String> {
        g.runs().iter().map(|r| upper(r)).collect()
    }

    #[test]
    fn letters_at_the_ends_are_the_plainest_growth() {
        let g = grow(&cards("rat"), "BRATS", Growing::ENDS).unwrap();
        assert_eq!(g.kind, GrowthKind::Ends);
        assert_eq!(runs(&g), vec!["B", "S"]);
        assert!(!g.into_body());
        let g = grow(&cards("star"), "starts", Growing::ANY).unwrap();
        assert_eq!(g.kind, GrowthKind::Ends, "the plainest kind that fits");
        assert_eq!(runs(&g), vec!["TS"]);
    }

    #[test]
    fn letters_inside_keep_the_word_in_order() {
        assert_eq!(
            grow(&cards("star"), "stair", Growing::ENDS)
                .unwrap_err()
                .to_string(),
            "Letters go only on the front or back of STAR, never in the middle: STAIR splits it."
        );
        let g = grow(&cards("fiend"), "FRIEND", Growing::INSERT).unwrap();
        assert_eq!(g.kind, GrowthKind::Inserted);
        assert_eq!(runs(&g), vec!["R"]);
        assert!(g.into_body());
        let g = grow(&cards("friend"), "FRIENDS", Growing::INSERT).unwrap();
        assert_eq!(g.kind, GrowthKind::Ends);
        assert_eq!(
            grow(&cards("rate"), "GREAT", Growing::INSERT)
                .unwrap_err()
                .to_string(),
            "GREAT changes the order of RATE's letters: add letters, but keep the word's own in order."
        );
    }

    #[test]
    fn rearranging_is_its_own_kind() {
        let g = grow(&cards("rate"), "GREAT", Growing::ANY).unwrap();
        assert_eq!(g.kind, GrowthKind::Rearranged);
        assert_eq!(runs(&g), vec!["G"]);
        assert!(matches!(
            grow(&cards("rate"), "GREAT", Growing::ENDS),
            Err(GrowError::NotContained { .. })
        ));
        assert!(matches!(
            grow(&cards("star"), "storms", Growing::ANY),
            Err(GrowError::NotContained { .. })
        ));
        assert!(matches!(
            grow(&cards("star"), "rats", Growing::ANY),
            Err(GrowError::NotLonger { .. })
        ));
    }

    #[test]
    fn a_two_letter_card_is_never_split() {
        // QU|I|T grown into QUIET: the QU card stays whole.
        let g = grow(&cards("qu|i|t"), "QUIET", Growing::INSERT).unwrap();
        assert_eq!(g.kind, GrowthKind::Inserted);
        assert_eq!(runs(&g), vec!["E"]);
        // Q and U apart: the QU card cannot stand in QXUIT.
        assert!(grow(&cards("qu|i|t"), "QXUIT", Growing::ANY).is_err());
        // The slots put three old cards and one new letter in place.
        let old: Vec<char> = vec!['Q', 'I', 'T'];
        let built = g.assemble(&[&old], &['E'], |_| 1).unwrap();
        assert_eq!(built, vec!['Q', 'I', 'E', 'T']);
    }

    #[test]
    fn a_word_that_fits_in_more_than_one_place_gives_each_place() {
        // ATE in ASTUTE: A, T, E (S and UT added) or A, the second T, E
        // (STU added, where an ST card fits).
        let ways = grow_ways(&cards("ate"), "ASTUTE", Growing::ANY).unwrap();
        let each: Vec<Vec<String>> = ways.iter().map(runs).collect();
        assert_eq!(each, vec![vec!["S", "UT"], vec!["STU"]]);
        assert!(ways.iter().all(|g| g.kind == GrowthKind::Inserted));
        assert_eq!(
            grow(&cards("ate"), "ASTUTE", Growing::ANY),
            Ok(ways[0].clone())
        );
        // The plainest kind first: the word whole before its letters apart.
        let ways = grow_ways(&cards("tar"), "TARTAR", Growing::ANY).unwrap();
        assert_eq!(ways[0].kind, GrowthKind::Ends);
        assert!(ways.iter().any(|g| g.kind == GrowthKind::Inserted));
        let kinds: Vec<GrowthKind> = ways.iter().map(|g| g.kind).collect();
        let mut sorted = kinds.clone();
        sorted.sort();
        assert_eq!(kinds, sorted, "plainest first");
        // Combined words: each word in order first.
        let (boom, rang) = (cards("boom"), cards("rang"));
        let ways = combine_ways(&[&boom, &rang], "BOOMERANG", Growing::ANY).unwrap();
        assert_eq!(ways[0].kind, GrowthKind::Combined { rearranged: false });
        assert_eq!(
            combine(&[&boom, &rang], "BOOMERANG", Growing::ANY),
            Ok(ways[0].clone())
        );
    }

    #[test]
    fn words_combine_with_a_card_from_hand() {
        let (bat, he) = (cards("bat"), cards("he"));
        let g = combine(&[&bat, &he], "BATHE", Growing::ANY);
        assert!(g.is_err(), "no card from hand");
        let g = combine(&[&bat, &he], "BATHER", Growing::ANY).unwrap();
        assert_eq!(g.kind, GrowthKind::Combined { rearranged: false });
        assert_eq!(runs(&g), vec!["R"]);
        let (rat, ten) = (cards("rat"), cards("ten"));
        let g = combine(&[&rat, &ten], "ANTLERS", Growing::ANY);
        assert!(g.is_err(), "ANTLERS has one T; RAT and TEN need two");
        let g = combine(&[&rat, &ten], "NATTERS", Growing::ANY).unwrap();
        assert_eq!(g.kind, GrowthKind::Combined { rearranged: true });
        assert!(combine(&[&rat, &ten], "NATTERS", Growing::INSERT).is_err());
    }
}
