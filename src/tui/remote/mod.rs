//! The screen on a terminal that is not this program's own: a player's
//! over the network, or the host's under `rummy serve --play`. Frames are
//! drawn with ratatui's crossterm backend into any byte sink; keys, clicks
//! and the wheel are read from the bytes the terminal sends (`input`) or,
//! for the host, from crossterm (`local`). The server only carries bytes:
//! every escape sequence is written and read here, in the screen's layer.

pub mod input;

use super::app::App;
use super::draw;
use input::Input;
use ratatui::backend::CrosstermBackend;
use ratatui::crossterm::event::{DisableMouseCapture, EnableMouseCapture};
use ratatui::crossterm::terminal::{Clear, ClearType, EnterAlternateScreen, LeaveAlternateScreen};
use ratatui::crossterm::{cursor, queue};
use ratatui::layout::Rect;
use ratatui::{Terminal, TerminalOptions, Viewport};
use std::io::Write;

/// The widest window a remote screen is drawn at, in columns: a screen's
/// buffers grow with its size, and no person reads more.
pub const MAX_COLS: u16 = 400;
/// The tallest window a remote screen is drawn at, in rows.
pub const MAX_ROWS: u16 = 150;

/// A terminal elsewhere, as big as it says it is, drawn into `W`.
pub struct RemoteScreen<W: Write> {
    term: Terminal<CrosstermBackend<W>>,
}

impl<W: Write> RemoteScreen<W> {
    /// Takes the terminal behind `sink` (its alternate screen, the mouse,
    /// the cursor hidden) at `size`, columns and rows; `None` if ratatui
    /// cannot open it.
    pub fn open(mut sink: W, size: (u16, u16)) -> Option<RemoteScreen<W>> {
        let _ = queue!(
            sink,
            EnterAlternateScreen,
            cursor::Hide,
            EnableMouseCapture,
            Clear(ClearType::All)
        );
        let options = TerminalOptions {
            viewport: Viewport::Fixed(area(size)),
        };
        Terminal::with_options(CrosstermBackend::new(sink), options)
            .ok()
            .map(|term| RemoteScreen { term })
    }

    /// The terminal says it is now `size`.
    pub fn resize(&mut self, size: (u16, u16)) {
        let _ = self.term.resize(area(size));
    }

    /// Draws `app`'s screen, keeping where a click can hit; false if the
    /// sink refused the frame.
    pub fn draw(&mut self, app: &mut App) -> bool {
        self.term
            .draw(|frame| app.hits = draw::draw(frame, app).hits)
            .is_ok()
    }
}

/// The bytes that give a terminal taken by [`RemoteScreen::open`] back as
/// it was: the mouse, the main screen, the cursor.
pub fn leave_sequence() -> Vec<u8> {
    let mut bytes = Vec::new();
    let _ = queue!(
        bytes,
        DisableMouseCapture,
        LeaveAlternateScreen,
        cursor::Show
    );
    bytes
}

fn area((width, height): (u16, u16)) -> Rect {
    Rect::new(0, 0, width.max(1), height.max(1))
}

/// The host's own terminal, read with crossterm.
pub mod local {
    use super::Input;
    use ratatui::crossterm::event::{self, KeyEventKind, MouseButton, MouseEventKind};
    use ratatui::crossterm::terminal;
    use std::time::Duration;

    /// What the host's terminal did.
    pub enum Local {
        Input(Input),
        Resize((u16, u16)),
    }

    /// The terminal's size, columns and rows.
    pub fn size() -> std::io::Result<(u16, u16)> {
        terminal::size()
    }

    /// Takes the terminal's keys as they are typed (raw mode), or gives
    /// them back.
    pub fn raw(on: bool) -> std::io::Result<()> {
        if on {
            terminal::enable_raw_mode()
        } else {
            terminal::disable_raw_mode()
        }
    }

    /// The next thing the terminal did within `wait`: `Ok(None)` if
    /// nothing did, or only something the screen does not use.
    pub fn next(wait: Duration) -> std::io::Result<Option<Local>> {
        if !event::poll(wait)? {
            return Ok(None);
        }
        Ok(match event::read()? {
            event::Event::Key(k) if k.kind == KeyEventKind::Press => {
                Some(Local::Input(Input::Key(k)))
            }
            event::Event::Mouse(m) => match m.kind {
                MouseEventKind::Down(MouseButton::Left) => Some(Local::Input(Input::Click {
                    column: m.column,
                    row: m.row,
                })),
                MouseEventKind::ScrollUp => Some(Local::Input(Input::Wheel { up: true })),
                MouseEventKind::ScrollDown => Some(Local::Input(Input::Wheel { up: false })),
                _ => None,
            },
            event::Event::Resize(w, h) => Some(Local::Resize((w, h))),
            _ => None,
        })
    }
}
