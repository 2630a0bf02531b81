//! The server's one thread of play: every connection's screen, every table
//! and its bots. The SSH side (`ssh`) only carries bytes here and frames
//! back, so the screens and tables need no locks against each other, and a
//! slow or silent connection slows nobody else.

use crate::tui::remote::input::{Input, Keys};
use crate::tui::remote::{RemoteScreen, leave_sequence};

mod expiry;
mod lobby;
mod saving;
mod seating;
mod secrets;

use super::shared::{Person, Said, Seen, Shared, Table, TableFile, lock};
use crate::tui::adapter::{NewTable, Thinking, open};
use crate::tui::app::{App, Config, Screen, TableState};
use crate::tui::online::{AtTable, Online, Request, TableInfo};
use crate::tui::store::{self, Store};
use rummy::seat::SeatId;
use std::collections::{BTreeMap, HashMap};
use std::io::Write;
use std::net::IpAddr;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

pub type ConnId = u64;

/// The host's own screen (`rummy serve --play`): never closed for being
/// idle, and when it quits the server stops.
pub const HOST: ConnId = 0;

/// What the SSH side tells the hall.
pub enum Event {
    /// A connection has a terminal: who it is and where its frames go.
    Open {
        conn: ConnId,
        user: String,
        /// The fingerprint of the key it logged in with, if any.
        key: Option<String>,
        addr: Option<IpAddr>,
        size: (u16, u16),
        /// The terminal's variables it sent (`LANG`, `COLORFGBG`...).
        env: Vec<(String, String)>,
        out: Outbox,
    },
    Input {
        conn: ConnId,
        bytes: Vec<u8>,
    },
    /// Keys already read (the host's own terminal, `rummy serve --play`).
    Keys {
        conn: ConnId,
        inputs: Vec<Input>,
    },
    Resize {
        conn: ConnId,
        size: (u16, u16),
    },
    Closed {
        conn: ConnId,
    },
    /// The server is stopping: save everything and say goodbye.
    Stop,
}

/// What goes back to one connection.
pub enum Out {
    Data(Vec<u8>),
    /// Close the connection (after what was sent before).
    Close,
}

/// Where one connection's frames go, and how many are not yet sent: a
/// connection that does not read gets no new frame until it catches up.
#[derive(Clone)]
pub struct Outbox {
    tx: tokio::sync::mpsc::UnboundedSender<Out>,
    backlog: Arc<AtomicUsize>,
}

impl Outbox {
    pub fn new() -> (Outbox, tokio::sync::mpsc::UnboundedReceiver<Out>) {
        let (tx, rx) = tokio::sync::mpsc::unbounded_channel();
        let backlog = Arc::new(AtomicUsize::new(0));
        (Outbox { tx, backlog }, rx)
    }

    fn send(&self, out: Out) -> bool {
        self.backlog.fetch_add(1, Ordering::Relaxed);
        self.tx.send(out).is_ok()
    }

    /// One frame has gone out.
    pub fn sent(&self) {
        self.backlog.fetch_sub(1, Ordering::Relaxed);
    }

    fn backlog(&self) -> usize {
        self.backlog.load(Ordering::Relaxed)
    }
}

/// The bytes of a frame, sent when the terminal flushes.
struct Sink {
    buf: Vec<u8>,
    out: Outbox,
}

impl Write for Sink {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.buf.extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        if self.buf.is_empty() {
            return Ok(());
        }
        // A connection that has gone takes nothing more: its end is
        // handled when its session says so, not by a failed frame.
        let bytes = std::mem::take(&mut self.buf);
        self.out.send(Out::Data(bytes));
        Ok(())
    }
}

/// The server's limits, each with its own sentence when it is reached.
#[derive(Clone, Debug)]
pub struct Limits {
    pub tables: usize,
    pub connections: usize,
    pub per_address: usize,
    /// Keys a second, over a few seconds.
    pub keys_per_second: u32,
    /// A connection with no key for this long is closed.
    pub idle: Duration,
    /// After this long away, the table's creator may hand a seat to a bot.
    pub away: Duration,
    /// Frames not yet sent before a connection gets no more.
    pub backlog: usize,
    /// A connection that has read nothing for this long is closed.
    pub stalled: Duration,
    /// A table no screen has been at for this long is closed (its game
    /// kept among the saves).
    pub table_expiry: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            tables: 50,
            connections: 200,
            per_address: 8,
            keys_per_second: 30,
            idle: Duration::from_secs(30 * 60),
            away: Duration::from_secs(120),
            backlog: 16,
            stalled: Duration::from_secs(60),
            table_expiry: Duration::from_secs(30 * 60),
        }
    }
}

/// How often the hall looks at the bots and the clocks with no input.
const TICK: Duration = Duration::from_millis(20);

/// How often a screen is drawn when nothing changed.
const REDRAW: Duration = Duration::from_secs(10);

/// The least time between two hand-backs of freed memory to the system.
const GIVE_BACK_EVERY: Duration = Duration::from_secs(1);

struct Conn {
    app: App,
    term: RemoteScreen<Sink>,
    keys: Keys,
    user: String,
    key: Option<String>,
    addr: Option<IpAddr>,
    out: Outbox,
    last_input: Instant,
    /// Keys it may still send now (refilled with time).
    allowance: f64,
    allowance_at: Instant,
    told_too_fast: bool,
    /// The host has been told that quitting stops the server.
    warned: bool,
    /// The table it sits at, waits at or watches.
    at: Option<String>,
    /// Its seat at that table; none for a watcher.
    seat: Option<SeatId>,
    /// Wrong passwords and rejoin codes it has typed.
    wrong: u32,
    /// The table whose password this connection gave last: a seat's rejoin
    /// code, asked after it, needs it not again.
    opened: Option<String>,
    /// The seats this connection has sat at (table code, seat): it comes
    /// back to one without its password or rejoin code, as it learns
    /// nothing it was not shown.
    sat: Vec<(String, SeatId)>,
    dirty: bool,
    drawn: Instant,
    stalled_since: Option<Instant>,
    /// While a request of this screen is at the secrets thread: the
    /// requests it made since, done in turn once the answer comes.
    waiting: Option<std::collections::VecDeque<Request>>,
}

pub struct Hall {
    config: Config,
    store: Option<Store>,
    /// Where tables are saved.
    dir: Option<PathBuf>,
    /// "ssh -p 2222 NAME@HOST"
    address: String,
    limits: Limits,
    conns: HashMap<ConnId, Conn>,
    tables: BTreeMap<String, Shared>,
    /// When each table's last round ended (the bots wait for readers).
    ended: HashMap<String, Instant>,
    /// `--ascii` and `--theme` as given to the server: they win over what
    /// each terminal says of itself.
    pub theme_flags: (bool, Option<crate::tui::theme::Palette>),
    /// " (host key SHA256:...)", for the host's own screen to show.
    pub host_key: String,
    /// Flushes the tables' files to the disk.
    syncer: saving::Syncer,
    /// Hashes and checks passwords and rejoin codes, for the requests that
    /// need it.
    secrets: secrets::Worker<(ConnId, Request)>,
    /// When each address typed a wrong password or rejoin code, within the
    /// last [`secrets::LOCKOUT`]: across all its connections.
    wrong_from: HashMap<Option<IpAddr>, std::collections::VecDeque<Instant>>,
    /// Whether memory was freed since it was last handed back, and when.
    give_back: bool,
    given_back: Instant,
}

/// What a screen whose window is as large as the server draws is told: a
/// larger window shows the screen in its top left.
fn too_big((cols, rows): (u16, u16)) -> Option<String> {
    use crate::tui::remote::{MAX_COLS, MAX_ROWS};
    (cols >= MAX_COLS || rows >= MAX_ROWS).then(|| {
        format!(
            "The server draws at most {MAX_COLS}×{MAX_ROWS}: a larger window shows the screen in \
             its top left."
        )
    })
}

impl Hall {
    pub fn new(config: Config, data: Option<&Path>, address: String, limits: Limits) -> Hall {
        let store = data.and_then(|d| Store::open(d).ok());
        let dir = data.map(|d| d.join("tables"));
        if let Some(dir) = dir.as_ref()
            && let Err(e) = rummy::files::own_private_dir(dir)
        {
            tracing::warn!(dir = %dir.display(), "no tables folder: {e}");
        }
        let mut hall = Hall {
            config,
            store,
            dir,
            address,
            limits,
            conns: HashMap::new(),
            tables: BTreeMap::new(),
            ended: HashMap::new(),
            wrong_from: HashMap::new(),
            give_back: false,
            given_back: Instant::now(),
            theme_flags: (false, None),
            host_key: String::new(),
            syncer: saving::Syncer::start(),
            secrets: secrets::Worker::start(),
        };
        hall.load_tables();
        hall
    }

    /// How many tables came back from their files.
    pub fn table_count(&self) -> usize {
        self.tables.len()
    }

    /// Runs until the SSH side stops: events in, frames out.
    pub fn run(mut self, events: Receiver<Event>) {
        loop {
            match events.recv_timeout(TICK) {
                Ok(event) => {
                    if !self.handle(event) {
                        break;
                    }
                    while let Ok(event) = events.try_recv() {
                        if !self.handle(event) {
                            self.stop();
                            return;
                        }
                    }
                }
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => break,
            }
            self.tick(Instant::now());
        }
        self.stop();
    }

    /// False when the hall is to stop.
    fn handle(&mut self, event: Event) -> bool {
        match event {
            Event::Open {
                conn,
                user,
                key,
                addr,
                size,
                env,
                out,
            } => self.open(conn, user, key, addr, (size, env), out),
            Event::Input { conn, bytes } => {
                let inputs = match self.conns.get_mut(&conn) {
                    Some(c) => c.keys.feed(&bytes),
                    None => Vec::new(),
                };
                self.input(conn, inputs);
            }
            Event::Keys { conn, inputs } => self.input(conn, inputs),
            Event::Resize { conn, size } => {
                if let Some(c) = self.conns.get_mut(&conn) {
                    c.term.resize(size);
                    c.dirty = true;
                    if let Some(line) = too_big(size) {
                        c.app.say(line, false);
                    }
                }
            }
            Event::Closed { conn } => {
                self.give_back = true;
                if let Some(c) = self.conns.remove(&conn) {
                    tracing::info!(conn, name = %short(&c.user), addr = %place(c.addr), "left the server");
                    self.leave(&c);
                }
            }
            Event::Stop => return false,
        }
        true
    }

    fn open(
        &mut self,
        id: ConnId,
        user: String,
        key: Option<String>,
        addr: Option<IpAddr>,
        (size, env): ((u16, u16), Vec<(String, String)>),
        out: Outbox,
    ) {
        let from_there = self.conns.values().filter(|c| c.addr == addr).count();
        let refusal = if self.conns.len() >= self.limits.connections {
            Some(format!(
                "The server has as many players as it takes ({}). Try again later.",
                self.limits.connections
            ))
        } else if from_there >= self.limits.per_address {
            Some(match self.limits.per_address {
                1 => "There is already a connection from your address, and the server takes \
                      one from each."
                    .to_string(),
                n => format!(
                    "There are already {n} connections from your address, as many as the \
                     server takes from one."
                ),
            })
        } else {
            None
        };
        if let Some(why) = refusal {
            tracing::warn!(conn = id, name = %short(&user), addr = %place(addr), "screen refused: {why}");
            goodbye(&out, &why, false);
            return;
        }
        let mut config = self.config.clone();
        let (ascii, palette) = self.theme_flags;
        let var = |k: &str| env.iter().find(|(n, _)| n == k).map(|(_, v)| v.clone());
        config.theme = config.theme.for_terminal(var, ascii, palette);
        let mut app = App::new(config, None);
        app.online = Some(Online::new(&self.address));
        app.setup.prefer(std::slice::from_ref(&user), None);
        app.setup.online = true;
        if id == HOST {
            if let Some(o) = app.online.as_mut() {
                o.host = true;
            }
            app.say(
                format!(
                    "Others join with {}{}. Quitting this screen stops the server (every game \
                     is saved).",
                    self.address, self.host_key
                ),
                false,
            );
        }
        let name_refused = rummy::seat::name_problem(&user);
        if let Some(why) = name_refused.clone() {
            tracing::info!(addr = %place(addr), conn = id, %why, "name refused");
            let why = format!(
                "{why} You can watch a table, or connect again with your name: {}.",
                self.address
            );
            app.say(why.clone(), true);
            if let Some(o) = app.online.as_mut() {
                o.refusal = Some(why);
            }
        }
        let sink = Sink {
            buf: Vec::new(),
            out: out.clone(),
        };
        let Some(term) = RemoteScreen::open(sink, size) else {
            goodbye(&out, "The screen could not be opened.", false);
            return;
        };
        if let Some(line) = too_big(size) {
            app.say(line, false);
        }
        let now = Instant::now();
        // A refused name has had its line: it joins to watch, not as itself.
        if name_refused.is_none() {
            tracing::info!(conn = id, name = %short(&user), addr = %place(addr), "joined the server");
        }
        self.conns.insert(
            id,
            Conn {
                app,
                term,
                keys: Keys::default(),
                user: user.clone(),
                key,
                addr,
                out,
                last_input: now,
                allowance: f64::from(self.limits.keys_per_second) * 2.0,
                allowance_at: now,
                told_too_fast: false,
                warned: false,
                at: None,
                seat: None,
                wrong: 0,
                opened: None,
                sat: Vec::new(),
                dirty: true,
                drawn: now,
                stalled_since: None,
                waiting: None,
            },
        );
        // Back with the name (and key) of a seat left: straight to it.
        let back = self.tables.iter().find_map(|(code, t)| {
            let t = lock(t);
            let seat = t.seat_of(&user)?;
            let person = t.people.get(seat.index())?.as_ref()?;
            (t.started() && !t.game.as_ref()?.is_over() && !person.here).then(|| code.clone())
        });
        if let Some(code) = back {
            let join = Request::Join {
                code,
                password: None,
                watch: false,
                rejoin: None,
            };
            self.ask_all(id, [join]);
        }
    }

    fn input(&mut self, id: ConnId, inputs: Vec<Input>) {
        let rate = f64::from(self.limits.keys_per_second);
        let others = self.conns.len().saturating_sub(1);
        let Some(c) = self.conns.get_mut(&id) else {
            return;
        };
        let now = Instant::now();
        if inputs.is_empty() {
            return;
        }
        c.last_input = now;
        c.dirty = true;
        // A steady `rate` keys a second, and bursts of twice that.
        let since = now.duration_since(c.allowance_at).as_secs_f64();
        c.allowance = (c.allowance + since * rate).min(rate * 2.0);
        c.allowance_at = now;
        if c.allowance >= rate {
            c.told_too_fast = false;
        }
        let mut failed = None;
        for input in inputs {
            if c.allowance < 1.0 {
                if !c.told_too_fast {
                    c.told_too_fast = true;
                    say_to(
                        &mut c.app,
                        "Keys came faster than the server reads them: some were dropped.",
                    );
                }
                continue;
            }
            c.allowance -= 1.0;
            let app = &mut c.app;
            let done = guarded(|| match input {
                Input::Key(key) => app.key_at(key, now),
                Input::Click { column, row } => app.click(column, row),
                Input::Wheel { up } => app.wheel(up),
            });
            if let Err(why) = done {
                failed = Some(why);
                break;
            }
            // A screen over the network is never suspended.
            c.app.suspend = false;
            // The host's quitting stops the server: with others on it, the
            // first time it only says so.
            if id == HOST && c.app.quit && !c.warned && others > 0 {
                c.app.quit = false;
                c.warned = true;
                c.app.say(
                    format!(
                        "{} connected: quitting this screen stops the server for everyone \
                         (every game is saved). Press it again to quit.",
                        match others {
                            1 => "Someone else is".to_string(),
                            n => format!("{n} others are"),
                        }
                    ),
                    true,
                );
            } else if !c.app.quit {
                c.warned = false;
            }
            if c.app.quit {
                break;
            }
        }
        if let Some(why) = failed {
            self.fail(id, &why);
            return;
        }
        self.requests(id);
        if let Some(c) = self.conns.get_mut(&id)
            && c.app.quit
        {
            let c = self.conns.remove(&id);
            if let Some(c) = c {
                tracing::info!(conn = id, name = %short(&c.user), addr = %place(c.addr), "left the server");
                self.leave(&c);
                goodbye(&c.out, "Goodbye.", true);
            }
        }
    }

    /// A connection whose screen failed (a fault in the program, not in
    /// what was typed) is closed with an apology; its seat is kept, and
    /// every other connection goes on.
    fn fail(&mut self, id: ConnId, why: &str) {
        if let Some(c) = self.conns.remove(&id) {
            tracing::error!(conn = id, name = %short(&c.user), "the screen failed: {why}");
            self.leave(&c);
            goodbye(
                &c.out,
                "Something went wrong with your screen on the server, so it was closed. \
                 Your seat is kept: connect again to go on.",
                true,
            );
        }
    }

    /// Does what the connection's screen asked of the server.
    fn requests(&mut self, id: ConnId) {
        let asked = self
            .conns
            .get_mut(&id)
            .and_then(|c| c.app.online.as_mut())
            .map(|o| std::mem::take(&mut o.requests))
            .unwrap_or_default();
        self.ask_all(id, asked);
    }

    /// Does the requests in turn: one that needs a secret hashed or checked
    /// (argon2) is sent to the secrets thread, and it and those after it
    /// are done when the answer comes (see [`Hall::answers`]).
    fn ask_all(&mut self, id: ConnId, asked: impl IntoIterator<Item = Request>) {
        for r in asked {
            let Some(c) = self.conns.get_mut(&id) else {
                return;
            };
            if let Some(waiting) = c.waiting.as_mut() {
                waiting.push_back(r);
                continue;
            }
            let ask = self.ask_of(id, &r);
            if ask.is_empty() {
                self.request(id, r, secrets::Worked::default());
            } else if let Some(c) = self.conns.get_mut(&id) {
                c.waiting = Some(Default::default());
                self.secrets.ask((id, r), ask);
            }
        }
        // What was asked changes the screen (a table, or why not).
        if let Some(c) = self.conns.get_mut(&id) {
            c.dirty = true;
        }
    }

    /// What request `r` of connection `id` needs of the secrets thread.
    fn ask_of(&mut self, id: ConnId, r: &Request) -> secrets::Ask {
        let keyless = self.conns.get(&id).is_some_and(|c| c.key.is_none());
        match r {
            Request::Create { password, .. } => secrets::Ask {
                hash: password.clone(),
                fresh: keyless,
                ..Default::default()
            },
            Request::Join {
                code,
                password,
                watch,
                rejoin,
            } => {
                // An address locked out is told so, with nothing checked.
                if (password.is_some() || rejoin.is_some()) && self.locked_out(id).is_some() {
                    return secrets::Ask::default();
                }
                let (Some(table), Some(c)) = (self.tables.get(code), self.conns.get(&id)) else {
                    return secrets::Ask::default();
                };
                let t = lock(table);
                let check = t
                    .password
                    .clone()
                    .zip(password.clone())
                    .map(|(stored, typed)| (code.clone(), stored, typed));
                let seat_hash = t
                    .seat_of(&c.user)
                    .and_then(|s| t.people[s.index()].as_ref())
                    .and_then(|p| p.rejoin.clone());
                secrets::Ask {
                    hash: None,
                    check,
                    verify: seat_hash.zip(rejoin.clone()),
                    fresh: keyless && !watch,
                }
            }
            Request::Leave | Request::StandIn(_) => secrets::Ask::default(),
        }
    }

    /// Does request `r` of connection `id`, with what the secrets thread
    /// worked out for it.
    fn request(&mut self, id: ConnId, r: Request, worked: secrets::Worked) {
        match r {
            Request::Create {
                new,
                kids,
                pause,
                password,
            } => self.create(id, *new, kids, pause, password, worked),
            Request::Join {
                code,
                password,
                watch,
                rejoin,
            } => self.join(id, &code, Secrets { password, rejoin }, watch, worked),
            Request::Leave => self.leave_table(id),
            Request::StandIn(seat) => self.stand_in(id, seat),
        }
    }

    /// Does the requests whose secrets the secrets thread has answered, and
    /// those each screen made while it waited.
    fn answers(&mut self) {
        for ((id, r), worked) in self.secrets.answers() {
            self.request(id, r, worked);
            let waiting = self
                .conns
                .get_mut(&id)
                .and_then(|c| c.waiting.take())
                .unwrap_or_default();
            self.ask_all(id, waiting);
        }
    }

    /// The bots, the clocks, catching every screen up, saving, drawing.
    fn tick(&mut self, now: Instant) {
        let before = (self.tables.len(), self.conns.len());
        self.answers();
        self.bots(now);
        let mut failed = Vec::new();
        for (&id, c) in self.conns.iter_mut() {
            // A game played alone on this screen (Learn a game).
            let app = &mut c.app;
            match guarded(|| {
                let moved = app.tick(now);
                app.settle(now);
                moved
            }) {
                Ok(moved) => c.dirty |= moved,
                Err(why) => failed.push((id, why)),
            }
            c.app.curtain_fell = false;
        }
        for (id, why) in failed {
            self.fail(id, &why);
        }
        self.catch_up(now);
        self.expire(now);
        let codes: Vec<String> = self.tables.keys().cloned().collect();
        for code in codes {
            if let Some(table) = self.tables.get(&code).cloned() {
                self.save_table(&table);
            }
        }
        self.forget_finished();
        self.lists();
        self.draw(now);
        // A table or a connection gone: its memory back to the system, at
        // most once a second.
        if self.tables.len() < before.0 || self.conns.len() < before.1 {
            self.give_back = true;
        }
        if self.give_back && now.saturating_duration_since(self.given_back) >= GIVE_BACK_EVERY {
            crate::serve::memory::give_back();
            self.give_back = false;
            self.given_back = now;
        }
    }

    fn bots(&mut self, now: Instant) {
        for (code, table) in &self.tables {
            let mut t = lock(table);
            let Some(stand_in) = t.bot_to_move() else {
                continue;
            };
            if now.duration_since(t.last_move) < t.pause {
                continue;
            }
            // After a round, the bots wait until every person at the table
            // has closed its result (a watcher's screen does not hold them).
            let reading = self.ended.contains_key(code)
                && self.conns.values().any(|c| {
                    c.at.as_deref() == Some(code.as_str())
                        && c.app.table.as_ref().is_some_and(|s| {
                            s.end.is_some() && s.online.as_ref().is_some_and(|a| a.me.is_some())
                        })
                });
            if reading {
                continue;
            }
            let t = &mut *t;
            let Some(game) = t.game.as_deref() else {
                continue;
            };
            let seat = game.to_move();
            // Every bot thinks on the shared pool of thinking threads, so
            // that no table's bot delays another table's keys.
            let thought = match t.thinking.take() {
                Some(thinking) => match thinking.poll() {
                    None => {
                        t.thinking = Some(thinking);
                        continue;
                    }
                    Some(thought) => thought.map(Some),
                },
                None => match Thinking::start(game, stand_in) {
                    Ok(thinking) => {
                        t.thinking = Some(thinking);
                        continue;
                    }
                    Err(e) => Err(e),
                },
            };
            let Some(game) = t.game.as_deref_mut() else {
                continue;
            };
            let played = match thought {
                Ok(Some(th)) => guarded(|| game.play_thought(th)),
                Ok(None) => continue,
                Err(e) => Ok(Err(e)),
            };
            match played {
                Ok(Ok(played)) => {
                    t.moved(seat, played);
                }
                Ok(Err(e)) => tracing::warn!(table = %code, "{e}"),
                Err(why) => tracing::error!(table = %code, "a bot failed: {why}"),
            }
            t.last_move = now;
            t.unsaved = true;
        }
    }

    /// Every screen at a table shows what was said there since it looked.
    fn catch_up(&mut self, now: Instant) {
        let away = self.limits.away;
        // Who at each table whose round just ended still reads its result.
        let mut reading: HashMap<String, Vec<(ConnId, String)>> = HashMap::new();
        for (&id, c) in &self.conns {
            let Some(code) = c.at.as_ref().filter(|code| self.ended.contains_key(*code)) else {
                continue;
            };
            let reads = c.app.table.as_ref().is_some_and(|s| {
                s.end.is_some() && s.online.as_ref().is_some_and(|a| a.me.is_some())
            });
            if reads {
                reading
                    .entry(code.clone())
                    .or_default()
                    .push((id, c.user.clone()));
            }
        }
        for (&id, c) in self.conns.iter_mut() {
            let others: Vec<String> =
                c.at.as_ref()
                    .and_then(|code| reading.get(code))
                    .map(|r| {
                        r.iter()
                            .filter(|(other, _)| *other != id)
                            .map(|(_, name)| name.clone())
                            .collect()
                    })
                    .unwrap_or_default();
            if let Some(at) = c.app.table.as_mut().and_then(|s| s.online.as_mut())
                && at.reading != others
            {
                at.reading = others;
                c.dirty = true;
            }
        }
        for c in self.conns.values_mut() {
            let Some(state) = c.app.table.as_mut() else {
                continue;
            };
            let Some((code, seen, me)) = state
                .online
                .as_ref()
                .map(|at| (at.code.clone(), at.seen, at.me))
            else {
                continue;
            };
            let Some(table) = self.tables.get(&code) else {
                continue;
            };
            let t = lock(table);
            if t.said.len() > seen {
                let new = t.said[seen..].to_vec();
                if new.iter().any(|(_, p)| p.end.is_some()) {
                    self.ended.insert(code.clone(), now);
                }
                state.catch_up(&new, now);
                c.dirty = true;
            }
            let gone: Vec<(SeatId, String)> = t
                .people
                .iter()
                .enumerate()
                .filter_map(|(i, p)| {
                    let p = p.as_ref()?;
                    let long = p.away_since.is_some_and(|s| now.duration_since(s) >= away);
                    (long && !p.here && !p.stand_in).then(|| (SeatId(i as u8), p.name.clone()))
                })
                .collect();
            let may = t.may_stand_in(&c.user) && me.is_some();
            if let Some(at) = state.online.as_mut()
                && (at.away != gone || at.creator != may)
            {
                at.away = gone;
                at.creator = may;
                c.dirty = true;
            }
        }
    }

    /// A finished game's table goes once nobody is at it.
    fn forget_finished(&mut self) {
        let done: Vec<String> = self
            .tables
            .iter()
            .filter(|(code, t)| {
                let t = lock(t);
                t.game.as_ref().is_some_and(|g| g.is_over())
                    && !self
                        .conns
                        .values()
                        .any(|c| c.at.as_deref() == Some(code.as_str()))
            })
            .map(|(code, _)| code.clone())
            .collect();
        for code in done {
            if let Some(t) = self.tables.remove(&code) {
                let meta = lock(&t).meta.clone();
                let _ = std::fs::remove_file(meta);
            }
            self.ended.remove(&code);
        }
    }

    fn draw(&mut self, now: Instant) {
        let stalled = self.limits.stalled;
        let mut gone = Vec::new();
        let mut failed = Vec::new();
        for (&id, c) in self.conns.iter_mut() {
            if id != HOST && now.duration_since(c.last_input) >= self.limits.idle {
                gone.push((
                    id,
                    format!(
                        "No key came for {}, so the connection was closed. A seat at a table is \
                         kept: connect again to go on.",
                        rummy::sentence::duration_words(self.limits.idle)
                    ),
                ));
                continue;
            }
            // Nothing on a screen over the network changes with the clock
            // alone: a frame is drawn when something changed, and now and
            // then in case a terminal lost one.
            if !c.dirty && now.duration_since(c.drawn) < REDRAW {
                continue;
            }
            if c.out.backlog() >= self.limits.backlog {
                let since = *c.stalled_since.get_or_insert(now);
                if now.duration_since(since) >= stalled {
                    gone.push((
                        id,
                        "The connection read nothing for a minute, so it was closed.".into(),
                    ));
                }
                continue;
            }
            c.stalled_since = None;
            let (app, term) = (&mut c.app, &mut c.term);
            match guarded(|| term.draw(app)) {
                Ok(true) => {}
                Ok(false) => {
                    gone.push((id, String::new()));
                    continue;
                }
                Err(why) => {
                    failed.push((id, why));
                    continue;
                }
            }
            c.dirty = false;
            c.drawn = now;
        }
        for (id, why) in failed {
            self.fail(id, &why);
        }
        for (id, why) in gone {
            if let Some(c) = self.conns.remove(&id) {
                tracing::info!(conn = id, name = %short(&c.user), addr = %place(c.addr), "closed: {why}");
                self.leave(&c);
                goodbye(&c.out, &why, true);
            }
        }
    }

    /// Saves every table and says goodbye to every connection.
    fn stop(&mut self) {
        let tables: Vec<Shared> = self.tables.values().cloned().collect();
        for t in &tables {
            lock(t).unsaved = true;
            self.save_table(t);
        }
        self.syncer.finish();
        for (_, c) in self.conns.drain() {
            goodbye(
                &c.out,
                "The server is stopping. Every game is saved: connect again when it is back.",
                true,
            );
        }
    }
}

/// Runs `f`, and a panic in it as an error, with its message.
pub(crate) fn guarded<R>(f: impl FnOnce() -> R) -> Result<R, String> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).map_err(|e| {
        e.downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| e.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic".to_string())
    })
}

/// What a connection types to prove a seat or a table is theirs.
#[derive(Default)]
pub(super) struct Secrets {
    pub password: Option<String>,
    pub rejoin: Option<String>,
}

/// A name as the log shows it: whole up to 32 letters, else cut, and any
/// character that could act on a terminal or turn text written out as an
/// escape.
pub(crate) fn short(name: &str) -> String {
    let mut chars = name.chars();
    let head: String = chars.by_ref().take(32).collect();
    let head: String = head
        .chars()
        .map(|c| match c {
            '\'' | '"' => c.to_string(),
            c => c.escape_debug().to_string(),
        })
        .collect();
    if chars.next().is_some() {
        format!("{head}…")
    } else {
        head
    }
}

/// A connection's address as the log shows it.
pub(crate) fn place(addr: Option<IpAddr>) -> String {
    addr.map_or_else(|| "this computer".to_string(), |a| a.to_string())
}

fn say_to(app: &mut App, text: &str) {
    match app.table.as_mut().filter(|_| app.screen == Screen::Table) {
        Some(t) => t.set_note(text.to_string(), true),
        None => app.say(text.to_string(), true),
    }
}

/// The last words to a connection, then its end. `screen`: it has the
/// screen of the game, to give back first.
fn goodbye(out: &Outbox, text: &str, screen: bool) {
    let mut bytes = if screen { leave_sequence() } else { Vec::new() };
    if !text.is_empty() {
        bytes.extend_from_slice(format!("rummy: {text}\r\n").as_bytes());
    }
    out.send(Out::Data(bytes));
    out.send(Out::Close);
}

#[cfg(test)]
mod tests;
