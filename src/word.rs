//! Word entry, shared by the word games: a move names its word as text, and
//! this finds which cards of a hand can spell it (letter cards, two-letter
//! combo cards such as QU, flip cards such as J/X, wilds), so that the player
//! is asked which cards to use only when the choice matters.

use crate::card::{Card, CardId, Face, Letter};
use serde::{Deserialize, Serialize};

/// How one card is used in a word: the letters it stands for there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placed {
    pub card: CardId,
    pub face: Face,
    /// One letter, or two for a combo card.
    pub letters: Vec<Letter>,
}

/// One way to spell a word: its cards in word order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spelling {
    pub cards: Vec<Placed>,
}

impl Spelling {
    /// The faces with what each stands for, in no order: two spellings
    /// with the same key are the same to the player (a wild as the first E
    /// of ENSNARE or as its last is one way to play it).
    fn key(&self) -> Vec<(String, Vec<Letter>)> {
        let mut k: Vec<(String, Vec<Letter>)> = self
            .cards
            .iter()
            .map(|p| (format!("{:?}", p.face), p.letters.clone()))
            .collect();
        k.sort();
        k
    }
}

/// Why a word cannot be spelled.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpellError {
    #[error("\"{0}\" is not a word of letters a to z.")]
    NotLetters(String),
    #[error("{word} needs {missing} you don't hold.")]
    Missing { word: String, missing: String },
}

/// Parses a word typed by a person: letters a–z, either case.
pub fn letters(word: &str) -> Result<Vec<Letter>, SpellError> {
    let trimmed = word.trim();
    let out: Option<Vec<Letter>> = trimmed.chars().map(Letter::from_char).collect();
    match out {
        Some(l) if !l.is_empty() => Ok(l),
        _ => Err(SpellError::NotLetters(trimmed.to_string())),
    }
}

/// Every distinct way `cards` can spell `word` (cards of one face are alike,
/// so spellings that differ only in which of two equal cards is used count
/// once), at most `limit` of them. Empty means it cannot be spelled; see
/// [`spell`] for the reason.
pub fn spellings(word: &[Letter], cards: &[Card], limit: usize) -> Vec<Spelling> {
    spellings_in_runs(&[word.to_vec()], cards, limit)
}

/// Like [`spellings`] for letters that go to the table in separate runs
/// (letters added at a word's front and back, or inside it): the cards of
/// all the runs in order, no two-letter card spanning two runs.
pub fn spellings_in_runs(runs: &[Vec<Letter>], cards: &[Card], limit: usize) -> Vec<Spelling> {
    let word: Vec<Letter> = runs.concat();
    let mut breaks = Vec::new();
    let mut at = 0;
    for r in runs {
        at += r.len();
        breaks.push(at);
    }
    let mut out: Vec<Spelling> = Vec::new();
    let mut used = vec![false; cards.len()];
    let mut path: Vec<Placed> = Vec::new();
    let s = Search {
        word: &word,
        breaks: &breaks,
        cards,
        limit,
    };
    s.search(0, &mut used, &mut path, &mut out);
    out
}

/// One spelling search: the letters, where runs break, the cards to use.
struct Search<'a> {
    word: &'a [Letter],
    /// Where one run ends and the next begins: no two-letter card spans one.
    breaks: &'a [usize],
    cards: &'a [Card],
    limit: usize,
}

impl Search<'_> {
    fn search(
        &self,
        at: usize,
        used: &mut [bool],
        path: &mut Vec<Placed>,
        out: &mut Vec<Spelling>,
    ) {
        let word = self.word;
        if out.len() >= self.limit {
            return;
        }
        if at == word.len() {
            let s = Spelling {
                cards: path.clone(),
            };
            if !out.iter().any(|o| o.key() == s.key()) {
                out.push(s);
            }
            return;
        }
        let mut tried: Vec<Face> = Vec::new();
        for (i, c) in self.cards.iter().enumerate() {
            if used[i] || tried.contains(&c.face) {
                continue;
            }
            let letters: Option<Vec<Letter>> = match c.face {
                Face::Letter(l) if l == word[at] => Some(vec![l]),
                Face::Flip(a, b) if a == word[at] || b == word[at] => Some(vec![word[at]]),
                Face::Combo(a, b)
                    if a == word[at]
                        && word.get(at + 1) == Some(&b)
                        && !self.breaks.contains(&(at + 1)) =>
                {
                    Some(vec![a, b])
                }
                Face::Wild => Some(vec![word[at]]),
                _ => None,
            };
            let Some(letters) = letters else { continue };
            tried.push(c.face);
            let n = letters.len();
            used[i] = true;
            path.push(Placed {
                card: c.id,
                face: c.face,
                letters,
            });
            self.search(at + n, used, path, out);
            path.pop();
            used[i] = false;
        }
    }
}

/// The spellings of a typed word, or why there is none: the letters the
/// hand lacks, counting its wilds.
pub fn spell(word: &str, cards: &[Card], limit: usize) -> Result<Vec<Spelling>, SpellError> {
    let w = letters(word)?;
    let found = spellings(&w, cards, limit);
    if !found.is_empty() {
        return Ok(found);
    }
    // Which letters are short: each letter card, flip card or combo (its
    // first letter) covers one; wilds cover what is left.
    let mut need = [0usize; 26];
    for l in &w {
        need[l.index()] += 1;
    }
    let mut wilds = 0;
    for c in cards {
        match c.face {
            Face::Letter(l) => need[l.index()] = need[l.index()].saturating_sub(1),
            Face::Flip(a, b) => {
                let pick = if need[a.index()] > 0 { a } else { b };
                need[pick.index()] = need[pick.index()].saturating_sub(1);
            }
            Face::Combo(a, b) if need[a.index()] > 0 && need[b.index()] > 0 => {
                need[a.index()] -= 1;
                need[b.index()] -= 1;
            }
            Face::Wild => wilds += 1,
            _ => {}
        }
    }
    let mut missing: Vec<String> = Vec::new();
    for (i, &n) in need.iter().enumerate() {
        for _ in 0..n {
            if wilds > 0 {
                wilds -= 1;
            } else if let Some(l) = Letter::from_index(i) {
                missing.push(l.upper().to_string());
            }
        }
    }
    let upper = word.trim().to_ascii_uppercase();
    let missing = match missing.as_slice() {
        // The letters are there but not in a usable order (a combo card).
        [] => "those cards in that order".to_string(),
        [one] => format!("{} {one}", article(one)),
        _ => format!("the letters {}", missing.join(", ")),
    };
    Err(SpellError::Missing {
        word: upper,
        missing,
    })
}

/// A word as printed on the cards: upper case.
pub fn upper(word: &[Letter]) -> String {
    word.iter().map(|l| l.upper()).collect()
}

/// How words are checked (every word game has this option).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WordCheck {
    /// A word stands unless another seat challenges it; the dictionary decides.
    #[default]
    Challenge,
    /// A word not in the dictionary is refused at once.
    Strict,
}

/// How a word called from the train ("Wrummy!") may stand in it, read oldest
/// to newest.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TrainMatch {
    /// A run of neighbouring cards.
    #[default]
    Adjacent,
    /// In order, gaps allowed.
    InOrder,
    /// Any cards of the train.
    AnyOrder,
}

/// Where `word` stands in a train of letters (`None` is a wild, standing for
/// any letter), as `how` allows, never using position `barred`: the
/// positions in word order, preferring cards nearest the top and letters
/// over wilds. `None` if it does not stand there.
pub fn find_in_train(
    word: &[Letter],
    train: &[Option<Letter>],
    how: TrainMatch,
    barred: Option<usize>,
) -> Option<Vec<usize>> {
    let fits = |pos: usize, l: Letter| Some(pos) != barred && train[pos].is_none_or(|t| t == l);
    if word.is_empty() || word.len() > train.len() {
        return None;
    }
    match how {
        TrainMatch::Adjacent => (0..=train.len() - word.len())
            .rev()
            .find(|&start| word.iter().enumerate().all(|(k, &l)| fits(start + k, l)))
            .map(|start| (start..start + word.len()).collect()),
        TrainMatch::InOrder => {
            // Latest-first matching from the back: the suffix of the word
            // takes the newest cards it can, which is optimal for existence.
            let mut out = vec![0; word.len()];
            let mut pos = train.len();
            for (k, &l) in word.iter().enumerate().rev() {
                pos = (0..pos).rev().find(|&p| fits(p, l))?;
                out[k] = pos;
            }
            Some(out)
        }
        TrainMatch::AnyOrder => {
            // Letters first, then wilds for what is left.
            let mut used = vec![false; train.len()];
            let mut out: Vec<Option<usize>> = vec![None; word.len()];
            for wild_pass in [false, true] {
                for (k, &l) in word.iter().enumerate() {
                    if out[k].is_some() {
                        continue;
                    }
                    let want = if wild_pass { None } else { Some(l) };
                    if let Some(p) = (0..train.len())
                        .rev()
                        .find(|&p| !used[p] && Some(p) != barred && train[p] == want)
                    {
                        used[p] = true;
                        out[k] = Some(p);
                    }
                }
            }
            out.into_iter().collect()
        }
    }
}

fn article(letter: &str) -> &'static str {
    if "AEFHILMNORSX".contains(letter) {
        "an"
    } else {
        "a"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deck::parse_letter_face;

    fn hand(faces: &[&str]) -> Vec<Card> {
        faces
            .iter()
            .enumerate()
            .map(|(i, f)| Card {
                id: CardId(i as u16),
                face: if *f == "?" {
                    Face::Wild
                } else {
                    parse_letter_face(f).unwrap()
                },
                value: 5,
            })
            .collect()
    }

    #[test]
    fn one_spelling_when_the_choice_does_not_matter() {
        let h = hand(&["B", "R", "A", "T", "T"]);
        let s = spell("brat", &h, 10).unwrap();
        assert_eq!(s.len(), 1, "the two Ts are alike");
        let ids: Vec<u16> = s[0].cards.iter().map(|p| p.card.0).collect();
        assert_eq!(ids, vec![0, 1, 2, 3]);
    }

    #[test]
    fn wilds_flips_and_combos_give_choices_that_matter() {
        let h = hand(&["Q", "U", "QU", "I", "T", "?"]);
        let s = spell("QUIT", &h, 10).unwrap();
        // Q + U, or the QU card, or the wild for either Q or U or I or T...
        assert!(s.len() >= 3, "{s:?}");
        assert!(s.iter().any(|x| x.cards.len() == 3), "the QU card");
        assert!(
            s.iter()
                .any(|x| x.cards.iter().any(|p| p.face == Face::Wild))
        );
        let h = hand(&["J/X", "A", "M"]);
        let s = spell("jam", &h, 10).unwrap();
        assert_eq!(s.len(), 1);
        assert_eq!(s[0].cards[0].letters, vec![Letter::from_char('j').unwrap()]);
    }

    #[test]
    fn a_missing_letter_is_named() {
        let h = hand(&["F", "I", "E", "N", "D"]);
        let err = spell("friend", &h, 10).unwrap_err();
        assert_eq!(err.to_string(), "FRIEND needs an R you don't hold.");
        let h = hand(&["F", "I", "E", "N", "D", "?"]);
        assert!(spell("friend", &h, 10).is_ok(), "a wild is the R");
        let err = spell("zzz", &hand(&["Z"]), 10).unwrap_err();
        assert_eq!(
            err.to_string(),
            "ZZZ needs the letters Z, Z you don't hold."
        );
        // QU as one card cannot be split for "QI".
        let err = spell("qi", &hand(&["QU", "I"]), 10).unwrap_err();
        assert_eq!(err.to_string(), "QI needs a Q you don't hold.");
        assert!(matches!(
            spell("no way", &h, 10),
            Err(SpellError::NotLetters(_))
        ));
        assert!(matches!(spell("", &h, 10), Err(SpellError::NotLetters(_))));
    }

    #[test]
    fn the_limit_bounds_the_search() {
        let h = hand(&["?", "?", "?", "?", "A", "B", "C", "D"]);
        assert_eq!(spell("abcd", &h, 3).unwrap().len(), 3);
    }

    #[test]
    fn words_are_found_in_the_train_as_each_rule_allows() {
        let t: Vec<Option<Letter>> = "tacxo?".chars().map(Letter::from_char).collect();
        let w = letters("cat").unwrap();
        assert_eq!(find_in_train(&w, &t, TrainMatch::Adjacent, None), None);
        assert_eq!(
            find_in_train(&w, &t, TrainMatch::InOrder, None),
            None,
            "no T after the C"
        );
        assert_eq!(
            find_in_train(&w, &t, TrainMatch::AnyOrder, None),
            Some(vec![2, 1, 0])
        );
        let w = letters("act").unwrap();
        assert_eq!(
            find_in_train(&w, &t, TrainMatch::Adjacent, None),
            None,
            "A C then X"
        );
        // The wild at the top is the T: "co?" reads COT.
        let w = letters("cot").unwrap();
        assert_eq!(
            find_in_train(&w, &t, TrainMatch::InOrder, None),
            Some(vec![2, 4, 5])
        );
        assert_eq!(find_in_train(&w, &t, TrainMatch::InOrder, Some(5)), None);
        let w = letters("xo").unwrap();
        assert_eq!(
            find_in_train(&w, &t, TrainMatch::Adjacent, None),
            Some(vec![3, 4])
        );
    }
}
