//! Compiles the shipped word list into FSTs that the library embeds, so the
//! game needs no word file at run time.

#[path = "src/dict/index.rs"]
#[allow(dead_code)]
mod index;

use std::collections::BTreeSet;
use std::path::PathBuf;

fn read(path: &str) -> String {
    println!("cargo:rerun-if-changed={path}");
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"))
}

fn entries(text: &str, path: &str) -> Vec<(String, u8)> {
    text.lines()
        .enumerate()
        .filter_map(|(i, line)| match index::parse_line(line) {
            Ok(entry) => entry,
            Err(problem) => panic!("{path}:{}: {problem}", i + 1),
        })
        .collect()
}

fn main() {
    println!("cargo:rerun-if-changed=src/dict/index.rs");
    let words = entries(&read("dictionaries/words.txt"), "dictionaries/words.txt");
    let blocked: BTreeSet<String> = entries(
        &read("dictionaries/blocklist.txt"),
        "dictionaries/blocklist.txt",
    )
    .into_iter()
    .map(|(w, _)| w)
    .collect();
    let quiet: BTreeSet<String> =
        entries(&read("dictionaries/quiet.txt"), "dictionaries/quiet.txt")
            .into_iter()
            .map(|(w, _)| w)
            .collect();
    let not_plurals: BTreeSet<String> = read("dictionaries/not-plurals.txt")
        .lines()
        .filter_map(|l| l.split('#').next())
        .map(str::trim)
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect();
    let plurals = index::plurals(&read("dictionaries/inflections.txt"), &not_plurals);
    let plurals = fst::Set::from_iter(&plurals)
        .expect("the plurals are sorted")
        .into_fst()
        .into_inner();
    let built = index::build(words, &blocked, &quiet).expect("the word list indexes");
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    for (name, bytes) in [
        ("words.fst", &built.words),
        ("tiers.fst", &built.tiers),
        ("blocked.fst", &built.blocked),
        ("alphagrams.fst", &built.alphagrams),
        ("groups.bin", &built.groups),
        ("grows.fst", &built.grows),
        ("grow_edges.bin", &built.grow_edges),
        ("plurals.fst", &plurals),
    ] {
        std::fs::write(out.join(name), bytes).expect("OUT_DIR is writable");
    }
}
