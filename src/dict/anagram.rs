//! The anagram index the bots search. Every word is filed under its alphagram
//! (its letters sorted), and the alphagrams form an FST. A rack is searched by
//! walking that FST in letter order, so each multiset of letters is visited
//! once, however many orders it can be spelled in.

use super::Dictionary;
use super::index::MAX_GROWTH;
use fst::raw::{Fst, Node, Output};

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

/// The rack size from which a rack with wilds is matched by a pass over the
/// list rather than by walking the index (measured: `benches/dictionary.rs`).
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

/// One walk of the alphagram FST.
struct Walk<'a, F: FnMut(&'a str)> {
    fst: &'a Fst<super::Bytes>,
    groups: &'a [u8],
    counts: [u8; 26],
    wilds: u8,
    /// Letters the word must contain (a play-on's base); met first.
    need: [u8; 26],
    need_total: u32,
    /// Letters used beyond `need`, and the most that may be.
    added: u32,
    max_added: u32,
    emit: F,
}

impl<'a, F: FnMut(&'a str)> Walk<'a, F> {
    fn go(&mut self, node: Node<'a>, out: Output) {
        if node.is_final() && self.need_total == 0 && self.added > 0 {
            self.emit_group(out.cat(node.final_output()).value());
        }
        if self.wilds == 0 && self.need_total == 0 {
            // Only the rack's own letters can follow: look each up directly.
            for c in 0..26u8 {
                if self.counts[c as usize] == 0 {
                    continue;
                }
                if let Some(i) = node.find_input(b'a' + c) {
                    let t = node.transition(i);
                    self.step(c as usize, t.addr, out.cat(t.out));
                }
            }
            return;
        }
        // A needed letter cannot be skipped: the alphagram is sorted, so a
        // transition past it could never come back.
        let first_need = if self.need_total > 0 {
            self.need.iter().position(|&n| n > 0).unwrap_or(26)
        } else {
            26
        };
        for t in node.transitions() {
            let Some(c) = t.inp.checked_sub(b'a').map(usize::from).filter(|&c| c < 26) else {
                continue;
            };
            if c > first_need {
                break;
            }
            self.step(c, t.addr, out.cat(t.out));
        }
    }

    fn step(&mut self, c: usize, addr: fst::raw::CompiledAddr, out: Output) {
        let next = self.fst.node(addr);
        if self.need[c] == 0 && self.added >= self.max_added {
            return;
        }
        if self.counts[c] > 0 {
            self.counts[c] -= 1;
            let needed = self.need[c] > 0;
            if needed {
                self.need[c] -= 1;
                self.need_total -= 1;
            } else {
                self.added += 1;
            }
            self.go(next, out);
            if needed {
                self.need[c] += 1;
                self.need_total += 1;
            } else {
                self.added -= 1;
            }
            self.counts[c] += 1;
        } else if self.wilds > 0 {
            self.wilds -= 1;
            self.added += 1;
            self.go(next, out);
            self.added -= 1;
            self.wilds += 1;
        }
    }

    fn emit_group(&mut self, value: u64) {
        let (offset, count) = ((value >> 16) as usize, (value & 0xFFFF) as usize);
        let rest = self.groups.get(offset..).unwrap_or_default();
        for word in rest.split(|&b| b == b'\n').take(count) {
            // invariant: groups hold only the a-z words the index was built from
            if let Ok(w) = std::str::from_utf8(word) {
                (self.emit)(w);
            }
        }
    }
}

impl Dictionary {
    fn walk<'a>(&'a self, rack: &Rack, need: [u8; 26], max_added: u32, emit: impl FnMut(&'a str)) {
        let fst = self.alphagrams.as_fst();
        let mut counts = rack.counts;
        for (c, n) in counts.iter_mut().zip(need) {
            *c = c.saturating_add(n);
        }
        let mut walk = Walk {
            fst,
            groups: &self.groups,
            counts,
            wilds: rack.wilds,
            need,
            need_total: need.iter().map(|&n| n as u32).sum(),
            added: 0,
            max_added,
            emit,
        };
        walk.go(fst.root(), Output::zero());
    }

    /// Calls `f` with every legal word that can be spelled from `rack`, wilds
    /// standing for any letter. Racks of 11 or more with wilds match a large
    /// part of the list, and a straight pass over the list (one block of
    /// memory) beats the walk there; smaller racks walk the index.
    pub fn for_each_sub_anagram<'a>(&'a self, rack: &Rack, mut f: impl FnMut(&'a str)) {
        if rack.wilds > 0 && rack.len() >= SCAN_FROM {
            for word in self.each_word() {
                if rack.spells_bytes(word) {
                    // invariant: groups hold only the a-z words the index was built from
                    if let Ok(w) = std::str::from_utf8(word) {
                        f(w);
                    }
                }
            }
            return;
        }
        self.walk(rack, [0; 26], u32::MAX, f);
    }

    /// Every legal word that can be spelled from `rack`, wilds standing for any
    /// letter.
    pub fn sub_anagrams(&self, rack: &Rack) -> Vec<&str> {
        let mut out = Vec::new();
        self.for_each_sub_anagram(rack, |w| out.push(w));
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
        self.walk(rack, need.counts, max_added, |w| out.push(w));
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
        // English-like letter frequencies so racks spell real words.
        const BAG: &str = "aaaaaaaaabbccddddeeeeeeeeeeeeffggghhiiiiiiiiijkllllmmnnnnnnooooooooppqrrrrrrssssttttttuuuuvvwwxyyz";
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
