//! The screen's config file, `$XDG_CONFIG_HOME/rummy/config.toml` (else
//! `~/.config/rummy/config.toml`): the theme, the bots' pause, the names of
//! the human seats and kids' mode, as the new-game form starts. Flags on the
//! command line win over the file, and the file over what the terminal says
//! of itself.
//!
//! A file that cannot be read or holds a bad value never stops the screen:
//! what is good in it is kept, and one sentence names the file and what was
//! wrong.

use super::theme::Palette;
use std::path::{Path, PathBuf};

/// The keys the file may hold.
pub const KEYS: [&str; 4] = ["theme", "bot_pause_ms", "names", "kids"];

/// The longest bot pause the file may set: a minute.
pub const MAX_PAUSE_MS: i64 = 60_000;

/// The longest name, as the form lets one be typed.
pub const MAX_NAME: usize = 20;

/// The most bytes of the file that are read.
const LIMIT: u64 = 64 * 1024;

/// What the file sets; `None` (or no names) where it says nothing.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Prefs {
    pub theme: Option<Palette>,
    pub bot_pause_ms: Option<u64>,
    /// The names of the human seats on the new-game form, in order.
    pub names: Vec<String>,
    /// Kids' mode on the form, for every game.
    pub kids: Option<bool>,
}

/// Where the file is looked for: `$XDG_CONFIG_HOME/rummy/config.toml` when
/// that is an absolute path, else `~/.config/rummy/config.toml`.
pub fn default_path() -> Option<PathBuf> {
    let xdg = std::env::var_os("XDG_CONFIG_HOME")
        .map(PathBuf::from)
        .filter(|p| p.is_absolute());
    let base = match xdg {
        Some(dir) => dir,
        None => directories::BaseDirs::new()?.home_dir().join(".config"),
    };
    Some(base.join("rummy").join("config.toml"))
}

/// The path as a person reads it: the home folder as `~`.
fn shown(path: &Path) -> String {
    let home = directories::BaseDirs::new().map(|b| b.home_dir().to_path_buf());
    match home.as_deref().and_then(|h| path.strip_prefix(h).ok()) {
        Some(rest) if !rest.as_os_str().is_empty() => format!("~/{}", rest.display()),
        _ => path.display().to_string(),
    }
}

/// Reads the file at `path` (`--config`), or at the default path. A missing
/// default file is no problem; any other failure keeps the defaults and
/// comes back as one sentence naming the file.
pub fn load(path: Option<&Path>) -> (Prefs, Option<String>) {
    let (path, named) = match path {
        Some(p) => (p.to_path_buf(), true),
        None => match default_path() {
            Some(p) => (p, false),
            None => return (Prefs::default(), None),
        },
    };
    let name = shown(&path);
    match rummy::files::read_text(&path, LIMIT) {
        Ok(text) => {
            let (prefs, problems) = parse(&text);
            (prefs, sentence(&name, &problems))
        }
        Err(rummy::files::FileError::Missing) if !named => (Prefs::default(), None),
        Err(e) => (
            Prefs::default(),
            Some(format!("{name}: {e}; using the defaults.")),
        ),
    }
}

/// What is done instead of what the file says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Instead {
    /// A bad value: the key's default is used.
    Default,
    /// An unknown key: it is left out.
    LeftOut,
    /// A file that is not TOML: nothing of it is used.
    Defaults,
}

/// What went wrong with one key, and what is done instead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    pub what: String,
    pub instead: Instead,
}

impl Problem {
    fn bad(what: String) -> Problem {
        Problem {
            what,
            instead: Instead::Default,
        }
    }
}

/// One sentence for everything wrong with the file, or none.
pub fn sentence(name: &str, problems: &[Problem]) -> Option<String> {
    let (first, rest) = problems.split_first()?;
    let whats: Vec<&str> = problems.iter().map(|p| p.what.as_str()).collect();
    let listed = match whats.as_slice() {
        [one] => one.to_string(),
        [most @ .., last] => format!("{} and {last}", most.join(", ")),
        [] => String::new(),
    };
    let after = if rest.is_empty() {
        match first.instead {
            Instead::Default => "using the default",
            Instead::LeftOut => "it is left out",
            Instead::Defaults => "using the defaults",
        }
    } else if problems.iter().all(|p| p.instead == Instead::LeftOut) {
        "they are left out"
    } else {
        "using the defaults for those"
    };
    Some(format!("{name}: {listed}; {after}."))
}

/// Line and column (from 1) of byte `at` in `text`.
fn line_col(text: &str, at: usize) -> (usize, usize) {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    let before = &text[..at];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}

/// What the text of the file sets, and what is wrong in it.
pub fn parse(text: &str) -> (Prefs, Vec<Problem>) {
    let mut prefs = Prefs::default();
    let mut problems = Vec::new();
    let table = match text.parse::<toml::Table>() {
        Ok(t) => t,
        Err(e) => {
            let why = e.message().lines().next().unwrap_or("not TOML").trim();
            let why = why.trim_end_matches('.');
            let what = match e.span() {
                Some(span) => {
                    let (line, col) = line_col(text, span.start);
                    format!("line {line}, column {col}: {why}")
                }
                None => why.to_string(),
            };
            // Nothing of a file that is not TOML is used.
            let instead = Instead::Defaults;
            return (prefs, vec![Problem { what, instead }]);
        }
    };
    for (key, value) in &table {
        match key.as_str() {
            "theme" => match value.as_str() {
                Some(s) => match Palette::from_name(s) {
                    Some(p) => prefs.theme = Some(p),
                    None => problems.push(Problem::bad(format!(
                        "unknown theme {s:?} (dark, light or high-contrast)"
                    ))),
                },
                None => problems.push(Problem::bad(
                    "theme should be \"dark\", \"light\" or \"high-contrast\"".into(),
                )),
            },
            "bot_pause_ms" => match value.as_integer() {
                Some(ms) if (0..=MAX_PAUSE_MS).contains(&ms) => {
                    prefs.bot_pause_ms = Some(ms as u64)
                }
                _ => problems.push(Problem::bad(format!(
                    "bot_pause_ms should be a number of milliseconds from 0 to {MAX_PAUSE_MS}"
                ))),
            },
            "kids" => match value.as_bool() {
                Some(b) => prefs.kids = Some(b),
                None => problems.push(Problem::bad("kids should be true or false".into())),
            },
            "names" => match names(value) {
                Ok(list) => prefs.names = list,
                Err(why) => problems.push(Problem::bad(why)),
            },
            other => problems.push(Problem {
                what: format!(
                    "unknown key {other:?} (the keys are {} and {})",
                    KEYS[..KEYS.len() - 1].join(", "),
                    KEYS[KEYS.len() - 1]
                ),
                instead: Instead::LeftOut,
            }),
        }
    }
    (prefs, problems)
}

/// The `names` list: names of 1 to 20 characters, no two alike.
fn names(value: &toml::Value) -> Result<Vec<String>, String> {
    let shape = || "names should be a list of names, such as [\"Ann\", \"Ben\"]".to_string();
    let list = value.as_array().ok_or_else(shape)?;
    let mut out: Vec<String> = Vec::new();
    for v in list {
        let name = v.as_str().ok_or_else(shape)?.trim();
        if name.is_empty() || name.chars().any(char::is_control) {
            return Err("names should not be empty or hold control characters".into());
        }
        if name.chars().count() > MAX_NAME {
            return Err(format!(
                "the name {name:?} is longer than {MAX_NAME} characters"
            ));
        }
        if out.iter().any(|o| o.to_lowercase() == name.to_lowercase()) {
            return Err(format!("the name {name:?} is in names twice"));
        }
        out.push(name.to_string());
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_good_file_sets_every_key() {
        let (prefs, problems) = parse(
            "theme = \"light\"\nbot_pause_ms = 250\nnames = [\"Ann\", \"Ben\"]\nkids = false\n",
        );
        assert_eq!(problems, vec![]);
        assert_eq!(
            prefs,
            Prefs {
                theme: Some(Palette::Light),
                bot_pause_ms: Some(250),
                names: vec!["Ann".into(), "Ben".into()],
                kids: Some(false),
            }
        );
        let (prefs, problems) = parse("theme = \"high-contrast\"");
        assert_eq!(problems, vec![]);
        assert_eq!(prefs.theme, Some(Palette::HighContrast));
        assert_eq!(parse(""), (Prefs::default(), vec![]));
    }

    #[test]
    fn a_bad_value_keeps_the_rest_and_says_what() {
        let (prefs, problems) = parse("theme = \"blue\"\nkids = true\n");
        assert_eq!(prefs.theme, None);
        assert_eq!(prefs.kids, Some(true));
        assert_eq!(
            sentence("~/.config/rummy/config.toml", &problems).as_deref(),
            Some(
                "~/.config/rummy/config.toml: unknown theme \"blue\" (dark, light or \
                 high-contrast); using the default."
            )
        );
        for (text, said) in [
            ("bot_pause_ms = -5", "bot_pause_ms should be a number"),
            ("bot_pause_ms = \"fast\"", "bot_pause_ms should be a number"),
            ("kids = \"yes\"", "kids should be true or false"),
            ("names = \"Ann\"", "names should be a list of names"),
            ("names = [\"Ann\", 3]", "names should be a list of names"),
            (
                "names = [\"Ann\", \"ann\"]",
                "the name \"ann\" is in names twice",
            ),
            ("names = [\"\"]", "names should not be empty"),
            (
                "names = [\"Bartholomew Cornelius\"]",
                "is longer than 20 characters",
            ),
            ("theme = 3", "theme should be"),
        ] {
            let (prefs, problems) = parse(text);
            assert_eq!(prefs, Prefs::default(), "{text}");
            assert_eq!(problems.len(), 1, "{text}");
            assert!(problems[0].what.contains(said), "{text}: {problems:?}");
        }
    }

    #[test]
    fn unknown_keys_are_reported_not_ignored() {
        let (prefs, problems) = parse("colour = \"blue\"\nkids = true\n");
        assert_eq!(prefs.kids, Some(true));
        let said = sentence("rummy.toml", &problems).unwrap();
        assert_eq!(
            said,
            "rummy.toml: unknown key \"colour\" (the keys are theme, bot_pause_ms, names \
             and kids); it is left out."
        );
        let (_, problems) = parse("colour = 1\nsound = 2\ntheme = \"red\"\n");
        let said = sentence("f", &problems).unwrap();
        assert!(said.contains("unknown key \"colour\""), "{said}");
        assert!(said.contains("unknown key \"sound\""), "{said}");
        assert!(said.contains("unknown theme \"red\""), "{said}");
        assert!(said.ends_with("; using the defaults for those."), "{said}");
        assert_eq!(said.matches(". ").count(), 0, "one sentence: {said}");
    }

    #[test]
    fn a_file_that_is_not_toml_is_named_with_its_line() {
        let (prefs, problems) = parse("theme = \"light\"\nkids = yes\n");
        assert_eq!(prefs, Prefs::default());
        let said = sentence("c.toml", &problems).unwrap();
        assert!(said.starts_with("c.toml: line 2, column 8: "), "{said}");
        assert!(said.ends_with("; using the defaults."), "{said}");
    }

    #[test]
    fn load_reads_the_named_file_and_a_missing_default_is_fine() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path();
        let file = dir.join("config.toml");
        std::fs::write(&file, "names = [\"Zoe\"]\nbot_pause_ms = 0\n").unwrap();
        let (prefs, said) = load(Some(&file));
        assert_eq!(said, None);
        assert_eq!(prefs.names, vec!["Zoe".to_string()]);
        assert_eq!(prefs.bot_pause_ms, Some(0));
        // A file named with --config must be there.
        let missing = dir.join("nope.toml");
        let (prefs, said) = load(Some(&missing));
        assert_eq!(prefs, Prefs::default());
        let said = said.unwrap();
        assert!(
            said.contains("nope.toml: it does not exist; using the defaults."),
            "{said}"
        );
        // A directory is not a config file.
        let (_, said) = load(Some(dir));
        assert!(
            said.unwrap()
                .contains("it is a directory, not a regular file")
        );
    }
}
