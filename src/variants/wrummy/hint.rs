//! Hints for a human seat: the hard bot's move, explained in a sentence. The
//! hint prefers common words: a rarer word must score more to be offered
//! (see [`Style::hints`](super::bots::Style::hints)).

use super::bots::{Candidate, WordBot};
use super::{Phase, WrummyAction, WrummyView};
use crate::card::Card;
use crate::dict::Dictionary;
use crate::game::Bot;
use crate::rng::GameRng;
use std::sync::Arc;

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

/// The hint for the seat of `view`, if it is to move.
pub fn hint(view: &WrummyView, dict: &Arc<Dictionary>) -> Option<Hint> {
    let bot = WordBot::for_hints(dict.clone(), view.bot_words);
    // A draw or a play is explained by what the bot judged it by.
    let mine = view.to_move == Some(view.seat);
    let (action, why) = match view.phase {
        Phase::Draw if mine => {
            let (action, word) = bot.draw_choice(view);
            (action, Why::Word(word))
        }
        Phase::Play if mine => {
            let (action, play) = bot.play_choice(view)?;
            (action, Why::Play(play))
        }
        _ => (bot.choose(view, &mut GameRng::new(0, 0))?, Why::Play(None)),
    };
    let (short, long) = explain(view, &action, why);
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

fn explain(view: &WrummyView, action: &WrummyAction, why: Why) -> (String, String) {
    let (word, play) = match why {
        Why::Word(w) => (w, None),
        Why::Play(p) => (None, p),
    };
    match action {
        WrummyAction::DrawStock => (
            "Draw from the stock".into(),
            match word {
                Some(w) => format!(
                    "The train offers nothing better: you can already play {w}, and a new card may add to it."
                ),
                None => "Nothing in the train makes a word with your cards; a new card may.".into(),
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
            (format!("Take {what}"), format!("Take {what} from the train.{why}"))
        }
        WrummyAction::SkipDraw => (
            "Go on without drawing".into(),
            "The stock is out and nothing in the train helps you.".into(),
        ),
        WrummyAction::Play { word, .. } | WrummyAction::Extend { word, .. } => {
            let verb = if matches!(action, WrummyAction::Play { .. }) {
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
        WrummyAction::Discard { card } => {
            let c = card_named(view, *card);
            (
                format!("Discard {c}"),
                format!("No word is worth playing now. {c} is the card you need least."),
            )
        }
        WrummyAction::TakeBack => (
            "Take the turn back".into(),
            "No word uses the card you took from deep in the train: take the turn back and draw instead.".into(),
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
            Phase::Challenge { .. } => {
                let w = view.challenged().map(|w| w.text()).unwrap_or_default();
                (
                    "Let it stand".into(),
                    format!("{w} is a word: a challenge would cost you your next turn."),
                )
            }
            _ => (
                "Pass".into(),
                "No word you would want stands in the train.".into(),
            ),
        },
    }
}
