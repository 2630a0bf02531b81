//! Random moves for the random-play test.

use super::*;
use crate::wordgame::Spelled;

/// A random move for the view's seat, for the random-play test: mostly
/// moves that look legal, some junk.
pub(super) fn sample(view: &PowView, rng: &mut GameRng) -> PowAction {
    let letters = |rng: &mut GameRng, from: &[Card]| -> String {
        let n = 3 + rng.below(3) as usize;
        (0..n)
            .map(|_| {
                rng.pick(from)
                    .map(|c| match c.face {
                        Face::Letter(l) | Face::Combo(l, _) | Face::Flip(l, _) => l.upper(),
                        _ => 'E',
                    })
                    .unwrap_or('A')
            })
            .collect()
    };
    if rng.chance(1, 20) {
        return match rng.below(4) {
            0 => PowAction::PutUnder {
                card: junk_card(rng),
            },
            1 => PowAction::Combine {
                targets: vec![rng.below(50) as u32, rng.below(50) as u32],
                word: "QZXV".into(),
                cards: None,
            },
            2 => PowAction::PlayOn {
                target: rng.below(50) as u32,
                word: "CATS".into(),
                cards: Some(vec![junk_card(rng)]),
            },
            _ => PowAction::Challenge,
        };
    }
    // A word the table and hand may make: a table word with a letter or
    // two of the hand, in or out of order.
    let grown = |rng: &mut GameRng, w: &TableWord| -> String {
        let mut text: Vec<char> = w.text().chars().collect();
        for ch in letters(rng, &view.hand)
            .chars()
            .take(1 + rng.below(2) as usize)
        {
            let at = rng.below(text.len() as u64 + 1) as usize;
            text.insert(at, ch);
        }
        if rng.chance(1, 3) {
            rng.shuffle(&mut text);
        }
        text.into_iter().collect()
    };
    match &view.phase {
        Phase::Draw => PowAction::Draw,
        Phase::Play => match rng.below(20) {
            0..=4 => PowAction::Word(Spelled {
                word: letters(rng, &view.hand),
                cards: None,
            }),
            5..=9 => match rng.pick(&view.table) {
                Some(w) => PowAction::PlayOn {
                    target: w.id,
                    word: grown(rng, w),
                    cards: None,
                },
                None => PowAction::Pass,
            },
            10 if view.table.len() >= 2 => {
                let a = rng.below(view.table.len() as u64) as usize;
                let b = (a + 1) % view.table.len();
                let mut text: Vec<char> = view.table[a].text().chars().collect();
                text.extend(view.table[b].text().chars());
                text.push(letters(rng, &view.hand).chars().next().unwrap_or('E'));
                PowAction::Combine {
                    targets: vec![view.table[a].id, view.table[b].id],
                    word: text.into_iter().collect(),
                    cards: None,
                }
            }
            11..=13 => PowAction::Draw,
            14..=15 => match rng.pick(&view.hand) {
                Some(c) => PowAction::PutUnder { card: c.id },
                None => PowAction::Pass,
            },
            _ => PowAction::Pass,
        },
        Phase::Challenge(_) => {
            if rng.chance(1, 3) {
                PowAction::Challenge
            } else {
                PowAction::Pass
            }
        }
        Phase::Muggins { .. } => {
            let victims: Vec<usize> = (0..view.shown.len())
                .filter(|&i| i != view.seat.index() && !view.shown[i].is_empty())
                .collect();
            match rng.pick(&victims) {
                Some(&v) if rng.chance(2, 3) => PowAction::Mug {
                    victim: SeatId(v as u8),
                    target: rng
                        .pick(&view.table)
                        .map(|w| w.id)
                        .filter(|_| rng.chance(1, 2)),
                    word: letters(rng, &view.shown[v]),
                    cards: None,
                },
                _ => PowAction::Pass,
            }
        }
        Phase::Over => PowAction::Pass,
    }
}
