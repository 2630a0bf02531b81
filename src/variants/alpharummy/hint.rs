//! Hints for a human seat: the hard bot's move, in one sentence with the
//! figures behind it.

use super::bots::{AlphaBot, Candidate};
use super::{AlphaAction, AlphaView, Phase};
use crate::card::{Card, CardId, count_cards};
use crate::dict::Dictionary;
use crate::seat::BotLevel;
use std::sync::Arc;

/// A suggested move and why.
#[derive(Clone, Debug, PartialEq)]
pub struct Hint {
    pub action: AlphaAction,
    /// The sentence.
    pub text: String,
}

fn card_named(view: &AlphaView, id: CardId) -> String {
    view.hand
        .iter()
        .chain(&view.pile)
        .find(|c| c.id == id)
        .map_or("a card".into(), Card::to_string)
}

fn bonus(n: usize) -> String {
    super::bonus_words(n)
}

/// "FRIENDS from your hand: 44 points (11 × 4) and 4 bonus cards"
fn word_line(c: &Candidate) -> String {
    let (mult, _) = super::score::multiplier(c.word.len()).unwrap_or((1, 0));
    let base = c.points / mult.max(1);
    let how = match &c.grows {
        Some(old) => format!("{old} into {}", c.word),
        None => c.word.clone(),
    };
    format!(
        "{how}: {} points ({base} × {mult}) and {}",
        c.points,
        bonus(c.bonus)
    )
}

/// The hint for the seat of `view`, if it is to move.
pub fn hint(view: &AlphaView, dict: &Arc<Dictionary>) -> Option<Hint> {
    if view.to_move != Some(view.seat) {
        return None;
    }
    let bot = AlphaBot::with_words(BotLevel::Hard, dict.clone(), view.bot_words);
    let (action, text) = match &view.phase {
        Phase::Draw => {
            let (action, word) = bot.draw_choice(view);
            let text = match (&action, word) {
                (AlphaAction::TakePile { pos }, Some(c)) => {
                    let above = view.pile.len() - pos - 1;
                    let with = if above == 0 {
                        String::new()
                    } else {
                        format!(" and the {} above it", count_cards(above))
                    };
                    let verb = if c.grows.is_some() { "make" } else { "lay" };
                    format!(
                        "Take {}{with} from the discard pile and {verb} {}.",
                        card_named(view, view.pile[*pos].id),
                        word_line(&c)
                    )
                }
                (AlphaAction::DrawStock, _) if view.took_back => {
                    "Draw from the stock: after taking the turn back, the stock is the only draw left.".to_string()
                }
                (AlphaAction::Pass, _) if view.took_back => {
                    "Pass: after taking the turn back there is no draw left, so the round ends.".to_string()
                }
                (AlphaAction::Pass, _) => {
                    "Pass: no card of the discard pile makes a word with your hand, and the stock is out, so the round ends.".to_string()
                }
                _ => "Draw from the stock: no card of the discard pile makes a word worth taking it for.".to_string(),
            };
            (action, text)
        }
        Phase::Play => {
            let (action, word) = bot.play_choice(view);
            let text = match (&action, word) {
                (AlphaAction::Meld { .. }, Some(c)) => format!("Lay {}.", word_line(&c)),
                (AlphaAction::AddOn { .. }, Some(c)) => format!("Make {}.", word_line(&c)),
                (AlphaAction::TakeBack, _) => {
                    "Take the turn back: the card you took from the pile makes no word with your hand.".to_string()
                }
                (AlphaAction::GoOut, _) if view.owed > 0 => format!(
                    "Go out: 7 fresh cards instead of your {}.",
                    bonus(view.owed)
                ),
                (AlphaAction::GoOut, _) => "Go out: 7 fresh cards.".to_string(),
                (AlphaAction::TakeBonus, _) => format!(
                    "Take your {}: no other word is worth laying now.",
                    bonus(view.owed)
                ),
                (AlphaAction::Discard { card }, _) => format!(
                    "Discard {}: no word is worth laying, and it is the card of least use to your next words.",
                    card_named(view, *card)
                ),
                _ => return None,
            };
            (action, text)
        }
        Phase::Challenge { .. } => {
            let word = view.challenged()?.text();
            if dict.check(&word).is_legal() {
                (
                    AlphaAction::Pass,
                    format!(
                        "Let {word} stand: it is a word, and a wrong challenge costs your next turn."
                    ),
                )
            } else {
                (
                    AlphaAction::Challenge,
                    format!(
                        "Challenge {word}: it is not in the dictionary, so it comes off and its player's turn ends."
                    ),
                )
            }
        }
        Phase::Over => return None,
    };
    Some(Hint { action, text })
}
