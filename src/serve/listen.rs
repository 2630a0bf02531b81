//! The server's door: it accepts TCP connections and hands each to russh.
//! Like OpenSSH's MaxStartups it turns away, before a byte of SSH is
//! spent on it, a connection past the limits on those still logging in
//! (overall and from one address); like its LoginGraceTime it closes one
//! that has no terminal open by the deadline; and it keeps accepting
//! through the errors of a machine short of descriptors or memory, backing
//! off a little each time. Only an error that no waiting can mend (the
//! listening socket itself gone wrong) ends it, and the server with it.

use super::hall::ConnId;
use super::ssh::Lobby;
use super::startups::Gate;
#[cfg(test)]
use super::startups::Refusal;
use std::future::Future;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};

/// The door's limits (`rummy serve --login-grace`, `--max-startups`,
/// `--max-startups-per-address`).
#[derive(Clone, Debug)]
pub struct Door {
    /// A connection with no terminal open this long after it came is
    /// closed.
    pub grace: Duration,
    /// At most this many connections logging in at once...
    pub startups: usize,
    /// ...and this many of them from one address.
    pub startups_per_address: usize,
}

impl Default for Door {
    fn default() -> Door {
        Door {
            grace: Duration::from_secs(30),
            startups: 30,
            startups_per_address: 10,
        }
    }
}

/// Accepts connections until the listener fails for good; that error.
pub async fn serve(
    mut listener: TcpListener,
    config: Arc<russh::server::Config>,
    mut lobby: Lobby,
    door: Door,
) -> io::Error {
    let gate = Gate::new(door.startups, door.startups_per_address);
    let grace = door.grace;
    let error = accept_all(&mut listener, Backoff::default(), |stream, peer| {
        let addr = peer.ip();
        let startup = match gate.admit(addr) {
            Ok(startup) => startup,
            Err(why) => {
                tracing::info!(addr = %addr, reason = %why, "connection refused");
                // Closed at once: nothing has been read or sent.
                drop(stream);
                return;
            }
        };
        let opened = startup.flag();
        let client = lobby.client(Some(peer), Some(startup));
        let conn = client.id();
        tracing::info!(addr = %addr, conn, "connection accepted");
        let config = config.clone();
        tokio::spawn(async move {
            let _ = stream.set_nodelay(true);
            let stream = Deadline::new(stream, grace, opened, conn, addr);
            match russh::server::run_stream(config, stream, client).await {
                Ok(session) => match session.await {
                    Ok(()) => tracing::debug!(conn, "connection closed"),
                    Err(e) => tracing::debug!(conn, error = %e, "connection ended"),
                },
                Err(e) => tracing::debug!(conn, error = %e, "connection ended before SSH began"),
            }
        });
    })
    .await;
    tracing::error!(error = %error, "the listener stopped");
    error
}

/// A source of connections: the listening socket, or a stand-in in tests.
pub trait Accept {
    type Stream;
    fn accept(&mut self) -> impl Future<Output = io::Result<(Self::Stream, SocketAddr)>> + Send;
}

impl Accept for TcpListener {
    type Stream = TcpStream;
    fn accept(&mut self) -> impl Future<Output = io::Result<(TcpStream, SocketAddr)>> + Send {
        TcpListener::accept(self)
    }
}

/// How long to wait after a failed accept: `first`, doubled after each
/// failure in a row up to `most`.
#[derive(Clone, Copy, Debug)]
pub struct Backoff {
    pub first: Duration,
    pub most: Duration,
}

impl Default for Backoff {
    fn default() -> Backoff {
        Backoff {
            first: Duration::from_millis(100),
            most: Duration::from_secs(1),
        }
    }
}

/// Hands every accepted connection to `take`. An error that waiting may
/// mend (out of descriptors, out of memory, a connection gone before it
/// was accepted) is waited out; the first that it cannot ends the loop
/// and is returned.
pub async fn accept_all<A: Accept>(
    listener: &mut A,
    backoff: Backoff,
    mut take: impl FnMut(A::Stream, SocketAddr),
) -> io::Error {
    let mut wait: Option<Duration> = None;
    let mut failures = 0u64;
    let mut since = Instant::now();
    loop {
        match listener.accept().await {
            Ok((stream, peer)) => {
                if failures > 0 {
                    tracing::info!(
                        failures,
                        for_ms = since.elapsed().as_millis() as u64,
                        "accepting again after failed accepts"
                    );
                    failures = 0;
                    wait = None;
                }
                take(stream, peer);
            }
            Err(e) if fatal(&e) => return e,
            Err(e) => {
                let pause = wait.map_or(backoff.first, |w| (w * 2).min(backoff.most));
                if failures == 0 {
                    since = Instant::now();
                    tracing::warn!(error = %e, wait_ms = pause.as_millis() as u64, "accept failed; waiting");
                } else {
                    tracing::debug!(error = %e, wait_ms = pause.as_millis() as u64, "accept failed again; waiting");
                }
                failures += 1;
                wait = Some(pause);
                tokio::time::sleep(pause).await;
            }
        }
    }
}

/// Whether an accept error means the listening socket itself is no good
/// (then waiting cannot help). Every other error is about the machine's
/// resources or one connection (EMFILE, ENFILE, ENOBUFS, ENOMEM,
/// ECONNABORTED, EPROTO, EPERM...), and passes.
fn fatal(e: &io::Error) -> bool {
    #[cfg(unix)]
    if let Some(code) = e.raw_os_error() {
        return matches!(
            code,
            libc::EBADF | libc::ENOTSOCK | libc::EINVAL | libc::EFAULT
        );
    }
    e.kind() == io::ErrorKind::InvalidInput
}

/// A connection's socket with the login deadline on it: once it passes
/// with no terminal open, reading and writing fail, and russh ends the
/// session (and so closes the socket) whatever state its handshake is in.
pub struct Deadline<S> {
    inner: S,
    /// Until the terminal opens.
    timer: Option<Pin<Box<tokio::time::Sleep>>>,
    opened: Arc<AtomicBool>,
    expired: bool,
    grace: Duration,
    conn: ConnId,
    addr: IpAddr,
}

impl<S> Deadline<S> {
    pub fn new(
        inner: S,
        grace: Duration,
        opened: Arc<AtomicBool>,
        conn: ConnId,
        addr: IpAddr,
    ) -> Deadline<S> {
        Deadline {
            inner,
            timer: Some(Box::pin(tokio::time::sleep(grace))),
            opened,
            expired: false,
            grace,
            conn,
            addr,
        }
    }

    /// Whether the deadline has passed with no terminal open (and wakes
    /// the task when it does).
    fn passed(&mut self, cx: &mut Context<'_>) -> bool {
        if self.expired {
            return true;
        }
        let Some(timer) = self.timer.as_mut() else {
            return false;
        };
        if self.opened.load(Ordering::Acquire) {
            self.timer = None;
            return false;
        }
        if timer.as_mut().poll(cx).is_ready() {
            self.timer = None;
            self.expired = true;
            tracing::info!(
                addr = %self.addr,
                conn = self.conn,
                grace_s = self.grace.as_secs_f64(),
                "login deadline passed: connection closed"
            );
            return true;
        }
        false
    }
}

fn too_late() -> io::Error {
    io::Error::new(io::ErrorKind::TimedOut, "the login deadline passed")
}

impl<S: AsyncRead + Unpin> AsyncRead for Deadline<S> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        if self.passed(cx) {
            return Poll::Ready(Err(too_late()));
        }
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for Deadline<S> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        if self.passed(cx) {
            return Poll::Ready(Err(too_late()));
        }
        Pin::new(&mut self.inner).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::VecDeque;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    fn runtime() -> tokio::runtime::Runtime {
        tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("a runtime")
    }

    #[test]
    fn the_gate_counts_connections_logging_in_overall_and_by_address() {
        let gate = Gate::new(3, 2);
        let here: IpAddr = "127.0.0.1".parse().expect("an address");
        let there: IpAddr = "127.0.0.2".parse().expect("an address");
        let elsewhere: IpAddr = "127.0.0.3".parse().expect("an address");
        let a = gate.admit(here).expect("room");
        let b = gate.admit(here).expect("room");
        assert_eq!(gate.admit(here).err(), Some(Refusal::BusyAddress(2)));
        let c = gate.admit(there).expect("another address");
        assert_eq!(gate.admit(elsewhere).err(), Some(Refusal::Busy(3)));
        assert_eq!(gate.logging_in(here), (3, 2));
        // Logged in: no longer counted, and its flag is set.
        let flag = a.flag();
        a.logged_in();
        assert!(flag.load(Ordering::Acquire));
        assert_eq!(gate.logging_in(here), (2, 1));
        let d = gate.admit(here).expect("room again");
        // A connection that ends uncounts itself too.
        drop(b);
        drop(c);
        drop(d);
        assert_eq!(gate.logging_in(here), (0, 0));
        assert_eq!(gate.logging_in(there), (0, 0));
    }

    /// Accept results in a row, then the error that ends the loop.
    struct Scripted(VecDeque<io::Result<u32>>);

    impl Accept for Scripted {
        type Stream = u32;
        fn accept(&mut self) -> impl Future<Output = io::Result<(u32, SocketAddr)>> + Send {
            let next = self
                .0
                .pop_front()
                .unwrap_or_else(|| Err(io::Error::from_raw_os_error(libc::EBADF)));
            let peer: SocketAddr = "127.0.0.1:1".parse().expect("an address");
            async move { next.map(|n| (n, peer)) }
        }
    }

    #[test]
    fn accepting_waits_out_a_shortage_and_stops_only_when_the_socket_is_gone() {
        let os = io::Error::from_raw_os_error;
        let script = VecDeque::from([
            Ok(1),
            Err(os(libc::EMFILE)),
            Err(os(libc::EMFILE)),
            Err(os(libc::ENFILE)),
            Ok(2),
            Err(os(libc::ECONNABORTED)),
            Err(os(libc::ENOMEM)),
            Err(os(libc::ENOBUFS)),
            Err(os(libc::EPERM)),
            Ok(3),
            Err(os(libc::EINVAL)),
            Ok(4),
        ]);
        let mut listener = Scripted(script);
        let backoff = Backoff {
            first: Duration::from_millis(1),
            most: Duration::from_millis(4),
        };
        let mut taken = Vec::new();
        let error = runtime().block_on(accept_all(&mut listener, backoff, |n, _| taken.push(n)));
        assert_eq!(taken, [1, 2, 3]);
        assert_eq!(error.raw_os_error(), Some(libc::EINVAL));
        // What came after the end was never accepted.
        assert_eq!(listener.0.len(), 1);
    }

    #[test]
    fn a_connection_with_no_terminal_by_the_deadline_is_cut_off() {
        runtime().block_on(async {
            let addr: IpAddr = "127.0.0.1".parse().expect("an address");
            let (near, mut far) = tokio::io::duplex(64);
            let mut silent =
                Deadline::new(near, Duration::from_millis(50), Arc::default(), 1, addr);
            let mut byte = [0u8; 1];
            // Nothing comes: the read ends with the deadline, not never.
            let read = tokio::time::timeout(Duration::from_secs(20), silent.read(&mut byte))
                .await
                .expect("the deadline ends the read");
            assert_eq!(read.expect_err("cut off").kind(), io::ErrorKind::TimedOut);
            assert!(silent.write_all(b"x").await.is_err());
            far.write_all(b"late").await.expect("written");
            assert!(silent.read(&mut byte).await.is_err());

            // One that logs in in time is left alone after the deadline.
            let (near, mut far) = tokio::io::duplex(64);
            let opened = Arc::new(AtomicBool::new(false));
            let mut player =
                Deadline::new(near, Duration::from_millis(50), opened.clone(), 2, addr);
            far.write_all(b"a").await.expect("written");
            player.read_exact(&mut byte).await.expect("read in time");
            opened.store(true, Ordering::Release);
            tokio::time::sleep(Duration::from_millis(100)).await;
            far.write_all(b"b").await.expect("written");
            player
                .read_exact(&mut byte)
                .await
                .expect("read after the deadline");
            assert_eq!(&byte, b"b");
            player
                .write_all(b"c")
                .await
                .expect("written after the deadline");
        });
    }
}
