//! The dictionary: which words are legal, how common each is, and the anagram
//! index the bots search. The shipped list (SCOWL up to size 70, less the
//! blocklist) is compiled into FSTs at build time and embedded; `--dict PATH`
//! builds the same structures from another list at run time.

pub mod anagram;
pub mod index;
pub mod search;
mod sets;
mod trie;

pub use anagram::{Extension, Rack};
pub use index::NEVER_SUGGESTED;

use fst::{Map, Set};
use std::borrow::Cow;
use std::collections::BTreeSet;
use std::fmt;
use std::path::Path;
use std::sync::{Arc, OnceLock};

type Bytes = Cow<'static, [u8]>;

static WORDS: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/words.fst"));
static TIERS: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/tiers.fst"));
static BLOCKED: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/blocked.fst"));
static ALPHAGRAMS: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/alphagrams.fst"));
static GROUPS: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/groups.bin"));
static GROWS: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/grows.fst"));
static GROW_EDGES: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/grow_edges.bin"));
static PLURALS: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/plurals.fst"));
/// The shipped blocklist as text, applied to every list.
static BLOCKLIST_TEXT: &str = include_str!("../../dictionaries/blocklist.txt");
/// The shipped list of words never suggested, as text, applied to every list.
static QUIET_TEXT: &str = include_str!("../../dictionaries/quiet.txt");

/// SCOWL's sizes, used as commonness tiers: 10 holds the most common words.
/// The shipped list's tiers are SCOWL's sizes refined by how often each word
/// is used in English (see `dictionaries/regenerate.py`).
pub const TIERS_SCOWL: [u8; 8] = [10, 20, 35, 40, 50, 55, 60, 70];

/// The rarest tier of an everyday word: one a family knows. Bots, hints and
/// the coach lay only everyday words unless the table asks for the whole
/// dictionary ([`BotWords`]).
pub const EVERYDAY_TIER: u8 = 50;

/// The rarest tier bots, hints and the coach lay at all: every tier but
/// [`NEVER_SUGGESTED`].
pub const RAREST_SUGGESTED: u8 = NEVER_SUGGESTED - 1;

/// Which words the bots, the hints and the coach lay (a word game's
/// `bot_words` option). Either way every legal word is legal for people,
/// and every bot judges a challenged word by the whole dictionary.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum BotWords {
    /// Everyday words only (tier [`EVERYDAY_TIER`] or more common).
    #[default]
    Everyday,
    /// Every word of the dictionary, as far as a bot's level knows words.
    Whole,
}

impl BotWords {
    /// The rarest tier a bot whose level knows words up to `tier` lays:
    /// never a word of tier [`NEVER_SUGGESTED`].
    pub fn cap(self, tier: u8) -> u8 {
        match self {
            BotWords::Everyday => tier.min(EVERYDAY_TIER),
            BotWords::Whole => tier.min(RAREST_SUGGESTED),
        }
    }

    /// The words bots and hints lay, for sentences: "everyday words" or
    /// "words".
    pub fn words(self) -> &'static str {
        match self {
            BotWords::Everyday => "everyday words",
            BotWords::Whole => "words",
        }
    }

    /// One of them, for sentences: "an everyday word" or "a word".
    pub fn a_word(self) -> &'static str {
        match self {
            BotWords::Everyday => "an everyday word",
            BotWords::Whole => "a word",
        }
    }

    /// The option's values, as a rules file and `-o` spell them.
    pub const CHOICES: &'static [&'static str] = &["everyday", "whole"];

    /// The new-game form's line for the option.
    pub const ABOUT: &'static str =
        "Everyday: bots and hints use words a family knows. Whole: any word.";
}

/// A word list with its indexes.
pub struct Dictionary {
    words: Set<Bytes>,
    tiers: Map<Bytes>,
    blocked: Set<Bytes>,
    alphagrams: Map<Bytes>,
    groups: Bytes,
    /// The words grown from each word at its ends (see `index::MAX_GROWTH`):
    /// a map to runs of `grow_edges`, offsets of their text in `groups`.
    grows: Map<Bytes>,
    grow_edges: Bytes,
    /// The word FST's node after each three-letter prefix (`u32::MAX`: no
    /// word starts so), so a lookup skips its first three steps.
    prefix3: Vec<u32>,
    /// The anagram index unpacked into a trie of flat arrays, and the words
    /// in alphabetical order with their letter-count sets: what the searches
    /// read, built on first use.
    index: OnceLock<trie::Index>,
    source: String,
}

/// A shared dictionary held by a game's state: two handles are equal when
/// they are the same list, so a game state can be compared.
#[derive(Clone, Debug)]
pub struct SharedDict(pub Arc<Dictionary>);

impl PartialEq for SharedDict {
    fn eq(&self, other: &SharedDict) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl std::ops::Deref for SharedDict {
    type Target = Dictionary;
    fn deref(&self) -> &Dictionary {
        &self.0
    }
}

impl fmt::Debug for Dictionary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Dictionary({}, {} words)", self.source, self.len())
    }
}

/// What the dictionary says of a word.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// A legal word, with its commonness tier.
    Legal { tier: u8 },
    /// Nothing was given.
    Empty,
    /// Contains something other than a letter a-z.
    NotLetters { found: char },
    /// On the profanity blocklist: never legal.
    Blocked,
    /// Letters only, but not in the word list.
    NotInDictionary,
}

impl Verdict {
    pub fn is_legal(&self) -> bool {
        matches!(self, Verdict::Legal { .. })
    }

    /// A sentence about `word`.
    pub fn explain(&self, word: &str) -> String {
        let shown = word.trim().to_uppercase();
        match self {
            Verdict::Legal {
                tier: NEVER_SUGGESTED,
            } => format!("{shown} is a word (bots, hints and the coach never suggest it)."),
            Verdict::Legal { tier } => format!("{shown} is a word (commonness tier {tier})."),
            Verdict::Empty => "No word was given.".to_string(),
            Verdict::NotLetters { found } => {
                format!(
                    "{shown} is not a word: {} is not a letter a-z.",
                    index::shown_char(*found)
                )
            }
            Verdict::Blocked => format!("{shown} is not allowed in any game (blocked word)."),
            Verdict::NotInDictionary => format!("{shown} is not in the dictionary."),
        }
    }
}

/// The largest word list read: 4 MB, nearly three times the shipped list
/// (1.4 MB, 170,000 words). Indexing a list takes time in proportion to its
/// size, so a larger one is refused rather than left to stall the start.
pub const MAX_LIST_BYTES: u64 = 4 * 1024 * 1024;

/// Why a word list could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum DictError {
    #[error("word list {path} does not exist")]
    Missing { path: String },
    #[error("cannot read word list {path}: {reason}")]
    Unreadable { path: String, reason: String },
    #[error("cannot read word list {path}: it is {kind}, not a regular file")]
    NotAFile { path: String, kind: &'static str },
    #[error(
        "word list {path} is {size} bytes; a word list may be at most {} bytes (4 MB)",
        MAX_LIST_BYTES
    )]
    TooLarge { path: String, size: u64 },
    #[error("{path}:{line}: the line is not UTF-8 text")]
    NotText { path: String, line: usize },
    #[error("{path}:{line}: {problem}")]
    BadLine {
        path: String,
        line: usize,
        problem: index::LineProblem,
    },
    #[error("word list {path} has no words")]
    Empty { path: String },
    #[error("word list {path} could not be indexed: {reason}")]
    Index { path: String, reason: String },
}

/// The embedded bytes were written by fst's own builder in `build.rs`, so
/// reading them back cannot fail.
fn fst_of<T>(r: Result<T, fst::Error>) -> T {
    r.unwrap_or_else(|e| panic!("embedded dictionary is corrupt: {e}")) // invariant
}

impl Dictionary {
    /// The shipped list, built once and shared.
    pub fn shipped() -> Arc<Dictionary> {
        static SHIPPED: OnceLock<Arc<Dictionary>> = OnceLock::new();
        SHIPPED
            .get_or_init(|| {
                Arc::new(Dictionary::assemble(
                    fst_of(Set::new(Cow::Borrowed(WORDS))),
                    fst_of(Map::new(Cow::Borrowed(TIERS))),
                    fst_of(Set::new(Cow::Borrowed(BLOCKED))),
                    fst_of(Map::new(Cow::Borrowed(ALPHAGRAMS))),
                    Cow::Borrowed(GROUPS),
                    (
                        fst_of(Map::new(Cow::Borrowed(GROWS))),
                        Cow::Borrowed(GROW_EDGES),
                    ),
                    "the shipped SCOWL list".to_string(),
                ))
            })
            .clone()
    }

    /// A plain list from disk: one word a line (optionally followed by its
    /// tier), blank lines and `#` comments ignored. Every problem names the
    /// file and line.
    pub fn from_path(path: &Path) -> Result<Dictionary, DictError> {
        let bytes = read_list(path)?;
        Dictionary::from_bytes(&bytes, &path.display().to_string())
    }

    /// A list from its bytes; `name` names it in errors.
    pub fn from_bytes(bytes: &[u8], name: &str) -> Result<Dictionary, DictError> {
        let mut entries = Vec::new();
        // A byte-order mark that some editors put first is no part of a word.
        let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
        for (i, raw) in bytes.split(|&b| b == b'\n').enumerate() {
            let line = std::str::from_utf8(raw).map_err(|_| DictError::NotText {
                path: name.to_string(),
                line: i + 1,
            })?;
            match index::parse_line(line) {
                Ok(Some(entry)) => entries.push(entry),
                Ok(None) => {}
                Err(problem) => {
                    return Err(DictError::BadLine {
                        path: name.to_string(),
                        line: i + 1,
                        problem,
                    });
                }
            }
        }
        let blocked = shipped_blocklist();
        if entries.iter().all(|(w, _)| blocked.contains(w)) {
            return Err(DictError::Empty {
                path: name.to_string(),
            });
        }
        let built =
            index::build(entries, &blocked, &shipped_quiet()).map_err(|e| DictError::Index {
                path: name.to_string(),
                reason: e.to_string(),
            })?;
        Ok(Dictionary::assemble(
            indexed(name, Set::new(Cow::Owned(built.words)))?,
            indexed(name, Map::new(Cow::Owned(built.tiers)))?,
            indexed(name, Set::new(Cow::Owned(built.blocked)))?,
            indexed(name, Map::new(Cow::Owned(built.alphagrams)))?,
            Cow::Owned(built.groups),
            (
                indexed(name, Map::new(Cow::Owned(built.grows)))?,
                Cow::Owned(built.grow_edges),
            ),
            name.to_string(),
        ))
    }

    fn assemble(
        words: Set<Bytes>,
        tiers: Map<Bytes>,
        blocked: Set<Bytes>,
        alphagrams: Map<Bytes>,
        groups: Bytes,
        (grows, grow_edges): (Map<Bytes>, Bytes),
        source: String,
    ) -> Dictionary {
        let fst = words.as_fst();
        let mut prefix3 = vec![u32::MAX; 26 * 26 * 26];
        let step =
            |node: fst::raw::Node<'_>, b: u8| node.find_input(b).map(|i| node.transition_addr(i));
        for (a, slot_a) in prefix3.chunks_mut(26 * 26).enumerate() {
            let Some(na) = step(fst.root(), b'a' + a as u8) else {
                continue;
            };
            for (b, slot_b) in slot_a.chunks_mut(26).enumerate() {
                let Some(nb) = step(fst.node(na), b'a' + b as u8) else {
                    continue;
                };
                for (c, slot) in slot_b.iter_mut().enumerate() {
                    if let Some(nc) = step(fst.node(nb), b'a' + c as u8) {
                        *slot = u32::try_from(nc).unwrap_or(u32::MAX);
                    }
                }
            }
        }
        Dictionary {
            words,
            tiers,
            blocked,
            alphagrams,
            groups,
            grows,
            grow_edges,
            prefix3,
            index: OnceLock::new(),
            source,
        }
    }

    /// Where the list came from.
    pub fn source(&self) -> &str {
        &self.source
    }

    /// How many legal words.
    pub fn len(&self) -> usize {
        self.words.len()
    }

    pub fn is_empty(&self) -> bool {
        self.words.is_empty()
    }

    /// The size in bytes of the word set's FST.
    pub fn fst_bytes(&self) -> usize {
        self.words.as_fst().as_bytes().len()
    }

    /// Whether a lower-case word is legal (in the list and not blocked).
    pub fn contains(&self, word: &str) -> bool {
        let bytes = word.as_bytes();
        let fst = self.words.as_fst();
        let prefix = match bytes {
            [a, b, c, ..] if [a, b, c].iter().all(|x| x.is_ascii_lowercase()) => {
                let i = ((a - b'a') as usize * 26 + (b - b'a') as usize) * 26 + (c - b'a') as usize;
                Some(self.prefix3[i])
            }
            _ => None,
        };
        let (mut node, rest) = match prefix {
            Some(u32::MAX) => return false,
            Some(addr) => (fst.node(addr as fst::raw::CompiledAddr), &bytes[3..]),
            None => (fst.root(), bytes),
        };
        for &b in rest {
            match node.find_input(b) {
                Some(i) => node = fst.node(node.transition_addr(i)),
                None => return false,
            }
        }
        node.is_final()
    }

    /// The index the searches read (built on first use: see
    /// [`Dictionary::index_bytes`]).
    fn index(&self) -> &trie::Index {
        self.index
            .get_or_init(|| trie::Index::build(&self.alphagrams, &self.groups))
    }

    /// The size in bytes of the in-memory search index (built on the first
    /// call if no search has built it yet).
    pub fn index_bytes(&self) -> usize {
        self.index().bytes()
    }

    /// The commonness tier of a lower-case legal word.
    pub fn tier(&self, word: &str) -> Option<u8> {
        self.tiers.get(word).map(|t| t as u8)
    }

    pub fn is_blocked(&self, word: &str) -> bool {
        self.blocked.contains(word)
    }

    /// Whether a lower-case legal word is an everyday word (of tier
    /// [`EVERYDAY_TIER`] or more common).
    pub fn is_everyday(&self, word: &str) -> bool {
        self.tier(word).is_some_and(|t| t <= EVERYDAY_TIER)
    }

    /// Whether some legal word starts with `prefix` (lower case): COMP
    /// does; CDIL does not.
    pub fn has_prefix(&self, prefix: &str) -> bool {
        let fst = self.words.as_fst();
        let mut node = fst.root();
        for b in prefix.bytes() {
            match node.find_input(b) {
                Some(i) => node = fst.node(node.transition_addr(i)),
                None => return false,
            }
        }
        true
    }

    /// Whether a word (either case) is plain nonsense, which even a child
    /// sees is no word: no vowel (Y counts) in a word of three or more
    /// letters, or a run of letters that no word of the dictionary starts
    /// with (CDILLLST, XQ). Blocked words are not nonsense: they are words.
    pub fn is_nonsense(&self, word: &str) -> bool {
        let lower = word.trim().to_ascii_lowercase();
        if lower.is_empty() || self.is_blocked(&lower) || self.contains(&lower) {
            return false;
        }
        let vowels = lower.bytes().any(|b| b"aeiouy".contains(&b));
        (!vowels && lower.len() >= 3) || !self.has_prefix(&lower)
    }

    /// Checks a word as a player typed it (either case).
    pub fn check(&self, word: &str) -> Verdict {
        let word = word.trim();
        if word.is_empty() {
            return Verdict::Empty;
        }
        if let Some(found) = word.chars().find(|c| !c.is_ascii_alphabetic()) {
            return Verdict::NotLetters { found };
        }
        let lower = word.to_ascii_lowercase();
        if self.is_blocked(&lower) {
            return Verdict::Blocked;
        }
        match self.tier(&lower) {
            Some(tier) => Verdict::Legal { tier },
            None => Verdict::NotInDictionary,
        }
    }

    /// Whether a word (either case) is a plural noun in any reading, as the
    /// shipped inflection data says (see `index::plurals`): CATS, ACTS,
    /// BURGERS, MICE and CHILDREN are; HAS, YES, GAS, BUS, GLASS, NEWS,
    /// SERIES and SPECIES are not. The same data serves every word list:
    /// the game, the bots, the hints and `rummy score` all ask here.
    pub fn is_plural(word: &str) -> bool {
        static SET: OnceLock<Set<&'static [u8]>> = OnceLock::new();
        let set = SET.get_or_init(|| fst_of(Set::new(PLURALS)));
        let word = word.trim();
        // The bots ask of every word they find, in lower case already: no
        // copy for those.
        if word.bytes().any(|b| b.is_ascii_uppercase()) {
            set.contains(word.to_ascii_lowercase())
        } else {
            set.contains(word)
        }
    }

    /// Every legal word, in order.
    pub fn words(&self) -> Vec<String> {
        use fst::Streamer;
        let mut out = Vec::with_capacity(self.len());
        let mut stream = self.words.stream();
        while let Some(w) = stream.next() {
            out.push(String::from_utf8_lossy(w).into_owned());
        }
        out
    }
}

/// Reads a word list's bytes: only a regular file of at most
/// [`MAX_LIST_BYTES`] (see [`crate::files::read_regular`]).
pub fn read_list(path: &Path) -> Result<Vec<u8>, DictError> {
    use crate::files::FileError;
    let path_name = path.display().to_string();
    crate::files::read_regular(path, MAX_LIST_BYTES).map_err(|e| match e {
        FileError::Missing => DictError::Missing { path: path_name },
        FileError::NotAFile(kind) => DictError::NotAFile {
            path: path_name,
            kind,
        },
        FileError::TooLarge { size, .. } => DictError::TooLarge {
            path: path_name,
            size,
        },
        FileError::Unreadable(reason) => DictError::Unreadable {
            path: path_name,
            reason,
        },
    })
}

fn indexed<T>(name: &str, r: Result<T, fst::Error>) -> Result<T, DictError> {
    r.map_err(|e| DictError::Index {
        path: name.to_string(),
        reason: e.to_string(),
    })
}

fn shipped_blocklist() -> BTreeSet<String> {
    listed_words(BLOCKLIST_TEXT)
}

/// The shipped words that bots, hints and the coach never suggest.
fn shipped_quiet() -> BTreeSet<String> {
    listed_words(QUIET_TEXT)
}

fn listed_words(text: &str) -> BTreeSet<String> {
    text.lines()
        .filter_map(|l| index::parse_line(l).ok().flatten())
        .map(|(w, _)| w)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plural_is_a_plural_form_of_another_noun_in_any_reading() {
        let data = "cats\tcat\tNNS\n\
                    acts\tact\tNNS\n\
                    acts\tact\tVBZ\n\
                    has\tha\tNNS\n\
                    has\thave\tVBZ\n\
                    physics\tphysic\tNNS\n\
                    physics\tphysics\tNNS\n\
                    economics\teconomic\tNNS\n\
                    economics\teconomics\tNNS\n\
                    news\tnews\tNNS\n\
                    yes\tye\tNNS|VBZ\n\
                    yes\tyes\tNN\n\
                    mice\tmouse\tNNS\n\
                    sheep\tsheep\tNNS\n\
                    walks\twalk\tVBZ\n";
        let not: BTreeSet<String> = ["has".to_string()].into();
        let found = index::plurals(data, &not);
        let found: Vec<&str> = found.iter().map(String::as_str).collect();
        // ACTS is a verb form too; MICE is irregular; HAS is hand-kept;
        // PHYSICS and ECONOMICS fields of study; NEWS and SHEEP only their
        // own plurals; YES a singular noun of its own; WALKS only a verb.
        assert_eq!(found, vec!["acts", "cats", "mice"]);
    }

    #[test]
    fn the_shipped_plurals_follow_the_rulings() {
        for w in [
            "cats", "boxes", "babies", "acts", "bars", "logs", "burgers", "despots", "tens",
            "eighths", "mice", "children", "teeth", "data",
        ] {
            assert!(Dictionary::is_plural(w), "{w} is a plural");
        }
        for w in [
            "news", "glass", "bus", "has", "yes", "lens", "series", "species", "gas", "physics",
            "sheep", "cat", "as", "its",
        ] {
            assert!(!Dictionary::is_plural(w), "{w} is not a plural");
        }
    }

    #[test]
    fn the_shipped_list_knows_common_words() {
        let d = Dictionary::shipped();
        assert!(d.len() > 100_000, "{}", d.len());
        for w in ["cat", "friend", "quiz", "rummy", "zebra"] {
            assert!(d.contains(w), "{w}");
        }
        assert_eq!(d.check("Cat"), Verdict::Legal { tier: 10 });
        assert!(d.tier("aalii").unwrap() > 35);
    }

    #[test]
    fn the_prefix_table_lookup_agrees_with_the_fst() {
        let d = Dictionary::shipped();
        let words = d.words();
        assert!(words.iter().all(|w| d.contains(w)));
        for w in words.iter().step_by(7) {
            for probe in [
                format!("{w}s"),
                format!("q{w}"),
                w[..w.len() - 1].to_string(),
            ] {
                assert_eq!(d.contains(&probe), d.words.contains(&probe), "{probe}");
            }
        }
        for odd in ["", "A", "ABC", "ab-c", "é", "zzzzzz"] {
            assert!(!d.contains(odd), "{odd}");
        }
    }

    #[test]
    fn verdicts_say_why() {
        let d = Dictionary::shipped();
        assert_eq!(d.check(""), Verdict::Empty);
        assert_eq!(d.check("c4t"), Verdict::NotLetters { found: '4' });
        assert_eq!(d.check("don't"), Verdict::NotLetters { found: '\'' });
        assert_eq!(d.check("qzxv"), Verdict::NotInDictionary);
        let blocked = shipped_blocklist();
        let sample = blocked.iter().next().unwrap();
        assert_eq!(d.check(sample), Verdict::Blocked);
        assert!(!d.contains(sample));
        assert!(Verdict::NotInDictionary.explain("qzxv").contains("QZXV"));
    }

    #[test]
    fn proper_names_and_abbreviations_are_not_words() {
        let d = Dictionary::shipped();
        // SCOWL lists these only with capitals or punctuation.
        for w in ["london", "nasa", "isnt"] {
            assert!(!d.contains(w), "{w}");
        }
    }

    #[test]
    fn a_list_from_bytes_is_indexed_and_blocked_words_stay_out() {
        let sample = shipped_blocklist().into_iter().next().unwrap();
        let text = format!("# my words\nCat\n\nact 20\ntac\n{sample}\n");
        let d = Dictionary::from_bytes(text.as_bytes(), "mine.txt").unwrap();
        assert_eq!(d.len(), 3);
        assert_eq!(d.tier("act"), Some(20));
        assert_eq!(d.tier("cat"), Some(index::DEFAULT_TIER));
        assert_eq!(d.check(&sample), Verdict::Blocked);
        let mut found = d.sub_anagrams(&Rack::from_letters("tca").unwrap());
        found.sort();
        assert_eq!(found, vec!["act", "cat", "tac"]);
    }

    #[test]
    fn bad_lists_are_refused_with_the_line() {
        let err = |bytes: &[u8]| {
            Dictionary::from_bytes(bytes, "w.txt")
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            err(b"cat\ndo g\n"),
            "w.txt:2: \"do g\": the tier after the word must be a number 1-255"
        );
        assert_eq!(
            err(b"cat\n\nsp4m\n"),
            "w.txt:3: \"sp4m\" is not a word: 4 is not a letter a-z"
        );
        assert_eq!(
            err(b"a 1 2\n"),
            "w.txt:1: \"a 1 2\": a line holds one word (and optionally its tier)"
        );
        assert_eq!(
            err(b"ok\n\xff\xfe\n"),
            "w.txt:2: the line is not UTF-8 text"
        );
        assert_eq!(err(b"\n# nothing\n"), "word list w.txt has no words");
        assert_eq!(err(b""), "word list w.txt has no words");
    }

    #[test]
    fn missing_and_unreadable_files_are_refused() {
        let missing = Dictionary::from_path(Path::new("/no/such/list.txt")).unwrap_err();
        assert!(matches!(missing, DictError::Missing { .. }), "{missing}");
        let dir = tempfile::tempdir().expect("a temporary folder");
        let not_a_file = Dictionary::from_path(dir.path()).unwrap_err();
        assert!(
            matches!(
                not_a_file,
                DictError::NotAFile {
                    kind: "a directory",
                    ..
                }
            ),
            "{not_a_file}"
        );
        let device = Dictionary::from_path(Path::new("/dev/null")).unwrap_err();
        assert!(
            matches!(
                device,
                DictError::NotAFile {
                    kind: "a device",
                    ..
                }
            ),
            "{device}"
        );
    }

    #[test]
    fn a_bad_line_is_shown_escaped_and_cut_short() {
        assert_eq!(index::shown("c\x07a\x1bt"), "c\\x07a\\x1bt");
        assert_eq!(index::shown("a\u{85}b"), "a[U+0085]b");
        assert_eq!(index::shown("do\u{200b}g"), "do[U+200B]g");
        let long = "é".repeat(50);
        assert_eq!(index::shown(&long), format!("{}…", "é".repeat(40)));
        assert_eq!(index::shown("cat"), "cat");
    }

    #[test]
    fn a_byte_order_mark_first_is_no_part_of_the_first_word() {
        let d = Dictionary::from_bytes(b"\xef\xbb\xbfcat\ndog\n", "list.txt").expect("read");
        assert!(d.check("cat").is_legal());
        // Anywhere else it is a character that prints as nothing, and said so.
        let e = Dictionary::from_bytes("cat\ndo\u{feff}g\n".as_bytes(), "list.txt")
            .map(|_| ())
            .expect_err("refused")
            .to_string();
        assert!(
            e.contains("\"do[U+FEFF]g\"") && e.contains("byte-order mark"),
            "{e}"
        );
    }

    #[test]
    fn a_plural_is_known_in_either_case_and_with_spaces_around() {
        for w in ["cats", "CATS", "Cats", " cats\n"] {
            assert!(Dictionary::is_plural(w), "{w:?}");
        }
        for w in ["cat", "CAT", "news", " News "] {
            assert!(!Dictionary::is_plural(w), "{w:?}");
        }
    }
}
