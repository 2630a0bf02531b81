//! What the tests that run the real binary share: the binary started in a
//! pseudo-terminal and its screen read back through a terminal emulator
//! (vt100), the keys to send it, fresh folders for its data, its one save
//! file; and the binary run without a terminal, its output read.
//!
//! One module of the test program (`tests/suite/main.rs`), which its test
//! files share; what none of them uses is reported as dead code.

use portable_pty::{CommandBuilder, PtySize, native_pty_system};
use std::io::{Read, Write};
use std::num::NonZeroU16;
use std::path::Path;
use std::process::{Command, Output};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// The ↓ key, as a terminal sends it.
pub const DOWN: &str = "\x1b[B";
/// The ← key, as a terminal sends it.
pub const LEFT: &str = "\x1b[D";
/// The → key, as a terminal sends it.
pub const RIGHT: &str = "\x1b[C";
/// The Home key, as a terminal sends it.
pub const HOME: &str = "\x1b[H";
/// The End key, as a terminal sends it.
pub const END: &str = "\x1b[F";

/// The binary's process, started on the pseudo-terminal.
pub type Child = Box<dyn portable_pty::Child + Send + Sync>;

/// The binary running in a pseudo-terminal: what it shows, read through a
/// terminal emulator fed by a reader thread, and the keys sent to it.
pub struct Screen {
    parser: Arc<Mutex<vt100::Parser>>,
    writer: Box<dyn Write + Send>,
    /// Every byte the program wrote, as written.
    raw: Arc<Mutex<Vec<u8>>>,
    /// Set, the reader lets go of the terminal after its next read.
    let_go: Arc<AtomicBool>,
    reading: Option<JoinHandle<()>>,
    /// The program's process.
    pub child: Child,
}

/// The binary started with `--data-dir data_dir` and then `args`, in a
/// pseudo-terminal of `size` (columns, rows), with `LANG=C.UTF-8`,
/// `TERM=xterm-256color` and then each of `env` set (`Some`) or removed
/// (`None`), in order. It does not wait for the first frame.
///
/// The data directory is not a newcomer's (its statistics file is there,
/// empty): the title's cursor starts on New game, as the tests' keys
/// expect. [`spawn_first_run`] leaves it as it is.
pub fn spawn(
    args: &[&str],
    env: &[(&str, Option<&str>)],
    size: (u16, u16),
    data_dir: &Path,
) -> Screen {
    std::fs::create_dir_all(data_dir).expect("the data directory");
    std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(data_dir.join("stats.jsonl"))
        .expect("the statistics file");
    spawn_first_run(args, env, size, data_dir)
}

/// [`spawn`] with the data directory as it is: a newcomer's if it is empty.
pub fn spawn_first_run(
    args: &[&str],
    env: &[(&str, Option<&str>)],
    size: (u16, u16),
    data_dir: &Path,
) -> Screen {
    let (cols, rows) = size;
    let pair = native_pty_system()
        .openpty(PtySize {
            rows,
            cols,
            pixel_width: 0,
            pixel_height: 0,
        })
        .expect("a pseudo-terminal");
    let mut cmd = CommandBuilder::new(env!("CARGO_BIN_EXE_rummy"));
    cmd.arg("--data-dir");
    cmd.arg(data_dir);
    cmd.args(args);
    cmd.env("LANG", "C.UTF-8");
    cmd.env("TERM", "xterm-256color");
    // No config file but the test's own: the machine's user may have one
    // (names, a theme) that would change what the screen shows.
    cmd.env("XDG_CONFIG_HOME", data_dir.join("config"));
    cmd.env_remove("COLORFGBG");
    cmd.env_remove("NO_COLOR");
    for (key, value) in env {
        match value {
            Some(value) => cmd.env(key, value),
            None => cmd.env_remove(key),
        }
    }
    let child = pair.slave.spawn_command(cmd).expect("the binary starts");
    drop(pair.slave);
    let parser = Arc::new(Mutex::new(vt100::Parser::new(
        NonZeroU16::new(rows).expect("some rows"),
        NonZeroU16::new(cols).expect("some columns"),
        0,
    )));
    let mut reader = pair.master.try_clone_reader().expect("reader");
    let feed = parser.clone();
    let raw = Arc::new(Mutex::new(Vec::new()));
    let record = raw.clone();
    let let_go = Arc::new(AtomicBool::new(false));
    let stop = let_go.clone();
    let reading = std::thread::spawn(move || {
        let mut buf = [0u8; 8192];
        while let Ok(n) = reader.read(&mut buf) {
            if n == 0 {
                break;
            }
            record.lock().unwrap().extend_from_slice(&buf[..n]);
            feed.lock().unwrap().process(&buf[..n]);
            if stop.load(Ordering::SeqCst) {
                break;
            }
        }
    });
    Screen {
        parser,
        writer: pair.master.take_writer().expect("writer"),
        raw,
        let_go,
        reading: Some(reading),
        child,
    }
}

impl Screen {
    /// The text on the screen now.
    pub fn text(&self) -> String {
        self.parser.lock().unwrap().screen().contents()
    }

    /// Types `keys` (bytes as a terminal sends them).
    pub fn send(&mut self, keys: &str) {
        self.writer.write_all(keys.as_bytes()).unwrap();
        self.writer.flush().unwrap();
    }

    /// Waits until the screen shows `what`; the screen, or a panic with it.
    pub fn wait_for(&self, what: &str) -> String {
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

    /// The colour of the first cell of `what` on the screen.
    pub fn colour_of(&self, what: &str) -> vt100::Color {
        let parser = self.parser.lock().unwrap();
        let screen = parser.screen();
        let (rows, cols) = screen.size();
        for row in 0..rows.get() {
            let line: String = (0..cols.get())
                .map(|c| {
                    let s = screen.cell(row, c).map_or("", |x| x.contents());
                    if s.is_empty() { " " } else { s }.to_string()
                })
                .collect();
            if let Some(at) = line.find(what) {
                let col = line[..at].chars().count() as u16;
                return screen.cell(row, col).expect("a cell").fgcolor();
            }
        }
        panic!("{what:?} is not on the screen:\n{}", screen.contents());
    }

    /// Whether any of rows `rows` (0 the top) shows text in the error
    /// style (bold light red, the dark theme's): a refusal on the status
    /// line.
    pub fn error_in_rows(&self, rows: std::ops::Range<u16>) -> bool {
        let parser = self.parser.lock().unwrap();
        let screen = parser.screen();
        let (_, cols) = screen.size();
        rows.into_iter().any(|row| {
            (0..cols.get()).any(|c| {
                screen.cell(row, c).is_some_and(|x| {
                    x.bold()
                        && x.fgcolor() == vt100::Color::Idx(9)
                        && !x.contents().trim().is_empty()
                })
            })
        })
    }

    /// Whether the program is on the terminal's alternate screen.
    pub fn alternate_screen(&self) -> bool {
        self.parser.lock().unwrap().screen().alternate_screen()
    }

    /// Whether the program has hidden the cursor.
    pub fn cursor_hidden(&self) -> bool {
        self.parser.lock().unwrap().screen().hide_cursor()
    }

    /// Everything the program wrote to the terminal, as text.
    pub fn raw_text(&self) -> String {
        String::from_utf8_lossy(&self.raw.lock().unwrap()).into_owned()
    }

    /// What the program wrote since it last took the terminal (entered the
    /// alternate screen).
    pub fn since_last_entry(&self) -> String {
        let raw = self.raw.lock().unwrap();
        let text = String::from_utf8_lossy(&raw).into_owned();
        let at = text
            .rfind("\x1b[?1049h")
            .expect("the alternate screen was entered");
        text[at..].to_string()
    }

    /// On the new-game form: goes to `variant` (the form starts at the
    /// first game; → goes through them in the registry's order) and
    /// starts it with `s`.
    pub fn start_variant(&mut self, variant: rummy::VariantId) {
        let from_first = rummy::VariantId::ALL
            .iter()
            .position(|&v| v == variant)
            .expect("a game");
        self.send(&RIGHT.repeat(from_first));
        self.wait_for(variant.title());
        self.send("s");
    }

    /// Leaves the game on the screen for the title: q, and y to the
    /// question.
    pub fn leave_game(&mut self) {
        self.send("q");
        self.wait_for("Leave the game?");
        self.send("y");
        self.wait_for("New game");
    }

    /// Waits (at most 20 s) for the program to end; its exit code.
    pub fn exit_code(&mut self) -> u32 {
        ended(&mut self.child).exit_code()
    }

    /// Quits from the title screen; the exit status must be success.
    pub fn quit(mut self) {
        self.send("q");
        let status = ended(&mut self.child);
        assert!(status.success(), "{status:?}");
    }

    /// Hangs up the terminal: sends `keys`, which must make the program
    /// draw; the reader lets go after its next read, then the writer goes
    /// too. Then waits (at most 20 s) for the program to end; its exit code.
    pub fn hang_up_after(mut self, keys: &str) -> u32 {
        self.let_go.store(true, Ordering::SeqCst);
        self.send(keys);
        if let Some(reading) = self.reading.take() {
            reading.join().unwrap();
        }
        let Screen {
            writer, mut child, ..
        } = self;
        drop(writer);
        ended(&mut child).exit_code()
    }
}

/// Waits (at most 20 s) for `child` to end; its exit status.
fn ended(child: &mut Child) -> portable_pty::ExitStatus {
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().expect("waiting") {
            return status;
        }
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "the binary did not end"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// A fresh, empty folder `rummy-{name}-…` in the system's temporary
/// folder, removed with all in it when dropped.
pub fn fresh_dir(name: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(&format!("rummy-{name}-"))
        .tempdir()
        .expect("a temporary folder")
}

/// The one save file in the data directory `dir`.
pub fn the_save(dir: &Path) -> String {
    let saves: Vec<_> = std::fs::read_dir(dir.join("saves"))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    assert_eq!(saves.len(), 1, "{saves:?}");
    std::fs::read_to_string(&saves[0]).unwrap()
}

/// The binary run with `args` and no terminal, with each of `env` set
/// (`Some`) or removed (`None`); its exit status and output.
pub fn run(args: &[&str], env: &[(&str, Option<&str>)]) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_rummy"));
    cmd.args(args);
    for (key, value) in env {
        match value {
            Some(value) => cmd.env(key, value),
            None => cmd.env_remove(key),
        };
    }
    cmd.output().expect("the binary runs")
}

/// What the binary wrote to its standard output.
pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// What the binary wrote to its standard error.
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}
