//! Save files: exactly variant + rules (with options) + seats + seed + the log
//! of moves, as JSON with a format version. Loading replays the log, so a save
//! that was edited or damaged is caught move by move.

use crate::dict::Dictionary;
use crate::game::{Move, Playable, ReplayError, Session, Setup};
use crate::rules::Rules;
use crate::seat::{Seat, SeatId};
use crate::variant_id::VariantId;
use serde::{Deserialize, Serialize};
use std::io::Write;
use std::path::Path;
use std::sync::Arc;

/// The save format this build writes and reads.
pub const SAVE_FORMAT: u32 = 1;

/// A save file of variant `G`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SaveFile<O, A> {
    pub format: u32,
    pub variant: VariantId,
    pub seed: u64,
    pub first_seat: SeatId,
    pub seats: Vec<Seat>,
    /// A user-named word list, if the game used one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dictionary: Option<String>,
    pub rules: Rules<O>,
    pub moves: Vec<Move<A>>,
}

/// The first fields of any save, read before the variant is known.
#[derive(Deserialize)]
struct Header {
    format: Option<u32>,
    variant: Option<serde_json::Value>,
}

/// Why a save could not be loaded. Nothing is changed on disk.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error("cannot read save file {file}: {reason}")]
    Unreadable { file: String, reason: String },
    #[error("{file} is not a save file (line {line}, column {column}: {message})")]
    Damaged {
        file: String,
        line: usize,
        column: usize,
        message: String,
    },
    #[error("{file} has no format version, so it is not a save file of this game")]
    NoFormat { file: String },
    #[error("{file} was saved in format {found}, and this version reads format {SAVE_FORMAT} only")]
    Format { file: String, found: u32 },
    #[error("{file} names no game this version knows ({found})")]
    UnknownVariant { file: String, found: String },
    #[error("{file}: {message}")]
    Invalid { file: String, message: String },
    #[error("{file}: {error}")]
    Replay { file: String, error: ReplayError },
}

/// Reads the variant of a save's text, checking the format version first.
pub fn peek_variant(text: &str, file: &str) -> Result<VariantId, LoadError> {
    let header: Header = serde_json::from_str(text).map_err(|e| damaged(file, &e))?;
    match header.format {
        None => {
            return Err(LoadError::NoFormat {
                file: file.to_string(),
            });
        }
        Some(SAVE_FORMAT) => {}
        Some(found) => {
            return Err(LoadError::Format {
                file: file.to_string(),
                found,
            });
        }
    }
    let raw = header.variant.unwrap_or(serde_json::Value::Null);
    serde_json::from_value(raw.clone()).map_err(|_| LoadError::UnknownVariant {
        file: file.to_string(),
        found: raw.to_string(),
    })
}

pub(crate) fn damaged(file: &str, e: &serde_json::Error) -> LoadError {
    LoadError::Damaged {
        file: file.to_string(),
        line: e.line(),
        column: e.column(),
        message: plain_json(e),
    }
}

/// What was wrong with a save's text, in a player's words: what was found
/// and what belongs there, with no name of a type in the program. (The
/// line and column are said beside it.)
pub fn plain_json(e: &serde_json::Error) -> String {
    use serde_json::error::Category;
    let text = e.to_string();
    let message = text
        .rfind(" at line ")
        .map_or(text.as_str(), |i| &text[..i]);
    match e.classify() {
        Category::Eof if (e.line(), e.column()) == (1, 0) => "the file is empty".to_string(),
        Category::Eof => "the text ends too soon: the file was cut short".to_string(),
        Category::Io => message.to_string(),
        Category::Syntax => match message {
            "expected value" => {
                "this is not the text of a save (a save is JSON, as the game writes it)".to_string()
            }
            "trailing characters" => "more text follows the end of the save".to_string(),
            "key must be a string" => "a name in quotes is missing here".to_string(),
            "number out of range" => "a number here is too large".to_string(),
            m if m.starts_with("expected `") => {
                let marks: Vec<&str> = m.split('`').skip(1).step_by(2).collect();
                format!("a {} is missing here", marks.join(" or "))
            }
            _ => "the text here is not written as the game writes a save".to_string(),
        },
        Category::Data => crate::rules::plain_in("a value here", message, false),
    }
}

impl<G: Playable> Session<G> {
    /// This session as a save file.
    pub fn to_save(&self) -> SaveFile<G::Options, G::Action> {
        let setup = self.setup();
        SaveFile {
            format: SAVE_FORMAT,
            variant: G::VARIANT,
            seed: setup.seed,
            first_seat: setup.first,
            seats: setup.seats.clone(),
            dictionary: setup.dict_path.clone(),
            rules: setup.rules.clone(),
            moves: self.log().to_vec(),
        }
    }

    pub fn to_save_json(&self) -> String {
        // invariant: every field is a plain serde type with string keys
        serde_json::to_string_pretty(&self.to_save()).unwrap_or_default()
    }

    /// Rebuilds a session from a save's text: checks the format, the variant,
    /// the rules, the word list, then replays every move.
    pub fn from_save_json(text: &str, file: &str) -> Result<Session<G>, LoadError> {
        let variant = peek_variant(text, file)?;
        let invalid = |message: String| LoadError::Invalid {
            file: file.to_string(),
            message,
        };
        if variant != G::VARIANT {
            return Err(invalid(format!(
                "this save is of {variant}, not {}",
                G::VARIANT
            )));
        }
        let save: SaveFile<G::Options, G::Action> =
            serde_json::from_str(text).map_err(|e| damaged(file, &e))?;
        // The rules inside a save are checked exactly as a rules file is.
        let rules_text = toml::to_string(&save.rules).map_err(|e| invalid(e.to_string()))?;
        let rules = Rules::<G::Options>::parse(&rules_text, "the saved rules", G::VARIANT)
            .map_err(|e| invalid(e.to_string()))?;
        let dict = match &save.dictionary {
            None => Dictionary::shipped(),
            Some(path) => Arc::new(
                Dictionary::from_path(Path::new(path))
                    .map_err(|e| invalid(format!("the game's word list: {e}")))?,
            ),
        };
        let setup = Setup {
            rules,
            seats: save.seats,
            seed: save.seed,
            first: save.first_seat,
            dict,
            dict_path: save.dictionary,
        };
        Session::replay(setup, save.moves).map_err(|error| LoadError::Replay {
            file: file.to_string(),
            error,
        })
    }
}

/// Writes `text` to `path` so that a crash at any moment leaves either the old
/// file or the new one: write a temporary file beside it, flush it to disk,
/// then rename it over the old one. A new file is its owner's only (0600).
pub fn write_atomically(path: &Path, text: &str) -> std::io::Result<()> {
    let dir = path.parent().filter(|p| !p.as_os_str().is_empty());
    if let Some(dir) = dir {
        crate::files::private_dir(dir)?;
    }
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "save".into());
    let tmp = path.with_file_name(format!(".{name}.tmp"));
    let _ = std::fs::remove_file(&tmp);
    {
        let mut f = crate::files::private_options()
            .write(true)
            .create(true)
            .truncate(true)
            .open(&tmp)?;
        f.write_all(text.as_bytes())?;
        f.sync_all()?;
    }
    std::fs::rename(&tmp, path)
}

/// Reads a save file's text from disk.
pub fn read_save(path: &Path) -> Result<String, LoadError> {
    std::fs::read_to_string(path).map_err(|e| LoadError::Unreadable {
        file: path.display().to_string(),
        reason: e.to_string(),
    })
}
