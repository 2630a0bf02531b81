//! The SSH side of the server (the `russh` crate): who may log in, and the
//! bytes of each session's terminal, carried to the hall and back. Nothing
//! of the game is here; `listen` owns the door (accepting, the limits on
//! connections still logging in, the login deadline).
//!
//! Every message of a session (keys, window changes, variables) arrives
//! through the `Handler` methods below. russh also offers each one to the
//! session's `Channel`, queueing it there until that is read and holding
//! the whole session up once its queue is full, so the `Channel` is
//! dropped as soon as the session is open: only its `ChannelId` is kept,
//! and with nobody to read it the copies are thrown away at once.

use super::hall::{ConnId, Event, Out, Outbox};
use super::startups::Startup;
use russh::keys::ssh_key::{HashAlg, PublicKey};
use russh::server::{Auth, Handler, Msg, Session};
use russh::{Channel, ChannelId, MethodKind, MethodSet};
use std::collections::{HashMap, HashSet};
use std::net::{IpAddr, SocketAddr};
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex};

/// Who may log in.
#[derive(Clone, Default)]
pub struct Access {
    /// Only these keys (their SHA-256 fingerprints), when set.
    pub keys: Option<Arc<HashSet<String>>>,
}

#[derive(Clone)]
pub struct Lobby {
    pub events: Sender<Event>,
    pub access: Access,
    next: ConnId,
    /// The SSH sessions open from each address, a screen or not yet.
    sessions: Sessions,
    /// How many one address may have open (the hall limits screens).
    most: usize,
}

type Sessions = Arc<Mutex<HashMap<IpAddr, usize>>>;

impl Lobby {
    /// `most`: the sessions one address may have open at once, counted
    /// before any screen is opened (so that sessions that never ask for
    /// one cannot pile up).
    pub fn new(events: Sender<Event>, access: Access, most: usize) -> Lobby {
        Lobby {
            events,
            access,
            next: 0,
            sessions: Arc::default(),
            most,
        }
    }
}

/// One session counted against its address while it lasts.
struct Counted {
    addr: IpAddr,
    sessions: Sessions,
}

impl Drop for Counted {
    fn drop(&mut self) {
        let mut open = self.sessions.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(n) = open.get_mut(&self.addr) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                open.remove(&self.addr);
            }
        }
    }
}

impl Lobby {
    /// The handler of a new connection from `peer`; `startup` counts it
    /// among the connections logging in until its terminal opens.
    pub fn client(&mut self, peer: Option<SocketAddr>, startup: Option<Startup>) -> Client {
        self.next += 1;
        let addr = peer.map(|p| p.ip());
        let counted = addr.map(|addr| {
            let mut open = self.sessions.lock().unwrap_or_else(|e| e.into_inner());
            *open.entry(addr).or_insert(0) += 1;
            Counted {
                addr,
                sessions: self.sessions.clone(),
            }
        });
        let too_many = addr.is_some_and(|a| {
            let open = self.sessions.lock().unwrap_or_else(|e| e.into_inner());
            open.get(&a).is_some_and(|&n| n > self.most)
        });
        if too_many {
            tracing::info!(
                addr = %shown(addr),
                conn = self.next,
                most = self.most,
                "connection refused at login: as many sessions from this address as it may have"
            );
        }
        Client {
            id: self.next,
            events: self.events.clone(),
            access: self.access.clone(),
            addr: peer.map(|p| p.ip()),
            user: String::new(),
            key: None,
            channel: None,
            size: (80, 24),
            opened: false,
            env: Vec::new(),
            too_many,
            startup,
            _counted: counted,
        }
    }
}

/// One SSH connection.
pub struct Client {
    id: ConnId,
    events: Sender<Event>,
    access: Access,
    addr: Option<IpAddr>,
    user: String,
    key: Option<String>,
    /// The session channel whose terminal the game is drawn on (its
    /// `Channel` is dropped: see the module's comment).
    channel: Option<ChannelId>,
    size: (u16, u16),
    /// Whether the hall has been told of it.
    opened: bool,
    /// The terminal's variables the client sent that the screen reads.
    env: Vec<(String, String)>,
    /// Its address has as many sessions open as it may: it is let in by
    /// no method, and told why.
    too_many: bool,
    /// Counted among the connections logging in, until its terminal opens.
    startup: Option<Startup>,
    _counted: Option<Counted>,
}

/// The variables a client may send that the screen reads (see
/// `Theme::for_terminal`).
pub const TERMINAL_VARS: [&str; 6] = [
    "LANG",
    "LC_ALL",
    "LC_CTYPE",
    "COLORFGBG",
    "NO_COLOR",
    "RUMMY_THEME",
];

impl Client {
    /// The number the server knows this connection by (in its log).
    pub fn id(&self) -> ConnId {
        self.id
    }

    fn methods(&self) -> MethodSet {
        let mut methods = MethodSet::empty();
        if self.too_many {
            return methods;
        }
        methods.push(MethodKind::PublicKey);
        if self.access.keys.is_none() {
            methods.push(MethodKind::KeyboardInteractive);
        }
        methods
    }

    fn reject(&self) -> Auth {
        Auth::Reject {
            proceed_with_methods: Some(self.methods()),
            partial_success: false,
        }
    }
}

/// A window's size as the server draws it: at most [`MAX_COLS`] by
/// [`MAX_ROWS`] (a larger window shows the screen in its top left).
fn size(cols: u32, rows: u32) -> (u16, u16) {
    use crate::tui::remote::{MAX_COLS, MAX_ROWS};
    let clamp = |n: u32, most: u16| u16::try_from(n).unwrap_or(u16::MAX).clamp(1, most);
    (clamp(cols, MAX_COLS), clamp(rows, MAX_ROWS))
}

impl Handler for Client {
    type Error = russh::Error;

    /// "none" is refused, so that a client with a key offers it (the key
    /// keeps a person's seat theirs); one with no key goes on with
    /// keyboard-interactive, which asks nothing.
    async fn auth_none(&mut self, _user: &str) -> Result<Auth, Self::Error> {
        Ok(self.reject())
    }

    async fn authentication_banner(&mut self) -> Result<Option<String>, Self::Error> {
        Ok(self.too_many.then(|| {
            "rummy: there are too many connections from your address; close one and try again.\r\n"
                .to_string()
        }))
    }

    async fn auth_publickey_offered(
        &mut self,
        _user: &str,
        offer: russh::server::PublicKeyOffer<'_>,
    ) -> Result<Auth, Self::Error> {
        Ok(if self.allowed(offer.public_key) && !self.too_many {
            Auth::Accept
        } else {
            self.reject()
        })
    }

    async fn auth_publickey(
        &mut self,
        user: &str,
        key: russh::server::VerifiedPublicKey<'_>,
    ) -> Result<Auth, Self::Error> {
        if !self.allowed(key.public_key) || self.too_many {
            return Ok(self.reject());
        }
        self.user = user.to_string();
        let key = fingerprint(key.public_key);
        tracing::info!(
            conn = self.id,
            addr = %shown(self.addr),
            name = %super::hall::short(user),
            key = %key,
            "login"
        );
        self.key = Some(key);
        Ok(Auth::Accept)
    }

    async fn auth_keyboard_interactive<'a>(
        &'a mut self,
        user: &str,
        _submethods: &str,
        _response: Option<russh::server::Response<'a>>,
    ) -> Result<Auth, Self::Error> {
        if self.access.keys.is_some() || self.too_many {
            return Ok(self.reject());
        }
        self.user = user.to_string();
        tracing::info!(
            conn = self.id,
            addr = %shown(self.addr),
            name = %super::hall::short(user),
            key = "no key",
            "login"
        );
        Ok(Auth::Accept)
    }

    async fn channel_open_session(
        &mut self,
        channel: Channel<Msg>,
        reply: russh::server::ChannelOpenHandle,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        // One screen a connection.
        if self.channel.is_some() {
            reply
                .reject(russh::ChannelOpenFailure::AdministrativelyProhibited)
                .await;
            return Ok(());
        }
        // Only the id is kept: the `Channel` itself would queue a copy of
        // every message until nobody could type any more.
        self.channel = Some(channel.id());
        drop(channel);
        reply.accept().await;
        Ok(())
    }

    async fn pty_request(
        &mut self,
        channel: ChannelId,
        _term: &str,
        cols: u32,
        rows: u32,
        _pix_width: u32,
        _pix_height: u32,
        _modes: &[(russh::Pty, u32)],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.size = size(cols, rows);
        session.channel_success(channel)?;
        Ok(())
    }

    async fn shell_request(
        &mut self,
        channel: ChannelId,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        if self.opened || self.channel != Some(channel) {
            session.channel_failure(channel)?;
            return Ok(());
        }
        session.channel_success(channel)?;
        self.opened = true;
        // Logged in: no longer held to the login deadline nor counted
        // among the connections logging in.
        if let Some(startup) = self.startup.take() {
            startup.logged_in();
        }
        let (out, mut frames) = Outbox::new();
        let handle = session.handle();
        let sent = out.clone();
        tokio::spawn(async move {
            while let Some(frame) = frames.recv().await {
                match frame {
                    Out::Data(bytes) => {
                        let ok = bytes.is_empty() || handle.data(channel, bytes).await.is_ok();
                        sent.sent();
                        if !ok {
                            break;
                        }
                    }
                    Out::Close => {
                        sent.sent();
                        let _ = handle.exit_status_request(channel, 0).await;
                        let _ = handle.eof(channel).await;
                        let _ = handle.close(channel).await;
                        break;
                    }
                }
            }
        });
        let _ = self.events.send(Event::Open {
            conn: self.id,
            user: self.user.clone(),
            key: self.key.clone(),
            addr: self.addr,
            size: self.size,
            env: std::mem::take(&mut self.env),
            out,
        });
        Ok(())
    }

    async fn env_request(
        &mut self,
        channel: ChannelId,
        name: &str,
        value: &str,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        // Read when the terminal opens: one sent later would change nothing.
        let wanted = !self.opened && TERMINAL_VARS.contains(&name) && value.len() <= 64;
        if wanted && !self.env.iter().any(|(n, _)| n == name) {
            self.env.push((name.to_string(), value.to_string()));
            session.channel_success(channel)?;
        } else {
            session.channel_failure(channel)?;
        }
        Ok(())
    }

    /// Anything but a terminal (a command, a subsystem) is refused.
    async fn exec_request(
        &mut self,
        channel: ChannelId,
        _data: &[u8],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        session.channel_failure(channel)?;
        Ok(())
    }

    async fn subsystem_request(
        &mut self,
        channel: ChannelId,
        _name: &str,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        session.channel_failure(channel)?;
        Ok(())
    }

    async fn data(
        &mut self,
        _channel: ChannelId,
        data: &[u8],
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        if self.opened {
            let _ = self.events.send(Event::Input {
                conn: self.id,
                bytes: data.to_vec(),
            });
        }
        Ok(())
    }

    async fn window_change_request(
        &mut self,
        _channel: ChannelId,
        cols: u32,
        rows: u32,
        _pix_width: u32,
        _pix_height: u32,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.size = size(cols, rows);
        if self.opened {
            let _ = self.events.send(Event::Resize {
                conn: self.id,
                size: self.size,
            });
        }
        Ok(())
    }

    async fn channel_close(
        &mut self,
        _channel: ChannelId,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.closed();
        Ok(())
    }

    async fn channel_eof(
        &mut self,
        _channel: ChannelId,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.closed();
        Ok(())
    }
}

impl Client {
    fn allowed(&self, key: &PublicKey) -> bool {
        match &self.access.keys {
            Some(keys) => keys.contains(&fingerprint(key)),
            None => true,
        }
    }

    fn closed(&mut self) {
        if std::mem::take(&mut self.opened) {
            let _ = self.events.send(Event::Closed { conn: self.id });
        }
    }
}

/// A dropped connection (killed client, network gone) ends here.
impl Drop for Client {
    fn drop(&mut self) {
        self.closed();
    }
}

pub fn fingerprint(key: &PublicKey) -> String {
    key.fingerprint(HashAlg::Sha256).to_string()
}

/// An address as the log shows it ("-" for none).
fn shown(addr: Option<IpAddr>) -> String {
    addr.map_or_else(|| "-".to_string(), |a| a.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_with_too_many_sessions_is_let_in_by_no_method() {
        let (events, _inbox) = std::sync::mpsc::channel();
        let mut lobby = Lobby::new(events, Access::default(), 2);
        let here: SocketAddr = "127.0.0.1:40000".parse().expect("an address");
        let there: SocketAddr = "10.0.0.7:40000".parse().expect("an address");
        let first = lobby.client(Some(here), None);
        let second = lobby.client(Some(here), None);
        let third = lobby.client(Some(here), None);
        assert!(!first.too_many && !second.too_many);
        assert!(third.too_many);
        assert!(third.methods().is_empty());
        assert!(!first.methods().is_empty());
        // Another address is not held up by this one.
        assert!(!lobby.client(Some(there), None).too_many);
        // A session that ends makes room.
        drop(third);
        drop(second);
        assert!(!lobby.client(Some(here), None).too_many);
    }
}

#[cfg(test)]
mod size_tests {
    #[test]
    fn a_window_is_drawn_at_most_400_by_150() {
        assert_eq!(super::size(80, 24), (80, 24));
        assert_eq!(super::size(5000, 5000), (400, 150));
        assert_eq!(super::size(u32::MAX, 0), (400, 1));
        assert_eq!(super::size(401, 149), (400, 149));
    }
}
