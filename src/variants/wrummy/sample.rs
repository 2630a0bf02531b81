//! Random Wrummy moves for the random-play test (`Sampled::sample_action`):
//! mostly moves that look legal from the seat's view, some junk.

use super::{Phase, WrummyAction, WrummyView};
use crate::card::{Card, Face, Letter};
use crate::game::junk_card;
use crate::rng::GameRng;
use crate::wordgame::Spelled;

/// A random move for the view's seat.
pub fn action(view: &WrummyView, rng: &mut GameRng) -> WrummyAction {
    if rng.chance(1, 20) {
        return junk(view, rng);
    }
    match &view.phase {
        Phase::Draw => match rng.below(10) {
            0..=4 => WrummyAction::DrawStock,
            5..=8 => WrummyAction::TakeTrain {
                pos: rng.below(view.train.len() as u64 + 1) as usize,
            },
            _ => WrummyAction::SkipDraw,
        },
        Phase::Play => play(view, rng),
        Phase::Calls { .. } => {
            if rng.chance(1, 5) {
                WrummyAction::Call {
                    word: letters_of(&view.train, rng),
                    positions: None,
                }
            } else {
                WrummyAction::Pass
            }
        }
        Phase::Challenge(_) => {
            if rng.chance(1, 3) {
                WrummyAction::Challenge
            } else {
                WrummyAction::Pass
            }
        }
        Phase::Over => WrummyAction::Pass,
    }
}

fn play(view: &WrummyView, rng: &mut GameRng) -> WrummyAction {
    let discard = |rng: &mut GameRng| match rng.pick(&view.hand) {
        Some(c) => WrummyAction::Discard { card: c.id },
        None => WrummyAction::EndTurn,
    };
    match rng.below(20) {
        0..=3 => WrummyAction::Play(Spelled {
            word: letters_of(&view.hand, rng),
            cards: None,
        }),
        4..=6 => match rng.pick(&view.table) {
            Some(w) => {
                let add = letters_of(&view.hand, rng);
                let add: String = add.chars().take(2).collect();
                let word = if rng.chance(1, 2) {
                    format!("{add}{}", w.text())
                } else {
                    format!("{}{add}", w.text())
                };
                WrummyAction::Extend {
                    target: w.id,
                    word,
                    cards: None,
                }
            }
            None => discard(rng),
        },
        7 => WrummyAction::TakeBack,
        8 => WrummyAction::EndTurn,
        _ => discard(rng),
    }
}

/// Two to four letters read off random cards of `cards` (a wild as any
/// letter): a word only by luck.
fn letters_of(cards: &[Card], rng: &mut GameRng) -> String {
    let n = 2 + rng.below(3) as usize;
    (0..n)
        .map(|_| {
            let face = rng.pick(cards).map(|c| c.face);
            let letter = match face {
                Some(Face::Letter(l) | Face::Flip(l, _) | Face::Combo(l, _)) => Some(l),
                _ => Letter::from_index(rng.below(26) as usize),
            };
            letter.map_or('E', |l| l.upper())
        })
        .collect()
}

/// A move that is nonsense now, or names what is not there.
fn junk(view: &WrummyView, rng: &mut GameRng) -> WrummyAction {
    match rng.below(6) {
        0 => WrummyAction::Discard {
            card: junk_card(rng),
        },
        1 => WrummyAction::TakeTrain {
            pos: rng.below(100) as usize,
        },
        2 => WrummyAction::Extend {
            target: rng.below(50) as u32,
            word: "QZXV".into(),
            cards: Some(vec![junk_card(rng)]),
        },
        3 => WrummyAction::Play(Spelled {
            word: "A B!".into(),
            cards: None,
        }),
        4 => WrummyAction::Call {
            word: letters_of(&view.hand, rng),
            positions: Some(vec![rng.below(20) as usize, rng.below(20) as usize]),
        },
        _ => WrummyAction::Challenge,
    }
}
