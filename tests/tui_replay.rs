//! The real binary in a pseudo-terminal: `rummy replay FILE` shows the
//! replay and steps through it with the arrow keys, and the Statistics
//! screen opens from the title.

use portable_pty::{CommandBuilder, PtySize, native_pty_system};
use rummy::game::{Outcome, Session};
use rummy::rng::GameRng;
use rummy::seat::{BotLevel, Seat, SeatId};
use rummy::stats::{GameRecord, STATS_FILE};
use rummy::variants::VariantId;
use rummy::variants::shipped_setup;
use rummy::variants::wump::Wump;
use std::io::{Read, Write};
use std::num::NonZeroU16;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

struct Screen {
    parser: Arc<Mutex<vt100::Parser>>,
    writer: Box<dyn Write + Send>,
}

impl Screen {
    fn text(&self) -> String {
        self.parser.lock().unwrap().screen().contents()
    }

    fn send(&mut self, keys: &str) {
        self.writer.write_all(keys.as_bytes()).unwrap();
        self.writer.flush().unwrap();
    }

    /// Waits until the screen shows `what`; the screen, or a panic with it.
    fn wait_for(&self, what: &str) -> String {
        let start = Instant::now();
        loop {
            let text = self.text();
            if text.contains(what) {
                return text;
            }
            assert!(
                start.elapsed() < Duration::from_secs(30),
                "waited for {what:?}; the screen shows:\n{text}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

const RIGHT: &str = "\x1b[C";
const LEFT: &str = "\x1b[D";
const DOWN: &str = "\x1b[B";
const HOME: &str = "\x1b[H";
const END: &str = "\x1b[F";

type Child = Box<dyn portable_pty::Child + Send + Sync>;

/// The binary started with `args` in a 100×30 pseudo-terminal.
fn start(args: &[&str]) -> (Screen, Child) {
    let pair = native_pty_system()
        .openpty(PtySize {
            rows: 30,
            cols: 100,
            pixel_width: 0,
            pixel_height: 0,
        })
        .expect("a pseudo-terminal");
    let mut cmd = CommandBuilder::new(env!("CARGO_BIN_EXE_rummy"));
    cmd.args(args);
    cmd.env("LANG", "C.UTF-8");
    cmd.env("TERM", "xterm-256color");
    cmd.env_remove("RUMMY_DATA_DIR");
    let child = pair.slave.spawn_command(cmd).expect("the binary starts");
    drop(pair.slave);
    let parser = Arc::new(Mutex::new(vt100::Parser::new(
        NonZeroU16::new(30).unwrap(),
        NonZeroU16::new(100).unwrap(),
        0,
    )));
    let mut reader = pair.master.try_clone_reader().expect("reader");
    let feed = parser.clone();
    std::thread::spawn(move || {
        let mut buf = [0u8; 8192];
        while let Ok(n) = reader.read(&mut buf) {
            if n == 0 {
                break;
            }
            feed.lock().unwrap().process(&buf[..n]);
        }
    });
    let screen = Screen {
        parser,
        writer: pair.master.take_writer().expect("writer"),
    };
    (screen, child)
}

fn data_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("rummy-pty-replay-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("saves")).expect("a data directory");
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
    let dir = data_dir("steps");
    let (path, lines) = wump_save(&dir, 6);
    let d = dir.display().to_string();
    let (mut screen, mut child) = start(&["--data-dir", &d, "replay", &path.display().to_string()]);
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
    let status = child.wait().expect("the binary exits");
    assert!(status.success(), "{status:?}");
    assert_eq!(std::fs::read_to_string(&path).expect("the save"), before);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_statistics_screen_opens_from_the_title() {
    let dir = data_dir("title");
    let outcome = Outcome {
        winners: vec![SeatId(0)],
        scores: vec![3, 1],
    };
    let seats = [Seat::human("Zoe"), Seat::bot("Bot 2", BotLevel::Hard)];
    let record = GameRecord::new(VariantId::Wump, &seats, &outcome, 9, 1_764_000_000, None);
    std::fs::write(dir.join(STATS_FILE), record.to_line() + "\n").expect("write");
    let d = dir.display().to_string();
    let (mut screen, mut child) = start(&["--data-dir", &d]);
    screen.wait_for("Statistics");
    screen.send(&DOWN.repeat(4));
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
    assert!(child.wait().expect("the binary exits").success());
    let _ = std::fs::remove_dir_all(&dir);
}
