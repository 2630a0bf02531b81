//! The `rummy` command as a user runs it.

use std::path::PathBuf;
use std::process::{Command, Output};

fn rummy(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rummy"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn temp_file(name: &str, contents: &[u8]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("rummy-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, contents).unwrap();
    path
}

#[test]
fn check_answers_for_each_word() {
    let o = rummy(&["check", "cat"]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stdout(&o), "CAT is a word (commonness tier 10).\n");
    let o = rummy(&["check", "Friend", "qzxq", "c4t"]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stdout(&o),
        "FRIEND is a word (commonness tier 10).\nQZXQ is not in the dictionary.\nC4T is not a word: '4' is not a letter a-z.\n"
    );
}

#[test]
fn check_refuses_blocked_words() {
    let blocked = include_str!("../dictionaries/blocklist.txt")
        .lines()
        .next()
        .unwrap();
    let o = rummy(&["check", blocked]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("blocked word"));
}

#[test]
fn check_refuses_profanity_and_letter_plurals_and_accepts_plain_words() {
    let o = rummy(&[
        "check", "CUNTS", "Homos", "dildos", "CS", "ln", "spit", "Poop",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stdout(&o),
        "CUNTS is not allowed in any game (blocked word).\n\
         HOMOS is not allowed in any game (blocked word).\n\
         DILDOS is not allowed in any game (blocked word).\n\
         CS is not in the dictionary.\n\
         LN is not in the dictionary.\n\
         SPIT is a word (commonness tier 20).\n\
         POOP is a word (commonness tier 35).\n"
    );
}

#[test]
fn check_with_another_word_list() {
    let list = temp_file("mine.txt", b"zorp\nblick\n");
    let o = rummy(&["check", "--dict", list.to_str().unwrap(), "zorp", "cat"]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stdout(&o),
        "ZORP is a word (commonness tier 10).\nCAT is not in the dictionary.\n"
    );
}

#[test]
fn every_dict_error_is_clear_and_nothing_panics() {
    let cases: [(&str, &[u8], &str); 4] = [
        ("empty.txt", b"", "has no words"),
        ("bad.txt", b"cat\nsp am\n", "bad.txt:2: \"sp am\""),
        (
            "digits.txt",
            b"cat\n\nr2d2\n",
            "digits.txt:3: \"r2d2\" is not a word",
        ),
        (
            "binary.txt",
            b"cat\n\xff\n",
            "binary.txt:2: the line is not UTF-8 text",
        ),
    ];
    for (name, contents, want) in cases {
        let path = temp_file(name, contents);
        let o = rummy(&["check", "--dict", path.to_str().unwrap(), "cat"]);
        assert_eq!(o.status.code(), Some(2), "{name}");
        assert!(stderr(&o).contains(want), "{name}: {}", stderr(&o));
        assert!(!stderr(&o).contains("panicked"));
    }
    let o = rummy(&["check", "--dict", "/no/such/words.txt", "cat"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("word list /no/such/words.txt does not exist"));
    let dir = std::env::temp_dir();
    let o = rummy(&["check", "--dict", dir.to_str().unwrap(), "cat"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("cannot read word list"));
}

#[test]
fn rules_lists_the_games_and_prints_effective_rules() {
    let o = rummy(&["rules"]);
    assert!(o.status.success());
    for name in [
        "wrummy",
        "alpharummy",
        "play-on-words",
        "five-suited",
        "wump",
    ] {
        assert!(stdout(&o).contains(name), "{name}");
    }
    let o = rummy(&["rules", "wump", "-o", "must_take=true"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("must_take = true"));
    assert!(stdout(&o).contains("match_target = 5"));
    let o = rummy(&["rules", "poker"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("\"poker\" is not a game"));
    let o = rummy(&["rules", "wump", "-o", "colour=blue"]);
    assert!(stderr(&o).contains("there is no option \"colour\""));
}

#[test]
fn a_bad_rules_file_is_refused_with_file_line_and_column() {
    let text =
        include_str!("../rules/wump.toml").replace("match_target = 5", "match_target = five");
    let path = temp_file("wump-bad.toml", text.as_bytes());
    let o = rummy(&["rules", "wump", "--rules", path.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    let line = text.lines().position(|l| l.contains("five")).unwrap() + 1;
    assert!(err.contains(&format!("wump-bad.toml:{line}:16:")), "{err}");
    let o = rummy(&["rules", "wump", "--rules", "/no/such.toml"]);
    assert!(stderr(&o).contains("cannot read rules file /no/such.toml"));
    // A value the option refuses is said once, with the file it came from.
    let text = include_str!("../rules/wrummy.toml").replace("target = 0", "target = 200000");
    let path = temp_file("wrummy-target.toml", text.as_bytes());
    let file = path.to_str().unwrap();
    for args in [
        vec!["rules", "wrummy", "--rules", file],
        vec!["simulate", "wrummy", "--bots", "easy,easy", "--rules", file],
    ] {
        let o = rummy(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = stderr(&o);
        assert_eq!(err.matches("target must be").count(), 1, "{err}");
        assert!(err.contains("wrummy-target.toml"), "{err}");
    }
}

#[test]
fn simulate_prints_one_line_of_json_and_repeats_itself() {
    let args = [
        "simulate",
        "wump",
        "--games",
        "20",
        "--seed",
        "9",
        "--bots",
        "normal,easy",
        "--json",
    ];
    let a = rummy(&args);
    assert!(a.status.success(), "{}", stderr(&a));
    let out = stdout(&a);
    assert_eq!(out.lines().count(), 1);
    let mut first: serde_json::Value = serde_json::from_str(&out).unwrap();
    for key in [
        "variant",
        "games",
        "seed",
        "seats",
        "draws",
        "avg_turns",
        "stock_ran_dry",
        "games_per_s",
    ] {
        assert!(first.get(key).is_some(), "{key}");
    }
    assert_eq!(first["variant"], "wump");
    assert_eq!(first["seats"][0]["bot"], "normal");
    let wins =
        first["seats"][0]["wins"].as_u64().unwrap() + first["seats"][1]["wins"].as_u64().unwrap();
    assert_eq!(wins + first["draws"].as_u64().unwrap(), 20);
    let mut second: serde_json::Value = serde_json::from_str(&stdout(&rummy(&args))).unwrap();
    first["games_per_s"] = 0.into();
    second["games_per_s"] = 0.into();
    assert_eq!(first, second);
}

#[test]
fn simulate_refuses_bad_arguments_clearly() {
    let o = rummy(&["simulate", "wump", "--bots", "normal,genius"]);
    assert!(stderr(&o).contains("\"genius\" is not a bot level"));
    let o = rummy(&["simulate", "wump", "--bots", "normal"]);
    assert!(
        stderr(&o).contains("is for 2 to 6 seats, not 1"),
        "{}",
        stderr(&o)
    );
    let o = rummy(&["simulate", "alpharummy", "--bots", "normal,normal"]);
    assert!(stderr(&o).contains("cannot be played in this version yet"));
    let o = rummy(&[
        "simulate",
        "five-suited",
        "--bots",
        "normal,normal",
        "-o",
        "rounds=12",
    ]);
    assert!(
        stderr(&o).contains("rounds must be between 1 and 11"),
        "{}",
        stderr(&o)
    );
    let o = rummy(&["simulate", "wump", "--bots", "easy,easy", "--games", "0"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn no_arguments_without_a_terminal_says_so() {
    // The game needs a terminal; piped, it says so instead of drawing.
    let o = rummy(&[]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("needs a terminal"), "{err}");
    assert!(err.contains("rummy --help"), "{err}");
}
