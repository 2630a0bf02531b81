//! Keeping tables: each saved after every move (the game as an ordinary
//! save, the table beside it), and those not over loaded at start.

use super::*;

impl Hall {
    pub(super) fn paths(&self, code: &str) -> (PathBuf, PathBuf) {
        let dir = self.dir.clone().unwrap_or_default();
        (
            dir.join(format!("{code}.save.json")),
            dir.join(format!("{code}.table.json")),
        )
    }

    /// Writes the table's files if a move was made since they were last
    /// written. They are written before the move's frames go out (a server
    /// killed then loses nothing), but not flushed to the disk here: the
    /// syncer does that on a thread of its own, as waiting for a disk
    /// would hold up every screen.
    pub(super) fn save_table(&mut self, table: &Shared) {
        let mut t = lock(table);
        if !std::mem::take(&mut t.unsaved) || self.dir.is_none() {
            return;
        }
        if let (Some(game), Some(store)) = (t.game.as_deref(), self.store.as_ref()) {
            match write_file(&t.save, &game.save_json()) {
                Ok(()) => self.syncer.sync(t.save.clone()),
                Err(e) => {
                    tracing::warn!("The game could not be saved to {}: {e}.", t.save.display())
                }
            }
            store.record_end(&t.save, game);
        }
        match serde_json::to_string_pretty(&t.file()) {
            Ok(text) => match write_file(&t.meta, &text) {
                Ok(()) => self.syncer.sync(t.meta.clone()),
                Err(e) => tracing::warn!("could not save {}: {e}", t.meta.display()),
            },
            Err(e) => tracing::warn!("could not save table {}: {e}", t.code),
        }
    }

    /// The tables of the last run that were not over.
    pub(super) fn load_tables(&mut self) {
        let Some(dir) = self.dir.clone() else { return };
        let Ok(entries) = std::fs::read_dir(&dir) else {
            return;
        };
        let mut metas: Vec<PathBuf> = entries
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.to_string_lossy().ends_with(".table.json"))
            .collect();
        metas.sort();
        for meta in metas {
            match self.load_table(&meta) {
                Ok(Some(table)) => {
                    let code = lock(&table).code.clone();
                    self.tables.insert(code, table);
                }
                Ok(None) => {}
                Err(why) => tracing::warn!("table {} not loaded: {why}", meta.display()),
            }
        }
    }

    pub(super) fn load_table(&self, meta: &Path) -> Result<Option<Shared>, String> {
        let text = std::fs::read_to_string(meta).map_err(|e| e.to_string())?;
        let file: TableFile = serde_json::from_str(&text).map_err(|e| e.to_string())?;
        let (save, meta) = self.paths(&file.code);
        let game = match std::fs::read_to_string(&save) {
            Ok(text) => {
                let game = crate::tui::adapter::load(&text, &save.to_string_lossy())
                    .map_err(|e| format!("{e:#}"))?;
                if game.is_over() {
                    return Ok(None);
                }
                Some(game)
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
            Err(e) => return Err(e.to_string()),
        };
        let now = Instant::now();
        let people = file
            .people
            .into_iter()
            .map(|p| {
                p.map(|mut p| {
                    p.here = false;
                    p.away_since = Some(now);
                    p
                })
            })
            .collect();
        let plan = NewTable {
            variant: file.variant,
            options: file.options,
            seats: file.seats,
            seed: file.seed,
            dict: self.config.dict.clone(),
            dict_path: self.config.dict_path.clone(),
        };
        let mut table = Table {
            code: file.code,
            creator: file.creator,
            password: file.password,
            plan,
            kids: file.kids,
            pause: Duration::from_millis(file.pause_ms),
            people,
            game,
            said: Said::new(),
            last_move: now,
            unsaved: false,
            thinking: None,
            // Nobody is at a table brought back: if nobody comes, it
            // expires as one they left would.
            nobody_since: Some(now),
            save,
            meta,
        };
        if table.started() {
            table.say("The server was restarted; the game goes on where it was.".into());
        }
        Ok(Some(Arc::new(Mutex::new(table))))
    }
}

pub(super) fn write_file(path: &Path, text: &str) -> std::io::Result<()> {
    use std::io::Write;
    let tmp = path.with_extension("tmp");
    let _ = std::fs::remove_file(&tmp);
    // The table's hands are its players' only (0600).
    rummy::files::private_options()
        .write(true)
        .create_new(true)
        .open(&tmp)?
        .write_all(text.as_bytes())?;
    std::fs::rename(&tmp, path)
}

/// Flushes the tables' files to the disk on a thread of its own, each file
/// once however often it was written while the thread was busy.
pub(super) struct Syncer {
    files: Option<std::sync::mpsc::Sender<PathBuf>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Syncer {
    pub(super) fn start() -> Syncer {
        let (tx, rx) = std::sync::mpsc::channel::<PathBuf>();
        let thread = std::thread::Builder::new()
            .name("syncer".into())
            .spawn(move || {
                while let Ok(first) = rx.recv() {
                    let mut waiting = vec![first];
                    while let Ok(path) = rx.try_recv() {
                        if !waiting.contains(&path) {
                            waiting.push(path);
                        }
                    }
                    for path in waiting {
                        flush(&path);
                    }
                }
            });
        match thread {
            Ok(thread) => Syncer {
                files: Some(tx),
                thread: Some(thread),
            },
            Err(e) => {
                tracing::warn!("no syncer thread ({e}): files are flushed in turn");
                Syncer {
                    files: None,
                    thread: None,
                }
            }
        }
    }

    pub(super) fn sync(&self, path: PathBuf) {
        match &self.files {
            Some(tx) => {
                if let Err(std::sync::mpsc::SendError(path)) = tx.send(path) {
                    flush(&path);
                }
            }
            None => flush(&path),
        }
    }

    /// Waits until every file written is on the disk.
    pub(super) fn finish(&mut self) {
        self.files = None;
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

impl Drop for Syncer {
    fn drop(&mut self) {
        self.finish();
    }
}

/// A file written, to the disk. (One gone since, a table closed, is not.)
fn flush(path: &Path) {
    if let Ok(file) = std::fs::File::open(path)
        && let Err(e) = file.sync_all()
    {
        tracing::warn!("could not flush {}: {e}", path.display());
    }
}
