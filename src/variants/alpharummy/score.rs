//! How AlphaRummy scores a word, one function for the game and for people
//! playing with real cards (`rummy score alpharummy`): the values of the
//! cards the seat laid (for an add-on, only the added ones) times the
//! multiplier for the new word's length, and that length's bonus cards.

use crate::deck::DeckSpec;
use crate::dict::Dictionary;
use crate::word::{letters, upper};
use crate::wordgame::{Growing, grow};

/// The shortest word that may be laid.
pub const MIN_LEN: usize = 4;

/// The length from which every word scores alike: 7 letters or more.
pub const TOP_LEN: usize = 7;

/// The multiplier and bonus cards of a word of `len` letters (4: ×1 and 1
/// card; 5: ×2, 2; 6: ×3, 3; 7 or more: ×4, 4), or `None` under 4 letters.
pub fn multiplier(len: usize) -> Option<(i64, usize)> {
    match len {
        0..MIN_LEN => None,
        4 => Some((1, 1)),
        5 => Some((2, 2)),
        6 => Some((3, 3)),
        _ => Some((4, 4)),
    }
}

/// The scoring table of the rules, for pages that show it: each length
/// from the shortest word up to [`TOP_LEN`] (that length or more), with
/// its multiplier and bonus cards.
pub fn table() -> Vec<(usize, i64, usize)> {
    (MIN_LEN..=TOP_LEN)
        .filter_map(|len| multiplier(len).map(|(m, bonus)| (len, m, bonus)))
        .collect()
}

/// What laying cards worth `laid` (each card's value) into a word of `len`
/// letters scores.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WordScore {
    /// The values of the cards laid, added up.
    pub base: i64,
    pub multiplier: i64,
    pub points: i64,
    pub bonus: usize,
    pub len: usize,
}

/// The score of laying cards of values `laid` into a word of `len` letters;
/// `None` under 4 letters.
pub fn score(laid: &[i64], len: usize) -> Option<WordScore> {
    let (multiplier, bonus) = multiplier(len)?;
    let base: i64 = laid.iter().sum();
    Some(WordScore {
        base,
        multiplier,
        points: base * multiplier,
        bonus,
        len,
    })
}

fn number_word(n: usize) -> String {
    match n {
        4 => "four".into(),
        5 => "five".into(),
        6 => "six".into(),
        7 => "seven".into(),
        8 => "eight".into(),
        9 => "nine".into(),
        n => n.to_string(),
    }
}

fn cards(n: usize) -> String {
    crate::card::count_of(n, "bonus card")
}

use crate::card::points;

/// The value of one letter card of `deck`, if the deck has it.
fn value(deck: &DeckSpec, letter: char) -> Option<i64> {
    deck.letters
        .get(&letter.to_ascii_uppercase().to_string())
        .map(|c| c.value as i64)
}

/// "3 points and 3 bonus cards: R is 1 point, ×3 for six letters." — what
/// laying `added` (the letters from hand) into `word` scores, and why.
fn explain(deck: &DeckSpec, added: &str, word: &str) -> Result<String, String> {
    let mut values = Vec::new();
    let mut each = Vec::new();
    for ch in added.chars() {
        let v = value(deck, ch).ok_or_else(|| format!("The deck has no {ch} card."))?;
        values.push(v);
        each.push(format!("{ch} {}", points(v)));
    }
    let len = word.chars().count();
    let s = score(&values, len)
        .ok_or_else(|| format!("{word} has {len} letters: a word needs at least {MIN_LEN}."))?;
    let laid = match each.as_slice() {
        [one] => one.replacen(' ', " is ", 1),
        _ => format!("{} make {}", each.join(", "), s.base),
    };
    Ok(format!(
        "{} and {}: {laid}, ×{} for {} letters.",
        points(s.points),
        cards(s.bonus),
        s.multiplier,
        number_word(len)
    ))
}

/// What laying `word` from hand scores, and why, or why it may not be laid.
pub fn explain_meld(deck: &DeckSpec, dict: &Dictionary, word: &str) -> Result<String, String> {
    let w = upper(&letters(word).map_err(|e| e.to_string())?);
    let verdict = dict.check(&w);
    if !verdict.is_legal() {
        return Err(verdict.explain(&w));
    }
    explain(deck, &w, &w)
}

/// What growing `old` into `new` scores (only the added letters count), and
/// why, or why it is not an add-on.
pub fn explain_add_on(
    deck: &DeckSpec,
    dict: &Dictionary,
    old: &str,
    new: &str,
) -> Result<String, String> {
    crate::wordgame::check_table_word(dict, old)?;
    let old_letters = letters(old).map_err(|e| e.to_string())?;
    let cards: Vec<_> = old_letters.iter().map(|l| vec![*l]).collect();
    let g = grow(&cards, new, Growing::INSERT).map_err(|e| e.to_string())?;
    let w = upper(&g.word);
    let verdict = dict.check(&w);
    if !verdict.is_legal() {
        return Err(verdict.explain(&w));
    }
    explain(deck, &upper(&g.added()), &w)
}

/// The bonus cards a word that `earned` them gives now: what the stock can
/// still give after the `owed` cards already due, so none once it is out.
pub fn bonus_due(earned: usize, stock_left: usize, owed: usize) -> usize {
    earned.min(stock_left.saturating_sub(owed))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::alpharummy::AlphaRummy;
    use crate::variants::{RulesSource, load_rules};

    fn deck() -> DeckSpec {
        load_rules::<AlphaRummy>(&RulesSource::default())
            .unwrap()
            .deck
    }

    #[test]
    fn multipliers_and_bonus_cards_follow_the_length() {
        // The table stops where the multiplier stops growing.
        assert_eq!(table(), vec![(4, 1, 1), (5, 2, 2), (6, 3, 3), (7, 4, 4)]);
        assert_ne!(multiplier(TOP_LEN - 1), multiplier(TOP_LEN));
        assert_eq!(multiplier(TOP_LEN + 5), multiplier(TOP_LEN));
        assert_eq!(multiplier(3), None);
        assert_eq!(multiplier(4), Some((1, 1)));
        assert_eq!(multiplier(5), Some((2, 2)));
        assert_eq!(multiplier(6), Some((3, 3)));
        assert_eq!(multiplier(7), Some((4, 4)));
        assert_eq!(multiplier(12), Some((4, 4)));
        let s = score(&[1, 1, 2, 3], 6).unwrap();
        assert_eq!((s.base, s.points, s.bonus), (7, 21, 3));
    }

    #[test]
    fn the_text_s_add_ons_score_only_the_added_letters() {
        let dict = Dictionary::shipped();
        let deck = deck();
        assert_eq!(
            explain_add_on(&deck, &dict, "FIEND", "FRIEND").unwrap(),
            "3 points and 3 bonus cards: R is 1 point, ×3 for six letters."
        );
        assert_eq!(
            explain_add_on(&deck, &dict, "FRIEND", "FRIENDS").unwrap(),
            "4 points and 4 bonus cards: S is 1 point, ×4 for seven letters."
        );
        assert!(
            explain_add_on(&deck, &dict, "RATE", "GREAT")
                .unwrap_err()
                .contains("order")
        );
        assert!(explain_add_on(&deck, &dict, "FIEND", "FIENDZZ").is_err());
    }

    #[test]
    fn a_meld_scores_its_cards_times_its_multiplier() {
        let dict = Dictionary::shipped();
        let deck = deck();
        // Q 10 + U 1 + I 1 + Z 10 = 22, four letters: ×1.
        assert_eq!(
            explain_meld(&deck, &dict, "quiz").unwrap(),
            "22 points and 1 bonus card: Q 10 points, U 1 point, I 1 point, Z 10 points make 22, ×1 for four letters."
        );
        assert!(
            explain_meld(&deck, &dict, "cat")
                .unwrap_err()
                .contains("at least 4")
        );
        assert!(explain_meld(&deck, &dict, "qzxv").is_err());
    }
}
