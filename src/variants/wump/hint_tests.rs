//! Compiled only under #[cfg(test)] (see `wump.rs`).
//!
//! The hint checker: takes a hint's words and checks every claim in them
//! against what the game then does, with the real rules and the real bots.
//! A play said of another seat ("Bot 2 takes it with 9♦") must be that
//! seat's only legal play or the play its bot then makes; a person's or an
//! easy bot's play may be said only when it is forced; "Bot 2 takes it
//! 1 time in 4" is checked against the easy bot's moves and by playing it
//! 400 times; nothing may be told after a seat whose play is not certain.
//! Each count is checked by a search of its own over the real game: "you
//! get 2 cards" (a way of playing on that gets exactly that, whatever the
//! people and the easy and hard bots play), "you are sure of 2 cards"
//! (exactly the most that can be made sure of), "at least", "only", "no card
//! is sure" and the part swept from the center. "It" must be the card put
//! down just before, "can't take it" and "have to" are checked against the
//! hands. The child's sentence is checked the same way, and for its length.
//!
//! `cargo test` checks a few hundred seeded positions of 2-6 seats of people
//! and bots mixed, and of a person against each bot level; the release run
//! checks 10,000 against each level (see `every_claim_in_10000_positions`).

use super::bots::{Easy, easy_chance};
use super::hint::{CHILD_WORDS, Hint, how_often};
use super::*;
use crate::card::Suit;
use crate::rules::Rules;
use crate::seat::Seat;
use rustc_hash::FxHashMap;

/// What the checker found wrong, or how many claims it checked.
pub type Checked = Result<usize, String>;

fn fail<T>(what: impl Into<String>) -> Result<T, String> {
    Err(what.into())
}

/// What a count in the words says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Count {
    /// "you get N cards" (with S of them swept, when said): exactly N
    /// whatever the free seats play, playing on well.
    Fixed { n: u32, swept: Option<u32> },
    /// "you are sure of N cards" / "no card is sure for you": the most that
    /// can be made sure of is N.
    Sure(u32),
    /// "you are sure of at least N cards".
    AtLeast(u32),
}

impl Count {
    fn least(&self) -> u32 {
        match *self {
            Count::Fixed { n, .. } | Count::Sure(n) | Count::AtLeast(n) => n,
        }
    }
}

/// Searches of the real game from a position to the end of its deal: the
/// seat `me` chooses, a normal bot plays its play, every other seat (people,
/// easy and hard bots) may play anything.
struct Brute {
    me: SeatId,
    /// Each card's bit in the memo's keys, in the order first seen.
    bit: FxHashMap<CardId, u32>,
    secure: FxHashMap<(u128, u128, bool, i32), bool>,
    fixed: FxHashMap<(u128, u128, bool, u32, Option<u32>), bool>,
    rng: GameRng,
}

/// What one play did for `me`: cards claimed, of them swept, and whether the
/// deal ended with it.
fn outcome(events: &[WumpEvent], me: SeatId) -> (u32, u32, bool) {
    let (mut got, mut swept, mut ended) = (0, 0, false);
    for e in events {
        match e {
            WumpEvent::Took { seat, .. } if *seat == me => got += 2,
            WumpEvent::SweptCenter { seat, cards, .. } if *seat == me => {
                got += cards.len() as u32;
                swept += cards.len() as u32;
            }
            WumpEvent::Dealt { .. } | WumpEvent::GameOver { .. } => ended = true,
            _ => {}
        }
    }
    (got, swept, ended)
}

impl Brute {
    fn new(me: SeatId) -> Brute {
        Brute {
            me,
            bit: FxHashMap::default(),
            secure: FxHashMap::default(),
            fixed: FxHashMap::default(),
            rng: GameRng::new(9, 9),
        }
    }

    fn mask(&mut self, cards: &[Card]) -> u128 {
        let mut m = 0;
        for c in cards {
            let next = self.bit.len() as u32;
            let bit = *self.bit.entry(c.id).or_insert(next);
            // invariant: a deal holds fewer than 128 cards
            m |= 1u128 << (bit % 128);
        }
        m
    }

    fn key(&mut self, g: &Wump, last_take: bool) -> (u128, u128, bool) {
        let hands: Vec<Card> = g.hands.iter().flat_map(|h| h.cards()).copied().collect();
        let hands = self.mask(&hands);
        let center = self.mask(g.center.cards());
        (hands, center, last_take && g.stock.is_empty())
    }

    /// The plays to follow at `g`, and whether the seat to play chooses
    /// among them (the seat `me`) or any of them may come (the others); a
    /// normal bot's one play.
    fn plays(&mut self, g: &Wump) -> (Vec<WumpAction>, bool) {
        let Some(seat) = g.to_move() else {
            return (Vec::new(), false);
        };
        let legal = g.legal_actions().unwrap_or_default();
        if seat == self.me {
            return (legal, true);
        }
        if g.kinds[seat.index()] == SeatKind::Bot(BotLevel::Normal) {
            let bot = bots::Normal.choose(&g.view(seat), &mut self.rng);
            return (bot.into_iter().collect(), false);
        }
        (legal, false)
    }

    /// Whether `me` can make sure of `need` more cards from `g` to the end
    /// of the deal (`last_take`: whether the play before `g` was a take).
    fn can_secure(&mut self, g: &Wump, last_take: bool, need: i32) -> bool {
        if need <= 0 {
            return true;
        }
        let (hands, center, last) = self.key(g, last_take);
        if let Some(&v) = self.secure.get(&(hands, center, last, need)) {
            return v;
        }
        let (plays, mine) = self.plays(g);
        let seat = g.to_move().unwrap_or(self.me);
        let mut result = !mine;
        for a in plays {
            let mut next = g.clone();
            let Ok(events) = next.apply(seat, &a) else {
                continue;
            };
            let (got, _, ended) = outcome(&events, self.me);
            let ok = if ended {
                got as i32 >= need
            } else {
                let took = matches!(a, WumpAction::Take { .. });
                self.can_secure(&next, took, need - got as i32)
            };
            if mine && ok {
                result = true;
                break;
            }
            if !mine && !ok {
                result = false;
                break;
            }
        }
        self.secure.insert((hands, center, last, need), result);
        result
    }

    /// Whether `me` has a way of playing on from `g` that claims exactly
    /// `n` more cards, `swept` of them from the center (if given), whatever
    /// the others play.
    fn can_fix(&mut self, g: &Wump, last_take: bool, n: u32, swept: Option<u32>) -> bool {
        let (hands, center, last) = self.key(g, last_take);
        if let Some(&v) = self.fixed.get(&(hands, center, last, n, swept)) {
            return v;
        }
        let (plays, mine) = self.plays(g);
        let seat = g.to_move().unwrap_or(self.me);
        let mut result = !mine;
        for a in plays {
            let mut next = g.clone();
            let Ok(events) = next.apply(seat, &a) else {
                continue;
            };
            let (got, sw, ended) = outcome(&events, self.me);
            let ok = if got > n || swept.is_some_and(|s| sw > s) {
                false
            } else if ended {
                got == n && swept.is_none_or(|s| sw == s)
            } else {
                let took = matches!(a, WumpAction::Take { .. });
                self.can_fix(&next, took, n - got, swept.map(|s| s - sw))
            };
            if mine && ok {
                result = true;
                break;
            }
            if !mine && !ok {
                result = false;
                break;
            }
        }
        self.fixed.insert((hands, center, last, n, swept), result);
        result
    }
}

/// The game after a move of the hinted seat, and what the move did.
struct After {
    game: Wump,
    took: bool,
    got: u32,
    swept: u32,
    ended: bool,
}

struct Checker<'a> {
    game: &'a Wump,
    hint: &'a Hint,
    me: SeatId,
    /// Every card on the table, as printed.
    cards: Vec<Card>,
    claims: usize,
    brute: Brute,
    rng: GameRng,
}

impl Checker<'_> {
    fn card(&self, text: &str) -> Result<Card, String> {
        let text = text.trim();
        self.cards
            .iter()
            .find(|c| c.to_string() == text)
            .copied()
            .ok_or_else(|| format!("no card {text:?} on the table"))
    }

    fn seat(&self, name: &str) -> Result<SeatId, String> {
        if name == "you" {
            return Ok(self.me);
        }
        (0..self.game.seat_count())
            .map(|i| SeatId(i as u8))
            .find(|&s| seat_name(&self.game.names, s) == name)
            .ok_or_else(|| format!("nobody is called {name:?}"))
    }

    /// "put down 5♦" or "take 5♠ with your 5♦" (either case).
    fn action(&self, text: &str) -> Result<WumpAction, String> {
        let t = text.trim();
        if let Some(c) = t
            .strip_prefix("Put down ")
            .or_else(|| t.strip_prefix("put down "))
        {
            return Ok(WumpAction::Place {
                card: self.card(c)?.id,
            });
        }
        let rest = t
            .strip_prefix("Take ")
            .or_else(|| t.strip_prefix("take "))
            .ok_or_else(|| format!("not a move: {t:?}"))?;
        let (center, with) = rest
            .split_once(" with your ")
            .ok_or_else(|| format!("not a take: {t:?}"))?;
        Ok(WumpAction::Take {
            with: self.card(with)?.id,
            center: self.card(center)?.id,
        })
    }

    /// Plays `action` for `seat` with the real rules.
    fn apply(g: &mut Wump, seat: SeatId, action: WumpAction) -> Result<Vec<WumpEvent>, String> {
        if g.to_move() != Some(seat) {
            return fail(format!("it is not seat {seat:?}'s turn"));
        }
        g.apply(seat, &action).map_err(|e| e.to_string())
    }

    fn can_take(g: &Wump, seat: SeatId, card: CardId) -> bool {
        let Some(c) = g.center.get(card) else {
            return false;
        };
        g.hands[seat.index()].cards().iter().any(|h| matches(h, c))
    }

    fn has_take(g: &Wump) -> bool {
        g.legal_actions()
            .unwrap_or_default()
            .iter()
            .any(|a| matches!(a, WumpAction::Take { .. }))
    }

    /// The game after the hinted seat plays `action`: whether it took, the
    /// cards it claimed and swept, and whether the deal ended with it.
    fn after(&self, action: WumpAction) -> Result<After, String> {
        let mut g = self.game.clone();
        let events = Self::apply(&mut g, self.me, action)?;
        let (got, swept, ended) = outcome(&events, self.me);
        Ok(After {
            game: g,
            took: matches!(action, WumpAction::Take { .. }),
            got,
            swept,
            ended,
        })
    }

    /// Whether the hinted seat can make sure of `need` cards from the start
    /// of `action` to the end of the deal.
    fn can_secure(&mut self, action: WumpAction, need: u32) -> Result<bool, String> {
        let a = self.after(action)?;
        let rest = need as i32 - a.got as i32;
        Ok(if a.ended {
            rest <= 0
        } else {
            self.brute.can_secure(&a.game, a.took, rest)
        })
    }

    /// What the count says, checked against a search of the real game
    /// after `action` (counting the cards the move itself claims).
    fn count(&mut self, text: &str, action: WumpAction) -> Result<Count, String> {
        let count = parse_count(text)?;
        self.claims += 1;
        match count {
            Count::Fixed { n, swept } => {
                let a = self.after(action)?;
                let ok = if a.ended {
                    a.got == n && swept.is_none_or(|s| a.swept == s)
                } else {
                    n >= a.got
                        && swept.is_none_or(|s| s >= a.swept)
                        && self.brute.can_fix(
                            &a.game,
                            a.took,
                            n - a.got,
                            swept.map(|s| s - a.swept),
                        )
                };
                if !ok {
                    return fail(format!("{text:?}: no way of playing on gets exactly that"));
                }
            }
            Count::Sure(n) => {
                if !self.can_secure(action, n)? || self.can_secure(action, n + 1)? {
                    return fail(format!("{text:?}: that is not the most that is sure"));
                }
            }
            Count::AtLeast(n) => {
                if !self.can_secure(action, n)? {
                    return fail(format!("{text:?}: that many is not sure"));
                }
            }
        }
        Ok(count)
    }

    /// Checks what a move's words say follows it, clause by clause, on the
    /// real game; the claims about other seats' plays against their bots.
    fn consequence(&mut self, action: WumpAction, text: &str) -> Result<(), String> {
        let mut g = self.game.clone();
        Self::apply(&mut g, self.me, action)?;
        let mut it = put_down(action);
        if text.is_empty() {
            return Ok(());
        }
        let clauses: Vec<&str> = text.split(", then ").collect();
        for (k, clause) in clauses.iter().enumerate() {
            let last = k + 1 == clauses.len();
            let (who, rest) = clause
                .split_once(' ')
                .ok_or_else(|| format!("no verb in {clause:?}"))?;
            let seat = self.seat(who)?;
            if g.to_move() != Some(seat) {
                return fail(format!("{who} does not play next in {clause:?}"));
            }
            let named = |s: &str, this: &Self| -> Result<CardId, String> {
                if s == "it" {
                    it.ok_or_else(|| "\"it\" stands for no card".to_string())
                } else {
                    Ok(this.card(s)?.id)
                }
            };
            let take_of = |t: &str, this: &Self| -> Result<WumpAction, String> {
                let (c, w) = t.split_once(" with ").ok_or("a take without a card")?;
                Ok(WumpAction::Take {
                    with: this.card(w)?.id,
                    center: named(c, this)?,
                })
            };
            let legal = g.legal_actions().unwrap_or_default();
            // The clause's play, and how it is claimed: forced, a bot's
            // play, or the hinted seat's own.
            enum How {
                Forced,
                Bot,
                Mine,
                /// Nothing is played: only what the cards allow is said.
                Open,
            }
            let (play, how): (Option<WumpAction>, How) = if seat == self.me {
                let a = if let Some(t) = rest.strip_prefix("can take ") {
                    take_of(t, self)?
                } else if let Some(c) = rest.strip_prefix("have to put down ") {
                    self.claims += 1;
                    if Self::has_take(&g) {
                        return fail(format!("a take was possible: {clause:?}"));
                    }
                    WumpAction::Place {
                        card: self.card(c)?.id,
                    }
                } else if let Some(c) = rest.strip_prefix("put down ") {
                    WumpAction::Place {
                        card: self.card(c)?.id,
                    }
                } else {
                    return fail(format!("unknown clause {clause:?}"));
                };
                (Some(a), How::Mine)
            } else if let Some(c) = rest.strip_prefix("has to put down ") {
                let a = WumpAction::Place {
                    card: self.card(c)?.id,
                };
                (Some(a), How::Forced)
            } else if let Some(t) = rest.strip_prefix("has to take ") {
                (Some(take_of(t, self)?), How::Forced)
            } else if let Some(after) = rest.strip_prefix("can't take it") {
                let card = it.ok_or("\"it\" stands for no card")?;
                self.claims += 1;
                if Self::can_take(&g, seat, card) {
                    return fail(format!("{who} can take it: {clause:?}"));
                }
                if after.is_empty() {
                    (None, How::Open)
                } else if let Some(c) = after.strip_prefix(&format!(", so {who} puts down ")) {
                    self.claims += 1;
                    if Self::has_take(&g) {
                        return fail(format!("{who} could take something: {clause:?}"));
                    }
                    let a = WumpAction::Place {
                        card: self.card(c)?.id,
                    };
                    (Some(a), How::Bot)
                } else if let Some(c) = after.strip_prefix(" and puts down ") {
                    let a = WumpAction::Place {
                        card: self.card(c)?.id,
                    };
                    (Some(a), How::Bot)
                } else if let Some(t) = after.strip_prefix(" but takes ") {
                    (Some(take_of(t, self)?), How::Bot)
                } else {
                    return fail(format!("unknown clause {clause:?}"));
                }
            } else if rest == "can take it" {
                let card = it.ok_or("\"it\" stands for no card")?;
                self.claims += 1;
                if !Self::can_take(&g, seat, card) {
                    return fail(format!("{who} cannot take it: {clause:?}"));
                }
                (None, How::Open)
            } else if let Some(often) = rest
                .strip_prefix("takes it ")
                .filter(|r| !r.starts_with("with "))
            {
                let card = it.ok_or("\"it\" stands for no card")?;
                self.easy_chance(&g, seat, card, often)?;
                (None, How::Open)
            } else if let Some(t) = rest.strip_prefix("takes ") {
                (Some(take_of(t, self)?), How::Bot)
            } else if let Some(c) = rest.strip_prefix("puts down ") {
                let a = WumpAction::Place {
                    card: self.card(c)?.id,
                };
                (Some(a), How::Bot)
            } else {
                return fail(format!("unknown clause {clause:?}"));
            };
            let Some(play) = play else {
                // A seat whose play is not certain: nothing may follow it.
                if !last {
                    return fail(format!("something is told after {clause:?}"));
                }
                return Ok(());
            };
            self.claims += 1;
            match how {
                How::Forced => {
                    if legal != [play] {
                        return fail(format!("{clause:?} is not {who}'s only play"));
                    }
                }
                How::Bot => {
                    let kind = g.kinds[seat.index()];
                    let SeatKind::Bot(level @ (BotLevel::Normal | BotLevel::Hard)) = kind else {
                        return fail(format!("{clause:?}: {who} ({kind:?}) may play anything"));
                    };
                    let bot = bots::for_level(level).ok_or("no bot")?;
                    let chosen = bot.choose(&g.view(seat), &mut self.rng);
                    if chosen != Some(play) {
                        return fail(format!("{clause:?}, but the bot plays {chosen:?}"));
                    }
                }
                How::Mine => {
                    if !legal.contains(&play) {
                        return fail(format!("{clause:?} is not legal"));
                    }
                    if !last {
                        return fail(format!("something is told after {clause:?}"));
                    }
                }
                How::Open => {}
            }
            Self::apply(&mut g, seat, play)?;
            it = put_down(play);
        }
        Ok(())
    }

    /// "takes it 1 time in 4": an easy bot, the chance its moves give, and
    /// about that often in 400 plays of the bot.
    fn easy_chance(
        &mut self,
        g: &Wump,
        seat: SeatId,
        card: CardId,
        often: &str,
    ) -> Result<(), String> {
        self.claims += 1;
        if g.kinds[seat.index()] != SeatKind::Bot(BotLevel::Easy) {
            return fail(format!("a chance is said of {seat:?}, who is no easy bot"));
        }
        let legal = g.legal_actions().unwrap_or_default();
        let takes_it =
            |m: &WumpAction| matches!(m, WumpAction::Take { center, .. } if *center == card);
        // The easy bot's rule, counted out here: half its plays take when
        // it can both take and put down, evenly among each kind.
        let t = legal
            .iter()
            .filter(|m| matches!(m, WumpAction::Take { .. }))
            .count() as f64;
        let p = legal.len() as f64 - t;
        let k = legal.iter().filter(|m| takes_it(m)).count() as f64;
        let want = if p == 0.0 {
            k / t
        } else if t == 0.0 {
            0.0
        } else {
            k / t / 2.0
        };
        let (num, den) = easy_chance(&legal, takes_it);
        if (num as f64 / den as f64 - want).abs() > 1e-9 || how_often((num, den)) != often {
            return fail(format!(
                "{often:?}: the easy bot takes it with chance {want}"
            ));
        }
        let view = g.view(seat);
        let tries = 400;
        let hits = (0..tries)
            .filter(|_| {
                Easy.choose(&view, &mut self.rng)
                    .is_some_and(|m| takes_it(&m))
            })
            .count() as f64;
        // Four standard deviations of the count.
        let sd = (tries as f64 * want * (1.0 - want)).sqrt();
        if (hits - want * tries as f64).abs() > 4.0 * sd + 1.0 {
            return fail(format!(
                "{often:?}, but the easy bot took it {hits} times in {tries}"
            ));
        }
        Ok(())
    }

    /// "<then>, and <count>", "<count>" or "<then>": the two parts.
    fn said(text: &str) -> (&str, Option<&str>) {
        let is_count = |t: &str| {
            t.starts_with("you get ")
                || t.starts_with("you are sure of ")
                || t.starts_with("no card is sure")
        };
        match text.rsplit_once(", and ") {
            Some((then, count)) if is_count(count) => (then, Some(count)),
            _ if is_count(text) => ("", Some(text)),
            _ => (text, None),
        }
    }

    fn check_text(&mut self) -> Result<(), String> {
        let text = self.hint.text.clone();
        let sentences = sentences(&text)?;
        let (lead, rest) = sentences.split_first().ok_or("no words")?;
        let best = self.hint.best();
        let mut best_count: Option<Count> = None;
        let mut tied: Vec<WumpAction> = Vec::new();
        let mut lead_count: Option<String> = None;
        let tie = lead
            .split_once(": either way ")
            .or_else(|| lead.split_once(": whichever you choose, "));
        if let Some((moves, count)) = tie {
            if !count.contains(" this deal") {
                return fail("no deal in a tie");
            }
            let names: Vec<&str> = moves.split(", ").flat_map(|p| p.split(" or ")).collect();
            let mut put = false;
            for (i, name) in names.iter().enumerate() {
                let action = if put && i > 0 && !name.contains(' ') {
                    self.action(&format!("put down {name}"))?
                } else {
                    self.action(name)?
                };
                put = matches!(action, WumpAction::Place { .. });
                if i == 0 && action != best {
                    return fail("the first move named is not the hint's best");
                }
                if tied.contains(&action) {
                    return fail("a move named twice");
                }
                best_count = Some(self.count(count, action)?);
                tied.push(action);
            }
        } else {
            let (move_text, said) = match lead.split_once(": ") {
                Some((m, s)) => (m, s),
                None => (lead.as_str(), ""),
            };
            let action = self.action(move_text)?;
            if action != best {
                return fail("the lead's move is not the hint's best");
            }
            let (then, count) = Self::said(said);
            self.consequence(action, then)?;
            if let Some(count) = count {
                if !count.contains(" this deal") {
                    return fail("no deal in the lead");
                }
                best_count = Some(self.count(count, action)?);
                lead_count = Some(count.to_string());
            }
        }
        for s in rest {
            if let Some(n) = s.strip_prefix("If you ") {
                let (move_text, said) = n.split_once(", ").ok_or("a narration without a comma")?;
                let (move_text, instead) = match move_text.strip_suffix(" instead") {
                    Some(m) => (m, true),
                    None => (move_text, false),
                };
                let action = self.action(move_text)?;
                let (then, count) = Self::said(said);
                self.consequence(action, then)?;
                match (count, instead) {
                    (Some(count), true) => {
                        let only = count.contains(" only ");
                        let got = self.count(count, action)?;
                        if only {
                            // "Only" compares two figures both searched to
                            // the end: each the most that is sure.
                            self.claims += 1;
                            let Some(Count::Sure(b) | Count::Fixed { n: b, .. }) = best_count
                            else {
                                return fail("\"only\" against a figure not searched to the end");
                            };
                            if got.least() >= b {
                                return fail(format!("{count:?} is not fewer than {b}"));
                            }
                        }
                    }
                    (None, _) => {}
                    (Some(_), false) => return fail(format!("a count for a tied move: {s:?}")),
                }
                if !instead && !tied.contains(&action) {
                    return fail(format!("{s:?} is about a move not tied"));
                }
            } else if let Some(n) = s.strip_suffix(" other moves do as well") {
                // As many others (at least) read the lead's count truly.
                let n: usize = n.parse().map_err(|_| format!("bad number in {s:?}"))?;
                let count = lead_count.clone().ok_or("\"as well\" without a count")?;
                let mut others = 0;
                for m in self.hint.moves.clone().iter().filter(|m| m.action != best) {
                    let claims = self.claims;
                    if self.count(&count, m.action).is_ok() {
                        others += 1;
                    }
                    self.claims = claims;
                }
                self.claims += 1;
                if others < n {
                    return fail(format!("only {others} other moves do as well"));
                }
            } else if let Some(then) = s.strip_prefix("Either way, ") {
                if tied.len() < 2 {
                    return fail("\"either way\" without a tie");
                }
                for action in tied.clone().iter().take(2) {
                    self.consequence(*action, then)?;
                }
            } else {
                return fail(format!("unknown sentence {s:?}"));
            }
        }
        // Nothing left unsaid is sure of more than the move called best,
        // when its figure is the most that is sure.
        if let Some(Count::Sure(b) | Count::Fixed { n: b, .. }) = best_count {
            for m in self.hint.moves.clone() {
                self.claims += 1;
                if self.can_secure(m.action, b + 1)? {
                    return fail(format!("{:?} is sure of more than the best", m.action));
                }
            }
        }
        Ok(())
    }

    /// A child's name of a card: "5 of hearts", "king of clubs".
    fn child_card(&self, text: &str, group: &[Card]) -> Result<CardId, String> {
        let words: Vec<&str> = text.split(' ').collect();
        let fits = |c: &Card, rank: &str, f: &dyn Fn(Suit) -> bool| {
            let r = c.face.rank().map(|r| match r.number() {
                1 => "ace".to_string(),
                11 => "jack".into(),
                12 => "queen".into(),
                13 => "king".into(),
                n => n.to_string(),
            });
            r.as_deref() == Some(rank) && c.face.suit().is_some_and(f)
        };
        let found: Vec<&Card> = match words.as_slice() {
            [rank, "of", suit] => group
                .iter()
                .filter(|c| fits(c, rank, &|s: Suit| s.name() == *suit))
                .collect(),
            _ => Vec::new(),
        };
        match found.as_slice() {
            [c] => Ok(c.id),
            _ => fail(format!("{text:?} names {} cards", found.len())),
        }
    }

    fn child_action(&self, text: &str) -> Result<WumpAction, String> {
        let view = self.game.view(self.me);
        let hand = &view.hands[self.me.index()];
        let t = text.to_lowercase();
        if let Some(c) = t.strip_prefix("put down your ") {
            return Ok(WumpAction::Place {
                card: self.child_card(c, hand)?,
            });
        }
        let rest = t.strip_prefix("take the ").ok_or("not a child's move")?;
        let (c, w) = rest
            .split_once(" with your ")
            .ok_or("a take without a card")?;
        Ok(WumpAction::Take {
            with: self.child_card(w, hand)?,
            center: self.child_card(c, &view.center)?,
        })
    }

    /// Whether `card` is sure to be in the center when the hinted seat
    /// plays next, whatever the seats between play (their bots' plays for
    /// normal and hard bots).
    fn kept(&mut self, g: &Wump, card: CardId) -> bool {
        let Some(seat) = g.to_move() else {
            return true;
        };
        if seat == self.me {
            return g.center.get(card).is_some();
        }
        let legal = g.legal_actions().unwrap_or_default();
        let plays: Vec<WumpAction> = match g.kinds[seat.index()] {
            SeatKind::Bot(level @ (BotLevel::Normal | BotLevel::Hard)) => {
                let bot = bots::for_level(level);
                bot.and_then(|b| b.choose(&g.view(seat), &mut self.rng))
                    .into_iter()
                    .collect()
            }
            _ => legal,
        };
        plays.into_iter().all(|a| {
            let mut next = g.clone();
            match next.apply(seat, &a) {
                Ok(events) if outcome(&events, self.me).2 => false,
                Ok(_) => self.kept(&next, card),
                Err(_) => false,
            }
        })
    }

    fn check_child(&mut self) -> Result<(), String> {
        let s = self.hint.child.clone();
        self.claims += 1;
        if s.split_whitespace().count() > CHILD_WORDS {
            return fail(format!("{s:?} is too long for a child"));
        }
        let s = s.strip_suffix('.').ok_or("no full stop")?;
        if let Some((pair, _)) = s.split_once(": both are fine") {
            let (a, b) = pair.split_once(" or ").ok_or("no pair")?;
            let a = self.child_action(a)?;
            let b = if matches!(a, WumpAction::Place { .. }) && !b.contains("your") {
                self.child_action(&format!("put down your {b}"))?
            } else {
                self.child_action(b)?
            };
            self.claims += 1;
            // The same two moves the full words tie (their counts checked
            // there).
            let text = &self.hint.text;
            let tie = text.contains(": either way ") || text.contains(": whichever you choose, ");
            let named = |x: WumpAction| self.hint.moves.iter().take(2).any(|m| m.action == x);
            if a == b || !tie || !named(a) || !named(b) || a != self.hint.best() {
                return fail("\"both are fine\" for moves the words do not tie");
            }
            return Ok(());
        }
        let (move_text, why) = match s.split_once(": ") {
            Some((m, w)) => (m, Some(w)),
            None => (s, None),
        };
        let a = self.child_action(move_text)?;
        self.claims += 1;
        if a != self.hint.best() {
            return fail("the child's move is not the hint's best");
        }
        if let Some(why) = why {
            let who = why.strip_suffix(" can't take it").ok_or("unknown reason")?;
            let seat = self.seat(who)?;
            let WumpAction::Place { card } = a else {
                return fail("\"it\" after a take");
            };
            let g = self.after(a)?.game;
            self.claims += 2;
            if g.to_move() != Some(seat) || Self::can_take(&g, seat, card) {
                return fail(format!("{who} can take it, or does not play next"));
            }
            if !self.kept(&g, card) {
                return fail("the card may be gone before the seat's next turn");
            }
        }
        Ok(())
    }
}

/// The count a phrase says ("only" aside): "you get 6 cards this deal, 4
/// of them from the center at the end of the game" and the like.
fn parse_count(text: &str) -> Result<Count, String> {
    let t = text.replace(" only ", " ").replace(" this deal", "");
    if t == "no card is sure for you" {
        return Ok(Count::Sure(0));
    }
    if let Some(n) = t.strip_prefix("you are sure of at least ") {
        return Ok(Count::AtLeast(parse_cards(n)?));
    }
    if let Some(n) = t.strip_prefix("you are sure of ") {
        return Ok(Count::Sure(parse_cards(n)?));
    }
    if let Some(rest) = t.strip_prefix("you get ") {
        let (n, swept) = match rest.split_once(", ") {
            Some((n, part)) => {
                let part = part
                    .strip_suffix(" of them from the center at the end of the game")
                    .ok_or_else(|| format!("unknown count {text:?}"))?;
                let n = parse_cards(n)?;
                let swept = if part == "all" {
                    n
                } else {
                    part.parse::<u32>()
                        .map_err(|_| format!("bad count {text:?}"))?
                };
                (n, Some(swept))
            }
            None => (parse_cards(rest)?, None),
        };
        return Ok(Count::Fixed { n, swept });
    }
    fail(format!("not a count: {text:?}"))
}

fn put_down(action: WumpAction) -> Option<CardId> {
    match action {
        WumpAction::Place { card } => Some(card),
        WumpAction::Take { .. } => None,
    }
}

fn parse_cards(s: &str) -> Result<u32, String> {
    match s {
        "no cards" => Ok(0),
        "1 card" => Ok(1),
        _ => s
            .strip_suffix(" cards")
            .and_then(|n| n.parse().ok())
            .ok_or_else(|| format!("not a count of cards: {s:?}")),
    }
}

/// The sentences of a text, each without its full stop.
fn sentences(text: &str) -> Result<Vec<String>, String> {
    let body = text.strip_suffix('.').ok_or("no full stop at the end")?;
    Ok(body.split(". ").map(str::to_string).collect())
}

/// Checks every claim of `hint` for the seat to play in `game`; the number
/// of claims checked, or the first false one.
/// Whether `me`, to move in `game`, can make sure of `need` cards by the
/// end of the deal when it plays `action` first, whatever the free seats
/// play: a brute-force search of the real game, for the review's claims.
pub fn secures(game: &Wump, me: SeatId, action: WumpAction, need: u32) -> bool {
    let mut g = game.clone();
    let Ok(events) = Checker::apply(&mut g, me, action) else {
        return false;
    };
    let (got, _, ended) = outcome(&events, me);
    let rest = need as i32 - got as i32;
    if ended {
        rest <= 0
    } else {
        let took = matches!(action, WumpAction::Take { .. });
        Brute::new(me).can_secure(&g, took, rest)
    }
}

pub fn check(game: &Wump, hint: &Hint) -> Checked {
    let me = game.to_move().ok_or("nobody to move")?;
    let view = game.view(me);
    let mut cards: Vec<Card> = view.hands.iter().flatten().copied().collect();
    cards.extend(&view.center);
    let mut c = Checker {
        game,
        hint,
        me,
        cards,
        claims: 0,
        brute: Brute::new(me),
        rng: GameRng::new(4, 4),
    };
    if hint.seat != me {
        return fail("the hint is for another seat");
    }
    c.check_text()
        .map_err(|e| format!("{e}\n  in: {}", hint.text))?;
    c.check_child()
        .map_err(|e| format!("{e}\n  in: {}", hint.child))?;
    Ok(c.claims)
}

/// Who sits at the other seats of a checked position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Against {
    /// People and bots of every level, mixed.
    Mixed,
    /// Bots of one level.
    Bots(BotLevel),
}

/// A seeded position: 2-6 seats of people and bots, some plays into the
/// first game (reaching its last deal about a third of the time).
pub fn position(seed: u64) -> Wump {
    position_against(seed, Against::Mixed)
}

/// A seeded position of 2-6 seats whose seat to play is a person and whose
/// other seats are `against`; the plays before it are random.
pub fn position_against(seed: u64, against: Against) -> Wump {
    let mut rng = GameRng::new(seed, 77);
    let seats = 2 + (seed % 5) as usize;
    let names = ["Ann", "Ben", "Cleo", "Dan", "Eve", "Fay"];
    let kinds = [
        SeatKind::Human,
        SeatKind::Bot(BotLevel::Easy),
        SeatKind::Bot(BotLevel::Normal),
        SeatKind::Bot(BotLevel::Hard),
    ];
    let seat_list = names[..seats]
        .iter()
        .map(|n| Seat {
            name: n.to_string(),
            kind: *rng.pick(&kinds).unwrap_or(&SeatKind::Human),
        })
        .collect();
    let mut rules: Rules<WumpOptions> =
        Rules::parse(Wump::DEFAULT_RULES, "w", VariantId::Wump).unwrap();
    rules.options.must_take = rng.chance(1, 5);
    let mut g = Wump::new(&Setup::new(rules, seat_list, seed)).unwrap();
    // Where the game's last deal starts, from a random play of it.
    let mut probe = g.clone();
    let (mut plays_in_game, mut last_deal_at) = (0, 0);
    let mut probe_rng = GameRng::new(seed, 78);
    while probe.game == 0 {
        let Some(seat) = probe.to_move() else { break };
        let legal = probe.legal_actions().unwrap_or_default();
        let Some(a) = probe_rng.pick(&legal).copied() else {
            break;
        };
        probe.apply(seat, &a).unwrap();
        plays_in_game += 1;
        if probe.stock.is_empty() && last_deal_at == 0 && probe.game == 0 {
            last_deal_at = plays_in_game;
        }
    }
    // A third of positions in the last deal.
    let plays = if rng.chance(1, 3) && plays_in_game > last_deal_at {
        last_deal_at + rng.below((plays_in_game - last_deal_at) as u64) as usize
    } else {
        rng.below(plays_in_game.max(1) as u64) as usize
    };
    for _ in 0..plays {
        let Some(seat) = g.to_move() else { break };
        let legal = g.legal_actions().unwrap_or_default();
        let Some(a) = rng.pick(&legal).copied() else {
            break;
        };
        g.apply(seat, &a).unwrap();
        if g.game > 0 {
            break;
        }
    }
    if let (Against::Bots(level), Some(me)) = (against, g.to_move()) {
        for (i, kind) in g.kinds.iter_mut().enumerate() {
            *kind = if i == me.index() {
                SeatKind::Human
            } else {
                SeatKind::Bot(level)
            };
        }
    }
    g
}

/// What a run of the checker found.
#[derive(Debug, Default)]
pub struct Report {
    pub positions: usize,
    pub claims: usize,
    pub failures: Vec<String>,
}

/// Hints of `count` positions from `first`, the other seats `against`.
pub fn check_positions(first: u64, count: u64, against: Against) -> Report {
    let mut report = Report::default();
    for seed in first..first + count {
        let g = position_against(seed, against);
        let Some(seat) = g.to_move() else { continue };
        report.positions += 1;
        let Some(h) = hint::hint(&g.view(seat)) else {
            report.failures.push(format!("seed {seed}: no hint"));
            continue;
        };
        match check(&g, &h) {
            Ok(n) => report.claims += n,
            Err(e) => report.failures.push(format!("seed {seed}: {e}")),
        }
    }
    report
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(count: u64, against: Against) {
        let r = check_positions(0, count, against);
        println!(
            "Wump against {against:?}: {} positions, {} claims checked, {} false",
            r.positions,
            r.claims,
            r.failures.len()
        );
        assert!(r.failures.is_empty(), "{}", r.failures.join("\n"));
        assert!(
            r.claims > r.positions * 3,
            "only {} claims checked",
            r.claims
        );
    }

    /// Positions against bots of mixed levels, then against each level
    /// alone: 60 and 15 of each in `cargo test`, 300 and 60 of each in the
    /// full run (`RUMMY_FULL_TESTS=1 cargo test --release`).
    #[test]
    fn every_claim_of_every_hint_is_true() {
        use crate::test_support::scaled;
        run(scaled(60, 300), Against::Mixed);
        for level in [BotLevel::Easy, BotLevel::Normal, BotLevel::Hard] {
            run(scaled(15, 60), Against::Bots(level));
        }
    }

    /// The release run: `RUMMY_HINT_POSITIONS` positions (10,000 unless
    /// set) against bots of each level (`RUMMY_HINT_LEVELS` chooses).
    #[test]
    #[ignore = "long: run in release mode (see docs/DEVELOPING.md)"]
    fn every_claim_in_10000_positions() {
        let count = crate::variants::hint_positions();
        for level in crate::variants::hint_levels() {
            run(count, Against::Bots(level));
        }
    }
}
