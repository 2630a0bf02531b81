//! What the tests of `rummy serve` share: the real server started on a
//! loopback port with its own data folder, and SSH clients (the `russh`
//! client, so nothing needs installing) whose terminals are read back
//! through a terminal emulator (vt100), every frame kept for checking.
//!
//! One module of the test program (`tests/suite/main.rs`), which its test
//! files share; what none of them uses is reported as dead code.

use russh::client;
use russh::keys::{PrivateKey, PrivateKeyWithHashAlg, ssh_key};
use russh::{ChannelMsg, ChannelReadHalf, ChannelWriteHalf};
use std::io::{BufRead, BufReader};
use std::net::IpAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

pub const DOWN: &str = "\x1b[B";
pub const UP: &str = "\x1b[A";
pub const LEFT: &str = "\x1b[D";
pub const RIGHT: &str = "\x1b[C";

/// How long a test waits for something it expects to see.
pub const PATIENCE: Duration = Duration::from_secs(20);

/// One runtime for every client of a test binary.
pub fn runtime() -> &'static tokio::runtime::Runtime {
    static RT: OnceLock<tokio::runtime::Runtime> = OnceLock::new();
    RT.get_or_init(|| {
        tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .expect("a runtime")
    })
}

/// `rummy serve` on a free loopback port.
pub struct Server {
    pub child: Child,
    pub port: u16,
    pub data: PathBuf,
    /// What it says on stderr, where it was asked to be kept
    /// (`start_keeping_stderr`); else it goes to the test's.
    stderr: Option<Arc<Mutex<String>>>,
}

impl Server {
    /// Starts the server with `--data-dir data` and then `args`, and waits
    /// until it says where it listens.
    pub fn start(data: &Path, args: &[&str]) -> Server {
        Server::start_on(data, 0, args)
    }

    /// The same on a given port (0: any free one).
    pub fn start_on(data: &Path, port: u16, args: &[&str]) -> Server {
        Server::spawn(
            Command::new(env!("CARGO_BIN_EXE_rummy")),
            data,
            port,
            args,
            false,
        )
    }

    /// The same on any free port, keeping what it says on stderr (see
    /// `stderr`).
    pub fn start_keeping_stderr(data: &Path, args: &[&str]) -> Server {
        Server::spawn(
            Command::new(env!("CARGO_BIN_EXE_rummy")),
            data,
            0,
            args,
            true,
        )
    }

    /// What it has said on stderr so far (with `start_keeping_stderr`).
    pub fn stderr(&self) -> String {
        self.stderr
            .as_ref()
            .map(|s| s.lock().unwrap().clone())
            .unwrap_or_default()
    }

    /// Waits (at most `PATIENCE`) for it to exit; its status.
    pub fn wait_exit(&mut self) -> std::process::ExitStatus {
        let start = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().expect("its status") {
                return status;
            }
            assert!(start.elapsed() < PATIENCE, "the server is still running");
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// The same on any free port, the process allowed at most `files` open
    /// files (`ulimit -n`).
    pub fn start_with_file_limit(data: &Path, files: u32, args: &[&str]) -> Server {
        let mut sh = Command::new("sh");
        sh.args(["-c", &format!("ulimit -n {files} && exec \"$0\" \"$@\"")])
            .arg(env!("CARGO_BIN_EXE_rummy"));
        Server::spawn(sh, data, 0, args, false)
    }

    fn spawn(
        mut command: Command,
        data: &Path,
        port: u16,
        args: &[&str],
        keep_stderr: bool,
    ) -> Server {
        let listen = format!("127.0.0.1:{port}");
        let mut child = command
            .args(["serve", "--listen", &listen, "--data-dir"])
            .arg(data)
            .args(args)
            .env("XDG_CONFIG_HOME", data.join("config"))
            // Cards print the same on every machine: suit symbols, not
            // letters.
            .env("LANG", "C.UTF-8")
            .env_remove("LC_ALL")
            .env_remove("LC_CTYPE")
            .env_remove("RUMMY_THEME")
            .env_remove("COLORFGBG")
            .env_remove("NO_COLOR")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(if keep_stderr {
                Stdio::piped()
            } else {
                Stdio::inherit()
            })
            .spawn()
            .expect("rummy serve starts");
        let stderr = child.stderr.take().map(|err| {
            let kept = Arc::new(Mutex::new(String::new()));
            let into = kept.clone();
            std::thread::spawn(move || {
                for line in BufReader::new(err).lines().map_while(Result::ok) {
                    let mut k = into.lock().unwrap();
                    k.push_str(&line);
                    k.push('\n');
                }
            });
            kept
        });
        let out = child.stdout.take().expect("its output");
        let mut lines = BufReader::new(out).lines();
        let first = lines
            .next()
            .and_then(|l| l.ok())
            .expect("rummy serve says where it listens");
        // "rummy serve: listening on 127.0.0.1:PORT."
        let port = first
            .trim_end_matches('.')
            .rsplit(':')
            .next()
            .and_then(|p| p.parse().ok())
            .unwrap_or_else(|| panic!("no port in {first:?}"));
        // The rest of its output is read (and dropped) so it never blocks.
        std::thread::spawn(move || for _ in lines.by_ref() {});
        Server {
            child,
            port,
            data: data.to_path_buf(),
            stderr,
        }
    }

    /// Breaks its listening socket from outside (Linux): takes a copy of
    /// the socket from the process (`pidfd_getfd`) and shuts it down, after
    /// which every accept on it fails with EINVAL, an error no waiting
    /// mends.
    #[cfg(target_os = "linux")]
    pub fn break_listener(&self) {
        let pid = self.pid();
        // The listening socket's inode, from the process's view of TCP.
        let tcp = std::fs::read_to_string(format!("/proc/{pid}/net/tcp")).expect("its sockets");
        let inode = tcp
            .lines()
            .skip(1)
            .map(|l| l.split_whitespace().collect::<Vec<_>>())
            .find(|f| {
                f.len() > 9
                    && f[3] == "0A"
                    && f[1]
                        .rsplit(':')
                        .next()
                        .and_then(|p| u16::from_str_radix(p, 16).ok())
                        == Some(self.port)
            })
            .map(|f| f[9].to_string())
            .expect("the listening socket");
        let target = format!("socket:[{inode}]");
        let fd: i32 = std::fs::read_dir(format!("/proc/{pid}/fd"))
            .expect("its files")
            .flatten()
            .find(|e| std::fs::read_link(e.path()).is_ok_and(|t| t.to_string_lossy() == target))
            .and_then(|e| e.file_name().to_str()?.parse().ok())
            .expect("the listening socket's descriptor");
        // SAFETY: plain system calls on descriptors this function owns.
        unsafe {
            let pidfd = libc::syscall(libc::SYS_pidfd_open, pid as libc::pid_t, 0) as i32;
            assert!(
                pidfd >= 0,
                "pidfd_open: {}",
                std::io::Error::last_os_error()
            );
            let copy = libc::syscall(libc::SYS_pidfd_getfd, pidfd, fd, 0) as i32;
            assert!(
                copy >= 0,
                "pidfd_getfd: {}",
                std::io::Error::last_os_error()
            );
            assert_eq!(libc::shutdown(copy, libc::SHUT_RDWR), 0, "shutdown");
            libc::close(copy);
            libc::close(pidfd);
        }
    }

    /// Kills the server at once (SIGKILL): nothing is saved on the way out.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Whether the process still runs.
    pub fn alive(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// How many files (sockets included) it has open, where /proc tells it.
    pub fn open_files(&self) -> Option<usize> {
        Some(
            std::fs::read_dir(format!("/proc/{}/fd", self.pid()))
                .ok()?
                .count(),
        )
    }

    /// Its resident memory in KiB (`VmRSS`), where /proc tells it.
    pub fn rss_kib(&self) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.pid())).ok()?;
        let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
        line.split_whitespace().nth(1)?.parse().ok()
    }

    /// Sends it `signal` ("INT" as Ctrl-C would, "TERM", "HUP", "QUIT"),
    /// and waits for it to exit; its status.
    pub fn signal(&mut self, signal: &str) -> std::process::ExitStatus {
        let _ = Command::new("kill")
            .args([&format!("-{signal}"), &self.child.id().to_string()])
            .status();
        self.child.wait().expect("the server exits")
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.kill();
    }
}

struct Trusting;

impl client::Handler for Trusting {
    type Error = russh::Error;

    async fn check_server_key(
        &mut self,
        _key: &russh::keys::PublicKeyOrCertificate,
    ) -> Result<bool, Self::Error> {
        Ok(true)
    }
}

/// What a client's terminal shows, and every frame it was sent.
struct Term {
    parser: vt100::Parser,
    /// The screen's text after each chunk of bytes, not yet taken.
    frames: Vec<String>,
    /// Every byte received.
    raw: Vec<u8>,
    /// How many data messages came (one a frame the server sent).
    chunks: usize,
    /// When each data message that changed the screen's text arrived (read
    /// as it arrived, before it was drawn).
    changes: Vec<Instant>,
    closed: bool,
}

/// An SSH client with a terminal of its own.
pub struct Client {
    pub user: String,
    handle: client::Handle<Trusting>,
    writer: ChannelWriteHalf<client::Msg>,
    term: Arc<Mutex<Term>>,
    /// Set while the client stops reading what the server sends.
    paused: Arc<AtomicBool>,
    /// How many messages it has sent on its channel (keys, window changes,
    /// variables).
    sent: AtomicUsize,
}

/// How a client reads what the server sends.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Reading {
    /// Everything, as it comes.
    Always,
    /// As it comes, but with a tiny window and a one-message buffer: once
    /// it stops reading (`Client::pause_reading`), the server soon has to
    /// wait for it.
    Slow,
}

/// A new Ed25519 key.
pub fn new_key() -> PrivateKey {
    PrivateKey::random(&mut rand::rng(), ssh_key::Algorithm::Ed25519).expect("a key")
}

impl Client {
    /// Connects as `user` with a new key, with a terminal of 80×24.
    pub fn connect(port: u16, user: &str) -> Client {
        Client::connect_with(port, user, Some(new_key()), (80, 24)).expect("connects")
    }

    /// Connects as `user`, with `key` (else keyboard-interactive, as an
    /// `ssh` with no key does), with a terminal of `size`.
    pub fn connect_with(
        port: u16,
        user: &str,
        key: Option<PrivateKey>,
        size: (u32, u32),
    ) -> Result<Client, String> {
        Client::open(port, user, key, size, Reading::Always)
    }

    /// Connects as `user` with a new key and a terminal of 80×24, with a
    /// window so small that a pause in reading soon holds the server up.
    pub fn connect_slow(port: u16, user: &str) -> Client {
        Client::open(port, user, Some(new_key()), (80, 24), Reading::Slow).expect("connects")
    }

    /// Connects as `user` with a new key and a terminal of 80×24, from the
    /// loopback address `from` (such as 127.0.0.2: the whole of 127/8 is
    /// this machine on Linux).
    pub fn connect_from(port: u16, user: &str, from: &str) -> Client {
        let from: IpAddr = from.parse().expect("an address");
        Client::open_from(
            port,
            user,
            Some(new_key()),
            (80, 24),
            Reading::Always,
            Some(from),
        )
        .expect("connects")
    }

    pub fn open(
        port: u16,
        user: &str,
        key: Option<PrivateKey>,
        size: (u32, u32),
        reading: Reading,
    ) -> Result<Client, String> {
        Client::open_from(port, user, key, size, reading, None)
    }

    fn open_from(
        port: u16,
        user: &str,
        key: Option<PrivateKey>,
        size: (u32, u32),
        reading: Reading,
        from: Option<IpAddr>,
    ) -> Result<Client, String> {
        runtime().block_on(async move {
            let config = match reading {
                Reading::Always => client::Config::default(),
                Reading::Slow => client::Config {
                    window_size: 2048,
                    channel_buffer_size: 1,
                    ..Default::default()
                },
            };
            let config = Arc::new(config);
            let mut handle = match from {
                None => client::connect(config, ("127.0.0.1", port), Trusting)
                    .await
                    .map_err(|e| format!("connect: {e}"))?,
                Some(from) => {
                    let stream = tcp_from(from, port)
                        .await
                        .map_err(|e| format!("connect: {e}"))?;
                    client::connect_stream(config, stream, Trusting)
                        .await
                        .map_err(|e| format!("connect: {e}"))?
                }
            };
            let ok = match key {
                Some(key) => handle
                    .authenticate_publickey(user, PrivateKeyWithHashAlg::new(Arc::new(key), None))
                    .await
                    .map_err(|e| format!("auth: {e}"))?
                    .success(),
                None => {
                    let r = handle
                        .authenticate_keyboard_interactive_start(user, None)
                        .await
                        .map_err(|e| format!("auth: {e}"))?;
                    matches!(r, client::KeyboardInteractiveAuthResponse::Success)
                }
            };
            if !ok {
                return Err("refused".to_string());
            }
            let channel = handle
                .channel_open_session()
                .await
                .map_err(|e| format!("session: {e}"))?;
            channel
                .request_pty(false, "xterm-256color", size.0, size.1, 0, 0, &[])
                .await
                .map_err(|e| format!("pty: {e}"))?;
            channel
                .request_shell(false)
                .await
                .map_err(|e| format!("shell: {e}"))?;
            let (reader, writer) = channel.split();
            let term = Arc::new(Mutex::new(Term {
                parser: vt100::Parser::new(nonzero(size.1), nonzero(size.0), 0),
                frames: Vec::new(),
                raw: Vec::new(),
                chunks: 0,
                changes: Vec::new(),
                closed: false,
            }));
            let paused = Arc::new(AtomicBool::new(false));
            read(reader, term.clone(), paused.clone());
            Ok(Client {
                user: user.to_string(),
                handle,
                writer,
                term,
                paused,
                sent: AtomicUsize::new(0),
            })
        })
    }

    /// The client stops reading what the server sends (as a stuck
    /// terminal or a stopped `ssh` does).
    pub fn pause_reading(&self) {
        self.paused.store(true, Ordering::SeqCst);
    }

    /// It reads again.
    pub fn resume_reading(&self) {
        self.paused.store(false, Ordering::SeqCst);
    }

    /// When each data message that changed the screen's text came.
    pub fn changes(&self) -> Vec<Instant> {
        self.term.lock().unwrap().changes.clone()
    }

    /// How many data messages have come so far.
    pub fn chunks(&self) -> usize {
        self.term.lock().unwrap().chunks
    }

    /// Sends bytes as the terminal would, in one message. A server that
    /// stops reading fails the test rather than hanging it.
    pub fn send(&self, bytes: &[u8]) {
        let bytes = bytes.to_vec();
        self.sending("data", self.writer.data_bytes(bytes));
    }

    /// Waits for a send to go out, at most `PATIENCE`.
    fn sending<T>(&self, what: &str, send: impl std::future::Future<Output = T>) {
        let sent = runtime().block_on(async { tokio::time::timeout(PATIENCE, send).await });
        assert!(
            sent.is_ok(),
            "{}: a {what} message could not be sent for {PATIENCE:?} (after {} messages)",
            self.user,
            self.sent()
        );
        self.sent.fetch_add(1, Ordering::Relaxed);
    }

    /// How many messages it has sent on its channel.
    pub fn sent(&self) -> usize {
        self.sent.load(Ordering::Relaxed)
    }

    /// Sends a terminal variable, as `ssh -o SetEnv` does.
    pub fn set_env(&self, name: &str, value: &str) {
        self.sending("env", self.writer.set_env(false, name, value));
    }

    /// Sends keys (text and escape sequences), one key at a time.
    pub fn keys(&self, keys: &str) {
        self.send(keys.as_bytes());
    }

    /// The screen's text now.
    pub fn text(&self) -> String {
        self.term.lock().unwrap().parser.screen().contents()
    }

    /// The frames received since this was last asked (each is the screen's
    /// text after one chunk of bytes).
    pub fn frames(&self) -> Vec<String> {
        std::mem::take(&mut self.term.lock().unwrap().frames)
    }

    /// Every byte received so far.
    pub fn raw(&self) -> Vec<u8> {
        self.term.lock().unwrap().raw.clone()
    }

    pub fn closed(&self) -> bool {
        self.term.lock().unwrap().closed
    }

    /// Waits until the screen shows `what`; the screen's text then.
    pub fn wait_for(&self, what: &str) -> String {
        self.wait_until(what, |s| s.contains(what))
    }

    /// Waits until `ok` holds of the screen's text; `what` names it.
    pub fn wait_until(&self, what: &str, ok: impl Fn(&str) -> bool) -> String {
        let start = Instant::now();
        loop {
            let text = self.text();
            if ok(&text) {
                return text;
            }
            if start.elapsed() > PATIENCE {
                panic!(
                    "{}: waited for {what:?}; the screen shows:\n{text}",
                    self.user
                );
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// Waits until the server has closed the connection; what it printed.
    pub fn wait_closed(&self) -> String {
        let start = Instant::now();
        while !self.closed() {
            if start.elapsed() > PATIENCE {
                panic!(
                    "{}: the connection stayed open:\n{}",
                    self.user,
                    self.text()
                );
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        String::from_utf8_lossy(&self.raw()).into_owned()
    }

    /// The terminal window changes size.
    pub fn resize(&self, cols: u32, rows: u32) {
        self.sending("window change", self.writer.window_change(cols, rows, 0, 0));
        self.term
            .lock()
            .unwrap()
            .parser
            .screen_mut()
            .set_size(nonzero(rows), nonzero(cols));
    }

    /// Drops the connection with no goodbye, as a killed client does.
    pub fn kill(self) {
        let Client { handle, writer, .. } = self;
        drop(writer);
        runtime().block_on(async move {
            let _ = handle
                .disconnect(russh::Disconnect::ByApplication, "", "")
                .await;
        });
    }
}

/// A connection that has logged in and asked for nothing more: no
/// terminal, no command.
pub struct LoggedIn {
    handle: client::Handle<Trusting>,
}

impl LoggedIn {
    /// Logs in as `user` with a new key, and stops there.
    pub fn connect(port: u16, user: &str) -> LoggedIn {
        runtime().block_on(async move {
            let mut handle = client::connect(
                Arc::new(client::Config::default()),
                ("127.0.0.1", port),
                Trusting,
            )
            .await
            .expect("connects");
            let key = PrivateKeyWithHashAlg::new(Arc::new(new_key()), None);
            let auth = handle
                .authenticate_publickey(user, key)
                .await
                .expect("authenticates");
            assert!(auth.success(), "{user} was refused");
            LoggedIn { handle }
        })
    }

    /// Waits (at most `PATIENCE`) until the server has closed it; false if
    /// it stayed open.
    pub fn wait_closed(&self) -> bool {
        let start = Instant::now();
        while start.elapsed() < PATIENCE {
            if self.handle.is_closed() {
                return true;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        false
    }
}

/// A TCP connection to the server's port from the loopback address `from`.
async fn tcp_from(from: IpAddr, port: u16) -> std::io::Result<tokio::net::TcpStream> {
    let socket = tokio::net::TcpSocket::new_v4()?;
    socket.bind((from, 0).into())?;
    let stream = socket.connect(([127, 0, 0, 1], port).into()).await?;
    stream.set_nodelay(true)?;
    Ok(stream)
}

/// `n` TCP connections to the server's port from `from` that send
/// nothing, as a flood of strangers' would.
pub fn flood(port: u16, from: &str, n: usize) -> Vec<std::net::TcpStream> {
    let from: IpAddr = from.parse().expect("an address");
    runtime().block_on(async move {
        let mut out = Vec::with_capacity(n);
        for _ in 0..n {
            let s = tcp_from(from, port).await.expect("a flood connection");
            out.push(s.into_std().expect("a std socket"));
        }
        out
    })
}

/// What became of a connection that sent nothing: the server's first
/// bytes, or nothing (the server closed it).
#[derive(Debug, PartialEq, Eq)]
pub enum Greeted {
    /// The server began SSH (its version line).
    Ssh,
    /// It closed the connection having sent nothing.
    Closed,
}

/// Waits (at most `PATIENCE`) to see whether the server greets `s` or
/// closes it.
pub fn greeted(s: &mut std::net::TcpStream) -> Greeted {
    use std::io::Read;
    s.set_nonblocking(false).expect("blocking");
    s.set_read_timeout(Some(PATIENCE)).expect("a timeout");
    let mut buf = [0u8; 8];
    match s.read(&mut buf) {
        Ok(0) => Greeted::Closed,
        Ok(_) if buf.starts_with(b"SSH-") => Greeted::Ssh,
        Ok(n) => panic!("the server sent {:?}", &buf[..n]),
        Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset => Greeted::Closed,
        Err(e) => panic!("no word from the server: {e}"),
    }
}

/// Waits (at most `PATIENCE`) until the server closes `s`, reading and
/// dropping whatever it sends first; false if it stayed open.
pub fn closed_by_server(s: &mut std::net::TcpStream) -> bool {
    use std::io::Read;
    s.set_nonblocking(false).expect("blocking");
    s.set_read_timeout(Some(Duration::from_millis(200)))
        .expect("a timeout");
    let start = Instant::now();
    let mut buf = [0u8; 512];
    while start.elapsed() < PATIENCE {
        match s.read(&mut buf) {
            Ok(0) => return true,
            Ok(_) => {}
            Err(e)
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) => {}
            Err(_) => return true,
        }
    }
    false
}

/// Reads the channel into the terminal until it closes.
fn read(mut reader: ChannelReadHalf, shown: Arc<Mutex<Term>>, paused: Arc<AtomicBool>) {
    tokio::spawn(async move {
        loop {
            while paused.load(Ordering::SeqCst) {
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
            let Some(msg) = reader.wait().await else {
                break;
            };
            match msg {
                ChannelMsg::Data { data } => {
                    let at = Instant::now();
                    let mut t = shown.lock().unwrap();
                    let before = t.parser.screen().contents();
                    t.parser.process(&data);
                    t.raw.extend_from_slice(&data);
                    t.chunks += 1;
                    let text = t.parser.screen().contents();
                    if text != before {
                        t.changes.push(at);
                    }
                    t.frames.push(text);
                }
                ChannelMsg::Close | ChannelMsg::Eof => break,
                _ => {}
            }
        }
        shown.lock().unwrap().closed = true;
    });
}

/// A fresh, empty folder `rummy-net-{name}-…` in the system's temporary
/// folder, removed with all in it when dropped.
pub fn fresh_dir(name: &str) -> tempfile::TempDir {
    crate::kit::fresh_dir(&format!("net-{name}"))
}

/// The code of the table the client waits at (from its Waiting screen).
pub fn table_code(c: &Client) -> String {
    let text = c.wait_for("Waiting for");
    let at = text.find("┌ Table ").expect("the code") + "┌ Table ".len();
    text[at..]
        .chars()
        .take_while(|ch| ch.is_ascii_digit())
        .collect()
}

fn nonzero(n: u32) -> std::num::NonZeroU16 {
    std::num::NonZeroU16::new(u16::try_from(n).unwrap_or(1).max(1)).expect("not zero")
}

/// A game of 5 Suited Rummy as its save file has it.
pub type Five = rummy::Session<rummy::variants::five_suited::FiveSuited>;

/// The path of table `code`'s save file.
pub fn save_path(data: &Path, code: &str) -> PathBuf {
    data.join("tables").join(format!("{code}.save.json"))
}

/// The game of table `code`, read from its save file (as the server loads
/// it: the variant first, then the session).
pub fn saved(data: &Path, code: &str) -> Five {
    let path = save_path(data, code);
    let file = path.to_string_lossy().into_owned();
    let start = Instant::now();
    loop {
        let got = std::fs::read_to_string(&path)
            .map_err(|e| e.to_string())
            .and_then(|text| {
                let variant = rummy::save::peek_variant(&text, &file).map_err(|e| e.to_string())?;
                if variant != rummy::VariantId::FiveSuited {
                    return Err(format!("a save of {variant}"));
                }
                Five::from_save_json(&text, &file).map_err(|e| e.to_string())
            });
        match got {
            Ok(game) => return game,
            Err(e) if start.elapsed() > PATIENCE => panic!("no save of table {code}: {e}"),
            Err(_) => std::thread::sleep(Duration::from_millis(10)),
        }
    }
}

/// How many moves the saved game has.
pub fn saved_moves(data: &Path, code: &str) -> usize {
    saved(data, code).log().len()
}

/// The cards in a seat's hand.
pub fn hand(game: &Five, seat: rummy::SeatId) -> Vec<rummy::Card> {
    use rummy::Game;
    game.state().view(seat).hand
}

/// The seat called `name`.
pub fn seat_of(game: &Five, name: &str) -> rummy::SeatId {
    let i = game
        .seats()
        .iter()
        .position(|s| s.name == name)
        .unwrap_or_else(|| panic!("no seat called {name}"));
    rummy::SeatId(i as u8)
}

/// How a card is printed on a screen: its face ("Q♥", "10♣", "5★") in a
/// card's box (`│ Q♥│`, `║10♣║`), on one line (`[ Q♥]`) or in the log's
/// sentences; a joker is "JK" on a card and "JOKER" in a sentence.
pub fn faces(card: &rummy::Card) -> Vec<String> {
    match card.face {
        rummy::Face::Joker => vec!["JK".into(), "JOKER".into()],
        rummy::Face::Suited { rank, suit } => {
            vec![format!("{}{}", rank.label(), suit.symbol())]
        }
        other => vec![other.to_string()],
    }
}

/// Whether the screen's text shows the card's face. (No face is part of
/// another: "10♥" holds no "0♥", as there is no rank 0.)
pub fn shows(screen: &str, card: &rummy::Card) -> bool {
    faces(card)
        .iter()
        .any(|f| rummy::test_support::face_on_screen(screen, f))
}

/// Every card that has been out in the open at some point: the discard
/// pile, what was taken from it and thrown to it, hands laid down.
pub fn note_public(game: &Five, public: &mut Vec<rummy::Card>) {
    use rummy::Game;
    let view = game.state().spectator_view();
    let laid = view
        .laid
        .iter()
        .flatten()
        .chain(view.last_round.iter().flat_map(|r| r.laid.iter()))
        .flat_map(|a| {
            a.melds
                .iter()
                .flat_map(|m| m.cards.iter())
                .chain(&a.deadwood)
        });
    for c in view
        .discards
        .iter()
        .chain(view.took.iter().flatten())
        .chain(view.threw.iter().flatten())
        .chain(laid)
    {
        if !public.iter().any(|p| p.id == c.id) {
            public.push(*c);
        }
    }
}

/// The cards of other seats' hands that `viewer` (a seat, or a watcher)
/// may not see: hidden from it by the game, never out in the open, and of
/// no face it holds itself or that has been out in the open (the three
/// jokers share one face: one laid down shows the face of one held).
pub fn secrets(
    game: &Five,
    viewer: Option<rummy::SeatId>,
    public: &[rummy::Card],
) -> Vec<rummy::Card> {
    use rummy::Game;
    let hidden = game.state().hidden_cards(viewer);
    let mut mine: Vec<String> = viewer
        .map(|me| hand(game, me).iter().flat_map(faces).collect())
        .unwrap_or_default();
    mine.extend(public.iter().flat_map(faces));
    let mut out = Vec::new();
    for s in 0..game.seats().len() {
        let seat = rummy::SeatId(s as u8);
        if Some(seat) == viewer {
            continue;
        }
        for c in hand(game, seat) {
            if hidden.contains(&c.id)
                && !public.iter().any(|p| p.id == c.id)
                && !faces(&c).iter().any(|f| mine.contains(f))
            {
                out.push(c);
            }
        }
    }
    out
}
