//! Rules files: `rules/<variant>.toml`, one per variant, holding the seat range,
//! the deck and the variant's house-rule options. The shipped files are
//! embedded in the build; `--rules PATH` reads another, and `-o name=value`
//! changes one option.

use crate::deck::{DeckError, DeckSpec};
use crate::variants::VariantId;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fmt::Debug;
use std::path::Path;

/// A variant's options table. `check` refuses values that parse but make no
/// sense (a match target of 0, say) with a sentence.
pub trait VariantOptions:
    Serialize + DeserializeOwned + Clone + Debug + PartialEq + Default + Send + Sync + 'static
{
    fn check(&self) -> Result<(), String> {
        Ok(())
    }
    /// The values an option of words takes, for a form to go through: empty
    /// for options that are numbers or yes/no.
    fn choices(_name: &str) -> &'static [&'static str] {
        &[]
    }
    /// Values of option `name` worth trying in random play: its choices, or
    /// for a number or yes/no, a few that change how a game goes (a match,
    /// a short game).
    fn samples(name: &str) -> &'static [&'static str] {
        Self::choices(name)
    }
    /// What option `name` does, in one line a player reads on the new-game
    /// form (at most 76 characters).
    fn about(_name: &str) -> &'static str {
        ""
    }
}

/// How many seats a variant takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatRange {
    pub min: u8,
    pub max: u8,
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
    #[error("there is no option \"{name}\"; the options are: {known}")]
    UnknownOption { name: String, known: String },
    #[error("option {name}: {message}")]
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
    /// Parses a rules file's text. `file` names it in errors.
    pub fn parse(text: &str, file: &str, expected: VariantId) -> Result<Rules<O>, RulesError> {
        let rules: Rules<O> = toml::from_str(text).map_err(|e| {
            let (line, column) = e.span().map_or((1, 1), |s| line_column(text, s.start));
            RulesError::Syntax {
                file: file.to_string(),
                line,
                column,
                message: e.message().trim().to_string(),
            }
        })?;
        if rules.variant != expected {
            return Err(RulesError::WrongVariant {
                file: file.to_string(),
                found: rules.variant,
                expected,
            });
        }
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
        if self.seats.min < 2 || self.seats.min > self.seats.max || self.seats.max > 8 {
            return Err(invalid(format!(
                "seats: min {} and max {} must satisfy 2 <= min <= max <= 8",
                self.seats.min, self.seats.max
            )));
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
            let value = toml::from_str::<toml::Table>(&format!("v = {text}"))
                .ok()
                .and_then(|mut t| t.remove("v"))
                .unwrap_or_else(|| toml::Value::String(text.clone()));
            table.insert(name.clone(), value);
        }
        let bad = |name: &str, message: String| RulesError::BadOption {
            name: name.to_string(),
            message,
        };
        self.options = O::deserialize(toml::Value::Table(table)).map_err(|e| {
            let name = changes.iter().map(|(n, _)| n.as_str()).collect::<Vec<_>>();
            bad(&name.join(", "), e.message().trim().to_string())
        })?;
        let first = changes.first().map_or("options", |(n, _)| n.as_str());
        self.options.check().map_err(|m| bad(first, m))?;
        Ok(self)
    }

    /// The effective rules, written back as TOML.
    pub fn to_toml(&self) -> String {
        toml::to_string_pretty(self).unwrap_or_else(|e| format!("# cannot print these rules: {e}"))
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

    #[test]
    fn line_column_counts_from_one() {
        assert_eq!(line_column("ab\ncd", 0), (1, 1));
        assert_eq!(line_column("ab\ncd", 4), (2, 2));
        assert_eq!(line_column("ab", 99), (1, 3));
    }
}
