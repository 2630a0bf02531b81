//! Reading a file a user names (a word list, a rules file, a save): only a
//! regular file, and no more of it than a stated limit. The kind and size are
//! checked before the file is opened, as opening a named pipe for reading
//! waits for a writer for ever, and the opened file is checked again and
//! read no further than the limit.

use std::io::Read;
use std::path::Path;

/// Why a file could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FileError {
    #[error("it does not exist")]
    Missing,
    #[error("it is {0}, not a regular file")]
    NotAFile(&'static str),
    #[error("it is {size} bytes; at most {limit} bytes are read")]
    TooLarge { size: u64, limit: u64 },
    #[error("{0}")]
    Unreadable(String),
}

/// An I/O error's reason for a person: "Permission denied", not
/// "Permission denied (os error 13)".
pub fn io_reason(e: &std::io::Error) -> String {
    let text = e.to_string();
    match text.find(" (os error") {
        Some(i) => text[..i].to_string(),
        None => text,
    }
}

/// Makes the folder `dir` (and any missing folder above it) readable by
/// its owner only (0700), and makes an existing `dir` so: saves and logs
/// hold hidden hands and addresses that no other user of the computer may
/// read. A folder a user named, such as `--data-dir`, is made private
/// only when the program makes it, except the server's (see
/// [`own_private_dir`]).
pub fn private_dir(dir: &Path) -> std::io::Result<()> {
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::DirBuilderExt;
        builder.mode(0o700);
    }
    builder.create(dir)
}

/// [`private_dir`], and an existing `dir` made private too: the mode it
/// had, if others could use it.
pub fn own_private_dir(dir: &Path) -> std::io::Result<Option<u32>> {
    private_dir(dir)?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(dir)?.permissions().mode() & 0o777;
        if mode & 0o077 != 0 {
            std::fs::set_permissions(dir, std::fs::Permissions::from_mode(mode & 0o700))?;
            return Ok(Some(mode));
        }
    }
    Ok(None)
}

/// Options that make a new file readable and writable by its owner only
/// (0600).
pub fn private_options() -> std::fs::OpenOptions {
    let mut options = std::fs::OpenOptions::new();
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    options
}

/// The file at `path` opened to append to, made private if it is new.
pub fn private_append(path: &Path) -> std::io::Result<std::fs::File> {
    private_options().create(true).append(true).open(path)
}

/// What a path that is not a regular file is, in words.
fn kind_of(t: std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a named pipe (FIFO)";
        }
        if t.is_char_device() || t.is_block_device() {
            return "a device";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    if t.is_dir() {
        "a directory"
    } else {
        "not a file"
    }
}

/// The bytes of the regular file at `path`, if it holds at most `limit`.
pub fn read_regular(path: &Path, limit: u64) -> Result<Vec<u8>, FileError> {
    let io_error = |e: std::io::Error| match e.kind() {
        std::io::ErrorKind::NotFound => FileError::Missing,
        _ => FileError::Unreadable(io_reason(&e)),
    };
    let check = |meta: &std::fs::Metadata| {
        if !meta.is_file() {
            return Err(FileError::NotAFile(kind_of(meta.file_type())));
        }
        if meta.len() > limit {
            return Err(FileError::TooLarge {
                size: meta.len(),
                limit,
            });
        }
        Ok(())
    };
    check(&std::fs::metadata(path).map_err(io_error)?)?;
    let file = std::fs::File::open(path).map_err(io_error)?;
    check(&file.metadata().map_err(io_error)?)?;
    let mut bytes = Vec::new();
    file.take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(io_error)?;
    if bytes.len() as u64 > limit {
        return Err(FileError::TooLarge {
            size: bytes.len() as u64,
            limit,
        });
    }
    Ok(bytes)
}

/// The text of the regular file at `path`, if it holds at most `limit` bytes
/// of UTF-8.
pub fn read_text(path: &Path, limit: u64) -> Result<String, FileError> {
    String::from_utf8(read_regular(path, limit)?)
        .map_err(|_| FileError::Unreadable("it is not UTF-8 text".into()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    fn mode(path: &Path) -> u32 {
        use std::os::unix::fs::PermissionsExt;
        std::fs::metadata(path).unwrap().permissions().mode() & 0o777
    }

    /// Saves, logs and their folders are their owner's only: no other user
    /// of the computer can read a hidden hand from them.
    #[cfg(unix)]
    #[test]
    fn saves_and_their_folders_are_made_private() {
        use std::os::unix::fs::PermissionsExt;
        let top = tempfile::tempdir().unwrap();
        let saves = top.path().join("data").join("saves");
        crate::save::write_atomically(&saves.join("game.json"), "{}").unwrap();
        assert_eq!(mode(&saves), 0o700);
        assert_eq!(mode(&top.path().join("data")), 0o700);
        assert_eq!(mode(&saves.join("game.json")), 0o600);
        // A file written again keeps private; so does a log appended to.
        crate::save::write_atomically(&saves.join("game.json"), "{ }").unwrap();
        assert_eq!(mode(&saves.join("game.json")), 0o600);
        private_append(&saves.join("log")).unwrap();
        assert_eq!(mode(&saves.join("log")), 0o600);
        // A folder of the program's made by an older version is closed.
        let old = top.path().join("old");
        std::fs::create_dir(&old).unwrap();
        std::fs::set_permissions(&old, std::fs::Permissions::from_mode(0o755)).unwrap();
        assert_eq!(own_private_dir(&old).unwrap(), Some(0o755));
        assert_eq!(mode(&old), 0o700);
        assert_eq!(own_private_dir(&old).unwrap(), None, "private already");
    }

    #[test]
    fn only_a_regular_file_under_the_limit_is_read() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path();
        let file = dir.join("a.txt");
        std::fs::write(&file, "hello").unwrap();
        assert_eq!(read_text(&file, 5).unwrap(), "hello");
        assert_eq!(
            read_regular(&file, 4),
            Err(FileError::TooLarge { size: 5, limit: 4 })
        );
        assert_eq!(
            read_regular(dir, 100),
            Err(FileError::NotAFile("a directory"))
        );
        assert_eq!(
            read_regular(&dir.join("none"), 100),
            Err(FileError::Missing)
        );
        #[cfg(unix)]
        {
            let fifo = dir.join("pipe");
            let made = std::process::Command::new("mkfifo").arg(&fifo).status();
            if made.is_ok_and(|s| s.success()) {
                assert_eq!(
                    read_regular(&fifo, 100),
                    Err(FileError::NotAFile("a named pipe (FIFO)"))
                );
            }
        }
    }
}
