//! What the benchmarks share: the spread of single calls, printed before
//! criterion's means (which are per-iteration estimates, not percentiles).

use std::fmt;
use std::time::{Duration, Instant};

/// The median, 99th percentile and slowest of a set of single calls.
pub struct Spread {
    pub p50: Duration,
    pub p99: Duration,
    pub max: Duration,
}

/// Times `f` once on each item.
pub fn spread<T>(items: &[T], mut f: impl FnMut(&T)) -> Spread {
    let mut times: Vec<Duration> = items
        .iter()
        .map(|item| {
            let t = Instant::now();
            f(item);
            t.elapsed()
        })
        .collect();
    times.sort();
    let at = |q: f64| times[((times.len().max(1) - 1) as f64 * q) as usize];
    Spread {
        p50: at(0.5),
        p99: at(0.99),
        max: at(1.0),
    }
}

impl fmt::Display for Spread {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "p50 {:?}, p99 {:?}, max {:?}",
            self.p50, self.p99, self.max
        )
    }
}

/// Times a bot's decisions on `views`: prints the spread of single decisions
/// (labelled `label`), then lets criterion measure them in `group` as `id`.
pub fn decisions<G: rummy::game::Game>(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    id: criterion::BenchmarkId,
    label: &str,
    bot: &dyn rummy::game::Bot<G>,
    views: &[G::View],
) {
    use std::hint::black_box;
    let mut rng = rummy::rng::GameRng::new(0, 0);
    let times = spread(views, |v| {
        black_box(bot.choose(black_box(v), &mut rng));
    });
    eprintln!("{label}: {} decisions, {times}", views.len());
    let mut i = 0;
    group.bench_function(id, |b| {
        b.iter(|| {
            i = (i + 1) % views.len();
            black_box(bot.choose(black_box(&views[i]), &mut rng))
        })
    });
}

/// Positions from `games` seeded games of `seats` normal bots: each view of
/// the seat to move that `keep` keeps, in order. `keep` may change the view,
/// drawing on the generator the bots play with.
pub fn positions<G: rummy::game::Game>(
    rules: &rummy::rules::Rules<G::Options>,
    seats: usize,
    games: u64,
    mut keep: impl FnMut(G::View, &mut rummy::rng::GameRng) -> Option<G::View>,
) -> Vec<G::View> {
    use rummy::game::{Session, Setup};
    use rummy::seat::{BotLevel, Seat};
    let mut out = Vec::new();
    for seed in 0..games {
        let names = (0..seats).map(|i| Seat::human(format!("P{i}"))).collect();
        let mut session = Session::<G>::new(Setup::new(rules.clone(), names, seed)).expect("setup");
        let mut rng = rummy::rng::GameRng::new(seed, 1);
        while let Some(seat) = session.state().to_move() {
            if let Some(view) = keep(session.state().view(seat), &mut rng) {
                out.push(view);
            }
            session
                .play_bot(BotLevel::Normal, &mut rng)
                .expect("bot moves");
        }
    }
    out
}
