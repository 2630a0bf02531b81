//! The terminal front end. `app` holds the state, `screens` has one file
//! per screen (its drawing and its keys), `widgets` the pieces they share,
//! `draw` paints a frame, `table` is the one door to the games, and this
//! module runs the loop: read an event, change the state, draw.

pub mod app;
pub mod commands;
pub mod config;
pub mod draw;
pub mod drill;
pub mod form;
pub mod guide;
pub mod logging;
pub mod online;
pub mod quiet;
#[cfg(feature = "serve")]
pub mod remote;
pub mod route;
pub mod same_cards;
pub mod screens;

pub mod adapter;
pub mod signals;
pub mod store;
pub mod text;
pub mod theme;
pub mod widgets;

#[cfg(test)]
mod form_tests;
#[cfg(test)]
mod guide_tests;
#[cfg(test)]
mod help_tests;
#[cfg(test)]
mod howto_tests;
#[cfg(test)]
mod key_bar_fit_tests;
#[cfg(test)]
mod key_bar_tests;
#[cfg(test)]
mod online_tests;
#[cfg(test)]
mod review_tests;
#[cfg(test)]
mod screenshot_tests;
#[cfg(test)]
mod stats_tests;
#[cfg(test)]
pub(crate) mod test_kit;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod theme_tests;
#[cfg(test)]
mod thinking_tests;

use anyhow::{Context, Result};
use app::{App, Config, Screen};
use ratatui::crossterm::event::{
    self, DisableMouseCapture, EnableMouseCapture, Event, KeyEventKind, MouseButton, MouseEventKind,
};
use ratatui::crossterm::terminal::{self, EnterAlternateScreen, LeaveAlternateScreen};
use ratatui::crossterm::{cursor, execute};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// What the title says once when the saves can be read but not written.
pub fn read_only_message(dir: &std::path::Path, why: &str) -> String {
    format!(
        "{} cannot be written ({why}): your saved games can be loaded, replayed and \
         reviewed, but new games will not be saved.",
        dir.display()
    )
}

/// How the screen was asked to start.
pub struct Start {
    pub config: Config,
    pub data_dir: Option<PathBuf>,
    /// Resume the last unfinished game at once.
    pub resume: bool,
    /// What was wrong with the config file, in one sentence.
    pub config_problem: Option<String>,
    /// Open the replay of this save at once; leaving it quits.
    pub replay: Option<PathBuf>,
    /// Today's deal at once: of this game, or (`Some(None)`) the chooser.
    pub daily: Option<Option<rummy::VariantId>>,
}

/// Runs the screen until the user quits, and returns the exit status: 0,
/// or 128 + the signal's number when SIGTERM, SIGHUP, SIGINT or SIGQUIT
/// ended it.
/// The terminal is restored on every way out, a panic included (ratatui's
/// `init` installs that hook), and the game on the table is saved first.
pub fn run(start: Start) -> Result<u8> {
    let mut open_error = None;
    let store = start.data_dir.as_deref().and_then(|dir| {
        store::open_log(dir);
        match store::Store::open(dir) {
            Ok(s) => Some(s),
            Err(e) => {
                tracing::warn!("no saves: {}: {e}", dir.display());
                open_error = Some(store::plain_io(&e));
                None
            }
        }
    });
    tracing::info!("start, version {}", env!("CARGO_PKG_VERSION"));
    // Before anything slow (a resumed game with a long word list), so that a
    // signal from now on is handled.
    let signals = signals::Signals::install();
    let mut app = App::new(start.config, store);
    app.ahead = Some(rummy::review::Ahead::start());
    let no_saves = match (&app.store, start.data_dir.as_deref()) {
        (Some(store), _) => store.read_only.as_ref().map(|why| {
            tracing::warn!(dir = %store.dir().display(), "saves can be read, not written: {why}");
            read_only_message(store.dir(), why)
        }),
        (None, Some(dir)) => Some(format!(
            "The data directory {} could not be opened ({}), so games will not be saved.",
            dir.display(),
            open_error.as_deref().unwrap_or("no reason given")
        )),
        (None, None) => Some(
            "There is no data directory (name one with --data-dir), so games will not be saved."
                .to_string(),
        ),
    };
    let said: Vec<&str> = start
        .config_problem
        .as_deref()
        .into_iter()
        .chain(no_saves.as_deref())
        .collect();
    if !said.is_empty() {
        app.message = Some((said.join("\n"), true));
    }
    if start.resume {
        app.continue_game();
    }
    if let Some(path) = start.replay.as_deref() {
        app.open_replay(path, None).map_err(anyhow::Error::msg)?;
    }
    match start.daily {
        Some(Some(game)) => app.start_daily(game),
        Some(None) => {
            app.learn.daily = true;
            app.screen = route::Screen::Learn;
        }
        None => {}
    }
    let mut terminal = ratatui::try_init().context("opening the terminal")?;
    // ratatui's hook restores the screen on a panic; this one also gives the
    // mouse back and writes the panic to the log.
    let restore = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let _ = execute!(std::io::stdout(), DisableMouseCapture);
        tracing::error!("panic: {info}");
        restore(info);
    }));
    let _ = execute!(std::io::stdout(), EnableMouseCapture);
    let result = event_loop(&mut terminal, &mut app, &signals);
    let mut stopped_by = signals.stop();
    // A terminal that fails to read or write has most likely been hung up,
    // and its SIGHUP may come a moment after the failure: wait a little for
    // it (up to 2 s: a busy machine may be slow to deliver it), so that the
    // exit status and the log say what happened.
    for _ in 0..200 {
        if stopped_by.is_some() || result.is_ok() {
            break;
        }
        std::thread::sleep(Duration::from_millis(10));
        stopped_by = signals.stop();
    }
    if stopped_by.is_some() || result.is_err() {
        // As q would: the game is saved (once more) before the terminal is
        // given back. Nobody can be asked here, so what is lost is logged.
        // A closed terminal (SIGHUP) or a stop asked for is how a screen
        // ends, not a failure; only an error is a warning.
        let lost = app.save_on_exit();
        let lost = lost.map(|l| format!("; {l}")).unwrap_or_default();
        match (stopped_by, &result) {
            (Some(sig), _) => tracing::info!("stopped by {}{lost}", signals::name(sig)),
            (None, Err(e)) => tracing::warn!("stopped by an error: {e:#}{lost}"),
            (None, Ok(())) => {}
        }
    }
    leave_terminal();
    drop(terminal);
    tracing::info!("stop");
    match stopped_by {
        Some(sig) => Ok(128u8.saturating_add(u8::try_from(sig).unwrap_or(0))),
        None => result.map(|()| 0),
    }
}

/// Drops the keys already typed when a hand-off curtain comes down: they
/// were meant for the table of the player who just moved.
fn drop_typed_ahead(app: &mut App) -> Result<()> {
    loop {
        match event::poll(Duration::ZERO) {
            Ok(true) => {
                if let Event::Key(_) = event::read().context("reading the keyboard")? {
                    app.keys_dropped(Instant::now());
                }
            }
            Ok(false) => return Ok(()),
            // A signal arrived: the top of the loop sees it.
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => return Ok(()),
            Err(e) => return Err(e).context("reading the keyboard"),
        }
    }
}

/// Gives the terminal back: mouse reporting off, the main screen, the
/// cursor shown, raw mode off. Errors are ignored: after a hang-up there may
/// be no terminal left to write to.
fn leave_terminal() {
    let _ = execute!(
        std::io::stdout(),
        DisableMouseCapture,
        LeaveAlternateScreen,
        cursor::Show
    );
    let _ = terminal::disable_raw_mode();
}

/// Takes the terminal again after a stop, and redraws everything.
fn enter_terminal(term: &mut ratatui::DefaultTerminal) -> Result<()> {
    // After a stop that was not ours (SIGSTOP), the shell has most likely
    // put the terminal back to lines and echo, while crossterm still counts
    // it raw and would do nothing: it is told first that raw mode is off.
    let _ = terminal::disable_raw_mode();
    terminal::enable_raw_mode().context("taking the terminal back")?;
    execute!(
        std::io::stdout(),
        EnterAlternateScreen,
        EnableMouseCapture,
        cursor::Hide,
        terminal::Clear(terminal::ClearType::All)
    )
    .context("taking the terminal back")?;
    // ratatui sends only what changed since its last frame: after a blank
    // frame, the next one is sent whole. (Its `clear` would ask the terminal
    // where the cursor is, which not every terminal answers.)
    term.draw(|frame| frame.render_widget(ratatui::widgets::Clear, frame.area()))
        .context("redrawing the screen")?;
    Ok(())
}

/// Ctrl-Z: gives the terminal back and stops, as a shell expects of a job;
/// `fg` continues here and the screen is drawn again from scratch.
fn suspend(term: &mut ratatui::DefaultTerminal, signals: &signals::Signals) -> Result<()> {
    tracing::info!("suspended");
    leave_terminal();
    signals::stop_self();
    let _ = signals.take_resumed();
    tracing::info!("continued");
    enter_terminal(term)
}

/// Runs until the user quits or a signal asks the program to stop.
fn event_loop(
    terminal: &mut ratatui::DefaultTerminal,
    app: &mut App,
    signals: &signals::Signals,
) -> Result<()> {
    // A frame is drawn when something may have changed: a key, a click, a
    // resize, a bot's move, taking the terminal back; and once a second, for
    // what changes with the clock ("saved 2 minutes ago").
    let mut dirty = true;
    let mut drawn = Instant::now();
    loop {
        if app.quit || signals.stop().is_some() {
            return Ok(());
        }
        if std::mem::take(&mut app.suspend) || signals.take_suspend() {
            suspend(terminal, signals)?;
            dirty = true;
        } else if signals.take_resumed() {
            // Continued after a stop that was not ours (SIGSTOP).
            enter_terminal(terminal)?;
            dirty = true;
        }
        if dirty || drawn.elapsed() >= Duration::from_secs(1) {
            terminal
                .draw(|frame| app.hits = draw::draw(frame, app).hits)
                .context("drawing the screen")?;
            dirty = false;
            drawn = Instant::now();
        }
        // Wake for the next bot move, or wait for input.
        let wait = if app.screen == Screen::Table {
            Duration::from_millis(30)
        } else {
            Duration::from_millis(250)
        };
        let ready = match event::poll(wait) {
            Ok(ready) => ready,
            // A signal arrived while waiting: the top of the loop sees it.
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => false,
            Err(e) => return Err(e).context("reading the keyboard"),
        };
        if ready {
            dirty = true;
            match event::read().context("reading the keyboard")? {
                Event::Key(key) if key.kind == KeyEventKind::Press => app.key(key),
                Event::Mouse(m) if m.kind == MouseEventKind::Down(MouseButton::Left) => {
                    app.click(m.column, m.row)
                }
                Event::Mouse(m) if m.kind == MouseEventKind::ScrollUp => app.wheel(true),
                Event::Mouse(m) if m.kind == MouseEventKind::ScrollDown => app.wheel(false),
                // A resize needs only the redraw at the top of the loop.
                _ => {}
            }
        }
        dirty |= app.tick(Instant::now());
        app.settle(Instant::now());
        if std::mem::take(&mut app.curtain_fell) {
            drop_typed_ahead(app)?;
        }
    }
}
