//! Word search for the word games' bots, on the anagram index: the words a
//! hand can play (with wilds, and with a card it must use), and the words a
//! train of discards holds ("Wrummy!" calls). Extensions of table words are
//! [`Dictionary::extensions`].

use super::{Dictionary, Rack};
use crate::card::Letter;
use crate::word::{TrainMatch, find_in_train};
use std::collections::HashSet;

/// The longest run of a train searched for an adjacent word.
const LONGEST: usize = 15;

/// A word standing in the train, and the positions of its cards in word order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrainWord {
    pub word: String,
    pub positions: Vec<usize>,
}

impl Dictionary {
    /// Every legal word of `min..=max` letters that `rack` spells and that
    /// uses letter `must` if one is given (a wild of the rack may stand for
    /// it).
    pub fn playable(&self, rack: &Rack, must: Option<Letter>, min: usize, max: usize) -> Vec<&str> {
        let mut out = Vec::new();
        self.for_each_sub_anagram(rack, |w| {
            let fits = (min..=max).contains(&w.len());
            if fits && must.is_none_or(|m| w.contains(m.lower())) {
                out.push(w);
            }
        });
        out
    }

    /// Every legal word of at least `min` letters standing in `train` (oldest
    /// first; `None` is a wild) as `how` allows, never using position
    /// `barred`. Each word once, at the positions nearest the top.
    pub fn callable(
        &self,
        train: &[Option<Letter>],
        how: TrainMatch,
        barred: Option<usize>,
        min: usize,
    ) -> Vec<TrainWord> {
        let mut seen: HashSet<String> = HashSet::new();
        let mut out = Vec::new();
        let mut push = |word: &str, positions: Vec<usize>| {
            if seen.insert(word.to_string()) {
                out.push(TrainWord {
                    word: word.to_string(),
                    positions,
                });
            }
        };
        let min = min.max(1);
        match how {
            TrainMatch::Adjacent => {
                // From each start, walk the word FST along the train: a wild
                // follows every branch, and a run ends when no branch is left.
                let fst = self.words.as_fst();
                for start in (0..train.len()).rev() {
                    let end = train.len().min(start + LONGEST);
                    let stop = barred.filter(|&b| b >= start).unwrap_or(usize::MAX);
                    let mut states = vec![(fst.root(), String::new())];
                    for (pos, card) in train.iter().enumerate().take(end).skip(start) {
                        if pos == stop || states.is_empty() {
                            break;
                        }
                        let mut next = Vec::new();
                        for (node, word) in &states {
                            let mut follow = |t: fst::raw::Transition| {
                                let mut w = word.clone();
                                w.push(t.inp as char);
                                next.push((fst.node(t.addr), w));
                            };
                            match card {
                                Some(l) => {
                                    if let Some(i) = node.find_input(l.lower() as u8) {
                                        follow(node.transition(i));
                                    }
                                }
                                None => node.transitions().for_each(follow),
                            }
                        }
                        states = next;
                        if pos + 1 - start >= min {
                            for (node, word) in &states {
                                if node.is_final() && !self.is_blocked(word) {
                                    push(word, (start..=pos).collect());
                                }
                            }
                        }
                    }
                }
            }
            TrainMatch::InOrder | TrainMatch::AnyOrder => {
                let mut rack = Rack::new();
                let mut wilds = 0u8;
                for (p, l) in train.iter().enumerate() {
                    match l {
                        _ if Some(p) == barred => {}
                        Some(l) => {
                            rack.add(l.lower());
                        }
                        None => wilds = wilds.saturating_add(1),
                    }
                }
                let rack = rack.with_wilds(wilds);
                self.for_each_sub_anagram(&rack, |w| {
                    if w.len() < min {
                        return;
                    }
                    let letters: Vec<Letter> = w.chars().filter_map(Letter::from_char).collect();
                    if let Some(positions) = find_in_train(&letters, train, how, barred) {
                        push(w, positions);
                    }
                });
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn train(s: &str) -> Vec<Option<Letter>> {
        s.chars().map(Letter::from_char).collect()
    }

    fn words(found: &[TrainWord]) -> Vec<&str> {
        let mut w: Vec<&str> = found.iter().map(|t| t.word.as_str()).collect();
        w.sort_unstable();
        w
    }

    #[test]
    fn adjacent_words_stand_as_runs() {
        let d = Dictionary::shipped();
        let t = train("xcatz");
        let found = d.callable(&t, TrainMatch::Adjacent, None, 3);
        assert_eq!(words(&found), vec!["cat"]);
        assert_eq!(found[0].positions, vec![1, 2, 3]);
        // The barred card (just discarded) may not be used.
        assert!(d.callable(&t, TrainMatch::Adjacent, Some(3), 3).is_empty());
        // A wild stands for any letter, here the A of CAT (or O of COT...).
        let found = d.callable(&train("xc?tz"), TrainMatch::Adjacent, None, 3);
        assert!(words(&found).contains(&"cat") && words(&found).contains(&"cot"));
        // Scattered letters are no run.
        assert!(
            !words(&d.callable(&train("cxaxt"), TrainMatch::Adjacent, None, 3)).contains(&"cat")
        );
    }

    #[test]
    fn in_order_and_any_order_allow_gaps_and_shuffles() {
        let d = Dictionary::shipped();
        let t = train("cxaxt");
        let found = d.callable(&t, TrainMatch::InOrder, None, 3);
        let cat = found.iter().find(|w| w.word == "cat").unwrap();
        assert_eq!(cat.positions, vec![0, 2, 4]);
        assert!(!words(&found).contains(&"act"), "out of order");
        let found = d.callable(&t, TrainMatch::AnyOrder, None, 3);
        assert!(words(&found).contains(&"act"));
        assert!(!words(&d.callable(&t, TrainMatch::AnyOrder, Some(0), 3)).contains(&"act"));
    }

    #[test]
    fn playable_words_use_the_card_they_must() {
        let d = Dictionary::shipped();
        let rack = Rack::from_letters("tacos").unwrap();
        let all = d.playable(&rack, None, 2, 5);
        assert!(all.contains(&"coats") && all.contains(&"at"));
        let with_s = d.playable(&rack, Letter::from_char('s'), 4, 5);
        assert!(with_s.contains(&"cats") && !with_s.contains(&"coat"));
        assert!(with_s.iter().all(|w| w.contains('s') && w.len() >= 4));
    }
}
