//! Hints for a human seat: the hard bot's move, explained in a sentence.

use super::bots::WordBot;
use super::{Phase, WrummyAction, WrummyView};
use crate::card::Card;
use crate::dict::Dictionary;
use crate::game::Bot;
use crate::rng::GameRng;
use crate::seat::BotLevel;
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
    let bot = WordBot::new(BotLevel::Hard, dict.clone());
    let action = bot.choose(view, &mut GameRng::new(0, 0))?;
    let (short, long) = explain(&bot, view, &action);
    Some(Hint {
        action,
        short,
        long,
    })
}

fn explain(bot: &WordBot, view: &WrummyView, action: &WrummyAction) -> (String, String) {
    let best_now = bot.plays(view, &view.hand, None).into_iter().next();
    match action {
        WrummyAction::DrawStock => (
            "Draw from the stock".into(),
            match best_now {
                Some(c) => format!(
                    "The train offers nothing better: you can already play {} for {} points.",
                    c.word, c.points
                ),
                None => "Nothing in the train makes a word with your cards; a new card may.".into(),
            },
        ),
        WrummyAction::TakeTrain { pos } => {
            let taken = &view.train[*pos..];
            let mut with = view.hand.clone();
            with.extend_from_slice(taken);
            let deep = taken.len() > 1;
            let best = bot
                .plays(view, &with, deep.then(|| &taken[0]))
                .into_iter()
                .next();
            let what = if deep {
                format!("{} and the {} above it", taken[0], taken.len() - 1)
            } else {
                taken[0].to_string()
            };
            let why = best.map_or(String::new(), |c| {
                format!(" With it you can play {} for {} points.", c.word, c.points)
            });
            (format!("Take {what}"), format!("Take {what} from the train.{why}"))
        }
        WrummyAction::SkipDraw => (
            "Go on without drawing".into(),
            "The stock is out and nothing in the train helps you.".into(),
        ),
        WrummyAction::Play { word, .. } | WrummyAction::Extend { word, .. } => {
            let c = bot
                .plays(
                    view,
                    &view.hand,
                    view.must_use.and_then(|m| view.hand.iter().find(|c| c.id == m)),
                )
                .into_iter()
                .find(|c| &c.action == action);
            let verb = if matches!(action, WrummyAction::Play { .. }) {
                "Play"
            } else {
                "Make"
            };
            let (points, earns) = c.map_or((0, None), |c| (c.points, c.earns));
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
