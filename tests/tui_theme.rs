//! The real binary in a pseudo-terminal with its themes and its config
//! file: `--theme light` draws in the light palette, a background that
//! `COLORFGBG` says is light does too, a bad `--theme` is refused by the
//! command line, and a bad config file is named on screen while the game
//! starts with the defaults.

use portable_pty::{CommandBuilder, PtySize, native_pty_system};
use std::io::{Read, Write};
use std::num::NonZeroU16;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

type Child = Box<dyn portable_pty::Child + Send + Sync>;

struct Screen {
    parser: Arc<Mutex<vt100::Parser>>,
    writer: Box<dyn Write + Send>,
    child: Child,
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

    /// The colour of the first cell of `what` on the screen.
    fn colour_of(&self, what: &str) -> vt100::Color {
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

    /// Quits from the title screen; the exit status must be success.
    fn quit(mut self) {
        self.send("q");
        let start = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().expect("waiting") {
                assert!(status.success(), "{status:?}");
                return;
            }
            assert!(
                start.elapsed() < Duration::from_secs(20),
                "the binary did not end"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("rummy-pty-theme-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    dir
}

/// The binary in a 100×30 pseudo-terminal with `args`, its data and its
/// config folder in `dir` (so no config file of the machine's user is
/// read), and `env` set; at the title screen.
fn start(dir: &Path, args: &[&str], env: &[(&str, &str)]) -> Screen {
    let pair = native_pty_system()
        .openpty(PtySize {
            rows: 30,
            cols: 100,
            pixel_width: 0,
            pixel_height: 0,
        })
        .expect("a pseudo-terminal");
    let mut cmd = CommandBuilder::new(env!("CARGO_BIN_EXE_rummy"));
    cmd.args(["--fast", "--seed", "7", "--data-dir"]);
    cmd.arg(dir.join("data"));
    cmd.args(args);
    cmd.env("LANG", "C.UTF-8");
    cmd.env("TERM", "xterm-256color");
    cmd.env("XDG_CONFIG_HOME", dir.join("config"));
    cmd.env_remove("COLORFGBG");
    cmd.env_remove("NO_COLOR");
    for (k, v) in env {
        cmd.env(k, v);
    }
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
        child,
    };
    screen.wait_for("New game");
    screen
}

// ratatui's Blue and Cyan, as the terminal receives them.
const BLUE: vt100::Color = vt100::Color::Idx(4);
const CYAN: vt100::Color = vt100::Color::Idx(6);

#[test]
fn the_light_theme_comes_up_from_the_flag_or_the_terminal() {
    let dir = temp_dir("light");
    // The title's heading: blue on a light background, cyan on a dark one.
    let screen = start(&dir, &["--theme", "light"], &[]);
    assert_eq!(screen.colour_of("rummy"), BLUE);
    screen.wait_for("Five rummy games for the family");
    screen.quit();
    let screen = start(&dir, &[], &[]);
    assert_eq!(screen.colour_of("rummy"), CYAN, "dark by default");
    screen.quit();
    // The terminal says its background is white.
    let screen = start(&dir, &[], &[("COLORFGBG", "0;15")]);
    assert_eq!(screen.colour_of("rummy"), BLUE);
    screen.quit();
    // The flag wins over the terminal, and --high-contrast still works.
    let screen = start(&dir, &["--theme", "dark"], &[("COLORFGBG", "0;15")]);
    assert_eq!(screen.colour_of("rummy"), CYAN);
    screen.quit();
    let screen = start(&dir, &["--high-contrast"], &[]);
    assert_eq!(screen.colour_of("rummy"), vt100::Color::Rgb(0, 114, 178));
    screen.quit();
    // NO_COLOR still turns colour off, whatever the theme.
    let screen = start(&dir, &["--theme", "light"], &[("NO_COLOR", "1")]);
    assert_eq!(screen.colour_of("rummy"), vt100::Color::Default);
    screen.quit();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_bad_theme_is_refused_by_the_command_line() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_rummy"))
        .args(["--theme", "blue"])
        .output()
        .expect("the binary runs");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("invalid value 'blue' for '--theme <THEME>'"),
        "{err}"
    );
    assert!(
        err.contains("[possible values: dark, light, high-contrast]"),
        "{err}"
    );
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_rummy"))
        .args(["--theme", "light", "--high-contrast"])
        .output()
        .expect("the binary runs");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("cannot be used with"), "{err}");
}

#[test]
fn a_bad_config_file_is_named_and_the_rest_of_it_used() {
    let dir = temp_dir("config");
    let config = dir.join("config").join("rummy");
    std::fs::create_dir_all(&config).unwrap();
    std::fs::write(
        config.join("config.toml"),
        "theme = \"blue\"\nnames = [\"Zed\", \"Yan\"]\n",
    )
    .unwrap();
    let mut screen = start(&dir, &[], &[]);
    let text = screen.wait_for("unknown theme \"blue\"");
    assert!(text.contains("config.toml: unknown theme"), "{text}");
    assert!(text.contains("using the default."), "{text}");
    // The default theme, and the file's names on the form.
    assert_eq!(screen.colour_of("rummy"), CYAN);
    screen.send("\r");
    screen.wait_for("[ Start ]");
    screen.wait_for("Zed");
    screen.send("\x1b");
    screen.wait_for("Continue");
    screen.quit();
    // A file named with --config that is not TOML: its line, and the
    // defaults.
    let other = dir.join("other.toml");
    std::fs::write(&other, "kids = yes\n").unwrap();
    let path = other.display().to_string();
    let screen = start(&dir, &["--config", &path], &[]);
    let text = screen.wait_for("line 1, column 8");
    assert!(text.contains("other.toml"), "{text}");
    screen.quit();
    let _ = std::fs::remove_dir_all(&dir);
}
