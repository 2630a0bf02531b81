//! The `rummy` command as a user runs it.

use crate::kit;

use kit::{stderr, stdout};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The binary run with `args`.
fn rummy(args: &[&str]) -> Output {
    kit::run(args, &[])
}

/// A file named `name` holding `contents`, in a temporary folder of its
/// own that goes when it is dropped.
fn temp_file(name: &str, contents: &[u8]) -> TempFile {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join(name);
    std::fs::write(&path, contents).unwrap();
    TempFile { _dir: dir, path }
}

/// A file in a temporary folder of its own (see [`temp_file`]).
struct TempFile {
    _dir: tempfile::TempDir,
    path: PathBuf,
}

impl std::ops::Deref for TempFile {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.path
    }
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
        "FRIEND is a word (commonness tier 10).\nQZXQ is not in the dictionary.\nC4T is not a word: 4 is not a letter a-z.\n"
    );
    // A quote or a space is named as a person reads it, not escaped.
    let o = rummy(&["check", "don't", "ice cream"]);
    assert_eq!(
        stdout(&o),
        "DON'T is not a word: ' is not a letter a-z.\nICE CREAM is not a word: a space is not a letter a-z.\n"
    );
}

#[test]
fn check_refuses_blocked_words() {
    let blocked = include_str!("../../dictionaries/blocklist.txt")
        .lines()
        .next()
        .unwrap();
    let o = rummy(&["check", blocked]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("blocked word"));
}

/// `rummy check` and `rummy score` agree with RULINGS.md on every word its
/// ruling on words names: today's words are legal, slurs and vulgar words
/// blocked, plain and dual-sense words legal but never suggested, and a
/// plural refused from hand in Play On Words whether or not its singular
/// is a word.
#[test]
fn check_and_score_follow_the_rulings_on_the_words_they_name() {
    let today = [
        "APP", "TECH", "BOT", "INTRO", "BRO", "AW", "EBOOK", "LOCKDOWN", "IDIOT", "STUPID", "SPIT",
        "POOP",
    ];
    let o = rummy(&[&["check"][..], &today[..]].concat());
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    for (line, word) in stdout(&o).lines().zip(today) {
        assert!(line.starts_with(&format!("{word} is a word (")), "{line}");
    }
    let blocked = [
        "OCTOROON",
        "GRINGO",
        "BOGTROTTER",
        "FRIG",
        "FRIGGING",
        "CS",
        "MS",
    ];
    let o = rummy(&[&["check"][..], &blocked[..]].concat());
    assert_eq!(o.status.code(), Some(1));
    let said: Vec<String> = stdout(&o).lines().map(str::to_string).collect();
    for (line, word) in said.iter().zip(blocked) {
        let expected = if word.len() == 2 {
            format!("{word} is not in the dictionary.")
        } else {
            format!("{word} is not allowed in any game (blocked word).")
        };
        assert_eq!(line, &expected);
    }
    let plain = [
        "INTERCOURSE",
        "HOOKER",
        "COCK",
        "TIT",
        "ASSES",
        "DAMNED",
        "GEEZ",
        "JEEZ",
    ];
    let o = rummy(&[&["check"][..], &plain[..]].concat());
    assert_eq!(o.status.code(), Some(0));
    for (line, word) in stdout(&o).lines().zip(plain) {
        assert_eq!(
            line,
            format!("{word} is a word (bots, hints and the coach never suggest it).")
        );
    }
    for plural in [
        "APPS", "OXEN", "PEOPLE", "KINE", "TAXA", "CHATEAUX", "FORWARDS",
    ] {
        let o = rummy(&["score", "play-on-words", plural]);
        assert_eq!(o.status.code(), Some(1), "{plural}");
        assert!(
            stdout(&o).starts_with(&format!("{plural} is a plural")),
            "{plural}: {}",
            stdout(&o)
        );
    }
    let o = rummy(&["score", "play-on-words", "NEWS"]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
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
    let dir = tempfile::tempdir().expect("a temporary folder");
    let o = rummy(&["check", "--dict", dir.path().to_str().unwrap(), "cat"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("cannot read word list"));
}

/// Every game's name on the command line, in the registry's order.
const GAMES: [&str; 5] = [
    "wump",
    "five-suited",
    "wrummy",
    "alpharummy",
    "play-on-words",
];

#[test]
fn rules_lists_the_games_and_prints_effective_rules() {
    let o = rummy(&["rules"]);
    assert!(o.status.success());
    for name in GAMES {
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
fn rules_keep_the_files_own_words() {
    // Every shipped file comes back as written, its comments kept.
    for (name, text) in [
        ("wrummy", include_str!("../../rules/wrummy.toml")),
        ("alpharummy", include_str!("../../rules/alpharummy.toml")),
        (
            "play-on-words",
            include_str!("../../rules/play-on-words.toml"),
        ),
        ("five-suited", include_str!("../../rules/five-suited.toml")),
        ("wump", include_str!("../../rules/wump.toml")),
    ] {
        let o = rummy(&["rules", name]);
        assert_eq!(stdout(&o), text, "{name}");
    }
    let wump = include_str!("../../rules/wump.toml");
    let o = rummy(&["rules", "wump", "-o", "match_target=3"]);
    assert_eq!(
        stdout(&o),
        wump.replace("match_target = 5", "match_target = 3")
    );
    // An option the file leaves out gets its line, with its default.
    let short = wump.replace("match_target = 5\n", "");
    let path = temp_file("wump-short.toml", short.as_bytes());
    let o = rummy(&["rules", "wump", "--rules", path.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("# The match goes to the first seat"));
    let options = stdout(&o).split("[options]").nth(1).unwrap().to_string();
    assert!(options.contains("match_target = 5"), "{options}");
    // A file written another way is printed as the rules say.
    let inline = format!(
        "options = {{ must_take = true }}\n{}",
        wump.split("[options]").next().unwrap()
    );
    let path = temp_file("wump-inline.toml", inline.as_bytes());
    let o = rummy(&["rules", "wump", "--rules", path.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("must_take = true"), "{}", stdout(&o));
    assert!(stdout(&o).contains("match_target = 5"), "{}", stdout(&o));
}

#[test]
fn completion_offers_the_game_names() {
    let o = rummy(&["completions", "bash"]);
    for name in GAMES {
        assert!(stdout(&o).contains(name), "{name}");
    }
}

#[test]
fn a_bad_rules_file_is_refused_with_file_line_and_column() {
    let text =
        include_str!("../../rules/wump.toml").replace("match_target = 5", "match_target = five");
    let path = temp_file("wump-bad.toml", text.as_bytes());
    let o = rummy(&["rules", "wump", "--rules", path.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    let line = text.lines().position(|l| l.contains("five")).unwrap() + 1;
    assert!(err.contains(&format!("wump-bad.toml:{line}:16:")), "{err}");
    let o = rummy(&["rules", "wump", "--rules", "/no/such.toml"]);
    assert!(stderr(&o).contains("cannot read rules file /no/such.toml"));
    // A value the option refuses is said once, with the file it came from.
    let text = include_str!("../../rules/wrummy.toml").replace("target = 0", "target = 200000");
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
    let o = rummy(&[
        "simulate",
        "play-on-words",
        "--bots",
        "easy,easy,easy,easy,easy",
    ]);
    assert!(
        stderr(&o).contains("is for 2 to 4 seats, not 5"),
        "{}",
        stderr(&o)
    );
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

/// Runs the binary, failing the test (rather than hanging it) if it has not
/// ended within `secs` seconds.
fn rummy_within(args: &[&str], secs: u64) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_rummy"))
        .args(args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let start = std::time::Instant::now();
    while child.try_wait().expect("waiting").is_none() {
        if start.elapsed() > std::time::Duration::from_secs(secs) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("rummy {args:?} was still running after {secs} s");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    child.wait_with_output().expect("output")
}

#[test]
fn a_word_list_must_be_a_regular_file_under_the_limit() {
    let tmp = kit::fresh_dir("cli-lists");
    let dir = tmp.path();
    // A named pipe: opening it to read would wait for a writer for ever.
    let fifo = dir.join("words.fifo");
    let made = Command::new("mkfifo").arg(&fifo).status().expect("mkfifo");
    assert!(made.success());
    let o = rummy_within(&["check", "--dict", fifo.to_str().unwrap(), "cat"], 10);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.contains("named pipe (FIFO), not a regular file"),
        "{err}"
    );
    // A rules file is read the same way.
    let o = rummy_within(&["rules", "wrummy", "--rules", fifo.to_str().unwrap()], 10);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.contains("named pipe (FIFO), not a regular file"),
        "{err}"
    );
    // A directory.
    let o = rummy_within(&["check", "--dict", dir.to_str().unwrap(), "cat"], 10);
    assert!(
        stderr(&o).contains("a directory, not a regular file"),
        "{}",
        stderr(&o)
    );
    // A good list just over 4 MB is refused, with the limit.
    let big = dir.join("big.txt");
    let line = b"cat\n";
    let n = 4 * 1024 * 1024 / line.len() + 1;
    std::fs::write(&big, line.repeat(n)).unwrap();
    let o = rummy_within(&["check", "--dict", big.to_str().unwrap(), "cat"], 60);
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    let err = stderr(&o);
    assert!(err.contains("may be at most 4194304 bytes (4 MB)"), "{err}");
    // One at the limit is read.
    std::fs::write(&big, line.repeat(n - 1)).unwrap();
    let o = rummy_within(&["check", "--dict", big.to_str().unwrap(), "cat"], 60);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

#[test]
fn a_bad_line_is_shown_escaped_and_cut_short() {
    let mut bad = b"cat\nc\x07a\x1b[2Jt\n".to_vec();
    let path = temp_file("control.txt", &bad);
    let o = rummy(&["check", "--dict", path.to_str().unwrap(), "cat"]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(!err.bytes().any(|b| b == 0x07 || b == 0x1b), "{err:?}");
    assert!(
        err.contains(r#"control.txt:2: "c\x07a\x1b[2Jt" is not a word"#),
        "{err}"
    );
    bad = format!("cat\n{}1\n", "a".repeat(100)).into_bytes();
    let path = temp_file("long.txt", &bad);
    let o = rummy(&["check", "--dict", path.to_str().unwrap(), "cat"]);
    let err = stderr(&o);
    assert!(err.contains(&format!("\"{}…\"", "a".repeat(40))), "{err}");
    assert!(!err.contains(&"a".repeat(41)), "{err}");
}

#[test]
fn rules_refuses_what_starting_a_game_would_refuse() {
    let wrummy = include_str!("../../rules/wrummy.toml");
    let five = include_str!("../../rules/five-suited.toml");
    let wump = include_str!("../../rules/wump.toml");
    // (game, file, its text, a text on the line at fault, the bots of a game
    // that starting refuses, what is said)
    let cases: [(&str, &str, String, &str, &str, &str); 11] = [
        (
            "wrummy",
            "w-seats.toml",
            wrummy.replace("max = 4", "max = 6"),
            "max = 6",
            "easy,easy,easy,easy,easy",
            "at most 4 seats, not 5",
        ),
        (
            "wrummy",
            "w-suits.toml",
            wrummy.replace(
                "wilds = 4",
                "suits = [\"spades\"]\nranks = \"A-K\"\nwilds = 4",
            ),
            "suits = [",
            "easy,easy",
            "single-letter cards",
        ),
        (
            "wrummy",
            "w-jokers.toml",
            wrummy.replace("wilds = 4", "jokers = 2\nwilds = 4"),
            "jokers = 2",
            "easy,easy",
            "single-letter cards",
        ),
        (
            "wrummy",
            "w-combo.toml",
            wrummy.replace("Q = { count = 2", "QU = { count = 2"),
            "QU = {",
            "easy,easy",
            "single-letter cards",
        ),
        (
            "wump",
            "u-small.toml",
            wump.replace("ranks = \"A-K\"", "ranks = \"A-2\""),
            "[deck]",
            "easy,easy,easy,easy,easy,easy",
            "too small for 4 starters and 5 seats",
        ),
        (
            "wump",
            "u-large.toml",
            wump.replace("ranks = \"A-K\"", "ranks = \"A-K\"\njokers = 100"),
            "[deck]",
            "easy,easy",
            "at most 128 cards",
        ),
        (
            "five-suited",
            "f-ranks.toml",
            five.replace("ranks = \"3-K\"", "ranks = \"A-K\""),
            "ranks = \"A-K\"",
            "easy,easy",
            "ranks 3 to K",
        ),
        (
            "five-suited",
            "f-joker.toml",
            five.replace("joker_value = 50", "joker_value = 5000"),
            "joker_value = 5000",
            "easy,easy",
            "between 1 and 1000 points, not 5000",
        ),
        (
            "five-suited",
            "f-seats.toml",
            five.replace("max = 7", "max = 8"),
            "max = 8",
            "easy,easy,easy,easy,easy,easy,easy,easy",
            "at most 7 seats, not 8",
        ),
        (
            "five-suited",
            "f-wilds.toml",
            five.replace("jokers = 3", "jokers = 3\nwilds = 2"),
            "wilds = 2",
            "easy,easy",
            "no letter cards",
        ),
        (
            "five-suited",
            "f-small.toml",
            five.replace(
                "suits = [\"stars\", \"hearts\", \"clubs\", \"spades\", \"diamonds\"]",
                "suits = [\"stars\"]",
            ),
            "[deck]",
            "easy,easy",
            "14 cards are too few to deal 13 each to 2 seats",
        ),
    ];
    for (game, name, text, at, bots, said) in cases {
        let path = temp_file(name, text.as_bytes());
        let file = path.to_str().unwrap();
        let line = text.lines().position(|l| l.contains(at)).expect(at) + 1;
        // Starting a game refuses the file...
        let o = rummy(&[
            "simulate", game, "--games", "1", "--bots", bots, "--rules", file,
        ]);
        assert_eq!(o.status.code(), Some(2), "{name}: {}", stdout(&o));
        assert!(stderr(&o).contains(said), "{name}: {}", stderr(&o));
        // ...and so does printing its rules, with the file and line.
        let o = rummy(&["rules", game, "--rules", file]);
        assert_eq!(o.status.code(), Some(2), "{name}: {}", stdout(&o));
        let err = stderr(&o);
        assert!(err.contains(&format!("{file}:{line}: ")), "{name}: {err}");
        assert!(err.contains(said), "{name}: {err}");
    }
    // The shipped files are fine for every seat count they allow.
    for game in ["wrummy", "five-suited", "wump"] {
        assert!(rummy(&["rules", game]).status.success(), "{game}");
    }
}

#[test]
fn score_says_what_a_word_or_an_add_on_scores_and_why() {
    // The text's add-ons: only the added letters count, with the new word's
    // multiplier and bonus cards.
    let o = rummy(&["score", "alpharummy", "--on", "FIEND", "FRIEND"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "3 points and 3 bonus cards: R is 1 point, ×3 for six letters.\n"
    );
    let o = rummy(&["score", "alpharummy", "--on", "friend", "friends"]);
    assert_eq!(
        stdout(&o),
        "4 points and 4 bonus cards: S is 1 point, ×4 for seven letters.\n"
    );
    let o = rummy(&["score", "alpharummy", "quiz"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(
        stdout(&o).starts_with("22 points and 1 bonus card: "),
        "{}",
        stdout(&o)
    );
    // Refusals say why, and exit 1.
    for (args, why) in [
        (
            &["score", "alpharummy", "cat"][..],
            "CAT has 3 letters: a word needs at least 4.\n",
        ),
        (
            &["score", "alpharummy", "zzqx"][..],
            "ZZQX is not in the dictionary.\n",
        ),
        (
            &["score", "alpharummy", "--on", "rate", "great"][..],
            "GREAT changes the order of RATE's letters: add letters, but keep the word's own in order.\n",
        ),
        (
            &["score", "alpharummy", "--on", "fiend", "fiend"][..],
            "FIEND must be longer than FIEND to extend it.\n",
        ),
    ] {
        let o = rummy(args);
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        assert_eq!(stdout(&o), why, "{args:?}");
    }
    // The rules file's values are the ones scored.
    let rules = temp_file(
        "alpha-values.toml",
        include_str!("../../rules/alpharummy.toml")
            .replace(
                "R = { count = 6, value = 1 }",
                "R = { count = 6, value = 5 }",
            )
            .as_bytes(),
    );
    let o = rummy(&[
        "score",
        "alpharummy",
        "--rules",
        rules.to_str().unwrap(),
        "--on",
        "fiend",
        "friend",
    ]);
    assert_eq!(
        stdout(&o),
        "15 points and 3 bonus cards: R is 5 points, ×3 for six letters.\n"
    );
    let o = rummy(&["score", "wrummy", "cat"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("scoring words is for AlphaRummy 500"));
}

#[test]
fn score_says_what_a_play_on_words_play_scores_and_why() {
    for (args, said) in [
        (
            &["score", "play-on-words", "--on", "TAR", "RATE"][..],
            "8 points: RATE rearranges TAR with E, 2 a letter for 4 letters.\n",
        ),
        (
            &["score", "play-on-words", "bother"][..],
            "12 points: a new word from hand, 2 a letter for 6 letters.\n",
        ),
        (
            &["score", "play-on-words", "--on", "boom,rang", "boomerang"][..],
            "9 points: BOOMERANG combines BOOM and RANG with E, 1 a letter for 9 letters.\n",
        ),
        (
            &["score", "play-on-words", "--on", "TALE", "STABLE"][..],
            "12 points: STABLE adds S-B to TALE, a letter inside the word, 2 a letter for 6 letters.\n",
        ),
    ] {
        let o = rummy(args);
        assert_eq!(o.status.code(), Some(0), "{args:?} {}", stderr(&o));
        assert_eq!(stdout(&o), said, "{args:?}");
    }
    // Refusals say why, and exit 1: a plural, a broken word, no card from
    // hand.
    for (args, why) in [
        (&["score", "play-on-words", "cats"][..], "CATS is a plural"),
        (
            &["score", "play-on-words", "--on", "cat", "cats"][..],
            "only a play-on that rearranges",
        ),
        (
            &["score", "play-on-words", "--on", "BOTHER", "BOTH"][..],
            "must be longer",
        ),
        (
            &["score", "play-on-words", "--on", "NOW,MOST", "SNOWSTORM,"][..],
            "not a word of letters",
        ),
        (
            &["score", "play-on-words", "--on", "TEA,POT", "TEAPOT"][..],
            "a card from your hand",
        ),
    ] {
        let o = rummy(args);
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        assert!(stdout(&o).contains(why), "{args:?}: {}", stdout(&o));
    }
    // A rearranged play-on may make a plural.
    let o = rummy(&["score", "play-on-words", "--on", "act", "cats"]);
    assert!(
        stdout(&o).starts_with("8 points: CATS rearranges ACT"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn completions_and_the_manual_page_cover_every_command() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let o = rummy(&["completions", shell]);
        assert!(o.status.success(), "{shell}: {}", stderr(&o));
        let script = stdout(&o);
        for sub in ["check", "rules", "score", "simulate", "completions", "man"] {
            assert!(script.contains(sub), "{shell} completes no {sub}");
        }
    }
    let o = rummy(&["completions", "nosh"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("possible values: bash"),
        "{}",
        stderr(&o)
    );
    let o = rummy(&["man"]);
    assert!(o.status.success());
    let page = stdout(&o);
    assert!(
        page.starts_with(".ie") && page.contains(".TH rummy 1"),
        "{page}"
    );
    assert!(
        page.contains("simulate") && page.contains("\\-\\-seed"),
        "{page}"
    );
    // Examples, files and environment, each example a command line that
    // rummy takes.
    for section in [".SH EXAMPLES", ".SH FILES", ".SH ENVIRONMENT"] {
        assert!(page.contains(section), "no {section}");
    }
    for var in [
        "RUMMY_DATA_DIR",
        "RUMMY_LOG",
        "NO_COLOR",
        "COLORFGBG",
        "TERM",
    ] {
        assert!(
            page.contains(&format!(".TP\n\\fB{var}\\fR")),
            "{var} is not told"
        );
    }
    let examples = &page[page.find(".SH EXAMPLES").unwrap()..page.find(".SH FILES").unwrap()];
    let lines: Vec<&str> = examples
        .lines()
        .filter_map(|l| l.strip_prefix("\\fBrummy")?.strip_suffix("\\fR"))
        .collect();
    assert!(lines.len() >= 6, "{examples}");
    for line in lines {
        let mut args: Vec<&str> = line.split_whitespace().collect();
        args.push("--help");
        let o = rummy(&args);
        assert!(o.status.success(), "rummy{line}: {}", stderr(&o));
    }
    // Every page the manual names is one `rummy man --dir` writes.
    let dir = tempfile::tempdir().expect("a temporary folder");
    let o = rummy(&["man", "--dir", dir.path().to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let named: Vec<String> = page
        .split("rummy\\-")
        .skip(1)
        .filter_map(|rest| rest.split_once("(1)"))
        .map(|(name, _)| format!("rummy-{name}.1"))
        .filter(|name| !name.contains(' '))
        .collect();
    assert!(named.len() >= 8, "{named:?}");
    let written = std::fs::read_to_string(dir.path().join("rummy.1")).expect("rummy.1");
    assert!(written.contains(".SH ENVIRONMENT"), "{written}");
    for name in named.iter().chain([&"rummy.1".to_string()]) {
        assert!(
            dir.path().join(name).is_file(),
            "{name} is named, not written"
        );
    }
}

#[test]
fn rules_and_option_errors_are_said_in_the_rules_own_words() {
    let wump = concat!(env!("CARGO_MANIFEST_DIR"), "/rules/wump.toml");
    // A Wump rules file given to 5 Suited Rummy says which game it is for.
    for args in [
        vec!["rules", "five-suited", "--rules", wump],
        vec![
            "simulate",
            "five-suited",
            "--bots",
            "easy,easy",
            "--rules",
            wump,
        ],
    ] {
        let o = rummy(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = stderr(&o);
        assert!(
            err.contains("this rules file is for Wump Rummy, not 5 Suited Rummy"),
            "{err}"
        );
    }
    // An option of the wrong kind, given with -o.
    for (game, option, said) in [
        (
            "wump",
            "match_target=abc",
            "match_target must be a whole number, such as 5, not \"abc\"",
        ),
        (
            "wump",
            "must_take=yes",
            "must_take must be true or false, not \"yes\"",
        ),
        (
            "wrummy",
            "words=maybe",
            "words must be one of challenge, strict, not \"maybe\"",
        ),
        (
            "five-suited",
            "rounds=-2",
            "rounds must be a whole number, 0 or more, not -2",
        ),
    ] {
        let o = rummy(&["rules", game, "-o", option]);
        assert_eq!(o.status.code(), Some(2), "{option}");
        let err = stderr(&o);
        assert!(err.contains(said), "{err}");
        for word in [
            "expected",
            "invalid type",
            "unknown variant",
            "struct",
            "u32",
        ] {
            assert!(!err.contains(word), "{err}");
        }
    }
}

/// The saves `rummy simulate wump --games 2 --bots hard,normal` writes in
/// `dir`, sorted by name.
fn simulated_saves(dir: &std::path::Path) -> Vec<PathBuf> {
    let d = dir.to_str().expect("a UTF-8 path");
    let args = [
        "simulate",
        "wump",
        "--games",
        "2",
        "--bots",
        "hard,normal",
        "--save-dir",
        d,
    ];
    let o = rummy(&args);
    assert!(o.status.success(), "{}", stderr(&o));
    let mut saves: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("the folder")
        .map(|e| e.expect("an entry").path())
        .collect();
    saves.sort();
    saves
}

#[test]
fn simulate_writes_each_game_as_a_save_and_review_judges_it() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let saves = simulated_saves(dir.path());
    assert_eq!(saves.len(), 2, "{saves:?}");
    for save in &saves {
        let name = save.file_name().unwrap().to_string_lossy();
        assert!(
            name.starts_with("wump-") && name.ends_with(".json"),
            "{name}"
        );
        let o = rummy(&["review", save.to_str().unwrap(), "--json", "--all"]);
        assert!(o.status.success(), "{}", stderr(&o));
        let out = stdout(&o);
        assert_eq!(out.lines().count(), 1, "{out}");
        let review: serde_json::Value = serde_json::from_str(&out).unwrap();
        let moves = review["moves"].as_array().expect("a list of moves");
        assert!(!moves.is_empty(), "{out}");
        let played = review["moves_played"].as_u64().expect("moves played");
        let mut judged = [0u64; 2];
        for m in moves {
            for key in [
                "move",
                "seat",
                "played",
                "best",
                "played_value",
                "best_value",
                "verdict",
                "sentence",
            ] {
                assert!(m.get(key).is_some(), "{key} in {m}");
            }
            assert!(m["move"].as_u64().unwrap() < played, "{m}");
            let best = m["best_value"].as_i64().unwrap();
            let mine = m["played_value"].as_i64().unwrap();
            assert!(best >= mine, "{m}");
            let verdict = m["verdict"].as_str().unwrap();
            assert!(
                ["best", "good", "inaccuracy", "mistake"].contains(&verdict),
                "{m}"
            );
            assert_eq!(verdict == "best", best == mine, "{m}");
            assert!(!m["sentence"].as_str().unwrap().is_empty(), "{m}");
            let seat = m["seat"].as_u64().unwrap();
            assert!((1..=2).contains(&seat), "{m}");
            judged[seat as usize - 1] += 1;
        }
        let summary = review["summary"].as_array().expect("a summary");
        assert_eq!(summary.len(), 2, "{out}");
        for (i, s) in summary.iter().enumerate() {
            assert_eq!(s["seat"], i as u64 + 1, "{s}");
            assert_eq!(s["judged"], judged[i], "{s}");
        }
    }
}

#[test]
fn review_of_bots_judges_nothing_unless_asked_and_names_each_seat() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let saves = simulated_saves(dir.path());
    let save = saves[0].to_str().unwrap();
    // Bots are not taught: without --all, an all-bot game has no move to judge.
    let o = rummy(&["review", save, "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let review: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(review["moves"], serde_json::json!([]), "{review}");
    assert_eq!(review["summary"], serde_json::json!([]), "{review}");
    let o = rummy(&["review", save]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(
        text.starts_with("How did you play? A review of Wump"),
        "{text}"
    );
    assert!(text.contains("No move of the seats reviewed"), "{text}");
    assert!(!text.contains("moves judged"), "{text}");
    // It says how to judge the bots, by a command that then does.
    let told = text.lines().last().expect("a last line").trim();
    assert_eq!(told, format!("rummy review --all {save}"), "{text}");
    // The text form says each seat's summary on a line of its own, every
    // line within 80 columns.
    let args: Vec<&str> = told.split_whitespace().skip(1).collect();
    let o = rummy(&args);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    for line in text.lines() {
        assert!(line.chars().count() <= 80, "{line:?}");
    }
    for name in ["Bot 1 (hard)", "Bot 2 (normal)"] {
        assert!(
            text.lines()
                .any(|l| l.starts_with(&format!("{name}: ")) && l.contains(" moves judged: ")),
            "{name} in {text}"
        );
    }
}

#[test]
fn review_of_a_file_that_is_not_a_save_says_so() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let cases: [(&str, &str, &str); 4] = [
        ("notes.txt", "a shopping list\n", "is not a save file"),
        ("other.json", "{\"name\": \"x\"}", "has no format version"),
        (
            "chess.json",
            "{\"format\": 1, \"variant\": \"chess\"}",
            "names no game this version knows",
        ),
        ("empty.json", "", "is not a save file"),
    ];
    for (name, text, said) in cases {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        for json in [false, true] {
            let mut args = vec!["review", path.to_str().unwrap(), "--all"];
            if json {
                args.push("--json");
            }
            let o = rummy(&args);
            assert_ne!(o.status.code(), Some(0), "{name}");
            assert!(o.status.code().is_some(), "{name}: ended by a signal");
            assert_eq!(stdout(&o), "", "{name}");
            let err = stderr(&o);
            assert!(err.contains(name) && err.contains(said), "{name}: {err}");
            assert!(!err.contains("panicked"), "{err}");
        }
    }
    let missing = dir.path().join("gone.json");
    let o = rummy(&["review", missing.to_str().unwrap()]);
    assert_ne!(o.status.code(), Some(0));
    assert!(
        stderr(&o).contains("gone.json could not be read"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn review_ends_quietly_when_its_reader_stops() {
    // `rummy review FILE | head`: the reader is gone before the review is
    // written, so the command ends without a panic.
    let dir = tempfile::tempdir().expect("a temporary folder");
    let saves = simulated_saves(dir.path());
    for json in [false, true] {
        let mut args = vec!["review", saves[0].to_str().unwrap(), "--all"];
        if json {
            args.push("--json");
        }
        let mut child = Command::new(env!("CARGO_BIN_EXE_rummy"))
            .args(&args)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("the binary runs");
        drop(child.stdout.take());
        let o = child.wait_with_output().expect("output");
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        assert!(!stderr(&o).contains("panicked"), "{}", stderr(&o));
    }
}

#[test]
fn completion_offers_the_bot_levels_and_every_games_options() {
    let o = rummy(&["completions", "bash"]);
    let script = stdout(&o);
    // The levels after --bots, and the options after -o, as the registry
    // and the rules declare them.
    for level in rummy::seat::BotLevel::ALL {
        assert!(script.contains(level.name()), "no {level} in:\n{script}");
    }
    for id in rummy::VariantId::ALL {
        for name in rummy::variants::option_names(id) {
            let choices = rummy::variants::option_choices(id, name);
            let offered: Vec<String> = if choices.is_empty() {
                vec![format!("{name}=")]
            } else {
                choices.iter().map(|c| format!("{name}={c}")).collect()
            };
            for o in offered {
                assert!(script.contains(&o), "{} offers no {o}", id.name());
            }
        }
    }
    // Each offered setting is one the game it belongs to takes.
    let o = rummy(&["rules", "wrummy", "-o", "calls=any_order"]);
    assert!(o.status.success(), "{}", stderr(&o));
    // And --help is not cluttered with them.
    let o = rummy(&["simulate", "--help"]);
    assert!(!stdout(&o).contains("calls=any_order"), "{}", stdout(&o));
}

#[test]
fn a_broken_rules_file_option_or_word_list_is_refused_in_a_players_words() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let rules = |game: &str| {
        std::fs::read_to_string(format!("{}/rules/{game}.toml", env!("CARGO_MANIFEST_DIR")))
            .expect("the shipped rules")
    };
    let alpha = rules("alpharummy");
    let wrummy = rules("wrummy");
    let five = rules("five-suited");
    let broken: Vec<(&str, &str, String)> = vec![
        (
            "alpharummy",
            "a table name not closed",
            alpha.replacen("[options]", "[options", 1),
        ),
        (
            "alpharummy",
            "more after a table name",
            alpha.replacen("[options]", "[options]]", 1),
        ),
        (
            "alpharummy",
            "text not closed",
            alpha.replacen("target = 500", "target = \"500", 1),
        ),
        (
            "alpharummy",
            "no name",
            alpha.replacen("target = 500", "= 500", 1),
        ),
        (
            "alpharummy",
            "no value",
            alpha.replacen("target = 500", "target", 1),
        ),
        (
            "alpharummy",
            "two =",
            alpha.replacen("target = 500", "target == 500", 1),
        ),
        (
            "alpharummy",
            "a list not closed",
            alpha.replacen("target = 500", "target = [1,", 1),
        ),
        (
            "alpharummy",
            "braces not closed",
            alpha.replacen("target = 500", "target = {a=1", 1),
        ),
        (
            "alpharummy",
            "a huge number",
            alpha.replacen("target = 500", "target = 99999999999999999999999", 1),
        ),
        (
            "alpharummy",
            "a list for a number",
            alpha.replacen("target = 500", "target = [1, 2]", 1),
        ),
        (
            "alpharummy",
            "a field too many",
            alpha.replacen("value = 1 }", "value = 1, colour = 2 }", 1),
        ),
        (
            "wrummy",
            "a negative card",
            wrummy.replacen(
                "J = { count = 2, value = 15 }",
                "J = { count = 2, value = -15 }",
                1,
            ),
        ),
        (
            "five-suited",
            "a negative count",
            five.replacen("jokers = 3", "jokers = -3", 1),
        ),
        (
            "five-suited",
            "a huge count",
            five.replacen("jokers = 3", "jokers = 99999999999999999999", 1),
        ),
    ];
    for (game, what, text) in broken {
        let path = dir.path().join(format!("{game}.toml"));
        std::fs::write(&path, text).unwrap();
        let o = rummy(&["rules", game, "--rules", path.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(2), "{what}");
        let e = stderr(&o);
        for word in crate::engine::PROGRAM_WORDS {
            assert!(!e.contains(word), "{what}: {word:?} in {e}");
        }
    }
    for (game, setting) in [
        ("alpharummy", "target=1e3"),
        ("alpharummy", "target=0"),
        ("alpharummy", "target=-5"),
        ("alpharummy", "target=99999999999999999999999"),
        ("alpharummy", "target=five"),
        ("wrummy", "calls=sideways"),
        ("five-suited", "rounds=0"),
    ] {
        let o = rummy(&["rules", game, "-o", setting]);
        assert_eq!(o.status.code(), Some(2), "{setting}");
        let e = stderr(&o);
        for word in crate::engine::PROGRAM_WORDS {
            assert!(!e.contains(word), "{setting}: {word:?} in {e}");
        }
        // The value as typed, never another number it was read as.
        if setting == "target=1e3" {
            assert!(e.contains("not 1e3"), "{e}");
        }
    }
    let o = rummy(&[
        "rules",
        "wrummy",
        "--rules",
        dir.path().join("wrummy.toml").to_str().unwrap(),
    ]);
    assert!(stderr(&o).contains("deck.letters.J.value: a card scores 0 points or more, not -15"));
    // Word lists: a byte-order mark first is read past; a character that
    // prints as nothing elsewhere is named.
    let list = dir.path().join("list.txt");
    std::fs::write(&list, "\u{feff}cat\ndog\n").unwrap();
    let o = rummy(&["check", "cat", "--dict", list.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    std::fs::write(&list, "cat\ndo\u{200b}g\n").unwrap();
    let o = rummy(&["check", "cat", "--dict", list.to_str().unwrap()]);
    let e = stderr(&o);
    assert!(
        e.contains("\"do[U+200B]g\"") && e.contains("prints as nothing"),
        "{e}"
    );
}

/// `rummy duplicate FILE`: a simulated game's seat played again by its own
/// bot is level with it; by another, the rounds side by side, in text and
/// JSON; a bad seat, level or file is said in words, exit 2.
#[test]
fn duplicate_plays_a_save_again_on_the_same_cards() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let saves = simulated_saves(dir.path());
    let save = saves[0].to_str().unwrap();
    // Seat 1 was the hard bot: played again by hard, the same game.
    let o = rummy(&["duplicate", save, "--seat", "1", "--level", "hard"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("the hard bot in"), "{out}");
    assert!(out.trim_end().ends_with("level with it."), "{out}");
    // By the easy bot, one line of JSON with the rounds.
    let o = rummy(&[
        "duplicate",
        save,
        "--seat",
        "1",
        "--level",
        "easy",
        "--json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert_eq!(out.lines().count(), 1, "{out}");
    let d: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(d["seat"], 1);
    assert_eq!(d["level"], "easy");
    let rounds = d["rounds"].as_array().expect("rounds");
    assert!(!rounds.is_empty());
    let sum = |key: &str| rounds.iter().map(|r| r[key].as_i64().unwrap()).sum::<i64>();
    assert_eq!(d["you"].as_i64(), Some(sum("you")));
    assert_eq!(d["bot"].as_i64(), Some(sum("bot")));
    assert_eq!(d["difference"].as_i64(), Some(sum("difference")));
    assert_eq!(
        d["difference"].as_i64(),
        Some(sum("you") - sum("bot")),
        "more cards is better in Wump Rummy"
    );
    for (args, said) in [
        (vec!["duplicate", save], "Every seat of this game was a bot"),
        (
            vec!["duplicate", save, "--seat", "7"],
            "seats 1 to 2, not 7",
        ),
        (
            vec!["duplicate", save, "--seat", "1", "--level", "grand"],
            "no bot level \"grand\"",
        ),
        (
            vec!["duplicate", "/nonexistent/save.json"],
            "could not be read",
        ),
    ] {
        let o = rummy(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let e = stderr(&o);
        assert!(e.contains(said), "{args:?}: {e}");
        for word in crate::engine::PROGRAM_WORDS {
            assert!(!e.contains(word), "{args:?}: {word:?} in {e}");
        }
    }
}

/// `rummy daily GAME --date D --show-seed`: the day's seed, the same on
/// every machine (the engine's test fixes the deals), for one game or all;
/// a date that is not one is said; without a terminal it does not play.
#[test]
fn daily_prints_a_days_seed_and_plays_only_on_a_terminal() {
    let o = rummy(&["daily", "wump", "--date", "2026-11-30", "--show-seed"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "2026-11-30 wump 3220958769498314880\n");
    let o = rummy(&["daily", "--date", "2026-11-30", "--show-seed"]);
    let out = stdout(&o);
    assert_eq!(
        out.lines().count(),
        rummy::variants::registered().len(),
        "{out}"
    );
    assert!(
        out.contains("2026-11-30 five-suited 15950756650957525620"),
        "{out}"
    );
    for (args, said) in [
        (
            vec!["daily", "wump", "--date", "2026-02-30", "--show-seed"],
            "is not a day of the calendar",
        ),
        (
            vec!["daily", "wump", "--date", "30.11.2026", "--show-seed"],
            "write it as YYYY-MM-DD",
        ),
        (vec!["daily", "wump"], "not a terminal"),
    ] {
        let o = rummy(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).contains(said), "{args:?}: {}", stderr(&o));
    }
}

/// `rummy drills`: the slips due, mistakes first, newest first, never
/// their answers; none is said; a solved one waits.
#[test]
fn drills_lists_the_slips_due_without_their_answers() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let d = dir.path().to_str().unwrap();
    let o = rummy(&["drills", "--data-dir", d]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("No slip to practise now"),
        "{}",
        stdout(&o)
    );
    let slip = |save: &str, index: u32, verdict: &str, ended: u64| {
        format!(
            r#"{{"save":"{save}","variant":"wump","move":{index},"seat":1,"verdict":"{verdict}","played":"a play","played_value":1,"best":"THE SECRET ANSWER","best_value":3,"unit":"cards","sentence":"why","ended":{ended}}}"#
        )
    };
    let lines = [
        slip("a.json", 4, "inaccuracy", 300),
        slip("b.json", 7, "mistake", 100),
        slip("c.json", 9, "mistake", 200),
    ];
    std::fs::write(dir.path().join("slips.jsonl"), lines.join("\n") + "\n").unwrap();
    let o = rummy(&["drills", "--data-dir", d]);
    let out = stdout(&o);
    assert!(!out.contains("SECRET"), "{out}");
    let order: Vec<usize> = ["c.json", "b.json", "a.json"]
        .iter()
        .map(|s| out.find(s).unwrap_or_else(|| panic!("{s} in {out}")))
        .collect();
    assert!(order.windows(2).all(|w| w[0] < w[1]), "{out}");
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs();
    std::fs::write(
        dir.path().join("solved.jsonl"),
        format!("{{\"save\":\"c.json\",\"move\":9,\"when\":{now}}}\n"),
    )
    .unwrap();
    let o = rummy(&["drills", "--data-dir", d, "--json"]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let saves: Vec<&str> = v["slips"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["save"].as_str().unwrap())
        .collect();
    assert_eq!(saves, ["b.json", "a.json"]);
    assert!(!stdout(&o).contains("SECRET"));
    let o = rummy(&["drills", "--data-dir", "/nonexistent/dir"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("there is no folder"), "{}", stderr(&o));
}
