//! Word entry: a move names its word as text, and this finds every move the
//! word could stand for (a new word from hand, a table word grown into it,
//! table words combined into it), each in every spelling that matters, and
//! the cards of a hand that play it.

use super::growth::{Growing, Growth, combine, grow};
use super::table::{TableCard, TableWord};
use crate::card::{Card, CardId, Face, Letter};
use crate::dict::Dictionary;
use crate::game::ActionError;
use crate::pile::Hand;
use crate::seat::SeatId;
use crate::word::{self, Placed, SpellError, Spelling, WordCheck, letters, upper};

/// At most this many spellings of one word are offered as moves.
pub const MAX_SPELLINGS: usize = 8;
/// At most this many table words are combined into one.
const MAX_COMBINED: usize = 3;

/// One move a typed word could stand for. `cards` names the hand's cards
/// in word order, or is `None` when the hand cannot spell it (so that the
/// game's refusal gives the reason).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WordMove {
    /// A new word from hand.
    FromHand { cards: Option<Vec<CardId>> },
    /// Table word `target` grown into the word.
    Grow {
        target: u32,
        cards: Option<Vec<CardId>>,
    },
    /// Table words `targets` combined with cards from hand into the word.
    Combine {
        targets: Vec<u32>,
        cards: Option<Vec<CardId>>,
    },
}

/// Every move `word` could stand for, for a seat holding `hand` with the
/// table `table`, growing as `growing` allows: from hand first, then each
/// table word grown, then words combined. A spelling uses `must` (the card a
/// deep take obliges) where the word has its letter; spellings with fewer
/// wilds come first.
pub fn word_moves(
    word: &str,
    hand: &[Card],
    must: Option<&Card>,
    table: &[TableWord],
    growing: Growing,
) -> Vec<WordMove> {
    let spelled = |runs: &[Vec<Letter>]| -> Vec<Option<Vec<CardId>>> {
        let mut found = word::spellings_in_runs(runs, hand, MAX_SPELLINGS);
        found.sort_by_key(wilds);
        if found.is_empty() {
            return vec![None];
        }
        found
            .into_iter()
            .map(|s| {
                let mut placed = s.cards;
                oblige(&mut placed, must);
                Some(placed.iter().map(|p| p.card).collect())
            })
            .collect()
    };
    let typed = letters(word).unwrap_or_default();
    let mut out: Vec<WordMove> = spelled(std::slice::from_ref(&typed))
        .into_iter()
        .map(|cards| WordMove::FromHand { cards })
        .collect();
    for tw in table {
        let Ok(g) = grow(&card_letters(tw), word, growing) else {
            continue;
        };
        out.extend(spelled(&g.runs()).into_iter().map(|cards| WordMove::Grow {
            target: tw.id,
            cards,
        }));
    }
    if growing.combine {
        for (targets, g) in combinations(word, &typed, table, growing) {
            out.extend(
                spelled(&g.runs())
                    .into_iter()
                    .map(|cards| WordMove::Combine {
                        targets: targets.clone(),
                        cards,
                    }),
            );
        }
    }
    out
}

/// Each table word's cards as the letters they stand for.
pub fn card_letters(w: &TableWord) -> Vec<Vec<Letter>> {
    w.cards.iter().map(|c| c.letters().collect()).collect()
}

/// The sets of table words (two or more) that combine into `word`.
fn combinations(
    word: &str,
    typed: &[Letter],
    table: &[TableWord],
    growing: Growing,
) -> Vec<(Vec<u32>, Growth)> {
    let mut have = [0usize; 26];
    for l in typed {
        have[l.index()] += 1;
    }
    let fits = |w: &TableWord| {
        let mut need = [0usize; 26];
        for l in w.letters() {
            need[l.index()] += 1;
        }
        need.iter().zip(&have).all(|(n, h)| n <= h)
    };
    let candidates: Vec<&TableWord> = table.iter().filter(|w| fits(w)).collect();
    let mut out = Vec::new();
    let mut pick: Vec<usize> = Vec::new();
    subsets(
        candidates.len(),
        MAX_COMBINED,
        0,
        &mut pick,
        &mut |set: &[usize]| {
            if set.len() < 2 {
                return;
            }
            let words: Vec<Vec<Vec<Letter>>> =
                set.iter().map(|&i| card_letters(candidates[i])).collect();
            let refs: Vec<&[Vec<Letter>]> = words.iter().map(Vec::as_slice).collect();
            if let Ok(g) = combine(&refs, word, growing) {
                out.push((set.iter().map(|&i| candidates[i].id).collect(), g));
            }
        },
    );
    out
}

fn subsets(n: usize, max: usize, from: usize, pick: &mut Vec<usize>, f: &mut impl FnMut(&[usize])) {
    f(pick);
    if pick.len() == max {
        return;
    }
    for i in from..n {
        pick.push(i);
        subsets(n, max, i + 1, pick, f);
        pick.pop();
    }
}

fn wilds(s: &Spelling) -> usize {
    s.cards.iter().filter(|p| p.face == Face::Wild).count()
}

/// Equal cards are alike to a spelling: makes it use `must` (the card a deep
/// take obliges) in place of a card of the same face, if it has none.
pub fn oblige(placed: &mut [Placed], must: Option<&Card>) {
    if let Some(m) = must
        && !placed.iter().any(|p| p.card == m.id)
        && let Some(p) = placed.iter_mut().find(|p| p.face == m.face)
    {
        p.card = m.id;
    }
}

/// The cards of `hand` that play the letters `runs` (one run for a word
/// from hand; the runs of added letters for a growth): the `named` ones if
/// given, otherwise letters before wilds, using `must` (the card a deep take
/// obliges) if it can. `label` is the word the player named, for the
/// refusal.
pub fn choose_cards(
    runs: &[Vec<Letter>],
    label: &str,
    hand: &[Card],
    named: Option<&[CardId]>,
    must: Option<CardId>,
) -> Result<Vec<Placed>, ActionError> {
    if let Some(ids) = named {
        let mut chosen: Vec<Card> = Vec::new();
        for id in ids {
            let c = hand
                .iter()
                .find(|c| c.id == *id)
                .ok_or_else(|| ActionError::illegal("That card is not in your hand."))?;
            if chosen.iter().any(|x| x.id == *id) {
                return Err(ActionError::illegal("A card can be used only once."));
            }
            chosen.push(*c);
        }
        return word::spellings_in_runs(runs, &chosen, 64)
            .into_iter()
            .find(|s| s.cards.len() == chosen.len())
            .map(|s| s.cards)
            .ok_or_else(|| ActionError::illegal(format!("Those cards do not spell {label}.")));
    }
    let found = word::spellings_in_runs(runs, hand, 64);
    if found.is_empty() {
        return Err(ActionError::illegal(
            match word::spell(&upper(&runs.concat()), hand, 64) {
                Err(SpellError::Missing { missing, .. }) => {
                    format!("{label} needs {missing} you don't hold.")
                }
                Err(other) => other.to_string(),
                Ok(_) => format!("You cannot spell {label}."),
            },
        ));
    }
    let must_card = must.and_then(|m| hand.iter().find(|c| c.id == m));
    let misses_must =
        |s: &Spelling| must_card.is_some_and(|m| !s.cards.iter().any(|p| p.face == m.face));
    let mut best = found
        .into_iter()
        .min_by_key(|s| (misses_must(s), wilds(s), s.cards.len()))
        .map(|s| s.cards)
        .ok_or_else(|| ActionError::illegal(format!("You cannot spell {label}.")))?;
    oblige(&mut best, must_card);
    Ok(best)
}

/// Refuses a word the dictionary does not know, with the reason, when words
/// are checked at once (`strict`); in `challenge` checking every word stands
/// until challenged, except a blocked word, which is refused at once in every
/// mode (RULINGS.md): it is never laid and never stands.
pub fn check_word(dict: &Dictionary, check: WordCheck, word: &[Letter]) -> Result<(), ActionError> {
    let w = upper(word);
    let verdict = dict.check(&w);
    let refused = match check {
        WordCheck::Strict => !verdict.is_legal(),
        WordCheck::Challenge => verdict == crate::dict::Verdict::Blocked,
    };
    if refused {
        return Err(ActionError::illegal(verdict.explain(&w)));
    }
    Ok(())
}

/// Refuses, for `rummy score --on`, a word named as standing on the table
/// that no table could hold: one the dictionary does not give as a legal
/// word (`--on TIO`).
pub fn check_table_word(dict: &Dictionary, old: &str) -> Result<(), String> {
    let verdict = dict.check(old);
    if verdict.is_legal() {
        Ok(())
    } else {
        Err(format!(
            "{} Only a word that can stand on the table can grow.",
            verdict.explain(old)
        ))
    }
}

/// Takes the placed cards out of `hand` as table cards laid by `seat`.
pub fn lay(hand: &mut Hand, placed: &[Placed], seat: SeatId) -> Vec<TableCard> {
    placed
        .iter()
        .filter_map(|p| TableCard::new(hand.take(p.card).ok()?, &p.letters, seat))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deck::parse_letter_face;
    use crate::wordgame::table::{Source, Table};

    fn cards(faces: &[&str], from: u16) -> Vec<Card> {
        faces
            .iter()
            .enumerate()
            .map(|(i, f)| Card {
                id: CardId(from + i as u16),
                face: if *f == "?" {
                    Face::Wild
                } else {
                    parse_letter_face(f).unwrap()
                },
                value: 5,
            })
            .collect()
    }

    fn table(words: &[&str]) -> Table {
        let mut t = Table::default();
        for (k, w) in words.iter().enumerate() {
            let faces: Vec<String> = w.chars().map(|c| c.to_string()).collect();
            let faces: Vec<&str> = faces.iter().map(String::as_str).collect();
            let laid = cards(&faces, 100 + 10 * k as u16)
                .into_iter()
                .map(|c| TableCard::new(c, &[c.face.letter().unwrap()], SeatId(0)).unwrap())
                .collect();
            t.add(SeatId(0), laid, Source::Hand);
        }
        t
    }

    #[test]
    fn a_typed_word_stands_for_every_move_it_could_be() {
        let hand = cards(&["S", "R", "?"], 0);
        let t = table(&["CAT", "HE"]);
        let moves = word_moves("CATS", &hand, None, t.words(), Growing::ENDS);
        assert_eq!(
            moves,
            vec![
                WordMove::FromHand { cards: None },
                WordMove::Grow {
                    target: 0,
                    cards: Some(vec![CardId(0)])
                },
                WordMove::Grow {
                    target: 0,
                    cards: Some(vec![CardId(2)])
                },
            ],
            "S before the wild; no way to spell CATS from hand"
        );
        let moves = word_moves("CHEATS", &hand, None, t.words(), Growing::ANY);
        assert!(
            moves
                .iter()
                .any(|m| matches!(m, WordMove::Combine { targets, .. } if targets == &vec![0, 1])),
            "CAT and HE combine with S: {moves:?}"
        );
        let moves = word_moves("CHEATS", &hand, None, t.words(), Growing::INSERT);
        assert!(!moves.iter().any(|m| matches!(m, WordMove::Combine { .. })));
    }

    #[test]
    fn a_combo_card_plays_only_letters_side_by_side() {
        let hand = cards(&["QU", "E"], 0);
        let runs = vec![
            vec![Letter::from_char('q').unwrap()],
            vec![Letter::from_char('u').unwrap()],
        ];
        assert!(choose_cards(&runs, "QXU", &hand, None, None).is_err());
        let runs = vec![letters("qu").unwrap()];
        let placed = choose_cards(&runs, "QU", &hand, None, None).unwrap();
        assert_eq!(placed.len(), 1);
    }

    #[test]
    fn a_blocked_word_is_refused_in_every_mode_a_non_word_only_when_strict() {
        let d = Dictionary::shipped();
        for check in [WordCheck::Strict, WordCheck::Challenge] {
            for blocked in ["shit", "ofay", "sheeny"] {
                let err = check_word(&d, check, &letters(blocked).unwrap()).unwrap_err();
                assert!(
                    err.to_string().contains("blocked"),
                    "{check:?} {blocked}: {err}"
                );
            }
            assert!(check_word(&d, check, &letters("colour").unwrap()).is_ok());
        }
        let trit = letters("trit").unwrap();
        assert!(check_word(&d, WordCheck::Strict, &trit).is_err());
        assert!(check_word(&d, WordCheck::Challenge, &trit).is_ok());
    }

    #[test]
    fn only_a_legal_word_can_stand_on_the_table_to_grow() {
        let d = Dictionary::shipped();
        assert!(check_table_word(&d, "RATIO").is_ok());
        let err = check_table_word(&d, "TIO").unwrap_err();
        assert!(err.starts_with("TIO is not in the dictionary."), "{err}");
    }
}
