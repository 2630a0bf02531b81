//! Where games are kept: one save file per game in the data directory,
//! written after every move (temporary file, then rename), and a log file.
//! A damaged save is moved aside with `.damaged` added to its name and
//! reported; it is never overwritten. A save open on a screen is locked
//! (`NAME.lock` beside it), so that a second copy of the program on the
//! same data directory cannot play it too and overwrite its moves.

use super::adapter::{TableGame, load};
use super::form::Remembered;
use rummy::save::{LoadError, write_atomically};
use rummy::seat::Seat;
use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;
use std::time::{SystemTime, UNIX_EPOCH};

/// The data directory: `--data-dir`, else `RUMMY_DATA_DIR`, else the
/// platform's (`~/.local/share/rummy` on Linux).
pub fn data_dir(flag: Option<&Path>) -> Option<PathBuf> {
    if let Some(p) = flag {
        return Some(p.to_path_buf());
    }
    if let Some(p) = std::env::var_os("RUMMY_DATA_DIR").filter(|p| !p.is_empty()) {
        return Some(PathBuf::from(p));
    }
    directories::ProjectDirs::from("", "", "rummy").map(|d| d.data_dir().to_path_buf())
}

/// One save file as the Load screen lists it.
#[derive(Clone, Debug)]
pub struct SaveEntry {
    pub path: PathBuf,
    pub modified: SystemTime,
    pub summary: String,
    pub finished: bool,
    /// Another copy of the program has it open.
    pub open_elsewhere: bool,
}

/// The saves folder.
#[derive(Clone, Debug)]
pub struct Store {
    dir: PathBuf,
    /// The data directory the saves folder is in.
    data: PathBuf,
    /// Why nothing can be written here, when the saves can only be read (a
    /// folder on a read-only disk, a full one, another user's).
    pub read_only: Option<String>,
}

impl Store {
    /// The data directory's store: its saves folder made if need be, and
    /// tried for writing. A saves folder that can be read but not written
    /// opens read-only: its games can still be listed, replayed and
    /// reviewed.
    pub fn open(data: &Path) -> std::io::Result<Store> {
        Store::open_tried(data, can_write)
    }

    /// [`Store::open`] with `try_write` telling whether the saves folder
    /// takes a file.
    pub(crate) fn open_tried(
        data: &Path,
        try_write: impl Fn(&Path) -> std::io::Result<()>,
    ) -> std::io::Result<Store> {
        let dir = data.join("saves");
        let made = rummy::files::private_dir(data)
            .and_then(|()| rummy::files::own_private_dir(&dir))
            .and_then(|_| try_write(&dir));
        let read_only = match made {
            Ok(()) => None,
            Err(e) if fs::read_dir(&dir).is_ok() => Some(plain_io(&e)),
            Err(e) => return Err(e),
        };
        Ok(Store {
            dir,
            data: data.to_path_buf(),
            read_only,
        })
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// A new file name for a game, never one that exists. It holds no seed:
    /// the seed of a game with hidden hands would deal its hands again.
    pub fn new_path(&self, variant: &str) -> PathBuf {
        self.names(variant)
            .find(|p| !p.exists() && !prefs_path(p).exists() && !lock_path(p).exists())
            .unwrap_or_else(|| self.dir.join("game.json"))
    }

    /// A new file name for a game, and its lock: the name is taken by
    /// making its lock file, so two copies of the program starting a game
    /// in the same second get a name each. No lock if the folder cannot be
    /// written (the game is not saved either).
    pub fn new_game(&self, variant: &str) -> (PathBuf, Option<SaveLock>) {
        if self.read_only.is_some() {
            return (self.new_path(variant), None);
        }
        for path in self.names(variant).take(1_000) {
            if path.exists() || prefs_path(&path).exists() {
                continue;
            }
            let made = rummy::files::private_options()
                .write(true)
                .create_new(true)
                .open(lock_path(&path));
            match made {
                Ok(file) => {
                    let lock = match file.try_lock() {
                        Ok(()) => Some(SaveLock {
                            file,
                            save: path.clone(),
                        }),
                        Err(e) => {
                            tracing::warn!("could not lock {}: {e}", path.display());
                            None
                        }
                    };
                    return (path, lock);
                }
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
                Err(e) => {
                    tracing::warn!("could not lock {}: {e}", path.display());
                    return (path, None);
                }
            }
        }
        (self.new_path(variant), None)
    }

    /// `VARIANT-SECONDS.json`, then `VARIANT-SECONDS-1.json` and on.
    fn names(&self, variant: &str) -> impl Iterator<Item = PathBuf> + '_ {
        let secs = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        let variant = variant.to_string();
        (0u32..).map(move |n| {
            let extra = if n == 0 {
                String::new()
            } else {
                format!("-{n}")
            };
            self.dir.join(format!("{variant}-{secs}{extra}.json"))
        })
    }

    /// Locks the save at `path` for this screen, for as long as the lock is
    /// kept: `Err(Locked::Elsewhere)` if another copy of the program has it
    /// open. The operating system lets the lock go when the program ends,
    /// however it ends.
    pub fn lock(&self, path: &Path) -> Result<SaveLock, Locked> {
        let file = rummy::files::private_options()
            .write(true)
            .create(true)
            .truncate(false)
            .open(lock_path(path))
            .map_err(|e| Locked::Unavailable(rummy::files::io_reason(&e)))?;
        match file.try_lock() {
            Ok(()) => Ok(SaveLock {
                file,
                save: path.to_path_buf(),
            }),
            Err(fs::TryLockError::WouldBlock) => Err(Locked::Elsewhere),
            Err(fs::TryLockError::Error(e)) => {
                Err(Locked::Unavailable(rummy::files::io_reason(&e)))
            }
        }
    }

    /// Whether another copy of the program has the save at `path` open.
    pub fn open_elsewhere(&self, path: &Path) -> bool {
        let Ok(file) = fs::File::open(lock_path(path)) else {
            return false;
        };
        matches!(file.try_lock_shared(), Err(fs::TryLockError::WouldBlock))
    }

    /// Loads a save. A damaged one is moved aside (never overwritten) and
    /// the error says where; a save that is fine but cannot be opened here
    /// (a newer format, a missing word list, a game not yet on screen) is
    /// reported and left where it is.
    pub fn load(&self, path: &Path) -> Result<Box<dyn TableGame>, String> {
        let name = path.display().to_string();
        let bytes = match read_save(path) {
            Ok(b) => b,
            Err(e) => return Err(format!("{name} could not be read: {e}")),
        };
        let result = match String::from_utf8(bytes) {
            Ok(text) => load(&text, &name).map_err(|e| (damaged(&e), format!("{e:#}"))),
            Err(_) => Err((
                true,
                format!("{name} is not text, so it is not a save file"),
            )),
        };
        result.map_err(|(is_damaged, e)| {
            tracing::warn!("save {name} not loaded: {e}");
            if !is_damaged {
                return e;
            }
            let aside = damaged_path(path);
            match fs::rename(path, &aside) {
                Ok(()) => format!("{e}; it is kept as {}", aside.display()),
                Err(r) => format!("{e}; it could not be moved aside ({r}) and was left as it is"),
            }
        })
    }

    /// Every save, newest first. Damaged ones are moved aside and reported
    /// in the second list. A save that names its own word list is listed
    /// from its first fields, without that list (which can take seconds to
    /// index) or a replay: it is checked when it is opened, and whether it is
    /// finished is not known until then.
    pub fn list(&self) -> (Vec<SaveEntry>, Vec<String>) {
        let mut saves = Vec::new();
        let mut problems = Vec::new();
        let Ok(dir) = fs::read_dir(&self.dir) else {
            return (saves, problems);
        };
        for entry in dir.flatten() {
            let path = entry.path();
            if path.extension().and_then(|e| e.to_str()) != Some("json") {
                continue;
            }
            let Ok(meta) = fs::metadata(&path) else {
                continue;
            };
            let modified = meta.modified().unwrap_or(UNIX_EPOCH);
            let open_elsewhere = self.open_elsewhere(&path);
            if let Some(summary) = glance(&path) {
                saves.push(SaveEntry {
                    path,
                    modified,
                    summary,
                    finished: false,
                    open_elsewhere,
                });
                continue;
            }
            match self.load(&path) {
                Ok(game) => saves.push(SaveEntry {
                    summary: describe(game.as_ref()),
                    finished: game.is_over(),
                    path,
                    modified,
                    open_elsewhere,
                }),
                Err(e) => problems.push(e),
            }
        }
        saves.sort_by(|a, b| b.modified.cmp(&a.modified).then(b.path.cmp(&a.path)));
        (saves, problems)
    }

    /// Whether any save is here at all: a look at the file names only, so
    /// nothing is read, moved aside or reported.
    pub fn has_saves(&self) -> bool {
        fs::read_dir(&self.dir).is_ok_and(|dir| {
            dir.flatten()
                .any(|e| e.path().extension().and_then(|x| x.to_str()) == Some("json"))
        })
    }

    /// The games that may be unfinished, newest first (a save with its own
    /// word list may turn out finished once opened).
    pub fn unfinished(&self) -> (Vec<SaveEntry>, Vec<String>) {
        let (mut saves, problems) = self.list();
        saves.retain(|s| !s.finished);
        (saves, problems)
    }

    /// The new-game form as last used ([`Remembered`]).
    pub fn form_path(&self) -> PathBuf {
        self.data.join(FORM_FILE)
    }

    /// The form as last used, if it was recorded and reads; a file that
    /// does not read is said in the log and left for the next start to
    /// write over.
    pub fn read_form(&self) -> Option<Remembered> {
        let path = self.form_path();
        let text = rummy::files::read_text(&path, MAX_FORM_BYTES).ok()?;
        match toml::from_str(&text) {
            Ok(r) => Some(r),
            Err(e) => {
                tracing::warn!("{} was not read: {}", path.display(), e.message());
                None
            }
        }
    }

    /// Records the form as it started a game.
    pub fn write_form(&self, r: &Remembered) {
        if self.read_only.is_some() {
            return;
        }
        let path = self.form_path();
        let written = toml::to_string(r)
            .map_err(|e| e.to_string())
            .and_then(|text| write_atomically(&path, &text).map_err(|e| e.to_string()));
        if let Err(e) = written {
            tracing::warn!("could not record the form in {}: {e}", path.display());
        }
    }

    /// Forgets the form: its file goes.
    pub fn forget_form(&self) -> Result<(), String> {
        match std::fs::remove_file(self.form_path()) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
            Err(e) => Err(format!(
                "{} could not be removed ({}).",
                self.form_path().display(),
                rummy::files::io_reason(&e)
            )),
        }
    }

    /// The data directory itself (the saves are in its `saves/`).
    pub fn dir_of_data(&self) -> &Path {
        &self.data
    }

    /// The slips of `seat` in `review` of the game saved at `path`, kept to
    /// practise ([`rummy::drills`]).
    pub fn record_slips(
        &self,
        path: &Path,
        variant: rummy::VariantId,
        review: &rummy::review::Review,
        seat: rummy::seat::SeatId,
    ) {
        if self.read_only.is_some() {
            return;
        }
        let Some(save) = path.file_name().map(|n| n.to_string_lossy().into_owned()) else {
            return;
        };
        let ended = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        let slips = rummy::drills::slips_of(review, seat.index() + 1, &save, variant, ended);
        if let Err(e) = rummy::drills::record(&self.data, &slips) {
            tracing::warn!("could not keep the slips of {save}: {e}");
        }
    }

    /// Whether this is the first try of `variant`'s deal of `date`: the
    /// tries are noted in `daily.txt`, a line each (`2026-11-30 wump`).
    /// A directory that cannot be written counts every try as the first.
    pub fn first_daily_try(&self, date: rummy::daily::Date, variant: rummy::VariantId) -> bool {
        let path = self.data.join("daily.txt");
        let line = format!("{date} {}", variant.name());
        let tried = rummy::files::read_regular(&path, 4 * 1024 * 1024)
            .ok()
            .is_some_and(|b| {
                String::from_utf8_lossy(&b)
                    .lines()
                    .any(|l| l.trim() == line)
            });
        if tried {
            return false;
        }
        if self.read_only.is_none() {
            let written = rummy::files::private_append(&path).and_then(|mut f| {
                std::io::Write::write_all(&mut f, format!("{line}\n").as_bytes())
            });
            if let Err(e) = written {
                tracing::warn!("could not note today's try in {}: {e}", path.display());
            }
        }
        true
    }

    /// The statistics file: one line per finished game (see `rummy::stats`).
    pub fn stats_path(&self) -> PathBuf {
        self.data.join(rummy::stats::STATS_FILE)
    }

    /// The statistics of every game recorded, and a sentence for each line
    /// of the file that was skipped.
    pub fn stats(&self) -> Result<rummy::stats::Stats, String> {
        let records = rummy::stats::read(&self.stats_path())?;
        Ok(rummy::stats::aggregate(&records))
    }

    /// Records the end of the game saved at `path`, if it is over: who won
    /// and the final scores as the engine has them. A game already recorded
    /// with the same end is not recorded again.
    pub fn record_end(&self, path: &Path, game: &dyn TableGame) {
        self.record(path, game, None, None);
    }

    /// The end of the game at `path` recorded again, with `same` (its
    /// person set beside the strongest bot on the same cards) and the
    /// review's `accuracy` of the person's moves.
    pub fn record_same_cards(
        &self,
        path: &Path,
        game: &dyn TableGame,
        same: Option<&rummy::duplicate::Duplicate>,
        accuracy: Option<f64>,
    ) {
        if same.is_none() && accuracy.is_none() {
            return;
        }
        let same = same.map(rummy::stats::SameCards::of);
        self.record(path, game, same, accuracy);
    }

    fn record(
        &self,
        path: &Path,
        game: &dyn TableGame,
        same: Option<rummy::stats::SameCards>,
        accuracy: Option<f64>,
    ) {
        if self.read_only.is_some() {
            return;
        }
        let Some(outcome) = game.outcome().filter(|_| game.is_over()) else {
            return;
        };
        let ended = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        let save = path.file_name().map(|n| n.to_string_lossy().into_owned());
        let mut record = rummy::stats::GameRecord::new(
            game.variant(),
            game.seats(),
            &outcome,
            game.movers().len(),
            ended,
            save,
        );
        record.scores = game.tallied_scores();
        record.same_cards = same;
        record.accuracy = accuracy;
        if let Err(e) = rummy::stats::append(&self.stats_path(), &record) {
            tracing::warn!(
                "could not record the end of {} in {}: {e}",
                path.display(),
                self.stats_path().display()
            );
        }
    }

    /// Deletes a save and the screen's settings kept beside it. A settings
    /// file that is not there is no error. A save open in another window is
    /// not deleted.
    pub fn delete(&self, path: &Path) -> Result<(), String> {
        let lock = match self.lock(path) {
            Err(Locked::Elsewhere) => return Err(format!("{OPEN_ELSEWHERE} It is not deleted.")),
            other => other.ok(),
        };
        self.remove(path)?;
        // The lock file goes with the save (see `SaveLock`'s drop).
        drop(lock);
        Ok(())
    }

    /// Deletes the save of the game on this screen (taken back to no
    /// moves), which this screen has locked, and its settings.
    pub fn remove(&self, path: &Path) -> Result<(), String> {
        fs::remove_file(path)
            .map_err(|e| format!("{} could not be deleted: {e}.", path.display()))?;
        match fs::remove_file(prefs_path(path)) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                tracing::warn!("could not delete {}: {e}", prefs_path(path).display());
            }
            _ => {}
        }
        tracing::info!("deleted {}", path.display());
        Ok(())
    }

    pub fn write(&self, path: &Path, game: &dyn TableGame) -> Result<(), SaveFailure> {
        write_atomically(path, &game.save_json()).map_err(|e| SaveFailure {
            message: format!("The game could not be saved to {}: {e}.", path.display()),
            reason: rummy::files::io_reason(&e),
        })
    }
}

/// What a second copy of the program is told of a save the first has open.
/// The file the form is remembered in, in the data directory.
pub const FORM_FILE: &str = "form.toml";

/// The largest form file read.
const MAX_FORM_BYTES: u64 = 64 * 1024;

pub const OPEN_ELSEWHERE: &str = "This game is open in another window.";

/// Why a save could not be locked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Locked {
    /// Another copy of the program has it open.
    Elsewhere,
    /// The lock file could not be made or locked (a read-only folder, a
    /// file system without locks): the reason.
    Unavailable(String),
}

/// A save held open by this screen: an exclusive lock on `NAME.lock` beside
/// it. Dropped, or the program ended in any way, the lock is let go; the
/// lock file goes too if the save is not there (a game left with no move).
#[derive(Debug)]
pub struct SaveLock {
    file: fs::File,
    save: PathBuf,
}

impl Drop for SaveLock {
    fn drop(&mut self) {
        if !self.save.exists() {
            let _ = fs::remove_file(lock_path(&self.save));
        }
        let _ = self.file.unlock();
    }
}

/// The lock file of a save.
/// The system's reason for an error, without its number: "Read-only file
/// system", not "Read-only file system (os error 30)".
pub fn plain_io(e: &std::io::Error) -> String {
    let text = e.to_string();
    match text.rfind(" (os error ") {
        Some(at) if text.ends_with(')') => text[..at].to_string(),
        _ => text,
    }
}

/// Whether `dir` takes a new file: one is made and removed.
fn can_write(dir: &Path) -> std::io::Result<()> {
    let probe = dir.join(format!(".writable-{}", std::process::id()));
    rummy::files::private_options()
        .write(true)
        .create(true)
        .truncate(true)
        .open(&probe)?;
    fs::remove_file(&probe)
}

fn lock_path(save: &Path) -> PathBuf {
    save.with_extension("lock")
}

/// A save that could not be written: the whole sentence, and the reason
/// alone ("Read-only file system").
#[derive(Clone, Debug)]
pub struct SaveFailure {
    pub message: String,
    pub reason: String,
}

/// The largest save file read (a save is a few kilobytes).
const MAX_SAVE_BYTES: u64 = 16 * 1024 * 1024;

/// A save's bytes: a regular file only (opening a named pipe would wait for
/// a writer), and no larger than [`MAX_SAVE_BYTES`].
fn read_save(path: &Path) -> Result<Vec<u8>, String> {
    rummy::files::read_regular(path, MAX_SAVE_BYTES).map_err(|e| e.to_string())
}

/// The first fields of a save, enough for the Load list.
#[derive(serde::Deserialize)]
struct Glance {
    format: u32,
    variant: rummy::variants::VariantId,
    seats: Vec<Seat>,
    dictionary: Option<String>,
    moves: Vec<serde::de::IgnoredAny>,
}

/// The Load list's line for a save that names its own word list, read
/// without the list; `None` for any other save (it is loaded in full).
fn glance(path: &Path) -> Option<String> {
    let bytes = read_save(path).ok()?;
    let g: Glance = serde_json::from_slice(&bytes).ok()?;
    let list = g
        .dictionary
        .filter(|_| g.format == rummy::save::SAVE_FORMAT)?;
    let list = Path::new(&list)
        .file_name()
        .map_or(list.clone(), |n| n.to_string_lossy().into_owned());
    // No seed: a game with a word list has hidden hands, and this one is
    // not known to be over.
    Some(summary(
        g.variant,
        &g.seats,
        g.moves.len(),
        &format!(" · word list {list}"),
    ))
}

/// Whether a load error means the file itself is damaged.
fn damaged(e: &anyhow::Error) -> bool {
    match e.downcast_ref::<LoadError>() {
        Some(LoadError::Damaged { .. } | LoadError::NoFormat { .. } | LoadError::Replay { .. }) => {
            true
        }
        Some(LoadError::Invalid { message, .. }) => !message.starts_with("the game's word list"),
        _ => false,
    }
}

/// `NAME.damaged`, or `NAME.damaged-2` and on if that exists.
fn damaged_path(path: &Path) -> PathBuf {
    (1u32..)
        .map(|n| {
            let mut s = path.as_os_str().to_os_string();
            s.push(".damaged");
            if n > 1 {
                s.push(format!("-{n}"));
            }
            PathBuf::from(s)
        })
        .find(|p| !p.exists())
        .unwrap_or_else(|| path.with_extension("damaged"))
}

/// The screen's own settings of a game (kids' mode, the bots' speed), kept
/// beside its save.
fn prefs_path(save: &Path) -> PathBuf {
    save.with_extension("screen")
}

/// The screen's settings of the game of `save`, as far as they were
/// recorded: kids' mode, and the pause before each bot move.
pub fn read_prefs(save: &Path) -> (Option<bool>, Option<Duration>) {
    let text = rummy::files::read_text(&prefs_path(save), 1024).unwrap_or_default();
    let (mut kids, mut pause) = (None, None);
    for line in text.lines() {
        match line.split_once('=').map(|(k, v)| (k.trim(), v.trim())) {
            Some(("kids", v)) => kids = v.parse().ok(),
            Some(("bot_pause_ms", v)) => pause = v.parse().ok().map(Duration::from_millis),
            _ => {}
        }
    }
    (kids, pause)
}

pub fn write_prefs(save: &Path, kids: bool, bot_pause: Duration) {
    let text = format!("kids = {kids}\nbot_pause_ms = {}\n", bot_pause.as_millis());
    if let Err(e) = write_atomically(&prefs_path(save), &text) {
        tracing::warn!(
            "could not record the screen's settings for {}: {e}",
            save.display()
        );
    }
}

/// "Wump Rummy · Ann, Bot 2 (hard) · 14 moves · seed 7". The seed of a game
/// with hidden hands is named only once it is over.
pub fn describe(game: &dyn TableGame) -> String {
    let seed = game
        .seed_shown()
        .map_or(String::new(), |s| format!(" · seed {s}"));
    let state = if game.is_over() { " · finished" } else { "" };
    summary(
        game.variant(),
        game.seats(),
        game.movers().len(),
        &format!("{seed}{state}"),
    )
}

/// A save's line: the game, its seats, its moves, then `tail`.
fn summary(
    variant: rummy::variants::VariantId,
    seats: &[Seat],
    moves: usize,
    tail: &str,
) -> String {
    let names: Vec<&str> = seats.iter().map(|s| s.name.as_str()).collect();
    format!(
        "{} · {} · {}{tail}",
        variant.title(),
        names.join(", "),
        rummy::card::count_of(moves, "move")
    )
}

/// Starts the log file in the data directory (see `tui::logging`).
pub fn open_log(data: &Path) {
    super::logging::open(data, super::logging::CAP);
}
