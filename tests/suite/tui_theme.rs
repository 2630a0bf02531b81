//! The real binary in a pseudo-terminal with its themes and its config
//! file: `--theme light` draws in the light palette, a background that
//! `COLORFGBG` says is light does too, a bad `--theme` is refused by the
//! command line, and a bad config file is named on screen while the game
//! starts with the defaults.

use crate::kit;

use kit::Screen;
use std::path::Path;

/// The binary in a 100×30 pseudo-terminal with `args`, its data and its
/// config folder in `dir` (so no config file of the machine's user is
/// read), and `env` set; at the title screen.
fn start(dir: &Path, args: &[&str], env: &[(&str, &str)]) -> Screen {
    let args = [&["--fast", "--seed", "7"], args].concat();
    let config = dir.join("config").display().to_string();
    let mut vars = vec![
        ("XDG_CONFIG_HOME", Some(config.as_str())),
        ("COLORFGBG", None),
        ("NO_COLOR", None),
    ];
    vars.extend(env.iter().map(|&(k, v)| (k, Some(v))));
    let screen = kit::spawn(&args, &vars, (100, 30), &dir.join("data"));
    screen.wait_for("New game");
    screen
}

// ratatui's Blue and Cyan, as the terminal receives them.
const BLUE: vt100::Color = vt100::Color::Idx(4);
const CYAN: vt100::Color = vt100::Color::Idx(6);

#[test]
fn the_light_theme_comes_up_from_the_flag_or_the_terminal() {
    let tmp = kit::fresh_dir("pty-theme-light");
    let dir = tmp.path();
    // The title's heading: blue on a light background, cyan on a dark one.
    let screen = start(dir, &["--theme", "light"], &[]);
    assert_eq!(screen.colour_of("rummy"), BLUE);
    screen.wait_for("Five rummy games for the family");
    screen.quit();
    let screen = start(dir, &[], &[]);
    assert_eq!(screen.colour_of("rummy"), CYAN, "dark by default");
    screen.quit();
    // The terminal says its background is white.
    let screen = start(dir, &[], &[("COLORFGBG", "0;15")]);
    assert_eq!(screen.colour_of("rummy"), BLUE);
    screen.quit();
    // The flag wins over the terminal, and --high-contrast still works.
    let screen = start(dir, &["--theme", "dark"], &[("COLORFGBG", "0;15")]);
    assert_eq!(screen.colour_of("rummy"), CYAN);
    screen.quit();
    let screen = start(dir, &["--high-contrast"], &[]);
    assert_eq!(screen.colour_of("rummy"), vt100::Color::Rgb(0, 114, 178));
    screen.quit();
    // NO_COLOR still turns colour off, whatever the theme.
    let screen = start(dir, &["--theme", "light"], &[("NO_COLOR", "1")]);
    assert_eq!(screen.colour_of("rummy"), vt100::Color::Default);
    screen.quit();
}

#[test]
fn a_bad_theme_is_refused_by_the_command_line() {
    let out = kit::run(&["--theme", "blue"], &[]);
    assert_eq!(out.status.code(), Some(2));
    let err = kit::stderr(&out);
    assert!(
        err.contains("invalid value 'blue' for '--theme <THEME>'"),
        "{err}"
    );
    assert!(
        err.contains("[possible values: dark, light, high-contrast]"),
        "{err}"
    );
    let out = kit::run(&["--theme", "light", "--high-contrast"], &[]);
    assert_eq!(out.status.code(), Some(2));
    let err = kit::stderr(&out);
    assert!(err.contains("cannot be used with"), "{err}");
}

#[test]
fn a_bad_config_file_is_named_and_the_rest_of_it_used() {
    let tmp = kit::fresh_dir("pty-theme-config");
    let dir = tmp.path();
    let config = dir.join("config").join("rummy");
    std::fs::create_dir_all(&config).unwrap();
    std::fs::write(
        config.join("config.toml"),
        "theme = \"blue\"\nnames = [\"Zed\", \"Yan\"]\n",
    )
    .unwrap();
    let mut screen = start(dir, &[], &[]);
    let text = screen.wait_for("unknown theme \"blue\"");
    assert!(text.contains("config.toml: unknown theme"), "{text}");
    assert!(text.contains("using the default."), "{text}");
    // The default theme, and the file's names on the form.
    assert_eq!(screen.colour_of("rummy"), CYAN);
    screen.send("\r");
    screen.wait_for("[ Start ]");
    screen.wait_for("Zed");
    screen.send("\x1b");
    screen.wait_for("Load a game");
    screen.quit();
    // A file named with --config that is not TOML: its line, and the
    // defaults.
    let other = dir.join("other.toml");
    std::fs::write(&other, "kids = yes\n").unwrap();
    let path = other.display().to_string();
    let screen = start(dir, &["--config", &path], &[]);
    let text = screen.wait_for("line 1, column 8");
    assert!(text.contains("other.toml"), "{text}");
    screen.quit();
}
