//! The anagram index the bots search. Every word is filed under its alphagram
//! (its letters sorted), and the alphagrams form an FST, unpacked on first use
//! into a trie of flat arrays (`trie.rs`). A rack is searched by walking that
//! trie in letter order, so each multiset of letters is visited once, however
//! many orders it can be spelled in.

use super::Dictionary;
use super::index::MAX_GROWTH;
use super::sets::{count, each_bit};
use super::trie::Search;

/// A multiset of letters plus some wilds (blank letters).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Rack {
    counts: [u8; 26],
    wilds: u8,
}

impl Rack {
    pub fn new() -> Rack {
        Rack::default()
    }

    /// Letters as text, either case; `?` is a wild. `None` for anything else.
    pub fn from_letters(letters: &str) -> Option<Rack> {
        let mut rack = Rack::new();
        for c in letters.chars() {
            if c == '?' {
                rack.wilds = rack.wilds.checked_add(1)?;
            } else if c.is_ascii_alphabetic() {
                rack.add(c)?;
            } else {
                return None;
            }
        }
        Some(rack)
    }

    /// Adds one letter; `None` if it is not a letter a-z.
    pub fn add(&mut self, letter: char) -> Option<()> {
        let i = (letter.to_ascii_lowercase() as usize).checked_sub('a' as usize)?;
        let slot = self
            .counts
            .get_mut(i)
            .filter(|_| letter.is_ascii_alphabetic())?;
        *slot = slot.checked_add(1)?;
        Some(())
    }

    pub fn with_wilds(mut self, wilds: u8) -> Rack {
        self.wilds = wilds;
        self
    }

    pub fn wilds(&self) -> u8 {
        self.wilds
    }

    pub fn count(&self, letter: char) -> u8 {
        let i = (letter.to_ascii_lowercase() as usize).wrapping_sub('a' as usize);
        self.counts.get(i).copied().unwrap_or(0)
    }

    /// Letters and wilds together.
    pub fn len(&self) -> usize {
        self.counts.iter().map(|&c| c as usize).sum::<usize>() + self.wilds as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether `word` (lower case) can be spelled from this rack.
    pub fn spells(&self, word: &str) -> bool {
        self.spells_bytes(word.as_bytes())
    }

    fn spells_bytes(&self, word: &[u8]) -> bool {
        let mut counts = self.counts;
        let mut wilds = self.wilds;
        for &b in word {
            let Some(slot) = b.checked_sub(b'a').and_then(|i| counts.get_mut(i as usize)) else {
                return false;
            };
            if *slot > 0 {
                *slot -= 1;
            } else if wilds > 0 {
                wilds -= 1;
            } else {
                return false;
            }
        }
        true
    }
}

/// The rack size from which a rack with wilds gives its sub-anagrams in
/// alphabetical order (they were once found by a pass over the list, in that
/// order, and callers keep it) rather than in alphagram order.
pub const SCAN_FROM: usize = 11;

/// How a play-on may add letters to a word already on the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Extension {
    /// Only before and after it: the old word stands whole inside the new one.
    Ends,
    /// Anywhere, keeping the old word's letters in their order.
    Inserts,
}

/// Whether `inner` stands in `outer` in order, gaps allowed.
pub fn is_subsequence(inner: &str, outer: &str) -> bool {
    let mut it = outer.bytes();
    inner.bytes().all(|b| it.any(|o| o == b))
}

impl Dictionary {
    /// Walks the anagram index for the words `rack` spells that hold every
    /// letter of `need` and add 1 to `max_added` letters, of `min_len` letters
    /// or more; calls `f` with each, in alphagram order.
    fn walk<'a>(
        &'a self,
        rack: &Rack,
        need: [u8; 26],
        max_added: u32,
        min_len: usize,
        mut f: impl FnMut(&'a str),
    ) {
        let index = self.index();
        let mut counts = rack.counts;
        for (c, n) in counts.iter_mut().zip(need) {
            *c = c.saturating_add(n);
        }
        let search = Search {
            counts,
            wilds: rack.wilds,
            need,
            max_added,
            min_len,
        };
        index.trie.search(&search, |node| {
            for &w in index.trie.words_at(node) {
                f(index.list.word(w as usize));
            }
        });
    }

    /// The words (as bits, in alphabetical order) that `rack` spells and that
    /// hold every letter of `need`: read from the letter-count sets.
    fn spelled(&self, rack: &Rack, need: [u8; 26]) -> Vec<u64> {
        let mut counts = rack.counts;
        for (c, n) in counts.iter_mut().zip(need) {
            *c = c.saturating_add(n);
        }
        self.index().list.spelled(&counts, rack.wilds, &need)
    }

    /// Calls `f` with each word of `found` of at least `min_len` letters.
    fn each_found<'a>(&'a self, found: &[u64], min_len: usize, mut f: impl FnMut(&'a str)) {
        let list = &self.index().list;
        each_bit(found, |r| {
            let w = list.word(r);
            if w.len() >= min_len {
                f(w);
            }
        });
    }

    /// Calls `f` with every legal word that can be spelled from `rack`, wilds
    /// standing for any letter: in alphagram order (anagrams in alphabetical
    /// order), except that racks of [`SCAN_FROM`] or more with wilds give
    /// their words in alphabetical order.
    pub fn for_each_sub_anagram<'a>(&'a self, rack: &Rack, f: impl FnMut(&'a str)) {
        self.for_each_sub_anagram_min(rack, 1, f);
    }

    /// [`Dictionary::for_each_sub_anagram`] for the words of at least
    /// `min_len` letters, in the same order.
    pub fn for_each_sub_anagram_min<'a>(
        &'a self,
        rack: &Rack,
        min_len: usize,
        f: impl FnMut(&'a str),
    ) {
        if rack.wilds == 0 || rack.len() < SCAN_FROM {
            self.walk(rack, [0; 26], u32::MAX, min_len, f);
        } else {
            self.each_found(&self.spelled(rack, [0; 26]), min_len, f);
        }
    }

    /// Every legal word that can be spelled from `rack`, wilds standing for any
    /// letter.
    pub fn sub_anagrams(&self, rack: &Rack) -> Vec<&str> {
        self.sub_anagrams_min(rack, 1)
    }

    /// The sub-anagrams of `rack` of at least `min_len` letters, in the order
    /// of [`Dictionary::for_each_sub_anagram`].
    pub fn sub_anagrams_min(&self, rack: &Rack, min_len: usize) -> Vec<&str> {
        if rack.wilds == 0 || rack.len() < SCAN_FROM {
            let mut out = Vec::new();
            self.walk(rack, [0; 26], u32::MAX, min_len, |w| out.push(w));
            return out;
        }
        let found = self.spelled(rack, [0; 26]);
        let mut out = Vec::with_capacity(count(&found));
        self.each_found(&found, min_len, |w| out.push(w));
        out
    }

    /// Every legal word made of all the letters of `base` plus at least one
    /// from `rack` (wilds standing for any letter), in any order.
    pub fn play_ons(&self, base: &str, rack: &Rack) -> Vec<&str> {
        self.play_ons_up_to(base, rack, u32::MAX)
    }

    /// The play-ons of `base` that add at most `max_added` letters.
    pub fn play_ons_up_to(&self, base: &str, rack: &Rack, max_added: u32) -> Vec<&str> {
        let Some(need) = Rack::from_letters(base).filter(|r| r.wilds == 0) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        self.walk(rack, need.counts, max_added, 1, |w| out.push(w));
        out
    }

    /// The words that combine two of `words` (each a table word, lower
    /// case) with 1 or more letters of `rack` (wilds standing for any
    /// letter), every letter of both words used, in any order, of at most
    /// `max_len` letters: each as the two words' places in `words` and the
    /// new word, pair by pair (in the order of `words`), in alphagram order
    /// within a pair. Most pairs make no word with any rack: they are found
    /// in the letter-count sets and skipped, and only the others are walked
    /// in the anagram index.
    pub fn combinations<'a>(
        &'a self,
        words: &[&str],
        rack: &Rack,
        max_len: usize,
    ) -> Vec<(usize, usize, &'a str)> {
        let list = &self.index().list;
        // Each word's letters, and the words holding them.
        let letters: Vec<Option<[u8; 26]>> = words
            .iter()
            .map(|w| {
                Rack::from_letters(w)
                    .filter(|r| r.wilds == 0)
                    .map(|r| r.counts)
            })
            .collect();
        let holding: Vec<Vec<u64>> = letters
            .iter()
            .map(|l| l.map_or_else(Vec::new, |l| list.holding(&l)))
            .collect();
        let mut out = Vec::new();
        for (i, a) in words.iter().enumerate() {
            for (j, b) in words.iter().enumerate().skip(i + 1) {
                let base = a.len() + b.len();
                if base >= max_len {
                    continue;
                }
                let (Some(la), Some(lb)) = (letters[i], letters[j]) else {
                    continue;
                };
                let mut need = la;
                for (n, l) in need.iter_mut().zip(lb) {
                    *n = n.saturating_add(l);
                }
                let room = (max_len - base).min(rack.len());
                // A word of the right length holding both words' letters is
                // looked for first among the words holding each; the walk
                // finds nothing without one.
                let len = base + 1..=base + room;
                if !list.any_in_both(&holding[i], &holding[j], len, &need) {
                    continue;
                }
                self.walk(rack, need, room as u32, 1, |w| out.push((i, j, w)));
            }
        }
        out
    }

    /// The words that insert 1 or more letters of `rack` (wilds standing for
    /// any letter) anywhere into `base`, keeping its letters in order (FIEND
    /// and R make FRIEND): the words of [`Dictionary::extensions`] with
    /// [`Extension::Inserts`], in alphabetical order. Read from the
    /// letter-count sets, whose cost hardly grows with the rack and its wilds.
    pub fn insertions(&self, base: &str, rack: &Rack) -> Vec<&str> {
        let base = base.to_ascii_lowercase();
        let Some(need) = Rack::from_letters(&base).filter(|r| r.wilds == 0) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        let found = self.spelled(rack, need.counts);
        self.each_found(&found, base.len() + 1, |w| {
            if is_subsequence(&base, w) {
                out.push(w);
            }
        });
        out
    }

    /// The play-ons of `base` that keep it whole ([`Extension::Ends`]) or keep
    /// its letters in order ([`Extension::Inserts`]).
    pub fn extensions(&self, base: &str, rack: &Rack, how: Extension) -> Vec<&str> {
        self.extensions_up_to(base, rack, how, u32::MAX)
    }

    /// [`Dictionary::extensions`] adding at most `max_added` letters: a much
    /// narrower search when the rack holds wilds.
    pub fn extensions_up_to(
        &self,
        base: &str,
        rack: &Rack,
        how: Extension,
        max_added: u32,
    ) -> Vec<&str> {
        let base = base.to_ascii_lowercase();
        if how == Extension::Ends
            && max_added as usize <= MAX_GROWTH
            && base.len() >= 2
            && self.contains(&base)
        {
            return self.grown(&base, rack, max_added as usize);
        }
        let mut out = self.play_ons_up_to(&base, rack, max_added);
        out.retain(|w| match how {
            Extension::Ends => w.contains(base.as_str()),
            Extension::Inserts => is_subsequence(&base, w),
        });
        out
    }
}

impl Dictionary {
    /// The words holding `base` (a legal word of 2 or more letters) whole,
    /// with 1 to `max_added` letters at its ends that `rack` spells: read
    /// from the index of grown words built with the list, so the cost is the
    /// number of such words whatever the rack, wilds and all.
    fn grown(&self, base: &str, rack: &Rack, max_added: usize) -> Vec<&str> {
        let Some(v) = self.grows.get(base) else {
            return Vec::new();
        };
        let (start, count) = ((v >> 32) as usize, (v & 0xFFFF_FFFF) as usize);
        let edges = self
            .grow_edges
            .get(start * 4..(start + count) * 4)
            .unwrap_or_default();
        let mut out = Vec::new();
        for e in edges.chunks_exact(4) {
            let at = u32::from_le_bytes([e[0], e[1], e[2], e[3]]) as usize;
            let rest = self.groups.get(at..).unwrap_or_default();
            let word = &rest[..rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len())];
            let added = word.len().saturating_sub(base.len());
            if added == 0 || added > max_added {
                continue;
            }
            let Some(pos) = word.windows(base.len()).position(|w| w == base.as_bytes()) else {
                continue;
            };
            let mut extra = [0u8; MAX_GROWTH];
            extra[..pos].copy_from_slice(&word[..pos]);
            extra[pos..added].copy_from_slice(&word[pos + base.len()..]);
            if rack.spells_bytes(&extra[..added]) {
                // invariant: groups hold only the a-z words the index was built from
                if let Ok(w) = std::str::from_utf8(word) {
                    out.push(w);
                }
            }
        }
        out
    }
}

/// The plain scan the index is checked and measured against: every word of
/// `words` that `rack` spells.
pub fn scan_sub_anagrams<'a>(words: &'a [String], rack: &Rack) -> Vec<&'a str> {
    words
        .iter()
        .map(String::as_str)
        .filter(|w| rack.spells(w))
        .collect()
}

/// The plain scan for play-ons: words longer than `base` whose letters are
/// `base`'s plus some the rack spells.
pub fn scan_play_ons<'a>(words: &'a [String], base: &str, rack: &Rack) -> Vec<&'a str> {
    let Some(need) = Rack::from_letters(base) else {
        return Vec::new();
    };
    words
        .iter()
        .map(String::as_str)
        .filter(|w| w.len() > base.len())
        .filter(|w| {
            let mut left = need;
            let mut extra = String::new();
            for c in w.chars() {
                let i = c as usize - 'a' as usize;
                if left.counts[i] > 0 {
                    left.counts[i] -= 1;
                } else {
                    extra.push(c);
                }
            }
            left.counts.iter().all(|&n| n == 0) && rack.spells(&extra)
        })
        .collect()
}

/// The plain scan for combinations: one pass over `list`, each word of at
/// most `max_len` letters tried against every pair of `words` it is longer
/// than; in the order of [`Dictionary::combinations`] (pair by pair, as
/// `words` gives them), alphabetical within a pair.
pub fn scan_combinations<'a>(
    list: &'a [String],
    words: &[&str],
    rack: &Rack,
    max_len: usize,
) -> Vec<(usize, usize, &'a str)> {
    let mut pairs = Vec::new();
    for (i, a) in words.iter().enumerate() {
        for (j, b) in words.iter().enumerate().skip(i + 1) {
            if let Some(need) = Rack::from_letters(&format!("{a}{b}")).filter(|r| r.wilds == 0) {
                pairs.push((i, j, a.len() + b.len(), need.counts));
            }
        }
    }
    let mut out = Vec::new();
    for w in list
        .iter()
        .map(String::as_str)
        .filter(|w| w.len() <= max_len)
    {
        let Some(have) = Rack::from_letters(w) else {
            continue;
        };
        for &(i, j, base, need) in &pairs {
            if w.len() <= base {
                continue;
            }
            let mut wilds = 0usize;
            let fits = (0..26).all(|c| {
                let extra = have.counts[c].checked_sub(need[c]);
                if let Some(extra) = extra {
                    wilds += extra.saturating_sub(rack.counts[c]) as usize;
                }
                extra.is_some()
            });
            if fits && wilds <= rack.wilds as usize {
                out.push((i, j, w));
            }
        }
    }
    // Stable: alphabetical within each pair.
    out.sort_by_key(|&(i, j, _)| (i, j));
    out
}

/// The plain scan for extensions: words longer than `base` that hold it as
/// `how` says (whole, or its letters in order) and whose other letters the
/// rack spells.
pub fn scan_extensions<'a>(
    words: &'a [String],
    base: &str,
    rack: &Rack,
    how: Extension,
) -> Vec<&'a str> {
    let Some(need) = Rack::from_letters(base).filter(|r| r.wilds == 0) else {
        return Vec::new();
    };
    let base = base.to_ascii_lowercase();
    words
        .iter()
        .map(String::as_str)
        .filter(|w| w.len() > base.len())
        .filter(|w| match how {
            Extension::Ends => w.contains(base.as_str()),
            Extension::Inserts => is_subsequence(&base, w),
        })
        .filter(|w| {
            let mut rest = *rack;
            let mut left = need.counts;
            w.bytes().all(|b| {
                let i = (b - b'a') as usize;
                if left[i] > 0 {
                    left[i] -= 1;
                    true
                } else if rest.counts[i] > 0 {
                    rest.counts[i] -= 1;
                    true
                } else if rest.wilds > 0 {
                    rest.wilds -= 1;
                    true
                } else {
                    false
                }
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::GameRng;

    fn sorted(mut v: Vec<&str>) -> Vec<&str> {
        v.sort_unstable();
        v
    }

    #[test]
    fn racks_read_letters_and_wilds() {
        let r = Rack::from_letters("Ab?b").unwrap();
        assert_eq!((r.count('b'), r.wilds(), r.len()), (2, 1, 4));
        assert!(Rack::from_letters("ab1").is_none());
        assert!(r.spells("bab"));
        assert!(r.spells("bob"));
        assert!(!r.spells("bobo"));
        assert!(!r.spells("B"), "upper case is not a rack word");
    }

    #[test]
    fn small_examples() {
        let d = Dictionary::shipped();
        let found = d.sub_anagrams(&Rack::from_letters("tca").unwrap());
        assert!(found.contains(&"cat") && found.contains(&"act") && found.contains(&"at"));
        assert!(!found.contains(&"cats"));
        let ons = d.play_ons("fiend", &Rack::from_letters("r").unwrap());
        assert!(ons.contains(&"friend"), "{ons:?}");
        assert!(ons.contains(&"finder"), "{ons:?}");
        let inserts = d.extensions(
            "fiend",
            &Rack::from_letters("r").unwrap(),
            Extension::Inserts,
        );
        assert_eq!(inserts, vec!["friend"]);
        let ends = d.extensions("cat", &Rack::from_letters("s").unwrap(), Extension::Ends);
        assert_eq!(sorted(ends), vec!["cats", "scat"]);
        let ends = d.extensions("cat", &Rack::from_letters("?").unwrap(), Extension::Ends);
        assert!(ends.contains(&"scat") && ends.contains(&"cats") && !ends.contains(&"act"));
        assert!(is_subsequence("fend", "friend"));
        assert!(!is_subsequence("fiend", "finder"));
    }

    fn random_rack(rng: &mut GameRng, letters: usize, wilds: u8) -> Rack {
        let mut rack = Rack::new().with_wilds(wilds);
        for _ in 0..letters {
            let i = rng.below(BAG.len() as u64) as usize;
            rack.add(BAG.as_bytes()[i] as char);
        }
        rack
    }

    #[test]
    fn sub_anagrams_match_the_plain_scan_on_random_racks() {
        let d = Dictionary::shipped();
        let words = d.words();
        let mut rng = GameRng::new(2024, 1);
        for round in 0..60 {
            let letters = 2 + round % 12;
            let wilds = (round % 3) as u8;
            let rack = random_rack(&mut rng, letters, wilds);
            let indexed = sorted(d.sub_anagrams(&rack));
            let scanned = scan_sub_anagrams(&words, &rack);
            assert_eq!(indexed, scanned, "rack {rack:?}");
        }
    }

    /// Letters drawn with English-like frequencies, so racks spell words.
    const BAG: &str = "aaaaaaaaabbccddddeeeeeeeeeeeeffggghhiiiiiiiiijkllllmmnnnnnnooooooooppqrrrrrrssssttttttuuuuvvwwxyyz";

    fn shipped_words() -> &'static [String] {
        static WORDS: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
        WORDS.get_or_init(|| Dictionary::shipped().words())
    }

    /// Whether `found` comes in the order the sub-anagram search promises:
    /// alphabetical for racks of [`SCAN_FROM`] or more with wilds, otherwise
    /// by alphagram, anagrams alphabetically.
    fn in_promised_order(rack: &Rack, found: &[&str]) -> bool {
        let alphabetical = rack.wilds() > 0 && rack.len() >= SCAN_FROM;
        let key = |w: &str| {
            let mut k = w.as_bytes().to_vec();
            k.sort_unstable();
            (if alphabetical { Vec::new() } else { k }, w.to_string())
        };
        found.windows(2).all(|p| key(p[0]) < key(p[1]))
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig {
            cases: 96,
            ..proptest::prelude::ProptestConfig::default()
        })]

        #[test]
        fn the_index_finds_what_the_scan_finds(
            letters in proptest::collection::vec(proptest::sample::select(BAG.as_bytes().to_vec()), 3..=16),
            wilds in 0u8..=2,
            min_len in 1usize..=6,
        ) {
            let d = Dictionary::shipped();
            let shown: String = letters[wilds as usize..].iter().map(|&b| b as char).collect();
            let rack = Rack::from_letters(&shown).unwrap().with_wilds(wilds);
            let scanned = scan_sub_anagrams(shipped_words(), &rack);
            let found = d.sub_anagrams(&rack);
            proptest::prop_assert!(in_promised_order(&rack, &found), "rack {}", shown);
            proptest::prop_assert_eq!(sorted(found), scanned.clone());
            let long: Vec<&str> = scanned.into_iter().filter(|w| w.len() >= min_len).collect();
            let found = d.sub_anagrams_min(&rack, min_len);
            proptest::prop_assert!(in_promised_order(&rack, &found));
            proptest::prop_assert_eq!(sorted(found), long);
        }
    }

    #[test]
    fn play_ons_and_extensions_match_the_plain_scan() {
        let d = Dictionary::shipped();
        let words = d.words();
        let mut rng = GameRng::new(77, 2);
        let bases: Vec<&String> = words
            .iter()
            .filter(|w| (3..=6).contains(&w.len()))
            .collect();
        for round in 0..40 {
            let base = bases[rng.below(bases.len() as u64) as usize].as_str();
            let rack = random_rack(&mut rng, 1 + round % 5, (round % 3) as u8);
            let indexed = sorted(d.play_ons(base, &rack));
            let scanned = scan_play_ons(&words, base, &rack);
            assert_eq!(indexed, scanned, "base {base} rack {rack:?}");
            for how in [Extension::Ends, Extension::Inserts] {
                let ext = sorted(d.extensions(base, &rack, how));
                let want: Vec<&str> = scanned
                    .iter()
                    .copied()
                    .filter(|w| match how {
                        Extension::Ends => w.contains(base),
                        Extension::Inserts => is_subsequence(base, w),
                    })
                    .collect();
                assert_eq!(ext, want, "base {base} rack {rack:?} {how:?}");
            }
        }
    }

    #[test]
    fn combinations_match_the_plain_scan_and_a_walk_of_every_pair() {
        let d = Dictionary::shipped();
        let words = shipped_words();
        let mut rng = GameRng::new(80, 5);
        let common: Vec<&str> = words
            .iter()
            .map(String::as_str)
            .filter(|w| (2..=6).contains(&w.len()) && d.tier(w).is_some_and(|t| t <= 35))
            .collect();
        let mut found = 0;
        for round in 0..24 {
            let table: Vec<&str> = (0..8 + round % 4)
                .map(|_| common[rng.below(common.len() as u64) as usize])
                .collect();
            let rack = random_rack(&mut rng, 4 + round % 6, (round % 3) as u8);
            let max_len = [15, 12, 9][round % 3];
            let mut fast = d.combinations(&table, &rack, max_len);
            // The same words in the same order as a walk of every pair.
            let mut walked = Vec::new();
            for (i, a) in table.iter().enumerate() {
                for (j, b) in table.iter().enumerate().skip(i + 1) {
                    let base = a.len() + b.len();
                    if base < max_len {
                        let room = (max_len - base).min(rack.len()) as u32;
                        let found = d.play_ons_up_to(&format!("{a}{b}"), &rack, room);
                        walked.extend(found.into_iter().map(|w| (i, j, w)));
                    }
                }
            }
            assert_eq!(fast, walked, "table {table:?} rack {rack:?} max {max_len}");
            fast.sort_unstable();
            let mut scanned = scan_combinations(words, &table, &rack, max_len);
            scanned.sort_unstable();
            assert_eq!(fast, scanned, "table {table:?} rack {rack:?} max {max_len}");
            found += fast.len();
        }
        assert!(found > 150, "the search found words ({found})");
        let e = Rack::from_letters("e").unwrap();
        let boom = d.combinations(&["boom", "rang", "cat"], &e, 15);
        assert!(boom.contains(&(0, 1, "boomerang")), "{boom:?}");
        assert!(
            d.combinations(&["boom", "rang"], &e, 9)
                .contains(&(0, 1, "boomerang"))
        );
        assert!(d.combinations(&["boom", "rang"], &e, 8).is_empty());
        assert!(
            d.combinations(&["boom", "rang"], &Rack::new(), 15)
                .is_empty()
        );
    }

    #[test]
    fn insertions_match_the_plain_scan_and_the_walk() {
        let d = Dictionary::shipped();
        let words = shipped_words();
        let mut rng = GameRng::new(79, 4);
        let bases: Vec<&String> = words
            .iter()
            .filter(|w| (2..=7).contains(&w.len()))
            .collect();
        let mut found = 0;
        for round in 0..48 {
            let base = bases[rng.below(bases.len() as u64) as usize].as_str();
            let rack = random_rack(&mut rng, 1 + round % 16, (round % 3) as u8);
            let fast = d.insertions(base, &rack);
            assert!(fast.windows(2).all(|p| p[0] < p[1]), "alphabetical");
            let scanned = scan_extensions(words, base, &rack, Extension::Inserts);
            assert_eq!(fast, scanned, "base {base} rack {rack:?}");
            let walked = sorted(d.extensions(base, &rack, Extension::Inserts));
            assert_eq!(fast, walked, "base {base} rack {rack:?}");
            let ends = sorted(d.extensions(base, &rack, Extension::Ends));
            assert_eq!(ends, scan_extensions(words, base, &rack, Extension::Ends));
            found += fast.len();
        }
        assert!(found > 100, "the search found words ({found})");
        let r = Rack::from_letters("r").unwrap();
        assert_eq!(d.insertions("FIEND", &r), vec!["friend"]);
        assert!(d.insertions("fi3nd", &r).is_empty());
    }

    #[test]
    fn grown_words_match_the_walk_of_the_anagram_index() {
        let d = Dictionary::shipped();
        let words = d.words();
        let mut rng = GameRng::new(78, 3);
        let bases: Vec<&String> = words
            .iter()
            .filter(|w| (2..=8).contains(&w.len()))
            .collect();
        let mut found = 0;
        for round in 0..300 {
            let base = bases[rng.below(bases.len() as u64) as usize].as_str();
            let rack = random_rack(&mut rng, 1 + round % 7, (round % 3) as u8);
            for most in 1..=MAX_GROWTH as u32 {
                let mut walked = d.play_ons_up_to(base, &rack, most);
                walked.retain(|w| w.contains(base));
                let grown = sorted(d.extensions_up_to(base, &rack, Extension::Ends, most));
                assert_eq!(
                    grown,
                    sorted(walked),
                    "base {base} rack {rack:?} most {most}"
                );
                found += grown.len();
            }
        }
        assert!(found > 100, "the search found words ({found})");
        // A base outside the list is still searched, by the walk.
        let rack = Rack::from_letters("s").unwrap();
        assert!(
            d.extensions_up_to("zzqx", &rack, Extension::Ends, 2)
                .is_empty()
        );
        let cat = sorted(d.extensions_up_to("CAT", &rack, Extension::Ends, 1));
        assert_eq!(cat, vec!["cats", "scat"]);
        // A list read at run time builds the same index.
        let own = Dictionary::from_bytes(b"cat\ncats\nscat\nact\nscats\n", "test").unwrap();
        let cat = sorted(own.extensions_up_to("cat", &rack, Extension::Ends, 1));
        assert_eq!(cat, vec!["cats", "scat"]);
        let two = Rack::from_letters("s?").unwrap();
        let cat = sorted(own.extensions_up_to("cat", &two, Extension::Ends, 2));
        assert_eq!(cat, vec!["cats", "scat", "scats"]);
    }
}
