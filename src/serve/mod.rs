//! `rummy serve`: play across terminals. Everyone joins with the `ssh` they
//! already have and gets the same screen as at home, drawn from their own
//! seat. `listen` accepts the connections and keeps strangers' ones from
//! piling up, `ssh` carries the bytes (the `russh` crate), `hall` runs
//! every screen, table and bot on one thread, `shared` is a table and the
//! one door a screen has to it, and `input` reads keys from a terminal's
//! bytes.

pub mod hall;
pub mod host;
pub mod listen;
pub mod memory;
pub mod shared;
pub mod ssh;
pub mod startups;

use crate::tui::app::Config;
use crate::tui::store;
use anyhow::{Context, Result, anyhow};
use hall::{Event, Hall, Limits};
use russh::keys::ssh_key::{self, LineEnding, PrivateKey};
use std::collections::HashSet;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

pub struct ServeOptions {
    pub listen: SocketAddr,
    pub host_key: Option<PathBuf>,
    pub authorized_keys: Option<PathBuf>,
    pub data_dir: PathBuf,
    pub limits: Limits,
    pub config: Config,
    /// `--ascii` and `--theme` as given: they win over each terminal's own
    /// variables.
    pub theme_flags: (bool, Option<crate::tui::theme::Palette>),
    /// Play in this terminal too, under this name (`--play`); quitting its
    /// screen stops the server.
    pub play: Option<String>,
    /// The limits on connections still logging in.
    pub door: listen::Door,
}

/// The listening socket failed in a way that waiting could not mend; the
/// tables were saved before the server stopped.
#[derive(Debug)]
pub struct ListenerStopped(pub std::io::Error);

impl std::fmt::Display for ListenerStopped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "the listener stopped: {}", self.0)
    }
}

impl std::error::Error for ListenerStopped {}

/// Runs the server until SIGINT, SIGTERM or SIGHUP; every table is saved
/// after every move, and once more on the way out. Should the listening
/// socket fail for good, the tables are saved the same way and the error is
/// a `ListenerStopped`.
pub fn run(opts: ServeOptions) -> Result<()> {
    memory::few_arenas();
    // The data directory holds saves with hidden hands, the tables'
    // password hashes and the log of addresses: one that others could read
    // is made private.
    let opened = rummy::files::own_private_dir(&opts.data_dir)
        .with_context(|| format!("making the data directory {}", opts.data_dir.display()))?;
    store::open_log(&opts.data_dir);
    if let Some(mode) = opened {
        tracing::info!(
            dir = %opts.data_dir.display(),
            "the data directory was readable by others (mode {mode:o}): made private (700)"
        );
    }
    let key_path = opts
        .host_key
        .clone()
        .unwrap_or_else(|| opts.data_dir.join("host_key"));
    let key = host_key(&key_path)?;
    let access = match &opts.authorized_keys {
        Some(path) => ssh::Access {
            keys: Some(Arc::new(allowed_keys(path)?)),
        },
        None => ssh::Access::default(),
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .context("starting the network")?;
    let listener = runtime
        .block_on(tokio::net::TcpListener::bind(opts.listen))
        .with_context(|| format!("listening on {}", opts.listen))?;
    let local = listener.local_addr().context("reading the address")?;
    let host = if local.ip().is_unspecified() {
        "THIS-COMPUTER".to_string()
    } else {
        local.ip().to_string()
    };
    let address = format!("ssh -p {} NAME@{host}", local.port());
    let mut hall = Hall::new(
        opts.config.clone(),
        Some(&opts.data_dir),
        address.clone(),
        opts.limits.clone(),
    );
    hall.theme_flags = opts.theme_flags;
    hall.host_key = format!(
        " (host key {})",
        key.public_key().fingerprint(ssh_key::HashAlg::Sha256)
    );
    let restored = hall.table_count();
    let fingerprint = key.public_key().fingerprint(ssh_key::HashAlg::Sha256);
    say(&format!("rummy serve: listening on {local}."));
    say(&format!(
        "Join with: {address}  (NAME is the name you play under)"
    ));
    if local.ip().is_unspecified() {
        say("THIS-COMPUTER is this computer's name or address on your network.");
    }
    say(&format!("Host key: {fingerprint}"));
    match restored {
        0 => {}
        1 => say("1 table was restored from the last run."),
        n => say(&format!("{n} tables were restored from the last run.")),
    }
    say("Ctrl-C stops the server; every game is saved.");
    tracing::info!("serving on {local}");

    let (events, inbox) = std::sync::mpsc::channel();
    let (done_tx, done_rx) = tokio::sync::oneshot::channel::<bool>();
    let playing = std::thread::Builder::new()
        .name("hall".into())
        .spawn(move || {
            let ok = hall::guarded(|| hall.run(inbox));
            if let Err(what) = &ok {
                tracing::error!("the hall stopped: {what}");
            }
            // The goodbyes go out before the connections close.
            std::thread::sleep(Duration::from_millis(300));
            let _ = done_tx.send(ok.is_ok());
        })
        .context("starting the server")?;
    watch_signals(events.clone())?;
    let host_events = events.clone();

    let config = russh::server::Config {
        keys: vec![key],
        auth_rejection_time: Duration::from_millis(300),
        auth_rejection_time_initial: Some(Duration::ZERO),
        inactivity_timeout: Some(opts.limits.idle + Duration::from_secs(60)),
        keepalive_interval: Some(Duration::from_secs(30)),
        nodelay: true,
        ..Default::default()
    };
    // Twice the screens one address may have: room for sessions that are
    // logging in.
    let most = opts.limits.per_address.saturating_mul(2);
    let stop = events.clone();
    let lobby = ssh::Lobby::new(events, access, most);
    let (served_tx, served_rx) = tokio::sync::oneshot::channel::<std::io::Error>();
    tracing::info!(
        addr = %local,
        login_grace_s = opts.door.grace.as_secs_f64(),
        max_startups = opts.door.startups,
        max_startups_per_address = opts.door.startups_per_address,
        max_connections = opts.limits.connections,
        max_per_address = opts.limits.per_address,
        "listening"
    );
    runtime.spawn(async move {
        let error = listen::serve(listener, Arc::new(config), lobby, opts.door).await;
        // No one can come in any more: the hall saves every table and says
        // goodbye (the host's screen too), as on Ctrl-C.
        let _ = stop.send(Event::Stop);
        let _ = served_tx.send(error);
    });
    // The host's screen, until it quits; the server stops with it (once
    // every table is saved, whatever became of the terminal).
    let played = opts.play.as_deref().map(|name| {
        let played = host::play(host_events.clone(), name);
        let _ = host_events.send(Event::Stop);
        played
    });
    let (ok, listener_error) = runtime.block_on(async move {
        let mut done_rx = done_rx;
        tokio::select! {
            done = &mut done_rx => (done.unwrap_or(false), None),
            Ok(error) = served_rx => (done_rx.await.unwrap_or(false), Some(error)),
        }
    });
    runtime.shutdown_timeout(Duration::from_secs(2));
    let _ = playing.join();
    tracing::info!("server stopped");
    if let Some(Err(e)) = played {
        tracing::warn!("the host's screen: {e:#}");
    }
    if let Some(error) = listener_error {
        tracing::error!("the listener stopped: {error}");
        return Err(ListenerStopped(error).into());
    }
    if ok {
        // The terminal may have hung up: then there is nobody to tell.
        say("rummy serve: stopped; every game is saved.");
        Ok(())
    } else {
        Err(anyhow!(
            "the server stopped on an error; the tables were saved after their last move"
        ))
    }
}

/// SIGINT, SIGTERM, SIGHUP and SIGQUIT stop the server (after saving); a
/// second one ends it at once, should the first one's stop hang.
fn watch_signals(events: std::sync::mpsc::Sender<Event>) -> Result<()> {
    #[cfg(unix)]
    {
        use signal_hook::consts::{SIGHUP, SIGINT, SIGQUIT, SIGTERM};
        let mut signals = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP, SIGQUIT])
            .context("watching for signals")?;
        std::thread::spawn(move || {
            let mut told = false;
            for sig in signals.forever() {
                if told {
                    tracing::warn!("ended on a second signal {sig}");
                    std::process::exit(128 + sig);
                }
                tracing::info!("stopping on signal {sig}");
                let _ = events.send(Event::Stop);
                told = true;
            }
        });
    }
    #[cfg(not(unix))]
    let _ = events;
    Ok(())
}

/// The server's key: read from `path`, or made there the first time (and
/// kept, so that clients see the same host each time).
fn host_key(path: &Path) -> Result<PrivateKey> {
    if path.exists() {
        return russh::keys::load_secret_key(path, None)
            .map_err(|e| anyhow!("reading the host key {}: {e}", path.display()));
    }
    let key = PrivateKey::random(&mut rand::rng(), ssh_key::Algorithm::Ed25519)
        .map_err(|e| anyhow!("making a host key: {e}"))?;
    if let Some(dir) = path.parent() {
        rummy::files::private_dir(dir).with_context(|| format!("making {}", dir.display()))?;
    }
    let text = key
        .to_openssh(LineEnding::LF)
        .map_err(|e| anyhow!("writing the host key: {e}"))?;
    write_private(path, text.as_bytes())
        .with_context(|| format!("writing the host key {}", path.display()))?;
    Ok(key)
}

fn write_private(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    options.open(path)?.write_all(bytes)
}

/// The fingerprints of the keys in an `authorized_keys` file.
fn allowed_keys(path: &Path) -> Result<HashSet<String>> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("reading the allowed keys {}", path.display()))?;
    let mut keys = HashSet::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let entry = line
            .parse::<ssh_key::authorized_keys::Entry>()
            .map_err(|e| anyhow!("{} line {}: not a public key ({e})", path.display(), i + 1))?;
        keys.insert(ssh::fingerprint(entry.public_key()));
    }
    if keys.is_empty() {
        return Err(anyhow!(
            "{} lists no key, so nobody could join",
            path.display()
        ));
    }
    Ok(keys)
}

/// A line on the server's own output. Nothing is lost if there is nobody
/// to read it (a terminal hung up, output closed): the log has the facts.
fn say(line: &str) {
    use std::io::Write;
    let mut out = std::io::stdout();
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

/// The command line of `rummy serve` (the screen's own flags, such as
/// `--theme`, apply to it as well).
#[derive(clap::Args, Debug)]
pub struct ServeArgs {
    /// Where to listen. 127.0.0.1 lets only this computer join; use
    /// 0.0.0.0:2222 to let the other computers of your network join.
    #[arg(long, value_name = "ADDR:PORT", default_value = "127.0.0.1:2222")]
    pub listen: std::net::SocketAddr,
    /// The server's SSH key (made there the first time). Without it:
    /// host_key in the data directory.
    #[arg(long, value_name = "PATH")]
    pub host_key: Option<PathBuf>,
    /// Let in only the keys listed in this file (OpenSSH's
    /// authorized_keys format); without it anyone who can reach the
    /// port may join.
    #[arg(long, value_name = "PATH")]
    pub authorized_keys: Option<PathBuf>,
    /// At most this many tables at once.
    #[arg(long, value_name = "N", default_value_t = 50)]
    pub max_tables: usize,
    /// At most this many people connected at once.
    #[arg(long, value_name = "N", default_value_t = 200)]
    pub max_connections: usize,
    /// At most this many connections from one address.
    #[arg(long, value_name = "N", default_value_t = 8)]
    pub max_per_address: usize,
    /// Close a connection not logged in with its screen open this many
    /// seconds after it came.
    #[arg(long, value_name = "SECS", default_value_t = 30)]
    pub login_grace: u64,
    /// At most this many connections logging in at once; more are
    /// closed at once.
    #[arg(long, value_name = "N", default_value_t = 30)]
    pub max_startups: usize,
    /// At most this many connections logging in at once from one
    /// address; more are closed at once.
    #[arg(long, value_name = "N", default_value_t = 10)]
    pub max_startups_per_address: usize,
    /// Close a connection after this many minutes with no key.
    #[arg(long, value_name = "MINUTES", default_value_t = 30)]
    pub idle_minutes: u64,
    /// After this many seconds away, the table's creator may hand the
    /// seat to a bot until its player is back.
    #[arg(long, value_name = "SECONDS", default_value_t = 120)]
    pub away_seconds: u64,
    /// Close a table nobody has been connected to for this many
    /// minutes (a table restored at start counts from then). A game
    /// under way is kept among the saves, where `rummy` on this
    /// computer can load it.
    #[arg(long, value_name = "MINUTES", default_value_t = 30)]
    pub table_expiry: u64,
    /// Where the key, the tables and the log live (as for the game
    /// screen).
    #[arg(long, value_name = "PATH")]
    pub data_dir: Option<PathBuf>,
    /// Play in this terminal as well (quitting its screen stops the
    /// server).
    #[arg(long)]
    pub play: bool,
    /// With --play: the name you play under (default: your login name).
    #[arg(long, value_name = "NAME", requires = "play")]
    pub name: Option<String>,
}
