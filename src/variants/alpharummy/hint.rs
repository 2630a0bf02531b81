//! Hints for a human seat: the hard bot's move, in one sentence with the
//! figures behind it, and for a word its reason. Every claim is one the
//! hint has made sure of: a word "scores most" of the words that use the
//! card taken only while that card is still in hand; "no card of the
//! discard pile makes a word" is said after every depth of the pile was
//! searched; words are "everyday words" when the table's bots and hints lay
//! only those.

use super::bots::{AlphaBot, Candidate};
use super::{AlphaAction, AlphaView, HAND, Phase};
use crate::card::{Card, CardId, count_cards};
use crate::dict::Dictionary;
use crate::seat::BotLevel;
use std::sync::Arc;

#[cfg(test)]
#[path = "hint_tests.rs"]
mod hint_tests;

/// A suggested move and why.
#[derive(Clone, Debug, PartialEq)]
pub struct Hint {
    pub action: AlphaAction,
    /// The sentence.
    pub text: String,
    /// For a word, why this one: what it scores most of.
    pub reason: Option<String>,
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
    let bot = AlphaBot::with_words(BotLevel::Hard, dict.clone(), view.options.bot_words);
    let (action, text) = match &view.phase {
        Phase::Draw => {
            let (mut action, mut word) = bot.draw_choice(view);
            if action == AlphaAction::Pass && !view.took_back {
                // Before saying no card of the pile makes a word, every
                // depth of it is searched, not only as deep as the bot looks.
                if let Some((_, pos, c)) = bot.best_take(view, view.pile.len()) {
                    (action, word) = (AlphaAction::TakePile { pos }, Some(c));
                }
            }
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
                (AlphaAction::Pass, _) => format!(
                    "Pass: no card of the discard pile makes {} with your hand, and the stock is out, so the round ends.",
                    view.options.bot_words.a_word()
                ),
                _ => "Draw from the stock: no card of the discard pile makes a word worth taking it for.".to_string(),
            };
            (action, text)
        }
        Phase::Play => {
            let (action, word) = bot.play_choice(view);
            let fresh = view.stock_left.min(HAND);
            let text = match (&action, word) {
                (AlphaAction::Meld(_), Some(c)) => format!("Lay {}.", word_line(&c)),
                (AlphaAction::AddOn { .. }, Some(c)) => format!("Make {}.", word_line(&c)),
                (AlphaAction::TakeBack, _) => format!(
                    "Take the turn back: the card you took from the pile makes no {} with your hand.",
                    view.options.bot_words.words().trim_end_matches('s')
                ),
                (AlphaAction::GoOut, _) => {
                    let cards = match fresh {
                        0 => "the stock is out, so no fresh cards".to_string(),
                        HAND => format!("{HAND} fresh cards"),
                        n => format!("the last {} of the stock", count_cards(n)),
                    };
                    if view.owed > 0 {
                        format!("Go out: {cards} instead of your {}.", bonus(view.owed))
                    } else {
                        format!("Go out: {cards}.")
                    }
                }
                (AlphaAction::TakeBonus, _) => {
                    let n = view.owed.min(view.stock_left);
                    let short = if n < view.owed {
                        format!(" (the stock holds only {})", count_cards(n))
                    } else {
                        String::new()
                    };
                    format!(
                        "Take your {}{short}: no other word is worth laying now.",
                        bonus(view.owed)
                    )
                }
                (AlphaAction::Discard { card }, _) => format!(
                    "Discard {}: no word is worth laying, and it is the card of least use to your next words.",
                    card_named(view, *card)
                ),
                _ => return None,
            };
            (action, text)
        }
        Phase::Challenge(_) => {
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
    // A word's reason: of which words it scores most. "The card you took"
    // only while that card is still in hand to be used.
    let reason = matches!(action, AlphaAction::Meld(_) | AlphaAction::AddOn { .. }).then(|| {
        let among = if view.must_card().is_some() {
            format!(
                "the {} that use the card you took",
                view.options.bot_words.words()
            )
        } else {
            format!("the {} your cards make", view.options.bot_words.words())
        };
        format!("Of {among}, it scores most, counting each bonus card as 2 points.")
    });
    Some(Hint {
        action,
        text,
        reason,
    })
}

impl crate::wordgame::review::WordHint<AlphaAction> for Hint {
    fn action(&self) -> &AlphaAction {
        &self.action
    }

    fn of_advice(a: crate::wordgame::review::Advice<AlphaAction>) -> Hint {
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
pub fn hint_in(game: &super::AlphaRummy, seat: crate::seat::SeatId) -> Option<Hint> {
    let own = hint(&crate::game::Game::view(game, seat), game.dictionary());
    crate::wordgame::review::hint_in(game, seat, own)
}
