//! The AlphaRummy bots' decisions in crowded positions: a hand of 15 cards
//! (bonus cards make such hands common) and 30 words on the table, with the
//! discard pile as real play left it. The hard bot is timed against the
//! normal one on the same positions. Before criterion's means it prints the
//! median and 99th percentile of single decisions.

use criterion::{Criterion, criterion_group, criterion_main};
use rummy::card::{Card, CardId, Face, Letter};
use rummy::dict::Dictionary;
use rummy::seat::SeatId;
use rummy::variants::alpharummy::bots::AlphaBot;
use rummy::variants::alpharummy::{AlphaRummy, AlphaView, Phase, Source, TableCard, TableWord};
use rummy::variants::{RulesSource, load_rules};
use std::time::Duration;

mod support;

/// Draw and play positions of seeded games of normal bots, each hand made
/// up to 15 cards from the deck's letter mix and the table to 30 words (4
/// to 7 letters, common ones).
fn positions(games: u64) -> Vec<AlphaView> {
    let rules = load_rules::<AlphaRummy>(&RulesSource::default()).expect("shipped rules");
    let deck = rules.deck.build(1).expect("the deck");
    let dict = Dictionary::shipped();
    let words: Vec<String> = dict
        .words()
        .into_iter()
        .filter(|w| (4..=7).contains(&w.len()) && dict.tier(w).is_some_and(|t| t <= 35))
        .collect();
    let value = |l: char| {
        deck.iter()
            .find(|c| c.face.letter().is_some_and(|x| x.lower() == l))
            .map_or(1, |c| c.value)
    };
    support::positions::<AlphaRummy>(&rules, 2, games, |mut view, rng| {
        if !matches!(view.phase, Phase::Draw | Phase::Play) || view.must_use.is_some() {
            return None;
        }
        let mut id = 5_000u16;
        while view.hand.len() < 15 {
            let c = deck[rng.below(deck.len() as u64) as usize];
            id += 1;
            view.hand.push(Card {
                id: CardId(id),
                ..c
            });
        }
        while view.table.len() < 30 {
            let w = &words[rng.below(words.len() as u64) as usize];
            let owner = SeatId(rng.below(2) as u8);
            let cards = w
                .chars()
                .map(|l| {
                    id += 1;
                    let letter = Letter::from_char(l).expect("a letter");
                    let card = Card {
                        id: CardId(id),
                        face: Face::Letter(letter),
                        value: value(l),
                    };
                    TableCard::new(card, &[letter], owner).expect("one letter")
                })
                .collect();
            view.table.push(TableWord {
                id: id as u32,
                owner,
                cards,
                credit: w.len(),
                source: Source::Hand,
            });
        }
        Some(view)
    })
}

fn decisions(c: &mut Criterion) {
    let dict = Dictionary::shipped();
    support::normal_and_hard::<AlphaRummy, _>(
        c,
        "alpharummy_decision",
        "15-cards-30-words",
        "15 cards, 30 table words",
        &positions(30),
        |level| AlphaBot::new(level, dict.clone()),
    );
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(2))
        .sample_size(20);
    targets = decisions
}
criterion_main!(benches);
