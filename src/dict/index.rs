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

/// How much of a bad line an error shows.
pub const SHOWN_CHARS: usize = 40;

/// A line as an error shows it: control characters escaped (`\x07`), so
/// that a line of a file cannot move the cursor or ring the bell, and cut
/// after [`SHOWN_CHARS`] characters with "…".
pub fn shown(text: &str) -> String {
    let mut out = String::new();
    for (i, c) in text.chars().enumerate() {
        if i == SHOWN_CHARS {
            out.push('…');
            break;
        }
        match c {
            c if (c as u32) < 0x80 && c.is_control() => {
                out.push_str(&format!("\\x{:02x}", c as u32))
            }
            c if c.is_control() || invisible(c) => out.push_str(&format!("[U+{:04X}]", c as u32)),
            c => out.push(c),
        }
    }
    out
}

/// A character that prints as nothing, or changes how the text around it
/// prints: a soft hyphen, the zero-width ones, the direction marks, a
/// byte-order mark.
fn invisible(c: char) -> bool {
    matches!(c, '\u{ad}' | '\u{200b}'..='\u{200f}' | '\u{2028}'..='\u{202e}'
        | '\u{2060}'..='\u{2064}' | '\u{2066}'..='\u{2069}' | '\u{feff}')
}

/// A character as a sentence shows it: itself if it prints, else its name
/// ("a space") or its code point, never an escape a person must decode.
pub fn shown_char(c: char) -> String {
    match c {
        ' ' => "a space".to_string(),
        '\t' => "a tab".to_string(),
        '\u{feff}' => "U+FEFF (a byte-order mark, which prints as nothing)".to_string(),
        c if c.is_control() || c.is_whitespace() || invisible(c) => {
            format!("U+{:04X} (which prints as nothing)", c as u32)
        }
        c => c.to_string(),
    }
}

impl fmt::Display for LineProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            LineProblem::NotAWord { text, .. }
            | LineProblem::BadTier { text }
            | LineProblem::TooManyFields { text } => shown(text),
        };
        match self {
            LineProblem::NotAWord { found, .. } => {
                write!(
                    f,
                    "\"{text}\" is not a word: {} is not a letter a-z",
                    shown_char(*found)
                )
            }
            LineProblem::BadTier { .. } => {
                write!(
                    f,
                    "\"{text}\": the tier after the word must be a number 1-255"
                )
            }
            LineProblem::TooManyFields { .. } => {
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
    /// `fst::Map` word -> `start << 32 | count` into `grow_edges`: the words
    /// that hold it whole with 1 to [`MAX_GROWTH`] letters added at its ends.
    pub grows: Vec<u8>,
    /// Those words, as little-endian `u32` offsets into `groups`.
    pub grow_edges: Vec<u8>,
}

/// The most letters the index of grown words adds to a word (a search that
/// allows more walks the anagram index instead).
pub const MAX_GROWTH: usize = 4;

/// The tier of a legal word that bots, hints and the coach never suggest
/// (`dictionaries/quiet.txt`: plain or dual-sense words about sex, the body
/// or violence, such as COCK the bird). It is rarer than every tier a bot
/// lays, whatever its level or the table's `bot_words`.
pub const NEVER_SUGGESTED: u8 = u8::MAX;

/// Builds every structure from `(word, tier)` entries. Blocked words are kept
/// out of the word set and the anagram index; a word listed twice keeps its
/// lowest (most common) tier; a `quiet` word's tier is [`NEVER_SUGGESTED`].
pub fn build(
    entries: impl IntoIterator<Item = (String, u8)>,
    blocked: &BTreeSet<String>,
    quiet: &BTreeSet<String>,
) -> Result<IndexBytes, fst::Error> {
    let mut tiers: BTreeMap<String, u8> = BTreeMap::new();
    for (word, tier) in entries {
        if blocked.contains(&word) {
            continue;
        }
        let tier = if quiet.contains(&word) {
            NEVER_SUGGESTED
        } else {
            tier
        };
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
    let (grows, grow_edges) = grown_words(&tiers, &groups)?;
    Ok(IndexBytes {
        words,
        tiers: tier_map,
        blocked: blocked_set,
        alphagrams,
        groups,
        grows,
        grow_edges,
    })
}

/// For every word of 2 or more letters, the words holding it whole with 1
/// to [`MAX_GROWTH`] letters added at its front and back, each as the offset
/// of its text in `groups`.
fn grown_words(
    words: &BTreeMap<String, u8>,
    groups: &[u8],
) -> Result<(Vec<u8>, Vec<u8>), fst::Error> {
    let mut offset: BTreeMap<&[u8], u32> = BTreeMap::new();
    let mut at = 0usize;
    for w in groups.split(|&b| b == b'\n').filter(|w| !w.is_empty()) {
        // A list too big for 32-bit offsets keeps the words that fit.
        if let Ok(o) = u32::try_from(at) {
            offset.insert(w, o);
        }
        at += w.len() + 1;
    }
    let mut grown: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    for w in words.keys() {
        let n = w.len();
        for start in 0..=MAX_GROWTH.min(n) {
            for end in start + 2..=n {
                let len = end - start;
                if len < n && n - len <= MAX_GROWTH && words.contains_key(&w[start..end]) {
                    grown.entry(&w[start..end]).or_default().insert(w);
                }
            }
        }
    }
    let mut edges = Vec::new();
    let mut keys = Vec::with_capacity(grown.len());
    for (base, holders) in &grown {
        let start = (edges.len() / 4) as u64;
        for h in holders {
            if let Some(&off) = offset.get(h.as_bytes()) {
                edges.extend_from_slice(&off.to_le_bytes());
            }
        }
        let count = (edges.len() / 4) as u64 - start;
        keys.push((base, start << 32 | count));
    }
    let map = fst::Map::from_iter(keys)?.into_fst().into_inner();
    Ok((map, edges))
}

/// The plural nouns, from the inflection data
/// (`dictionaries/inflections.txt`, one `form<TAB>lemma<TAB>tags` a line):
/// a form tagged `NNS` of another word (its lemma) in any reading, irregular
/// plurals included: CATS, BOXES, BABIES, ACTS and BARS (also verbs), MICE,
/// CHILDREN, TEETH. A form the data also gives as a singular noun of its own
/// (a line `form<TAB>form<TAB>NN`: NEWS, SPECIES, YES), a field of study
/// that the data gives as a word in its own right (ECONOMICS, PHYSICS) and
/// the words of `not_plurals` (AS, HAS: the hand-kept list) are not plurals.
pub fn plurals(inflections: &str, not_plurals: &BTreeSet<String>) -> BTreeSet<String> {
    let mut own: BTreeSet<&str> = BTreeSet::new();
    let mut singular: BTreeSet<&str> = BTreeSet::new();
    let mut found: BTreeSet<&str> = BTreeSet::new();
    for line in inflections.lines().filter(|l| !l.starts_with('#')) {
        let mut parts = line.split('\t');
        let (Some(form), Some(lemma), Some(tags)) = (parts.next(), parts.next(), parts.next())
        else {
            continue;
        };
        if form == lemma {
            own.insert(form);
            if tags == "NN" {
                singular.insert(form);
            }
        } else if tags.split('|').any(|t| t == "NNS") {
            found.insert(form);
        }
    }
    found
        .into_iter()
        .filter(|f| {
            let field_of_study = f.ends_with("ics") && own.contains(f);
            !field_of_study && !singular.contains(f) && !not_plurals.contains(*f)
        })
        .map(str::to_string)
        .collect()
}
