//! Compiled only under #[cfg(test)] (declared in `hint.rs`).
//!
//! The Wrummy hint checker: reads a hint's short line and its reason and
//! checks every claim in them against the game. The move is one the game
//! takes; a word's points and the credit it gives are what the game then
//! scores and credits; a take names the card at its place and the cards
//! above it, and the word it names can then be played; "you can already
//! play" a word the hand spells with a card to spare; "no card of the train
//! makes a word" by taking every card a take may reach; "no word uses the
//! card you took" against every word of the hand and every extension of a
//! table word, however long; a last discard goes out, and what that does;
//! "is the card you need least" never of a last card; calls, challenges and
//! "no word stands in the train" against the dictionary. Words are
//! everyday words when the table's bots and hints lay only those. A
//! sentence the checker cannot read is a failure.

use super::super::bots::rack_of;
use super::super::{Phase, Wrummy, WrummyAction, WrummyEvent, WrummyView};
use super::{Hint, takes_allowed};
use crate::card::CardId;
use crate::dict::anagram::Extension;
use crate::dict::{BotWords, Dictionary};
use crate::game::Game;
use crate::seat::{BotLevel, SeatId};
use crate::wordgame::{ChallengeNews, Spelled, WordGame};

fn fail<T>(what: impl Into<String>) -> Result<T, String> {
    Err(what.into())
}

/// Whether the table's hints lay `word` (lower case): every word, or the
/// everyday ones.
fn laid(dict: &Dictionary, view: &WrummyView, word: &str) -> bool {
    match view.options.bot_words {
        BotWords::Everyday => dict.is_everyday(word),
        BotWords::Whole => dict.check(word).is_legal(),
    }
}

/// Every play of a word from hand or an extension of a table word that the
/// seat can make now and that lays card `must` (or any, if `None`), of the
/// words the hints lay: each checked by the game's preview.
fn plays_laying(g: &Wrummy, seat: SeatId, must: Option<CardId>) -> Vec<WrummyAction> {
    let view = g.view(seat);
    let dict = g.dictionary().clone();
    let rack = rack_of(&view.hand);
    let spare = view.hand.len().saturating_sub(1);
    let mut words: Vec<String> = dict
        .playable(&rack, None, 2, spare)
        .into_iter()
        .map(str::to_string)
        .collect();
    for tw in &view.table {
        for w in dict.extensions_up_to(&tw.text(), &rack, Extension::Ends, spare as u32) {
            words.push(w.to_string());
        }
    }
    words.sort();
    words.dedup();
    let mut out = Vec::new();
    for w in words.iter().filter(|w| laid(&dict, &view, w)) {
        for m in g.word_moves(seat, w) {
            if matches!(m, WrummyAction::Call { .. }) {
                continue;
            }
            let Ok(p) = g.preview(seat, &m) else { continue };
            if must.is_none_or(|id| p.lays.iter().any(|c| c.card.id == id)) {
                out.push(m);
            }
        }
    }
    out
}

/// Whether a take allowed now lets the hand play a word from hand (of the
/// words the hints lay) that uses the card taken (the deepest).
fn some_take_makes_a_word(g: &Wrummy, seat: SeatId) -> Option<usize> {
    let view = g.view(seat);
    takes_allowed(&view).find(|&pos| {
        let mut taken = g.clone();
        if taken.apply(seat, &WrummyAction::TakeTrain { pos }).is_err() {
            return false;
        }
        let id = view.train[pos].id;
        plays_laying(&taken, seat, Some(id))
            .iter()
            .any(|m| matches!(m, WrummyAction::Play(_)))
    })
}

/// Checks every claim of `h`, the hint for `seat` in `g`: the number of
/// claims checked, or the first false one.
pub fn check(g: &Wrummy, seat: SeatId, h: &Hint) -> Result<usize, String> {
    check_claims(g, seat, h).map_err(|e| format!("{e}\n  in: {} / {}", h.short, h.long))
}

fn check_claims(g: &Wrummy, seat: SeatId, h: &Hint) -> Result<usize, String> {
    let view = g.view(seat);
    let dict = g.dictionary().clone();
    let mut claims = 1;
    let (next, events) = crate::variants::hint_tests::played(g, seat, &h.action)?;
    let a_word = match view.options.bot_words {
        BotWords::Everyday => "an everyday word",
        BotWords::Whole => "a word",
    };
    let word_kind = a_word.trim_start_matches("an ").trim_start_matches("a ");
    let long = h.long.as_str();
    let no_word_in_train = format!("no card of the train makes {a_word} from your hand");
    let check_no_word_in_train = |claims: &mut usize| -> Result<(), String> {
        *claims += 1;
        match some_take_makes_a_word(g, seat) {
            Some(pos) => fail(format!("taking {} makes a word", view.train[pos])),
            None => Ok(()),
        }
    };
    match &h.action {
        WrummyAction::DrawStock => {
            if h.short != "Draw from the stock" {
                return fail("the short line is not the draw");
            }
            if let Some(rest) =
                long.strip_prefix("The train offers nothing better: you can already play ")
            {
                let w = rest
                    .strip_suffix(", and a new card may add to it.")
                    .ok_or("unknown sentence")?;
                claims += 2;
                let lower = w.to_ascii_lowercase();
                let rack = rack_of(&view.hand);
                if !rack.spells(&lower) || w.len() >= view.hand.len() || !laid(&dict, &view, &lower)
                {
                    return fail(format!("the hand cannot play {w} now"));
                }
            } else if long
                == "No card of the train makes a word worth taking it for; a new card may."
            {
                // The worth is the hint's judgement; the draw is legal.
            } else if long == format!("{}; a new card may.", upper(&no_word_in_train)) {
                check_no_word_in_train(&mut claims)?;
            } else {
                return fail(format!("a sentence the checker cannot read: {long:?}"));
            }
        }
        WrummyAction::SkipDraw => {
            claims += 1;
            if view.stock_left > 0 {
                return fail("the stock is not out");
            }
            if long == format!("The stock is out and {no_word_in_train}.") {
                check_no_word_in_train(&mut claims)?;
            } else if long
                != "The stock is out and no card of the train makes a word worth taking it for."
            {
                return fail(format!("a sentence the checker cannot read: {long:?}"));
            }
        }
        WrummyAction::TakeTrain { pos } => {
            let above = view.train.len() - pos - 1;
            let what = if above == 0 {
                view.train[*pos].to_string()
            } else {
                format!("{} and the {above} above it", view.train[*pos])
            };
            claims += 1;
            if h.short != format!("Take {what}") {
                return fail(format!("the take is not of {what}"));
            }
            let rest = long
                .strip_prefix(&format!("Take {what} from the train."))
                .ok_or("unknown sentence")?;
            if !rest.is_empty() {
                let w = rest
                    .strip_prefix(" With it you can play ")
                    .or_else(|| rest.strip_prefix(" With them you can play "))
                    .and_then(|w| w.strip_suffix('.'))
                    .ok_or("unknown sentence")?;
                claims += 1;
                let id = view.train[*pos].id;
                let plays = next.word_moves(seat, w);
                let ok = laid(&dict, &view, &w.to_ascii_lowercase())
                    && plays.iter().any(|m| {
                        matches!(m, WrummyAction::Play(_))
                            && next
                                .preview(seat, m)
                                .is_ok_and(|p| above == 0 || p.lays.iter().any(|c| c.card.id == id))
                    });
                if !ok {
                    return fail(format!("{w} cannot be played after the take"));
                }
            }
        }
        WrummyAction::Play(Spelled { word, .. }) | WrummyAction::Extend { word, .. } => {
            let verb = if matches!(h.action, WrummyAction::Play(_)) {
                "Play"
            } else {
                "Make"
            };
            claims += 1;
            if h.short != format!("{verb} {word}") {
                return fail("the short line is not the word");
            }
            let rest = long
                .strip_prefix(&format!("{verb} {word}: "))
                .and_then(|r| r.strip_suffix('.'))
                .ok_or("unknown sentence")?;
            let (points, credit) = match rest.split_once(" points on the table") {
                Some((p, c)) => (p, c),
                None => return fail("no points"),
            };
            let points: i64 = points.parse().map_err(|_| "bad points")?;
            let p = g
                .preview(seat, &h.action)
                .map_err(|e| format!("no preview: {e}"))?;
            claims += 2;
            if p.points != points {
                return fail(format!("{word} scores {}, not {points}", p.points));
            }
            if !laid(&dict, &view, &word.to_ascii_lowercase()) {
                return fail(format!("{word} is not a word the hints lay"));
            }
            if let Some(l) = credit
                .strip_prefix(", and it gives you your ")
                .and_then(|c| c.strip_suffix("-letter word"))
            {
                claims += 1;
                let l: usize = l.parse().map_err(|_| "bad length")?;
                let before = g.credits()[seat.index()];
                let after = next.credits()[seat.index()];
                if before.has(l) || !after.has(l) {
                    return fail(format!("{word} does not give the {l}-letter word"));
                }
            } else if !credit.is_empty() {
                return fail(format!("unknown credit {credit:?}"));
            }
        }
        WrummyAction::Discard { card } => {
            let c = view
                .hand
                .iter()
                .find(|x| x.id == *card)
                .map(|x| x.to_string())
                .ok_or("no such card")?;
            claims += 1;
            if view.hand.len() == 1 {
                // The last card: what going out then does must be said.
                let out = events.iter().find_map(|e| match e {
                    WrummyEvent::WentOut { complete, .. } => Some(*complete),
                    _ => None,
                });
                let ended = events
                    .iter()
                    .any(|e| matches!(e, WrummyEvent::GameOver { .. }));
                let head = format!("{c} is your last card. Discard it to go out: ");
                let rest = long.strip_prefix(&head).ok_or_else(|| {
                    format!("a last discard that does not say it goes out: {long:?}")
                })?;
                claims += 2;
                if h.short != format!("Discard {c} and go out") {
                    return fail("the short line does not say it goes out");
                }
                match rest {
                    "you have your 3-, 4- and 5-letter words, so going out ends the game." => {
                        if out != Some(true) || !ended {
                            return fail("going out does not end the game");
                        }
                    }
                    "you go out without all three words (3, 4 and 5 letters), so your next draw from the stock is 5 cards, or as many as it still holds." => {
                        if out != Some(false) || !next.refill[seat.index()] {
                            return fail("going out without the words does not draw five");
                        }
                    }
                    _ => return fail(format!("unknown going out {rest:?}")),
                }
            } else {
                if h.short != format!("Discard {c}") {
                    return fail("the short line is not the discard");
                }
                if long != format!("No word is worth playing now. {c} is the card you need least.")
                {
                    return fail(format!("a sentence the checker cannot read: {long:?}"));
                }
            }
        }
        WrummyAction::TakeBack => {
            claims += 1;
            let must = view.must_card().ok_or("no card taken to use")?.id;
            if long
                != format!(
                    "No {word_kind} uses the card you took from deep in the train: take the turn back and draw instead."
                )
            {
                return fail(format!("a sentence the checker cannot read: {long:?}"));
            }
            if let Some(m) = plays_laying(g, seat, Some(must)).first() {
                return fail(format!("{m:?} uses the card taken"));
            }
        }
        WrummyAction::EndTurn => {
            claims += 1;
            if long != "You have no card left to discard." || !view.hand.is_empty() {
                return fail("cards left, or an unknown sentence");
            }
        }
        WrummyAction::Call { word, .. } => {
            claims += 1;
            if long != format!("{word} stands in the train: call \"Wrummy!\" and take it.")
                || !dict.check(word).is_legal()
            {
                return fail(format!("{word} is no word, or an unknown sentence"));
            }
        }
        WrummyAction::Challenge => {
            claims += 2;
            let w = view
                .challenged()
                .map(|w| w.text())
                .ok_or("nothing to challenge")?;
            let upheld = events
                .iter()
                .any(|e| matches!(e, WrummyEvent::Challenge(ChallengeNews::Upheld { .. })));
            if long != format!("{w} is not in the dictionary: challenge it.")
                || dict.check(&w).is_legal()
                || !upheld
            {
                return fail(format!("{w} is a word, or an unknown sentence"));
            }
        }
        WrummyAction::Pass => match &view.phase {
            Phase::Challenge(_) => {
                claims += 2;
                let w = view
                    .challenged()
                    .map(|w| w.text())
                    .ok_or("nothing to challenge")?;
                let mut tried = g.clone();
                let fails = tried.apply(seat, &WrummyAction::Challenge).is_ok_and(|ev| {
                    ev.iter()
                        .any(|e| matches!(e, WrummyEvent::Challenge(ChallengeNews::Failed { .. })))
                });
                if long != format!("{w} is a word: a challenge would cost you your next turn.")
                    || !dict.check(&w).is_legal()
                    || !fails
                {
                    return fail(format!("{w} is no word, or an unknown sentence"));
                }
            }
            _ => {
                claims += 1;
                if long != format!("No {word_kind} stands in the train for you to call.") {
                    return fail(format!("a sentence the checker cannot read: {long:?}"));
                }
                let found =
                    dict.callable(&view.train_letters(), view.options.calls, view.barred(), 2);
                if let Some(w) = found.iter().find(|w| laid(&dict, &view, &w.word)) {
                    return fail(format!("{} stands in the train", w.word));
                }
            }
        },
    }
    Ok(claims)
}

fn upper(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    crate::variants::hint_tests::claim_tests!(Wrummy, "Wrummy 3-4-5", 4, |g: &Wrummy, seat| {
        super::super::hint(&g.view(seat), g.dictionary())
    });

    /// A game of two people, words checked at once, with the hands, stock
    /// (drawn first to last) and train (oldest first) spelled out.
    fn stacked(hands: &[&str], stock: &str, train: &str) -> Wrummy {
        use crate::pile::{Hand, Stock, Train};
        let (mut g, mut cards) = crate::variants::stacked(|g: &Wrummy| &g.base.deck);
        for (i, h) in hands.iter().enumerate() {
            g.base.hands[i] = Hand::new(cards(h));
        }
        let mut s = cards(stock);
        s.reverse();
        g.base.stock = Stock::new(s);
        g.train = Train::new();
        for c in cards(train) {
            g.train.discard(c);
        }
        g
    }

    fn play(g: &mut Wrummy, word: &str) {
        let a = WrummyAction::Play(Spelled {
            word: word.into(),
            cards: None,
        });
        g.apply(SeatId(0), &a).unwrap();
    }

    /// The hint for a last card says that discarding it goes out, and what
    /// that does: without the 3-, 4- and 5-letter words the next draw is
    /// five cards; with them the game ends.
    #[test]
    fn a_last_discard_says_it_goes_out_and_what_that_does() {
        let p1 = SeatId(0);
        let mut g = stacked(&["CATS", "BKKWWVV"], "EEEEEEE", "ZX");
        g.apply(p1, &WrummyAction::DrawStock).unwrap();
        play(&mut g, "CATS");
        let h = super::super::hint(&g.view(p1), g.dictionary()).unwrap();
        assert_eq!(h.short, "Discard E and go out");
        assert_eq!(
            h.long,
            "E is your last card. Discard it to go out: you go out without all three words \
             (3, 4 and 5 letters), so your next draw from the stock is 5 cards, or as many as \
             it still holds."
        );
        assert!(!h.long.contains("need least"));
        assert!(check(&g, p1, &h).is_ok());

        let mut g = stacked(&["CATSOAPTRAIN", "BKKWWVV"], "EEEEEEE", "ZX");
        g.apply(p1, &WrummyAction::DrawStock).unwrap();
        for w in ["CAT", "SOAP", "TRAIN"] {
            play(&mut g, w);
        }
        let h = super::super::hint(&g.view(p1), g.dictionary()).unwrap();
        assert_eq!(
            h.long,
            "E is your last card. Discard it to go out: you have your 3-, 4- and 5-letter \
             words, so going out ends the game."
        );
        assert!(check(&g, p1, &h).is_ok());
    }
}
