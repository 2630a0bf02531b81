//! Rules files: `rules/<variant>.toml`, one per variant, holding the seat range,
//! the deck and the variant's house-rule options. The shipped files are
//! embedded in the build; `--rules PATH` reads another, and `-o name=value`
//! changes one option.

use crate::deck::{DeckError, DeckSpec};
use crate::variant_id::VariantId;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fmt::Debug;
use std::path::Path;

/// A variant's options table. `check` refuses values that parse but make no
/// sense (a match target of 0, say) with a sentence.
pub trait VariantOptions:
    Serialize + DeserializeOwned + Clone + Debug + PartialEq + Default + Send + Sync + 'static
{
    /// What each option says of itself, read by `choices`, `samples` and
    /// `about` ([`variant_options!`] writes it).
    const TEXTS: &'static [OptionText] = &[];

    fn check(&self) -> Result<(), String> {
        Ok(())
    }
    /// The values an option of words takes, for a form to go through: empty
    /// for options that are numbers or yes/no.
    fn choices(name: &str) -> &'static [&'static str] {
        text_of::<Self>(name).map_or(&[], |t| t.choices)
    }
    /// Values of option `name` worth trying in random play: its choices, or
    /// for a number or yes/no, a few that change how a game goes (a match,
    /// a short game).
    fn samples(name: &str) -> &'static [&'static str] {
        match text_of::<Self>(name) {
            Some(t) if !t.samples.is_empty() => t.samples,
            _ => Self::choices(name),
        }
    }
    /// What option `name` does, in one line a player reads on the new-game
    /// form (at most 76 characters).
    fn about(name: &str) -> &'static str {
        text_of::<Self>(name).map_or("", |t| t.about)
    }

    /// The option's name on the new-game form ("Games to win"); the name
    /// itself if it has none.
    fn label(name: &str) -> &str {
        text_of::<Self>(name).map_or(name, |t| t.label)
    }
}

/// What one option says of itself: its name, its line on the new-game form,
/// the values it takes if they are words, and values worth trying in random
/// play (none: its words).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptionText {
    pub name: &'static str,
    /// Its name on the new-game form, in words: "Games to win".
    pub label: &'static str,
    pub about: &'static str,
    pub choices: &'static [&'static str],
    pub samples: &'static [&'static str],
}

/// The text of option `name` of `O`, if it has one.
fn text_of<O: VariantOptions>(name: &str) -> Option<&'static OptionText> {
    O::TEXTS.iter().find(|t| t.name == name)
}

/// Declares a variant's options once: each with its type, its default, the
/// words it takes (`choices`), values worth trying (`samples`) and its line
/// on the new-game form (`about`). Writes the struct (every key of a rules
/// file's `[options]` optional, no other key allowed), its `Default`, and its
/// [`VariantOptions`] holding the items written after the struct (`check`).
macro_rules! variant_options {
    (@or) => { &[] };
    (@or $list:expr) => { $list };
    (
        $(#[$meta:meta])*
        pub struct $name:ident {
            $(
                $(#[$field_meta:meta])*
                pub $field:ident: $ty:ty = $default:expr,
                $(choices $choices:expr,)?
                $(samples $samples:expr,)?
                label $label:expr,
                about $about:expr;
            )*
        }
        $($items:tt)*
    ) => {
        $(#[$meta])*
        #[derive(Clone, Debug, PartialEq, Eq, ::serde::Serialize, ::serde::Deserialize)]
        #[serde(default, deny_unknown_fields)]
        pub struct $name {
            $($(#[$field_meta])* pub $field: $ty,)*
        }

        impl Default for $name {
            fn default() -> Self {
                $name {
                    $($field: $default,)*
                }
            }
        }

        impl $crate::rules::VariantOptions for $name {
            const TEXTS: &'static [$crate::rules::OptionText] = &[$(
                $crate::rules::OptionText {
                    name: stringify!($field),
                    label: $label,
                    about: $about,
                    choices: $crate::rules::variant_options!(@or $($choices)?),
                    samples: $crate::rules::variant_options!(@or $($samples)?),
                },
            )*];

            $($items)*
        }
    };
}
pub(crate) use variant_options;

/// How many seats a variant takes. A rules file writes it as a number
/// (`seats = 4`), a range (`seats = "2-4"`) or a table
/// (`seats = { min = 2, max = 4 }`, as saves and `rummy rules` write it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct SeatRange {
    pub min: u8,
    pub max: u8,
}

/// How `seats` is written, for a message that says it is not.
pub const SEATS_WRITTEN: &str =
    "seats must be a number like 2, or a range like \"2-4\" (or { min = 2, max = 4 })";

impl SeatRange {
    /// Reads `seats` as a rules file or a save writes it.
    pub fn from_value(value: &toml::Value) -> Result<SeatRange, String> {
        let count = |v: &toml::Value| v.as_integer().and_then(|n| u8::try_from(n).ok());
        let written = || format!("{SEATS_WRITTEN}, not {}", shown(value));
        match value {
            toml::Value::Integer(_) => {
                let n = count(value).ok_or_else(written)?;
                Ok(SeatRange { min: n, max: n })
            }
            toml::Value::String(text) => {
                let number = |t: &str| t.trim().parse::<u8>().ok();
                let (min, max) = match text.split_once('-') {
                    Some((a, b)) => (number(a), number(b)),
                    None => (number(text), number(text)),
                };
                match (min, max) {
                    (Some(min), Some(max)) => Ok(SeatRange { min, max }),
                    _ => Err(written()),
                }
            }
            toml::Value::Table(t) => {
                let extra = t.keys().find(|k| *k != "min" && *k != "max");
                match (
                    t.get("min").and_then(count),
                    t.get("max").and_then(count),
                    extra,
                ) {
                    (Some(min), Some(max), None) => Ok(SeatRange { min, max }),
                    _ => Err(written()),
                }
            }
            _ => Err(written()),
        }
    }
}

impl SeatRange {
    /// Why no game takes these seats, if none does: from 2 to 8, the fewest
    /// first.
    pub fn problem(&self) -> Option<String> {
        let SeatRange { min, max } = *self;
        if (2..=max).contains(&min) && max <= 8 {
            return None;
        }
        let range = if min == max {
            min.to_string()
        } else {
            format!("\"{min}-{max}\"")
        };
        Some(format!(
            "seats must be from 2 to 8, the fewest first (such as \"2-4\"), not {range}"
        ))
    }
}

impl<'de> Deserialize<'de> for SeatRange {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<SeatRange, D::Error> {
        let value = toml::Value::deserialize(d)?;
        SeatRange::from_value(&value).map_err(serde::de::Error::custom)
    }
}

impl SeatRange {
    pub fn contains(&self, n: usize) -> bool {
        (self.min as usize..=self.max as usize).contains(&n)
    }
}

/// A whole rules file: variant, seats, deck and options.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rules<O> {
    pub variant: VariantId,
    pub title: String,
    pub seats: SeatRange,
    pub deck: DeckSpec,
    pub options: O,
}

/// Why a rules file or an option was refused.
#[derive(Debug, thiserror::Error)]
pub enum RulesError {
    #[error("cannot read rules file {file}: {reason}")]
    Unreadable { file: String, reason: String },
    #[error("{file}:{line}:{column}: {message}")]
    Syntax {
        file: String,
        line: usize,
        column: usize,
        message: String,
    },
    #[error("{file}: this rules file is for {found}, not {expected}")]
    WrongVariant {
        file: String,
        found: VariantId,
        expected: VariantId,
    },
    #[error("{file}: {message}")]
    Invalid { file: String, message: String },
    /// The deck's problem is in the sentence, so it is not also a source
    /// (a report of the chain would say it twice).
    #[error("{file}: {problem}")]
    Deck { file: String, problem: DeckError },
    /// The file parses, but no game can be started with it (for some seat
    /// count it allows); `line` is where the part at fault is.
    #[error("{file}:{line}: {message}")]
    Unplayable {
        file: String,
        line: usize,
        message: String,
    },
    /// A key of the file, or its value, is not what a rules file holds
    /// there; `message` names the key and says what it may be.
    #[error("{file}:{line}: {message}")]
    AtKey {
        file: String,
        line: usize,
        message: String,
    },
    #[error("there is no option \"{name}\"; the options are: {known}")]
    UnknownOption { name: String, known: String },
    /// `message` names the option ("match_target must be ...").
    #[error("{message}")]
    BadOption { name: String, message: String },
    #[error("\"{0}\" is not name=value (such as match_target=3)")]
    NotAnAssignment(String),
}

/// 1-based line and column of byte `offset` in `text`.
pub fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

/// The largest rules file read: a rules file is a page of text.
pub const MAX_RULES_BYTES: u64 = 1024 * 1024;

/// A rules file's text: a regular file of at most [`MAX_RULES_BYTES`] (a
/// named pipe is refused, not waited on).
pub fn read_rules_file(path: &Path) -> Result<String, RulesError> {
    crate::files::read_text(path, MAX_RULES_BYTES).map_err(|e| RulesError::Unreadable {
        file: path.display().to_string(),
        reason: e.to_string(),
    })
}

/// The 1-based line of the dotted `key` ("deck.joker_value", "seats.max")
/// in a rules file's text: the line of the deepest part of it the file
/// holds, or line 1 if none.
pub fn key_line(text: &str, key: &str) -> usize {
    let Ok(root) = toml::de::DeTable::parse(text) else {
        return 1;
    };
    let mut table = root.get_ref();
    let mut at = None;
    for part in key.split('.') {
        let Some((k, v)) = table.iter().find(|(k, _)| k.get_ref().as_ref() == part) else {
            break;
        };
        at = Some(k.span().start);
        match v.get_ref() {
            toml::de::DeValue::Table(t) => table = t,
            _ => break,
        }
    }
    at.map_or(1, |offset| line_column(text, offset).0)
}

impl<O: VariantOptions> Rules<O> {
    /// Parses a rules file's text. `file` names it in errors, which say
    /// what is wrong in the rules' own words, with the line: the game the
    /// file is for first, then each key and value it holds.
    pub fn parse(text: &str, file: &str, expected: VariantId) -> Result<Rules<O>, RulesError> {
        let table: toml::Table = toml::from_str(text).map_err(|e| syntax::<O>(text, file, &e))?;
        let at = |key: &str, message: String| RulesError::AtKey {
            file: file.to_string(),
            line: key_line(text, key),
            message,
        };
        check_shape::<O>(&table, expected, file, &at)?;
        let rules: Rules<O> = toml::from_str(text).map_err(|e| {
            let offset = e.span().map_or(0, |s| s.start);
            let key = key_at(text, offset);
            at(&key, plain(&key, e.message()))
        })?;
        rules.check(file)?;
        Ok(rules)
    }

    /// Reads and parses a rules file from disk.
    pub fn load(path: &Path, expected: VariantId) -> Result<Rules<O>, RulesError> {
        let file = path.display().to_string();
        let text = read_rules_file(path)?;
        Rules::parse(&text, &file, expected)
    }

    fn check(&self, file: &str) -> Result<(), RulesError> {
        let invalid = |message: String| RulesError::Invalid {
            file: file.to_string(),
            message,
        };
        if let Some(problem) = self.seats.problem() {
            return Err(invalid(problem));
        }
        self.deck.validate(1).map_err(|problem| RulesError::Deck {
            file: file.to_string(),
            problem,
        })?;
        self.options
            .check()
            .map_err(|m| invalid(format!("options: {m}")))
    }

    /// The same rules with options changed, each `(name, value)` with the value
    /// written as in TOML (`3`, `true`, `"any_order"`; a bare word is taken as a
    /// string).
    pub fn with_options(mut self, changes: &[(String, String)]) -> Result<Rules<O>, RulesError> {
        if changes.is_empty() {
            return Ok(self);
        }
        let mut table = match toml::Value::try_from(&self.options) {
            Ok(toml::Value::Table(t)) => t,
            _ => toml::Table::new(),
        };
        for (name, text) in changes {
            if !table.contains_key(name) {
                let known: Vec<&str> = table.keys().map(String::as_str).collect();
                return Err(RulesError::UnknownOption {
                    name: name.clone(),
                    known: known.join(", "),
                });
            }
            let parsed = toml::from_str::<toml::Table>(&format!("v = {text}"))
                .ok()
                .and_then(|mut t| t.remove("v"));
            let digits = text.trim_start_matches('-');
            if parsed.is_none() && !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
            {
                // A whole number too large for any option.
                return Err(RulesError::BadOption {
                    name: name.clone(),
                    message: format!("{name} is far too large a number: {text}"),
                });
            }
            let value = parsed.unwrap_or_else(|| toml::Value::String(text.clone()));
            if let Some(message) = option_problem::<O>(name, &value) {
                // Said as typed: "1e3", not the 1000 it reads as.
                let message = match value {
                    toml::Value::Float(_) => {
                        message.replace(&format!("not {}", shown(&value)), &format!("not {text}"))
                    }
                    _ => message,
                };
                return Err(RulesError::BadOption {
                    name: name.clone(),
                    message,
                });
            }
            table.insert(name.clone(), value);
        }
        let bad = |name: &str, message: String| RulesError::BadOption {
            name: name.to_string(),
            message,
        };
        let first = changes.first().map_or("options", |(n, _)| n.as_str());
        self.options = O::deserialize(toml::Value::Table(table))
            .map_err(|e| bad(first, plain(first, e.message())))?;
        self.options.check().map_err(|m| bad(first, m))?;
        Ok(self)
    }

    /// The effective rules, written back as TOML.
    pub fn to_toml(&self) -> String {
        toml::to_string_pretty(self).unwrap_or_else(|e| format!("# cannot print these rules: {e}"))
    }

    /// The effective rules in the words of the file `text` they were read
    /// from (its comments kept): each option's line says its value, a
    /// line is added for an option the file leaves to its default. Where
    /// the file is written so that lines cannot be changed one by one (an
    /// inline options table), the rules as [`Rules::to_toml`] writes them.
    pub fn to_toml_like(&self, text: &str, variant: VariantId) -> String {
        let Ok(toml::Value::Table(options)) = toml::Value::try_from(&self.options) else {
            return self.to_toml();
        };
        let edited = edit_options(text, &options);
        let same = Rules::<O>::parse(&edited, "", variant).is_ok_and(|r| r == *self);
        if same { edited } else { self.to_toml() }
    }
}

/// `text` with its `[options]` table saying `options`: a line whose value
/// differs is written again, a missing one added at the table's end.
fn edit_options(text: &str, options: &toml::Table) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let header = |l: &str| l.trim_start().starts_with('[');
    let start = lines.iter().position(|l| l.trim() == "[options]");
    let end = start.map(|s| {
        lines[s + 1..]
            .iter()
            .position(|l| header(l))
            .map_or(lines.len(), |n| s + 1 + n)
    });
    let key_of = |l: &str| -> Option<String> {
        let l = l.trim();
        if l.starts_with('#') {
            return None;
        }
        let (k, _) = l.split_once('=')?;
        Some(k.trim().to_string())
    };
    let line_for = |k: &str, v: &toml::Value| format!("{k} = {v}");
    let mut out: Vec<String> = Vec::new();
    let mut seen: Vec<String> = Vec::new();
    for (i, l) in lines.iter().enumerate() {
        let inside = start.is_some_and(|s| i > s) && end.is_some_and(|e| i < e);
        match key_of(l).filter(|_| inside) {
            Some(k) => {
                let now = toml::from_str::<toml::Table>(l.trim())
                    .ok()
                    .and_then(|t| t.get(&k).cloned());
                match options.get(&k) {
                    Some(v) if now.as_ref() != Some(v) => out.push(line_for(&k, v)),
                    _ => out.push(l.to_string()),
                }
                seen.push(k);
            }
            None => out.push(l.to_string()),
        }
        if end == Some(i + 1) && i + 1 < lines.len() {
            add_missing(&mut out, options, &seen, &line_for);
        }
    }
    if start.is_none() {
        out.push(String::new());
        out.push("[options]".to_string());
        add_missing(&mut out, options, &seen, &line_for);
    } else if end == Some(lines.len()) {
        add_missing(&mut out, options, &seen, &line_for);
    }
    let mut text = out.join("\n");
    text.push('\n');
    text
}

/// Adds a line for each option of `options` not in `seen`, before the
/// blank lines that end the table.
fn add_missing(
    out: &mut Vec<String>,
    options: &toml::Table,
    seen: &[String],
    line_for: &dyn Fn(&str, &toml::Value) -> String,
) {
    let missing: Vec<String> = options
        .iter()
        .filter(|(k, _)| !seen.iter().any(|s| s == *k))
        .map(|(k, v)| line_for(k, v))
        .collect();
    if missing.is_empty() {
        return;
    }
    let blank = out.iter().rev().take_while(|l| l.trim().is_empty()).count();
    let at = out.len() - blank;
    out.splice(at..at, missing);
}

/// The keys of a rules file, in the order it is written.
const KEYS: [&str; 5] = ["variant", "title", "seats", "deck", "options"];

/// Checks what a rules file holds before it is read as rules, so that each
/// problem is said in the file's own terms: its game first (a file for
/// another game is said to be so, whatever else is wrong with it), then
/// its keys, the seats and the options.
fn check_shape<O: VariantOptions>(
    table: &toml::Table,
    expected: VariantId,
    file: &str,
    at: &dyn Fn(&str, String) -> RulesError,
) -> Result<(), RulesError> {
    let names: Vec<&str> = VariantId::ALL.iter().map(|v| v.name()).collect();
    let variant = match table.get("variant") {
        None => {
            return Err(at(
                "variant",
                missing("variant", "= \"wump\" (the game it is for)"),
            ));
        }
        Some(v) => v,
    };
    let found = variant.as_str().and_then(|n| n.parse::<VariantId>().ok());
    let Some(found) = found else {
        let message = format!(
            "variant must be one of {}, not {}",
            names.join(", "),
            shown(variant)
        );
        return Err(at("variant", message));
    };
    if found != expected {
        return Err(RulesError::WrongVariant {
            file: file.to_string(),
            found,
            expected,
        });
    }
    if let Some(key) = table.keys().find(|k| !KEYS.contains(&k.as_str())) {
        let message = format!(
            "a rules file has no key \"{key}\"; its keys are {}",
            KEYS.join(", ")
        );
        return Err(at(key, message));
    }
    for key in KEYS {
        if !table.contains_key(key) {
            return Err(at(key, missing(key, example(key))));
        }
    }
    match table.get("title") {
        Some(toml::Value::String(_)) | None => {}
        Some(other) => {
            let message = format!(
                "title must be words in quotes, such as \"{}\", not {}",
                expected.title(),
                shown(other)
            );
            return Err(at("title", message));
        }
    }
    if let Some(seats) = table.get("seats") {
        let range = SeatRange::from_value(seats).map_err(|m| at("seats", m))?;
        if let Some(problem) = range.problem() {
            return Err(at("seats", problem));
        }
    }
    for key in ["deck", "options"] {
        if let Some(v) = table.get(key).filter(|v| !v.is_table()) {
            let message = format!(
                "{key} must be a table ([{key}] and the lines under it), not {}",
                shown(v)
            );
            return Err(at(key, message));
        }
    }
    let Some(options) = table.get("options").and_then(|o| o.as_table()) else {
        return Ok(());
    };
    let known = option_names::<O>();
    for (name, value) in options {
        let key = format!("options.{name}");
        if !known.iter().any(|k| k == name) {
            let message = format!(
                "{} has no option \"{name}\"; its options are: {}",
                expected.title(),
                known.join(", ")
            );
            return Err(at(&key, message));
        }
        if let Some(message) = option_problem::<O>(name, value) {
            return Err(at(&key, format!("option {message}")));
        }
    }
    Ok(())
}

/// "the rules file has no seats: add seats = ...".
fn missing(key: &str, example: &str) -> String {
    format!("the rules file has no {key}: add {key} {example}")
}

/// How each key of a rules file is written, for a file that lacks it.
fn example(key: &str) -> &'static str {
    match key {
        "variant" => "= \"wump\" (the game it is for)",
        "title" => "= \"Wump Rummy\" (the game's name)",
        "seats" => "= \"2-4\" (how many may play)",
        "deck" => "as a [deck] table (its suits, ranks or letters)",
        _ => "as an [options] table (it may be empty)",
    }
}

/// The names of the options of `O`, as the rules file writes them.
fn option_names<O: VariantOptions>() -> Vec<String> {
    match toml::Value::try_from(O::default()) {
        Ok(toml::Value::Table(t)) => t.keys().cloned().collect(),
        _ => Vec::new(),
    }
}

/// Why `value` is not a value of option `name` of `O`, in the rules' own
/// words ("match_target must be a whole number, such as 5, not \"five\""),
/// judged by the kind of its default and its choices; `None` if it is one
/// (its range is the option's own check).
pub fn option_problem<O: VariantOptions>(name: &str, value: &toml::Value) -> Option<String> {
    let defaults = toml::Value::try_from(O::default()).ok()?;
    let default = defaults.get(name)?;
    let choices = O::choices(name);
    let not = shown(value);
    match (default, value) {
        (toml::Value::Integer(_), toml::Value::Integer(n)) if *n < 0 => {
            Some(format!("{name} must be a whole number, 0 or more, not {n}"))
        }
        (toml::Value::Integer(_), toml::Value::Integer(n)) if *n > i64::from(u32::MAX) => {
            Some(format!(
                "{name} must be a whole number no larger than {}, not {n}",
                u32::MAX
            ))
        }
        (toml::Value::Integer(_), toml::Value::Integer(_)) => None,
        (toml::Value::Integer(d), _) => Some(format!(
            "{name} must be a whole number, such as {d}, not {not}"
        )),
        (toml::Value::Boolean(_), toml::Value::Boolean(_)) => None,
        (toml::Value::Boolean(_), _) => Some(format!("{name} must be true or false, not {not}")),
        (toml::Value::String(_), toml::Value::String(s))
            if choices.is_empty() || choices.contains(&s.as_str()) =>
        {
            None
        }
        (toml::Value::String(d), _) if choices.is_empty() => Some(format!(
            "{name} must be words in quotes, such as \"{d}\", not {not}"
        )),
        (toml::Value::String(_), _) => Some(format!(
            "{name} must be one of {}, not {not}",
            choices.join(", ")
        )),
        _ => None,
    }
}

/// A value as a person wrote it: `"five"`, `3`, `true`, `a list`, `a table`.
fn shown(value: &toml::Value) -> String {
    match value {
        toml::Value::String(s) => format!("\"{s}\""),
        toml::Value::Integer(n) => n.to_string(),
        toml::Value::Float(f) => f.to_string(),
        toml::Value::Boolean(b) => b.to_string(),
        toml::Value::Datetime(d) => d.to_string(),
        toml::Value::Array(_) => "a list".to_string(),
        toml::Value::Table(_) => "a table".to_string(),
    }
}

/// A syntax error of a rules file, with its line and column, in words. The
/// common one is a word left without quotes: for an option, what the option
/// takes is said.
fn syntax<O: VariantOptions>(text: &str, file: &str, e: &toml::de::Error) -> RulesError {
    let span = e.span().unwrap_or(0..0);
    let (line, column) = line_column(text, span.start);
    let written = text.lines().nth(line - 1).unwrap_or("");
    let (key, value) = written
        .split_once('=')
        .map_or(("", ""), |(k, v)| (k.trim(), v.trim()));
    let bare = !value.is_empty()
        && value.parse::<f64>().is_err()
        && value
            .chars()
            .all(|c| c.is_alphanumeric() || c == '_' || c == '-');
    let message = if !key.is_empty() && value.is_empty() {
        format!("{key} has no value after =")
    } else if bare {
        let as_text = toml::Value::String(value.to_string());
        match option_problem::<O>(key, &as_text) {
            Some(problem) => format!("option {problem}"),
            None => format!("{value} needs quotes: write {key} = \"{value}\""),
        }
    } else {
        format!("this is not written as TOML ({})", toml_words(e.message()))
    };
    RulesError::Syntax {
        file: file.to_string(),
        line,
        column,
        message,
    }
}

/// A TOML parser's message in words: its first line, without what it
/// "expected", save a missing mark ("unclosed table: a `]` is missing").
fn toml_words(message: &str) -> String {
    let first = message.lines().next().unwrap_or("").trim();
    // "invalid type: integer `99999999999999999999999` as i128"
    if let Some(rest) = first.strip_prefix("invalid type: integer `")
        && let Some((n, _)) = rest.split_once('`')
    {
        return format!("the number {n} is far too large");
    }
    let Some((before, wanted)) = first.split_once(", expected ") else {
        return first.replace('`', "\"");
    };
    let before = before.trim().trim_end_matches(',').trim();
    match before {
        "unexpected key or value" => return "more follows where the line should end".to_string(),
        "unquoted keys cannot be empty" => return "a name is missing before the =".to_string(),
        "key with no value" => return "a name has no = and value after it".to_string(),
        b if b.starts_with("extra `") => return "there is one = too many".to_string(),
        "missing comma between key-value pairs" => {
            return "a , is missing between two values".to_string();
        }
        b if b.starts_with("unexpected `") && b.ends_with(" in array") => {
            return "a list holds something that is not a value".to_string();
        }
        _ => {}
    }
    let marks: Vec<&str> = wanted.split('`').skip(1).step_by(2).collect();
    let punctuation = !marks.is_empty()
        && marks
            .iter()
            .all(|m| m.chars().count() == 1 && !m.chars().all(char::is_alphanumeric));
    if punctuation {
        let what = match before {
            "invalid basic string"
            | "invalid literal string"
            | "invalid multi-line basic string"
            | "invalid multi-line literal string" => "text in quotes is not closed",
            "unclosed table" | "invalid table header" => "a [table] name is not closed",
            "unclosed array" | "invalid array" => "a list is not closed",
            "invalid inline table" | "unclosed inline table" => "a table in braces is not closed",
            _ => "a mark is missing",
        };
        format!("{what}: a {} is missing", marks.join(" or "))
    } else {
        before.replace('`', "\"")
    }
}

/// The dotted key at byte `offset` of a rules file's text: the deepest key
/// whose name or value holds the offset ("deck.letters.A"), or "" if none.
pub fn key_at(text: &str, offset: usize) -> String {
    let Ok(root) = toml::de::DeTable::parse(text) else {
        return String::new();
    };
    key_within(root.get_ref(), offset).unwrap_or_default()
}

/// The dotted key within `table` at `offset`. A table written under its
/// own header (`[deck]`) spans only the header, so every table is searched.
fn key_within(table: &toml::de::DeTable<'_>, offset: usize) -> Option<String> {
    let holds = |r: std::ops::Range<usize>| r.start <= offset && offset < r.end.max(r.start + 1);
    for (k, v) in table.iter() {
        let name = k.get_ref().to_string();
        if let toml::de::DeValue::Table(t) = v.get_ref()
            && let Some(inner) = key_within(t, offset)
        {
            return Some(format!("{name}.{inner}"));
        }
        if holds(k.span()) || holds(v.span()) {
            return Some(name);
        }
    }
    None
}

/// A deserializer's message about the value at `key` in the rules' own
/// words: what the key must be, and what it was.
pub fn plain(key: &str, message: &str) -> String {
    let name = if key.is_empty() { "the rules" } else { key };
    plain_in(name, message, true)
}

/// A deserializer's message about `name` in a player's words, for a rules
/// file (`toml`) or a save (JSON).
pub(crate) fn plain_in(name: &str, message: &str, toml: bool) -> String {
    let message = message.trim();
    let key = name;
    let quoted = |s: &str| s.split('`').nth(1).unwrap_or("").to_string();
    if let Some(rest) = message.strip_prefix("unknown field ")
        && !toml
    {
        let allowed = listed(rest.split_once(", expected ").map_or("", |(_, e)| e));
        return format!(
            "\"{}\" does not belong here; the names here are {allowed}",
            quoted(rest)
        );
    }
    if let Some(rest) = message.strip_prefix("missing field ")
        && !toml
    {
        return format!("\"{}\" is missing", quoted(rest));
    }
    if let Some(rest) = message.strip_prefix("unknown field ") {
        let field = quoted(rest);
        let within = key.strip_suffix(&format!(".{field}")).unwrap_or(key);
        let allowed = listed(rest.split_once(", expected ").map_or("", |(_, e)| e));
        return format!("{within} has no key \"{field}\"; it may hold {allowed}");
    }
    if let Some(rest) = message.strip_prefix("missing field ") {
        let field = quoted(rest);
        return format!("{name} has no {field} = ...: add one");
    }
    if let Some(rest) = message.strip_prefix("unknown variant ") {
        let allowed = listed(rest.split_once(", expected ").map_or("", |(_, e)| e));
        return format!("{name} must be one of {allowed}, not \"{}\"", quoted(rest));
    }
    for prefix in ["invalid type: ", "invalid value: ", "invalid length "] {
        if let Some(rest) = message.strip_prefix(prefix)
            && let Some((found, wanted)) = rest.split_once(", expected ")
        {
            let wanted = wanted_words(wanted);
            let wanted = match (toml, wanted.as_str()) {
                (false, "a table") => "a group of named values in braces".to_string(),
                (false, w) if w.starts_with("a table such as") => {
                    "a group of named values in braces".to_string()
                }
                (false, w) if w.starts_with("a list in brackets") => {
                    "a list in brackets".to_string()
                }
                _ => wanted,
            };
            let found = match (toml, found_words(found).as_str()) {
                (false, "a table") => "a group of named values".to_string(),
                (_, "null") => "null (nothing)".to_string(),
                (_, f) => f.to_string(),
            };
            return format!("{name} must be {wanted}, not {found}");
        }
    }
    let what = if toml { "a rules file" } else { "the game" };
    if message.contains("expected") || message.contains("invalid type") {
        return format!("{name} is not written as {what} writes it");
    }
    format!("{name}: {}", message.replace('`', "\""))
}

/// "one of `a`, `b`" or "`a` or `b`" as "a, b".
fn listed(expected: &str) -> String {
    let names: Vec<&str> = expected.split('`').skip(1).step_by(2).collect();
    names.join(", ")
}

/// What a deserializer expected, as the rules file writes it.
fn wanted_words(wanted: &str) -> String {
    let wanted = wanted.trim();
    let whole = |max: u64| format!("a whole number from 0 to {max}");
    match wanted {
        "u8" => whole(u8::MAX.into()),
        "u16" => whole(u16::MAX.into()),
        "u32" => whole(u32::MAX.into()),
        "u64" | "usize" => "a whole number, 0 or more".to_string(),
        "i8" | "i16" | "i32" | "i64" | "isize" => "a whole number".to_string(),
        "f32" | "f64" => "a number".to_string(),
        "a boolean" => "true or false".to_string(),
        "a string" | "a borrowed string" | "a character" => "words in quotes".to_string(),
        "a sequence" => "a list in brackets, such as [\"spades\", \"hearts\"]".to_string(),
        "struct LetterCards" => "a table such as { count = 2, value = 10 }".to_string(),
        w if w.starts_with("struct SeatRange") => SEATS_WRITTEN
            .trim_start_matches("seats must be ")
            .to_string(),
        w if w.starts_with("struct ") || w.starts_with("a map") => "a table".to_string(),
        w if w.starts_with("one of ") || w.contains('`') => format!("one of {}", listed(w)),
        _ => "written another way".to_string(),
    }
}

/// What a deserializer found, as the rules file wrote it.
fn found_words(found: &str) -> String {
    let found = found.trim();
    let value = found.split('`').nth(1);
    match (found.split_whitespace().next(), value) {
        (Some("string"), _) => found.trim_start_matches("string ").to_string(),
        (Some("integer" | "floating" | "boolean"), Some(v)) => v.to_string(),
        (Some("sequence"), _) => "a list".to_string(),
        (Some("map"), _) => "a table".to_string(),
        _ => found.to_string(),
    }
}

/// Splits `name=value`.
pub fn parse_assignment(s: &str) -> Result<(String, String), RulesError> {
    let (name, value) = s
        .split_once('=')
        .ok_or_else(|| RulesError::NotAnAssignment(s.to_string()))?;
    let name = name.trim();
    if name.is_empty() {
        return Err(RulesError::NotAnAssignment(s.to_string()));
    }
    Ok((name.to_string(), value.trim().to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    #[serde(default, deny_unknown_fields)]
    struct TestOptions {
        target: u32,
        strict: bool,
    }

    impl Default for TestOptions {
        fn default() -> Self {
            TestOptions {
                target: 5,
                strict: false,
            }
        }
    }

    impl VariantOptions for TestOptions {
        fn check(&self) -> Result<(), String> {
            if self.target == 0 {
                return Err("target must be at least 1".into());
            }
            Ok(())
        }
    }

    const GOOD: &str = r#"
variant = "wump"
title = "Test"
seats = { min = 2, max = 6 }

[deck]
suits = ["spades", "hearts"]
ranks = "A-K"

[options]
target = 3
"#;

    fn parse(text: &str) -> Result<Rules<TestOptions>, RulesError> {
        Rules::parse(text, "test.toml", VariantId::Wump)
    }

    variant_options! {
        /// Options declared once, for the test below.
        pub struct Declared {
            /// A number.
            pub rounds: u32 = 3,
                samples &["1", "3"],
                label "Rounds",
                about "Rounds to play.";
            pub look: String = "plain".to_string(),
                choices &["plain", "fancy"],
                label "Look",
                about "How it looks.";
        }

        fn check(&self) -> Result<(), String> {
            if self.rounds == 0 {
                return Err("rounds must be at least 1".into());
            }
            Ok(())
        }
    }

    #[test]
    fn declared_options_keep_their_defaults_texts_and_check() {
        let d = Declared::default();
        assert_eq!((d.rounds, d.look.as_str()), (3, "plain"));
        assert_eq!(Declared::about("rounds"), "Rounds to play.");
        assert_eq!(Declared::about("colour"), "");
        assert_eq!(Declared::label("look"), "Look");
        assert_eq!(Declared::label("colour"), "colour");
        assert!(Declared::choices("rounds").is_empty());
        assert_eq!(Declared::samples("rounds"), ["1", "3"]);
        // With no samples of its own, an option of words tries its words.
        assert_eq!(Declared::samples("look"), ["plain", "fancy"]);
        let zero = Declared { rounds: 0, ..d };
        assert_eq!(zero.check(), Err("rounds must be at least 1".to_string()));
    }

    #[test]
    fn a_good_file_parses_with_defaults_for_missing_options() {
        let r = parse(GOOD).unwrap();
        assert_eq!(r.options.target, 3);
        assert!(!r.options.strict);
        assert_eq!(r.deck.build(1).unwrap().len(), 26);
        let again: Rules<TestOptions> =
            Rules::parse(&r.to_toml(), "again", VariantId::Wump).unwrap();
        assert_eq!(again, r);
    }

    #[test]
    fn a_syntax_error_names_file_line_and_column() {
        let text = GOOD.replace("target = 3", "target = three");
        let err = parse(&text).unwrap_err().to_string();
        assert!(err.starts_with("test.toml:11:10:"), "{err}");
    }

    #[test]
    fn a_wrong_type_or_unknown_key_names_its_place() {
        let err = parse(&GOOD.replace("target = 3", "target = \"3\""))
            .unwrap_err()
            .to_string();
        assert!(err.starts_with("test.toml:11:"), "{err}");
        let err = parse(&GOOD.replace("target = 3", "targte = 3"))
            .unwrap_err()
            .to_string();
        assert!(err.contains("targte"), "{err}");
        let err = parse(&GOOD.replace("ranks = \"A-K\"", "ranks = \"A-Z\""))
            .unwrap_err()
            .to_string();
        assert!(err.contains("not a span of ranks"), "{err}");
    }

    #[test]
    fn wrong_variant_bad_seats_bad_deck_and_bad_options_are_refused() {
        let other = GOOD.replace("\"wump\"", "\"five-suited\"");
        assert!(matches!(
            parse(&other),
            Err(RulesError::WrongVariant { .. })
        ));
        let seats = GOOD.replace("min = 2", "min = 1");
        assert!(parse(&seats).unwrap_err().to_string().contains("seats"));
        let deck = GOOD.replace("ranks = \"A-K\"", "");
        assert!(matches!(parse(&deck), Err(RulesError::Deck { .. })));
        let zero = GOOD.replace("target = 3", "target = 0");
        let err = parse(&zero).unwrap_err().to_string();
        assert!(err.contains("target must be at least 1"), "{err}");
    }

    #[test]
    fn options_change_by_name() {
        let r = parse(GOOD).unwrap();
        let changed = r
            .clone()
            .with_options(&[
                ("target".into(), "7".into()),
                ("strict".into(), "true".into()),
            ])
            .unwrap();
        assert_eq!(changed.options.target, 7);
        assert!(changed.options.strict);
        let unknown = r.clone().with_options(&[("targte".into(), "7".into())]);
        let msg = unknown.unwrap_err().to_string();
        assert!(msg.contains("strict, target"), "{msg}");
        let wrong = r.clone().with_options(&[("target".into(), "many".into())]);
        assert!(matches!(wrong, Err(RulesError::BadOption { .. })));
        let zero = r.with_options(&[("target".into(), "0".into())]);
        assert!(matches!(zero, Err(RulesError::BadOption { .. })));
        assert_eq!(
            parse_assignment("a = b").unwrap(),
            ("a".to_string(), "b".to_string())
        );
        assert!(parse_assignment("ab").is_err());
        assert!(parse_assignment("=b").is_err());
    }

    #[test]
    fn key_line_finds_the_deepest_part_of_a_key_the_file_holds() {
        assert_eq!(key_line(GOOD, "seats"), 4);
        assert_eq!(key_line(GOOD, "seats.max"), 4);
        assert_eq!(key_line(GOOD, "deck"), 6);
        assert_eq!(key_line(GOOD, "deck.ranks"), 8);
        assert_eq!(key_line(GOOD, "deck.jokers"), 6);
        assert_eq!(key_line(GOOD, "options.target"), 11);
        assert_eq!(key_line(GOOD, "nothing"), 1);
        assert_eq!(key_line("not = [toml", "deck"), 1);
    }

    /// Rust's words for what it could not read, which a player must never
    /// be shown: every message is checked against them.
    const RUST_WORDS: [&str; 14] = [
        "expected",
        "invalid type",
        "invalid value",
        "unknown variant",
        "unknown field",
        "struct",
        "sequence",
        "enum",
        "u8",
        "u16",
        "u32",
        "u64",
        "i32",
        "i64",
    ];

    fn assert_plain(message: &str, what: &str) {
        for word in RUST_WORDS {
            assert!(!message.contains(word), "{what}: {word:?} in {message:?}");
        }
    }

    /// Values of every kind, for every option: each is wrong for some.
    const WRONG: [&str; 12] = [
        "abc",
        "-1",
        "1.5",
        "true",
        "7",
        "99999999999",
        "[1]",
        "{ a = 1 }",
        "\"\"",
        "yes",
        "\"strict_ish\"",
        "2026-01-01",
    ];

    /// Feeds every wrong value to every option of game `G`, as `-o` and in
    /// its rules file; checks each refusal; the count of refusals.
    struct EveryOption;
    impl crate::variants::VariantVisitor for EveryOption {
        type Output = usize;
        fn visit<G: crate::game::Game>(self) -> usize {
            let shipped = G::DEFAULT_RULES;
            let file = format!("{}.toml", G::VARIANT.name());
            let rules = Rules::<G::Options>::parse(shipped, &file, G::VARIANT).expect("shipped");
            let mut refused = 0;
            for name in option_names::<G::Options>() {
                let choices = <G::Options as VariantOptions>::choices(&name);
                let written = shipped
                    .lines()
                    .find(|l| l.starts_with(&format!("{name} =")))
                    .unwrap_or_else(|| panic!("{file} sets {name}"));
                let line = shipped.lines().position(|l| l == written).unwrap() + 1;
                let mut wrong = 0;
                for value in WRONG {
                    let what = format!("{file}: {name} = {value}");
                    let as_option = rules.clone().with_options(&[(name.clone(), value.into())]);
                    let in_file = shipped.replace(written, &format!("{name} = {value}"));
                    let in_file = Rules::<G::Options>::parse(&in_file, &file, G::VARIANT);
                    assert_eq!(as_option.is_err(), in_file.is_err(), "{what}");
                    let (Err(a), Err(b)) = (as_option, in_file) else {
                        continue;
                    };
                    wrong += 1;
                    for (message, place) in [
                        (a.to_string(), String::new()),
                        (b.to_string(), format!("{file}:{line}")),
                    ] {
                        assert_plain(&message, &what);
                        assert!(message.contains(&name), "{what}: {message}");
                        assert!(message.starts_with(&place), "{what}: {message}");
                        for choice in choices {
                            assert!(message.contains(choice), "{what}: {message}");
                        }
                    }
                }
                assert!(
                    wrong >= 7,
                    "{file}: {name} refused only {wrong} wrong values"
                );
                refused += wrong;
            }
            refused
        }
    }

    #[test]
    fn every_option_of_every_game_refuses_a_wrong_value_in_the_rules_own_words() {
        let mut refused = 0;
        for id in VariantId::ALL {
            refused += crate::variants::visit(id, EveryOption).expect("a registered game");
        }
        assert!(refused >= 100, "{refused}");
    }

    /// Parses the rules file `text` for `id`; the refusal, in words.
    struct Refusal<'a>(&'a str);
    impl crate::variants::VariantVisitor for Refusal<'_> {
        type Output = Option<String>;
        fn visit<G: crate::game::Game>(self) -> Option<String> {
            Rules::<G::Options>::parse(self.0, "given.toml", G::VARIANT)
                .err()
                .map(|e| e.to_string())
        }
    }

    #[test]
    fn a_rules_file_for_another_game_says_which_game_it_is_for() {
        use crate::variants::{VariantVisitor, visit};
        struct Shipped;
        impl VariantVisitor for Shipped {
            type Output = &'static str;
            fn visit<G: crate::game::Game>(self) -> &'static str {
                G::DEFAULT_RULES
            }
        }
        for file_for in VariantId::ALL {
            let text = visit(file_for, Shipped).expect("a game");
            for given_to in VariantId::ALL {
                let said = visit(given_to, Refusal(text)).expect("a game");
                if file_for == given_to {
                    assert_eq!(said, None);
                    continue;
                }
                let said = said.expect("refused");
                let want = format!(
                    "this rules file is for {}, not {}",
                    file_for.title(),
                    given_to.title()
                );
                assert!(said.contains(&want), "{said}");
            }
        }
    }

    #[test]
    fn seats_deck_and_keys_are_refused_in_the_rules_own_words() {
        let wump = include_str!("../rules/wump.toml");
        let seats = "seats = { min = 2, max = 6 }";
        let ranks = "ranks = \"A-K\"";
        let suits = "suits = [\"spades\", \"hearts\", \"diamonds\", \"clubs\"]";
        // (the line replaced, what replaces it, what is said, on the line of)
        let cases = [
            (
                seats,
                "seats = \"two\"",
                "seats must be a number like 2, or a range like \"2-4\"",
                "seats =",
            ),
            (
                seats,
                "seats = { min = 2 }",
                "seats must be a number like 2",
                "seats =",
            ),
            (
                seats,
                "seats = 1.5",
                "seats must be a number like 2",
                "seats =",
            ),
            (
                seats,
                "seats = \"4-2\"",
                "seats must be from 2 to 8, the fewest first",
                "seats =",
            ),
            (seats, "seats = 12", "seats must be from 2 to 8", "seats ="),
            (
                "variant = \"wump\"",
                "variant = \"poker\"",
                "variant must be one of wump, five-suited, wrummy, alpharummy, play-on-words, not \"poker\"",
                "variant =",
            ),
            (
                "title = \"Wump Rummy\"",
                "title = 3",
                "title must be words in quotes",
                "title =",
            ),
            (
                "[deck]",
                "colour = \"red\"\n[deck]",
                "a rules file has no key \"colour\"; its keys are variant, title, seats, deck, options",
                "colour =",
            ),
            (
                ranks,
                "ranks = \"A-K\"\njokers = -1",
                "deck.jokers must be a whole number from 0 to 65535, not -1",
                "jokers =",
            ),
            (
                ranks,
                "ranks = \"A-K\"\njoker_value = \"ten\"",
                "deck.joker_value must be a whole number, not \"ten\"",
                "joker_value =",
            ),
            (
                ranks,
                "ranks = \"A-K\"\ncolour = 1",
                "deck has no key \"colour\"; it may hold suits, ranks",
                "colour =",
            ),
            (
                ranks,
                "ranks = 5",
                "deck.ranks must be words in quotes, not 5",
                "ranks =",
            ),
            (
                suits,
                "suits = [\"spades\", \"moons\"]",
                "deck.suits must be one of stars, hearts, clubs, spades, diamonds, not \"moons\"",
                "suits =",
            ),
            (
                suits,
                "suits = \"spades\"",
                "deck.suits must be a list in brackets",
                "suits =",
            ),
            (
                ranks,
                "ranks = \"A-K\"\nletters = { A = 3 }",
                "deck.letters.A must be a table such as { count = 2, value = 10 }, not 3",
                "letters =",
            ),
            (
                ranks,
                "ranks = \"A-K\"\nletters = { A = { count = 2 } }",
                "deck.letters.A has no value = ...: add one",
                "letters =",
            ),
            (
                "must_take = false",
                "must_take = no",
                "option must_take must be true or false, not \"no\"",
                "must_take =",
            ),
            (
                "must_take = false",
                "must_take = ",
                "must_take has no value after =",
                "must_take =",
            ),
            (
                "match_target = 5",
                "match_target = five",
                "option match_target must be a whole number, such as 5, not \"five\"",
                "match_target =",
            ),
            (
                "[options]",
                "[options]\ncolour = 1",
                "Wump Rummy has no option \"colour\"; its options are: match_target, must_take",
                "colour =",
            ),
        ];
        for (from, to, said, at) in cases {
            let text = wump.replacen(from, to, 1);
            let line = text.lines().position(|l| l.starts_with(at)).expect(at) + 1;
            let err = Rules::<crate::variants::wump::WumpOptions>::parse(
                &text,
                "w.toml",
                VariantId::Wump,
            )
            .expect_err(to)
            .to_string();
            assert!(err.starts_with(&format!("w.toml:{line}:")), "{to}: {err}");
            assert!(err.contains(said), "{to}: {err}");
            assert_plain(&err, to);
        }
        // A word left without quotes, for an option that takes it.
        let text =
            include_str!("../rules/wrummy.toml").replace("words = \"challenge\"", "words = strict");
        let err = Rules::<crate::variants::wrummy::WrummyOptions>::parse(
            &text,
            "r.toml",
            VariantId::Wrummy,
        )
        .expect_err("no quotes")
        .to_string();
        assert!(
            err.contains("strict needs quotes: write words = \"strict\""),
            "{err}"
        );
        // Seats as a number or a range are read.
        for (written, min, max) in [
            ("seats = 3", 3, 3),
            ("seats = \"2-4\"", 2, 4),
            ("seats = { min = 2, max = 5 }", 2, 5),
        ] {
            let text = wump.replace(seats, written);
            let r = Rules::<crate::variants::wump::WumpOptions>::parse(
                &text,
                "w.toml",
                VariantId::Wump,
            )
            .expect(written);
            assert_eq!(r.seats, SeatRange { min, max }, "{written}");
        }
    }

    #[test]
    fn line_column_counts_from_one() {
        assert_eq!(line_column("ab\ncd", 0), (1, 1));
        assert_eq!(line_column("ab\ncd", 4), (2, 2));
        assert_eq!(line_column("ab", 99), (1, 3));
    }
}
