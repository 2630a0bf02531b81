//! `rummy serve --play`: the host plays in the terminal the server runs in,
//! as one more connection to the hall (`hall::HOST`), its keys read by
//! crossterm and its frames written to this terminal.

use super::hall::{Event, HOST, Out, Outbox};
use super::input::Input;
use anyhow::{Context, Result};
use ratatui::crossterm::event::{self, KeyEventKind, MouseButton, MouseEventKind};
use ratatui::crossterm::terminal;
use std::io::Write;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Sender;
use std::time::Duration;

/// Runs the host's screen until it quits (or the server stops).
pub fn play(events: Sender<Event>, name: &str) -> Result<()> {
    let size = terminal::size().context("reading the terminal's size")?;
    terminal::enable_raw_mode().context("taking the terminal")?;
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
    terminal::disable_raw_mode().context("giving the terminal back")?;
    Ok(())
}

/// The host's keys, clicks, wheel and window size, to the hall.
fn read_keys(events: &Sender<Event>, done: &AtomicBool) {
    while !done.load(Ordering::Relaxed) {
        match event::poll(Duration::from_millis(100)) {
            Ok(true) => {}
            Ok(false) => continue,
            Err(_) => return,
        }
        let Ok(e) = event::read() else { return };
        let input = match e {
            event::Event::Key(k) if k.kind == KeyEventKind::Press => Input::Key(k),
            event::Event::Mouse(m) => match m.kind {
                MouseEventKind::Down(MouseButton::Left) => Input::Click {
                    column: m.column,
                    row: m.row,
                },
                MouseEventKind::ScrollUp => Input::Wheel { up: true },
                MouseEventKind::ScrollDown => Input::Wheel { up: false },
                _ => continue,
            },
            event::Event::Resize(w, h) => {
                let _ = events.send(Event::Resize {
                    conn: HOST,
                    size: (w, h),
                });
                continue;
            }
            _ => continue,
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
