//! The Play On Words bots' decisions in crowded positions: 8 cards in hand,
//! 2 of them wild and one a combo card (ST, TH, QU, ...), and 30 words on
//! the table, the hard bot timed against the normal one on the same
//! positions. Then the dictionary searches behind them, each against a plain
//! scan of the word list: rearranged play-ons of one table word, and words
//! combining two table words with the hand's letters. Before criterion's
//! means it prints the median and 99th percentile of single calls.

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use rummy::card::{Card, CardId, Face};
use rummy::dict::anagram::{scan_combinations, scan_play_ons};
use rummy::dict::{Dictionary, Rack};
use rummy::seat::SeatId;
use rummy::variants::play_on_words::bots::{MAX_COMBINED_LEN, PowBot, racks};
use rummy::variants::play_on_words::{Phase, PlayOnWords, PowView};
use rummy::variants::{RulesSource, load_rules};
use std::hint::black_box;
use std::sync::OnceLock;
use std::time::Duration;

mod support;

/// The cards of a hand: 8, of which 2 wilds and one combo card.
const HAND: usize = 8;

/// Every [`EVERY`]th play position of 30 seeded games of normal bots (the
/// seat to move, not putting cards under the draw pile), at most
/// [`POSITIONS`] of them, each hand made 2 wilds, one combo card and 5
/// letter or flip cards (its own first, then the deck's), and the table
/// filled up to 30 words (3 to 7 letters, common ones). Built once, for both
/// groups.
fn positions() -> &'static [PowView] {
    static VIEWS: OnceLock<Vec<PowView>> = OnceLock::new();
    VIEWS.get_or_init(|| build_positions(30))
}

/// Of the play positions, the share kept: a turn gives several, much alike.
const EVERY: usize = 4;

/// How many positions: enough for a 99th percentile, as many however long
/// the games run.
const POSITIONS: usize = 1000;

fn build_positions(games: u64) -> Vec<PowView> {
    let rules = load_rules::<PlayOnWords>(&RulesSource::default()).expect("shipped rules");
    let deck = rules.deck.build(1).expect("the deck");
    let combos: Vec<Card> = deck
        .iter()
        .filter(|c| matches!(c.face, Face::Combo(..)))
        .copied()
        .collect();
    let singles: Vec<Card> = deck
        .iter()
        .filter(|c| matches!(c.face, Face::Letter(_) | Face::Flip(..)))
        .copied()
        .collect();
    let wild = *deck
        .iter()
        .find(|c| c.face == Face::Wild)
        .expect("a wild card");
    let dict = Dictionary::shipped();
    let words: Vec<String> = dict
        .words()
        .into_iter()
        .filter(|w| (3..=7).contains(&w.len()) && dict.tier(w).is_some_and(|t| t <= 35))
        .collect();
    let mut seen = 0;
    support::positions::<PlayOnWords>(&rules, 2, games, |mut view, rng| {
        if view.phase != Phase::Play || view.put_under > 0 {
            return None;
        }
        seen += 1;
        if seen % EVERY != 0 || seen / EVERY > POSITIONS {
            return None;
        }
        let mut id = 5_000u16;
        let mut fresh = |card: Card| {
            id += 1;
            Card {
                id: CardId(id),
                ..card
            }
        };
        let mut hand: Vec<Card> = view
            .hand
            .iter()
            .filter(|c| matches!(c.face, Face::Letter(_) | Face::Flip(..)))
            .take(HAND - 3)
            .copied()
            .collect();
        while hand.len() < HAND - 3 {
            hand.push(fresh(singles[rng.below(singles.len() as u64) as usize]));
        }
        hand.push(fresh(combos[rng.below(combos.len() as u64) as usize]));
        hand.push(fresh(wild));
        hand.push(fresh(wild));
        view.hand = hand;
        view.hand_sizes[view.seat.index()] = HAND;
        while view.table.len() < 30 {
            let w = &words[rng.below(words.len() as u64) as usize];
            let owner = SeatId(rng.below(2) as u8);
            view.table
                .push(support::table_word(w, owner, |_| 1, &mut id));
        }
        Some(view)
    })
}

fn decisions(c: &mut Criterion) {
    let dict = Dictionary::shipped();
    support::normal_and_hard::<PlayOnWords, _>(
        c,
        "play_on_words_decision",
        "8-cards-2-wilds-combo-30-words",
        "8 cards with 2 wilds and a combo card, 30 table words",
        positions(),
        |level| PowBot::new(level, dict.clone()),
    );
}

/// The table words (lower case) and the first rack of the hand (the first
/// choice of letter on its flip cards) of every tenth position: the plain
/// scans take too long for all.
fn searches(views: &[PowView]) -> Vec<(Vec<String>, Rack)> {
    views
        .iter()
        .step_by(10)
        .map(|v| {
            let texts = v.table.iter().map(|w| w.text().to_ascii_lowercase());
            (texts.collect(), racks(&v.hand)[0])
        })
        .collect()
}

/// The dictionary's searches for the hard bot, each against the plain scan
/// of the word list: the rearranged play-ons of one table word, and the
/// combinations of two table words (all pairs of the 30) with the rack.
fn dictionary(c: &mut Criterion) {
    let dict = Dictionary::shipped();
    let list = dict.words();
    let positions = searches(positions());
    let singles: Vec<(&str, Rack)> = positions
        .iter()
        .flat_map(|(texts, rack)| texts.iter().map(move |t| (t.as_str(), *rack)))
        .collect();
    let tables: Vec<(Vec<&str>, Rack)> = positions
        .iter()
        .map(|(texts, rack)| (texts.iter().map(String::as_str).collect(), *rack))
        .collect();
    let index = support::spread(&singles, |(base, rack)| {
        black_box(dict.play_ons(black_box(base), rack).len());
    });
    let scan = support::spread(&singles, |(base, rack)| {
        black_box(scan_play_ons(&list, black_box(base), rack).len());
    });
    eprintln!("play-ons of one table word, {} searches:", singles.len());
    eprintln!("  index: {index}\n  scan:  {scan}");
    let index = support::spread(&tables, |(words, rack)| {
        black_box(
            dict.combinations(black_box(words), rack, MAX_COMBINED_LEN)
                .len(),
        );
    });
    let scan = support::spread(&tables, |(words, rack)| {
        black_box(scan_combinations(&list, black_box(words), rack, MAX_COMBINED_LEN).len());
    });
    eprintln!("combinations of 30 table words, {} searches:", tables.len());
    eprintln!("  index: {index}\n  scan:  {scan}");
    let mut group = c.benchmark_group("play_on_words_search");
    let id = "8-cards-2-wilds-combo";
    let mut i = 0;
    group.bench_function(BenchmarkId::new("play-ons-index", id), |b| {
        b.iter(|| {
            i = (i + 1) % singles.len();
            let (base, rack) = &singles[i];
            black_box(dict.play_ons(black_box(base), rack).len())
        })
    });
    group.bench_function(BenchmarkId::new("play-ons-scan", id), |b| {
        b.iter(|| {
            i = (i + 1) % singles.len();
            let (base, rack) = &singles[i];
            black_box(scan_play_ons(&list, black_box(base), rack).len())
        })
    });
    let id = "8-cards-2-wilds-combo-30-words";
    group.bench_function(BenchmarkId::new("combinations-index", id), |b| {
        b.iter(|| {
            i = (i + 1) % tables.len();
            let (words, rack) = &tables[i];
            black_box(
                dict.combinations(black_box(words), rack, MAX_COMBINED_LEN)
                    .len(),
            )
        })
    });
    group.bench_function(BenchmarkId::new("combinations-scan", id), |b| {
        b.iter(|| {
            i = (i + 1) % tables.len();
            let (words, rack) = &tables[i];
            black_box(scan_combinations(&list, black_box(words), rack, MAX_COMBINED_LEN).len())
        })
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(2))
        .sample_size(20);
    targets = decisions, dictionary
}
criterion_main!(benches);
