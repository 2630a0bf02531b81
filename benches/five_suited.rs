//! The 5 Suited Rummy meld solver on 13- and 14-card hands with 0, 2 and 4
//! wilds, against the slower reference search (the oracle) in the same run.
//! Before criterion's means it prints the median and 99th percentile of
//! single solves over 2,000 seeded hands of each kind.

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use rummy::card::{Card, Rank};
use rummy::rng::GameRng;
use rummy::variants::five_suited::meld::{deadwood, deadwood_after_discard};
use rummy::variants::five_suited::oracle::{oracle, random_hand};
use std::hint::black_box;
use std::time::{Duration, Instant};

fn hands(n: usize, w: usize, count: usize) -> Vec<(Vec<Card>, Rank)> {
    let mut rng = GameRng::new(2026, (n * 10 + w) as u64);
    (0..count).map(|_| random_hand(&mut rng, n, w)).collect()
}

fn percentiles(
    hands: &[(Vec<Card>, Rank)],
    f: impl Fn(&[Card], Rank) -> u32,
) -> (Duration, Duration) {
    let mut times: Vec<Duration> = hands
        .iter()
        .map(|(h, w)| {
            let t = Instant::now();
            black_box(f(black_box(h), *w));
            t.elapsed()
        })
        .collect();
    times.sort();
    let at = |q: f64| times[((times.len() - 1) as f64 * q) as usize];
    (at(0.5), at(0.99))
}

fn solver(c: &mut Criterion) {
    let mut group = c.benchmark_group("five_suited_solver");
    for n in [13usize, 14] {
        for w in [0usize, 2, 4] {
            let set = hands(n, w, 2_000);
            let kind = format!("{n}-cards-{w}-wilds");
            let (s50, s99) = percentiles(&set, deadwood);
            let (d50, d99) = percentiles(&set, |h, w| deadwood_after_discard(h, w).unwrap_or(0));
            let (o50, o99) = percentiles(&set, oracle);
            eprintln!(
                "{kind}: solver p50 {s50:?} p99 {s99:?}; with a discard p50 {d50:?} p99 {d99:?}; oracle p50 {o50:?} p99 {o99:?}"
            );
            for (name, f) in [
                ("solver", deadwood as fn(&[Card], Rank) -> u32),
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

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(2))
        .sample_size(20);
    targets = solver
}
criterion_main!(benches);
