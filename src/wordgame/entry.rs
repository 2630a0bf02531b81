//! Word entry: a move names its word as text, and this finds every move the
//! word could stand for (a new word from hand, a table word grown into it,
//! table words combined into it), each in every spelling that matters, and
//! the cards of a hand that play it.

use super::growth::{GrowError, Growing, Growth, GrowthKind, combine_ways, grow_ways};
use super::laid::{TableCard, TableWord};
use crate::card::{Card, CardId, Face, Letter};
use crate::dict::Dictionary;
use crate::game::ActionError;
use crate::pile::Hand;
use crate::seat::SeatId;
use crate::word::{self, Placed, SpellError, Spelling, WordCheck, letters, upper};
use serde::{Deserialize, Serialize};

/// A word laid from hand, as typed: the word, and the cards that spell it
/// in word order when the choice matters (without them the game chooses).
/// Every word game's move of a new word from hand carries one.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Spelled {
    pub word: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cards: Option<Vec<CardId>>,
}

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
/// wilds come first. The table's wild and flip cards keep their letters.
pub fn word_moves(
    word: &str,
    hand: &[Card],
    must: Option<&Card>,
    table: &[TableWord],
    growing: Growing,
) -> Vec<WordMove> {
    word_moves_with(word, hand, must, table, growing, false)
}

/// [`word_moves`], and with `free_letters` the table's wild and flip cards
/// may take other letters in the grown word (see [`rebuilds`]). Each table
/// word (or set of them) is grown the first way of [`rebuilds`] that the
/// hand spells, the way the game takes the move.
pub fn word_moves_with(
    word: &str,
    hand: &[Card],
    must: Option<&Card>,
    table: &[TableWord],
    growing: Growing,
    free_letters: bool,
) -> Vec<WordMove> {
    let spelled = |runs: &[Vec<Letter>]| -> Vec<Vec<CardId>> {
        let mut found = word::spellings_in_runs(runs, hand, MAX_SPELLINGS);
        found.sort_by_key(wilds);
        found
            .into_iter()
            .map(|s| {
                let mut placed = s.cards;
                oblige(&mut placed, must);
                placed.iter().map(|p| p.card).collect()
            })
            .collect()
    };
    // The spellings of the first way the hand plays, or one move naming no
    // cards, for the game to refuse with its reason.
    let first_spelled = |ways: &[Rebuild]| -> Vec<Option<Vec<CardId>>> {
        ways.iter()
            .map(|w| spelled(&w.growth.runs()))
            .find(|s| !s.is_empty())
            .map_or_else(|| vec![None], |s| s.into_iter().map(Some).collect())
    };
    let typed = letters(word).unwrap_or_default();
    let from_hand = spelled(std::slice::from_ref(&typed));
    let mut out: Vec<WordMove> = if from_hand.is_empty() {
        vec![WordMove::FromHand { cards: None }]
    } else {
        from_hand
            .into_iter()
            .map(|cards| WordMove::FromHand { cards: Some(cards) })
            .collect()
    };
    for tw in table {
        let Ok(ways) = rebuilds(&[tw], word, growing, free_letters) else {
            continue;
        };
        out.extend(
            first_spelled(&ways)
                .into_iter()
                .map(|cards| WordMove::Grow {
                    target: tw.id,
                    cards,
                }),
        );
    }
    if growing.combine {
        for (targets, ways) in combinations(word, &typed, table, growing, free_letters) {
            out.extend(
                first_spelled(&ways)
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

/// The most ways [`rebuilds`] gives.
const MAX_REBUILDS: usize = 64;

/// One way to make table words into a new word: how they grow, and their
/// cards with the letters each stands for in the new word (a wild or flip
/// card may stand for another letter than before when letters are free).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rebuild {
    pub growth: Growth,
    /// Each old word's cards, in the growth's word order.
    pub old: Vec<Vec<TableCard>>,
}

impl Rebuild {
    /// The new word's cards: the old ones in place and `laid` (cards from
    /// hand in word order) in the runs; `None` if `laid` does not fit.
    pub fn assemble(&self, laid: &[TableCard]) -> Option<Vec<TableCard>> {
        let refs: Vec<&[TableCard]> = self.old.iter().map(Vec::as_slice).collect();
        self.growth.assemble(&refs, laid, TableCard::width)
    }
}

/// Every way the table words `olds` (one: a play-on; more: combined) grow
/// into `new` as `growing` allows, the plainest first: their cards as they
/// stand, in each place they fit ([`grow_ways`], [`combine_ways`]); then,
/// with `free_letters`, with their wild and flip cards given other letters
/// (fewest changed first), each such way counting as rearranged: a changed
/// letter rebuilds the word. This is the one place a table play finds where
/// the old cards go and which letters the hand must add, so the game takes
/// every growth `rummy score` scores whenever the hand holds the cards. The
/// error says why the words as they stand do not grow into `new`.
pub fn rebuilds(
    olds: &[&TableWord],
    new: &str,
    growing: Growing,
    free_letters: bool,
) -> Result<Vec<Rebuild>, GrowError> {
    let ways = |cards: &[Vec<TableCard>]| -> Result<Vec<Growth>, GrowError> {
        let letters: Vec<Vec<Vec<Letter>>> = cards
            .iter()
            .map(|w| w.iter().map(|c| c.letters().collect()).collect())
            .collect();
        match letters.as_slice() {
            [one] => grow_ways(one, new, growing),
            many => {
                let refs: Vec<&[Vec<Letter>]> = many.iter().map(Vec::as_slice).collect();
                combine_ways(&refs, new, growing)
            }
        }
    };
    let standing: Vec<Vec<TableCard>> = olds.iter().map(|w| w.cards.clone()).collect();
    let as_they_stand = ways(&standing);
    let mut out: Vec<Rebuild> = match &as_they_stand {
        Ok(gs) => gs
            .iter()
            .map(|g| Rebuild {
                growth: g.clone(),
                old: standing.clone(),
            })
            .collect(),
        Err(_) => Vec::new(),
    };
    if free_letters && let Ok(word) = letters(new) {
        for cards in reletterings(&standing, &word) {
            if out.len() >= MAX_REBUILDS {
                break;
            }
            let Ok(gs) = ways(&cards) else { continue };
            out.extend(gs.into_iter().map(|g| Rebuild {
                growth: rebuilt(g),
                old: cards.clone(),
            }));
        }
    }
    match as_they_stand {
        Err(e) if out.is_empty() => Err(e),
        _ => Ok(out),
    }
}

/// A growth whose wild or flip card took another letter: it counts as
/// rearranged.
fn rebuilt(g: Growth) -> Growth {
    let kind = match g.kind {
        GrowthKind::Ends | GrowthKind::Inserted | GrowthKind::Rearranged => GrowthKind::Rearranged,
        GrowthKind::Combined { .. } => GrowthKind::Combined { rearranged: true },
    };
    Growth { kind, ..g }
}

/// Whether a table card's letter may change when letters are free: a wild
/// or a flip card.
pub fn free_card(c: &TableCard) -> bool {
    matches!(c.card.face, Face::Wild | Face::Flip(..))
}

/// The old words' cards with their wild and flip cards given other letters
/// that `word` holds, one letter or more changed, fewest changed first: only
/// those whose letters all fit in `word` with a letter to spare.
fn reletterings(cards: &[Vec<TableCard>], word: &[Letter]) -> Vec<Vec<Vec<TableCard>>> {
    let free: Vec<(usize, usize)> = cards
        .iter()
        .enumerate()
        .flat_map(|(w, cs)| {
            cs.iter()
                .enumerate()
                .filter(|(_, c)| free_card(c))
                .map(move |(c, _)| (w, c))
        })
        .collect();
    if free.is_empty() {
        return Vec::new();
    }
    // The letters the word has for the free cards, once the others are in.
    let mut spare = [0i32; 26];
    for l in word {
        spare[l.index()] += 1;
    }
    for c in cards.iter().flatten().filter(|c| !free_card(c)) {
        for l in c.letters() {
            spare[l.index()] -= 1;
        }
    }
    let old_len: usize = cards.iter().flatten().map(TableCard::width).sum();
    if spare.iter().any(|&n| n < 0) || old_len >= word.len() {
        return Vec::new();
    }
    // Each free card's letters: its own first, then the others it may take.
    let options: Vec<Vec<Letter>> = free
        .iter()
        .map(|&(w, c)| {
            let card = &cards[w][c];
            let mut each = vec![card.letter];
            let others: Vec<Letter> = match card.card.face {
                Face::Flip(a, b) => vec![a, b],
                _ => word.to_vec(),
            };
            for l in others {
                if !each.contains(&l) && spare[l.index()] > 0 {
                    each.push(l);
                }
            }
            each
        })
        .collect();
    let mut found: Vec<(usize, Vec<Vec<TableCard>>)> = Vec::new();
    let mut pick = vec![0usize; free.len()];
    loop {
        // The next choice, odometer-wise; the first (all unchanged) is
        // skipped.
        let mut i = 0;
        while i < pick.len() {
            pick[i] += 1;
            if pick[i] < options[i].len() {
                break;
            }
            pick[i] = 0;
            i += 1;
        }
        if i == pick.len() {
            break;
        }
        let mut left = spare;
        let mut fits = true;
        for (k, &p) in pick.iter().enumerate() {
            let l = options[k][p];
            left[l.index()] -= 1;
            fits &= left[l.index()] >= 0;
        }
        if !fits {
            continue;
        }
        let mut next = cards.to_vec();
        for (k, &(w, c)) in free.iter().enumerate() {
            next[w][c].letter = options[k][pick[k]];
        }
        found.push((pick.iter().filter(|&&p| p > 0).count(), next));
    }
    found.sort_by_key(|(changed, _)| *changed);
    found
        .into_iter()
        .take(MAX_REBUILDS)
        .map(|(_, cards)| cards)
        .collect()
}

/// The first of `ways` whose letters from hand `hand` plays (the `named`
/// cards if given, see [`choose_cards`]), with the cards that play it: how
/// the game takes a play on table words. The refusal is the first way's.
pub fn choose_rebuild(
    ways: Vec<Rebuild>,
    label: &str,
    hand: &[Card],
    named: Option<&[CardId]>,
    must: Option<CardId>,
) -> Result<(Rebuild, Vec<Placed>), ActionError> {
    let mut refusal = None;
    for way in ways {
        match choose_cards(&way.growth.runs(), label, hand, named, must) {
            Ok(placed) => return Ok((way, placed)),
            Err(e) => {
                refusal.get_or_insert(e);
            }
        }
    }
    Err(refusal.unwrap_or_else(|| ActionError::illegal(format!("You cannot spell {label}."))))
}

/// Each table word's cards as the letters they stand for.
pub fn card_letters(w: &TableWord) -> Vec<Vec<Letter>> {
    w.cards.iter().map(|c| c.letters().collect()).collect()
}

/// The sets of table words (two or more) that combine into `word`, each
/// with its ways (see [`rebuilds`]).
fn combinations(
    word: &str,
    typed: &[Letter],
    table: &[TableWord],
    growing: Growing,
    free_letters: bool,
) -> Vec<(Vec<u32>, Vec<Rebuild>)> {
    let mut have = [0usize; 26];
    for l in typed {
        have[l.index()] += 1;
    }
    // A word's letters must be in the new word (but those of its wild and
    // flip cards, when they may change).
    let fits = |w: &TableWord| {
        let mut need = [0usize; 26];
        for c in w.cards.iter().filter(|c| !(free_letters && free_card(c))) {
            for l in c.letters() {
                need[l.index()] += 1;
            }
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
            let words: Vec<&TableWord> = set.iter().map(|&i| candidates[i]).collect();
            if let Ok(ways) = rebuilds(&words, word, growing, free_letters) {
                out.push((set.iter().map(|&i| candidates[i].id).collect(), ways));
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

/// A new word from `hand`, as far as its cards: the word's letters (at
/// least `min_len` of them) and the cards that play them (see
/// [`choose_cards`]).
pub fn from_hand(
    text: &str,
    min_len: usize,
    hand: &[Card],
    named: Option<&[CardId]>,
    must: Option<CardId>,
) -> Result<(Vec<Letter>, Vec<Placed>), ActionError> {
    let w = letters(text).map_err(|e| ActionError::illegal(e.to_string()))?;
    if w.len() < min_len {
        return Err(ActionError::illegal(format!(
            "A word needs at least {min_len} letters."
        )));
    }
    let placed = choose_cards(std::slice::from_ref(&w), &upper(&w), hand, named, must)?;
    Ok((w, placed))
}

/// Table word `target` grown into a typed word with cards from a hand, as
/// far as the cards: the word as it stood and the growth.
#[derive(Clone, Debug)]
pub struct Grown {
    /// The word as it stood, its cards and the seat that owns it.
    pub old: String,
    pub old_cards: Vec<TableCard>,
    pub owner: SeatId,
    pub growth: Growth,
    /// The word as the player typed it, upper case, for the refusals.
    pub label: String,
    /// The hand's cards that play the added letters.
    pub placed: Vec<Placed>,
}

impl Grown {
    /// Table word `target` of `table` grown into `text` as `growing`
    /// allows, with cards of `hand` (see [`choose_cards`]).
    pub fn new(
        table: &super::laid::Table,
        target: u32,
        text: &str,
        growing: Growing,
        (hand, named, must): (&[Card], Option<&[CardId]>, Option<CardId>),
    ) -> Result<Grown, ActionError> {
        let Some(old_word) = table.get(target) else {
            return Err(ActionError::illegal("There is no such word on the table."));
        };
        let growth = super::growth::grow(&card_letters(old_word), text, growing)
            .map_err(|e| ActionError::illegal(e.to_string()))?;
        let label = text.trim().to_uppercase();
        let placed = choose_cards(&growth.runs(), &label, hand, named, must)?;
        Ok(Grown {
            old: old_word.text(),
            old_cards: old_word.cards.clone(),
            owner: old_word.owner,
            growth,
            label,
            placed,
        })
    }

    /// The grown word's cards, the old ones with `laid` put in.
    pub fn assemble(&self, laid: &[TableCard]) -> Result<Vec<TableCard>, ActionError> {
        self.growth
            .assemble(&[&self.old_cards], laid, TableCard::width)
            .ok_or_else(|| {
                ActionError::illegal(format!("Those cards do not spell {}.", self.label))
            })
    }
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
    use crate::wordgame::laid::{Source, Table};

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
    fn a_combo_card_goes_where_the_table_word_leaves_it_room() {
        // ATE + ST + U = ASTUTE: the ST card stands between A and the
        // second T, the place that leaves S and T side by side.
        let hand = cards(&["ST", "U"], 0);
        let t = table(&["ATE"]);
        for growing in [Growing::INSERT, Growing::ANY] {
            let moves = word_moves("ASTUTE", &hand, None, t.words(), growing);
            assert!(
                moves.contains(&WordMove::Grow {
                    target: 0,
                    cards: Some(vec![CardId(0), CardId(1)])
                }),
                "{moves:?}"
            );
        }
        let olds: Vec<&TableWord> = t.words().iter().collect();
        let ways = rebuilds(&olds, "ASTUTE", Growing::ANY, false).unwrap();
        let (way, placed) = choose_rebuild(ways, "ASTUTE", &hand, None, None).unwrap();
        assert_eq!(way.growth.runs(), vec![letters("stu").unwrap()]);
        assert_eq!(placed.len(), 2);
    }

    #[test]
    fn free_letters_let_a_flip_card_take_its_other_letter() {
        // JAW with its J/X card as J: WAXED only with letters free.
        let l = |c: char| Letter::from_char(c).unwrap();
        let laid: Vec<TableCard> = cards(&["J/X", "A", "W"], 100)
            .into_iter()
            .zip([l('j'), l('a'), l('w')])
            .map(|(c, letter)| TableCard::new(c, &[letter], SeatId(0)).unwrap())
            .collect();
        let mut t = Table::default();
        t.add(SeatId(0), laid, Source::Hand);
        let jaw: Vec<&TableWord> = t.words().iter().collect();
        assert!(rebuilds(&jaw, "WAXED", Growing::ANY, false).is_err());
        let ways = rebuilds(&jaw, "WAXED", Growing::ANY, true).unwrap();
        assert_eq!(ways[0].growth.kind, GrowthKind::Rearranged);
        assert_eq!(ways[0].old[0][0].letter, l('x'));
        assert_eq!(ways[0].growth.runs(), vec![letters("ed").unwrap()]);
        let hand = cards(&["E", "D"], 0);
        let moves = word_moves_with("WAXED", &hand, None, t.words(), Growing::ANY, true);
        assert!(
            moves
                .iter()
                .any(|m| matches!(m, WordMove::Grow { cards: Some(_), .. })),
            "{moves:?}"
        );
        let fixed = word_moves("WAXED", &hand, None, t.words(), Growing::ANY);
        assert!(!fixed.iter().any(|m| matches!(m, WordMove::Grow { .. })));
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
