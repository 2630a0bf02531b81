//! Compiled only under #[cfg(test)] (see `wump.rs`).
//!
//! The hint checker: takes a hint's words, replays with the real rules the
//! lines they describe, and checks every claim in them: who plays what,
//! "Ben can't take it", "you have to put down 3♥", what "it" stands for,
//! each count of cards (and the part of it swept up from the center), that
//! tied moves do tie and that a move called worse is worse. The child's
//! sentence is checked the same way, and for its length.
//!
//! `cargo test` checks a few hundred seeded positions of 2-6 seats; set
//! `RUMMY_HINT_POSITIONS` to check more (the release run checks 10,000).

use super::hint::{CHILD_WORDS, Hint, RankedMove};
use super::*;
use crate::card::Suit;
use crate::rules::Rules;
use crate::seat::Seat;

/// What the checker found wrong, or how many claims it checked.
pub type Checked = Result<usize, String>;

struct Checker<'a> {
    game: &'a Wump,
    hint: &'a Hint,
    me: SeatId,
    /// Every card on the table, as printed.
    cards: Vec<Card>,
    claims: usize,
}

/// Cards each seat claims over one deal's plays, and the sweep's share.
#[derive(Default)]
struct Tally {
    gains: Vec<u32>,
    swept: Vec<u32>,
}

fn fail<T>(what: impl Into<String>) -> Result<T, String> {
    Err(what.into())
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
        let lower = text.trim().to_string();
        let lower = lower
            .strip_prefix("Put down ")
            .or_else(|| lower.strip_prefix("put down "))
            .map(|c| c.to_string());
        if let Some(c) = lower {
            return Ok(WumpAction::Place {
                card: self.card(&c)?.id,
            });
        }
        let t = text.trim();
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

    fn ranked(&self, action: WumpAction) -> Result<&RankedMove, String> {
        self.hint
            .moves
            .iter()
            .find(|m| m.action == action)
            .ok_or_else(|| format!("{action:?} is not among the hint's moves"))
    }

    /// Plays `action` for `seat` with the real rules.
    fn apply(g: &mut Wump, seat: SeatId, action: WumpAction) -> Result<Vec<WumpEvent>, String> {
        if g.to_move() != Some(seat) {
            return fail(format!("it is not seat {seat:?}'s turn"));
        }
        g.apply(seat, &action).map_err(|e| e.to_string())
    }

    fn has_take(g: &Wump, seat: SeatId) -> bool {
        g.legal_actions()
            .unwrap_or_default()
            .iter()
            .any(|a| matches!(a, WumpAction::Take { .. }))
            && g.to_move() == Some(seat)
    }

    fn can_take(g: &Wump, seat: SeatId, card: CardId) -> bool {
        let Some(c) = g.center.get(card) else {
            return false;
        };
        g.hands[seat.index()].cards().iter().any(|h| matches(h, c))
    }

    /// Replays `m`'s whole line to the end of the deal; checks that the line
    /// ends exactly there and returns what each seat claimed.
    fn tally(&self, m: &RankedMove) -> Result<Tally, String> {
        let n = self.game.seat_count();
        let mut t = Tally {
            gains: vec![0; n],
            swept: vec![0; n],
        };
        let mut g = self.game.clone();
        let mut ended = false;
        for (i, play) in m.line.iter().enumerate() {
            if ended {
                return fail(format!("the line goes on past the deal at play {i}"));
            }
            for e in Self::apply(&mut g, SeatId(play.seat as u8), play.action)? {
                match e {
                    WumpEvent::Took { seat, .. } => t.gains[seat.index()] += 2,
                    WumpEvent::SweptCenter { seat, cards, .. } => {
                        t.gains[seat.index()] += cards.len() as u32;
                        t.swept[seat.index()] += cards.len() as u32;
                    }
                    WumpEvent::Dealt { .. } | WumpEvent::GameOver { .. } => ended = true,
                    _ => {}
                }
            }
        }
        if !ended {
            return fail("the line stops before the end of the deal");
        }
        Ok(t)
    }

    /// "3 cards", "no cards", "1 card", with the sweep's part.
    fn count(&mut self, text: &str, m: &RankedMove) -> Result<u32, String> {
        let t = self.tally(m)?;
        let me = self.me.index();
        let (n, swept) = match text.split_once(", ") {
            Some((n, rest)) => {
                let part = rest
                    .strip_suffix(" of them from the center at the end of the game")
                    .ok_or_else(|| format!("unknown count {text:?}"))?;
                let swept = if part == "all" {
                    parse_cards(n)?
                } else {
                    part.parse::<u32>()
                        .map_err(|_| format!("bad count {text:?}"))?
                };
                (parse_cards(n)?, swept)
            }
            None => (parse_cards(text)?, 0),
        };
        self.claims += 1;
        if t.gains[me] != n {
            return fail(format!("says {n} cards, the line gives {}", t.gains[me]));
        }
        if t.swept[me] != swept {
            return fail(format!(
                "says {swept} from the center, the line sweeps {}",
                t.swept[me]
            ));
        }
        Ok(n)
    }

    /// Checks a move's consequence clauses against its line, playing them.
    fn consequence(&mut self, action: WumpAction, text: &str) -> Result<(), String> {
        let m = self.ranked(action)?.clone();
        let mut g = self.game.clone();
        Self::apply(&mut g, self.me, action)?;
        let mut it = match action {
            WumpAction::Place { card } => Some(card),
            WumpAction::Take { .. } => None,
        };
        let mut played = 1;
        if text.is_empty() {
            return Ok(());
        }
        let named = |it: Option<CardId>, s: &str, this: &Self| -> Result<CardId, String> {
            if s == "it" {
                it.ok_or_else(|| "\"it\" stands for no card".to_string())
            } else {
                Ok(this.card(s)?.id)
            }
        };
        for clause in text.split(", then ") {
            let (who, rest) = clause
                .split_once(' ')
                .ok_or_else(|| format!("no verb in {clause:?}"))?;
            let seat = self.seat(who)?;
            if g.to_move() != Some(seat) {
                return fail(format!("{who} does not play next in {clause:?}"));
            }
            let mut actions = Vec::new();
            if let Some(after) = rest.strip_prefix("can't take it") {
                let card = it.ok_or("\"it\" stands for no card")?;
                self.claims += 1;
                if Self::can_take(&g, seat, card) {
                    return fail(format!("{who} can take {:?}: {clause:?}", card));
                }
                if let Some(c) = after.strip_prefix(&format!(", so {who} puts down ")) {
                    self.claims += 1;
                    if Self::has_take(&g, seat) {
                        return fail(format!("{who} could take something: {clause:?}"));
                    }
                    actions.push(WumpAction::Place {
                        card: self.card(c)?.id,
                    });
                } else if let Some(c) = after.strip_prefix(" and puts down ") {
                    actions.push(WumpAction::Place {
                        card: self.card(c)?.id,
                    });
                } else if let Some(t) = after.strip_prefix(" but takes ") {
                    let (c, w) = t.split_once(" with ").ok_or("a take without a card")?;
                    actions.push(WumpAction::Take {
                        with: self.card(w)?.id,
                        center: self.card(c)?.id,
                    });
                } else {
                    return fail(format!("unknown clause {clause:?}"));
                }
            } else if let Some(t) = rest
                .strip_prefix("takes ")
                .or_else(|| rest.strip_prefix("can take "))
            {
                if rest.starts_with("can ") != (seat == self.me) {
                    return fail(format!("wrong person in {clause:?}"));
                }
                let (c, w) = t.split_once(" with ").ok_or("a take without a card")?;
                actions.push(WumpAction::Take {
                    with: self.card(w)?.id,
                    center: named(it, c, self)?,
                });
            } else if let Some(c) = rest.strip_prefix("have to put down ") {
                self.claims += 1;
                if seat != self.me || Self::has_take(&g, seat) {
                    return fail(format!("a take was possible: {clause:?}"));
                }
                actions.push(WumpAction::Place {
                    card: self.card(c)?.id,
                });
            } else if let Some(c) = rest
                .strip_prefix("puts down ")
                .or_else(|| rest.strip_prefix("put down "))
            {
                actions.push(WumpAction::Place {
                    card: self.card(c)?.id,
                });
            } else {
                return fail(format!("unknown clause {clause:?}"));
            }
            for a in actions {
                self.claims += 1;
                if m.line.get(played).map(|p| p.action) != Some(a) {
                    return fail(format!("{clause:?} is not the line's play {played}"));
                }
                Self::apply(&mut g, seat, a)?;
                played += 1;
                it = match a {
                    WumpAction::Place { card } => Some(card),
                    WumpAction::Take { .. } => None,
                };
            }
        }
        Ok(())
    }

    /// "If you put down 5♦[ instead], <clauses>[, and you get [only] N]."
    fn narration(&mut self, s: &str, best_n: u32) -> Result<(), String> {
        let s = s.strip_prefix("If you ").ok_or("not a narration")?;
        let (move_text, rest) = s.split_once(", ").ok_or("a narration without a comma")?;
        let (move_text, instead) = match move_text.strip_suffix(" instead") {
            Some(m) => (m, true),
            None => (move_text, false),
        };
        let action = self.action(move_text)?;
        let (clauses, count) = match rest.split_once("you get ") {
            Some((c, n)) => (c.strip_suffix(", and ").unwrap_or(c), Some(n)),
            None => (rest, None),
        };
        self.consequence(action, clauses)?;
        let m = self.ranked(action)?.clone();
        match (count, instead) {
            (Some(n), true) => {
                let only = n.starts_with("only ");
                let n = self.count(n.strip_prefix("only ").unwrap_or(n), &m)?;
                self.claims += 1;
                if n >= best_n || only != (n > 0) {
                    return fail(format!("{n} cards is not less than {best_n}"));
                }
            }
            (None, false) => {}
            _ => return fail(format!("a narration of the wrong shape: {s:?}")),
        }
        Ok(())
    }

    fn check_text(&mut self) -> Result<(), String> {
        let text = self.hint.text.clone();
        let sentences = sentences(&text)?;
        let (lead, rest) = sentences.split_first().ok_or("no words")?;
        let best = self.hint.moves[0].clone();
        let best_n;
        let mut tied: Vec<WumpAction> = Vec::new();
        if let Some((moves, n)) = lead
            .split_once(": either way you get ")
            .or_else(|| lead.split_once(": each gets you "))
        {
            // Tied moves, all said to give the same.
            let n = n.strip_suffix(" this deal").ok_or("no deal in a tie")?;
            let n = parse_cards(n)?;
            let names: Vec<&str> = moves.split(", ").flat_map(|p| p.split(" or ")).collect();
            let mut put = false;
            for (i, name) in names.iter().enumerate() {
                let action = if put && i > 0 && !name.contains(' ') {
                    self.action(&format!("put down {name}"))?
                } else {
                    self.action(name)?
                };
                put = matches!(action, WumpAction::Place { .. });
                if i == 0 && action != best.action {
                    return fail("the first move named is not the hint's best");
                }
                let m = self.ranked(action)?.clone();
                self.count(&count_text(n), &m)?;
                tied.push(action);
            }
            best_n = n;
        } else {
            let (head, count) = lead.split_once(" you get ").ok_or("no count in the lead")?;
            let count = count
                .strip_suffix(" this deal")
                .ok_or("no deal in the lead")?;
            let (move_text, clauses) = match head.split_once(": ") {
                Some((m, c)) => (m, c.strip_suffix(", and").ok_or("no \"and\"")?),
                None => (head.strip_suffix(" and").ok_or("no \"and\"")?, ""),
            };
            let action = self.action(move_text)?;
            if action != best.action {
                return fail("the lead's move is not the hint's best");
            }
            self.consequence(action, clauses)?;
            best_n = self.count(count, &best)?;
        }
        for s in rest {
            if s.starts_with("If you ") {
                self.narration(s, best_n)?;
            } else if let Some(clauses) = s.strip_prefix("Either way, ") {
                // The same telling holds for the first two tied moves.
                if tied.len() < 2 {
                    return fail("\"either way\" without a tie");
                }
                for action in tied.iter().take(2) {
                    self.consequence(*action, clauses)?;
                }
            } else if let Some(t) = s.strip_prefix("Still, ") {
                let (moving, fewer) = t
                    .split_once(" is better: the others get ")
                    .ok_or("bad \"still\"")?;
                let fewer = parse_cards(fewer.strip_suffix(" fewer").ok_or("no \"fewer\"")?)?;
                let action = self.action(&ing_to_verb(moving))?;
                let second = self
                    .hint
                    .moves
                    .iter()
                    .find(|m| m.action != action)
                    .ok_or("no other move")?
                    .clone();
                let (a, b) = (self.tally(self.ranked(action)?)?, self.tally(&second)?);
                let others = |t: &Tally| t.gains.iter().sum::<u32>() - t.gains[self.me.index()];
                self.claims += 1;
                if others(&b) < others(&a) || others(&b) - others(&a) != fewer {
                    return fail(format!("the others do not get {fewer} fewer"));
                }
            } else if let Some((moving, rest)) = s.split_once(" is just as good: ") {
                let action = self.action(&ing_to_verb(moving))?;
                let (clauses, count) = match rest.split_once("you get ") {
                    Some((c, n)) => (c.strip_suffix(", and ").unwrap_or(c), n),
                    None => return fail("no count"),
                };
                self.consequence(action, clauses)?;
                let m = self.ranked(action)?.clone();
                let n = self.count(count.strip_suffix(" too").ok_or("no \"too\"")?, &m)?;
                if n != best_n {
                    return fail("\"just as good\" is not as good");
                }
            } else {
                return fail(format!("unknown sentence {s:?}"));
            }
        }
        // Nothing said to be best is beaten by a move left unsaid.
        for m in &self.hint.moves {
            self.claims += 1;
            let t = self.tally(m)?;
            if t.gains[self.me.index()] > best_n {
                return fail(format!("{:?} gives more than the hint's best", m.action));
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

    fn check_child(&mut self) -> Result<(), String> {
        let s = self.hint.child.clone();
        self.claims += 1;
        if s.split_whitespace().count() > CHILD_WORDS {
            return fail(format!("{s:?} is too long for a child"));
        }
        let s = s.strip_suffix('.').ok_or("no full stop")?;
        let best_n = self.hint.moves[0].gains[self.me.index()];
        let tied = |this: &Self, a: WumpAction| -> Result<(), String> {
            let m = this.ranked(a)?;
            if m.gains[this.me.index()] != best_n {
                return fail(format!("{a:?} is not one of the best moves"));
            }
            Ok(())
        };
        if let Some((pair, _)) = s.split_once(": both are fine") {
            let (a, b) = pair.split_once(" or ").ok_or("no pair")?;
            let a = self.child_action(a)?;
            let b = if matches!(a, WumpAction::Place { .. }) && !b.contains("your") {
                self.child_action(&format!("put down your {b}"))?
            } else {
                self.child_action(b)?
            };
            self.claims += 2;
            if a == b {
                return fail("the same move twice");
            }
            tied(self, a)?;
            tied(self, b)?;
            if a != self.hint.best() {
                return fail("the child's move is not the hint's best");
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
            let mut g = self.game.clone();
            Self::apply(&mut g, self.me, a)?;
            self.claims += 1;
            if g.to_move() != Some(seat) || Self::can_take(&g, seat, card) {
                return fail(format!("{who} can take it, or does not play next"));
            }
        }
        Ok(())
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

fn count_text(n: u32) -> String {
    crate::card::count_cards(n as usize)
}

/// "putting down 5♦" → "put down 5♦"; "Taking 5♠ with your 5♦" → "take ...".
fn ing_to_verb(s: &str) -> String {
    let s = s.to_lowercase();
    if let Some(r) = s.strip_prefix("putting down ") {
        format!("put down {}", r.to_uppercase())
    } else if let Some(r) = s.strip_prefix("taking ") {
        format!(
            "take {}",
            r.to_uppercase().replace(" WITH YOUR ", " with your ")
        )
    } else {
        s
    }
}

/// The sentences of a text, each without its full stop.
fn sentences(text: &str) -> Result<Vec<String>, String> {
    let body = text.strip_suffix('.').ok_or("no full stop at the end")?;
    Ok(body.split(". ").map(str::to_string).collect())
}

/// Checks every claim of `hint` for the seat to play in `game`; the number
/// of claims checked, or the first false one.
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

/// A seeded position: 2-6 seats of people and bots, some plays into the
/// first game (reaching its last deal about a third of the time).
pub fn position(seed: u64) -> Wump {
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
    g
}

/// Hints of `count` positions from `first`: claims checked, or failures.
pub fn check_positions(first: u64, count: u64) -> (usize, Vec<String>) {
    let mut claims = 0;
    let mut failures = Vec::new();
    for seed in first..first + count {
        let g = position(seed);
        let Some(seat) = g.to_move() else { continue };
        let Some(h) = hint::hint(&g.view(seat)) else {
            failures.push(format!("seed {seed}: no hint"));
            continue;
        };
        match check(&g, &h) {
            Ok(n) => claims += n,
            Err(e) => failures.push(format!("seed {seed}: {e}")),
        }
    }
    (claims, failures)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_claim_of_every_hint_is_true() {
        let count = std::env::var("RUMMY_HINT_POSITIONS")
            .ok()
            .and_then(|n| n.parse().ok())
            .unwrap_or(300);
        let (claims, failures) = check_positions(0, count);
        println!(
            "{count} positions, {claims} claims checked, {} false",
            failures.len()
        );
        assert!(failures.is_empty(), "{}", failures.join("\n"));
        assert!(claims > count as usize * 5, "only {claims} claims checked");
    }
}
