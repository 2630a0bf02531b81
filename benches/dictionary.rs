//! Dictionary speed, each measured against its plain baseline in the same run:
//! FST lookup vs a `HashSet`, the anagram index vs a scan of every word, the
//! index of grown words vs a walk of the anagram index, and the add-on
//! search (rack letters inserted anywhere into table words) vs a scan of
//! every word. The FST's size against the text list, and the search index's
//! size and build time, are printed at the start; the median and 99th
//! percentile of single searches before criterion's figures.

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use rummy::dict::anagram::{scan_extensions, scan_sub_anagrams};
use rummy::dict::{Dictionary, Extension, Rack};
use std::collections::HashSet;
use std::hint::black_box;
use std::time::{Duration, Instant};

// Only `spread` is used here.
#[allow(dead_code)]
mod support;

/// The 30 table words of a crowded table.
const TABLE: [&str; 30] = [
    "at", "the", "rat", "ate", "car", "tin", "one", "side", "rain", "cone", "tear", "star", "line",
    "read", "port", "heat", "stone", "rated", "crate", "train", "plant", "house", "water", "light",
    "paper", "garden", "silent", "orange", "winter", "parted",
];

/// Racks of 13-16 letters drawn with English-like letter frequencies, each
/// with 0-2 wilds (a fixed sequence, the same in every run).
fn big_racks(n: usize) -> Vec<Rack> {
    const BAG: &[u8] = b"aaaaaaaaabbccddddeeeeeeeeeeeeffggghhiiiiiiiiijkllllmmnnnnnnooooooooppqrrrrrrssssttttttuuuuvvwwxyyz";
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = |below: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % below as u64) as usize
    };
    (0..n)
        .map(|i| {
            let wilds = (i % 3) as u8;
            let len = 13 + next(4);
            let letters: String = (0..len - wilds as usize)
                .map(|_| BAG[next(BAG.len())] as char)
                .collect();
            Rack::from_letters(&letters).unwrap().with_wilds(wilds)
        })
        .collect()
}

fn lookups(c: &mut Criterion) {
    let dict = Dictionary::shipped();
    let words = dict.words();
    let set: HashSet<&str> = words.iter().map(String::as_str).collect();
    // Every 97th word, and as many misses.
    let mut probes: Vec<String> = words.iter().step_by(97).cloned().collect();
    let misses: Vec<String> = probes.iter().map(|w| format!("{w}qz")).collect();
    probes.extend(misses);
    let text_bytes: usize = words.iter().map(|w| w.len() + 1).sum();
    eprintln!(
        "size: word set FST {} bytes; plain text list {} bytes; {} words",
        dict.fst_bytes(),
        text_bytes,
        dict.len()
    );
    // The first search builds the search index; here, before any is timed.
    let t = Instant::now();
    let index = dict.index_bytes();
    eprintln!(
        "search index: {index} bytes, built in {:?} on first use",
        t.elapsed()
    );
    // Two probe sets: the whole list as drawn (mean ~10 letters, long rare
    // words included), and words of 2-7 letters, the lengths that are played.
    let short: Vec<String> = probes.iter().filter(|w| w.len() <= 7).cloned().collect();
    let mut group = c.benchmark_group("lookup");
    for (name, set_of) in [("any-length", &probes), ("up-to-7-letters", &short)] {
        // Cycle through the probes without a division in the timed loop.
        let next = |i: &mut usize| {
            *i += 1;
            if *i == set_of.len() {
                *i = 0;
            }
            *i
        };
        let mut i = 0;
        group.bench_function(BenchmarkId::new("fst", name), |b| {
            b.iter(|| black_box(dict.contains(black_box(&set_of[next(&mut i)]))))
        });
        let mut j = 0;
        group.bench_function(BenchmarkId::new("hashset", name), |b| {
            b.iter(|| black_box(set.contains(black_box(set_of[next(&mut j)].as_str()))))
        });
    }
    group.finish();
}

fn sub_anagrams(c: &mut Criterion) {
    let dict = Dictionary::shipped();
    let words = dict.words();
    let racks = big_racks(300);
    let index = support::spread(&racks, |r| {
        black_box(dict.sub_anagrams_min(black_box(r), 4).len());
    });
    let scan = support::spread(&racks, |r| {
        black_box(scan_sub_anagrams(&words, black_box(r)).len());
    });
    eprintln!("sub-anagrams of 4+ letters, 300 racks of 13-16 letters with 0-2 wilds:");
    eprintln!("  index: {index}\n  scan:  {scan}");
    let mut group = c.benchmark_group("sub_anagrams");
    for letters in ["retains", "stranger", "consideration"] {
        for wilds in 0..=2u8 {
            let n = letters.len() - wilds as usize;
            let rack = Rack::from_letters(&letters[..n]).unwrap().with_wilds(wilds);
            let id = format!("{}-letters-{}-wilds", letters.len(), wilds);
            group.bench_with_input(BenchmarkId::new("dictionary", &id), &rack, |b, r| {
                b.iter(|| black_box(dict.sub_anagrams(r).len()))
            });
            if letters.len() > 8 {
                group.bench_with_input(BenchmarkId::new("dictionary-4+", &id), &rack, |b, r| {
                    b.iter(|| black_box(dict.sub_anagrams_min(r, 4).len()))
                });
            }
            group.bench_with_input(BenchmarkId::new("scan", &id), &rack, |b, r| {
                b.iter(|| black_box(scan_sub_anagrams(&words, r).len()))
            });
        }
    }
    group.finish();
}

/// The add-on search: every word that inserts 1 or more letters of a 15-card
/// rack anywhere into one of 30 table words, keeping its letters in order
/// (FIEND + R = FRIEND), with and without 2 wilds: the letter-count sets
/// (`insertions`) and the walk of the anagram index (`extensions`), against a
/// scan of every word.
fn add_ons(c: &mut Criterion) {
    let dict = Dictionary::shipped();
    let words = dict.words();
    let mut group = c.benchmark_group("add_ons");
    for wilds in [0u8, 2] {
        let letters = &"aeeinorstlcdgpu"[..15 - wilds as usize];
        let rack = Rack::from_letters(letters).unwrap().with_wilds(wilds);
        let id = format!("15-cards-{wilds}-wilds-30-words");
        let sets = support::spread(&TABLE, |w| {
            black_box(dict.insertions(black_box(w), &rack).len());
        });
        let walk = support::spread(&TABLE, |w| {
            black_box(
                dict.extensions(black_box(w), &rack, Extension::Inserts)
                    .len(),
            );
        });
        let scan = support::spread(&TABLE, |w| {
            black_box(scan_extensions(&words, black_box(w), &rack, Extension::Inserts).len());
        });
        let found: usize = TABLE.iter().map(|w| dict.insertions(w, &rack).len()).sum();
        eprintln!("add-ons, {id} ({found} found), single table words:");
        eprintln!("  sets: {sets}\n  walk: {walk}\n  scan: {scan}");
        group.bench_function(BenchmarkId::new("sets", &id), |b| {
            b.iter(|| {
                TABLE
                    .iter()
                    .map(|w| dict.insertions(black_box(w), &rack).len())
                    .sum::<usize>()
            })
        });
        group.bench_function(BenchmarkId::new("walk", &id), |b| {
            b.iter(|| {
                TABLE
                    .iter()
                    .map(|w| {
                        dict.extensions(black_box(w), &rack, Extension::Inserts)
                            .len()
                    })
                    .sum::<usize>()
            })
        });
        group.bench_function(BenchmarkId::new("scan", &id), |b| {
            b.iter(|| {
                TABLE
                    .iter()
                    .map(|w| scan_extensions(&words, black_box(w), &rack, Extension::Inserts).len())
                    .sum::<usize>()
            })
        });
    }
    group.finish();
}

/// Words grown at their ends by at most 4 letters from a 7-card rack with 2
/// wilds, for the 30 table words of a crowded Wrummy table: the index of
/// grown words against the walk of the anagram index it replaced.
fn extensions(c: &mut Criterion) {
    let dict = Dictionary::shipped();
    let bases = TABLE;
    let rack = Rack::from_letters("erstl??").unwrap();
    let mut group = c.benchmark_group("extensions");
    group.bench_function(BenchmarkId::new("grown-index", "30-words-2-wilds"), |b| {
        b.iter(|| {
            bases
                .iter()
                .map(|w| {
                    dict.extensions_up_to(black_box(w), &rack, Extension::Ends, 4)
                        .len()
                })
                .sum::<usize>()
        })
    });
    group.bench_function(BenchmarkId::new("anagram-walk", "30-words-2-wilds"), |b| {
        b.iter(|| {
            bases
                .iter()
                .map(|w| {
                    let mut found = dict.play_ons_up_to(black_box(w), &rack, 4);
                    found.retain(|x| x.contains(w));
                    found.len()
                })
                .sum::<usize>()
        })
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
        .sample_size(30);
    targets = lookups, sub_anagrams, add_ons, extensions
}
criterion_main!(benches);
