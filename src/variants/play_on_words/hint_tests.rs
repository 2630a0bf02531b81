//! Compiled only under #[cfg(test)] (declared in `hint.rs`).
//!
//! The Play On Words hint checker: reads a hint's sentence and its reason
//! and checks every claim in them against the game. The move is one the
//! game takes; a word's points, how it grows a table word, its rate a
//! letter, the bonus for the whole initial hand and going out are what the
//! game then scores and does; the cards a play-on names are the ones it
//! lays; the card counts of a draw. "No word fits", "none scores more" and
//! "none plays more of your cards" are checked against every move the game
//! takes of every word of the dictionary the cards spell (new words,
//! play-ons however rearranged, two table words combined, or in muggins the
//! other seats' cards), each previewed by the game: everyday words only when
//! the table's bots and hints lay only those. A sentence the checker cannot
//! read is a failure.

use super::super::bots::racks;
use super::super::score::MIN_LEN;
use super::super::{FULL, Phase, PlayOnWords, PowAction, PowEvent, Version};
use super::Hint;
use crate::card::Card;
use crate::dict::BotWords;
use crate::game::Game;
use crate::seat::{BotLevel, SeatId};
use crate::wordgame::Spelled;
use crate::wordgame::WordGame;

fn fail<T>(what: impl Into<String>) -> Result<T, String> {
    Err(what.into())
}

/// The longest combination of two table words the checker looks for.
const LONGEST: usize = 24;

/// Every word move `seat` can make now with the words the hints lay, with
/// its points and the letters it lays: new words from hand (if none laid
/// yet this turn), play-ons of each table word, combinations of two; in
/// muggins, the other seats' face-up cards alone or played on a table word.
fn every_move(g: &PlayOnWords, seat: SeatId) -> Vec<(PowAction, i64, usize)> {
    let view = g.view(seat);
    let dict = g.dictionary().clone();
    let everyday = view.options.bot_words == BotWords::Everyday;
    let mut words: Vec<String> = Vec::new();
    let groups: Vec<Vec<Card>> = if view.mugging() {
        view.shown
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != seat.index())
            .map(|(_, c)| c.clone())
            .collect()
    } else {
        vec![view.hand.clone()]
    };
    let texts: Vec<String> = view
        .table
        .iter()
        .map(|w| w.text().to_ascii_lowercase())
        .collect();
    let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
    for cards in &groups {
        for rack in racks(cards) {
            if view.mugging() || !view.new_word_laid {
                words.extend(
                    dict.sub_anagrams_min(&rack, MIN_LEN)
                        .into_iter()
                        .map(str::to_string),
                );
            }
            for base in &texts {
                words.extend(dict.play_ons(base, &rack).into_iter().map(str::to_string));
            }
            if !view.mugging() {
                for (_, _, w) in dict.combinations(&refs, &rack, LONGEST) {
                    words.push(w.to_string());
                }
            }
        }
    }
    words.sort();
    words.dedup();
    let mut out = Vec::new();
    for w in words.iter().filter(|w| !everyday || dict.is_everyday(w)) {
        for m in g.word_moves(seat, w) {
            let Ok(p) = g.preview(seat, &m) else { continue };
            let letters = letters_laid(&m, &groups)
                .unwrap_or_else(|| p.lays.iter().map(|c| c.text().len()).sum());
            out.push((m, p.points, letters));
        }
    }
    out
}

/// The letters the cards of `action` stand for (a combo card two), found
/// among `groups` (the hand, or the face-up cards in muggins); `None` when
/// the action names no cards. Counted from the cards, not from the table
/// after the move: a move that ends the round clears the table.
fn letters_laid(action: &PowAction, groups: &[Vec<Card>]) -> Option<usize> {
    let ids = match action {
        PowAction::Word(Spelled { cards, .. })
        | PowAction::PlayOn { cards, .. }
        | PowAction::Combine { cards, .. }
        | PowAction::Mug { cards, .. } => cards.as_ref()?,
        _ => return None,
    };
    let all: Vec<&Card> = groups.iter().flatten().collect();
    Some(
        ids.iter()
            .filter_map(|id| all.iter().find(|c| c.id == *id))
            .map(|c| match c.face {
                crate::card::Face::Combo(..) => 2,
                _ => 1,
            })
            .sum(),
    )
}

/// The points the events score, and whether the seat went out (with what
/// bonus).
fn scored(events: &[PowEvent]) -> (i64, Option<i64>, Option<String>, i64) {
    let (mut points, mut out, mut how, mut initial) = (0, None, None, 0);
    for e in events {
        match e {
            PowEvent::Laid {
                points: p, bonus, ..
            } => {
                points += p;
                initial += bonus;
            }
            PowEvent::PlayedOn {
                points: p, how: h, ..
            } => {
                points += p;
                how = Some(h.clone());
            }
            PowEvent::Mugged { points: p, .. } => points += p,
            PowEvent::WentOut { bonus, .. } => out = Some(*bonus),
            _ => {}
        }
    }
    (points, out, how, initial)
}

/// Checks every claim of `h`, the hint for `seat` in `g`: the number of
/// claims checked, or the first false one.
pub fn check(g: &PlayOnWords, seat: SeatId, h: &Hint) -> Result<usize, String> {
    let reason = h.reason.as_deref().unwrap_or_default();
    check_claims(g, seat, h).map_err(|e| format!("{e}\n  in: {} {reason}", h.text))
}

fn check_claims(g: &PlayOnWords, seat: SeatId, h: &Hint) -> Result<usize, String> {
    let view = g.view(seat);
    let mut claims = 1;
    let (_, events) = crate::variants::hint_tests::played(g, seat, &h.action)?;
    let text = h.text.strip_suffix('.').ok_or("no full stop")?;
    let word = match view.options.bot_words {
        BotWords::Everyday => "everyday word",
        BotWords::Whole => "word",
    };
    let a_word = if word.starts_with('e') {
        format!("an {word}")
    } else {
        format!("a {word}")
    };
    let none_fits = |claims: &mut usize| -> Result<(), String> {
        *claims += 1;
        match every_move(g, seat).first() {
            Some((m, _, _)) => fail(format!("{m:?} fits")),
            None => Ok(()),
        }
    };
    match (&view.phase, &h.action) {
        (Phase::Draw, PowAction::Draw) if text == "Draw a card to start your turn" => {}
        (Phase::Play, PowAction::Draw) => {
            let expected = format!(
                "Draw another card: you hold {}, and may draw up to {FULL} before you play",
                view.hand.len()
            );
            claims += 1;
            if text != expected || view.hand.len() >= FULL || view.laid {
                return fail("the hand is full, something was laid, or an unknown sentence");
            }
        }
        (Phase::Play, PowAction::PutUnder { .. }) => {
            if text.starts_with(&format!("No {word} fits your cards: put ")) {
                none_fits(&mut claims)?;
            } else if !text.starts_with("Put ") {
                return fail(format!("a sentence the checker cannot read: {text:?}"));
            }
        }
        (Phase::Play, PowAction::Pass) => {
            let said = if view.laid {
                format!("No more {word}s fit: end your turn")
            } else {
                format!("No {word} fits your cards: pass")
            };
            if text != said {
                return fail(format!("a sentence the checker cannot read: {text:?}"));
            }
            none_fits(&mut claims)?;
        }
        (Phase::Play | Phase::Muggins { .. }, PowAction::Word(Spelled { word: w, .. }))
        | (Phase::Play | Phase::Muggins { .. }, PowAction::PlayOn { word: w, .. })
        | (Phase::Play | Phase::Muggins { .. }, PowAction::Combine { word: w, .. })
        | (Phase::Play | Phase::Muggins { .. }, PowAction::Mug { word: w, .. }) => {
            let (points, out, how, initial) = scored(&events);
            let casual = view.options.version == Version::Casual;
            claims += 1;
            if !text.contains(&format!(" {w}")) {
                return fail(format!("{w} is not named"));
            }
            let said_out = text.contains(" and go out: ");
            claims += 1;
            if said_out != out.is_some() {
                return fail(format!(
                    "going out is said {said_out} but is {}",
                    out.is_some()
                ));
            }
            if casual {
                claims += 1;
                let ok = if said_out {
                    text.ends_with("and go out: that wins the round")
                } else {
                    text.ends_with(" (no points in the casual game)") && points == 0
                };
                if !ok {
                    return fail("a casual game's word said wrongly");
                }
            } else {
                let (_, figures) = text
                    .split_once(if said_out { " and go out: " } else { ": " })
                    .ok_or("no figures")?;
                let number = |s: &str| -> Result<i64, String> {
                    s.trim_end_matches(" points")
                        .trim_end_matches(" point")
                        .parse()
                        .map_err(|_| format!("not points: {s:?}"))
                };
                let bonus = out.unwrap_or(0);
                let (total, rest) = figures.split_once(", ").ok_or("no points")?;
                claims += 1;
                if number(total)? != points + bonus {
                    return fail(format!("{total} said, {} scored", points + bonus));
                }
                let rate = if said_out {
                    let (word_points, rest) =
                        rest.split_once(" for the word (").ok_or("no word points")?;
                    let (rate, going) = rest.split_once(") and ").ok_or("no going out")?;
                    claims += 2;
                    if number(word_points)? != points || going != format!("{bonus} for going out") {
                        return fail("the word's points or the going out's are wrong");
                    }
                    rate.to_string()
                } else {
                    rest.to_string()
                };
                let (rate, initial_said) = match rate.split_once(", with ") {
                    Some((r, i)) => (r.to_string(), Some(i.to_string())),
                    None => (rate.clone(), None),
                };
                claims += 1;
                let said_initial = initial_said.as_ref().is_some_and(|i| {
                    *i == format!("{initial} for the whole initial hand in one word")
                });
                if said_initial != (initial > 0) || (initial_said.is_some() && !said_initial) {
                    return fail(format!(
                        "the initial hand's bonus is {initial}, said {initial_said:?}"
                    ));
                }
                let per_letter = (points - initial) / (w.len() as i64).max(1);
                claims += 1;
                let expected = match (&h.action, &how) {
                    (PowAction::Mug { .. }, _) => "2 a letter of their cards".to_string(),
                    (_, Some(how)) => format!("{how}, {per_letter} a letter"),
                    _ => format!("{per_letter} a letter"),
                };
                if rate != expected {
                    return fail(format!("{rate:?} said, but it is {expected:?}"));
                }
            }
            if let Some(reason) = &h.reason {
                let moves = every_move(g, seat);
                let mine = g.preview(seat, &h.action).map_err(|e| e.to_string())?;
                let my_letters = letters_laid(&h.action, std::slice::from_ref(&view.hand))
                    .unwrap_or_else(|| mine.lays.iter().map(|c| c.text().len()).sum());
                let kind = match view.options.bot_words {
                    BotWords::Everyday => "everyday words",
                    BotWords::Whole => "words",
                };
                let among = if view.mugging() {
                    format!(
                        "Of the {kind} the other seats' face-up cards make, alone or played on a table word"
                    )
                } else {
                    format!("Of the {kind} your cards make, alone or with the table's words")
                };
                claims += moves.len().max(1);
                if *reason == format!("{among}, none scores more.") {
                    if let Some((m, p, _)) = moves.iter().find(|(_, p, _)| *p > mine.points) {
                        return fail(format!("{m:?} scores {p}, more than {}", mine.points));
                    }
                } else if *reason == format!("{among}, none plays more of your cards.") {
                    if let Some((m, _, l)) = moves.iter().find(|(_, _, l)| *l > my_letters) {
                        return fail(format!("{m:?} plays {l} letters, more than {my_letters}"));
                    }
                } else {
                    return fail(format!("a reason the checker cannot read: {reason:?}"));
                }
            }
        }
        (Phase::Challenge(_), a) => {
            let w = view
                .challenged()
                .map(|w| w.text())
                .ok_or("nothing challenged")?;
            let legal = g.dictionary().check(&w).is_legal();
            claims += 1;
            let ok = match a {
                PowAction::Challenge => {
                    text == format!("{w} is not in the dictionary: challenge it") && !legal
                }
                _ => text == format!("{w} is in the dictionary: let it stand") && legal,
            };
            if !ok {
                return fail(format!("{w}: what the dictionary says is said wrongly"));
            }
        }
        (Phase::Muggins { .. }, PowAction::Pass) => {
            if text != format!("None of the other seats' cards makes {a_word}: pass") {
                return fail(format!("a sentence the checker cannot read: {text:?}"));
            }
            none_fits(&mut claims)?;
        }
        _ => return fail(format!("a sentence the checker cannot read: {text:?}")),
    }
    Ok(claims)
}

#[cfg(test)]
mod tests {
    use super::*;

    crate::variants::hint_tests::claim_tests!(
        PlayOnWords,
        "Play On Words",
        4,
        |g: &PlayOnWords, seat| super::super::hint(&g.view(seat), g.dictionary())
    );
}
