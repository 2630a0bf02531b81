//! Reading a word list and building its FSTs. This file is compiled twice: by
//! `build.rs`, to embed the shipped list, and into the library, for a list the
//! user names with `--dict`. It depends on nothing but `std` and `fst`.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

/// The tier given to a word whose list line names none: the most common.
pub const DEFAULT_TIER: u8 = 10;

/// What is wrong with one line of a word list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineProblem {
    /// A character other than a-z (either case).
    NotAWord { text: String, found: char },
    /// `word tier` with a tier that is not a number 1..=255.
    BadTier { text: String },
    /// More than `word tier` on the line.
    TooManyFields { text: String },
}

impl fmt::Display for LineProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineProblem::NotAWord { text, found } => {
                write!(f, "\"{text}\" is not a word: {found:?} is not a letter a-z")
            }
            LineProblem::BadTier { text } => {
                write!(
                    f,
                    "\"{text}\": the tier after the word must be a number 1-255"
                )
            }
            LineProblem::TooManyFields { text } => {
                write!(
                    f,
                    "\"{text}\": a line holds one word (and optionally its tier)"
                )
            }
        }
    }
}

/// Reads one line: blank lines and `#` comments give `None`; otherwise the
/// lower-cased word and its tier.
pub fn parse_line(line: &str) -> Result<Option<(String, u8)>, LineProblem> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return Ok(None);
    }
    let mut fields = line.split_whitespace();
    let word = fields.next().unwrap_or_default();
    let tier = match fields.next() {
        None => DEFAULT_TIER,
        Some(t) => match t.parse::<u8>() {
            Ok(n) if n > 0 => n,
            _ => {
                return Err(LineProblem::BadTier {
                    text: line.to_string(),
                });
            }
        },
    };
    if fields.next().is_some() {
        return Err(LineProblem::TooManyFields {
            text: line.to_string(),
        });
    }
    if let Some(found) = word.chars().find(|c| !c.is_ascii_alphabetic()) {
        return Err(LineProblem::NotAWord {
            text: word.to_string(),
            found,
        });
    }
    Ok(Some((word.to_ascii_lowercase(), tier)))
}

/// A word's letters in alphabetical order: the key of its anagram group.
pub fn alphagram(word: &str) -> Vec<u8> {
    let mut key = word.as_bytes().to_vec();
    key.sort_unstable();
    key
}

/// The built index of a word list, as the bytes of each structure.
pub struct IndexBytes {
    /// `fst::Set` of every legal word.
    pub words: Vec<u8>,
    /// `fst::Map` word -> tier.
    pub tiers: Vec<u8>,
    /// `fst::Set` of blocked words.
    pub blocked: Vec<u8>,
    /// `fst::Map` alphagram -> `offset << 16 | count` into `groups`.
    pub alphagrams: Vec<u8>,
    /// The words of every anagram group, each followed by `\n`.
    pub groups: Vec<u8>,
}

/// Builds every structure from `(word, tier)` entries. Blocked words are kept
/// out of the word set and the anagram index; a word listed twice keeps its
/// lowest (most common) tier.
pub fn build(
    entries: impl IntoIterator<Item = (String, u8)>,
    blocked: &BTreeSet<String>,
) -> Result<IndexBytes, fst::Error> {
    let mut tiers: BTreeMap<String, u8> = BTreeMap::new();
    for (word, tier) in entries {
        if blocked.contains(&word) {
            continue;
        }
        let t = tiers.entry(word).or_insert(tier);
        *t = (*t).min(tier);
    }
    let words = fst::Set::from_iter(tiers.keys())?.into_fst().into_inner();
    let tier_map = fst::Map::from_iter(tiers.iter().map(|(w, &t)| (w, t as u64)))?
        .into_fst()
        .into_inner();
    let blocked_set = fst::Set::from_iter(blocked.iter())?.into_fst().into_inner();

    let mut by_key: BTreeMap<Vec<u8>, Vec<&str>> = BTreeMap::new();
    for word in tiers.keys() {
        by_key.entry(alphagram(word)).or_default().push(word);
    }
    let mut groups = Vec::new();
    let mut keys = Vec::with_capacity(by_key.len());
    for (key, words) in &by_key {
        let value = ((groups.len() as u64) << 16) | words.len().min(0xFFFF) as u64;
        for w in words.iter().take(0xFFFF) {
            groups.extend_from_slice(w.as_bytes());
            groups.push(b'\n');
        }
        keys.push((key, value));
    }
    let alphagrams = fst::Map::from_iter(keys)?.into_fst().into_inner();
    Ok(IndexBytes {
        words,
        tiers: tier_map,
        blocked: blocked_set,
        alphagrams,
        groups,
    })
}
