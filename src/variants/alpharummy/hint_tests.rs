//! Compiled only under #[cfg(test)] (declared in `hint.rs`).
//!
//! The AlphaRummy hint checker: reads a hint's sentence and its reason and
//! checks every claim in them against the game. The move is one the game
//! takes; a word's points, base, multiplier and bonus cards are what the
//! game scores; a take names the card at its place and the cards above it,
//! and the word it names can then be laid with the card taken; "no card of
//! the discard pile makes a word" is checked by taking every card of the
//! pile in turn; "makes no word", "it scores most" (of the words that use
//! the card taken while it is in hand, or of all the words the hand makes)
//! against every word of the dictionary the hand spells, meld or add-on,
//! each scored by the game (everyday words only when the table's bots and
//! hints lay only those); the cards going out brings, the bonus cards the
//! stock holds, the challenge outcomes. A sentence the checker cannot read
//! is a failure.

use super::super::{AlphaAction, AlphaEvent, AlphaRummy};
use super::Hint;
use crate::card::{Card, Face};
use crate::dict::anagram::Extension;
use crate::dict::{BotWords, Rack};
use crate::game::Game;
use crate::seat::{BotLevel, SeatId};
use crate::wordgame::ChallengeNews;
use crate::wordgame::Spelled;
use crate::wordgame::WordGame;

fn fail<T>(what: impl Into<String>) -> Result<T, String> {
    Err(what.into())
}

/// The hand's letters as a rack, wilds and all.
fn rack(cards: &[Card]) -> Rack {
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

/// What each word move the hand of `seat` can make now is worth, as the
/// game scores it (points, and bonus cards at 2 points each): every word
/// of the dictionary the hand spells, from hand or added to a table word,
/// everyday words only when the table lays only those; when the turn's
/// take obliges a card still in hand, only moves that lay it.
fn every_word(g: &AlphaRummy, seat: SeatId) -> Vec<(AlphaAction, i64)> {
    let view = g.view(seat);
    let dict = g.dictionary().clone();
    let r = rack(&view.hand);
    let everyday = view.options.bot_words == BotWords::Everyday;
    let mut words: Vec<String> = Vec::new();
    dict.for_each_sub_anagram(&r, |w| {
        if w.len() >= 4 {
            words.push(w.to_string());
        }
    });
    for tw in &view.table {
        let base = tw.text().to_ascii_lowercase();
        for w in dict.extensions_up_to(&base, &r, Extension::Inserts, view.hand.len() as u32) {
            words.push(w.to_string());
        }
    }
    words.sort();
    words.dedup();
    let must = view.must_card().map(|c| c.id);
    let mut out = Vec::new();
    for w in words.iter().filter(|w| !everyday || dict.is_everyday(w)) {
        for m in g.word_moves(seat, w) {
            let Ok(p) = g.preview(seat, &m) else { continue };
            if must.is_some_and(|id| !p.lays.iter().any(|c| c.card.id == id)) {
                continue;
            }
            let bonus = bonus_of(&p).unwrap_or(0);
            out.push((m, p.points + 2 * bonus));
        }
    }
    out
}

/// "FRIENDS: 44 points (11 × 4) and 4 bonus cards" or "FIEND into FRIEND:
/// ...": checks the word move it names is one the game takes from `g` and
/// scores and earns that; the move, and whether it laid `card` if given.
fn word_line(
    g: &AlphaRummy,
    seat: SeatId,
    text: &str,
    card: Option<crate::card::CardId>,
    claims: &mut usize,
) -> Result<AlphaAction, String> {
    let (how, figures) = text
        .split_once(": ")
        .ok_or_else(|| format!("no figures in {text:?}"))?;
    let (grows, word) = match how.split_once(" into ") {
        Some((old, new)) => (Some(old), new),
        None => (None, how),
    };
    // "44 points (11 × 4) and 4 bonus cards"
    let number = |s: &str| -> Result<i64, String> {
        s.trim()
            .parse()
            .map_err(|_| format!("not a number: {s:?} in {text:?}"))
    };
    let (points, rest) = figures
        .split_once(" points (")
        .ok_or_else(|| format!("no points in {text:?}"))?;
    let (base, rest) = rest.split_once(" × ").ok_or("no base")?;
    let (mult, rest) = rest.split_once(") and ").ok_or("no multiplier")?;
    let bonus = match rest {
        "no bonus card (the stock is out)" => "0",
        rest => rest
            .trim_end_matches(" bonus cards")
            .trim_end_matches(" bonus card"),
    };
    let (points, base, mult, bonus) = (
        number(points)?,
        number(base)?,
        number(mult)?,
        number(bonus)?,
    );
    let moves: Vec<AlphaAction> = g
        .word_moves(seat, word)
        .into_iter()
        .filter(|m| match (m, grows) {
            (AlphaAction::Meld(_), None) => true,
            (AlphaAction::AddOn { target, .. }, Some(old)) => {
                g.table().iter().any(|w| w.id == *target && w.text() == old)
            }
            _ => false,
        })
        .collect();
    *claims += 5;
    for m in moves {
        let Ok(p) = g.preview(seat, &m) else { continue };
        let earned = bonus_of(&p);
        let base_laid: i64 = p.lays.iter().map(|c| c.card.value as i64).sum();
        let uses = card.is_none_or(|id| p.lays.iter().any(|c| c.card.id == id));
        if p.points == points
            && base_laid == base
            && base * mult == points
            && earned == Some(bonus)
            && uses
            && super::super::score::multiplier(word.len()).map(|(m, _)| m) == Some(mult)
        {
            return Ok(m);
        }
    }
    fail(format!("{text:?} is not what the game lays and scores"))
}

/// The bonus cards a preview says its word earns ("2 bonus cards", "no
/// bonus card (the stock is out)").
fn bonus_of(p: &crate::wordgame::Preview) -> Option<i64> {
    match p.earns.first()?.split_whitespace().next()? {
        "no" => Some(0),
        n => n.parse().ok(),
    }
}

fn number_of_cards(s: &str) -> Result<usize, String> {
    match s {
        "no cards" => Ok(0),
        "1 card" => Ok(1),
        _ => s
            .strip_suffix(" cards")
            .and_then(|n| n.parse().ok())
            .ok_or_else(|| format!("not a count of cards: {s:?}")),
    }
}

/// Checks every claim of `h`, the hint for `seat` in `g`: the number of
/// claims checked, or the first false one.
pub fn check(g: &AlphaRummy, seat: SeatId, h: &Hint) -> Result<usize, String> {
    let reason = h.reason.as_deref().unwrap_or_default();
    check_claims(g, seat, h).map_err(|e| format!("{e}\n  in: {} {reason}", h.text))
}

fn check_claims(g: &AlphaRummy, seat: SeatId, h: &Hint) -> Result<usize, String> {
    let view = g.view(seat);
    let mut claims = 1;
    let (next, events) = crate::variants::hint_tests::played(g, seat, &h.action)?;
    let round_ends = events.iter().any(|e| {
        matches!(
            e,
            AlphaEvent::RoundOver { .. } | AlphaEvent::GameOver { .. }
        )
    });
    let text = h.text.strip_suffix('.').ok_or("no full stop")?;
    let a_word = match view.options.bot_words {
        BotWords::Everyday => "an everyday word",
        BotWords::Whole => "a word",
    };
    let kind = match view.options.bot_words {
        BotWords::Everyday => "everyday words",
        BotWords::Whole => "words",
    };
    let no_word_in_pile = format!(
        "Pass: no card of the discard pile makes {a_word} with your hand, and the stock is out, so the round ends"
    );
    let no_word_for_card = format!(
        "Take the turn back: the card you took from the pile makes no {} with your hand",
        kind.trim_end_matches('s')
    );
    if let Some(rest) = text
        .strip_prefix("Take ")
        .filter(|r| r.contains(" from the discard pile and "))
    {
        let AlphaAction::TakePile { pos } = h.action else {
            return fail("a take that is not the hint's move");
        };
        let (what, word) = rest
            .split_once(" from the discard pile and ")
            .ok_or("no pile")?;
        let (card, above) = match what.split_once(" and the ") {
            Some((c, n)) => (
                c,
                number_of_cards(n.strip_suffix(" above it").ok_or("no \"above\"")?)?,
            ),
            None => (what, 0),
        };
        claims += 2;
        if view.pile[pos].to_string() != card || view.pile.len() - pos - 1 != above {
            return fail(format!("the take is not of {card} and {above} above it"));
        }
        let word = word
            .strip_prefix("lay ")
            .or_else(|| word.strip_prefix("make "))
            .ok_or("no word after the take")?;
        word_line(&next, seat, word, Some(view.pile[pos].id), &mut claims)?;
    } else if text
        == "Draw from the stock: after taking the turn back, the stock is the only draw left"
    {
        claims += 1;
        if !view.took_back || view.stock_left == 0 || h.action != AlphaAction::DrawStock {
            return fail("no take-back, or no stock");
        }
    } else if text == "Pass: after taking the turn back there is no draw left, so the round ends" {
        claims += 2;
        if !view.took_back || view.stock_left > 0 || !round_ends {
            return fail("no take-back, a stock left, or the round goes on");
        }
    } else if text == no_word_in_pile {
        claims += 2;
        if view.stock_left > 0 || !round_ends {
            return fail("a stock left, or the round goes on");
        }
        for pos in 0..view.pile.len() {
            let mut taken = g.clone();
            if taken.apply(seat, &AlphaAction::TakePile { pos }).is_err() {
                continue;
            }
            claims += 1;
            if let Some((m, _)) = every_word(&taken, seat).first() {
                return fail(format!(
                    "after taking {} the hand makes {m:?}",
                    view.pile[pos]
                ));
            }
        }
    } else if text
        == "Draw from the stock: no card of the discard pile makes a word worth taking it for"
    {
        // The worth is the hint's own judgement; the draw is legal (checked).
    } else if let Some(line) = text
        .strip_prefix("Lay ")
        .or_else(|| text.strip_prefix("Make "))
    {
        let m = word_line(g, seat, line, None, &mut claims)?;
        if std::mem::discriminant(&m) != std::mem::discriminant(&h.action) {
            return fail("the words name another move than the hint's");
        }
    } else if text == no_word_for_card {
        claims += 1;
        if view.must_card().is_none() {
            return fail("no card from the pile to use");
        }
        if let Some((m, _)) = every_word(g, seat).first() {
            return fail(format!("the card taken makes {m:?}"));
        }
    } else if let Some(rest) = text.strip_prefix("Go out: ") {
        let drew = events.iter().find_map(|e| match e {
            AlphaEvent::WentOut { drew, .. } => Some(*drew),
            _ => None,
        });
        let (cards, owed) = match rest.split_once(" instead of your ") {
            Some((c, o)) => (c, Some(o)),
            None => (rest, None),
        };
        let said = if cards == "the stock is out, so no fresh cards" {
            0
        } else if let Some(n) = cards.strip_suffix(" fresh cards") {
            n.parse().map_err(|_| "bad count")?
        } else if let Some(n) = cards
            .strip_prefix("the last ")
            .and_then(|c| c.strip_suffix(" of the stock"))
        {
            number_of_cards(n)?
        } else {
            return fail(format!("unknown going out {cards:?}"));
        };
        claims += 1;
        if drew != Some(said) {
            return fail(format!("going out brings {drew:?} cards, not {said}"));
        }
        if let Some(o) = owed {
            claims += 1;
            if o != crate::card::count_of(view.owed, "bonus card") {
                return fail(format!("{o:?} are not the bonus cards owed"));
            }
        }
    } else if let Some(rest) = text.strip_prefix("Take your ") {
        let (what, _) = rest
            .split_once(": no other word is worth laying now")
            .ok_or("unknown bonus sentence")?;
        let took = events.iter().find_map(|e| match e {
            AlphaEvent::TookBonus { count, .. } => Some(*count),
            _ => None,
        });
        let (owed, short) = match what.split_once(" (the stock holds only ") {
            Some((o, s)) => (
                o,
                Some(number_of_cards(s.strip_suffix(')').ok_or("no bracket")?)?),
            ),
            None => (what, None),
        };
        claims += 2;
        if owed != crate::card::count_of(view.owed, "bonus card") {
            return fail(format!("{owed:?} are not the bonus cards owed"));
        }
        if took != Some(short.unwrap_or(view.owed)) {
            return fail(format!("taking the bonus brings {took:?} cards"));
        }
    } else if let Some(rest) = text.strip_prefix("Discard ") {
        let (card, _) = rest.split_once(": ").ok_or("no reason")?;
        claims += 1;
        let AlphaAction::Discard { card: id } = h.action else {
            return fail("a discard that is not the hint's move");
        };
        if view
            .hand
            .iter()
            .find(|c| c.id == id)
            .map(|c| c.to_string())
            .as_deref()
            != Some(card)
        {
            return fail(format!("{card} is not the card discarded"));
        }
    } else if let Some(rest) = text.strip_prefix("Let ") {
        let (word, _) = rest
            .split_once(" stand: it is a word, and a wrong challenge costs your next turn")
            .ok_or("unknown sentence")?;
        claims += 2;
        if !g.dictionary().check(word).is_legal()
            || view.challenged().map(|w| w.text()) != Some(word.to_string())
        {
            return fail(format!("{word} is not a word, or not the one challenged"));
        }
        let mut tried = g.clone();
        let costs = tried.apply(seat, &AlphaAction::Challenge).is_ok_and(|ev| {
            ev.iter()
                .any(|e| matches!(e, AlphaEvent::Challenge(ChallengeNews::Failed { .. })))
        });
        if !costs {
            return fail("a challenge of it would not fail");
        }
    } else if let Some(rest) = text.strip_prefix("Challenge ") {
        let (word, _) = rest
            .split_once(": it is not in the dictionary, so it comes off and its player's turn ends")
            .ok_or("unknown sentence")?;
        claims += 2;
        if g.dictionary().check(word).is_legal() {
            return fail(format!("{word} is in the dictionary"));
        }
        let upheld = events
            .iter()
            .any(|e| matches!(e, AlphaEvent::Challenge(ChallengeNews::Upheld { .. })));
        if !upheld
            || next
                .table()
                .iter()
                .any(|w| Some(w.id) == view.challenged().map(|c| c.id))
        {
            return fail("the challenge does not take the word off");
        }
    } else {
        return fail(format!("a sentence the checker cannot read: {text:?}"));
    }
    if let Some(reason) = &h.reason {
        let among = reason
            .strip_prefix("Of the ")
            .and_then(|r| r.strip_suffix(", it scores most, counting each bonus card as 2 points."))
            .ok_or("an unknown reason")?;
        let took = format!("{kind} that use the card you took");
        let hand = format!("{kind} your cards make");
        claims += 2;
        if among == took {
            if view.must_card().is_none() {
                return fail("no card taken is left to use");
            }
        } else if among != hand || view.must_card().is_some() {
            return fail(format!("the reason is about the wrong words: {among:?}"));
        }
        if !matches!(h.action, AlphaAction::Meld(_) | AlphaAction::AddOn { .. }) {
            return fail("a word's reason for a move that lays no word");
        }
        let worth = |m: &AlphaAction| -> Option<i64> {
            let p = g.preview(seat, m).ok()?;
            let bonus = bonus_of(&p)?;
            Some(p.points + 2 * bonus)
        };
        let mine = worth(&h.action).ok_or("the hinted word scores nothing")?;
        for (m, w) in every_word(g, seat) {
            claims += 1;
            if w > mine {
                return fail(format!("{m:?} scores {w}, more than the hint's {mine}"));
            }
        }
    } else if matches!(h.action, AlphaAction::Meld(_) | AlphaAction::AddOn { .. }) {
        return fail("a word without its reason");
    }
    Ok(claims)
}

#[cfg(test)]
mod tests {
    use super::*;

    crate::variants::hint_tests::claim_tests!(
        AlphaRummy,
        "AlphaRummy",
        4,
        |g: &AlphaRummy, seat| super::super::hint(&g.view(seat), g.dictionary())
    );

    /// A game of two people with the hands, stock and pile (oldest first)
    /// spelled out; words are checked at once.
    fn stacked(hands: &[&str], stock: &str, pile: &str) -> AlphaRummy {
        use crate::pile::{Hand, Stock, Train};
        let (mut g, mut cards) = crate::variants::stacked(|g: &AlphaRummy| &g.base.deck);
        for (i, h) in hands.iter().enumerate() {
            g.base.hands[i] = Hand::new(cards(h));
        }
        g.base.stock = Stock::new(cards(stock));
        g.pile = Train::new();
        for c in cards(pile) {
            g.pile.discard(c);
        }
        g
    }

    /// Once the card taken from the pile is in a word, the next word's
    /// reason is about every word the hand makes, not those that use the
    /// card taken: the hand no longer holds it.
    #[test]
    fn the_reason_names_the_card_taken_only_while_it_is_in_hand() {
        let mut g = stacked(&["SPRYSTONE", "BCDGLMPUU"], "IIIIIII", "A");
        let p1 = SeatId(0);
        g.apply(p1, &AlphaAction::TakePile { pos: 0 }).unwrap();
        let view = g.view(p1);
        let h = super::super::hint(&view, g.dictionary()).unwrap();
        assert_eq!(
            h.reason.as_deref(),
            Some(
                "Of the everyday words that use the card you took, it scores most, counting each bonus card as 2 points."
            )
        );
        assert!(check(&g, p1, &h).is_ok());
        let sprays = AlphaAction::Meld(Spelled {
            word: "SPRAYS".into(),
            cards: None,
        });
        g.apply(p1, &sprays).unwrap();
        let view = g.view(p1);
        assert!(view.must_use.is_some() && view.must_card().is_none());
        let h = super::super::hint(&view, g.dictionary()).unwrap();
        assert!(
            matches!(h.action, AlphaAction::Meld(_) | AlphaAction::AddOn { .. }),
            "{h:?}"
        );
        assert_eq!(
            h.reason.as_deref(),
            Some(
                "Of the everyday words your cards make, it scores most, counting each bonus card as 2 points."
            )
        );
        assert!(check(&g, p1, &h).is_ok());
    }

    /// With the stock out, a hint passes only when no card of the whole
    /// pile makes a word, however deep it lies: the hard bot looks 12 cards
    /// deep, the hint further.
    #[test]
    fn a_hint_passes_only_when_no_card_of_the_pile_makes_a_word() {
        // The pile's oldest card, 13 deep, is the only one that makes a
        // word with the hand (REST and the like); the 12 above it are
        // consonants, which make none.
        let mut g = stacked(&["RST", "AIOUAIOU"], "", "EZXJKQVVWWBBC");
        let p1 = SeatId(0);
        let view = g.view(p1);
        let bot = super::super::super::bots::AlphaBot::new(BotLevel::Hard, g.dictionary().clone());
        assert_eq!(
            bot.draw_choice(&view).0,
            AlphaAction::Pass,
            "the bot does not look so deep"
        );
        let h = super::super::hint(&view, g.dictionary()).unwrap();
        assert_eq!(h.action, AlphaAction::TakePile { pos: 0 }, "{h:?}");
        let checked = check(&g, p1, &h);
        assert!(checked.is_ok(), "{checked:?} {h:?}");
        g.apply(p1, &h.action).unwrap();
    }
}
