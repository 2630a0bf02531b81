//! Play On Words bots, deciding from one seat's view only.
//!
//! - **easy** plans plainly to go out: it plays as soon as it has a move
//!   (a common new word, or letters added at a table word's ends making a
//!   common word), one of the three worth most to it (its points and a
//!   point for each letter it gets rid of), drawing more only when it has
//!   none, and goes out when its moves can lay every card; it never
//!   rearranges, combines, mugs or challenges.
//! - **normal** plays the best-scoring move each time: a new word, or a
//!   play-on that keeps the table word's letters in order; it goes out
//!   when its moves can lay every card it holds.
//! - **hard** also rearranges table words and combines them; it values
//!   every card it gets rid of (a point it will not lose, a step to going
//!   out), rearranges and combines to go out too, keeps its
//!   combo cards for words of six letters or more, plays muggins, and
//!   challenges words that are not in the dictionary.
//! - Every level, holding 8 with nothing played and a play the engine sees
//!   (so that no card may go under the draw pile), makes a move of the
//!   hard search rather than sit on 8 cards with no card drawn.

use super::score::{self, MIN_LEN};
use super::{Phase, PlayOnWords, PowAction, PowView, Version, letter_count};
use crate::card::{Card, CardId, Face, Letter};
use crate::dict::anagram::Extension;
use crate::dict::{Dictionary, Rack};
use crate::expert::Effort;
use crate::game::Bot;
use crate::lookahead::{Bots, LookAhead};
use crate::rng::GameRng;
use crate::seat::{BotLevel, SeatId};
use crate::word::{self, WordCheck, letters};
use crate::wordgame::entry::free_card;
use crate::wordgame::expert as word_expert;
use crate::wordgame::{Growing, Growth, Spelled, TableWord, WordBot, bot_challenges, rebuilds};
use std::collections::HashSet;

/// How a bot of one level plays.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Style {
    /// The rarest commonness tier it lays (lower is more common).
    pub tier: u8,
    /// Whether it plays on table words at all, and how.
    pub play_ons: Option<Growing>,
    /// What each card it gets rid of is worth to it, besides the points.
    pub card_value: f64,
    /// Whether it keeps combo cards for long words.
    pub keeps_combos: bool,
    /// Whether it stops drawing when it can go out now.
    pub goes_out_early: bool,
    /// Whether it draws up to 8 before it plays (or plays as soon as it
    /// has a move, keeping its hand small to go out).
    pub draws_first: bool,
    pub muggins: bool,
    /// How many of its best new words it chooses among.
    pub choose_among: usize,
}

impl Style {
    pub fn of(level: BotLevel) -> Style {
        match level {
            BotLevel::Easy => Style {
                tier: 20,
                play_ons: Some(Growing::ENDS),
                card_value: 1.0,
                keeps_combos: false,
                goes_out_early: true,
                draws_first: false,
                muggins: false,
                choose_among: 3,
            },
            BotLevel::Normal => Style {
                tier: crate::dict::RAREST_SUGGESTED,
                play_ons: Some(Growing::INSERT),
                card_value: 0.0,
                keeps_combos: false,
                goes_out_early: true,
                draws_first: true,
                muggins: false,
                choose_among: 1,
            },
            BotLevel::Hard | BotLevel::Expert => Style {
                tier: crate::dict::RAREST_SUGGESTED,
                play_ons: Some(Growing::ANY),
                card_value: 1.5,
                keeps_combos: true,
                goes_out_early: true,
                draws_first: true,
                muggins: true,
                choose_among: 1,
            },
        }
    }
}

/// A move the bot could make: a new word, a play-on, a combination, or a
/// muggins play.
#[derive(Clone, Debug, PartialEq)]
pub struct Candidate {
    pub action: PowAction,
    /// The new word, upper case.
    pub word: String,
    /// The table words it grows, upper case.
    pub grows: Vec<String>,
    /// How it grows them ("rearranged", ...); empty for a new word.
    pub how: String,
    pub points: i64,
    /// The cards it lays.
    pub cards: Vec<CardId>,
    /// The letters those cards count for.
    pub letters: usize,
    /// What it is worth to the bot.
    pub value: f64,
}

/// A Play On Words bot.
pub type PowBot = WordBot<Style>;

crate::wordgame::bot_style!(Style);

/// The racks `cards` make, one for each choice of letter on its flip
/// cards: combo cards give both letters, wilds stay wild.
pub fn racks(cards: &[Card]) -> Vec<Rack> {
    let mut out = vec![Rack::new()];
    let mut wilds = 0u8;
    for c in cards {
        match c.face {
            Face::Letter(l) => out.iter_mut().for_each(|r| {
                let _ = r.add(l.lower());
            }),
            Face::Combo(a, b) => out.iter_mut().for_each(|r| {
                let _ = r.add(a.lower());
                let _ = r.add(b.lower());
            }),
            Face::Flip(a, b) => {
                let mut with_b = out.clone();
                out.iter_mut().for_each(|r| {
                    let _ = r.add(a.lower());
                });
                with_b.iter_mut().for_each(|r| {
                    let _ = r.add(b.lower());
                });
                out.extend(with_b);
            }
            Face::Wild => wilds = wilds.saturating_add(1),
            _ => {}
        }
    }
    out.into_iter().map(|r| r.with_wilds(wilds)).collect()
}

/// The cards of `hand` that play `runs`, in word order: letters before
/// wilds where it can.
fn spell(runs: &[Vec<Letter>], hand: &[Card]) -> Option<Vec<CardId>> {
    // The search tries the cards in order, so with the wilds last the first
    // spelling it finds saves them.
    let mut cards = hand.to_vec();
    cards.sort_by_key(|c| c.face == Face::Wild);
    word::spellings_in_runs(runs, &cards, 1)
        .into_iter()
        .next()
        .map(|s| s.cards.into_iter().map(|p| p.card).collect())
}

/// The first way of growing table words `olds` into `word` whose letters
/// from hand `hand` spells (as the game takes it: see
/// [`crate::wordgame::rebuilds`]), with the cards.
fn first_spelled(
    olds: &[&TableWord],
    word: &str,
    (growing, free_letters): (Growing, bool),
    hand: &[Card],
) -> Option<(Growth, Vec<CardId>)> {
    rebuilds(olds, word, growing, free_letters)
        .ok()?
        .into_iter()
        .find_map(|way| spell(&way.growth.runs(), hand).map(|ids| (way.growth, ids)))
}

fn letters_of(ids: &[CardId], hand: &[Card]) -> usize {
    ids.iter()
        .filter_map(|id| hand.iter().find(|c| c.id == *id))
        .map(letter_count)
        .sum()
}

fn combos_of(ids: &[CardId], hand: &[Card]) -> usize {
    ids.iter()
        .filter_map(|id| hand.iter().find(|c| c.id == *id))
        .filter(|c| matches!(c.face, Face::Combo(..)))
        .count()
}

impl PowBot {
    fn allowed(&self, word: &str) -> bool {
        self.dict.tier(word).is_some_and(|t| t <= self.style.tier)
    }

    /// What a move is worth to the bot: its points, and for the hard bot
    /// each card laid, going out, and a combo card kept for a long word.
    fn worth(&self, points: i64, ids: &[CardId], hand: &[Card], word_len: usize) -> f64 {
        let mut v = points as f64 + self.style.card_value * letters_of(ids, hand) as f64;
        if self.style.card_value > 0.0 && ids.len() == hand.len() {
            v += score::OUT_BONUS as f64 + 4.0;
        }
        if self.style.keeps_combos && word_len < 6 && ids.len() < hand.len() {
            v -= 3.0 * combos_of(ids, hand) as f64;
        }
        v
    }

    /// The new words from `cards` (the bot's hand, or a seat's cards in
    /// muggins), each with its cards.
    fn new_words(&self, cards: &[Card], mut each: impl FnMut(String, Vec<CardId>)) {
        self.new_words_while(cards, |w, ids| {
            each(w, ids);
            true
        });
    }

    /// [`PowBot::new_words`] until `each` says to stop (returns false).
    fn new_words_while(&self, cards: &[Card], mut each: impl FnMut(String, Vec<CardId>) -> bool) {
        let mut seen: HashSet<String> = HashSet::new();
        for rack in racks(cards) {
            for w in self.dict.sub_anagrams_min(&rack, MIN_LEN) {
                if !seen.insert(w.to_string()) || !self.allowed(w) || Dictionary::is_plural(w) {
                    continue;
                }
                let Ok(l) = letters(w) else { continue };
                if let Some(ids) = spell(std::slice::from_ref(&l), cards)
                    && !each(w.to_ascii_uppercase(), ids)
                {
                    return;
                }
            }
        }
    }

    /// The play-ons of table word `tw` with `cards`, as `growing` allows;
    /// with `free_letters`, its wild and flip cards may take other letters.
    fn play_ons(
        &self,
        tw: &TableWord,
        cards: &[Card],
        (growing, free_letters): (Growing, bool),
        mut each: impl FnMut(String, Growth, Vec<CardId>),
    ) {
        // Cards whose letters may change are searched as wilds, besides the
        // hand's: the word needs the other cards' letters.
        let free = if free_letters {
            tw.cards.iter().filter(|c| free_card(c)).count()
        } else {
            0
        };
        let base: String = tw
            .cards
            .iter()
            .filter(|c| free == 0 || !free_card(c))
            .flat_map(|c| c.letters())
            .map(|l| l.lower())
            .collect();
        let mut seen: HashSet<String> = HashSet::new();
        for rack in racks(cards) {
            let found = if free > 0 {
                let rack = rack.with_wilds(rack.wilds().saturating_add(free as u8));
                let mut found = self.dict.play_ons(&base, &rack);
                found.retain(|w| w.len() > tw.len());
                found
            } else if growing.rearrange {
                self.dict.play_ons(&base, &rack)
            } else {
                self.dict.extensions(&base, &rack, Extension::Inserts)
            };
            for w in found {
                if !seen.insert(w.to_string()) || !self.allowed(w) {
                    continue;
                }
                let Some((g, ids)) = first_spelled(&[tw], w, (growing, free_letters), cards) else {
                    continue;
                };
                if score::check_plural(w, Some(&g)).is_err() {
                    continue;
                }
                each(w.to_ascii_uppercase(), g, ids);
            }
        }
    }

    /// The combinations of two table words with `cards`; with
    /// `free_letters`, their wild and flip cards may take other letters.
    fn combinations(
        &self,
        table: &[TableWord],
        cards: &[Card],
        free_letters: bool,
        mut each: impl FnMut(String, [u32; 2], Growth, Vec<CardId>),
    ) {
        let texts: Vec<String> = table
            .iter()
            .map(|w| w.text().to_ascii_lowercase())
            .collect();
        let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
        let mut seen: HashSet<(usize, usize, String)> = HashSet::new();
        let mut try_pair = |i: usize, j: usize, w: &str| {
            let (i, j) = (i.min(j), i.max(j));
            // A flip card's two racks may both find it.
            if !seen.insert((i, j, w.to_string())) || !self.allowed(w) {
                return;
            }
            let pair = [&table[i], &table[j]];
            let Some((g, ids)) = first_spelled(&pair, w, (Growing::ANY, free_letters), cards)
            else {
                return;
            };
            if score::check_plural(w, Some(&g)).is_err() {
                return;
            }
            each(w.to_ascii_uppercase(), [table[i].id, table[j].id], g, ids);
        };
        for rack in racks(cards) {
            for (i, j, w) in self.dict.combinations(&refs, &rack, MAX_COMBINED_LEN) {
                try_pair(i, j, w);
            }
            if !free_letters {
                continue;
            }
            // A word with wild or flip cards, those searched as wilds, with
            // each other word.
            for (i, tw) in table.iter().enumerate() {
                let free = tw.cards.iter().filter(|c| free_card(c)).count();
                if free == 0 {
                    continue;
                }
                let fixed: String = tw
                    .cards
                    .iter()
                    .filter(|c| !free_card(c))
                    .flat_map(|c| c.letters())
                    .map(|l| l.lower())
                    .collect();
                let others: Vec<usize> = (0..table.len()).filter(|&j| j != i).collect();
                let mut words: Vec<&str> = vec![fixed.as_str()];
                words.extend(others.iter().map(|&j| refs[j]));
                let wider = rack.with_wilds(rack.wilds().saturating_add(free as u8));
                for (a, b, w) in self.dict.combinations(&words, &wider, MAX_COMBINED_LEN) {
                    if a == 0 && w.len() > tw.len() + table[others[b - 1]].len() {
                        try_pair(i, others[b - 1], w);
                    }
                }
            }
        }
    }

    /// Every move the bot would consider now, in the Play phase.
    pub fn candidates(&self, view: &PowView) -> Vec<Candidate> {
        let hand = &view.hand;
        let mut out = Vec::new();
        if !view.new_word_laid {
            self.new_words(hand, |w, ids| {
                let bonus = if view.initial_hand && ids.len() == hand.len() {
                    score::INITIAL_HAND_BONUS
                } else {
                    0
                };
                let points = play_points(view, score::new_word(w.len()).points + bonus);
                out.push(Candidate {
                    value: self.worth(points, &ids, hand, w.len()),
                    action: PowAction::Word(Spelled {
                        word: w.clone(),
                        cards: Some(ids.clone()),
                    }),
                    word: w,
                    grows: Vec::new(),
                    how: String::new(),
                    points,
                    letters: letters_of(&ids, hand),
                    cards: ids,
                });
            });
        }
        let free_letters = !view.options.fixed_letters;
        if let Some(growing) = self.style.play_ons {
            for tw in &view.table {
                self.play_ons(tw, hand, (growing, free_letters), |w, g, ids| {
                    let points = play_points(view, score::growth(&g).points);
                    out.push(Candidate {
                        value: self.worth(points, &ids, hand, w.len()),
                        action: PowAction::PlayOn {
                            target: tw.id,
                            word: w.clone(),
                            cards: Some(ids.clone()),
                        },
                        word: w,
                        grows: vec![tw.text()],
                        how: super::how(&g),
                        points,
                        letters: letters_of(&ids, hand),
                        cards: ids,
                    });
                });
            }
            if growing.combine {
                self.combinations(&view.table, hand, free_letters, |w, ids2, g, ids| {
                    let points = play_points(view, score::growth(&g).points);
                    let grows = ids2
                        .iter()
                        .filter_map(|id| view.table.iter().find(|t| t.id == *id))
                        .map(TableWord::text)
                        .collect();
                    out.push(Candidate {
                        value: self.worth(points, &ids, hand, w.len()),
                        action: PowAction::Combine {
                            targets: ids2.to_vec(),
                            word: w.clone(),
                            cards: Some(ids.clone()),
                        },
                        word: w,
                        grows,
                        how: super::how(&g),
                        points,
                        letters: letters_of(&ids, hand),
                        cards: ids,
                    });
                });
            }
        }
        out.sort_by(|a, b| {
            b.value
                .total_cmp(&a.value)
                .then_with(|| a.word.cmp(&b.word))
        });
        out
    }

    /// The muggins plays open to the view's seat, best first.
    pub fn mug_candidates(&self, view: &PowView) -> Vec<Candidate> {
        let mut out = Vec::new();
        for (v, cards) in view.shown.iter().enumerate() {
            let victim = SeatId(v as u8);
            if victim == view.seat || cards.is_empty() {
                continue;
            }
            let mut push = |word: String,
                            target: Option<u32>,
                            grows: Vec<String>,
                            how: String,
                            ids: Vec<CardId>| {
                let letters = letters_of(&ids, cards);
                let points = score::MUGGINS * letters as i64;
                out.push(Candidate {
                    action: PowAction::Mug {
                        victim,
                        target,
                        word: word.clone(),
                        cards: Some(ids.clone()),
                    },
                    word,
                    grows,
                    how,
                    points,
                    letters,
                    value: points as f64,
                    cards: ids,
                });
            };
            self.new_words(cards, |w, ids| {
                push(w, None, Vec::new(), String::new(), ids)
            });
            for tw in &view.table {
                let mugging = Growing {
                    combine: false,
                    ..Growing::ANY
                };
                let free_letters = !view.options.fixed_letters;
                self.play_ons(tw, cards, (mugging, free_letters), |w, g, ids| {
                    push(w, Some(tw.id), vec![tw.text()], super::how(&g), ids)
                });
            }
        }
        out.sort_by(|a, b| {
            b.value
                .total_cmp(&a.value)
                .then_with(|| a.word.cmp(&b.word))
        });
        out
    }

    /// The cards to put under the draw pile, worst first (at most as many
    /// as may still go): the hardest letters to use, never a wild.
    pub fn put_under(&self, view: &PowView) -> Vec<CardId> {
        let mut ranked: Vec<(i32, CardId)> = Vec::new();
        let mut seen = [0i32; 26];
        for c in &view.hand {
            let keep = match c.face {
                Face::Wild => continue,
                Face::Letter(l) | Face::Flip(l, _) => {
                    seen[l.index()] += 1;
                    usefulness(l) - 4 * (seen[l.index()] - 1)
                }
                Face::Combo(a, b) => (usefulness(a) + usefulness(b)) / 2,
                _ => 0,
            };
            ranked.push((keep, c.id));
        }
        ranked.sort();
        ranked
            .into_iter()
            .take(super::MAX_DISCARD.saturating_sub(view.put_under))
            .map(|(_, id)| id)
            .collect()
    }

    /// The first move of a way to play every card in hand this turn, if the
    /// bot finds one (going out, while nobody has): each step the move that
    /// lays the most letters, then scores most.
    /// `found` is the view's own candidates, the plan's first step.
    pub fn going_out(&self, view: &PowView, found: &[Candidate]) -> Option<Candidate> {
        if view.options.version == Version::FullDeck || view.went_out.is_some() {
            return None;
        }
        let longest = |all: &[Candidate]| {
            all.iter()
                .max_by_key(|c| (c.cards.len(), c.points))
                .cloned()
        };
        let mut v = view.clone();
        let mut first: Option<Candidate> = None;
        for step in 0..view.hand.len() {
            let best = if step == 0 {
                longest(found)?
            } else {
                longest(&self.candidates(&v))?
            };
            let done = best.cards.len() == v.hand.len();
            v.hand.retain(|c| !best.cards.contains(&c.id));
            let next_id = v.table.iter().map(|w| w.id + 1).max().unwrap_or(0);
            match &best.action {
                PowAction::Word(_) => {
                    v.new_word_laid = true;
                    v.table.push(pseudo_word(next_id, v.seat, &best.word));
                }
                PowAction::PlayOn { target, .. } => {
                    let owner = v.table.iter().find(|w| w.id == *target)?.owner;
                    v.table.retain(|w| w.id != *target);
                    v.table.push(pseudo_word(*target, owner, &best.word));
                }
                PowAction::Combine { targets, .. } => {
                    v.table.retain(|w| !targets.contains(&w.id));
                    v.table.push(pseudo_word(next_id, v.seat, &best.word));
                }
                _ => return None,
            }
            v.laid = true;
            let first = first.get_or_insert(best);
            if done {
                return Some(first.clone());
            }
        }
        None
    }

    /// The move in the Play phase.
    fn play(&self, view: &PowView, rng: &mut GameRng) -> PowAction {
        if view.put_under > 0 {
            // The turn is one of putting cards under the draw pile.
            return match self.put_under(view).first() {
                Some(&card) if view.can_put_under => PowAction::PutUnder { card },
                _ => PowAction::Pass,
            };
        }
        let draws = view.can_draw && view.hand.len() < super::FULL;
        if draws && !self.style.goes_out_early {
            return PowAction::Draw;
        }
        let found = self.candidates(view);
        if self.style.goes_out_early
            && let Some(first) = self.going_out(view, &found)
        {
            return first.action;
        }
        if draws && (self.style.draws_first || found.is_empty()) {
            return PowAction::Draw;
        }
        let among = self.style.choose_among.min(found.len());
        if among > 0 {
            let pick = if among > 1 {
                rng.below(among as u64) as usize
            } else {
                0
            };
            return found[pick].action.clone();
        }
        if view.can_put_under
            && let Some(&card) = self.put_under(view).first()
        {
            return PowAction::PutUnder { card };
        }
        self.rules_play(view).unwrap_or(PowAction::Pass)
    }

    /// Whether any move the bot knows plays cards of the view's hand now: a
    /// new word, a play-on or a combination. The engine asks the hard bot's
    /// search this to decide whether a seat holding 8 is stuck.
    pub fn can_play(&self, view: &PowView) -> bool {
        let hand = &view.hand;
        let mut found = false;
        if !view.new_word_laid {
            // The first new word settles it.
            self.new_words_while(hand, |_, _| {
                found = true;
                false
            });
        }
        let Some(growing) = self.style.play_ons else {
            return found;
        };
        let free_letters = !view.options.fixed_letters;
        for tw in &view.table {
            if found {
                return true;
            }
            self.play_ons(tw, hand, (growing, free_letters), |_, _, _| found = true);
        }
        if !found && growing.combine {
            self.combinations(&view.table, hand, free_letters, |_, _, _, _| found = true);
        }
        found
    }

    /// A move when the rules see a play this bot does not: it holds 8 with
    /// nothing played and may not put cards under the draw pile, so it
    /// makes a move of the engine's own search (the weakest for the easy
    /// bot, the best for the others) rather than sit on 8 cards turn after
    /// turn with no card drawn.
    fn rules_play(&self, view: &PowView) -> Option<PowAction> {
        if view.laid
            || view.can_put_under
            || view.hand.len() < super::FULL
            || view.final_turns.is_some()
            || view.stock_left == 0
        {
            return None;
        }
        let all = PowBot::with_words(BotLevel::Hard, self.dict.clone(), view.options.bot_words)
            .candidates(view);
        let pick = if self.level == BotLevel::Easy {
            all.last()
        } else {
            all.first()
        };
        pick.map(|c| c.action.clone())
    }
}

/// A table word of single-letter cards spelling `text`: a word as the bot
/// imagines it after a move it plans.
fn pseudo_word(id: u32, owner: SeatId, text: &str) -> TableWord {
    let cards = letters(text)
        .unwrap_or_default()
        .into_iter()
        .enumerate()
        .filter_map(|(i, l)| {
            let card = Card {
                id: CardId(u16::MAX - i as u16),
                face: Face::Letter(l),
                value: 1,
            };
            crate::wordgame::TableCard::new(card, &[l], owner)
        })
        .collect::<Vec<_>>();
    TableWord {
        id,
        owner,
        credit: cards.len(),
        cards,
        source: crate::wordgame::Source::Hand,
    }
}

/// The longest word the bot looks for in combining two table words.
pub const MAX_COMBINED_LEN: usize = 15;

/// A play's points in the view's version (none in Casual).
fn play_points(view: &PowView, points: i64) -> i64 {
    if view.options.version == Version::Casual {
        0
    } else {
        points
    }
}

/// How easily a letter goes into words: common letters high.
fn usefulness(l: Letter) -> i32 {
    match l.upper() {
        'E' => 30,
        'A' | 'I' | 'O' | 'S' | 'R' | 'T' | 'N' => 24,
        'L' | 'U' | 'D' | 'C' => 18,
        'G' | 'M' | 'P' | 'H' | 'B' => 12,
        'Y' | 'F' | 'W' | 'K' => 8,
        'V' => 4,
        _ => 2,
    }
}

impl Bot<PlayOnWords> for PowBot {
    fn choose(&self, view: &PowView, rng: &mut GameRng) -> Option<PowAction> {
        if view.to_move != Some(view.seat) {
            return None;
        }
        Some(match &view.phase {
            Phase::Draw => PowAction::Draw,
            Phase::Play => self.play(view, rng),
            Phase::Challenge(_) => {
                let challenge = view
                    .challenged()
                    .is_some_and(|w| bot_challenges(&self.dict, self.level, &w.text()));
                if view.options.words == WordCheck::Challenge && challenge {
                    PowAction::Challenge
                } else {
                    PowAction::Pass
                }
            }
            Phase::Muggins { .. } => {
                if self.style.muggins {
                    self.mug_candidates(view)
                        .into_iter()
                        .next()
                        .map_or(PowAction::Pass, |c| c.action)
                } else {
                    PowAction::Pass
                }
            }
            Phase::Over => return None,
        })
    }
}

/// How hard the expert looks in Play On Words Rummy.
pub const EFFORT: Effort = Effort {
    worlds: 24,
    candidates: 6,
    playout: BotLevel::Hard,
    own: BotLevel::Hard,
};

impl LookAhead for PlayOnWords {
    /// The bots' moves; passing, and putting each card under the draw
    /// pile, dearest first, in a turn that may.
    fn candidates(view: &PowView, bots: &Bots<PlayOnWords>, rng: &mut GameRng) -> Vec<PowAction> {
        let mut more = Vec::new();
        if view.phase == Phase::Play {
            more.push(PowAction::Pass);
        }
        let under = view
            .put_under_refusal
            .is_none()
            .then_some((|card| PowAction::PutUnder { card }) as fn(_) -> _);
        word_expert::candidates(view, bots, rng, more, under)
    }

    /// A round is worth about 20 points of lead.
    fn standing(&self, seat: SeatId) -> f64 {
        let rounds = self.options().rounds_for(self.base.names.len());
        let left = rounds.saturating_sub(self.base.sheet.rows().len() as u32);
        word_expert::standing(self, seat, 20.0 * f64::from(left + 1).sqrt())
    }

    fn rounds_scored(&self) -> usize {
        word_expert::rounds_scored(&self.base.sheet)
    }
}

/// Each tenth's mean estimate and the real share of wins in it
/// ([`crate::analysis::Analysed::calibrated`]).
const POW_CALIBRATION: &[(f64, f64)] = &[
    (0.022, 0.031),
    (0.148, 0.095),
    (0.240, 0.172),
    (0.350, 0.266),
    (0.443, 0.431),
    (0.543, 0.625),
    (0.643, 0.760),
    (0.746, 0.838),
    (0.853, 0.917),
    (0.976, 0.974),
];

impl crate::analysis::Analysed for PlayOnWords {
    const DEPTH: crate::analysis::Depth = EFFORT.depth();

    /// Fitted on 1,400 two-round games of every pairing of levels (22,959
    /// chances: seeds 0 to 999, and seeds 5000 to 5399 read back through
    /// the first table): the mean standing over the worlds was right at
    /// both ends but too timid between (said 35.0 in 100, won 26.6; said
    /// 64.3, won 76.0), and not in a logistic's shape, so the table of each
    /// tenth's mean estimate and real share is joined up.
    fn calibrated(mean: f64) -> f64 {
        crate::analysis::by_table(mean, POW_CALIBRATION)
    }

    /// The table's bots: they know its word list and lay the words its
    /// options allow.
    fn analysis_bots(&self) -> Option<Bots<PlayOnWords>> {
        Bots::from_fn(|level| PowBot::boxed(level, self.dictionary(), self.options().bot_words))
    }
}
