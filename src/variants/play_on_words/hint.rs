//! Hints for a human seat: the hard bot's move, in one sentence with the
//! points it scores, and for a word its reason. Every claim is one the hint
//! has made sure of: a word "scores most" or "plays the most cards" of the
//! moves it found only when it does; "no word fits" only when it found
//! none. Words are "everyday words" when the table's bots and hints lay
//! only those.

use super::bots::{Candidate, PowBot};
use super::{Phase, PowAction, PowView, Version};
use crate::card::{Card, CardId};
use crate::dict::Dictionary;
use crate::game::{Bot, seat_name};
use crate::open::MoveKind;
use crate::rng::GameRng;
use crate::seat::BotLevel;
use std::sync::Arc;

#[cfg(test)]
#[path = "hint_tests.rs"]
mod hint_tests;

/// A suggested move and why.
#[derive(Clone, Debug, PartialEq)]
pub struct Hint {
    pub action: PowAction,
    /// The sentence.
    pub text: String,
    /// For a word, why this one, when something can be said for certain:
    /// that no move found scores more, or plays more of the cards.
    pub reason: Option<String>,
}

/// Why the hinted word, among `found` (every move the hint's search found,
/// the hinted one among them): that none scores more, or none plays more
/// of the cards, if either is so.
fn reason(view: &PowView, hinted: &Candidate, found: &[Candidate]) -> Option<String> {
    let words = view.options.bot_words.words();
    let among = if view.mugging() {
        format!(
            "Of the {words} the other seats' face-up cards make, alone or played on a table word"
        )
    } else {
        format!("Of the {words} your cards make, alone or with the table's words")
    };
    let casual = view.options.version == Version::Casual;
    if !casual && found.iter().all(|c| c.points <= hinted.points) {
        return Some(format!("{among}, none scores more."));
    }
    if !view.mugging() && found.iter().all(|c| c.letters <= hinted.letters) {
        return Some(format!("{among}, none plays more of your cards."));
    }
    None
}

use crate::card::points;

fn named(cards: &[Card], ids: &[CardId]) -> String {
    let each: Vec<String> = ids
        .iter()
        .filter_map(|id| cards.iter().find(|c| c.id == *id))
        .map(|c| match c.face {
            crate::card::Face::Wild => "a wild".to_string(),
            _ => c.to_string(),
        })
        .collect();
    match each.as_slice() {
        [] => "nothing".into(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// "Make Ann's CREAM into EMBRACE with B and E: 14 points, rearranged, 2
/// a letter."
fn word_line(view: &PowView, c: &Candidate, cards: &[Card]) -> String {
    let whose = |text: &str| {
        view.table
            .iter()
            .find(|w| w.text() == text)
            .map_or(text.to_string(), |w| {
                crate::wordgame::whose(w, view.seat, &view.names)
            })
    };
    let bonus = match c.action {
        PowAction::Word(_) if view.initial_hand && c.cards.len() == view.hand.len() => {
            super::score::INITIAL_HAND_BONUS
        }
        _ => 0,
    };
    let per_letter = (c.points - bonus) / (c.word.len() as i64).max(1);
    let casual = view.options.version == Version::Casual;
    let goes_out = c.cards.len() == view.hand.len()
        && !view.mugging()
        && view.went_out.is_none()
        && view.options.version != Version::FullDeck;
    let (what, rate) = match &c.action {
        PowAction::Word(_) => (
            format!("Lay {} from your hand", c.word),
            format!("{per_letter} a letter"),
        ),
        PowAction::PlayOn { .. } | PowAction::Combine { .. } => {
            let olds: Vec<String> = c.grows.iter().map(|g| whose(g)).collect();
            (
                format!(
                    "Make {} into {} with {}",
                    olds.join(" and "),
                    c.word,
                    named(cards, &c.cards)
                ),
                format!("{}, {per_letter} a letter", c.how),
            )
        }
        PowAction::Mug { victim, target, .. } => {
            let from = crate::seat::possessive(&seat_name(&view.names, *victim));
            let what = match target {
                None => format!("Mug {from} {} into {}", named(cards, &c.cards), c.word),
                Some(_) => format!(
                    "Mug {from} {} onto {} as {}",
                    named(cards, &c.cards),
                    whose(&c.grows.concat()),
                    c.word
                ),
            };
            (what, "2 a letter of their cards".to_string())
        }
        _ => return String::new(),
    };
    let initial = if bonus > 0 {
        format!(", with {bonus} for the whole initial hand in one word")
    } else {
        String::new()
    };
    match (casual, goes_out) {
        (true, true) => format!("{what} and go out: that wins the round."),
        (true, false) => format!("{what} (no points in the casual game)."),
        (false, true) => format!(
            "{what} and go out: {}, {} for the word ({rate}{initial}) and {} for going out.",
            points(c.points + super::score::OUT_BONUS),
            c.points,
            super::score::OUT_BONUS
        ),
        (false, false) => format!("{what}: {}, {rate}{initial}.", points(c.points)),
    }
}

/// The hint for the seat of `view`, if it is to move.
pub fn hint(view: &PowView, dict: &Arc<Dictionary>) -> Option<Hint> {
    if view.to_move != Some(view.seat) {
        return None;
    }
    let bot = PowBot::with_words(BotLevel::Hard, dict.clone(), view.options.bot_words);
    let action = bot.choose(view, &mut GameRng::new(0, 0))?;
    let mut why = None;
    let text = match (&view.phase, &action) {
        (Phase::Draw, _) => "Draw a card to start your turn.".to_string(),
        (Phase::Play, PowAction::Draw) => format!(
            "Draw another card: you hold {}, and may draw up to {} before you play.",
            view.hand.len(),
            super::FULL
        ),
        (Phase::Play, PowAction::PutUnder { card }) => {
            let worst = bot.put_under(view);
            let first = named(&view.hand, &[*card]);
            let none = format!("No {} fits your cards", words_of(view));
            match worst.len() {
                1 if view.put_under > 0 => format!("Put {first} under the draw pile too."),
                1 => format!("{none}: put {first} under the draw pile."),
                _ if view.put_under > 0 => format!(
                    "Put {} under the draw pile too, starting with {first}.",
                    named(&view.hand, &worst)
                ),
                _ => format!(
                    "{none}: put {} under the draw pile, starting with {first}.",
                    named(&view.hand, &worst)
                ),
            }
        }
        (Phase::Play, PowAction::Pass) if view.laid => {
            format!("No more {}s fit: end your turn.", words_of(view))
        }
        (Phase::Play, PowAction::Pass) => {
            format!("No {} fits your cards: pass.", words_of(view))
        }
        (Phase::Play, _) => {
            let found = bot.candidates(view);
            let c = found.iter().find(|c| c.action == action)?;
            why = reason(view, c, &found);
            word_line(view, c, &view.hand)
        }
        (Phase::Challenge(_), a) => {
            let word = view.challenged().map(|w| w.text()).unwrap_or_default();
            if *a == PowAction::Challenge {
                format!("{word} is not in the dictionary: challenge it.")
            } else {
                format!("{word} is in the dictionary: let it stand.")
            }
        }
        (Phase::Muggins { .. }, PowAction::Pass) => {
            format!(
                "None of the other seats' cards makes {}: pass.",
                view.options.bot_words.a_word()
            )
        }
        (Phase::Muggins { .. }, _) => {
            let found = bot.mug_candidates(view);
            let c = found.iter().find(|c| c.action == action)?;
            why = reason(view, c, &found);
            let shown: Vec<Card> = view.shown.iter().flatten().copied().collect();
            word_line(view, c, &shown)
        }
        (Phase::Over, _) => return None,
    };
    Some(Hint {
        reason: match action {
            PowAction::Word(_)
            | PowAction::PlayOn { .. }
            | PowAction::Combine { .. }
            | PowAction::Mug { .. } => why,
            _ => why.or_else(|| Some(rule_reason(view, &action))),
        },
        action,
        text,
    })
}

/// Why the hint's move that lays no word is the one to make: the rule
/// behind it.
fn rule_reason(view: &PowView, action: &PowAction) -> String {
    match (&view.phase, action) {
        (Phase::Draw, _) => "Every turn starts with a card from the draw pile.".into(),
        (_, PowAction::Draw) => {
            "More cards give more words to choose from, and once you lay something this turn you may draw no more.".into()
        }
        (_, PowAction::PutUnder { .. }) => {
            let detail = view
                .open()
                .get(MoveKind::PutUnder)
                .and_then(|m| m.detail.clone())
                .unwrap_or_default();
            format!(
                "{detail} A pass ends the turn sooner. The hint never puts a wild there, and the hardest letters to use go first."
            )
        }
        (Phase::Challenge(_), PowAction::Challenge) => {
            "A word not in the dictionary scores nothing: its cards go back to the hand and that turn ends.".into()
        }
        (Phase::Challenge(_), _) => {
            "Challenging a word that is in the dictionary costs the challenger the next turn.".into()
        }
        (Phase::Muggins { .. }, _) => {
            "Muggins ends when each seat has passed; then each letter left in a hand is a point off.".into()
        }
        _ => "The hint finds no word or play-on your cards make now.".into(),
    }
}

/// "everyday word" or "word".
fn words_of(view: &PowView) -> &'static str {
    view.options
        .bot_words
        .a_word()
        .trim_start_matches("an ")
        .trim_start_matches("a ")
}

impl crate::wordgame::review::WordHint<PowAction> for Hint {
    fn action(&self) -> &PowAction {
        &self.action
    }

    fn of_advice(a: crate::wordgame::review::Advice<PowAction>) -> Hint {
        Hint {
            action: a.action,
            text: format!("{}.", a.line),
            reason: Some(a.why),
        }
    }
}

/// The hint for `seat` in `game`: the one analysis's move
/// ([`crate::wordgame::review::hint_in`]); this game's own hint where the
/// analysis agrees with it.
pub fn hint_in(game: &super::PlayOnWords, seat: crate::seat::SeatId) -> Option<Hint> {
    let own = hint(&crate::game::Game::view(game, seat), game.dictionary());
    crate::wordgame::review::hint_in(game, seat, own)
}
