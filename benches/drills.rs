//! Practise your slips: opening the list of slips due (reading the slips
//! and solved files of a data directory) and one slip's position (reading
//! its save, cutting it before the slip and loading it), with 200 games of
//! 5 Suited Rummy stored and five slips kept of each (1,000 slips, a tenth
//! of them solved), against the baseline of reading the slips file alone
//! in the same run. Before criterion's figures it prints the spread (p50,
//! p99) of single openings.

use criterion::{Criterion, criterion_group, criterion_main};
use rummy::dict::Dictionary;
use rummy::drills::{Slip, Solved, due, position_text};
use rummy::judgement::Verdict;
use rummy::seat::{BotLevel, SeatId};
use rummy::sim::bot_game;
use rummy::variants::five_suited::FiveSuited;
use rummy::variants::{RulesSource, VariantId, load_rules, load_save};
use std::hint::black_box;

mod support;

const GAMES: u64 = 200;

/// A data directory of [`GAMES`] saved games and their slips.
fn stored() -> (tempfile::TempDir, Vec<Slip>) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let saves = dir.path().join("saves");
    std::fs::create_dir_all(&saves).unwrap();
    let rules = load_rules::<FiveSuited>(&RulesSource {
        path: None,
        options: &[],
    })
    .unwrap();
    let dict = Dictionary::shipped();
    let bots = [BotLevel::Easy, BotLevel::Normal, BotLevel::Normal];
    let mut slips = Vec::new();
    let mut solved = Vec::new();
    for g in 0..GAMES {
        let (game, _) = bot_game::<FiveSuited>(&rules, &bots, (g + 1, SeatId(0)), &dict).unwrap();
        let name = format!("five-suited-{g}.json");
        std::fs::write(saves.join(&name), game.to_save_json()).unwrap();
        let mine: Vec<usize> = game
            .log()
            .iter()
            .enumerate()
            .filter(|(_, m)| m.seat == SeatId(0))
            .map(|(i, _)| i)
            .collect();
        for k in 0..5 {
            let index = mine[(k * 7 + g as usize) % mine.len()];
            let slip = Slip {
                save: name.clone(),
                variant: VariantId::FiveSuited,
                index,
                seat: 1,
                verdict: if k % 2 == 0 {
                    Verdict::Mistake
                } else {
                    Verdict::Inaccuracy
                },
                played: "a discard".into(),
                played_value: 10,
                best: "another".into(),
                best_value: 20,
                unit: "points".into(),
                sentence: "why".into(),
                ended: 1_700_000_000 + g,
            };
            if k == 0 && g % 2 == 0 {
                solved.push(Solved {
                    save: name.clone(),
                    index,
                    when: 1_700_000_000,
                });
            }
            slips.push(slip);
        }
    }
    write_lines(&dir.path().join(rummy::drills::SLIPS_FILE), &slips);
    write_lines(&dir.path().join(rummy::drills::SOLVED_FILE), &solved);
    (dir, slips)
}

/// Opens the list, then the first slip's position, as the title does.
fn open(dir: &std::path::Path, now: u64) -> usize {
    let list = due(dir, now);
    let slip = &list[0];
    let text = std::fs::read_to_string(dir.join("saves").join(&slip.save)).unwrap();
    let position = position_text(&text, slip.index).unwrap();
    let game = load_save(&position, &slip.save).unwrap();
    list.len() + game.moves_played()
}

fn bench(c: &mut Criterion) {
    let (dir, slips) = stored();
    let dir = dir.path();
    let now = 1_700_000_000 + 3_600;
    let runs: Vec<u64> = (0..100).collect();
    let spread = support::spread(&runs, |_| {
        black_box(open(dir, now));
    });
    eprintln!(
        "open the slips and a position ({} slips, {GAMES} games): {spread}",
        slips.len()
    );
    let base = support::spread(&runs, |_| {
        black_box(
            std::fs::read(dir.join(rummy::drills::SLIPS_FILE))
                .unwrap()
                .len(),
        );
    });
    eprintln!("baseline, read the slips file: {base}");
    let mut group = c.benchmark_group("drills");
    group.bench_function("open list and position", |b| {
        b.iter(|| black_box(open(dir, now)))
    });
    group.bench_function("read slips file (baseline)", |b| {
        b.iter(|| {
            black_box(
                std::fs::read(dir.join(rummy::drills::SLIPS_FILE))
                    .unwrap()
                    .len(),
            )
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);

/// `items` as a file of one JSON line each, as the store keeps them.
fn write_lines<T: serde::Serialize>(path: &std::path::Path, items: &[T]) {
    let lines: Vec<String> = items
        .iter()
        .map(|i| serde_json::to_string(i).unwrap())
        .collect();
    std::fs::write(path, lines.join("\n") + "\n").unwrap();
}
