//! The Wrummy bots' decisions in crowded positions: 2 wilds in hand and 30
//! words on the table, with the train as real play left it. The hard bot is
//! timed against the normal one on the same positions. Before criterion's
//! means it prints the median and 99th percentile of single decisions.

use criterion::{Criterion, criterion_group, criterion_main};
use rummy::card::{Card, CardId, Face, Letter};
use rummy::dict::Dictionary;
use rummy::seat::SeatId;
use rummy::variants::wrummy::bots::WordBot;
use rummy::variants::wrummy::{Phase, Source, TableCard, TableWord, Wrummy, WrummyView};
use rummy::variants::{RulesSource, load_rules};
use std::time::Duration;

mod support;

fn card(id: u16, l: char) -> Card {
    let letter = Letter::from_char(l).expect("a letter");
    Card {
        id: CardId(id),
        face: Face::Letter(letter),
        value: 5,
    }
}

/// Draw and play positions of seeded games of normal bots, each given two
/// wilds in hand and a table of 30 words (3 to 7 letters, common ones).
fn positions(games: u64) -> Vec<WrummyView> {
    let rules = load_rules::<Wrummy>(&RulesSource::default()).expect("shipped rules");
    let dict = Dictionary::shipped();
    let words: Vec<String> = dict
        .words()
        .into_iter()
        .filter(|w| (3..=7).contains(&w.len()) && dict.tier(w).is_some_and(|t| t <= 35))
        .collect();
    support::positions::<Wrummy>(&rules, 2, games, |mut view, rng| {
        if !matches!(view.phase, Phase::Draw | Phase::Play) || view.hand.len() < 3 {
            return None;
        }
        for c in view.hand.iter_mut().take(2) {
            c.face = Face::Wild;
            c.value = 0;
        }
        let mut id = 5_000u16;
        while view.table.len() < 30 {
            let w = &words[rng.below(words.len() as u64) as usize];
            let owner = SeatId(rng.below(2) as u8);
            let cards = w
                .chars()
                .map(|l| {
                    id += 1;
                    TableCard::new(
                        card(id, l),
                        &[Letter::from_char(l).expect("a letter")],
                        owner,
                    )
                    .expect("one letter")
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
    support::normal_and_hard::<Wrummy, _>(
        c,
        "wrummy_decision",
        "30-words-2-wilds",
        "2 wilds, 30 table words",
        &positions(40),
        |level| WordBot::new(level, dict.clone()),
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
