//! Dictionary speed, each measured against its plain baseline in the same run:
//! FST lookup vs a `HashSet`, the anagram index vs a scan of every word, and
//! the index of grown words vs a walk of the anagram index.
//! The FST's size against the text list is printed at the start.

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use rummy::dict::anagram::scan_sub_anagrams;
use rummy::dict::{Dictionary, Rack};
use std::collections::HashSet;
use std::hint::black_box;
use std::time::Duration;

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
    let mut group = c.benchmark_group("sub_anagrams");
    for letters in ["retains", "stranger", "consideration"] {
        for wilds in 0..=2u8 {
            let n = letters.len() - wilds as usize;
            let rack = Rack::from_letters(&letters[..n]).unwrap().with_wilds(wilds);
            let id = format!("{}-letters-{}-wilds", letters.len(), wilds);
            group.bench_with_input(BenchmarkId::new("dictionary", &id), &rack, |b, r| {
                b.iter(|| black_box(dict.sub_anagrams(r).len()))
            });
            group.bench_with_input(BenchmarkId::new("scan", &id), &rack, |b, r| {
                b.iter(|| black_box(scan_sub_anagrams(&words, r).len()))
            });
        }
    }
    group.finish();
}

/// Words grown at their ends by at most 4 letters from a 7-card rack with 2
/// wilds, for the 30 table words of a crowded Wrummy table: the index of
/// grown words against the walk of the anagram index it replaced.
fn extensions(c: &mut Criterion) {
    use rummy::dict::Extension;
    let dict = Dictionary::shipped();
    let bases = [
        "at", "the", "rat", "ate", "car", "tin", "one", "side", "rain", "cone", "tear", "star",
        "line", "read", "port", "heat", "stone", "rated", "crate", "train", "plant", "house",
        "water", "light", "paper", "garden", "silent", "orange", "winter", "parted",
    ];
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
    targets = lookups, sub_anagrams, extensions
}
criterion_main!(benches);
