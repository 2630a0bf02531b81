//! AlphaRummy bots, deciding from one seat's view only.
//!
//! - **easy** lays common words only and adds at most one letter to a
//!   table word; it challenges plain nonsense only. Its plain plan is to go
//!   out: a word that leaves it at most one card comes before any other
//!   (going out brings seven fresh cards), it takes the top of the pile for
//!   such a word (otherwise it draws from the stock, or once the stock is
//!   out takes the top for any word), and to place its last cards it adds
//!   up to four letters to a table word.
//! - **normal** lays the best-scoring meld or add-on each turn, counting the
//!   bonus cards a word earns, and takes the top of the pile when a word
//!   uses it.
//! - **hard** weighs multipliers and bonus cards more, takes from as deep in
//!   the pile as pays, adds up to twelve letters to a table word, keeps a
//!   letter that with one card more would grow a table word to 7 letters or
//!   more (×4) and its high cards while the stock is short, and challenges
//!   words that are not in the dictionary.

use super::score::{self, MIN_LEN};
use super::{AlphaAction, AlphaRummy, AlphaView, Phase};
use crate::card::{Card, Face};
use crate::dict::Rack;
use crate::dict::anagram::Extension;
use crate::expert::Effort;
use crate::game::Bot;
use crate::lookahead::{Bots, LookAhead};
use crate::rng::GameRng;
use crate::seat::BotLevel;
use crate::word::WordCheck;
use crate::wordgame::expert as word_expert;
use crate::wordgame::{Spelled, WordBot, bot_challenges};

/// How a bot of one level plays.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Style {
    /// The rarest commonness tier it lays (lower is more common).
    pub tier: u8,
    /// What a bonus card is worth to it, in points.
    pub bonus_value: f64,
    /// The deepest it takes from the pile: 1 is the top only.
    pub take_depth: usize,
    /// The most letters it adds to a table word at once.
    pub max_added: u32,
    /// Whether it keeps high cards to score with while the stock is short.
    pub keeps_high: bool,
    /// Whether it keeps a letter that, with one more card, would grow a
    /// table word of 5 letters or more into one of 7 or more (×4).
    pub plans_add_ons: bool,
    /// The easy bot's plain plan to go out: a word that leaves it at most
    /// one card (to discard) comes before any other, for going out brings
    /// seven fresh cards; and to place its last cards it adds up to this
    /// many letters to a table word (more than `max_added`) when that
    /// leaves it at most one card.
    pub out_first: bool,
    pub out_added: u32,
}

impl Style {
    pub fn of(level: BotLevel) -> Style {
        match level {
            BotLevel::Easy => Style {
                tier: 20,
                bonus_value: 0.0,
                take_depth: 1,
                max_added: 1,
                keeps_high: false,
                plans_add_ons: false,
                out_first: true,
                out_added: 4,
            },
            BotLevel::Normal => Style {
                tier: crate::dict::RAREST_SUGGESTED,
                bonus_value: 1.0,
                take_depth: 1,
                max_added: 3,
                keeps_high: false,
                plans_add_ons: false,
                out_first: false,
                out_added: 0,
            },
            BotLevel::Hard | BotLevel::Expert => Style {
                tier: crate::dict::RAREST_SUGGESTED,
                bonus_value: 2.0,
                take_depth: 12,
                max_added: 12,
                keeps_high: true,
                plans_add_ons: true,
                out_first: false,
                out_added: 0,
            },
        }
    }
}

/// A word the bot could lay: a meld from hand or an add-on.
#[derive(Clone, Debug, PartialEq)]
pub struct Candidate {
    pub action: AlphaAction,
    /// The new word.
    pub word: String,
    /// The table word it grows, for an add-on.
    pub grows: Option<String>,
    /// The letters it lays from hand (the whole word for a meld).
    pub added: String,
    pub points: i64,
    pub bonus: usize,
    /// What it is worth to the bot: points, and bonus cards at its rate.
    pub value: f64,
}

/// An AlphaRummy bot.
pub type AlphaBot = WordBot<Style>;

crate::wordgame::bot_style!(Style);

impl AlphaBot {
    /// A card's value in the view's deck.
    fn value(view: &AlphaView, c: &Card) -> i64 {
        let _ = view;
        c.value as i64
    }

    /// The letters of `cards` as a rack, wilds and all.
    pub fn rack(cards: &[Card]) -> Rack {
        let mut rack = Rack::new();
        let mut wilds = 0;
        for c in cards {
            match c.face {
                Face::Letter(l) => {
                    let _ = rack.add(l.lower());
                }
                Face::Wild => wilds += 1,
                _ => {}
            }
        }
        rack.with_wilds(wilds)
    }

    /// The points of the letters of `added` from `cards` (wilds 0).
    fn letters_value(added: &str, cards: &[Card]) -> i64 {
        let mut pool: Vec<&Card> = cards.iter().collect();
        let mut total = 0;
        for ch in added.chars() {
            let at = pool.iter().position(|c| {
                c.face
                    .letter()
                    .is_some_and(|l| l.lower() == ch.to_ascii_lowercase())
            });
            if let Some(i) = at {
                total += pool[i].value as i64;
                pool.swap_remove(i);
            }
        }
        total
    }

    /// The letters added to `base` to make `word` (base a subsequence).
    fn added(base: &str, word: &str) -> String {
        let mut b = base.chars().peekable();
        let mut out = String::new();
        for ch in word.chars() {
            if b.peek() == Some(&ch) {
                b.next();
            } else {
                out.push(ch);
            }
        }
        out
    }

    fn worth(&self, points: i64, bonus: usize) -> f64 {
        points as f64 + self.style.bonus_value * bonus as f64
    }

    fn allowed(&self, word: &str) -> bool {
        self.dict.tier(word).is_some_and(|t| t <= self.style.tier)
    }

    /// Every word the bot would lay from `cards` with the table of `view`,
    /// each using `must` (a letter) if given.
    pub fn candidates(
        &self,
        view: &AlphaView,
        cards: &[Card],
        must: Option<char>,
    ) -> Vec<Candidate> {
        let rack = Self::rack(cards);
        let mut out = Vec::new();
        let uses = |added: &str| must.is_none_or(|m| added.contains(m));
        self.dict.for_each_sub_anagram(&rack, |w| {
            if w.len() < MIN_LEN || !uses(w) || !self.allowed(w) {
                return;
            }
            let Some(s) = score::score(&[Self::letters_value(w, cards)], w.len()) else {
                return;
            };
            let bonus = score::bonus_due(s.bonus, view.stock_left, view.owed);
            out.push(Candidate {
                action: AlphaAction::Meld(Spelled {
                    word: w.to_ascii_uppercase(),
                    cards: None,
                }),
                word: w.to_ascii_uppercase(),
                grows: None,
                added: w.to_string(),
                points: s.points,
                bonus,
                value: self.worth(s.points, bonus),
            });
        });
        for tw in &view.table {
            let base = tw.text().to_ascii_lowercase();
            let most = self.style.max_added.max(self.style.out_added);
            for w in self
                .dict
                .extensions_up_to(&base, &rack, Extension::Inserts, most)
            {
                let added = Self::added(&base, w);
                if added.is_empty() || !uses(&added) || !self.allowed(w) {
                    continue;
                }
                // Past its usual reach only to go out.
                if added.len() as u32 > self.style.max_added && cards.len() - added.len() > 1 {
                    continue;
                }
                let added = added.to_string();
                let Some(s) = score::score(&[Self::letters_value(&added, cards)], w.len()) else {
                    continue;
                };
                let bonus = score::bonus_due(s.bonus, view.stock_left, view.owed);
                out.push(Candidate {
                    action: AlphaAction::AddOn {
                        target: tw.id,
                        word: w.to_ascii_uppercase(),
                        cards: None,
                    },
                    word: w.to_ascii_uppercase(),
                    grows: Some(tw.text()),
                    added,
                    points: s.points,
                    bonus,
                    value: self.worth(s.points, bonus),
                });
            }
        }
        out
    }

    /// The best of `candidates`: the highest value; on a tie the more
    /// common word, then the first alphabetically, so that play repeats.
    pub fn best(&self, candidates: Vec<Candidate>) -> Option<Candidate> {
        let tier = |w: &str| self.dict.tier(&w.to_ascii_lowercase()).unwrap_or(u8::MAX);
        candidates.into_iter().reduce(|a, b| {
            let better = b.value > a.value
                || (b.value == a.value
                    && (tier(&b.word), &b.word, &b.grows) < (tier(&a.word), &a.word, &a.grows));
            if better { b } else { a }
        })
    }

    /// The draw: from the stock, or the pile card whose take lets the best
    /// word (using it) be laid, if that beats drawing; with the stock out,
    /// such a take or a pass. The word it judged by, if any.
    pub fn draw_choice(&self, view: &AlphaView) -> (AlphaAction, Option<Candidate>) {
        let stock_out = view.stock_left == 0;
        if view.took_back {
            let only = if stock_out {
                AlphaAction::Pass
            } else {
                AlphaAction::DrawStock
            };
            return (only, None);
        }
        let depth = if stock_out {
            self.style.take_depth.max(1)
        } else {
            self.style.take_depth
        };
        match self.best_take(view, depth) {
            Some((gain, pos, c)) if stock_out || gain >= 4.0 => {
                (AlphaAction::TakePile { pos }, Some(c))
            }
            _ if stock_out => (AlphaAction::Pass, None),
            _ => (AlphaAction::DrawStock, None),
        }
    }

    /// The best take from the top `depth` cards of the pile: what it gains
    /// over laying from hand alone, the position taken from, and the word
    /// (using the deepest card taken) it judged by.
    pub fn best_take(&self, view: &AlphaView, depth: usize) -> Option<(f64, usize, Candidate)> {
        let now = self
            .best(self.candidates(view, &view.hand, None))
            .map_or(0.0, |c| c.value);
        // One search with every card the deepest take would bring; each
        // shallower take keeps the words its cards still spell.
        let len = view.pile.len();
        let start = len.saturating_sub(depth);
        let mut reach = view.hand.clone();
        reach.extend_from_slice(&view.pile[start..]);
        let all = self.candidates(view, &reach, None);
        let mut best: Option<(f64, usize, Candidate)> = None;
        for pos in (start..len).rev() {
            let taken = &view.pile[pos..];
            let Some(letter) = taken[0].face.letter().map(|l| l.lower()) else {
                continue;
            };
            let mut cards = view.hand.clone();
            cards.extend_from_slice(taken);
            let rack = Self::rack(&cards);
            // A bot whose plan is going out takes, while the stock lasts,
            // only for a word that leaves it at most one card.
            let goes_out = |c: &Candidate| {
                !self.style.out_first || view.stock_left == 0 || cards.len() - c.added.len() <= 1
            };
            let fitting: Vec<Candidate> = all
                .iter()
                .filter(|c| c.added.contains(letter) && rack.spells(&c.added) && goes_out(c))
                .cloned()
                .collect();
            let Some(c) = self.best(fitting) else {
                continue;
            };
            // The cards that come with it are worth a little (more letters),
            // a word that could be laid anyway less.
            let gain = c.value + 0.5 * (taken.len() - 1) as f64 - 0.5 * now;
            if best.as_ref().is_none_or(|(g, _, _)| gain > *g) {
                best = Some((gain, pos, c));
            }
        }
        best
    }

    /// The next move of a turn after the draw, and the word it lays if any.
    pub fn play_choice(&self, view: &AlphaView) -> (AlphaAction, Option<Candidate>) {
        let must = view
            .must_card()
            .and_then(|c| c.face.letter())
            .map(|l| l.lower());
        let found = self.candidates(view, &view.hand, must);
        // The plan to go out: a word that leaves at most one card first.
        let out = |c: &Candidate| view.hand.len() - c.added.len() <= 1;
        let word = match self.style.out_first && found.iter().any(out) {
            true => self.best(found.into_iter().filter(out).collect()),
            false => self.best(found),
        };
        if let Some(c) = word.filter(|c| c.value > 0.0 || must.is_some()) {
            return (c.action.clone(), Some(c));
        }
        if must.is_some() {
            return (AlphaAction::TakeBack, None);
        }
        if view.melded && view.hand.len() <= 1 {
            return (AlphaAction::GoOut, None);
        }
        if view.owed > 0 {
            return (AlphaAction::TakeBonus, None);
        }
        match self.discard(view) {
            Some(card) => (AlphaAction::Discard { card: card.id }, None),
            None if view.melded => (AlphaAction::GoOut, None),
            // No card and no word: nothing to do but end by taking back or
            // (impossible) discarding; a take-back if there is one.
            None => (AlphaAction::TakeBack, None),
        }
    }

    /// The card to discard: the one least use to words, the rare high
    /// letters first, unless the stock is short and the bot keeps them to
    /// score with.
    fn discard<'a>(&self, view: &'a AlphaView) -> Option<&'a Card> {
        let short = view.stock_left < 10;
        let promising = self.promising(view);
        let useful = |c: &Card| -> f64 {
            let Some(l) = c.face.letter() else {
                return 100.0;
            };
            let ch = l.lower();
            let twins = view.hand.iter().filter(|o| o.face == c.face).count().max(1) as f64;
            // How many letters of English text it is, roughly.
            let common = match ch {
                'e' => 12.0,
                't' | 'a' | 'o' | 'i' | 'n' | 's' | 'r' => 7.0,
                'h' | 'l' | 'd' | 'c' | 'u' => 4.0,
                'm' | 'f' | 'p' | 'g' | 'w' | 'y' | 'b' => 2.0,
                _ => 0.5,
            };
            let keep_high = if self.style.keeps_high && short {
                Self::value(view, c) as f64
            } else {
                0.0
            };
            let plan = if promising[l.index()] { 4.0 } else { 0.0 };
            common / twins + keep_high + plan
        };
        view.hand.iter().min_by(|a, b| {
            useful(a)
                .total_cmp(&useful(b))
                .then(b.value.cmp(&a.value))
                .then(a.id.cmp(&b.id))
        })
    }

    /// The letters of the hand that, with one card more (any letter), would
    /// grow a table word of 5 letters or more into a word of 7 or more, where
    /// ×4 is: kept for a later turn's add-on by a bot that plans them.
    pub fn promising(&self, view: &AlphaView) -> [bool; 26] {
        let mut out = [false; 26];
        if !self.style.plans_add_ons {
            return out;
        }
        for w in view.table.iter().filter(|w| w.len() >= 5) {
            let base = w.text().to_ascii_lowercase();
            for c in &view.hand {
                let Some(l) = c.face.letter() else { continue };
                if out[l.index()] {
                    continue;
                }
                let mut rack = Rack::new();
                let _ = rack.add(l.lower());
                let rack = rack.with_wilds(1);
                out[l.index()] = self
                    .dict
                    .extensions_up_to(&base, &rack, Extension::Inserts, 2)
                    .iter()
                    .any(|x| {
                        x.len() == base.len() + 2
                            && x.len() >= 7
                            && Self::added(&base, x).contains(l.lower())
                    });
            }
        }
        out
    }

    /// Whether to challenge the word in the window, by the policy every
    /// word game's bots share ([`bot_challenges`]).
    fn challenge(&self, view: &AlphaView) -> AlphaAction {
        let challenge = view
            .challenged()
            .is_some_and(|w| bot_challenges(&self.dict, self.level, &w.text()));
        if challenge && view.options.words == WordCheck::Challenge {
            AlphaAction::Challenge
        } else {
            AlphaAction::Pass
        }
    }
}

impl Bot<AlphaRummy> for AlphaBot {
    fn choose(&self, view: &AlphaView, _rng: &mut GameRng) -> Option<AlphaAction> {
        if view.to_move != Some(view.seat) {
            return None;
        }
        match view.phase {
            Phase::Draw => Some(self.draw_choice(view).0),
            Phase::Play => Some(self.play_choice(view).0),
            Phase::Challenge(_) => Some(self.challenge(view)),
            Phase::Over => None,
        }
    }
}

/// How hard the expert looks in AlphaRummy 500.
pub const EFFORT: Effort = Effort {
    worlds: 24,
    candidates: 6,
    playout: BotLevel::Normal,
    own: BotLevel::Normal,
};

impl LookAhead for AlphaRummy {
    /// The bots' moves; the stock and the pile's top card while drawing;
    /// going out and a discard of each card, dearest first, while the seat
    /// may.
    fn candidates(
        view: &AlphaView,
        bots: &Bots<AlphaRummy>,
        rng: &mut GameRng,
    ) -> Vec<AlphaAction> {
        let mut more = Vec::new();
        if view.phase == Phase::Draw {
            if view.stock_refusal().is_none() {
                more.push(AlphaAction::DrawStock);
            }
            if view.pile_open() {
                more.push(AlphaAction::TakePile {
                    pos: view.pile.len() - 1,
                });
            }
        }
        if view.phase == Phase::Play && view.go_out_refusal().is_none() {
            more.push(AlphaAction::GoOut);
        }
        let discard = view
            .discard_refusal()
            .is_none()
            .then_some((|card| AlphaAction::Discard { card }) as fn(_) -> _);
        word_expert::candidates(view, bots, rng, more, discard)
    }

    /// A lead is worth more the nearer the target is.
    fn standing(&self, seat: crate::seat::SeatId) -> f64 {
        let leader = self.totals().into_iter().max().unwrap_or(0);
        let to_go = (i64::from(self.options().target) - leader).max(0) as f64;
        word_expert::standing(self, seat, 40.0 + to_go / 5.0)
    }

    fn rounds_scored(&self) -> usize {
        word_expert::rounds_scored(&self.base.sheet)
    }
}

impl crate::analysis::Analysed for AlphaRummy {
    const DEPTH: crate::analysis::Depth = EFFORT.depth();

    /// The table's bots: they know its word list and lay the words its
    /// options allow.
    fn analysis_bots(&self) -> Option<Bots<AlphaRummy>> {
        Bots::from_fn(|level| AlphaBot::boxed(level, self.dictionary(), self.options().bot_words))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::pile::{Hand, Stock, Train};
    use crate::seat::{Seat, SeatId};

    fn simulate(bots: &[BotLevel], games: u32) -> crate::sim::SimReport {
        crate::sim::simulate_bots::<AlphaRummy>(bots, games)
    }

    /// Two easy bots took about 120 turns to reach 500; with the plan to go
    /// out (the word that empties the hand first, the top of the pile for
    /// it, a few letters added to a table word to place the last cards)
    /// about 92.
    #[test]
    fn two_easy_bots_reach_the_target_sooner() {
        let r = simulate(&[BotLevel::Easy, BotLevel::Easy], 60);
        assert!(r.avg_turns < 105.0, "{} turns a game", r.avg_turns);
    }

    #[test]
    fn the_normal_bot_still_beats_the_easy_bot_clearly() {
        let r = simulate(&[BotLevel::Easy, BotLevel::Normal], 60);
        let (easy, normal) = (r.seats[0].wins, r.seats[1].wins);
        assert!(normal >= 54, "easy {easy}, normal {normal}");
    }

    /// The easy bot lays the word that leaves it one card to discard (and
    /// then goes out) before one that scores more: with A L O N E and the
    /// Z it drew, ALONE (10 points) leaves the Z to go out with; ZONE (13)
    /// would leave A and L.
    #[test]
    fn the_easy_bot_lays_the_word_that_lets_it_go_out() {
        let seats = vec![Seat::human("P1"), Seat::human("P2")];
        let setup =
            crate::variants::shipped_setup::<AlphaRummy>(seats, 7, &[("words", "strict")]).unwrap();
        let mut g = AlphaRummy::new(&setup).unwrap();
        let deck = g.base.deck.build(1).unwrap();
        let mut used = Vec::new();
        let mut cards = |text: &str| crate::variants::spelled(&deck, text, &mut used);
        g.base.hands[0] = Hand::new(cards("ALONE"));
        g.base.hands[1] = Hand::new(cards("IIIUUUL"));
        g.base.stock = Stock::new(cards("ZEEEEEE"));
        g.pile = Train::new();
        let p1 = SeatId(0);
        g.apply(p1, &AlphaAction::DrawStock).unwrap();
        let view = g.view(p1);
        let easy = AlphaBot::new(BotLevel::Easy, g.dictionary().clone());
        let (action, word) = easy.play_choice(&view);
        assert_eq!(word.map(|w| w.word).as_deref(), Some("ALONE"), "{action:?}");
        // A word it knows scores more and leaves more cards.
        let zone = easy
            .candidates(&view, &view.hand, None)
            .into_iter()
            .find(|c| c.word == "ZONE")
            .expect("ZONE is an easy word");
        assert!(zone.points > 10 && view.hand.len() - zone.added.len() > 1);
        g.apply(p1, &action).unwrap();
        let view = g.view(p1);
        assert_eq!(easy.play_choice(&view).0, AlphaAction::GoOut);
    }
}
