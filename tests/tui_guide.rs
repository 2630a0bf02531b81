//! The real binary in a pseudo-terminal: "Learn a game" from the title,
//! Wump Rummy chosen, the coach line on the table, and one coached move
//! made by sending the keys the line names; the save shows it is the
//! engine's hinted move.

use portable_pty::{CommandBuilder, PtySize, native_pty_system};
use rummy::game::{Game, Session};
use rummy::seat::SeatId;
use rummy::variants::wump::Wump;
use std::io::{Read, Write};
use std::num::NonZeroU16;
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

const DOWN: &str = "\x1b[B";
const LEFT: &str = "\x1b[D";
const RIGHT: &str = "\x1b[C";

type Child = Box<dyn portable_pty::Child + Send + Sync>;

/// The binary in a 100×30 pseudo-terminal with its data in a fresh
/// directory, at the title.
fn start(name: &str) -> (Screen, Child, std::path::PathBuf) {
    let dir = std::env::temp_dir().join(format!("rummy-pty-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let pair = native_pty_system()
        .openpty(PtySize {
            rows: 30,
            cols: 100,
            pixel_width: 0,
            pixel_height: 0,
        })
        .expect("a pseudo-terminal");
    let mut cmd = CommandBuilder::new(env!("CARGO_BIN_EXE_rummy"));
    cmd.args(["--fast", "--data-dir"]);
    cmd.arg(&dir);
    cmd.env("LANG", "C.UTF-8");
    cmd.env("TERM", "xterm-256color");
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
    screen.wait_for("New game");
    (screen, child, dir)
}

/// The coach's words on the screen: the rows of its box, under its title
/// and over the table, joined.
fn coach_line(text: &str) -> String {
    let rows: Vec<&str> = text.lines().collect();
    let top = rows
        .iter()
        .position(|r| r.contains(" Coach "))
        .unwrap_or_else(|| panic!("no coach on the screen:\n{text}"));
    rows[top + 1..]
        .iter()
        .take_while(|r| !r.contains("┌ Moves"))
        .map(|r| r.trim())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The bytes of the keys a coach line names ("Press → twice, then Enter
/// twice.").
fn named_keys(line: &str) -> String {
    let at = line
        .rfind(". Press ")
        .unwrap_or_else(|| panic!("no keys in {line:?}"))
        + 8;
    let sentence = line[at..].trim_end_matches('.');
    let mut out = String::new();
    for part in sentence.split(", then ") {
        let (name, times) = if let Some(n) = part.strip_suffix(" twice") {
            (n, 2)
        } else if let Some((n, t)) = part.split_once(' ')
            && let Some(t) = t.strip_suffix(" times")
        {
            (n, t.parse().expect("a count"))
        } else {
            (part, 1)
        };
        let key = match name {
            "→" => RIGHT,
            "←" => LEFT,
            "Enter" => "\r",
            n if n.chars().count() == 1 => n,
            other => panic!("an unknown key {other:?} in {line:?}"),
        };
        out.push_str(&key.repeat(times));
    }
    out
}

/// The one save file in `dir`.
fn the_save(dir: &std::path::Path) -> String {
    let saves: Vec<_> = std::fs::read_dir(dir.join("saves"))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    assert_eq!(saves.len(), 1, "{saves:?}");
    std::fs::read_to_string(&saves[0]).unwrap()
}

#[test]
fn learn_wump_and_make_one_coached_move_in_a_terminal() {
    let (mut screen, mut child, dir) = start("guide");
    // "Learn a game" is the sixth item of the title menu.
    screen.send(&DOWN.repeat(5));
    screen.wait_for("▶ Learn a game");
    screen.send("\r");
    screen.wait_for("Enter start");
    // Wump Rummy is the last game of the chooser: ← goes round to it.
    screen.send(LEFT);
    screen.wait_for("▶ Wump Rummy");
    screen.send("\r");
    let table = screen.wait_for(" Coach ");
    // The person's turn comes after any bot moves (at --fast, at once).
    let table = if table.contains("Press ") {
        table
    } else {
        screen.wait_for(". Press ")
    };
    let line = coach_line(&table);
    assert!(line.starts_with("The goal: "), "{line}");
    screen.send(&named_keys(&line));
    // The move is made and saved (the game is saved after every move).
    let start = Instant::now();
    let (game, mine) = loop {
        let saved = std::fs::read_dir(dir.join("saves"))
            .ok()
            .and_then(|mut d| d.next())
            .is_some();
        if saved
            && let Ok(game) = Session::<Wump>::from_save_json(&the_save(&dir), "save")
            && let Some(mine) = game.log().iter().position(|m| m.seat == SeatId(0))
        {
            break (game, mine);
        }
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "no move saved after {line:?}:\n{}",
            screen.text()
        );
        std::thread::sleep(Duration::from_millis(50));
    };
    // The move is the engine's hint for the position before it, and the
    // screen names it.
    let mut before = game.clone();
    before.truncate(mine).expect("the game before the move");
    let hint = rummy::variants::wump::hint::hint(&before.state().view(SeatId(0))).expect("a hint");
    assert_eq!(game.log()[mine].action, hint.best(), "{line}");
    let start = Instant::now();
    while !["Player 1 took", "Player 1 put"]
        .iter()
        .any(|m| screen.text().contains(m))
    {
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "the move is not named:\n{}",
            screen.text()
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    // Leave and quit.
    screen.send("q");
    screen.wait_for("Leave the game?");
    screen.send("y");
    screen.wait_for("New game");
    screen.send("q");
    assert!(child.wait().expect("the binary exits").success());
    let _ = std::fs::remove_dir_all(&dir);
}
