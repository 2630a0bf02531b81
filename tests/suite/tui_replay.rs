//! The real binary in a pseudo-terminal: `rummy replay FILE` shows the
//! replay and steps through it with the arrow keys, and the Statistics
//! screen opens from the title.

use crate::kit;

use kit::{DOWN, END, HOME, LEFT, RIGHT, Screen};
use rummy::game::{Outcome, Session};
use rummy::rng::GameRng;
use rummy::seat::{BotLevel, Seat, SeatId};
use rummy::stats::{GameRecord, STATS_FILE};
use rummy::variants::VariantId;
use rummy::variants::shipped_setup;
use rummy::variants::wump::Wump;
use std::path::{Path, PathBuf};

/// The binary started with its data in `dir` and then `args`, in a 100×30
/// pseudo-terminal, with no RUMMY_DATA_DIR.
fn start(dir: &Path, args: &[&str]) -> Screen {
    kit::spawn(args, &[("RUMMY_DATA_DIR", None)], (100, 30), dir)
}

/// A fresh data directory named after `name`, with an empty saves folder.
fn data_dir(name: &str) -> tempfile::TempDir {
    let dir = kit::fresh_dir(&format!("pty-replay-{name}"));
    std::fs::create_dir_all(dir.path().join("saves")).expect("a data directory");
    dir
}

/// A Wump game of two bots, `moves` moves in, saved in `dir`: its path and
/// the lines of each move.
fn wump_save(dir: &Path, moves: usize) -> (PathBuf, Vec<Vec<String>>) {
    let seats = vec![Seat::human("Ann"), Seat::bot("Bot 2", BotLevel::Normal)];
    let setup = shipped_setup::<Wump>(seats, 11, &[]).expect("rules");
    let mut session = Session::<Wump>::new(setup).expect("a game");
    let mut rng = GameRng::new(11, 1);
    for _ in 0..moves {
        session
            .play_bot(BotLevel::Normal, &mut rng)
            .expect("a move");
    }
    let text = session.to_save_json();
    let path = dir.join("saves").join("wump-1.json");
    std::fs::write(&path, &text).expect("write the save");
    let lines = rummy::replay::move_lines(&text, "wump-1.json").expect("lines");
    (path, lines)
}

#[test]
fn rummy_replay_file_steps_through_the_game() {
    let tmp = data_dir("steps");
    let dir = tmp.path();
    let (path, lines) = wump_save(dir, 6);
    let mut screen = start(dir, &["replay", &path.display().to_string()]);
    let first = screen.wait_for("the start of the game; 6 moves follow.");
    assert!(first.contains("Wump Rummy"), "{first}");
    assert!(first.contains("Home start"), "{first}");
    screen.send(RIGHT);
    let one = screen.wait_for("move 1 of 6");
    assert!(one.contains(&lines[0][0]), "{:?} not on\n{one}", lines[0]);
    screen.send(RIGHT);
    let two = screen.wait_for("move 2 of 6");
    assert!(two.contains(&lines[1][0]), "{:?} not on\n{two}", lines[1]);
    screen.send(LEFT);
    screen.wait_for("move 1 of 6");
    screen.send(END);
    let end = screen.wait_for("move 6 of 6");
    assert!(end.contains(&lines[5][0]), "{end}");
    screen.send(HOME);
    screen.wait_for("the start of the game");
    // Leaving the replay quits, and the save is as it was.
    let before = std::fs::read_to_string(&path).expect("the save");
    screen.send("q");
    let status = screen.child.wait().expect("the binary exits");
    assert!(status.success(), "{status:?}");
    assert_eq!(std::fs::read_to_string(&path).expect("the save"), before);
}

#[test]
fn the_statistics_screen_opens_from_the_title() {
    let tmp = data_dir("title");
    let dir = tmp.path();
    let outcome = Outcome {
        winners: vec![SeatId(0)],
        scores: vec![3, 1],
    };
    let seats = [Seat::human("Zoe"), Seat::bot("Bot 2", BotLevel::Hard)];
    let record = GameRecord::new(VariantId::Wump, &seats, &outcome, 9, 1_764_000_000, None);
    std::fs::write(dir.join(STATS_FILE), record.to_line() + "\n").expect("write");
    let mut screen = start(dir, &[]);
    screen.wait_for("Statistics");
    // The fourth item: nothing saved, so no Continue.
    screen.send(&DOWN.repeat(3));
    screen.send("\r");
    let shown = screen.wait_for("By player");
    assert!(
        shown.contains("1 finished game, on 24 Nov 2025."),
        "{shown}"
    );
    let zoe = shown
        .lines()
        .find(|l| l.contains("Zoe"))
        .expect("Zoe's row");
    let cells: Vec<&str> = zoe
        .split(|c: char| c.is_whitespace() || c == '│')
        .filter(|c| !c.is_empty())
        .collect();
    assert_eq!(cells, ["Zoe", "1", "1", "0", "3.0"], "{shown}");
    screen.send("\x1b");
    screen.wait_for("New game");
    screen.send("q");
    assert!(screen.child.wait().expect("the binary exits").success());
}
