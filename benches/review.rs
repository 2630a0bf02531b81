//! "How did I play?" for each game: the review of one long bot game, every
//! seat judged (`Judged::All`), against a plain replay of the same log from
//! the seed (the review's own replay, without judging) in the same run. The
//! game is the longest of a few seeded bot games of 2 and 3 seats, and the
//! one that took longest to review when that is another. Before criterion's
//! figures it prints each of those games' length and the time of one review
//! of it, then the median and 99th percentile of single reviews and replays
//! of the games benchmarked.

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, BenchmarkId, Criterion, criterion_group, criterion_main};
use rummy::dict::Dictionary;
use rummy::game::{Playable, Session};
use rummy::review::{Judged, review};
use rummy::rng::mix_seed;
use rummy::seat::{BotLevel, SeatId, SeatKind};
use rummy::sim::bot_game;
use rummy::variants::{RulesSource, load_rules};
use std::hint::black_box;
use std::time::{Duration, Instant};

mod support;

/// The seeded games of each line-up that the longest is chosen from.
const GAMES: u64 = 4;

/// The line-ups: the bots' own match, two easy bots (who play long games)
/// and a table of three.
const LINEUPS: [&[BotLevel]; 3] = [
    &[BotLevel::Hard, BotLevel::Normal],
    &[BotLevel::Easy, BotLevel::Easy],
    &[BotLevel::Normal, BotLevel::Easy, BotLevel::Hard],
];

/// The single reviews and replays timed for the printed spread.
const RUNS: usize = 100;

/// [`GAMES`] seeded games of `G` for each of [`LINEUPS`], the first move
/// going round the table.
fn games<G: Playable>() -> Vec<Session<G>> {
    let rules = load_rules::<G>(&RulesSource::default()).expect("the shipped rules");
    let dict = Dictionary::shipped();
    let mut out = Vec::new();
    for bots in LINEUPS {
        let bots = &bots[..bots.len().min(usize::from(rules.seats.max))];
        for i in 0..GAMES {
            let first = SeatId((i as usize % bots.len()) as u8);
            let (session, _) = bot_game::<G>(&rules, bots, (mix_seed(2026, i), first), &dict)
                .unwrap_or_else(|_| panic!("{}: a bot game plays out", G::VARIANT));
            out.push(session);
        }
    }
    out
}

/// The seats' bots, as `hard,normal`.
fn lineup<G: Playable>(session: &Session<G>) -> String {
    let level = |kind: SeatKind| match kind {
        SeatKind::Bot(level) => level.name(),
        SeatKind::Human => "human",
    };
    let names: Vec<&str> = session.seats().iter().map(|s| level(s.kind)).collect();
    names.join(",")
}

/// The game replayed from its seed, every move applied, nothing judged.
fn replay<G: Playable>(session: &Session<G>) -> G {
    let mut again = Session::<G>::new(session.setup().clone()).expect("the game starts");
    for m in session.log() {
        again
            .apply(m.seat, m.action.clone())
            .expect("the log replays");
    }
    again.state().clone()
}

fn one_game<G: Playable>(c: &mut Criterion) {
    let name = G::VARIANT.name();
    let games = games::<G>();
    let mut took = Vec::with_capacity(games.len());
    for session in &games {
        rummy::ahead::forget();
        let t = Instant::now();
        let judged = review(session, Judged::All).moves.len();
        took.push(t.elapsed());
        eprintln!(
            "{name} ({}, seed {}): {} moves, {judged} judged, reviewed in {:?}",
            lineup(session),
            session.setup().seed,
            session.log().len(),
            t.elapsed()
        );
    }
    let longest = (0..games.len())
        .max_by_key(|&i| games[i].log().len())
        .expect("games were played");
    let slowest = (0..games.len())
        .max_by_key(|&i| took[i])
        .expect("games were played");
    let mut group = c.benchmark_group("review");
    timed(&mut group, name, "longest", &games[longest]);
    if slowest != longest {
        timed(&mut group, name, "slowest", &games[slowest]);
    }
    group.finish();
}

/// Prints the spread of [`RUNS`] single reviews and replays of `session`,
/// then lets criterion time both in `group`, as `review/{name}-{which}` and
/// `replay/{name}-{which}`.
fn timed<G: Playable>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    name: &str,
    which: &str,
    session: &Session<G>,
) {
    let runs = vec![(); RUNS];
    // Each review works every judgement out afresh, not from the last.
    let reviews = support::spread(&runs, |_| {
        rummy::ahead::forget();
        black_box(review(black_box(session), Judged::All));
    });
    let replays = support::spread(&runs, |_| {
        black_box(replay(black_box(session)));
    });
    eprintln!(
        "{name}, the {which} ({}, seed {}, {} moves): {RUNS} reviews: {reviews}; {RUNS} replays: {replays}",
        lineup(session),
        session.setup().seed,
        session.log().len()
    );
    let id = format!("{name}-{which}");
    group.bench_function(BenchmarkId::new("review", &id), |b| {
        b.iter(|| {
            rummy::ahead::forget();
            black_box(review(black_box(session), Judged::All))
        })
    });
    group.bench_function(BenchmarkId::new("replay", &id), |b| {
        b.iter(|| black_box(replay(black_box(session))))
    });
}

/// One benchmark of each game the registry lists.
macro_rules! every_game {
    ($($id:ident => $game:ty),* $(,)?) => {
        fn reviews(c: &mut Criterion) {
            $(one_game::<$game>(c);)*
        }
    };
}
rummy::games!(every_game);

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(5))
        .sample_size(10);
    targets = reviews
}
criterion_main!(benches);
