//! The terminal front end. `app` holds the state and maps keys to changes,
//! `draw` paints a frame from it, `table` is the one door to the games, and
//! this module runs the loop: read an event, change the state, draw.

pub mod app;
pub mod draw;
pub mod five;
pub mod store;
pub mod table;
pub mod text;
pub mod theme;
pub mod wrummy;

#[cfg(test)]
mod tests;

use anyhow::{Context, Result};
use app::{App, Config, Screen};
use ratatui::crossterm::event::{
    self, DisableMouseCapture, EnableMouseCapture, Event, KeyEventKind, MouseButton, MouseEventKind,
};
use ratatui::crossterm::execute;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// How the screen was asked to start.
pub struct Start {
    pub config: Config,
    pub data_dir: Option<PathBuf>,
    /// Resume the last unfinished game at once.
    pub resume: bool,
}

/// Runs the screen until the user quits. The terminal is restored on every
/// way out, a panic included (ratatui's `init` installs that hook).
pub fn run(start: Start) -> Result<()> {
    let store = start.data_dir.as_deref().and_then(|dir| {
        store::open_log(dir);
        match store::Store::open(dir) {
            Ok(s) => Some(s),
            Err(e) => {
                store::log(&format!("no saves: {}: {e}", dir.display()));
                None
            }
        }
    });
    store::log("start");
    let mut app = App::new(start.config, store);
    if app.store.is_none() {
        app.message = Some((
            "No data directory could be opened, so games will not be saved.".into(),
            true,
        ));
    }
    if start.resume {
        app.continue_game();
    }
    let mut terminal = ratatui::try_init().context("opening the terminal")?;
    // ratatui's hook restores the screen on a panic; this one also gives the
    // mouse back and writes the panic to the log.
    let restore = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let _ = execute!(std::io::stdout(), DisableMouseCapture);
        store::log(&format!("panic: {info}"));
        restore(info);
    }));
    let _ = execute!(std::io::stdout(), EnableMouseCapture);
    let result = event_loop(&mut terminal, &mut app);
    let _ = execute!(std::io::stdout(), DisableMouseCapture);
    ratatui::restore();
    store::log("stop");
    result
}

/// Drops the keys already typed when a hand-off curtain comes down: they
/// were meant for the table of the player who just moved.
fn drop_typed_ahead() -> Result<()> {
    while event::poll(Duration::ZERO).context("reading the keyboard")? {
        event::read().context("reading the keyboard")?;
    }
    Ok(())
}

fn event_loop(terminal: &mut ratatui::DefaultTerminal, app: &mut App) -> Result<()> {
    while !app.quit {
        terminal
            .draw(|frame| app.hits = draw::draw(frame, app).hits)
            .context("drawing the screen")?;
        // Wake for the next bot move, or wait for input.
        let wait = if app.screen == Screen::Table {
            Duration::from_millis(30)
        } else {
            Duration::from_millis(250)
        };
        if event::poll(wait).context("reading the keyboard")? {
            match event::read().context("reading the keyboard")? {
                Event::Key(key) if key.kind == KeyEventKind::Press => app.key(key),
                Event::Mouse(m) if m.kind == MouseEventKind::Down(MouseButton::Left) => {
                    app.click(m.column, m.row)
                }
                // A resize needs only the redraw at the top of the loop.
                _ => {}
            }
        }
        app.tick(Instant::now());
        app.settle(Instant::now());
        if std::mem::take(&mut app.curtain_fell) {
            drop_typed_ahead()?;
        }
    }
    Ok(())
}
