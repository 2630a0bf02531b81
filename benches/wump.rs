//! Wump bots' decision time on positions from seeded games, the hard bot
//! against the normal bot (its baseline) in the same run. Before criterion's
//! means, it prints the median and 99th percentile of single decisions.

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use rummy::game::Bot;
use rummy::variants::wump::{Wump, WumpView, bots};
use rummy::variants::{RulesSource, load_rules};
use std::time::Duration;

mod support;

/// Every decision of `games` seeded games of `seats` normal bots, as views.
fn positions(seats: usize, games: u64) -> Vec<WumpView> {
    let rules = load_rules::<Wump>(&RulesSource::default()).expect("shipped rules");
    let rules = rules
        .with_options(&[("match_target".into(), "1".into())])
        .expect("option");
    support::positions::<Wump>(&rules, seats, games, |view, _| Some(view))
}

fn decisions(c: &mut Criterion) {
    let mut group = c.benchmark_group("wump_decision");
    for seats in [2usize, 4, 6] {
        let views = positions(seats, 4);
        for (name, bot) in [
            ("normal", Box::new(bots::Normal) as Box<dyn Bot<Wump>>),
            ("hard", Box::new(bots::Hard)),
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
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3))
        .sample_size(20);
    targets = decisions
}
criterion_main!(benches);
