//! `rummy serve --play`: the host plays in the terminal the server runs in,
//! as one more connection to the hall (`hall::HOST`), its keys read and its
//! frames written by the screen's layer (`tui::remote::local`).

use super::hall::{Event, HOST, Out, Outbox};
use crate::tui::remote::local::{self, Local};
use anyhow::{Context, Result};
use std::io::Write;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Sender;
use std::time::Duration;

/// Runs the host's screen until it quits (or the server stops).
pub fn play(events: Sender<Event>, name: &str) -> Result<()> {
    let size = local::size().context("reading the terminal's size")?;
    local::raw(true).context("taking the terminal")?;
    let (out, mut frames) = Outbox::new();
    let env = super::ssh::TERMINAL_VARS
        .iter()
        .filter_map(|k| std::env::var(k).ok().map(|v| (k.to_string(), v)))
        .collect();
    let _ = events.send(Event::Open {
        conn: HOST,
        user: name.to_string(),
        key: Some("this computer".into()),
        addr: None,
        size,
        env,
        out: out.clone(),
    });
    let done = Arc::new(AtomicBool::new(false));
    {
        let done = done.clone();
        // Not waited for at the end: on a terminal that has hung up, a
        // read may never come back.
        std::thread::spawn(move || read_keys(&events, &done));
    }
    let mut stdout = std::io::stdout();
    while let Some(frame) = frames.blocking_recv() {
        out.sent();
        match frame {
            Out::Data(bytes) => {
                let _ = stdout.write_all(&bytes);
                let _ = stdout.flush();
            }
            Out::Close => break,
        }
    }
    done.store(true, Ordering::Relaxed);
    local::raw(false).context("giving the terminal back")?;
    Ok(())
}

/// The host's keys, clicks, wheel and window size, to the hall.
fn read_keys(events: &Sender<Event>, done: &AtomicBool) {
    while !done.load(Ordering::Relaxed) {
        let input = match local::next(Duration::from_millis(100)) {
            Ok(None) => continue,
            Err(_) => return,
            Ok(Some(Local::Input(input))) => input,
            Ok(Some(Local::Resize(size))) => {
                let _ = events.send(Event::Resize { conn: HOST, size });
                continue;
            }
        };
        if events
            .send(Event::Keys {
                conn: HOST,
                inputs: vec![input],
            })
            .is_err()
        {
            return;
        }
    }
}
