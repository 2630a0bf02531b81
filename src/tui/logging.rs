//! The program's log: `rummy.log` in the data directory, written through
//! `tracing` (the crates' own `log` records, russh's among them, go there
//! too). Each line has a time (UTC, RFC 3339), a level and what happened.
//! The file is kept under a size cap: when it reaches it, it becomes
//! `rummy.log.1` (the one before that is dropped) and a new one starts.
//! Nothing of it is ever drawn on a screen.
//!
//! `RUMMY_LOG` chooses what is written, as `tracing` directives: `debug`,
//! or `info,russh=debug`. The default is `info` for the program and `warn`
//! for the crates beneath it.

use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use tracing_subscriber::filter::Targets;
use tracing_subscriber::fmt::MakeWriter;
use tracing_subscriber::prelude::*;

/// The log's size before it is set aside: about 5 MB, two files at most.
pub const CAP: u64 = 5 * 1024 * 1024;

/// What is written unless `RUMMY_LOG` says otherwise.
const DEFAULT: &str = "warn,rummy=info";

/// Starts the log in `data` (made private if it is new). Once a process:
/// a second call does nothing. Without a file (a folder that cannot be
/// written), nothing is logged and nothing else changes.
pub fn open(data: &Path, cap: u64) {
    let Ok(file) = CappedFile::open(&data.join("rummy.log"), cap) else {
        return;
    };
    let filter = std::env::var("RUMMY_LOG")
        .ok()
        .and_then(|s| s.parse::<Targets>().ok())
        .or_else(|| DEFAULT.parse::<Targets>().ok())
        .unwrap_or_else(|| Targets::new().with_default(tracing::Level::INFO));
    let layer = tracing_subscriber::fmt::layer()
        .with_writer(file)
        .with_ansi(false)
        .log_internal_errors(false);
    let _ = tracing_subscriber::registry()
        .with(layer)
        .with(filter)
        .try_init();
}

/// A log file with a size cap, shared by every thread.
#[derive(Clone)]
pub struct CappedFile {
    inner: Arc<Mutex<Inner>>,
}

struct Inner {
    path: PathBuf,
    file: File,
    written: u64,
    cap: u64,
}

impl CappedFile {
    pub fn open(path: &Path, cap: u64) -> io::Result<CappedFile> {
        if let Some(dir) = path.parent() {
            rummy::files::private_dir(dir)?;
        }
        let file = rummy::files::private_append(path)?;
        let written = file.metadata().map_or(0, |m| m.len());
        Ok(CappedFile {
            inner: Arc::new(Mutex::new(Inner {
                path: path.to_path_buf(),
                file,
                written,
                cap,
            })),
        })
    }
}

impl Inner {
    /// `rummy.log` becomes `rummy.log.1`, and a new one starts.
    fn roll(&mut self) -> io::Result<()> {
        let mut aside = self.path.clone().into_os_string();
        aside.push(".1");
        fs::rename(&self.path, PathBuf::from(aside))?;
        self.file = rummy::files::private_append(&self.path)?;
        self.written = 0;
        Ok(())
    }
}

/// One event's line, written whole when the event is done.
pub struct Line {
    to: Arc<Mutex<Inner>>,
    text: Vec<u8>,
}

impl Write for Line {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.text.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl Drop for Line {
    /// A log that cannot be written loses the line, and nothing else.
    fn drop(&mut self) {
        if self.text.is_empty() {
            return;
        }
        let mut inner = self.to.lock().unwrap_or_else(|e| e.into_inner());
        if inner.written > 0 && inner.written + self.text.len() as u64 > inner.cap {
            let _ = inner.roll();
        }
        if inner.file.write_all(&self.text).is_ok() {
            inner.written += self.text.len() as u64;
        }
    }
}

impl<'a> MakeWriter<'a> for CappedFile {
    type Writer = Line;

    fn make_writer(&'a self) -> Line {
        Line {
            to: self.inner.clone(),
            text: Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_log_is_set_aside_at_its_cap_and_keeps_one_file_before() {
        let dir = tempfile::tempdir().expect("a folder");
        let path = dir.path().join("rummy.log");
        let log = CappedFile::open(&path, 100).expect("opens");
        for i in 0..30 {
            let mut line = log.make_writer();
            writeln!(line, "line {i:02} of the log, twenty-nine bytes").expect("writes");
        }
        let now = fs::read_to_string(&path).expect("the log");
        let before = fs::read_to_string(dir.path().join("rummy.log.1")).expect("the one before");
        assert!(
            now.len() <= 100 && before.len() <= 100,
            "{now:?} {before:?}"
        );
        assert!(now.ends_with("line 29 of the log, twenty-nine bytes\n"));
        assert!(before.contains("line 27") || before.contains("line 26"));
        let files = fs::read_dir(dir.path()).expect("lists").count();
        assert_eq!(files, 2, "rummy.log and rummy.log.1 only");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = fs::metadata(&path).expect("meta").permissions().mode();
            assert_eq!(mode & 0o077, 0, "the log is private: {mode:o}");
        }
    }
}
