//! Hints for a human seat: the hard bot's move, explained in a sentence. The
//! hint prefers common words: a rarer word must score more to be offered
//! (see [`Style::hints`](super::bots::Style::hints)).
//!
//! Every claim is one the hint has made sure of: "no card of the train
//! makes a word" only after every take allowed was tried; "no word uses the
//! card you took" only after every word and extension of the hand, however
//! long, was tried; a last discard says that it goes out, and what going
//! out then does. Words are "everyday words" when the table's bots and
//! hints lay only those.

use super::bots::{Candidate, WordBot};
use super::{Phase, REFILL, WrummyAction, WrummyView};
use crate::card::Card;
use crate::dict::Dictionary;
use crate::game::Bot;
use crate::rng::GameRng;
use crate::wordgame::Spelled;
use std::sync::Arc;

#[cfg(test)]
#[path = "hint_tests.rs"]
mod hint_tests;

/// A suggested move and why.
#[derive(Clone, Debug, PartialEq)]
pub struct Hint {
    pub action: WrummyAction,
    /// A few words for the status line.
    pub short: String,
    /// The reason, in a sentence or two.
    pub long: String,
}

fn card_named(view: &WrummyView, id: crate::card::CardId) -> String {
    view.hand
        .iter()
        .chain(&view.train)
        .find(|c| c.id == id)
        .map_or("a card".into(), Card::to_string)
}

/// The train positions the seat may take from now: the top only on the
/// game's first turn and after a take-back, else any.
pub(crate) fn takes_allowed(view: &WrummyView) -> std::ops::Range<usize> {
    let len = view.train.len();
    if view.first_turn || view.took_back {
        len.saturating_sub(1)..len
    } else {
        0..len
    }
}

/// Whether some take allowed now lets the hand play a word from hand that
/// uses the card taken (the deepest, for a deep take), of the words the
/// hints lay.
fn train_makes_a_word(view: &WrummyView, bot: &WordBot) -> bool {
    takes_allowed(view).any(|pos| {
        let mut cards = view.hand.clone();
        cards.extend_from_slice(&view.train[pos..]);
        let must = view.train[pos].face.letter();
        let rack = super::bots::rack_of(&cards);
        bot.dict
            .playable(&rack, must, 2, cards.len().saturating_sub(1))
            .into_iter()
            .any(|w| bot.rarity_cost(w).is_some())
    })
}

/// The hint for the seat of `view`, if it is to move.
pub fn hint(view: &WrummyView, dict: &Arc<Dictionary>) -> Option<Hint> {
    let bot = WordBot::for_hints(dict.clone(), view.options.bot_words);
    // A draw or a play is explained by what the bot judged it by.
    let mine = view.to_move == Some(view.seat);
    let (action, why) = match view.phase {
        Phase::Draw if mine => {
            let (action, word) = bot.draw_choice(view);
            (action, Why::Word(word))
        }
        Phase::Play if mine => {
            let (mut action, mut play) = bot.play_choice(view)?;
            if action == WrummyAction::TakeBack {
                // Before saying no word uses the card taken, every word and
                // extension of the hand is tried, however long.
                let every = WordBot {
                    style: super::bots::Style {
                        longest: usize::MAX,
                        ..bot.style
                    },
                    level: bot.level,
                    dict: bot.dict.clone(),
                };
                if let Some(c) =
                    every.best_play_within(view, &view.hand, view.must_card(), view.hand.len())
                {
                    (action, play) = (c.action.clone(), Some(c));
                }
            }
            (action, Why::Play(play))
        }
        _ => (bot.choose(view, &mut GameRng::new(0, 0))?, Why::Play(None)),
    };
    let (short, long) = explain(view, &bot, &action, why);
    Some(Hint {
        action,
        short,
        long,
    })
}

/// What the bot judged its move by.
enum Why {
    /// A draw: the best word from hand it allows.
    Word(Option<String>),
    /// A play: the word or extension.
    Play(Option<Candidate>),
}

fn explain(view: &WrummyView, bot: &WordBot, action: &WrummyAction, why: Why) -> (String, String) {
    let (word, play) = match why {
        Why::Word(w) => (w, None),
        Why::Play(p) => (None, p),
    };
    // Why not a take: none makes a word at all, or none is worth it.
    let no_take = || {
        if train_makes_a_word(view, bot) {
            "no card of the train makes a word worth taking it for".to_string()
        } else {
            format!(
                "no card of the train makes {} from your hand",
                view.options.bot_words.a_word()
            )
        }
    };
    match action {
        WrummyAction::DrawStock => (
            "Draw from the stock".into(),
            match word {
                Some(w) => format!(
                    "The train offers nothing better: you can already play {w}, and a new card may add to it."
                ),
                None => format!(
                    "{}; a new card may.",
                    crate::sentence::capitalised(&no_take())
                ),
            },
        ),
        WrummyAction::TakeTrain { pos } => {
            let taken = &view.train[(*pos).min(view.train.len())..];
            let what = match taken {
                [one] => one.to_string(),
                [deepest, above @ ..] => format!("{deepest} and the {} above it", above.len()),
                [] => "the train".to_string(),
            };
            // The same judgement the bot made: the word the take allows.
            let it = if taken.len() == 1 { "it" } else { "them" };
            let why = word.map_or(String::new(), |w| format!(" With {it} you can play {w}."));
            (
                format!("Take {what}"),
                format!("Take {what} from the train.{why}"),
            )
        }
        WrummyAction::SkipDraw => (
            "Go on without drawing".into(),
            format!("The stock is out and {}.", no_take()),
        ),
        WrummyAction::Play(Spelled { word, .. }) | WrummyAction::Extend { word, .. } => {
            let verb = if matches!(action, WrummyAction::Play(_)) {
                "Play"
            } else {
                "Make"
            };
            let (points, earns) = play.map_or((0, None), |c| (c.points, c.earns));
            let credit = earns.map_or(String::new(), |l| {
                format!(", and it gives you your {l}-letter word")
            });
            (
                format!("{verb} {word}"),
                format!("{verb} {word}: {points} points on the table{credit}."),
            )
        }
        WrummyAction::Discard { card } if view.hand.len() == 1 => {
            // The last card: discarding it goes out.
            let c = card_named(view, *card);
            let complete = view
                .credits
                .get(view.seat.index())
                .is_some_and(|c| c.complete());
            let then = if complete {
                "you have your 3-, 4- and 5-letter words, so going out ends the game".to_string()
            } else {
                format!(
                    "you go out without all three words (3, 4 and 5 letters), so your next draw from the stock is {} cards, or as many as it still holds",
                    REFILL
                )
            };
            (
                format!("Discard {c} and go out"),
                format!("{c} is your last card. Discard it to go out: {then}."),
            )
        }
        WrummyAction::Discard { card } => {
            let c = card_named(view, *card);
            (
                format!("Discard {c}"),
                format!("No word is worth playing now. {c} is the card you need least."),
            )
        }
        WrummyAction::TakeBack => (
            "Take the turn back".into(),
            format!(
                "No {} uses the card you took from deep in the train: take the turn back and draw instead.",
                view.options
                    .bot_words
                    .a_word()
                    .trim_start_matches("an ")
                    .trim_start_matches("a ")
            ),
        ),
        WrummyAction::EndTurn => (
            "End the turn".into(),
            "You have no card left to discard.".into(),
        ),
        WrummyAction::Call { word, .. } => (
            format!("Call Wrummy! on {word}"),
            format!("{word} stands in the train: call \"Wrummy!\" and take it."),
        ),
        WrummyAction::Challenge => {
            let w = view.challenged().map(|w| w.text()).unwrap_or_default();
            (
                format!("Challenge {w}"),
                format!("{w} is not in the dictionary: challenge it."),
            )
        }
        WrummyAction::Pass => match &view.phase {
            Phase::Challenge(_) => {
                let w = view.challenged().map(|w| w.text()).unwrap_or_default();
                (
                    "Let it stand".into(),
                    format!("{w} is a word: a challenge would cost you your next turn."),
                )
            }
            _ => (
                "Pass".into(),
                format!(
                    "No {} stands in the train for you to call.",
                    view.options
                        .bot_words
                        .a_word()
                        .trim_start_matches("an ")
                        .trim_start_matches("a ")
                ),
            ),
        },
    }
}

impl crate::wordgame::review::WordHint<WrummyAction> for Hint {
    fn action(&self) -> &WrummyAction {
        &self.action
    }

    fn of_advice(a: crate::wordgame::review::Advice<WrummyAction>) -> Hint {
        Hint {
            action: a.action,
            short: a.line.split(':').next().unwrap_or_default().to_string(),
            long: format!("{}. {}", a.line, a.why),
        }
    }
}

/// The hint for `seat` in `game`: the one analysis's move
/// ([`crate::wordgame::review::hint_in`]); this game's own hint where the
/// analysis agrees with it.
pub fn hint_in(game: &super::Wrummy, seat: crate::seat::SeatId) -> Option<Hint> {
    let own = hint(&crate::game::Game::view(game, seat), game.dictionary());
    crate::wordgame::review::hint_in(game, seat, own)
}
