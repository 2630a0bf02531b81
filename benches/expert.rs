//! The expert's decision time in each game that has one, beside the hard
//! bot's on the same positions in the same run. The positions are those of
//! two-seat games between an expert and a hard bot where the expert is to
//! move (every one of them, not only those where it weighs candidates), in
//! the options the win-rate runs use (see docs/ARCHITECTURE.md; 5 Suited's
//! whole 11 rounds, each decision from a cleared table of solved hands, as
//! a game's first would be). Before
//! criterion's figures it prints the median, 99th percentile and slowest
//! single decision of each.

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use rummy::game::{Session, Unseen};
use rummy::lookahead::LookAhead;
use rummy::rng::GameRng;
use rummy::seat::{BotLevel, Seat, SeatId};
use rummy::variants::alpharummy::AlphaRummy;
use rummy::variants::five_suited::{FiveSuited, meld};
use rummy::variants::play_on_words::PlayOnWords;
use rummy::variants::shipped_setup;
use rummy::variants::wrummy::Wrummy;
use std::hint::black_box;

mod support;

/// Games the positions come from.
const GAMES: u64 = 3;

/// The expert's positions (what its seat may know) from [`GAMES`] games of
/// `G` with `options`, and the setup of the last, for its bots.
fn positions<G: LookAhead>(
    options: &[(&str, &str)],
) -> (Vec<Unseen<G>>, rummy::game::Setup<G::Options>) {
    let mut out = Vec::new();
    let mut last = None;
    for seed in 0..GAMES {
        let seats = vec![
            Seat::bot("Expert", BotLevel::Expert),
            Seat::bot("Hard", BotLevel::Hard),
        ];
        let setup = shipped_setup::<G>(seats, seed, options).expect("shipped rules");
        let mut session = Session::<G>::new(setup.clone()).expect("setup");
        let mut rng = GameRng::new(seed, 1);
        while let Some(seat) = session.state().to_move() {
            let level = if seat == SeatId(0) {
                out.push(Unseen::of(session.state(), seat));
                BotLevel::Expert
            } else {
                BotLevel::Hard
            };
            session.play_bot(level, &mut rng).expect("bot moves");
        }
        last = Some(setup);
    }
    (out, last.expect("a game"))
}

fn game<G: LookAhead>(c: &mut Criterion, options: &[(&str, &str)], fresh: fn()) {
    let (unseen, setup) = positions::<G>(options);
    let name = format!("expert/{}", G::VARIANT.name());
    let mut group = c.benchmark_group(name);
    group.sample_size(10);
    for level in [BotLevel::Hard, BotLevel::Expert] {
        let bot = G::bot(level, &setup).expect("a bot");
        let mut rng = GameRng::new(0, 0);
        let times = support::spread_after(&unseen, fresh, |u| {
            black_box(bot.choose_ahead(u, &mut rng));
        });
        eprintln!(
            "{} {level}: {} decisions, {times}",
            G::VARIANT,
            unseen.len()
        );
        let mut i = 0;
        group.bench_function(BenchmarkId::new(level.name(), "decision"), |b| {
            b.iter(|| {
                i = (i + 1) % unseen.len();
                fresh();
                black_box(bot.choose_ahead(&unseen[i], &mut rng))
            })
        });
    }
    group.finish();
}

fn benches(c: &mut Criterion) {
    let kept = || {};
    game::<Wrummy>(c, &[], kept);
    game::<AlphaRummy>(c, &[("target", "200")], kept);
    game::<PlayOnWords>(c, &[("rounds", "2")], kept);
    game::<FiveSuited>(c, &[], meld::forget_hands);
}

criterion_group!(expert, benches);
criterion_main!(expert);
