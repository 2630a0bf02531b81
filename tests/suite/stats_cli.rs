//! `rummy stats` and `rummy replay` as a user runs them, on a data
//! directory of their own.

use crate::kit;

use kit::{stderr, stdout};
use rummy::game::Outcome;
use rummy::seat::{BotLevel, Seat, SeatId};
use rummy::stats::{GameRecord, STATS_FILE};
use rummy::variants::VariantId;
use std::process::Output;

/// The binary run with `args`, with no RUMMY_DATA_DIR.
fn rummy(args: &[&str]) -> Output {
    kit::run(args, &[("RUMMY_DATA_DIR", None)])
}

/// A fresh data directory named after `name`.
fn data_dir(name: &str) -> tempfile::TempDir {
    kit::fresh_dir(&format!("stats-cli-{name}"))
}

fn line(variant: VariantId, seats: &[Seat], scores: &[i64], winners: &[u8], save: &str) -> String {
    let outcome = Outcome {
        winners: winners.iter().map(|&w| SeatId(w)).collect(),
        scores: scores.to_vec(),
    };
    let r = GameRecord::new(
        variant,
        seats,
        &outcome,
        12,
        1_764_000_000,
        Some(save.into()),
    );
    r.to_line() + "\n"
}

#[test]
fn stats_json_counts_each_game_by_game_bot_level_and_player() {
    let tmp = data_dir("json");
    let dir = tmp.path();
    let ann_bot = [Seat::human("Ann"), Seat::bot("Bot 2", BotLevel::Easy)];
    let two = [Seat::human("Ben"), Seat::human("Ann")];
    let text = [
        line(VariantId::Wump, &ann_bot, &[5, 1], &[0], "w1.json"),
        line(VariantId::Wrummy, &two, &[30, 30], &[0, 1], "r1.json"),
        "{\"format\":1,\"cut off\n".to_string(),
        line(VariantId::Wump, &ann_bot, &[0, 5], &[1], "w2.json"),
    ]
    .concat();
    std::fs::write(dir.join(STATS_FILE), text).expect("write");
    let d = dir.display().to_string();
    let o = rummy(&["stats", "--json", "--data-dir", &d]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert_eq!(out.lines().count(), 1, "{out}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(v["games"], 3);
    let game = |name: &str| {
        v["by_game"]
            .as_array()
            .and_then(|rows| rows.iter().find(|r| r["variant"] == name))
            .cloned()
            .expect("a row of the game")
    };
    assert_eq!(v["by_game"].as_array().map(Vec::len), Some(2));
    let wump = game("wump");
    assert_eq!(
        (wump["games"].as_u64(), wump["wins"].as_u64()),
        (Some(2), Some(1))
    );
    assert_eq!(wump["avg_score"].as_f64(), Some(2.5));
    let wrummy = game("wrummy");
    assert_eq!(
        (wrummy["games"].as_u64(), wrummy["draws"].as_u64()),
        (Some(1), Some(1))
    );
    assert_eq!(v["by_bot"][0]["level"], "easy");
    assert_eq!(v["by_bot"][0]["games"], 2);
    let ann = &v["by_player"][0];
    assert_eq!(ann["name"], "Ann");
    assert_eq!(
        (ann["games"].as_u64(), ann["wins"].as_u64()),
        (Some(3), Some(1))
    );
    assert_eq!(ann["draws"], 1);
    // Wump's games won and Wrummy's points make no one average.
    assert!(ann["avg_score"].is_null(), "{ann}");
    assert_eq!(v["by_bot"][0]["avg_score"].as_f64(), Some(2.5));
    assert_eq!(v["skipped"][0]["line"], 3);
    // The line skipped is said on stderr, as a sentence.
    assert!(
        stderr(&o).contains("Line 3 of ") && stderr(&o).contains("so it was skipped."),
        "{}",
        stderr(&o)
    );
    // The same figures as a table, from RUMMY_DATA_DIR.
    let o = kit::run(&["stats"], &[("RUMMY_DATA_DIR", Some(d.as_str()))]);
    assert_eq!(o.status.code(), Some(0));
    let table = stdout(&o);
    assert!(
        table.starts_with("3 finished games, on 24 Nov 2025."),
        "{table}"
    );
    let ann_row = table
        .lines()
        .find(|l| l.starts_with("Ann "))
        .expect("Ann's row");
    let cells: Vec<&str> = ann_row.split_whitespace().collect();
    assert_eq!(cells, ["Ann", "3", "1", "1", "-"], "{table}");
}

#[test]
fn stats_with_no_games_says_so() {
    let tmp = data_dir("none");
    let dir = tmp.path();
    let d = dir.display().to_string();
    let o = rummy(&["stats", "--data-dir", &d]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        stdout(&o),
        "No finished games yet: the statistics start when the first game ends.\n"
    );
    let o = rummy(&["--data-dir", &d, "stats", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("JSON");
    assert_eq!(v["games"], 0);
    assert_eq!(v["by_player"], serde_json::json!([]));
}

#[test]
fn replay_of_a_bad_file_says_why_and_leaves_it() {
    let tmp = data_dir("bad");
    let dir = tmp.path();
    let bad = dir.join("wump-1.json");
    std::fs::write(&bad, "{ not a save").expect("write");
    let o = rummy(&["replay", &bad.display().to_string()]);
    assert_ne!(o.status.code(), Some(0));
    let err = stderr(&o);
    assert!(err.contains("wump-1.json is not a save file"), "{err}");
    assert_eq!(std::fs::read_to_string(&bad).expect("kept"), "{ not a save");
    let missing = dir.join("nothing.json");
    let o = rummy(&["replay", &missing.display().to_string()]);
    assert_ne!(o.status.code(), Some(0));
    assert!(
        stderr(&o).contains("nothing.json could not be read"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn stats_of_a_data_directory_that_is_not_one_says_so() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let file = dir.path().join("a-file");
    std::fs::write(&file, "not a folder").unwrap();
    let missing = dir.path().join("never-made");
    for (path, said) in [
        (&file, "is a file, not a data directory"),
        (&missing, "there is no folder"),
    ] {
        let o = crate::kit::run(&["stats", "--data-dir", path.to_str().unwrap()], &[]);
        assert_eq!(o.status.code(), Some(2), "{path:?}");
        let err = crate::kit::stderr(&o);
        assert!(
            err.contains(said) && err.contains(path.to_str().unwrap()),
            "{err}"
        );
        assert!(!crate::kit::stdout(&o).contains("No finished games yet"));
    }
}
