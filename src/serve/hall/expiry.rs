//! Tables nobody comes back to: one that no screen has been at for the
//! server's expiry (`--table-expiry`) is closed, so that abandoned tables
//! do not fill the server. A game under way is kept among the data
//! directory's saves, where `rummy` on this computer lists it (Load a
//! game); a table still filling has no game, and goes.

use super::*;

impl Hall {
    /// Notes which tables nobody is at, and closes those left so too long.
    pub(super) fn expire(&mut self, now: Instant) {
        let expiry = self.limits.table_expiry;
        let at: std::collections::HashSet<&str> = self
            .conns
            .values()
            .filter_map(|c| c.at.as_deref())
            .collect();
        let mut done = Vec::new();
        for (code, table) in &self.tables {
            let here = at.contains(code.as_str());
            let mut t = lock(table);
            if here {
                t.nobody_since = None;
                continue;
            }
            let since = *t.nobody_since.get_or_insert(now);
            if now.saturating_duration_since(since) >= expiry {
                done.push(code.clone());
            }
        }
        for code in done {
            self.close_expired(&code);
        }
    }

    fn close_expired(&mut self, code: &str) {
        let Some(table) = self.tables.remove(code) else {
            return;
        };
        self.ended.remove(code);
        lock(&table).unsaved = true;
        self.save_table(&table);
        let t = lock(&table);
        let game = t.plan.variant.title();
        let (playing, kept) = match t.game.as_deref() {
            Some(g) if !g.is_over() => (true, self.keep_save(&t, g)),
            _ => (false, None),
        };
        if !playing || kept.is_some() {
            let _ = std::fs::remove_file(&t.meta);
        }
        match kept {
            Some(path) => tracing::info!(
                table = %code,
                game,
                save = %path.display(),
                "table expired: nobody was at it; its game is kept among the saves"
            ),
            None => tracing::info!(table = %code, game, "table expired: nobody was at it"),
        }
    }

    /// Moves the table's game among the saves; where it went. A game that
    /// cannot be moved stays where it is, and comes back with its table
    /// when the server starts again.
    fn keep_save(&self, t: &Table, game: &dyn crate::tui::adapter::TableGame) -> Option<PathBuf> {
        let store = self.store.as_ref()?;
        if !t.save.exists() {
            return None;
        }
        let path = store.new_path(game.variant().name());
        match std::fs::rename(&t.save, &path) {
            Ok(()) => {
                self.syncer.sync(path.clone());
                store::write_prefs(&path, t.kids, t.pause);
                Some(path)
            }
            Err(e) => {
                tracing::warn!(
                    table = %t.code,
                    error = %e,
                    "an expired table's game could not be moved among the saves: the table \
                     stays for the next start"
                );
                None
            }
        }
    }
}
