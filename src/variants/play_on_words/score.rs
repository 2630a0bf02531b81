//! How Play On Words Rummy scores a play, one function for the game and for
//! people playing with real cards (`rummy score play-on-words`). Points are
//! per letter of the new word (a combo card counts 2 letters):
//! - a new word from hand: 2 a letter;
//! - a play-on that keeps the old word's letters in order: 1 a letter, or 2
//!   when it adds two letters or more and at least one goes inside the word;
//! - a play-on that rearranges the old word's letters: 2 a letter;
//! - table words combined with cards from hand: as a play-on, 1 a letter,
//!   or 2 when some word's letters are rearranged.
//!
//! Plurals: a new word from hand may not be a plural, nor may a play-on
//! that keeps the old letters in order; only rearranging makes one.

use crate::dict::Dictionary;
use crate::word::{letters, upper};
use crate::wordgame::growth::combine;
use crate::wordgame::{Growing, Growth, GrowthKind, grow};

/// The shortest new word from hand.
pub const MIN_LEN: usize = 3;
/// The bonus for going out.
pub const OUT_BONUS: i64 = 7;
/// The bonus for going out on the initial hand: all 8 cards in one word.
pub const INITIAL_HAND_BONUS: i64 = 20;
/// Points a letter for cards mugged at the end of a round.
pub const MUGGINS: i64 = 2;
/// Points a letter of a new word from hand.
pub const NEW_WORD: i64 = 2;
/// Points a letter of a play-on that keeps the old letters in order.
pub const PLAY_ON: i64 = 1;
/// Points a letter of a play-on that rearranges the old letters, or adds
/// two letters or more with one inside the word.
pub const PLAY_ON_REBUILT: i64 = 2;
/// Points off for each letter left in a hand at the end of a round.
pub const LETTER_LEFT: i64 = 1;
/// Letters added to a word, one of them inside it, that score a play-on
/// as [`PLAY_ON_REBUILT`].
pub const MANY_ADDED: usize = 2;
/// How growth is allowed: every kind.
pub const GROWING: Growing = Growing::ANY;

/// What a play scores: `per_letter` points for each of `letters`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayScore {
    pub per_letter: i64,
    pub letters: usize,
    pub points: i64,
}

impl PlayScore {
    fn new(per_letter: i64, letters: usize) -> PlayScore {
        PlayScore {
            per_letter,
            letters,
            points: per_letter * letters as i64,
        }
    }
}

/// A new word of `len` letters from hand: 2 a letter.
pub fn new_word(len: usize) -> PlayScore {
    PlayScore::new(NEW_WORD, len)
}

/// A growth of table words (a play-on or a combination), by its kind.
pub fn growth(g: &Growth) -> PlayScore {
    let per_letter = match g.kind {
        GrowthKind::Rearranged | GrowthKind::Combined { rearranged: true } => PLAY_ON_REBUILT,
        GrowthKind::Ends | GrowthKind::Inserted
            if g.added().len() >= MANY_ADDED && g.into_body() =>
        {
            PLAY_ON_REBUILT
        }
        _ => PLAY_ON,
    };
    PlayScore::new(per_letter, g.word.len())
}

/// Whether a growth rearranges some old word's letters.
pub fn rearranges(g: &Growth) -> bool {
    matches!(
        g.kind,
        GrowthKind::Rearranged | GrowthKind::Combined { rearranged: true }
    )
}

/// Refuses a plural where the rules do not allow one: from hand (`g` is
/// `None`), or a growth that does not rearrange.
pub fn check_plural(word: &str, g: Option<&Growth>) -> Result<(), String> {
    if !Dictionary::is_plural(word) || g.is_some_and(rearranges) {
        return Ok(());
    }
    let w = word.trim().to_uppercase();
    Err(match g {
        None => format!(
            "{w} is a plural: a new word from hand may not be one (only rearranging a word on the table makes a plural)."
        ),
        Some(_) => format!(
            "{w} is a plural: only a play-on that rearranges the word's letters may make one."
        ),
    })
}

/// Why a growth scores what it does, in words: "RATE rearranges TAR with
/// E".
pub fn describe(g: &Growth, olds: &[String]) -> String {
    let new = upper(&g.word);
    let added = upper(&g.added());
    let added = spaced(&added);
    match g.kind {
        GrowthKind::Ends => format!("{new} adds {added} to the ends of {}", olds.join("")),
        GrowthKind::Inserted if g.added().len() >= MANY_ADDED && g.into_body() => format!(
            "{new} adds {added} to {}, a letter inside the word",
            olds.join("")
        ),
        GrowthKind::Inserted => format!("{new} adds {added} to {}", olds.join("")),
        GrowthKind::Rearranged => format!("{new} rearranges {} with {added}", olds.join("")),
        GrowthKind::Combined { rearranged } => format!(
            "{new} combines {} with {added}{}",
            olds.join(" and "),
            if rearranged { ", rearranged" } else { "" }
        ),
    }
}

/// "B-E" for the letters "BE".
fn spaced(s: &str) -> String {
    let each: Vec<String> = s.chars().map(String::from).collect();
    each.join("-")
}

/// "2 a letter for 4 letters".
fn rate(s: &PlayScore) -> String {
    format!("{} a letter for {} letters", s.per_letter, s.letters)
}

/// What a new word from hand scores and why, or why it may not be laid:
/// `rummy score play-on-words WORD`.
pub fn explain_word(dict: &Dictionary, word: &str) -> Result<String, String> {
    let w = letters(word).map_err(|e| e.to_string())?;
    let text = upper(&w);
    if w.len() < MIN_LEN {
        return Err(format!(
            "{text} is too short: a new word needs at least {MIN_LEN} letters."
        ));
    }
    let verdict = dict.check(&text);
    if !verdict.is_legal() {
        return Err(verdict.explain(&text));
    }
    check_plural(&text, None)?;
    let s = new_word(w.len());
    Ok(format!(
        "{} points: a new word from hand, {}.",
        s.points,
        rate(&s)
    ))
}

/// What a play-on (one old word) or a combination (several) scores and
/// why, or why it may not be played: `rummy score play-on-words --on OLD
/// NEW`, `--on OLD,OTHER NEW`. Each old word's letters count as one card
/// each.
pub fn explain_on(dict: &Dictionary, olds: &[&str], new: &str) -> Result<String, String> {
    let mut cards: Vec<Vec<Vec<crate::card::Letter>>> = Vec::new();
    for o in olds {
        crate::wordgame::check_table_word(dict, o)?;
        let l = letters(o).map_err(|e| e.to_string())?;
        cards.push(l.into_iter().map(|x| vec![x]).collect());
    }
    let names: Vec<String> = cards.iter().map(|c| upper(&c.concat())).collect();
    let g = match cards.as_slice() {
        [] => return Err("Name the word on the table with --on.".into()),
        [one] => grow(one, new, GROWING),
        many => {
            let refs: Vec<&[Vec<crate::card::Letter>]> = many.iter().map(Vec::as_slice).collect();
            combine(&refs, new, GROWING)
        }
    }
    .map_err(|e| e.to_string())?;
    let text = upper(&g.word);
    let verdict = dict.check(&text);
    if !verdict.is_legal() {
        return Err(verdict.explain(&text));
    }
    check_plural(&text, Some(&g))?;
    let s = growth(&g);
    Ok(format!(
        "{} points: {}, {}.",
        s.points,
        describe(&g, &names),
        rate(&s)
    ))
}
