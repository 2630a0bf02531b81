//! The connections logging in, counted overall and by address (after
//! OpenSSH's MaxStartups): the door admits a connection while there is
//! room, and its [`Startup`] ticket is counted until it has a terminal
//! open or ends. Shared by the listener, which admits, and the SSH
//! session, which holds the ticket.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// The connections logging in, overall and by address.
#[derive(Clone)]
pub struct Gate {
    counts: Arc<Mutex<Counts>>,
    most: usize,
    most_per_address: usize,
}

#[derive(Default)]
struct Counts {
    total: usize,
    by_address: HashMap<IpAddr, usize>,
}

/// Why a connection was turned away at the door.
#[derive(Debug, PartialEq, Eq)]
pub enum Refusal {
    /// As many connections are logging in as the server takes.
    Busy(usize),
    /// As many from this address.
    BusyAddress(usize),
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refusal::Busy(n) => write!(f, "{n} connections are already logging in"),
            Refusal::BusyAddress(n) => {
                write!(
                    f,
                    "{n} connections from this address are already logging in"
                )
            }
        }
    }
}

impl Gate {
    pub fn new(most: usize, most_per_address: usize) -> Gate {
        Gate {
            counts: Arc::default(),
            most: most.max(1),
            most_per_address: most_per_address.max(1),
        }
    }

    /// Counts a connection from `addr` among those logging in, if there is
    /// room for it.
    pub fn admit(&self, addr: IpAddr) -> Result<Startup, Refusal> {
        let mut counts = lock(&self.counts);
        if counts.total >= self.most {
            return Err(Refusal::Busy(counts.total));
        }
        let from_there = counts.by_address.get(&addr).copied().unwrap_or(0);
        if from_there >= self.most_per_address {
            return Err(Refusal::BusyAddress(from_there));
        }
        counts.total += 1;
        *counts.by_address.entry(addr).or_insert(0) += 1;
        Ok(Startup {
            counts: self.counts.clone(),
            addr,
            opened: Arc::default(),
        })
    }

    /// How many are logging in, overall and from `addr`.
    #[cfg(test)]
    pub fn logging_in(&self, addr: IpAddr) -> (usize, usize) {
        let counts = lock(&self.counts);
        (
            counts.total,
            counts.by_address.get(&addr).copied().unwrap_or(0),
        )
    }
}

fn lock(counts: &Mutex<Counts>) -> std::sync::MutexGuard<'_, Counts> {
    counts.lock().unwrap_or_else(|e| e.into_inner())
}

/// One connection logging in, counted until it has a terminal open or
/// ends.
pub struct Startup {
    counts: Arc<Mutex<Counts>>,
    addr: IpAddr,
    opened: Arc<AtomicBool>,
}

impl Startup {
    /// Set once the connection has logged in and opened its terminal.
    pub fn flag(&self) -> Arc<AtomicBool> {
        self.opened.clone()
    }

    /// The connection has a terminal: the deadline is lifted and it is no
    /// longer counted.
    pub fn logged_in(self) {
        self.opened.store(true, Ordering::Release);
    }
}

impl Drop for Startup {
    fn drop(&mut self) {
        let mut counts = lock(&self.counts);
        counts.total = counts.total.saturating_sub(1);
        if let Some(n) = counts.by_address.get_mut(&self.addr) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                counts.by_address.remove(&self.addr);
            }
        }
    }
}
