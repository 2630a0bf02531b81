//! The 5 Suited Rummy meld solver on 13- and 14-card hands with 0, 2 and 4
//! wilds, against the slower reference search (the oracle) in the same run;
//! then the bots' decisions, the hard bot against the normal one. Before
//! criterion's means it prints the median and 99th percentile of single
//! solves (2,000 seeded hands of each kind) and of single decisions.

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use rummy::card::{Card, Rank};
use rummy::game::Bot;
use rummy::rng::GameRng;
use rummy::variants::five_suited::meld::{forget_hands, searched};
use rummy::variants::five_suited::oracle::{oracle, random_hand};
use rummy::variants::five_suited::{FiveSuited, FiveView, bots};
use rummy::variants::{RulesSource, load_rules};
use std::hint::black_box;
use std::time::Duration;

mod support;
use support::spread;

fn hands(n: usize, w: usize, count: usize) -> Vec<(Vec<Card>, Rank)> {
    let mut rng = GameRng::new(2026, (n * 10 + w) as u64);
    (0..count).map(|_| random_hand(&mut rng, n, w)).collect()
}

fn timed(hands: &[(Vec<Card>, Rank)], f: impl Fn(&[Card], Rank) -> u32) -> support::Spread {
    spread(hands, |(h, w)| {
        black_box(f(black_box(h), *w));
    })
}

fn solve_fresh(hand: &[Card], wild: Rank) -> u32 {
    searched(hand, wild, false)
}

/// A bot that starts each decision with nothing worked out before, as at
/// the first decision of a game: the same positions again and again would
/// otherwise be timed from the solver's table of hands.
struct Fresh(Box<dyn Bot<FiveSuited>>);

impl Bot<FiveSuited> for Fresh {
    fn choose(
        &self,
        view: &FiveView,
        rng: &mut GameRng,
    ) -> Option<rummy::variants::five_suited::FiveAction> {
        forget_hands();
        self.0.choose(view, rng)
    }
}

fn solver(c: &mut Criterion) {
    let mut group = c.benchmark_group("five_suited_solver");
    for n in [13usize, 14] {
        for w in [0usize, 2, 4] {
            let set = hands(n, w, 2_000);
            let kind = format!("{n}-cards-{w}-wilds");
            // The search itself, not the table of hands already worked out.
            let solve = timed(&set, |h, w| searched(h, w, false));
            let discard = timed(&set, |h, w| searched(h, w, true));
            let reference = timed(&set, oracle);
            eprintln!("{kind}: solver {solve}; with a discard {discard}; oracle {reference}");
            for (name, f) in [
                ("solver", solve_fresh as fn(&[Card], Rank) -> u32),
                ("oracle", oracle),
            ] {
                let mut i = 0;
                group.bench_function(BenchmarkId::new(name, &kind), |b| {
                    b.iter(|| {
                        i = (i + 1) % set.len();
                        let (h, w) = &set[i];
                        black_box(f(black_box(h), *w))
                    })
                });
            }
        }
    }
    group.finish();
}

/// Every decision of `games` seeded games of `seats` normal bots, as views.
fn positions(seats: usize, games: u64) -> Vec<FiveView> {
    let rules = load_rules::<FiveSuited>(&RulesSource::default()).expect("shipped rules");
    support::positions::<FiveSuited>(&rules, seats, games, |view, _| Some(view))
}

fn decisions(c: &mut Criterion) {
    let mut group = c.benchmark_group("five_suited_decision");
    for seats in [2usize, 4] {
        let views = positions(seats, 3);
        for (name, bot) in [
            (
                "normal",
                Box::new(Fresh(Box::new(bots::Normal))) as Box<dyn Bot<FiveSuited>>,
            ),
            ("hard", Box::new(Fresh(Box::new(bots::Hard)))),
        ] {
            support::decisions(
                &mut group,
                BenchmarkId::new(name, format!("{seats}-seats")),
                &format!("{seats} seats, {name}"),
                bot.as_ref(),
                &views,
            );
        }
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(2))
        .sample_size(20);
    targets = solver, decisions
}
criterion_main!(benches);
