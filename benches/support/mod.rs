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
pub fn spread<T>(items: &[T], f: impl FnMut(&T)) -> Spread {
    spread_after(items, || {}, f)
}

/// [`spread`], calling `before` ahead of each call of `f`, untimed.
#[allow(dead_code)]
pub fn spread_after<T>(items: &[T], mut before: impl FnMut(), mut f: impl FnMut(&T)) -> Spread {
    let mut times: Vec<Duration> = items
        .iter()
        .map(|item| {
            before();
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

/// Times the normal bot and then the hard one, each made by `bot`, on
/// `views` in criterion group `name`: `id` and `what` name the positions in
/// criterion's ids and in the printed spread.
// Not every bench that shares this file times the two levels.
#[allow(dead_code)]
pub fn normal_and_hard<G: rummy::game::Game, B: rummy::game::Bot<G>>(
    c: &mut criterion::Criterion,
    name: &str,
    id: &str,
    what: &str,
    views: &[G::View],
    bot: impl Fn(rummy::seat::BotLevel) -> B,
) {
    use rummy::seat::BotLevel;
    let mut group = c.benchmark_group(name);
    for level in [BotLevel::Normal, BotLevel::Hard] {
        decisions(
            &mut group,
            criterion::BenchmarkId::new(level.name(), id),
            &format!("{level} ({what})"),
            &bot(level),
            views,
        );
    }
    group.finish();
}

/// Positions from `games` seeded games of `seats` normal bots: each view of
/// the seat to move that `keep` keeps, in order. `keep` may change the view,
/// drawing on the generator the bots play with.
// Not every bench that shares this file times decisions.
#[allow(dead_code)]
pub fn positions<G: rummy::game::Playable>(
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

/// A word of the word games' tables: letter cards spelling `word` (lower
/// case) laid by `owner`, each worth what `value` says of its letter, the
/// cards numbered on from `*id` (past the deck's numbers) and the word by its
/// last card.
// Not every bench that shares this file lays words.
#[allow(dead_code)]
pub fn table_word(
    word: &str,
    owner: rummy::seat::SeatId,
    value: impl Fn(char) -> i32,
    id: &mut u16,
) -> rummy::wordgame::TableWord {
    use rummy::card::{Card, CardId, Face, Letter};
    use rummy::wordgame::{Source, TableCard};
    let cards: Vec<TableCard> = word
        .chars()
        .map(|l| {
            *id += 1;
            let letter = Letter::from_char(l).expect("a letter");
            let card = Card {
                id: CardId(*id),
                face: Face::Letter(letter),
                value: value(l),
            };
            TableCard::new(card, &[letter], owner).expect("one letter")
        })
        .collect();
    rummy::wordgame::TableWord {
        id: u32::from(*id),
        owner,
        cards,
        credit: word.len(),
        source: Source::Hand,
    }
}
